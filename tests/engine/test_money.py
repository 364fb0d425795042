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


@given(st.fractions(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=40))
def test_split_equal_is_split_with_equal_weights(value, count):
    # the fast path of an equal split (Assessment.award/charge without shares) gives the same parts
    expected = money.split(value, [Fraction(1)] * count, money.JPY_RIN) if count else []
    assert money.split_equal(value, count, money.JPY_RIN) == expected


@given(st.integers(min_value=0, max_value=10**9),
       st.lists(st.integers(min_value=1, max_value=3), min_size=2, max_size=12))
def test_split_ties_go_to_earlier_recipients_whatever_the_weights(total, weights):
    # largest remainder, ties to the earlier recipient: the reference is a full stable sort
    parts = money.split_units(total, [Fraction(w) for w in weights])
    wsum = sum(weights)
    rests = [total * w % wsum for w in weights]
    order = sorted(range(len(weights)), key=lambda i: (-rests[i], i))
    extra = set(order[:total - sum(total * w // wsum for w in weights)])
    assert parts == [total * w // wsum + (i in extra) for i, w in enumerate(weights)]


def test_one_recipient_takes_all_and_a_zero_weight_is_refused():
    assert money.split(Fraction(10, 3), [Fraction(1, 2)], money.JPY_RIN) == [Decimal("3.333")]
    with pytest.raises(ValueError, match="zero"):
        money.split(Fraction(1), [Fraction(0)], money.JPY_RIN)


def test_exact_sum_does_not_round_to_the_decimal_context():
    # 31 digits: the default context (28) would round the sum; the law's sums never are
    big = Decimal("1234567890123456789012345678.901")
    assert money.exact_sum([big, Decimal("0.001"), big]) == Fraction(big) * 2 + Fraction(1, 1000)
    assert money.exact_sum([]) == 0
