"""A drift case of today's Act assessed group by group of items (``Regime.assessed_by_item``,
reading jp-1899-2025-item-by-item): the rows the groups give, kept from one append to the next,
are those of one assessment of the whole case (hypothesis, cases built up entry by entry).

Each generated item has its own find, delivery and notice, then perhaps the owner's claim or
waiver, or the finder informed with a period and taking the goods, giving them up or neither, on
days spread over the periods of arts 27–28 (six months, one year for sunken goods, the
finder's period), so that the deadlines pass from pending to met or missed on different days
and the spans differ from group to group. Some cases deliver two items together (one group),
and some receive a fact of the case itself (a party) half-way, after which the case is
assessed whole again and split into its groups.
"""
from __future__ import annotations

import copy
from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.store import readmodels

OCCURRED = date(2025, 6, 2)


def _day(n: int) -> str:
    return (OCCURRED + timedelta(days=n)).isoformat()


@st.composite
def item_facts(draw, k: int):
    """One item and its events, in date order: ``(item, [(day offset, event)])``."""
    name = f"i{k}"
    found = draw(st.integers(0, 20))
    sunk = draw(st.booleans())
    item = {"id": name, "description": f"木箱 {k}", "kind": draw(st.sampled_from(["cargo", "gear"])),
            "value": str(draw(st.integers(1, 50)) * 1000),
            "found": {"date": _day(found), "by": ["f"], "state": "sunk" if sunk else "floating"}}
    events = []
    delivered = found + draw(st.integers(0, 5))
    events.append((delivered, {"type": "delivered", "date": _day(delivered), "by": "f", "items": [name]}))
    if draw(st.integers(0, 5)) == 0:
        return item, events   # never put under notice
    notice = delivered + draw(st.integers(0, 10))
    events.append((notice, {"type": "notice_posted", "date": _day(notice), "items": [name]}))
    end = draw(st.sampled_from(["open", "claimed", "waived", "finder-took", "finder-gave-up", "finder-late"]))
    if end == "claimed":
        d = notice + draw(st.integers(1, 400))
        events.append((d, {"type": "owner_claimed", "date": _day(d), "items": [name], "by": "o"}))
    elif end == "waived":
        d = notice + draw(st.integers(1, 150))
        events.append((d, {"type": "owner_waived", "date": _day(d), "items": [name], "by": "o"}))
    elif end.startswith("finder"):
        told = notice + (380 if sunk else 190) + draw(st.integers(0, 20))
        due = told + draw(st.integers(7, 30))
        events.append((told, {"type": "finder_notified", "date": _day(told), "items": [name], "due": _day(due),
                              "to": "f"}))
        if end == "finder-took":
            d = told + draw(st.integers(1, due - told))
            events.append((d, {"type": "finder_took", "date": _day(d), "by": "f", "items": [name]}))
        elif end == "finder-gave-up":
            d = told + draw(st.integers(1, due - told))
            events.append((d, {"type": "finder_waived", "date": _day(d), "by": "f", "items": [name]}))
    return item, events


@st.composite
def built_case(draw):
    """The opening document and the entries appended to it one at a time (each a new document)."""
    n = draw(st.integers(1, 6))
    facts = [draw(item_facts(k)) for k in range(n)]
    base = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
            "case": {"occurred": OCCURRED.isoformat(), "waters": "sea", "kind": "drift", "place": "焼津港"},
            "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}, {"id": "m", "name": "町長", "roles": ["mayor"]},
                        {"id": "o", "name": "所有者", "roles": ["owner"]}],
            "items": [], "events": []}
    steps: list[tuple[str, dict]] = []
    for item, _ in facts:
        steps.append(("items", item))
    timeline = sorted(((d, k, e) for k, (_, events) in enumerate(facts) for d, e in events), key=lambda t: t[:2])
    if n >= 2 and draw(st.booleans()):   # two items delivered together: one group
        first = next(i for i, (_, k, e) in enumerate(timeline) if k == 1 and e["type"] == "delivered")
        gone = next(i for i, (_, k, e) in enumerate(timeline) if k == 0 and e["type"] == "delivered")
        timeline[first][2]["items"] = ["i0", "i1"]
        timeline[first][2]["date"] = max(timeline[first][2]["date"], timeline[gone][2]["date"])
        del timeline[gone]
        timeline.sort(key=lambda t: (t[2]["date"], t[1]))
    steps += [("events", e) for _, _, e in timeline]
    if draw(st.booleans()):   # a fact of the case itself half-way
        steps.insert(draw(st.integers(0, len(steps))), ("parties", {"id": "p2", "name": "漁協", "roles": ["other"]}))
    return base, steps


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(built_case())
def test_the_groups_kept_from_append_to_append_give_the_rows_of_the_whole_case(case):
    base, steps = case
    doc = copy.deepcopy(base)
    readmodels._GROUPS.pop("G", None)
    for part, fact in steps:
        doc = copy.deepcopy(doc)   # each append folds a new document
        doc[part].append(copy.deepcopy(fact))
        by_groups = readmodels.compute("G", 1, "o", doc, [])
        whole = readmodels.compute("G", 1, "o", doc, [], cached=False)
        assert by_groups.case == whole.case, (part, fact)
        assert by_groups.deadlines == whole.deadlines, (part, fact)
        assert by_groups.notices == whole.notices, (part, fact)


def test_an_entry_on_one_item_assesses_that_item_only(monkeypatch):
    """Worked example: a drift case of 30 items, each found on 2026-05-10 and put under notice on
    2026-05-13 (art 25); a 31st item and its notice appended assess the 31st item's group alone
    (on its latest day, 2026-05-13, and on the day after the owner's six months, art 27 ¶1:
    the due 2026-11-13 is a Friday, the span after it begins 2026-11-14), and the rows are those of
    the whole case: 31 deadlines pending to 2026-11-13, missed from 2026-11-14."""
    from wreckmaster.store import engine_bridge

    def item(k):
        return {"id": f"p{k}", "description": f"木箱 {k}", "kind": "cargo", "value": "100",
                "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}}

    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
           "case": {"occurred": "2026-05-10", "waters": "sea", "kind": "drift", "place": "焼津港"},
           "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}],
           "items": [item(k) for k in range(30)],
           "events": [{"type": "notice_posted", "date": "2026-05-13", "items": [f"p{k}"]} for k in range(30)]}
    readmodels._GROUPS.pop("W", None)
    readmodels.compute("W", 1, "o", doc, [])   # the whole case once: its groups kept
    doc = copy.deepcopy(doc)
    doc["items"].append(item(30))
    doc["events"].append({"type": "notice_posted", "date": "2026-05-13", "items": ["p30"]})
    assessed = []
    real = engine_bridge.assess
    monkeypatch.setattr(engine_bridge, "assess", lambda s, day: assessed.append(([i.id for i in s.items], day))
                        or real(s, day))
    rows = readmodels.compute("W", 1, "o", doc, [])
    assert assessed == [(["p30"], date(2026, 5, 13)), (["p30"], date(2026, 11, 14))]
    monkeypatch.setattr(engine_bridge, "assess", real)
    assert rows.deadlines == readmodels.compute("W", 1, "o", doc, [], cached=False).deadlines
    spans = sorted({(d["valid_from"], d["valid_to"], d["status"]) for d in rows.deadlines})
    assert spans == [("2026-05-13", "2026-11-14", "pending"), ("2026-11-14", readmodels.OPEN, "missed")]
    assert len(rows.deadlines) == 62 and {d["due"] for d in rows.deadlines} == {"2026-11-13"}
