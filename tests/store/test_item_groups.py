"""The groups of items of a case assessed item by item (``store/item_groups.py``).

``extended`` carries the last append's grouping over to the next document; it must give exactly
the groups that splitting the document whole gives (``grouping``), tell which groups the new
facts touched, and refuse (None) whatever it cannot carry over. Worked examples, then a property
test over appends of every kind."""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wreckmaster.store.item_groups import copied, extended, grouping


def _item(name: str) -> dict:
    return {"id": name, "description": f"漂着物 {name}", "kind": "cargo", "value": "100",
            "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}}


def _notice(*names: str) -> dict:
    return {"type": "notice_posted", "date": "2026-05-13", "items": list(names)}


def _doc(names: list[str], events: list[dict]) -> dict:
    return {"regime": "jp-1899-2025", "case": {"occurred": "2026-05-10", "kind": "drift"},
            "parties": [{"id": "f", "name": "拾得者"}], "items": [_item(n) for n in names], "events": events}


def _shape(g) -> list[tuple]:
    return [(x.items, x.events, x.expenses, x.facts) for x in g.groups]


def _then(doc: dict, items: list[str] = (), events: list[dict] = ()) -> dict:
    doc = copy.deepcopy(doc)
    doc["items"] += [_item(n) for n in items]
    doc["events"] += list(events)
    return doc


BASE = _doc(["a", "b"], [_notice("a"), _notice("b")])


def test_an_item_found_and_posted_is_a_new_group_and_the_only_one_touched():
    """Items a and b, each posted (groups [a], [b]); the append adds item c and its notice: the
    groups are [a], [b], [c] as the whole split gives them, and only the third (new) is touched."""
    last = grouping(BASE)
    doc = _then(BASE, ["c"], [_notice("c")])
    got, touched = extended(last, doc)
    assert _shape(got) == _shape(grouping(doc))
    assert [g.items for g in got.groups] == [[0], [1], [2]] and [g.events for g in got.groups] == [[0], [1], [2]]
    assert touched == {2}
    assert got.of_item == [0, 1, 2]


def test_a_new_item_delivered_with_an_old_one_joins_its_group():
    """Item c added, then one delivery names a and c: c is in a's group ([a, c], [b]); that group is touched."""
    last = grouping(BASE)
    doc = _then(BASE, ["c"], [{"type": "delivered", "date": "2026-05-11", "by": "f", "to": "m", "items": ["a", "c"]}])
    got, touched = extended(last, doc)
    assert _shape(got) == _shape(grouping(doc))
    assert [g.items for g in got.groups] == [[0, 2], [1]] and touched == {0}
    assert got.of_item == [0, 1, 0]


def test_two_new_items_named_together_are_one_new_group():
    last = grouping(BASE)
    doc = _then(BASE, ["c", "d"], [_notice("c", "d")])
    got, touched = extended(last, doc)
    assert _shape(got) == _shape(grouping(doc))
    assert [g.items for g in got.groups] == [[0], [1], [2, 3]] and touched == {2}


def test_what_cannot_be_carried_over_is_refused():
    """None — the document is split whole — when a new fact names items of two earlier groups,
    names no item (the case's own: every group's), when a new item's id was named by an earlier
    fact, when an earlier fact changed, and when the case's own facts changed."""
    last = grouping(_doc(["a", "b"], [_notice("a"), _notice("b"), {"type": "note", "date": "2026-05-12", "text": "z"}]))
    base = _doc(["a", "b"], [_notice("a"), _notice("b"), {"type": "note", "date": "2026-05-12", "text": "z"}])
    assert extended(last, _then(base, [], [_notice("a", "b")])) is None
    assert extended(last, _then(base, [], [{"type": "note", "date": "2026-05-14", "text": "潮"}])) is None
    assert extended(last, _then(base, ["z"], [_notice("z")])) is None
    changed = copy.deepcopy(base)
    changed["events"][0]["date"] = "2026-05-12"
    assert extended(last, changed) is None
    moved = copy.deepcopy(base)
    moved["case"]["place"] = "焼津港"
    assert extended(last, moved) is None
    assert extended(last, base) == (last, set())   # nothing new: nothing touched


def test_the_appends_count_told_is_trusted_only_in_the_lengths():
    """``grown`` (an append's fold): the earlier facts are not compared; lengths that do not add
    up are refused."""
    last = grouping(BASE)
    doc = _then(BASE, ["c"], [_notice("c")])
    got, touched = extended(last, doc, {"items": 1, "events": 1, "expenses": 0})
    assert _shape(got) == _shape(grouping(doc)) and touched == {2}
    assert extended(last, doc, {"items": 2, "events": 1, "expenses": 0}) is None


def test_the_grouping_keeps_copies_not_the_callers_facts():
    doc = copy.deepcopy(BASE)
    g = grouping(doc)
    doc["items"][0]["value"] = "999"
    assert g.parts["items"][0]["value"] == "100"
    assert extended(g, doc) is None   # an earlier fact changed under it
    assert copied({"a": [1, "x", None, 2.5]}) == {"a": [1, "x", None, 2.5]}


# --- property: a chain of appends carried over equals the whole split at every step ----------
@st.composite
def appends(draw):
    """Steps ``(kind, arg)`` applied to a growing document: new items (one or two, with or without
    their notice), a fact naming one to three items (old or new), a fact naming none, an
    expense for one item, a change of an earlier fact."""
    return draw(st.lists(st.tuples(st.sampled_from(["item", "items", "fact", "common", "expense", "change"]),
                                   st.integers(0, 1000)), min_size=1, max_size=14))


def _apply(doc: dict, kind: str, k: int, n: int) -> tuple[dict, bool]:
    """The document after one step, and whether the step only appended facts."""
    doc = copy.deepcopy(doc)
    names = [i["id"] for i in doc["items"]]
    if kind in ("item", "items"):
        new = [f"n{n}"] + ([f"m{n}"] if kind == "items" else [])
        doc["items"] += [_item(x) for x in new]
        if k % 2:
            doc["events"].append(_notice(*new))
    elif kind == "fact" and names:
        chosen = sorted({names[(k * (j + 3)) % len(names)] for j in range(1 + k % 3)})
        doc["events"].append({"type": "owner_identified", "date": "2026-06-01", "items": chosen})
    elif kind == "common":
        doc["events"].append({"type": "note", "date": "2026-06-02", "text": f"潮 {k}"})
    elif kind == "expense" and names:
        doc.setdefault("expenses", []).append({"id": f"x{n}", "category": "custody", "amount": "10",
                                               "for": names[k % len(names)], "date": "2026-06-03"})
    elif kind == "change" and doc["events"]:
        doc["events"][k % len(doc["events"])]["date"] = "2026-05-20"
        return doc, False
    return doc, True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(appends())
def test_groups_carried_over_append_by_append_are_those_of_the_whole_split(steps):
    doc = copy.deepcopy(BASE)
    last = grouping(doc)
    for n, (kind, k) in enumerate(steps):
        before, prev = _shape(last), doc
        doc, appended = _apply(doc, kind, k, n)
        whole = grouping(doc)
        step = extended(last, doc)
        if not appended and doc != prev:
            assert step is None, (kind, k)   # an earlier fact changed: split whole
        if step is None:
            last = whole
            continue
        got, touched = step
        assert _shape(got) == _shape(whole), (kind, k)
        assert got.of_item == whole.of_item, (kind, k)
        # touched: exactly the groups whose members or facts are not those at their place before
        changed = {g for g, shape in enumerate(_shape(got))
                   if g >= len(before) or shape[:3] != before[g][:3]}
        assert touched == changed, (kind, k)
        last = got
