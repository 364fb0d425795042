"""Which entry of a refused list brought each problem (``(entry K of the list)``, CASE.md), in
linear time (issue 24, point 3).

The list is folded once; each entry's place in the folded scenario is noted on the way: an
``add`` the member it appends (``/items/7``), an ``event`` the event (``/events/3``), an
``amend`` the member it sets (its id turned into the index: ``/items/i3/value`` →
``/items/2/value``). A problem of the validated result is then the entry's whose place is the
problem's pointer or lies under it (the latest such entry), else the entry whose place holds
the pointer (the nearest enclosing one, the latest entry there); a problem at no entry's place
(a consequence elsewhere, as an event dated before an amended casualty) is the last entry's.
A problem of the fold itself (an amend whose target does not exist) is its entry's.

Before, each problem was attributed by folding and validating every prefix of the list:
quadratic (N = 1,000: 8.9 s; N = 2,000: 34 s, under the write lock).
"""
from __future__ import annotations

from typing import Any, Callable

from . import fold

Problem = tuple[str, str]
CHECK_EVERY = 64    # entries folded between two looks at whether the client is still there


class Cancelled(Exception):
    """The client went away: the work for it stopped (nothing is stored)."""


class Places:
    """Where each entry of the list landed in the folded scenario."""

    def __init__(self) -> None:
        self.at: dict[str, int] = {}       # place → the latest entry there
        self.under: dict[str, int] = {}    # every enclosing pointer of a place → the latest entry under it

    def note(self, doc: dict[str, Any] | None, entry: dict[str, Any], k: int) -> None:
        place = _place(doc, entry)
        if place is None:
            return
        self.at[place] = k
        parts = place.split("/")
        for i in range(1, len(parts)):
            self.under["/".join(parts[:i])] = k

    def entry_of(self, pointer: str, last: int) -> int:
        found = self.at.get(pointer)
        below = self.under.get(pointer)
        if found is not None or below is not None:
            return max(x for x in (found, below) if x is not None)
        parts = pointer.split("/")
        for i in range(len(parts) - 1, 0, -1):
            hit = self.at.get("/".join(parts[:i]))
            if hit is not None:
                return hit
        return last


def _place(doc: dict[str, Any] | None, entry: dict[str, Any]) -> str | None:
    form = fold.form_of(entry)
    if doc is None or form not in ("add", "event", "amend"):
        return None
    if form == "add":
        section = fold.SECTIONS[entry["add"]]
        members = doc.get(section)
        return f"/{section}/{len(members) if isinstance(members, list) else 0}"
    if form == "event":
        events = doc.get("events")
        return f"/events/{len(events) if isinstance(events, list) else 0}"
    tokens = fold.pointer_tokens(entry["amend"])
    if tokens and tokens[0] in fold.MEMBER_SECTIONS and len(tokens) >= 2:
        members = doc.get(tokens[0]) if isinstance(doc.get(tokens[0]), list) else []
        index = next((i for i, m in enumerate(members) if isinstance(m, dict) and m.get("id") == tokens[1]), None)
        if index is None:
            return None
        tokens = [tokens[0], str(index), *tokens[2:]]
    return "/" + "/".join(t.replace("~", "~0").replace("/", "~1") for t in tokens)


def fold_list(doc: dict[str, Any], steps: list[tuple[int, dict[str, Any]]], skip: set[int],
              cancelled: Callable[[], bool] | None = None) -> tuple[dict[str, Any], list[Problem], Places,
                                                                   dict[Problem, int]]:
    """Fold the list's ``(seq, entry)`` steps onto ``doc`` (in place), noting each entry's place.
    Returns the document, the fold's problems (``… (entry SEQ)``), the places, and the list
    entry of each fold problem. Cancelled when ``cancelled()`` turns true."""
    places = Places()
    problems: list[Problem] = []
    fold_entry: dict[Problem, int] = {}
    for k, (seq, entry) in enumerate(steps):
        if cancelled is not None and k % CHECK_EVERY == CHECK_EVERY - 1 and cancelled():
            raise Cancelled()
        if seq in skip or fold.form_of(entry) == "retract":
            continue
        places.note(doc, entry, k)
        doc, found = fold.apply(doc, entry)
        for p, m in found:
            problem = (p, f"{m} (entry {seq})")
            problems.append(problem)
            fold_entry.setdefault(problem, k)
    return doc, problems, places, fold_entry


def attribute(problems: list[Problem], places: Places, fold_entry: dict[Problem, int], n: int) -> list[Problem]:
    """Each problem ending ``(entry K of the list)``."""
    out = []
    for p, m in problems:
        k = fold_entry.get((p, m))
        if k is None:
            k = places.entry_of(p, n - 1)
        out.append((p, f"{m} (entry {k} of the list)"))
    return list(dict.fromkeys(out))
