"""The village ferry through the real entry point: bad input, examples, check-baggage, coverage."""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT, assess_json, run_cli

EXAMPLES = sorted(ROOT.glob("examples/jp-village-ferry-*.yaml"))


def base() -> dict:
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-village-ferry", "as_of": "2024-05-01",
        "case": {"occurred": "2024-04-01", "kind": "wreck", "vessel": {"owner": "village"}},
        "parties": [{"id": "village"}, {"id": "o"}],
        "items": [{"id": "x", "kind": "cargo", "value": "100", "owner": "o"}],
        "events": [],
    }


@pytest.mark.parametrize("mutate, pointer, words", [
    (lambda d: d["items"][0].update(valuation="invoice"), "/items/0/valuation", "manifest"),
    (lambda d: d["items"][0].update(manifest_value="-1"), "/items/0/manifest_value", "negative"),
    (lambda d: d["items"][0].update(dangerous="yes"), "/items/0/dangerous", "bool"),
    (lambda d: d["items"][0].update(dimensions_m=["1", "1"]), "/items/0/dimensions_m", "3"),
    (lambda d: d["case"].update(general_average=5), "/case/general_average", "string"),
    (lambda d: d["events"].append({"type": "disposed", "date": "2024-04-02", "items": ["x"], "reason": "whim"}),
     "/events/0/reason", "expected one of"),
    (lambda d: d["events"].append({"type": "disposed", "date": "2024-04-02", "items": ["x"]}),
     "/events/0/reason", "required"),
    (lambda d: d["events"].append({"type": "harm_caused", "date": "2024-04-02", "item": "nope", "to": "o",
                                   "amount": "5"}), "/events/0/item", "no item with id 'nope'"),
    (lambda d: d["events"].append({"type": "handed_in", "date": "2024-04-02", "items": ["x"], "to": "ghost"}),
     "/events/0/to", "no party or person"),
    (lambda d: d["events"].append({"type": "grace_requested", "date": "2024-04-02", "until": "soon"}),
     "/events/0/until", "expected a date"),
    (lambda d: d["events"].append({"type": "compensation_paid", "date": "2024-04-02", "by": "village",
                                   "amount": "-3"}), "/events/0/amount", "negative"),
    (lambda d: d["events"].append({"type": "discharged_elsewhere", "date": "2024-04-02", "items": ["x"],
                                   "cause": "weather", "impossible": "true"}), "/events/0/impossible", "true or false"),
    (lambda d: d["events"].append({"type": "sailed", "date": "2024-04-02", "port": "Kagoshima"}),
     "/events/0/port", "unknown key"),
])
def test_bad_input(mutate, pointer, words):
    from wreckmaster.law.regime import available
    from wreckmaster.law.scenario import InvalidScenario, validate

    doc = base()
    mutate(doc)
    with pytest.raises(InvalidScenario) as exc:
        validate(doc, set(available()))
    assert any(p == pointer and words.lower() in m.lower() for p, m in exc.value.problems), exc.value.problems


def test_bad_input_through_the_cli(write_scenario):
    doc = base()
    doc["items"][0]["valuation"] = "invoice"
    doc["events"].append({"type": "disposed", "date": "2024-04-02", "items": ["ghost"], "reason": "unclaimed"})
    r = run_cli("assess", write_scenario(doc), "--format", "json")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert any(line.startswith("error: /items/0/valuation: ") for line in lines), lines
    assert "error: /events/0/items/0: no item with id 'ghost'" in lines


def test_examples_assess():
    assert EXAMPLES
    for path in EXAMPLES:
        r = run_cli("assess", str(path), "--format", "json")
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["regime"] == "jp-village-ferry"
        for a in out["awards"] + out["charges"]:
            assert a["currency"] == "JPY" and re.fullmatch(r"\d+", a["amount"]), a
        r = run_cli("assess", str(path), "--explain")
        assert r.returncode == 0, r.stderr
        assert "Explanation" in r.stdout


def test_example_links_its_general_average_adjustment():
    path = ROOT / "examples" / "jp-village-ferry-typhoon-off-kuroshima.yaml"
    out = json.loads(run_cli("assess", str(path), "--format", "json").stdout)
    ga = out["general_average"]
    assert ga["rules"] == "yar-1974" and "jp-village-ferry:23" in ga["cites"]
    adjustment = ROOT / ga["adjustment"]   # the path works from the repository root (issue 10, point 16)
    assert adjustment.exists()
    r = run_cli("average", str(adjustment), "--format", "json")
    assert r.returncode == 0, r.stderr
    # the salvage the assessment awards under art 24 is the expenditure the adjustment makes good (Rule VI)
    salvage = next(a for a in out["awards"] if a["kind"] == "salvage_remuneration")
    assert any(line["amount"] == salvage["amount"] and "yar-1974:VI" in line["rules"]
               for line in json.loads(r.stdout)["schedule"])


def test_no_general_average_key_without_a_ga_act():
    out = assess_json(base())
    assert "general_average" not in out
    doc = base()
    doc["case"]["kind"] = "jettison"
    out = assess_json(doc)
    assert out["general_average"]["adjustment"] is None
    assert any(f["code"] == "general-average-not-adjusted" for f in out["findings"])


@pytest.mark.parametrize("args, code, words", [
    (["--sides", "0.8", "0.6", "0.5", "--weight", "22"], 0, "accepted as baggage"),
    (["--sides", "0.7", "0.7", "0.6", "--weight", "30"], 0, "2 m ≤ 2 m"),
    (["--sides", "0.7", "0.7", "0.61", "--weight", "30"], 1, "add up to 2.01 m, over the 2 m"),
    (["--sides", "0.5", "0.5", "0.5", "--weight", "30.01"], 1, "weighs 30.01 kg, over the 30 kg"),
    (["--sides", "0.1", "0.1", "0.1", "--weight", "1", "--listed-article"], 1, "proviso"),
    (["--sides", "0.1", "0.1", "0.1", "--weight", "1", "--listed-article", "--specially-allowed"], 0, "accepted"),
])
def test_check_baggage(args, code, words):
    r = run_cli("check-baggage", *args)
    assert r.returncode == code, r.stderr
    assert words in r.stdout
    assert "jp-village-ferry:13" in r.stdout


def test_check_baggage_json_and_bad_input():
    r = run_cli("check-baggage", "--sides", "1.1", "0.5", "0.5", "--weight", "31", "--format", "json")
    out = json.loads(r.stdout)
    assert r.returncode == 1 and out["accepted"] is False and out["sides_sum_m"] == "2.1"
    assert [x["code"] for x in out["reasons"]] == ["sides-over-limit", "weight-over-limit"]
    for args, pointer in ((["--sides", "1", "x", "1", "--weight", "2"], "--sides[2]"),
                          (["--sides", "1", "1", "1", "--weight", "-2"], "--weight"),
                          (["--sides", "0", "1", "1", "--weight", "2"], "--sides[1]"),
                          (["--weight", "2"], "--sides"),
                          (["--sides", "1", "1", "1"], "--weight"),
                          (["--sides", "1", "1", "1", "--weight", "2", "--format", "xml"], "--format")):
        r = run_cli("check-baggage", *args)
        assert r.returncode == 2 and r.stdout == "", args
        assert r.stderr.startswith(f"error: {pointer}: "), r.stderr
    r = run_cli("check-baggage", "--help")
    assert "Exit status: 0 accepted" in " ".join(r.stdout.split())


def test_every_article_is_accounted_for():
    from wreckmaster.law import citations

    law = citations.law("jp-village-ferry")
    src = "\n".join(p.read_text(encoding="utf-8") for p in
                    (ROOT / "src" / "wreckmaster" / "regimes" / "jp_village_ferry").glob("*.py"))
    cited = set(re.findall(r'"jp-village-ferry:(\d+)', src))
    for art in law["articles"]:
        assert art["number"] in cited or art.get("coverage", {}).get("status") == "not-applicable", art["number"]
    # the engine's coverage report agrees, where it exists
    try:
        from wreckmaster.coverage import coverage
    except ImportError:  # pragma: no cover - the coverage command is another module's
        return
    rows = coverage("jp-village-ferry")
    assert [r.article for r in rows if r.status == "missing"] == []


def test_every_reading_recorded_is_applied():
    """Each reading of articles.yaml is applied by a rule (that each reading a rule names is recorded
    is checked for every regime: tests/engine/test_registry.py)."""
    from wreckmaster.law import citations

    readings = citations.readings("jp-village-ferry")
    src = "\n".join(p.read_text(encoding="utf-8") for p in
                    (ROOT / "src" / "wreckmaster" / "regimes" / "jp_village_ferry").glob("*.py"))
    used = set(re.findall(r'"(jp-village-ferry-[a-z0-9-]+)"', src))
    used.add("jp-village-ferry-in-force")  # applied by the generic period in force (law/scope.py)
    assert set(readings) <= used, set(readings) - used


def test_every_number_of_the_law_is_a_parameter():
    from wreckmaster.law.regime import get

    params = get("jp-village-ferry").parameters
    values = {name: params(name) for name in params.names()}
    assert values["baggage.max_sides_sum_m"] == 2 and values["baggage.max_weight_kg"] == 30
    assert values["compensation.goods_cap"] == 500 and values["compensation.baggage_cap"] == 3000
    assert values["heavy_goods.min_weight_kg"] == 1000 and values["unclaimed.period"].count == 30
    src = "\n".join(p.read_text(encoding="utf-8") for p in
                    (ROOT / "src" / "wreckmaster" / "regimes" / "jp_village_ferry").glob("*.py"))
    code = "\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("#", "第")))
    for figure in ("500", "3000", "3,000", "1000", "30)", " 30 "):
        assert figure not in re.sub(r'""".*?"""', "", code, flags=re.S), figure
