"""Exact money: currencies with their smallest unit, one rounding, largest-remainder splits.

Arithmetic is done on :class:`fractions.Fraction` until the end. Each amount the law
produces is rounded **once**, half up, to the currency's smallest unit (SCENARIO.md,
"Conventions"). Splitting a rounded amount between several recipients is done in whole
units by largest remainder so the parts add up exactly to the whole.
"""
from __future__ import annotations

import decimal
import heapq
import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Iterable, Sequence


@dataclass(frozen=True)
class Currency:
    """A currency and its smallest unit (rin 釐 for Meiji yen, 釐 for the tael, centime …).

    The smallest unit is a power of ten of the main unit (1, 0.01, 0.001).
    """

    code: str
    unit: Fraction  # the smallest unit, in the currency's main unit
    unit_name: str
    name: str
    #: the main unit's word after an amount, by language (円, 兩, F …): documents write it
    words: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        places, unit = 0, self.unit
        while unit.denominator != 1:
            unit *= 10
            places += 1
        if unit != 1:
            raise ValueError(f"{self.code}: the smallest unit must be a power of ten, got {self.unit}")
        object.__setattr__(self, "_places", places)

    @property
    def places(self) -> int:
        """Decimal places of the smallest unit (0.001 → 3, 1 → 0)."""
        return self._places  # type: ignore[attr-defined]

    def round(self, value: Fraction) -> Decimal:
        """Round an exact value once, half up, to the smallest unit."""
        return units_to_decimal(round_half_up_units(value, self.unit), self)

    def format(self, amount: Decimal) -> str:
        return f"{amount:.{self.places}f}"


#: Currencies of SCENARIO.md. JPY differs by regime (rin under the Meiji regimes, 1 yen
#: for the modern ferry), so regimes pick the instance they need.
_YEN_WORDS = (("ja", "円"), ("en", "yen"), ("zh", "圓"), ("fr", "yens"))
JPY_RIN = Currency("JPY", Fraction(1, 1000), "rin (厘)", "Meiji yen (円 = 100 銭 = 1,000 厘)", _YEN_WORDS)
JPY_YEN = Currency("JPY", Fraction(1), "yen (円)", "modern yen", _YEN_WORDS)
TAEL = Currency("TAEL", Fraction(1, 1000), "li (釐)", "tael (兩 = 10 錢 = 100 分 = 1,000 釐)",
                (("zh", "兩"), ("en", "taels"), ("ja", "兩"), ("fr", "taëls")))
DOLLAR = Currency("DOLLAR", Fraction(1, 100), "cent", "silver dollar (洋銀元)",
                  (("zh", "元"), ("en", "silver dollars"), ("ja", "弗"), ("fr", "piastres")))
FRF = Currency("FRF", Fraction(1, 100), "centime", "French franc",
               (("fr", "F"), ("en", "francs"), ("ja", "フラン"), ("zh", "法郎")))


def to_fraction(value: Decimal | Fraction | int | str) -> Fraction:
    """Exact conversion; floats are refused (they are never exact)."""
    if isinstance(value, float):
        raise TypeError("floats are not exact money; use a decimal string")
    return Fraction(value)


#: Decimal arithmetic without rounding: the default context rounds to 28 digits.
_EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                         traps=[decimal.Inexact, decimal.Rounded, decimal.Overflow, decimal.InvalidOperation])


def exact_sum(values: Iterable[Decimal]) -> Fraction:
    """The exact sum of decimal amounts (one conversion to a fraction, not one per amount)."""
    total = Decimal(0)
    add = _EXACT.add
    for v in values:
        total = add(total, v)
    return Fraction(total)


def round_half_up_units(value: Fraction | Decimal | int, unit: Fraction) -> int:
    """Number of whole ``unit``s in ``value``, rounded half up (away from zero at .5)."""
    num, den = value.as_integer_ratio()  # Fraction, int and Decimal alike (isinstance on Fraction is slow: an ABC)
    n = num * unit.denominator
    d = den * unit.numerator
    whole, rest = divmod(abs(n), d)
    if 2 * rest >= d:
        whole += 1
    return whole if n >= 0 else -whole


def units_to_decimal(units: int, currency: Currency) -> Decimal:
    """Whole units as a decimal amount, exactly (``scaleb`` and division would round to the
    28-digit decimal context: a 30-digit amount came out off by hundreds)."""
    return Decimal(f"{units}E-{currency.places}")  # the string form is exact, whatever the context


def split_units(total_units: int, weights: Sequence[Fraction]) -> list[int]:
    """Split ``total_units`` whole units in proportion to ``weights`` by largest remainder.

    The parts add up exactly to the total. Ties in the remainders go to the earlier
    recipients in the list (SCENARIO.md: "earlier recipients in the list take the extra
    units").
    """
    if len(weights) == 1:
        if weights[0] <= 0:
            raise ValueError("weights add up to zero")
        return [total_units]
    if not weights:
        return []
    if all(w == weights[0] for w in weights) and weights[0] > 0:
        return equal_units(total_units, len(weights))
    fractions = [w if isinstance(w, Fraction) else Fraction(w) for w in weights]
    common = math.lcm(*(w.denominator for w in fractions))
    ints = [w.numerator * (common // w.denominator) for w in fractions]
    wsum = sum(ints)
    if wsum == 0:
        raise ValueError("weights add up to zero")
    floors, rests = [], []
    for w in ints:
        q, r = divmod(total_units * w, wsum)
        floors.append(q)
        rests.append(r)
    left = total_units - sum(floors)
    # only the ``left`` largest remainders matter: a partial selection, not a sort of them all;
    # ``nlargest`` is stable (as ``sorted(reverse=True)``), so equal remainders go to the earlier
    for i in heapq.nlargest(left, range(len(ints)), key=rests.__getitem__):
        floors[i] += 1
    return floors


def equal_units(total_units: int, count: int) -> list[int]:
    """``total_units`` in ``count`` equal parts; the earlier recipients take the extra units."""
    q, r = divmod(total_units, count)
    return [q + 1] * r + [q] * (count - r)


def split(value: Fraction | Decimal, weights: Sequence[Fraction], currency: Currency) -> list[Decimal]:
    """Round ``value`` once, then split the rounded amount by largest remainder."""
    units = round_half_up_units(value, currency.unit)
    return [units_to_decimal(u, currency) for u in split_units(units, weights)]


def split_equal(value: Fraction | Decimal, count: int, currency: Currency) -> list[Decimal]:
    """Round ``value`` once, then split it equally among ``count`` recipients (as :func:`split`
    with ``count`` equal weights, without building and comparing them)."""
    if not count:
        return []
    units = round_half_up_units(value, currency.unit)
    return [units_to_decimal(u, currency) for u in equal_units(units, count)]
