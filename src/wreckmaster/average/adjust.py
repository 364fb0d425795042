"""The adjustment of a general average under the York-Antwerp Rules 1974, ``wreckmaster.adjustment/1``.

Exact arithmetic (fractions) until each amount is rounded **once**, half up, to the
currency's smallest unit. The order, as the readings in ``rules.yaml`` say:

1. each sacrifice and expenditure is an input amount, already in whole units;
2. commission (Rule XX, reading yar-1974-XX-rounding): 2 % of each disbursement, exact; none
   on ``wages`` (crew wages and maintenance) nor ``fuel`` (fuel and stores not replaced);
   ``commission`` is ONE amount (AVERAGE.md: one rounding per amount), the exact total
   rounded once, half up (2.469 + 1.5554 = 4.0244 → 4.02, not 2.47 + 1.56 = 4.03); it is then
   apportioned to the lines by largest remainder of their exact amounts (ties to the earlier
   line), so each line's part is its exact commission rounded down or up and the parts add
   up exactly to ``commission``;
3. interest (Rule XXI, readings yar-1974-XXI-interest and yar-1974-XXI-rounding):
   amount × 7 % × days / 365, days = ``adjusted_on`` − the line's date, simple, on the
   sacrifice's or expenditure's amount (not on its commission), exact per line; ``interest``
   is ONE amount, the exact total rounded once, apportioned to the lines as the commission;
4. ``total`` = sacrifices + expenditures + commission + interest (a sum of whole units);
5. contributory value (Rule XVII) = arrived value + the sacrifices made good to it (exact);
6. ``rate`` = total / Σ contributory values, an exact fraction;
7. contributions (reading yar-1974-XVII-apportionment): ``total`` split in proportion to
   the contributory values by largest remainder (ties to the earlier interest in the input),
   so they add up exactly to ``total``;
8. allowance = its sacrifices + its expenditures + their rounded commission and interest;
   balance = allowance − contribution. Σ allowances = total = Σ contributions, so the
   balances add up to zero exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import replace as _replace
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from wreckmaster.law.money import units_to_decimal, Currency, round_half_up_units, split_units
from wreckmaster.law.parameters import Param, Parameters, load as load_parameters
from wreckmaster.law.values import exact_text, fraction_text

from .model import AverageCase


@lru_cache(maxsize=None)
def parameters() -> Parameters:
    from . import HERE

    return load_parameters(str(HERE / "parameters.yaml"), "yar-1974")


@dataclass(frozen=True)
class Line:
    """One entry of the schedule of allowances: a sacrifice or an expenditure."""

    number: int
    type: str              # "sacrifice" | "expenditure"
    index: int             # position in its input list
    to: str                # the interest it is made good to (sacrificed, or paid by)
    kind: str              # the interest's kind for a sacrifice; disbursement | wages | fuel
    date: date
    description: str | None
    rules: tuple[str, ...]
    amount: int            # whole units
    commission_exact: Fraction
    commission: int
    days: int
    interest_exact: Fraction
    interest: int

    @property
    def allowed(self) -> int:
        return self.amount + self.commission + self.interest

    @property
    def pointer(self) -> str:
        return f"/{self.type}s/{self.index}"


@dataclass(frozen=True)
class Share:
    """One interest's part: contributory value, contribution, allowance and balance (in units)."""

    id: str
    kind: str
    owner: str | None
    arrived_value: int
    made_good: int
    contributory_value: int
    contribution_exact: Fraction
    contribution: int
    allowance: int

    @property
    def balance(self) -> int:
        return self.allowance - self.contribution


@dataclass(frozen=True)
class Adjustment:
    currency: Currency
    adjusted_on: date
    lines: tuple[Line, ...]
    shares: tuple[Share, ...]
    commission_rate: Param
    interest_rate: Param
    days_in_year: Param

    # --- totals, in units -----------------------------------------------------------
    @property
    def sacrifices(self) -> int:
        return sum(line.amount for line in self.lines if line.type == "sacrifice")

    @property
    def expenditures(self) -> int:
        return sum(line.amount for line in self.lines if line.type == "expenditure")

    @property
    def commission(self) -> int:
        return sum(line.commission for line in self.lines)

    @property
    def interest(self) -> int:
        return sum(line.interest for line in self.lines)

    @property
    def total(self) -> int:
        return self.sacrifices + self.expenditures + self.commission + self.interest

    @property
    def contributory_total(self) -> int:
        return sum(s.contributory_value for s in self.shares)

    @property
    def rate(self) -> Fraction:
        return Fraction(self.total, self.contributory_total)

    # --- formatting -------------------------------------------------------------------
    def money(self, units: int) -> str:
        """Whole units as the currency's decimal text (``"1234"``, ``"12.34"``)."""
        return self.currency.format(units_to_decimal(units, self.currency))  # exact, whatever the digits

    def rate_percent(self) -> str:
        return percent(self.rate)

    def to_json(self) -> dict[str, Any]:
        """Exactly AVERAGE.md's output, then the project's additions (documented in
        ``wreckmaster average --help``): rules, totals and the schedule of allowances."""
        return {
            "format": "wreckmaster.adjustment/1",
            "currency": self.currency.code,
            "adjusted_on": self.adjusted_on.isoformat(),
            "commission": self.money(self.commission),
            "interest": self.money(self.interest),
            "total": self.money(self.total),
            "rate": fraction_text(self.rate),
            "rate_percent": self.rate_percent(),
            "interests": [{"id": s.id, "contributory_value": self.money(s.contributory_value),
                           "contribution": self.money(s.contribution), "allowance": self.money(s.allowance),
                           "balance": self.money(s.balance)} for s in self.shares],
            # --- additions ---
            "rules": "yar-1974",
            "sacrifices_total": self.money(self.sacrifices),
            "expenditures_total": self.money(self.expenditures),
            "contributory_total": self.money(self.contributory_total),
            "schedule": [{
                "line": ln.number, "type": ln.type, "to": ln.to, "kind": ln.kind, "date": ln.date.isoformat(),
                "description": ln.description, "rules": list(ln.rules),
                "amount": self.money(ln.amount),
                "commission": self.money(ln.commission), "commission_exact": exact_text(ln.commission_exact * self.currency.unit),
                "days": ln.days,
                "interest": self.money(ln.interest), "interest_exact": exact_text(ln.interest_exact * self.currency.unit),
                "allowed": self.money(ln.allowed),
                "cites": list(dict.fromkeys(ln.rules + (("yar-1974:XX",) if ln.commission_exact else ())
                                            + ("yar-1974:XXI",))),
            } for ln in self.lines],
        }


def percent(rate: Fraction, places: int = 6) -> str:
    """The rate as a percentage for people: exact when it has at most ``places`` decimals,
    else rounded half up to ``places`` decimals; trailing zeros dropped (``"12.5%"``)."""
    p = rate * 100
    # exact when it terminates within ``places``; otherwise rounded once, half up, exactly
    q = Decimal(round_half_up_units(p, Fraction(1, 10 ** places))).scaleb(-places)
    if q == 0:
        return "0%"
    text = format(q, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text + "%"


def _units(value: Decimal | Fraction, currency: Currency) -> int:
    exact = Fraction(value) / currency.unit
    assert exact.denominator == 1, "validated: amounts are whole units"
    return exact.numerator


def apportion_rounded_total(exacts: list[Fraction]) -> list[int]:
    """Round the exact total once, half up, to whole units, and share it among the lines by
    largest remainder of their exact amounts (each part is its exact amount rounded down, the
    units left go to the largest fractional parts, ties to the earlier line)."""
    total = round_half_up_units(sum(exacts, Fraction(0)), Fraction(1))
    floors = [math.floor(e) for e in exacts]
    left = total - sum(floors)
    order = sorted(range(len(exacts)), key=lambda i: (-(exacts[i] - floors[i]), i))
    for i in order[:left]:
        floors[i] += 1
    return floors


def adjust(case: AverageCase) -> Adjustment:
    """Adjust a validated general average (the module docstring gives the order of rounding)."""
    doc, cur = case.doc, case.currency
    params = parameters()
    commission_rate = params.param("commission.rate")
    interest_rate = params.param("interest.rate")
    days_in_year = params.param("interest.days_in_year")
    kinds = {i.id: i.kind for i in doc.interests}

    def interest_on(units: int, when: date) -> tuple[int, Fraction, int]:
        days = (doc.adjusted_on - when).days
        exact = Fraction(units) * interest_rate.value * Fraction(days, days_in_year.value)
        return days, exact, round_half_up_units(exact, Fraction(1))

    lines: list[Line] = []
    for i, s in enumerate(doc.sacrifices):
        units = _units(s.amount, cur)
        days, i_exact, i_units = interest_on(units, s.date)
        lines.append(Line(len(lines) + 1, "sacrifice", i, s.interest, kinds[s.interest], s.date, s.description,
                          case.sacrifice_rules[i], units, Fraction(0), 0, days, i_exact, i_units))
    for i, e in enumerate(doc.expenditures):
        units = _units(e.amount, cur)
        c_exact = Fraction(units) * commission_rate.value if e.kind == "disbursement" else Fraction(0)
        days, i_exact, i_units = interest_on(units, e.date)
        lines.append(Line(len(lines) + 1, "expenditure", i, e.paid_by, e.kind, e.date, e.description,
                          case.expenditure_rules[i], units, c_exact, round_half_up_units(c_exact, Fraction(1)),
                          days, i_exact, i_units))
    # one rounding per amount: the commission and the interest are each rounded once on their
    # exact totals, then apportioned to the lines (module docstring, steps 2 and 3)
    commissions = apportion_rounded_total([ln.commission_exact for ln in lines])
    interests = apportion_rounded_total([ln.interest_exact for ln in lines])
    lines = [_replace(ln, commission=c, interest=i) for ln, c, i in zip(lines, commissions, interests)]

    made_good = {i.id: 0 for i in doc.interests}
    allowance = {i.id: 0 for i in doc.interests}
    for ln in lines:
        if ln.type == "sacrifice":
            made_good[ln.to] += ln.amount
        allowance[ln.to] += ln.allowed
    cvs = [_units(i.arrived_value, cur) + made_good[i.id] for i in doc.interests]
    total = sum(ln.allowed for ln in lines)
    cv_total = sum(cvs)
    contributions = split_units(total, [Fraction(v) for v in cvs])
    shares = tuple(
        Share(i.id, i.kind, i.owner, _units(i.arrived_value, cur), made_good[i.id], cv,
              Fraction(total * cv, cv_total), c, allowance[i.id])
        for i, cv, c in zip(doc.interests, cvs, contributions))
    return Adjustment(cur, doc.adjusted_on, tuple(lines), shares, commission_rate, interest_rate, days_in_year)
