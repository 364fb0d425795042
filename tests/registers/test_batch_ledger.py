"""`batch --ledger` (issue 28): a register of Qing casualties fills the officials' ledger, each
line traced to its record (source and line)."""
from __future__ import annotations

import json

from tests.conftest import ROOT, run_cli

REGISTER = ROOT / "examples" / "register" / "qing-register.csv"
MAPPING = ROOT / "examples" / "register" / "qing-mapping.yaml"


def batch_ledger(tmp_path, *extra):
    out = tmp_path / f"ledger{len(extra)}.json"
    r = run_cli("batch", str(REGISTER), "--map", str(MAPPING), "-o", str(tmp_path / "out.jsonl"),
                "--ledger", str(out), *extra)
    assert r.returncode == 0, r.stderr
    assert "ledger: 6 person(s) from 12 case(s)" in r.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def test_the_register_fills_the_ledger_with_its_sources(tmp_path):
    ledger = batch_ledger(tmp_path, "--as-of", "1895-01-01", "--jobs", "2")
    assert ledger["format"] == "wreckmaster.ledger/1" and ledger["as_of"] == "1895-01-01"
    rec = {r["person"]: r for r in ledger["persons"]}
    src = str(REGISTER)   # as given on the command line
    # 淡水's sub-prefect lin: rows 1, 3, 4, 6, 7 reach 10,000 taels (row 2 has 8,000): five merits;
    # the third (row 4, CSV line 5) brings 記外獎, the fifth (row 7, line 8) 題升 — qing-taiwan:2
    assert rec["lin"]["totals"] == {"merit": 5}
    assert [e["source"] for e in rec["lin"]["entries"]][0] == {"source": src, "line": 2}
    assert [(f["code"], f["case"], f["date"]) for f in rec["lin"]["findings"]] == [
        ("merit-further-reward", f"{src}:5", "1892-07-10"), ("merit-promotion", f"{src}:8", "1894-04-12")]
    # 榮成's director zhang: four earnest rescues (rows 8–11); the first and the third fire
    assert rec["zhang"]["totals"] == {"rescue": 4}
    assert [f["code"] for f in rec["zhang"]["findings"]] == ["director-first-rescue", "director-official-rank"]
    # row 12 (文登): the director qian joined in plunder — the ringleader; no rescue for him
    assert rec["qian"]["totals"] == {"ringleader": 1}
    # 榮成: the plunder case of row 9 (1889-03-01) starts three lunar years, complete 1892-02-27
    (county,) = ledger["counties"]
    assert county["plunder_cases"] == [f"{src}:10"] and county["completions"] == ["1892-02-27"]
    assert [f["code"] for f in rec["sun"]["findings"]] == ["rongcheng-three-years"]


def test_one_job_or_two_give_the_same_ledger(tmp_path):
    assert batch_ledger(tmp_path, "--as-of", "1895-01-01", "--jobs", "1") == \
        batch_ledger(tmp_path, "--as-of", "1895-01-01", "--jobs", "2", "--summary", str(tmp_path / "s.csv"))


def test_ledger_reads_a_register_directly_as_batch_fills_it(tmp_path):
    r = run_cli("ledger", str(REGISTER), "--map", str(MAPPING), "--as-of", "1895-01-01", "--format", "json",
                "--jobs", "1")
    assert r.returncode == 0, r.stderr
    direct = json.loads(r.stdout)
    assert direct == batch_ledger(tmp_path, "--as-of", "1895-01-01", "--jobs", "1")
    assert direct["register"] is False
    r = run_cli("ledger", str(REGISTER), "--map", str(MAPPING), "--as-of", "1895-01-01", "--person", "zhang")
    assert r.returncode == 0 and "zhang  [rescue 4]\n" in r.stdout and "not registered" not in r.stdout
    r = run_cli("ledger", str(REGISTER), "--as-of", "1895-01-01")
    assert r.returncode == 2 and "needs a mapping file" in r.stderr
    r = run_cli("ledger", str(REGISTER), "--map", str(MAPPING), "--office", "x")
    assert r.returncode == 2 and "error: --office: a register's ledger reads no store" in r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "wreckmaster.scenario/1"}\n', encoding="utf-8")
    r = run_cli("ledger", str(bad), "--as-of", "1895-01-01", "--format", "json")
    assert r.returncode == 1 and json.loads(r.stdout)["cases"] == 0 and "1 record(s)" in r.stderr
