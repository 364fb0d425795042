"""`wreckmaster batch`: records in input order, bad records reported and passed over, exit statuses."""
from __future__ import annotations

import csv
import json
import shutil

from tests.conftest import ROOT, run_cli

REGISTER = ROOT / "examples/register/casualty-register.csv"
MAPPING = ROOT / "examples/register/mapping.yaml"


def lines(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_example_register_every_row_once_in_order_with_its_slips(tmp_path):
    out, summary = tmp_path / "out.jsonl", tmp_path / "summary.csv"
    r = run_cli("batch", str(REGISTER), "--map", str(MAPPING), "-o", str(out), "--summary", str(summary), "--jobs", "2")
    with open(REGISTER, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    got = lines(out)
    assert [g["line"] for g in got] == [n + 2 for n in range(len(rows))]          # header is line 1
    bad = [g for g in got if g["status"] == "error"]
    # make_register.py writes its slips at rows n % 97 == 13, n % 89 == 7, n % 113 == 50 (n from 0)
    slips = sorted({n + 2 for n in range(len(rows)) if n % 97 == 13 or n % 89 == 7 or n % 113 == 50})
    assert [g["line"] for g in bad] == slips
    assert all(e.startswith("error: /") for g in bad for e in g["errors"])
    assert r.returncode == 1, r.stderr
    assert f"{len(slips)} of {len(rows)} records were not assessed" in r.stderr
    regimes = {g["assessment"]["regime"] for g in got if g["status"] == "assessed"}
    assert {"jp-1875", "jp-1899", "qing-shandong", "qing-taiwan", "fr-epaves", "jp-village-ferry"} <= regimes
    table = list(csv.DictReader(open(summary, encoding="utf-8")))
    assert {"section": "records", "regime": "", "currency": "", "code": "", "count": str(len(rows)), "total": ""} in table
    assert any(t["section"] == "awards" and t["regime"] == "fr-epaves" and t["currency"] == "FRF" for t in table)


def test_each_assessment_is_exactly_assess_json_and_jobs_do_not_change_the_output(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    for f in sorted((ROOT / "examples").glob("*.yaml"))[:4]:
        shutil.copy(f, folder / f.name)
    (folder / "zz-bad.json").write_text('{"format": "wreckmaster.scenario/1", "regime": "jp-1875"}', encoding="utf-8")
    one, two = run_cli("batch", str(folder), "--jobs", "1"), run_cli("batch", str(folder), "--jobs", "2")
    assert one.stdout == two.stdout and one.returncode == two.returncode == 1
    got = [json.loads(x) for x in one.stdout.splitlines()]
    first = sorted(folder.glob("*.yaml"))[0]
    assess = json.loads(run_cli("assess", str(first), "--format", "json").stdout)
    assert got[0]["source"] == str(first) and got[0]["assessment"] == assess
    assert got[-1] == {"source": str(folder / "zz-bad.json"), "line": 1, "status": "error",
                       "errors": ["error: /case: required"]}


def test_jsonl_bad_line_is_named_by_its_line_and_all_good_exits_0(tmp_path):
    doc = json.loads(json.dumps(__import__("yaml").safe_load(
        (ROOT / "examples/jp-1875-wreck-of-the-kotobuki-maru.yaml").read_text(encoding="utf-8")), default=str))
    f = tmp_path / "cases.jsonl"
    f.write_text(json.dumps(doc) + "\n\n" + "{not json\n", encoding="utf-8")
    r = run_cli("batch", str(f))
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert [g["line"] for g in got] == [1, 3] and got[1]["status"] == "error"
    assert got[1]["errors"][0].startswith(f"error: {f} line 3: not valid JSON")
    f.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    assert run_cli("batch", str(f)).returncode == 0


def test_the_batch_itself_cannot_run_exit_2(tmp_path):
    r = run_cli("batch", str(tmp_path / "nothing"))
    assert r.returncode == 2 and r.stderr.startswith("error: ") and r.stdout == ""
    r = run_cli("batch", str(REGISTER))
    assert r.returncode == 2 and "--map" in r.stderr
    bad = tmp_path / "map.yaml"
    bad.write_text(MAPPING.read_text(encoding="utf-8").replace("distance_m", "distance_in_metres"), encoding="utf-8")
    r = run_cli("batch", str(REGISTER), "--map", str(bad))
    assert r.returncode == 2 and "distance_in_metres" in r.stderr and r.stdout == ""
