"""Periods per SCENARIO.md: the first day not counted; months to the same day number or the
month's last day; clear days count neither end."""
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from wreckmaster.law.periods import Period, status


def test_days_from_an_event():
    # "60 days from D" ends at the end of D+60
    assert Period(60, "days").due(date(1880, 3, 3)) == date(1880, 5, 2)


def test_clear_days():
    # "two clear days" from D end at the end of D+3
    assert Period(2, "clear_days").due(date(1917, 3, 10)) == date(1917, 3, 13)


def test_months_and_years_to_the_last_day_of_a_short_month():
    assert Period(2, "months").due(date(1917, 12, 31)) == date(1918, 2, 28)
    assert Period(1, "years").due(date(1880, 2, 29)) == date(1881, 2, 28)
    assert Period(3, "years").due(date(1880, 3, 1)) == date(1883, 3, 1)


def test_status_includes_the_last_day():
    due = date(1880, 5, 2)
    assert status(due, date(1880, 5, 2), date(1890, 1, 1)) == "met"
    assert status(due, date(1880, 5, 3), date(1890, 1, 1)) == "missed"
    assert status(due, None, date(1880, 5, 2)) == "pending"
    assert status(due, None, date(1880, 5, 3)) == "missed"


@given(st.dates(min_value=date(1850, 1, 1), max_value=date(1950, 1, 1)), st.integers(0, 400),
       st.sampled_from(["days", "clear_days", "months", "years"]), st.integers(0, 30))
def test_deadlines_are_monotone(start, count, unit, later):
    # a later trigger never gives an earlier deadline; a longer period never ends earlier
    p = Period(count % 40 if unit in ("months", "years") else count, unit)
    assert p.due(start + timedelta(days=later)) >= p.due(start)
    assert Period(p.count + 1, unit).due(start) >= p.due(start)
    assert p.due(start) >= start
