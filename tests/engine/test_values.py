"""Strict values: a boolean is never a number, a float never money; strings are read exactly."""
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from wreckmaster.law import values


def test_amounts_from_strings_and_exact_numbers():
    assert values.amount("12.345") == Decimal("12.345")
    assert values.amount(7) == Decimal(7)
    assert values.amount(Decimal("0.1")) == Decimal("0.1")


@pytest.mark.parametrize("bad", [True, 0.1, "1,000", "abc", -1, "-0.5", None, [1]])
def test_bad_amounts(bad):
    with pytest.raises(ValueError):
        values.amount(bad)


def test_fractions():
    assert values.fraction("1/3") == Fraction(1, 3)
    assert values.fraction("0.5") == Fraction(1, 2)
    assert values.fraction(1) == Fraction(1)
    for bad in (True, "1/0", "x/3", 0.5):
        with pytest.raises(ValueError):
            values.fraction(bad)


def test_ratio_and_dates():
    assert values.ratio("1") == 1
    with pytest.raises(ValueError):
        values.ratio("3/2")
    assert values.iso_date("1875-04-20") == date(1875, 4, 20)
    for bad in ("1875-13-01", "20-4-1875", 18750420):
        with pytest.raises(ValueError):
            values.iso_date(bad)
