"""SCENARIO.md "Time": the period in force of every regime, as_of as the state of knowledge,
and impossible order as bad input (issue 10, points 1–3)."""
from __future__ import annotations

import copy
import json
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import regime as registry
from wreckmaster.law import scope
from wreckmaster.law.asof import known_on
from wreckmaster.law.scenario import InvalidScenario, validate
from wreckmaster.law.yamlio import load_yaml

from ..conftest import ROOT, assess_json, run_cli

REGIMES = registry.available()
KANNON = ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml"


# --- period in force --------------------------------------------------------------------
@pytest.mark.parametrize("rid", REGIMES)
def test_every_regime_declares_a_cited_period_with_its_reading(rid):
    from wreckmaster.law import citations

    reg = registry.get(rid)
    p = scope.period(reg.parameters)
    assert p is not None, f"{rid}: no in_force.start parameter"
    for cite in p.cites:
        citations.resolve(cite)
    assert p.last is None or p.first <= p.last
    assert scope.reading_id(rid) in citations.readings(rid), f"{rid}: no reading {scope.reading_id(rid)}"


def _minimal(rid: str, occurred: date, **case) -> dict:
    return {"format": "wreckmaster.scenario/1", "regime": rid, "as_of": (occurred + timedelta(days=400)).isoformat(),
            "case": {"occurred": occurred.isoformat(), "kind": "wreck", "vessel": {"owner": "o"}, **case},
            "parties": [{"id": "o"}, {"id": "f"}],
            "items": [{"id": "x", "value": "100", "owner": "o",
                       "found": {"date": occurred.isoformat(), "by": ["f"], "state": "floating"}}]}


@pytest.mark.parametrize("rid", REGIMES)
def test_outside_the_period_nothing_is_computed_unless_hypothetical(rid, monkeypatch):
    reg = registry.get(rid)
    ran: list[date] = []
    monkeypatch.setattr(reg, "rules", [lambda ctx: ran.append(ctx.case.occurred), *reg.rules])
    p = scope.period(reg.parameters)
    before = p.first - timedelta(days=1)
    out = assess_json(_minimal(rid, before))
    errors = [f for f in out["findings"] if f["code"] == "out-of-temporal-scope"]
    assert [f["severity"] for f in errors] == ["error"] and errors[0]["cites"] == p.cites
    assert not out["awards"] and not out["charges"] and not out["deadlines"] and not out["merits"]
    assert [f["code"] for f in out["findings"]] == ["out-of-temporal-scope"]
    assert ran == []  # no rule of the regime ran
    step = next(s for s in out["explanation"] if s["rule"] == "in_force")
    assert {x["name"] for x in step["parameters"]} >= {"in_force.start"}
    assert step["readings"] == [scope.reading_id(rid)]
    what_if = assess_json(_minimal(rid, before, hypothetical=True))
    warned = [f for f in what_if["findings"] if f["code"] == "out-of-temporal-scope"]
    assert warned and {f["severity"] for f in warned} == {"warning"}
    assert ran == [before]  # the rules ran
    inside = assess_json(_minimal(rid, p.first))
    assert "out-of-temporal-scope" not in {f["code"] for f in inside["findings"]}


def test_the_issues_examples_are_out_of_period():
    for rid, year in (("jp-1875", 1860), ("qing-taiwan", 1880), ("jp-1899", 1890), ("jp-village-ferry", 1900),
                      ("qing-taiwan", 1896)):
        out = assess_json(_minimal(rid, date(year, 6, 1)))
        assert [(f["severity"], f["code"]) for f in out["findings"]] == [("error", "out-of-temporal-scope")], rid
        assert not out["awards"]


def test_japanese_regimes_follow_each_other_without_overlap():
    j75 = scope.period(registry.get("jp-1875").parameters)
    j99 = scope.period(registry.get("jp-1899").parameters)
    assert j75.last + timedelta(days=1) == j99.first == date(1899, 3, 29)
    assert j99.last == date(2025, 5, 31)


def test_taiwan_ends_with_the_cession():
    p = scope.period(registry.get("qing-taiwan").parameters)
    assert (p.first, p.last) == (date(1891, 4, 3), date(1895, 5, 7))  # ratifications exchanged 1895-05-08


def test_fr_epaves_generic_period_is_its_war_period():
    params = registry.get("fr-epaves").parameters
    p = scope.period(params)
    end = params("after_hostilities_period").due(params("cessation_of_hostilities"))
    assert (p.first, p.last) == (params("war_start"), end)


def test_jp_1899_says_the_amendments_are_not_modelled_on_every_case_in_period():
    out = json.loads(run_cli("assess", str(KANNON), "--format", "json").stdout)
    (f,) = [f for f in out["findings"] if f["code"] == "amendments-not-modelled"]
    assert f["severity"] == "info" and f["cites"] == ["jp-1899:9.2", "jp-1899:19", "jp-1899:22"]


def test_regimes_command_shows_each_period():
    out = json.loads(run_cli("regimes", "--format", "json").stdout)
    by_id = {r["id"]: r["in_force"] for r in out}
    assert by_id["jp-1875"]["from"] == "1875-01-01" and by_id["jp-1875"]["to"] == "1899-03-28"
    assert by_id["qing-taiwan"]["to"] == "1895-05-07" and "Shimonoseki" in by_id["qing-taiwan"]["note"]
    assert by_id["jp-village-ferry"]["to"] is None and "1955" in by_id["jp-village-ferry"]["note"]
    assert "probabl" in by_id["qing-shandong"]["note"]
    table = run_cli("regimes")
    assert table.returncode == 0 and "in force" in table.stdout and "1895-05-07" in table.stdout


# --- as of ------------------------------------------------------------------------------
def test_kannon_maru_as_of_the_day_after_knows_no_february_claim_nor_a_missed_deadline():
    r = run_cli("assess", str(KANNON), "--as-of", "1902-01-19", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["as_of"] == "1902-01-19"
    assert not [a for a in out["awards"] if a["kind"] == "rescue_expenses"]  # no claim filed yet
    assert not [d for d in out["deadlines"] if d["due"] == "1902-02-10"]
    assert all(d["status"] != "missed" or d["due"] <= "1902-01-19" for d in out["deadlines"])
    (f,) = [f for f in out["findings"] if f["code"] == "facts-after-as-of"]
    assert f["severity"] == "info" and "15 events, 0 finds and 0 dated expenses" in f["message"]
    # on 1902-02-05 the January claims and jinushi's of 02-01 are known, yakuba's of 02-10 not,
    # and the claim period ending 1902-02-10 is still running: nothing about it is "missed"
    out = json.loads(run_cli("assess", str(KANNON), "--as-of", "1902-02-05", "--format", "json").stdout)
    claimants = {a["to"] for a in out["awards"] if a["kind"] == "rescue_expenses"}
    assert claimants == {"gyofu1", "gyofu2", "funanushi", "jinushi"}
    assert all(d["status"] != "missed" for d in out["deadlines"] if d["due"] == "1902-02-10")


def test_a_case_that_occurred_after_as_of_is_bad_input(write_scenario):
    r = run_cli("assess", str(KANNON), "--as-of", "1902-01-17")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: /case/occurred: the case occurred on 1902-01-18, after as_of 1902-01-17")
    doc = load_yaml(KANNON.read_text(encoding="utf-8"))
    doc["as_of"] = "1902-01-01"
    r = run_cli("assess", write_scenario(json.loads(json.dumps(doc, default=str))))
    assert r.returncode == 2 and r.stderr.startswith("error: /case/occurred: ")


def _doc() -> dict:
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1880-12-31",
        "case": {"occurred": "1880-03-01", "kind": "wreck", "vessel": {"owner": "o"}},
        "parties": [{"id": "o"}, {"id": "f"}],
        "items": [{"id": "early", "value": "40", "found": {"date": "1880-03-01", "by": ["f"], "state": "floating"}},
                  {"id": "late", "value": "60", "found": {"date": "1880-05-01", "by": ["f"], "state": "sunk"}}],
        "expenses": [{"id": "e1", "category": "labour", "amount": "2", "payee": "f", "date": "1880-03-02"},
                     {"id": "e2", "category": "labour", "amount": "3", "payee": "f", "date": "1880-06-01", "for": "late"},
                     {"id": "e3", "category": "boats", "amount": "1", "payee": "f"}],
        "events": [{"type": "stored", "date": "1880-03-02", "items": ["early"]},
                   {"type": "stored", "date": "1880-05-02", "items": ["late"]},
                   {"type": "damaged", "date": "1880-03-01", "item": "late", "ratio": "0.5", "cause": "storm"}],
    }


def test_known_on_keeps_a_late_item_without_its_find_and_drops_later_facts():
    s = validate(_doc())
    same, left = known_on(s, date(1880, 12, 31))
    assert same is s and not left
    known, left = known_on(s, date(1880, 4, 1))
    assert (left.events, left.finds, left.expenses) == (1, 1, 1)
    assert [i.id for i in known.items] == ["early", "late"] and known.item("late").found is None
    assert known.item("early").found is not None
    assert [x.id for x in known.expenses] == ["e1", "e3"]  # undated e3 is kept
    assert [(e.type, e.index) for e in known.events] == [("stored", 0), ("damaged", 2)]  # pointers unchanged
    assert known.events_of("stored")[0].get("items") == ["early"]  # look-ups rebuilt, not the original's
    out = assess_json(_doc(), date(1880, 4, 1))
    assert {a["for"] for a in out["awards"]} == {"early"}  # the late item's fee is not known yet
    with pytest.raises(InvalidScenario) as exc:
        known_on(s, date(1880, 2, 1))
    assert exc.value.problems[0][0] == "/case/occurred"


_dates = st.dates(min_value=date(1880, 3, 1), max_value=date(1881, 6, 1))


@settings(max_examples=150, deadline=None)
@given(st.lists(_dates, min_size=3, max_size=3), st.lists(st.one_of(st.none(), _dates), min_size=2, max_size=2),
       _dates, _dates)
def test_a_later_as_of_never_knows_fewer_facts(finds, spent, a, b):
    """For any two as_of dates, the later one knows a superset of the earlier one's facts, and
    the assessment leaves out no more of them."""
    a, b = sorted([a, b])
    doc = {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875",
        "case": {"occurred": "1880-03-01", "kind": "wreck", "vessel": {"owner": "o"}},
        "parties": [{"id": "o"}, {"id": "f"}],
        "items": [{"id": f"i{k}", "value": "10", "found": {"date": d.isoformat(), "by": ["f"], "state": "floating"}}
                  for k, d in enumerate(finds)],
        "expenses": [{"id": f"e{k}", "category": "labour", "amount": "1", "payee": "f",
                      **({"date": d.isoformat()} if d else {})} for k, d in enumerate(spent)],
        "events": [{"type": "stored", "date": (d + timedelta(days=k)).isoformat(), "items": [f"i{k}"]}
                   for k, d in enumerate(finds)],
    }
    s = validate(doc)

    def facts(day):
        known, left = known_on(s, day)
        return ({e.index for e in known.events}, {i.id for i in known.items if i.found is not None},
                {x.id for x in known.expenses}), left

    (ev_a, fi_a, ex_a), left_a = facts(a)
    (ev_b, fi_b, ex_b), left_b = facts(b)
    assert ev_a <= ev_b and fi_a <= fi_b and ex_a <= ex_b
    assert left_a.total >= left_b.total
    reg = registry.get("jp-1875")
    counts = []
    for day in (a, b):
        out = reg.assess(s, day).to_json()
        step = next((x for x in out["explanation"] if x["rule"] == "as_of"), None)
        counts.append(sum(step["inputs"][k] for k in ("events", "finds", "expenses")) if step else 0)
        assert out["as_of"] == day.isoformat()
    assert counts[0] >= counts[1] and counts == [left_a.total, left_b.total]


# --- impossible order -------------------------------------------------------------------
def test_a_sale_before_the_find_is_bad_input_with_the_events_pointer(write_scenario):
    doc = copy.deepcopy(_doc())
    doc["events"].append({"type": "sold", "date": "1880-04-01", "item": "late", "price": "50"})
    r = run_cli("assess", write_scenario(doc))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("error: /events/3/date: a 'sold' event on 1880-04-01 about item 'late', which was found "
                        "only on 1880-05-01 (items[].found.date): an event about an item cannot come before its "
                        "find\n")


@pytest.mark.parametrize("event", [
    {"type": "declared", "by": "f", "items": ["early", "late"]},
    {"type": "landed", "by": "f", "items": ["late"]},
    {"type": "notice_posted", "items": ["late"]},
    {"type": "notice_wide", "items": ["late"]},
    {"type": "owner_identified", "item": "late", "owner": "o"},
])
def test_every_event_about_a_found_item_respects_the_find(event):
    doc = copy.deepcopy(_doc())
    doc["events"].append({**event, "date": "1880-04-30"})
    with pytest.raises(InvalidScenario) as exc:
        validate(doc)
    assert [ptr for ptr, _ in exc.value.problems] == ["/events/3/date"]
    assert "'late'" in exc.value.problems[0][1] and "1880-05-01" in exc.value.problems[0][1]
    doc["events"][-1]["date"] = "1880-05-01"  # on the day of the find: fine
    validate(doc)


def test_events_that_may_precede_a_find_are_not_order_errors():
    doc = _doc()  # `damaged` on 1880-03-01 names 'late', found 1880-05-01: damage in the casualty itself
    validate(doc)
