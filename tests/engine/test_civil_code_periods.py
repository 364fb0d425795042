"""Periods as the Civil Code counts them (民法 arts 140–143; SCENARIO.md "Japanese periods from 1898
on"), for jp-1899 and jp-1899-2025; jp-1875 and fr-epaves keep the calendar rule.

The oracle below is the statute's wording computed on its own terms, not the implementation's
shortcut: art 140 — the first day is not counted, so counting starts on D+1 (the 起算日); art 143
¶2 — the period ends on the day before the day that corresponds, in the last month, to the 起算日,
and where the last month has no such day, on that month's last day."""
from calendar import monthrange
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import periods
from wreckmaster.law.periods import Period, civil_code_end
from wreckmaster.law.regime import get


def statute(d: date, months: int) -> date:
    first = d + timedelta(days=1)                              # art 140: 初日不算入
    year, month0 = divmod(first.year * 12 + first.month - 1 + months, 12)
    month = month0 + 1                                          # the last month (最後の月)
    if first.day <= monthrange(year, month)[1]:
        return date(year, month, first.day) - timedelta(days=1)  # 応当する日の前日
    return date(year, month, monthrange(year, month)[1])        # 応当する日がないとき: その月の末日


def test_the_issue_and_scenario_examples():
    six, year = Period(6, "months", "civil-code"), Period(1, "years", "civil-code")
    assert six.due(date(2025, 9, 30)) == date(2026, 3, 31)     # not 03-30
    assert year.due(date(2027, 2, 28)) == date(2028, 2, 29)
    assert six.due(date(2025, 8, 30)) == date(2026, 2, 28)     # the shortcut gives 02-27
    assert six.due(date(2026, 1, 10)) == date(2026, 7, 10)
    assert six.due(date(2025, 8, 31)) == date(2026, 2, 28)
    assert Period(7, "days", "civil-code").due(date(2026, 3, 1)) == date(2026, 3, 8)


def test_the_oracle_is_not_the_shortcut():
    # "(D + 1 day) + N months − 1 day" with clamping month arithmetic is a day short here
    from dateutil.relativedelta import relativedelta
    d = date(2025, 8, 30)
    assert d + timedelta(days=1) + relativedelta(months=6) - timedelta(days=1) == date(2026, 2, 27)
    assert statute(d, 6) == date(2026, 2, 28)


def test_every_day_1899_to_2100_every_month_count_1_to_12():
    # exhaustive: 73,779 days × 12 counts
    d, end = date(1899, 1, 1), date(2100, 12, 31)
    one = timedelta(days=1)
    wrong = []
    while d <= end:
        for n in range(1, 13):
            if civil_code_end(d, n) != statute(d, n):
                wrong.append((d, n))
        d += one
    assert not wrong, wrong[:10]


@settings(max_examples=400)
@given(st.dates(min_value=date(1899, 1, 1), max_value=date(2100, 12, 31)), st.integers(1, 12))
def test_years_are_twelve_months_and_days_are_unchanged(d, n):
    assert Period(n, "years", "civil-code").due(d) == statute(d, 12 * n)
    assert Period(n, "months", "civil-code").due(d) == statute(d, n)
    assert Period(n * 10, "days", "civil-code").due(d) == Period(n * 10, "days").due(d)


def test_the_civil_code_differs_from_the_calendar_only_from_a_months_last_day():
    d = date(1899, 1, 1)
    while d <= date(1910, 12, 31):
        for n in (1, 6, 12):
            if d.day != monthrange(d.year, d.month)[1]:
                assert civil_code_end(d, n) == Period(n, "months").due(d)
        d += timedelta(days=1)


def test_each_regime_says_which_counting_it_uses():
    for rid in ("jp-1899", "jp-1899-2025"):
        p = get(rid).parameters.param("periods.counting")
        assert p.value == "civil-code" and p.cite.startswith(rid + ":")
    for rid, name in (("jp-1899-2025", "owner_claim.period"), ("jp-1899-2025", "owner_claim.period_sunk"),
                      ("jp-1899-2025", "removal.claim_period")):
        assert get(rid).parameters.param(name).value.counting == "civil-code"
    # before the Civil Code (jp-1875) and de quantième à quantième (fr-epaves): the calendar rule
    for rid in ("jp-1875", "fr-epaves"):
        regime = get(rid)
        assert "periods.counting" not in regime.parameters
        for p in regime.parameters.all():
            if isinstance(p.value, Period):
                assert p.value.counting == "calendar"


def test_an_unknown_counting_is_refused():
    import pytest
    from wreckmaster.law.parameters import Parameters
    with pytest.raises(ValueError, match="periods.counting"):
        Parameters("x", {"periods.counting": {"type": "text", "value": "lunar", "cite": "x:1"}})
    with pytest.raises(ValueError, match="counting"):
        periods.add(date(2025, 1, 1), 1, "months", "lunar")
