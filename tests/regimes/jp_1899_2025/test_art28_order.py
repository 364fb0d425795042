"""Issue 21 points 3 and 7: art 28's order of acquisition, and a right that ended early."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from hypothesis import given, settings, strategies as st

from wreckmaster.documents.notice import under_notice
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import validate
from wreckmaster.law.yamlio import load_yaml

from ...conftest import assess_json

CASES = Path(__file__).parent / "cases"


def _case(name: str) -> dict:
    return load_yaml((CASES / name).read_text(encoding="utf-8"))["scenario"]


def _owner(out: dict) -> dict:
    return next(d for d in out["deadlines"] if d["duty"].startswith("claim "))


def test_an_early_taking_ends_nothing_the_owners_deadline_stays_pending_and_the_notice_stands():
    doc = _case("finder-took-too-early.yaml")
    doc["events"] = doc["events"][:3]
    out = assess_json(doc, date(2026, 2, 1))
    assert _owner(out)["status"] == "pending" and _owner(out)["due"] == "2026-04-01"
    assert [f["code"] for f in out["findings"]].count("finder-took-too-early") == 1
    assert not {"finder-acquired", "finder-notice-not-recorded"} & {f["code"] for f in out["findings"]}
    assert not out["charges"]
    sc = validate(doc, set(registry.available()))
    assert [(i.id, d) for i, d in under_notice(sc, date(2026, 2, 1))] == [("oar", date(2025, 10, 1))]
    # the owner's period then runs out (2026-04-01): art 28 begins; the early taking still acquires nothing
    later = assess_json(doc, date(2026, 4, 10))
    assert _owner(later)["status"] == "missed"
    codes = {f["code"] for f in later["findings"]}
    assert "finder-not-notified" in codes and "finder-acquired" not in codes


def test_a_taking_on_the_first_day_after_the_owners_period_acquires():
    doc = _case("finder-took-too-early.yaml")
    doc["events"] = doc["events"][:2] + [{"type": "finder_took", "date": "2026-04-02", "by": "f", "items": ["oar"]}]
    out = assess_json(doc, date(2026, 4, 10))
    codes = {f["code"] for f in out["findings"]}
    assert {"finder-acquired", "finder-notice-not-recorded"} <= codes and "finder-took-too-early" not in codes
    doc["events"][2]["date"] = "2026-04-01"      # on the owner's last day: too early
    codes = {f["code"] for f in assess_json(doc, date(2026, 4, 10))["findings"]}
    assert "finder-took-too-early" in codes and "finder-acquired" not in codes


def test_a_waiver_ends_the_owners_right_even_before_anyone_takes():
    doc = _case("owner-waived-right-ended.yaml")
    doc["events"] = doc["events"][:3]            # waived 2026-02-02; nothing after
    d = _owner(assess_json(doc, date(2026, 2, 3)))
    assert d["status"] == "ended" and "owner_waived" in d["note"] and "acquired" not in d["note"]
    before = _owner(assess_json(doc, date(2026, 2, 1)))
    assert before["status"] == "pending" and "note" not in before


def test_the_finder_who_waives_ends_his_own_period():
    doc = _case("owner-waived-right-ended.yaml")
    doc["events"] = doc["events"][:4] + [{"type": "finder_waived", "date": "2026-02-06", "by": "f", "items": ["crate"]}]
    out = assess_json(doc, date(2026, 2, 10))
    finder = next(d for d in out["deadlines"] if d["party"] == "f")
    assert finder["status"] == "ended" and "finder_waived" in finder["note"]
    # the owner's note names the waiver but no acquisition (the finder gave up)
    assert _owner(out)["status"] == "ended" and "acquired" not in _owner(out)["note"]


def test_the_handover_form_stays_a_draft_after_an_early_taking():
    from wreckmaster.documents import build

    doc = _case("finder-took-too-early.yaml")
    doc["events"] = doc["events"][:3]
    sc = validate(doc, set(registry.available()))
    model = build("handover", sc, party="f", lang="en", as_of=date(2026, 2, 1))
    assert model["draft"] and "acquires nothing" in model["sections"][0]["paras"][0]
    lawful = _case("finder-acquires.yaml")
    model = build("handover", validate(lawful, set(registry.available())), party="f", lang="en")
    assert not model["draft"] and "acquires nothing" not in repr(model["sections"])


@settings(max_examples=40, deadline=None)
@given(st.dates(min_value=date(2025, 6, 2), max_value=date(2035, 12, 31)), st.integers(0, 400),
       st.one_of(st.none(), st.integers(0, 300)))
def test_the_finder_acquires_exactly_from_the_end_of_the_owners_right(notice, took_after, waived_after):
    reg = registry.get("jp-1899-2025")
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
           "case": {"occurred": (notice - timedelta(days=1)).isoformat(), "kind": "drift"},
           "parties": [{"id": "f", "roles": ["finder"]}, {"id": "o", "roles": ["owner"]}],
           "items": [{"id": "x", "value": "1000", "found": {"date": (notice - timedelta(days=1)).isoformat(), "by": ["f"],
                                                            "state": "floating"}}],
           "events": [{"type": "delivered", "date": notice.isoformat(), "by": "f", "items": ["x"]},
                      {"type": "notice_posted", "date": notice.isoformat(), "items": ["x"]},
                      {"type": "finder_took", "date": (notice + timedelta(days=took_after)).isoformat(), "by": "f",
                       "items": ["x"]}]}
    if waived_after is not None:
        doc["events"].append({"type": "owner_waived", "date": (notice + timedelta(days=waived_after)).isoformat(),
                              "by": "o", "items": ["x"]})
    took = notice + timedelta(days=took_after)
    as_of = notice + timedelta(days=800)
    out = assess_json(doc, as_of)
    due = reg.claim_until(validate(doc, {"jp-1899-2025"}), "x", notice)
    waived = notice + timedelta(days=waived_after) if waived_after is not None else None
    opens = min(d for d in (due + timedelta(days=1), waived) if d is not None)
    codes = [f["code"] for f in out["findings"]]
    assert ("finder-acquired" in codes) == (took >= opens)
    assert ("finder-took-too-early" in codes) == (took < opens)
    owner = _owner(out)
    assert owner["due"] == due.isoformat()
    assert owner["status"] == ("ended" if waived is not None and waived <= due else "missed")
