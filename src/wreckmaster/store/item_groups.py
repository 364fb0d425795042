"""The groups of items of a case its regime assesses item by item (``Regime.assessed_by_item``).

Items named together in one event or expense are one group (a delivery of several goods); a
group holds its items, and the events and expenses that name them or name no item (the case's
own), in the case's order. :mod:`.readmodels` assesses each group as a case of its own
(``readmodels._by_groups``).

:func:`grouping` splits a document; :func:`extended` carries a grouping over to the next
append's document when the append only added facts at the end of the items, the events and the
expenses, each new fact naming the items of one group at most (an item found, its notice, its
owner's claim): it then tells which groups the append touched, so that the others are neither
compared nor assessed again, and costs what the new facts cost, not what the case holds.
Anything else — a fact changed or removed, a fact naming no item (it belongs to every group) or
items of two groups, a new item whose id an earlier fact already named — gives None, and the
document is split whole again. Both give the same groups (``tests/store/test_item_groups.py``).
"""
from __future__ import annotations

import copy
import marshal
from dataclasses import dataclass
from typing import Any

#: the parts of a document that hold items and the facts naming them; the others are the case's own
PARTS = ("items", "events", "expenses")
FACTS = ("events", "expenses")


def copied(x: Any) -> Any:
    """A copy of facts as a document gives them: JSON values (dicts, lists, strings, numbers) through
    :mod:`marshal`, the same values again, four times quicker than a JSON round trip and far quicker
    than :func:`copy.deepcopy`, which takes any other value."""
    try:
        return marshal.loads(marshal.dumps(x))
    except ValueError:
        return copy.deepcopy(x)


def _strings(value: Any, into: set[str]) -> None:
    """Every string anywhere in an event's or an expense's fields (ids, lists, nested objects)."""
    if isinstance(value, str):
        into.add(value)
        return
    for v in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        if isinstance(v, str):
            into.add(v)
        elif isinstance(v, (list, dict)):
            _strings(v, into)


def _named(fact: Any, ids: dict[str, int]) -> set[int]:
    """The places of the items a fact names (any of its strings that is an item's id)."""
    found: set[str] = set()
    _strings(fact, found)
    return {ids[s] for s in found if s in ids}


@dataclass(slots=True)
class Group:
    """A group of items of a case assessed item by item: the items' places in the case, those of
    the events and the expenses it holds (the case's own among them), and these facts as the
    document gives them ``(items, events, expenses)``."""

    items: list[int]
    events: list[int]
    expenses: list[int]
    facts: tuple[list, list, list]

    def of(self, scenario):
        """The group as a case of its own: the case's validated facts with only the group's."""
        return scenario.replace(items=[scenario.items[k] for k in self.items],
                                events=[scenario.events[k] for k in self.events],
                                expenses=[scenario.expenses[k] for k in self.expenses])


@dataclass(slots=True)
class Grouping:
    """A document split into groups, with what :func:`extended` needs to carry it over to the next
    append's: copies of the case's own facts and of the items, events and expenses, each item's
    id and group, and each part's facts naming no item (``common``)."""

    case_part: dict[str, Any]
    parts: dict[str, list]
    ids: dict[str, int]
    of_item: list[int]
    common: dict[str, list[int]]
    groups: list[Group]
    #: every string of the events and expenses (:func:`extended`: a new item named already), when worked out
    strings: set[str] | None = None

    @property
    def size(self) -> int:
        return sum(map(len, self.parts.values()))


def _case_part(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in PARTS}


def grouping(doc: dict[str, Any], like: Grouping | None = None) -> Grouping:
    """``doc`` split into its groups (the case's own facts copied, and its items, events and
    expenses; the case's own facts those of ``like``, the same object, when they are equal)."""
    items = [i for i in doc.get("items") or [] if isinstance(i, dict)]
    ids = {i.get("id"): k for k, i in enumerate(items) if isinstance(i.get("id"), str)}
    parent = list(range(len(items)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    facts = {part: doc.get(part) or [] for part in FACTS}
    named = {part: [_named(x, ids) for x in xs] for part, xs in facts.items()}
    for marks in named.values():
        for got in marks:
            if len(got) > 1:
                first, *rest = sorted(got)
                for k in rest:
                    parent[root(k)] = root(first)
    members: dict[int, list[int]] = {}
    for k in range(len(items)):
        members.setdefault(root(k), []).append(k)
    ordered = sorted(members.values())
    of_item = [0] * len(items)
    for g, ks in enumerate(ordered):
        for k in ks:
            of_item[k] = g
    common: dict[str, list[int]] = {}
    where: dict[str, list[list[int]]] = {}
    for part, marks in named.items():
        common[part] = [n for n, got in enumerate(marks) if not got]
        held: list[list[int]] = [list(common[part]) for _ in ordered]
        for n, got in enumerate(marks):
            if got:
                held[of_item[next(iter(got))]].append(n)
        where[part] = [sorted(h) for h in held] if common[part] else held
    events, expenses = facts["events"], facts["expenses"]
    groups = [Group(ks, ev, ex, ([items[k] for k in ks], [events[n] for n in ev], [expenses[n] for n in ex]))
              for ks, ev, ex in zip(ordered, where["events"], where["expenses"])]
    case_part = _case_part(doc)
    case_part = like.case_part if like is not None and like.case_part == case_part else copied(case_part)
    return Grouping(case_part, {"items": copied(items), **{p: copied(facts[p]) for p in FACTS}},
                    ids, of_item, common, groups)


def extended(last: Grouping, doc: dict[str, Any], grown: dict[str, int] | None = None
             ) -> tuple[Grouping, set[int]] | None:
    """``last`` carried over to ``doc`` when ``doc`` is ``last``'s document with items, events and
    expenses added at the end of each, every new event and expense naming the items of one group
    at most (a group made before, or one of new items), and the case's own facts the same; with the
    places of the groups the new facts touch (new groups among them). None otherwise: ``doc`` is
    split whole again (:func:`grouping`). ``grown``: the caller knows ``doc`` to be ``last``'s
    document with that many facts appended to each part and the parts changed in no other way (an
    append's fold): the earlier facts are not compared, only the parts' lengths."""
    now = {part: doc.get(part) or [] for part in PARTS}
    if not all(isinstance(xs, list) for xs in now.values()):
        return None
    old = last.parts
    if grown is not None:
        if any(len(now[p]) != len(old[p]) + grown[p] for p in PARTS):
            return None
    elif any(len(now[p]) < len(old[p]) or now[p][:len(old[p])] != old[p] for p in PARTS):
        return None
    if _case_part(doc) != last.case_part:
        return None
    new = {p: now[p][len(old[p]):] for p in PARTS}
    if not any(new.values()):
        return last, set()
    ids, of_item = dict(last.ids), list(last.of_item)
    strings = last.strings
    if strings is None:   # worked out once for the case, then carried over with the new facts'
        strings = set()
        for p in FACTS:
            for x in old[p]:
                _strings(x, strings)
    groups = list(last.groups)
    touched: set[int] = set()
    for item in new["items"]:
        name = item.get("id") if isinstance(item, dict) else None
        if not isinstance(name, str) or name in ids or name in strings:
            return None   # not an item the grouping counts, an id twice, or named by an earlier fact
        k = ids[name] = len(of_item)
        of_item.append(len(groups))
        touched.add(len(groups))
        groups.append(Group([k], list(last.common["events"]), list(last.common["expenses"]), ([item], [], [])))
    strings = set(strings)
    for part in FACTS:
        base = len(old[part])
        for n, x in enumerate(new[part], base):
            _strings(x, strings)
            got = _named(x, ids)
            if not got:
                return None   # the case's own: it belongs to every group
            into = {of_item[k] for k in got}
            if len(into) > 1:
                before = [g for g in into if g < len(last.groups)]
                if len(before) > 1:
                    return None   # two groups made one
                target = before[0] if before else min(into)
                for g in sorted(into - {target}, reverse=True):   # each after target
                    _merge(groups, of_item, target, g)
                    touched = {target if t == g else t - 1 if t > g else t for t in touched}
                into = {target}
            touched |= into
            _add(groups, next(iter(into)), part, n, x)
    for g in touched:   # the facts of a touched group as the document gives them
        gr = groups[g]
        groups[g] = Group(gr.items, gr.events, gr.expenses, ([now["items"][k] for k in gr.items],
                                                             [now["events"][n] for n in gr.events],
                                                             [now["expenses"][n] for n in gr.expenses]))
    parts = {p: old[p] + copied(new[p]) if new[p] else old[p] for p in PARTS}
    return Grouping(last.case_part, parts, ids, of_item, last.common, groups, strings), touched


def _add(groups: list[Group], g: int, part: str, n: int, fact: Any) -> None:
    """The ``n``-th fact of ``part`` added to group ``g`` (a new group object: the last grouping's stay as they were)."""
    gr = groups[g]
    events, expenses = (gr.events + [n], gr.expenses) if part == "events" else (gr.events, gr.expenses + [n])
    groups[g] = Group(gr.items, events, expenses, gr.facts)


def _merge(groups: list[Group], of_item: list[int], into: int, g: int) -> None:
    """Group ``g`` (of new items only, so placed after ``into``) merged into group ``into``; the groups after it move up."""
    a, b = groups[into], groups[g]
    groups[into] = Group(sorted(a.items + b.items), sorted(set(a.events) | set(b.events)),
                         sorted(set(a.expenses) | set(b.expenses)), a.facts)
    del groups[g]
    for k, h in enumerate(of_item):
        if h == g:
            of_item[k] = into
        elif h > g:
            of_item[k] = h - 1
