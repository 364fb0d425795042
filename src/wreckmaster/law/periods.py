"""Periods and deadlines, as SCENARIO.md's conventions say, for every regime.

- The day of the triggering event is not counted: "N days from D" ends at the end of D+N.
- "N months/years from D" ends on the same day number N months/years later, or the month's
  last day when that day does not exist (python-dateutil's ``relativedelta`` does exactly
  this).
- "Within" a period includes its last day: a deadline's ``due`` is that last day.
- Clear days (French *jours francs*) count neither the first nor the last day: "two clear
  days from D" end at the end of D+3.

A regime states its own convention by naming a :class:`Period` ``unit`` (``days``,
``clear_days``, ``months``, ``years``; the Qing regimes add lunar months in their package).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Literal

from dateutil.relativedelta import relativedelta

Unit = Literal["days", "clear_days", "months", "years"]
Status = Literal["pending", "met", "missed"]


@dataclass(frozen=True)
class Period:
    """A period of the law: ``count`` ``unit``s, with the article it comes from."""

    count: int
    unit: Unit

    def due(self, start: date) -> date:
        """The last day of the period that starts with the event on ``start``."""
        return add(start, self.count, self.unit)

    def describe(self) -> str:
        return f"{self.count} {self.unit.replace('_', ' ')}"


@lru_cache(maxsize=65536)
def add(start: date, count: int, unit: str) -> date:
    """The last day of a period of ``count`` ``unit``s from an event on ``start``."""
    if unit == "days":
        return start + timedelta(days=count)
    if unit == "clear_days":
        # neither the day of the event nor the last day counts: the period's last full
        # day is D+count, and the act is still in time on D+count+1
        return start + timedelta(days=count + 1)
    if unit == "months":
        return start + relativedelta(months=count)
    if unit == "years":
        return start + relativedelta(years=count)
    raise ValueError(f"unknown period unit {unit!r}")


def status(due: date, done_on: date | None, as_of: date) -> Status:
    """A deadline's status at ``as_of``: met if done by ``due`` (inclusive), missed if done
    later or not done once ``due`` has passed, pending otherwise."""
    if done_on is not None:
        return "met" if done_on <= due else "missed"
    return "missed" if as_of > due else "pending"


def late_payment_note(due: date, payments: list[tuple[date, str]], total: str, unit: str) -> str | None:
    """Why a payment deadline is missed although the amount was paid: which payments came
    after the last day (``payments``: (day, amount text) in date order, up to the one that
    completed the amount)."""
    late = [(d, a) for d, a in payments if d > due]
    if not late:
        return None
    in_time = [(d, a) for d, a in payments if d <= due]
    def said(ps: list[tuple[date, str]]) -> str:
        return " and ".join(f"{a} {unit} on {d}" for d, a in ps)
    return (f"the {total} {unit} were paid in full only on {late[-1][0]}, after the last day {due}: "
            + (f"{said(in_time)} in time, " if in_time else "") + f"{said(late)} late")
