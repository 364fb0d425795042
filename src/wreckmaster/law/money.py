"""Exact money: currencies with their smallest unit, one rounding, largest-remainder splits.

Arithmetic is done on :class:`fractions.Fraction` until the end. Each amount the law
produces is rounded **once**, half up, to the currency's smallest unit (SCENARIO.md,
"Conventions"). Splitting a rounded amount between several recipients is done in whole
units by largest remainder so the parts add up exactly to the whole.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Sequence


@dataclass(frozen=True)
class Currency:
    """A currency and its smallest unit (rin 釐 for Meiji yen, 釐 for the tael, centime …)."""

    code: str
    unit: Fraction  # the smallest unit, in the currency's main unit
    unit_name: str
    name: str

    @property
    def places(self) -> int:
        """Decimal places of the smallest unit (0.001 → 3, 1 → 0)."""
        places, unit = 0, self.unit
        while unit.denominator != 1:
            unit *= 10
            places += 1
        return places

    def round(self, value: Fraction) -> Decimal:
        """Round an exact value once, half up, to the smallest unit."""
        return units_to_decimal(round_half_up_units(value, self.unit), self)

    def format(self, amount: Decimal) -> str:
        return f"{amount:.{self.places}f}"


#: Currencies of SCENARIO.md. JPY differs by regime (rin under the Meiji regimes, 1 yen
#: for the modern ferry), so regimes pick the instance they need.
JPY_RIN = Currency("JPY", Fraction(1, 1000), "rin (厘)", "Meiji yen (円 = 100 銭 = 1,000 厘)")
JPY_YEN = Currency("JPY", Fraction(1), "yen (円)", "modern yen")
TAEL = Currency("TAEL", Fraction(1, 1000), "li (釐)", "tael (兩 = 10 錢 = 100 分 = 1,000 釐)")
DOLLAR = Currency("DOLLAR", Fraction(1, 100), "cent", "silver dollar (洋銀元)")
FRF = Currency("FRF", Fraction(1, 100), "centime", "French franc")

CURRENCIES = {c.code + ":" + str(c.unit): c for c in (JPY_RIN, JPY_YEN, TAEL, DOLLAR, FRF)}


def to_fraction(value: Decimal | Fraction | int | str) -> Fraction:
    """Exact conversion; floats are refused (they are never exact)."""
    if isinstance(value, float):
        raise TypeError("floats are not exact money; use a decimal string")
    return Fraction(value)


def round_half_up_units(value: Fraction, unit: Fraction) -> int:
    """Number of whole ``unit``s in ``value``, rounded half up (away from zero at .5)."""
    q = value / unit
    sign = -1 if q < 0 else 1
    q = abs(q)
    whole, rest = divmod(q.numerator, q.denominator)
    if 2 * rest >= q.denominator:
        whole += 1
    return sign * whole


def units_to_decimal(units: int, currency: Currency) -> Decimal:
    exact = Fraction(units) * currency.unit
    return Decimal(exact.numerator) / Decimal(exact.denominator) if exact.denominator != 1 else Decimal(exact.numerator)


def quantize(amount: Decimal, currency: Currency) -> Decimal:
    return amount.quantize(Decimal(1).scaleb(-currency.places))


def split_units(total_units: int, weights: Sequence[Fraction]) -> list[int]:
    """Split ``total_units`` whole units in proportion to ``weights`` by largest remainder.

    The parts add up exactly to the total. Ties in the remainders go to the earlier
    recipients in the list (SCENARIO.md: "earlier recipients in the list take the extra
    units").
    """
    if not weights:
        return []
    wsum = sum(weights, Fraction(0))
    if wsum == 0:
        raise ValueError("weights add up to zero")
    exact = [Fraction(total_units) * w / wsum for w in weights]
    floors = [e.numerator // e.denominator for e in exact]
    left = total_units - sum(floors)
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:left]:
        floors[i] += 1
    return floors


def split(value: Fraction, weights: Sequence[Fraction], currency: Currency) -> list[Decimal]:
    """Round ``value`` once, then split the rounded amount by largest remainder."""
    units = round_half_up_units(value, currency.unit)
    return [units_to_decimal(u, currency) for u in split_units(units, weights)]
