"""The state of knowledge on a date (SCENARIO.md, "Time": *as of*).

An assessment on ``as_of`` knows only the facts dated on or before it. :func:`known_on` is a
pure function: it returns the scenario as it was known on that day and how many facts were
left out, by kind. What "left out" means (reading recorded in docs/scenario-extensions.md,
"Time"):

- an **event** dated after ``as_of`` is dropped;
- a **dated expense** (``expenses[].date``) after ``as_of`` is dropped (no event or field
  refers to an expense, so no reference is broken);
- an **item whose find** (``items[].found.date``) is after ``as_of`` stays in the case
  (it may be cargo known to be aboard; its owner, value and any earlier event that names it
  stay valid) but **without its find**: on that day it had not been saved or found. Every
  event that presupposes the find is dated on or after it (the impossible-order check of
  validation), so those events are after ``as_of`` too and already dropped.

Undated facts (an item's find without ``date``, an expense without ``date``) are kept: the
case does not say they came later.

A case that occurred after ``as_of`` is bad input: :class:`~.scenario.InvalidScenario` with
the pointer ``/case/occurred`` (the fact that cannot yet have happened).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from .scenario import InvalidScenario, Scenario


@dataclass(frozen=True)
class LeftOut:
    """How many facts dated after ``as_of`` were left out, by kind."""

    events: int = 0
    finds: int = 0
    expenses: int = 0

    @property
    def total(self) -> int:
        return self.events + self.finds + self.expenses

    def __bool__(self) -> bool:
        return self.total > 0

    def describe(self) -> str:
        """``2 events, 1 find and 0 dated expenses`` (each kind, also when none)."""
        parts = [f"{n} {word}{'' if n == 1 else 's'}"
                 for n, word in ((self.events, "event"), (self.finds, "find"), (self.expenses, "dated expense"))]
        return ", ".join(parts[:-1]) + " and " + parts[-1]


def check_occurred(scenario: Scenario, as_of: date) -> None:
    """Bad input when the case occurred after ``as_of`` (it cannot be known yet)."""
    occurred = scenario.case.occurred
    if occurred > as_of:
        raise InvalidScenario([("/case/occurred", f"the case occurred on {occurred}, after as_of {as_of}: "
                                                  "an assessment as of a date knows nothing of a case that "
                                                  "had not yet happened (choose an as_of on or after "
                                                  f"{occurred})")])


def known_on(scenario: Scenario, as_of: date) -> tuple[Scenario, LeftOut]:
    """The scenario as known on ``as_of``, and what was left out.

    Raises :class:`InvalidScenario` (``/case/occurred``) when the case occurred after ``as_of``.
    The scenario given is returned unchanged (the same object) when nothing is dated later.
    """
    check_occurred(scenario, as_of)
    events = [e for e in scenario.events if e.date <= as_of]
    expenses = [x for x in scenario.expenses if x.date is None or x.date <= as_of]
    late_finds = {i.id for i in scenario.items if i.found is not None and i.found.date is not None
                  and i.found.date > as_of}
    left = LeftOut(len(scenario.events) - len(events), len(late_finds), len(scenario.expenses) - len(expenses))
    if not left:
        return scenario, left
    items = [i.replace(found=None) if i.id in late_finds else i for i in scenario.items]
    known = scenario.replace(events=events, expenses=expenses, items=items)
    _forget_lookups(known)
    return known, left


def _forget_lookups(scenario: Scenario) -> None:
    """A copy shares its original's cached look-ups (ids, events by type): drop them."""
    for klass in type(scenario).__mro__:
        for name, attr in vars(klass).items():
            if isinstance(attr, cached_property):
                scenario.__dict__.pop(name, None)
