"""Exact money: one rounding half up, largest-remainder splits (SCENARIO.md, Conventions)."""
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wreckmaster.law import money


@pytest.mark.parametrize("exact, expected", [
    (Fraction(5, 10000), Decimal("0.001")),   # half a rin rounds up
    (Fraction(4999, 10000000), Decimal("0.000")),
    (Fraction(1, 3), Decimal("0.333")),
    (Fraction(2, 3), Decimal("0.667")),
    (Fraction(12345, 1000), Decimal("12.345")),
])
def test_round_half_up_to_the_rin(exact, expected):
    assert money.JPY_RIN.round(exact) == expected


def test_yen_and_dollar_units():
    assert money.JPY_YEN.round(Fraction(1, 2)) == Decimal(1)
    assert money.JPY_YEN.format(Decimal(500)) == "500"
    assert money.DOLLAR.format(money.DOLLAR.round(Fraction(10))) == "10.00"
    assert money.TAEL.format(money.TAEL.round(Fraction(10, 3))) == "3.333"


def test_split_ties_go_to_earlier_recipients():
    # 500 rin among three: 166⅔ each → 167, 167, 166
    assert money.split_units(500, [Fraction(1)] * 3) == [167, 167, 166]
    # 1 rin between two equal shares: the first takes it
    assert money.split_units(1, [Fraction(1), Fraction(1)]) == [1, 0]


def test_floats_are_refused():
    with pytest.raises(TypeError):
        money.to_fraction(0.1)


@given(st.integers(min_value=0, max_value=10**9),
       st.lists(st.fractions(min_value=Fraction(1, 1000), max_value=1000), min_size=1, max_size=12))
def test_split_adds_up_exactly_and_is_never_negative(total, weights):
    parts = money.split_units(total, weights)
    assert sum(parts) == total
    assert all(p >= 0 for p in parts)
    # each part is within one unit of its exact share
    wsum = sum(weights)
    for p, w in zip(parts, weights):
        assert abs(p - total * w / wsum) < 1


@given(st.fractions(min_value=0, max_value=10**6))
def test_rounding_is_within_half_a_unit(value):
    rounded = Fraction(money.JPY_RIN.round(value))
    assert abs(rounded - value) <= Fraction(1, 2000)
