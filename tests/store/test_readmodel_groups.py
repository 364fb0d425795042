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

The same holds for the two other regimes that declare it: a drift case of 1875
(reading jp-1875-item-by-item: each thing's posting, owner's year and three years from its own
notice and find, its owner identified within or after the year, its sale, its art 34 costs) and a
wreck, jettison or drift case of the French law of 1916 (reading fr-epaves-item-by-item: each
item's declaration within two clear days of its find on the shore or its landing, by one or two
salvors, made in time, late or not at all, a landing that lists no item, a find outside the war).
"""
from __future__ import annotations

import copy
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.store import engine_bridge, readmodels

OCCURRED = date(2025, 6, 2)


def _day(n: int, start: date = OCCURRED) -> str:
    """The day ``n`` days after ``start`` (the case's casualty)."""
    return (start + timedelta(days=n)).isoformat()


@st.composite
def item_facts(draw, k: int):
    """One item and its events, in date order: ``(item, [(day offset, "events", event)])``."""
    name = f"i{k}"
    found = draw(st.integers(0, 20))
    sunk = draw(st.booleans())
    item = {"id": name, "description": f"木箱 {k}", "kind": draw(st.sampled_from(["cargo", "gear"])),
            "value": str(draw(st.integers(1, 50)) * 1000),
            "found": {"date": _day(found), "by": ["f"], "state": "sunk" if sunk else "floating"}}
    events = []
    delivered = found + draw(st.integers(0, 5))
    events.append((delivered, "events", {"type": "delivered", "date": _day(delivered), "by": "f", "items": [name]}))
    if draw(st.integers(0, 5)) == 0:
        return item, events   # never put under notice
    notice = delivered + draw(st.integers(0, 10))
    events.append((notice, "events", {"type": "notice_posted", "date": _day(notice), "items": [name]}))
    end = draw(st.sampled_from(["open", "claimed", "waived", "finder-took", "finder-gave-up", "finder-late"]))
    if end == "claimed":
        d = notice + draw(st.integers(1, 400))
        events.append((d, "events", {"type": "owner_claimed", "date": _day(d), "items": [name], "by": "o"}))
    elif end == "waived":
        d = notice + draw(st.integers(1, 150))
        events.append((d, "events", {"type": "owner_waived", "date": _day(d), "items": [name], "by": "o"}))
    elif end.startswith("finder"):
        told = notice + (380 if sunk else 190) + draw(st.integers(0, 20))
        due = told + draw(st.integers(7, 30))
        events.append((told, "events", {"type": "finder_notified", "date": _day(told), "items": [name], "due": _day(due),
                              "to": "f"}))
        if end == "finder-took":
            d = told + draw(st.integers(1, due - told))
            events.append((d, "events", {"type": "finder_took", "date": _day(d), "by": "f", "items": [name]}))
        elif end == "finder-gave-up":
            d = told + draw(st.integers(1, due - told))
            events.append((d, "events", {"type": "finder_waived", "date": _day(d), "by": "f", "items": [name]}))
    return item, events


@st.composite
def built_case(draw):
    """The opening document and the entries appended to it one at a time (each a new document);
    perhaps two items delivered together (one group)."""
    return _built(draw, item_facts, {
        "format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
        "case": {"occurred": OCCURRED.isoformat(), "waters": "sea", "kind": "drift", "place": "焼津港"},
        "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}, {"id": "m", "name": "町長", "roles": ["mayor"]},
                    {"id": "o", "name": "所有者", "roles": ["owner"]}],
        "items": [], "events": []}, "delivered", {"id": "p2", "name": "漁協", "roles": ["other"]})


def _built(draw, item_strategy, base: dict, together: str, party: dict) -> tuple[dict, list[tuple[str, dict]]]:
    """``(base, the entries)`` of a case of one to six items drawn from ``item_strategy`` (each
    ``(item, [(day offset, part, fact)])``): the items, then their facts in date order; perhaps the
    first two items' ``together`` events made one naming both (one group), and perhaps ``party``
    added half-way (a fact of the case itself)."""
    facts = [draw(item_strategy(k)) for k in range(draw(st.integers(1, 6)))]
    steps: list[tuple[str, dict]] = [("items", item) for item, _ in facts]
    timeline = sorted(((d, k, part, x) for k, (_, fs) in enumerate(facts) for d, part, x in fs), key=lambda t: t[:2])
    if len(facts) >= 2 and draw(st.booleans()):
        both = [t for t in timeline if t[3].get("type") == together and t[1] in (0, 1)]
        if len(both) == 2:
            (_, _, _, first), (_, _, _, second) = both
            first["items"] = ["i0", "i1"]
            first["date"] = max(first["date"], second["date"])
            timeline = [t for t in timeline if t[3] is not second]
            timeline.sort(key=lambda t: (t[3]["date"], t[1]))
    steps += [(part, x) for _, _, part, x in timeline]
    if draw(st.booleans()):
        steps.insert(draw(st.integers(0, len(steps))), ("parties", party))
    return base, steps


def _whole_on(doc: dict, day: date) -> list[tuple]:
    """The whole case assessed on ``day``: its deadlines in the assessment's order, as the rows say them."""
    scenario = readmodels._validated(doc, None)
    result = engine_bridge.assess(scenario, day)
    if readmodels._out_of_scope(result):
        return []
    return [(d.duty, d.party, d.due.isoformat(), d.status, readmodels._cites_text(d.cites), d.duty_local)
            for d in result.deadlines]


def _rows_on(rows: list[dict], day: date) -> list[tuple]:
    """The deadline rows that hold on ``day``, in their ``ord``'s order (as ``case due`` sorts a case's)."""
    on = sorted((r for r in rows if r["valid_from"] <= day.isoformat() < r["valid_to"]), key=lambda r: r["ord"])
    return [(r["duty"], r["party"], r["due"], r["status"], r["cites"], r["duty_local"]) for r in on]


def _days_to_check(latest: date, rows: list[dict], doc: dict) -> set[date]:
    """Every day the rows or the whole case's list may change on: the case's latest date, each
    span's first and last day, each due day and the day after it, and a day long after."""
    days = {latest, latest + timedelta(days=2000)}
    for r in rows:
        for text in (r["valid_from"], r["valid_to"], r["due"]):
            if text != readmodels.OPEN:
                d = date.fromisoformat(text)
                days |= {d - timedelta(days=1), d, d + timedelta(days=1)}
    days |= {d.due + timedelta(days=k) for d in engine_bridge.assess(readmodels._validated(doc, None), latest).deadlines
             for k in (0, 1)}
    return {d for d in days if d >= latest}


def _grouped_equals_whole(base: dict, steps: list[tuple[str, dict]]) -> list[dict]:
    """Each fact appended in turn to a new document: the rows from the kept groups must be those
    computed afresh, and on every day a row or the list may change on, the rows that hold must be
    the whole case's assessment on that day, in its order (a case its regime assesses item by item
    is computed group by group; this is what makes that right). Returns the last document's rows."""
    doc = copy.deepcopy(base)
    readmodels._GROUPS.pop("G", None)
    fresh = None
    for part, fact in steps:
        doc = copy.deepcopy(doc)   # each append folds a new document
        doc[part].append(copy.deepcopy(fact))
        assert readmodels._validated(doc, None) is not None, (part, fact)   # a case the law reads
        kept = readmodels.compute("G", 1, "o", doc, [])
        fresh = readmodels.compute("G", 1, "o", doc, [], cached=False)
        assert kept.case == fresh.case, (part, fact)
        assert kept.deadlines == fresh.deadlines, (part, fact)
        assert kept.notices == fresh.notices, (part, fact)
        if fresh.case["mode"] == "table":
            latest = date.fromisoformat(fresh.case["latest"])
            for day in sorted(_days_to_check(latest, fresh.deadlines, doc)):
                assert _rows_on(fresh.deadlines, day) == _whole_on(doc, day), (part, fact, day)
    return fresh.deadlines if fresh else []


# --- jp-1875, arts 30–34 (reading jp-1875-item-by-item) ---------------------------------------
OCCURRED_1875 = date(1876, 3, 1)


@st.composite
def item_facts_1875(draw, k: int):
    """One drift good or unmanned ship and its facts in date order: ``(item, [(day offset, part,
    fact)])``: its notice (or none), perhaps the wider notice, its owner identified within the
    year or after it (within the three years or not), its sale after the year, its costs (art 34)."""
    name = f"i{k}"
    found = draw(st.integers(0, 20))
    vessel = draw(st.integers(0, 4)) == 0
    item = {"id": name, "description": f"漂着物 {k}", "kind": "vessel" if vessel else "cargo",
            "value": f"{draw(st.integers(1, 40))}.{draw(st.integers(0, 99)):02d}",
            "found": {"date": _day(found, OCCURRED_1875), "by": ["f"], "state": "ashore"}}
    facts: list[tuple[int, str, dict]] = []
    if draw(st.integers(0, 5)):
        notice = found + draw(st.integers(0, 5))
        facts.append((notice, "events", {"type": "notice_posted", "date": _day(notice, OCCURRED_1875), "items": [name]}))
        if draw(st.booleans()):
            facts.append((notice, "events", {"type": "notice_wide", "date": _day(notice, OCCURRED_1875), "items": [name]}))
    owner = draw(st.sampled_from(["none", "within-year", "after-year", "after-three-years"]))
    if owner != "none":
        d = found + {"within-year": draw(st.integers(1, 360)), "after-year": draw(st.integers(370, 1000)),
                     "after-three-years": draw(st.integers(1100, 1300))}[owner]
        facts.append((d, "events", {"type": "owner_identified", "date": _day(d, OCCURRED_1875), "item": name, "owner": "o"}))
    if draw(st.booleans()):
        d = found + draw(st.integers(370, 500))
        facts.append((d, "events", {"type": "sold", "date": _day(d, OCCURRED_1875), "item": name,
                                    "price": f"{draw(st.integers(1, 50))}.00"}))
    if draw(st.booleans()):
        d = found + draw(st.integers(0, 60))
        facts.append((d, "expenses", {"id": f"x{k}", "category": draw(st.sampled_from(["custody", "notice"])),
                                      "amount": f"0.{draw(st.integers(10, 99))}", "payee": "k",
                                      "date": _day(d, OCCURRED_1875), "for": name}))
    return item, facts


@st.composite
def built_case_1875(draw):
    """A drift case of 1875 entry by entry; perhaps two things posted in one notice (one group)."""
    return _built(draw, item_facts_1875, {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875",
        "case": {"occurred": OCCURRED_1875.isoformat(), "place": "下田", "waters": "sea", "kind": "drift"},
        "parties": [{"id": "f", "name": "取揚主", "roles": ["finder"]}, {"id": "k", "name": "戸長", "roles": ["official"]},
                    {"id": "o", "name": "持主", "roles": ["owner"]}],
        "items": [], "events": [], "expenses": []}, "notice_posted", {"id": "p2", "name": "村役人", "roles": ["other"]})


# --- fr-epaves, art 2 (reading fr-epaves-item-by-item) -----------------------------------------
OCCURRED_FR = date(1917, 4, 18)


@st.composite
def item_facts_fr(draw, k: int):
    """One wreck found on the shore or at sea by one or two salvors, and its facts in date order:
    its landing (or a landing that lists no item, or none), its declaration in time, late, to an
    official or not at all; now and then a find after the war and its six months (1920-04-24)."""
    name = f"i{k}"
    found = draw(st.integers(0, 20)) if draw(st.integers(0, 19)) else 1200
    ashore = draw(st.booleans())
    salvors = draw(st.sampled_from([["s1"], ["s2"], ["s1", "s2"]]))
    item = {"id": name, "description": f"fût {k}", "kind": "cargo", "value": str(draw(st.integers(1, 90)) * 100),
            "found": {"date": _day(found, OCCURRED_FR), "by": salvors, "state": "ashore" if ashore else "floating"}}
    facts: list[tuple[int, str, dict]] = []
    start = found
    if not ashore:
        landing = draw(st.sampled_from(["listed", "unlisted", "none"]))
        start = found + draw(st.integers(0, 3))
        if landing == "listed":
            facts.append((start, "events", {"type": "landed", "date": _day(start, OCCURRED_FR), "by": salvors, "items": [name]}))
        elif landing == "unlisted":
            facts.append((start, "events", {"type": "landed", "date": _day(start, OCCURRED_FR), "by": salvors[:1]}))
    declared = draw(st.sampled_from(["in-time", "late", "official", "none"]))
    if declared != "none":
        d = start + (draw(st.integers(0, 3)) if declared != "late" else draw(st.integers(4, 30)))
        facts.append((d, "events", {"type": "declared", "date": _day(d, OCCURRED_FR), "by": salvors[0],
                                    "to": ["k" if declared == "official" else "adm"], "items": [name]}))
    return item, facts


@st.composite
def built_case_fr(draw):
    """A French case of wreck found, entry by entry; perhaps two wrecks declared together (one group)."""
    return _built(draw, item_facts_fr, {
        "format": "wreckmaster.scenario/1", "regime": "fr-epaves",
        "case": {"occurred": OCCURRED_FR.isoformat(), "place": "Plouguerneau", "waters": "sea",
                 "kind": draw(st.sampled_from(["wreck", "jettison", "drift"])), "territory": "france"},
        "parties": [{"id": "s1", "name": "Kerbrat", "roles": ["salvor"]}, {"id": "s2", "name": "Tanguy", "roles": ["salvor"]},
                    {"id": "adm", "name": "L’administrateur", "roles": ["administrator"]},
                    {"id": "k", "name": "Le maire", "roles": ["other"]}],
        "items": [], "events": []}, "declared", {"id": "p2", "name": "Le syndic", "roles": ["other"]})


@pytest.mark.parametrize("cases", [built_case, built_case_1875, built_case_fr],
                         ids=["jp-1899-2025 drift", "jp-1875 drift", "fr-epaves wreck"])
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_groups_kept_from_append_to_append_give_the_rows_of_the_whole_case(cases, data):
    _grouped_equals_whole(*data.draw(cases()))


def test_the_generated_cases_list_deadlines():
    """The cases above are read by the law and list deadlines (a test whose cases the law threw
    out, or that listed nothing, would compare empty lists): one of each, worked by hand."""
    item = {"id": "i0", "description": "漂着物", "kind": "cargo", "value": "25.00",
            "found": {"date": "1876-03-05", "by": ["f"], "state": "ashore"}}
    base = {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
            "case": {"occurred": "1876-03-01", "place": "下田", "waters": "sea", "kind": "drift"},
            "parties": [{"id": "f", "name": "取揚主", "roles": ["finder"]}], "items": [], "events": []}
    rows = _grouped_equals_whole(base, [("items", item), ("events", {"type": "notice_posted", "date": "1876-03-06",
                                                                     "items": ["i0"]})])
    # art 30: posted 1876-03-06, sixty days to 05-05 (met after it); art 31: the owner's year from
    # the find, to 1877-03-05 (missed after it), and then item 2's three years, to 1879-03-05
    assert [(d["valid_from"], d["due"], d["status"]) for d in rows] == [
        ("1876-03-06", "1876-05-05", "pending"), ("1876-03-06", "1877-03-05", "pending"),
        ("1876-05-06", "1876-05-05", "met"), ("1876-05-06", "1877-03-05", "pending"),
        ("1877-03-06", "1876-05-05", "met"), ("1877-03-06", "1877-03-05", "missed"),
        ("1877-03-06", "1879-03-05", "pending"),
        ("1879-03-06", "1876-05-05", "met"), ("1879-03-06", "1877-03-05", "missed"),
        ("1879-03-06", "1879-03-05", "missed")]
    item = {"id": "i0", "description": "fût", "kind": "cargo", "value": "100",
            "found": {"date": "1917-04-20", "by": ["s1"], "state": "ashore"}}
    base = {"format": "wreckmaster.scenario/1", "regime": "fr-epaves",
            "case": {"occurred": "1917-04-18", "place": "Plouguerneau", "waters": "sea", "kind": "wreck",
                     "territory": "france"},
            "parties": [{"id": "s1", "name": "Tanguy", "roles": ["salvor"]}], "items": [], "events": []}
    rows = _grouped_equals_whole(base, [("items", item)])
    # art 2: found on the shore on 1917-04-20, two clear days: in time to 04-23, missed from 04-24
    assert [(d["valid_from"], d["party"], d["due"], d["status"]) for d in rows] == [
        ("1917-04-20", "s1", "1917-04-23", "pending"), ("1917-04-24", "s1", "1917-04-23", "missed")]


def _crate(k: int) -> dict:
    """The ``k``-th crate of :func:`_register`, found floating on 2026-05-10."""
    return {"id": f"p{k}", "description": f"木箱 {k}", "kind": "cargo", "value": "100",
            "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}}


def _posted(k: int) -> dict:
    return {"type": "notice_posted", "date": "2026-05-13", "items": [f"p{k}"]}


def _register(n: int) -> dict:
    """A drift case of today's Act of ``n`` crates, each found on 2026-05-10 and put under notice on
    2026-05-13 (art 25)."""
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
            "case": {"occurred": "2026-05-10", "waters": "sea", "kind": "drift", "place": "焼津港"},
            "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}],
            "items": [_crate(k) for k in range(n)], "events": [_posted(k) for k in range(n)]}


def test_an_entry_on_one_item_assesses_that_item_only(monkeypatch):
    """Worked example: a drift case of 30 items, each found on 2026-05-10 and put under notice on
    2026-05-13 (art 25); a 31st item and its notice appended assess the 31st item's group alone
    (on its latest day, 2026-05-13, and on the day after the owner's six months, art 27 ¶1:
    the due 2026-11-13 is a Friday, the span after it begins 2026-11-14), and the rows are those of
    the whole case: 31 deadlines pending to 2026-11-13, missed from 2026-11-14."""
    from wreckmaster.store import engine_bridge

    doc = _register(30)
    readmodels._GROUPS.pop("W", None)
    readmodels.compute("W", 1, "o", doc, [])   # the whole case once: its groups kept
    doc = copy.deepcopy(doc)
    doc["items"].append(_crate(30))
    doc["events"].append(_posted(30))
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


def test_the_caches_of_rows_are_bounded_by_cases_and_by_rows(monkeypatch):
    """``readmodels.CaseCache``: the least recently kept case goes past ``GROUP_CACHE_CASES`` cases
    or ``GROUP_CACHE_ROWS`` rows in all; the case kept last stays, however many rows it has (a
    register of many items keeps its groups for its next append). Worked example with bounds of 3
    cases and 100 rows."""
    monkeypatch.setattr(readmodels, "GROUP_CACHE_CASES", 3)
    monkeypatch.setattr(readmodels, "GROUP_CACHE_ROWS", 100)
    cache = readmodels.CaseCache()
    for case, rows in (("a", 10), ("b", 20), ("c", 30)):
        cache.put(case, case.upper(), rows)
    assert (len(cache), cache.rows) == (3, 60)
    cache.put("d", "D", 5)                       # a fourth case: a, the least recently kept, goes
    assert (cache.get("a"), len(cache), cache.rows) == (None, 3, 55)
    cache.put("b", "B2", 60)                     # b kept again with 60 rows: 95 in all, none goes
    assert (len(cache), cache.rows) == (3, 95)
    cache.put("e", "E", 10)                      # 105 rows: c goes (then 75), 3 cases left
    assert (cache.get("c"), cache.get("b"), len(cache), cache.rows) == (None, "B2", 3, 75)
    cache.put("big", "BIG", 500)                 # over the bound alone: every other case goes, it stays
    assert (cache.get("big"), len(cache), cache.rows) == ("BIG", 1, 500)
    assert cache.pop("big") == "BIG" and (len(cache), cache.rows) == (0, 0)


def test_an_append_through_the_store_assesses_the_new_item_alone_and_compares_no_earlier_fact(store, monkeypatch):
    """Through the store (SQLite and PostgreSQL): a drift case of today's Act with three items, each
    posted; each next append adds an item and its notice. The append tells the read models that the
    document is its projection's with the entries folded on (``readmodels.Appended``): the groups are
    carried over by the lengths alone (``grown``: 1 item, 1 event), the new item's group alone is
    assessed (on 2026-05-13 and on 2026-11-14, the day after its owner's six months, art 27 ¶1), and
    ``case verify`` finds the rows a fresh computation gives."""
    from wreckmaster.store import item_groups

    case_id, version = store.open_case(_register(3))
    grown, assessed = [], []
    real_extended, real_assess = readmodels.extended, engine_bridge.assess
    monkeypatch.setattr(readmodels, "extended", lambda last, d, g=None: grown.append(g) or real_extended(last, d, g))
    monkeypatch.setattr(engine_bridge, "assess", lambda s, day: assessed.append(([i.id for i in s.items], day))
                        or real_assess(s, day))
    for k in (3, 4):
        assessed.clear()
        version = store.record(case_id, [{"add": "item", "value": _crate(k)}, {"event": _posted(k)}],
                               expect_version=version)
        assert assessed == [([f"p{k}"], date(2026, 5, 13)), ([f"p{k}"], date(2026, 11, 14))]
    assert grown[-1] == {"items": 1, "events": 1, "expenses": 0}
    assert isinstance(readmodels._GROUPS.get(case_id).grouping, item_groups.Grouping)
    monkeypatch.undo()
    assert store.verify()["ok"]
    due = [r for r in store.due(date(2026, 11, 1), 30) if r["case"] == case_id]
    assert [(r["due"], r["status"]) for r in due] == [("2026-11-13", "pending")] * 5
