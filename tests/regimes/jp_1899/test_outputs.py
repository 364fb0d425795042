"""The output keys jp-1899 adds (docs/scenario-extensions.md): ``competent_authority`` and
``duties``; the readings every step names exist; the citations resolve; the examples run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wreckmaster.law.yamlio import load_yaml

from ...conftest import ROOT, assert_cites_and_readings, assess_json, run_cli

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))


def _case(name: str) -> dict:
    return load_yaml((Path(__file__).parent / "cases" / name).read_text(encoding="utf-8"))["scenario"]


def test_competent_authority_names_the_first_mayor_and_the_acting_police():
    out = assess_json(_case("competence-and-reports.yaml"))
    assert out["competent_authority"] == {"mayor": "minami", "learned_on": "1900-05-02", "via": "reported by kato",
                                          "acting_police": "kato", "cites": ["jp-1899:1"]}


def test_duties_without_fixed_days_are_listed_not_deadlines():
    out = assess_json(_case("competence-and-reports.yaml"))
    duties = {(d["party"], d["status"]) for d in out["duties"]}
    assert ("ito", "done") in duties           # art 2 ¶1: reported to the police official
    assert ("sano", "outstanding") in duties   # art 2 ¶1: no report
    assert ("kato", "done") in duties          # art 2 ¶2: notified the mayor
    assert ("minami", "outstanding") in duties  # art 3: not at the scene
    for d in out["duties"]:
        assert set(d) == {"duty", "duty_local", "party", "to", "timing", "status", "done_on", "cites"}
        assert d["status"] in ("done", "outstanding", "not-required")
    assert all(d["duty"] != "report the ship in distress to the nearest mayor or police official"
               for d in out["deadlines"])
    # the duty by template (messages.yaml, duties:): English and the case's language
    sano = next(d for d in out["duties"] if d["party"] == "sano")
    assert (sano["duty"], sano["duty_local"]) == ("report the ship in distress to the nearest mayor or police official",
                                                  "遭難船舶アルコトヲ最近地ノ市町村長又ハ警察官吏ニ報吿ス")


def test_wreck_report_duty_not_required_for_excepted_ships():
    out = assess_json(_case("wreck-report-excepted.yaml"))
    assert [d["status"] for d in out["duties"] if "wreck report" in d["duty"]] == ["not-required"]


def test_no_competent_mayor_is_reported_as_unknown():
    out = assess_json(_case("owner-notified-home-port.yaml"))
    assert out["competent_authority"]["mayor"] is None
    assert "competent-mayor-unknown" in {f["code"] for f in out["findings"]}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_step_names_readings_that_exist_and_cites_that_resolve(path):
    case = load_yaml(path.read_text(encoding="utf-8"))
    assert_cites_and_readings(assess_json(case["scenario"]), "jp-1899")


def test_every_article_is_accounted_for_by_coverage():
    r = run_cli("coverage", "jp-1899", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    rows = data if isinstance(data, list) else data.get("articles", [])
    assert rows and all(row["status"] != "missing" for row in rows), [row for row in rows if row["status"] == "missing"]


@pytest.mark.parametrize("example", sorted(p for p in ROOT.glob("examples/jp-1899-*.yaml")
                                            if not p.name.startswith("jp-1899-2025-")), ids=lambda p: p.name)
def test_examples_assess(example):
    r = run_cli("assess", str(example), "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["regime"] == "jp-1899"
    assert out["awards"] and out["charges"]


def test_art_22s_exceptions_name_the_rule_each_sets_aside():
    """Art 22 (第二十二條: only the listed provisions apply to government ships), declared as exceptions
    (law/exceptions.py): each step a government ship's exception writes names the base rule it
    overrides — the engine adds it, the rule does not write it; the step saying that art 18, which
    art 22 lists, still has the held money pay overrides nothing."""
    scenario = _case("government-vessel.yaml")
    scenario["events"].append({"type": "security_furnished", "date": "1905-08-02", "by": "captain", "items": ["rope"]})
    out = assess_json(scenario)
    overrides = [s.get("overrides") for s in out["explanation"] if s["rule"] == "government_vessel"]
    assert overrides == ["chapter 1 (arts 5 ¶2, 10, 11, 15 ¶3, 16, 17, 19 ¶2)",   # scope.government_vessel
                         "wreck_report",                                          # art 10
                         "public_sale",                                           # art 11
                         "held_goods", "held_goods",                              # art 16 ¶2, ¶4
                         "payment_due",                                           # art 15 ¶3
                         "unpaid_sale",                                           # art 17
                         None]                                                    # art 18 applies
    assert "master_will_override" in [s.get("overrides") for s in out["explanation"]]   # art 5 ¶2
