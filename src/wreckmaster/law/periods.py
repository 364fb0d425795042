"""Periods and deadlines, as SCENARIO.md's conventions say, for every regime.

- The day of the triggering event is not counted: "N days from D" ends at the end of D+N.
- "N months/years from D" ends on the same day number N months/years later, or the month's
  last day when that day does not exist (python-dateutil's ``relativedelta`` does exactly
  this).
- "Within" a period includes its last day: a deadline's ``due`` is that last day.
- Clear days (French *jours francs*) count neither the first nor the last day: "two clear
  days from D" end at the end of D+3.
- **The Civil Code's counting** (民法 arts 140–143; SCENARIO.md "Japanese periods from 1898
  on"), ``counting: civil-code``: counting starts on D+1 (art 140, 初日不算入); a period of
  months or years ends on the day before the day that corresponds, in the last month, to that
  first counted day — or on that month's last day where there is no such day (art 143 ¶2).
  It differs from the calendar rule above only when D is the last day of its month: then the
  period ends on the last day of the month N months later (:func:`civil_code_end`).

A regime states its own convention by naming a :class:`Period` ``unit`` (``days``,
``clear_days``, ``months``, ``years``; the Qing regimes add lunar months in their package)
and, in its ``parameters.yaml``, the ``periods.counting`` it uses (``calendar``, the default,
or ``civil-code``), with its citation: :mod:`.parameters` gives every period of the regime
that counting.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Literal

from calendar import monthrange

from dateutil.relativedelta import relativedelta

Unit = Literal["days", "clear_days", "months", "years"]
Counting = Literal["calendar", "civil-code"]
COUNTINGS = ("calendar", "civil-code")
#: ``ended``: the right or duty ended before its due day by a later act the law recognises
#: (SCENARIO.md, Assessment); a rule gives it explicitly, :func:`status` never does
Status = Literal["pending", "met", "missed", "ended"]


@dataclass(frozen=True)
class Period:
    """A period of the law: ``count`` ``unit``s, with the article it comes from."""

    count: int
    unit: Unit
    counting: Counting = "calendar"

    def due(self, start: date) -> date:
        """The last day of the period that starts with the event on ``start``."""
        return add(start, self.count, self.unit, self.counting)

    def describe(self) -> str:
        return f"{self.count} {self.unit.replace('_', ' ')}"


def civil_code_end(start: date, months: int) -> date:
    """The last day of a period of ``months`` months (a year is twelve) from an event on
    ``start``, as 民法 arts 140 and 143 count it: not the day of the event; the period ends on the
    same day number ``months`` months later (the month's last day where there is none), except
    when ``start`` is the last day of its month — then on the last day of the month ``months``
    months later (notice 2025-09-30, six months → 2026-03-31)."""
    month_index = start.year * 12 + start.month - 1 + months
    year, month = divmod(month_index, 12)
    last = monthrange(year, month + 1)[1]
    if start.day == monthrange(start.year, start.month)[1]:
        return date(year, month + 1, last)
    return date(year, month + 1, min(start.day, last))


@lru_cache(maxsize=65536)
def add(start: date, count: int, unit: str, counting: str = "calendar") -> date:
    """The last day of a period of ``count`` ``unit``s from an event on ``start``, counted the
    regime's way (``counting``: ``calendar`` or ``civil-code``; they differ only for months and
    years)."""
    if counting not in COUNTINGS:
        raise ValueError(f"unknown period counting {counting!r}")
    if counting == "civil-code" and unit in ("months", "years"):
        return civil_code_end(start, count * (12 if unit == "years" else 1))
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
    later or not done once ``due`` has passed, pending otherwise (``ended`` is a rule's to give)."""
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
