"""Issue 25: a clerk types a date as people of the regime wrote it (``web/entry_values.day``):
ISO, a Japanese era date (Gregorian months and days since 明治六年, 1873) or a Qing reign date
(lunar month and day, through ``law/chinese_calendar``, leap months 閏 included), in kanji or
Arabic numerals. A date that does not exist is refused with a code the page puts in its
language (``web/refusals.py``).
"""
from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import chinese_calendar as cal
from wreckmaster.law import eras
from wreckmaster.law.chinese_calendar import DateProblem
from wreckmaster.web.entry_values import day

WORKED = [
    # seed 003: 劉銘傳's proclamation for Taiwan is dated 光緒十七年二月二十五日 (1891); the almanac
    # (lunar-python) puts 光緒十七年 二月 初一 on 1891-03-10, so the 25th is 1891-04-03
    ("光緒十七年二月二十五日", "1891-04-03"),
    ("光緒十七年二月廿五日", "1891-04-03"),          # the almanac's own day name (era_date)
    ("光緒17年2月25日", "1891-04-03"),               # Arabic numerals (era_date_numeric)
    ("光緒１７年２月２５日", "1891-04-03"),           # full-width digits
    # seed 003: the Shandong articles, "probably of 光緒14 (1888)": 五月 初一 is 1888-06-10
    ("光緒十四年五月廿二日", "1888-07-01"),
    # 光緒十六年 has a leap second month (閏二月, 1890-03-21 to 04-18, the standard tables)
    ("光緒十六年閏二月初一日", "1890-03-21"),
    ("光緒十六年閏二月廿九日", "1890-04-18"),
    ("光緒十六年二月十五日", "1890-03-05"),           # the ordinary 二月 began on 1890-02-19
    ("光绪十六年闰二月初一", "1890-03-21"),           # simplified characters, the 日 left out
    ("光緒元年正月初一日", "1875-02-06"),             # the first day of the reign
    ("同治元年正月初一日", "1862-01-30"),
    # Japan: the Gregorian months and days from 明治六年 (1873); seed 001 is of 明治八年 (1875)
    ("明治八年三月五日", "1875-03-05"),
    ("明治九年三月二日", "1876-03-02"),
    ("明治32年3月16日", "1899-03-16"),
    ("昭和元年12月25日", "1926-12-25"),
    ("令和8年3月31日", "2026-03-31"),
    ("令和百五年一月一日", "2123-01-01"),              # an era past its 99th year (dates run to 2999)
    ("2026-03-31", "2026-03-31"),
    ("2026/3/31", "2026-03-31"),
]


@pytest.mark.parametrize(("typed", "iso"), WORKED)
def test_worked_era_dates(typed, iso):
    assert day(typed) == iso


REFUSED = [
    ("光緒十六年閏三月初一日", "no-leap-month", "閏二月"),   # 1890's leap month is the second
    ("光緒十四年閏五月初一日", "no-leap-month", "it has no leap month"),
    ("光緒十六年正月三十日", "short-month", "has 29 days, not 30"),   # 正月 of 1890: 29 days
    ("光緒四十年正月初一日", "era-year", "1 to 34"),            # 光緒 lasted 34 years (1875–1908)
    ("光緒十六年十三月初一日", "no-month", "13"),
    ("明治五年一月一日", "before-gregorian", "1873-01-01"),   # Japan was lunisolar until then
    ("明治九年", "year-only", "month and day"),
    ("平成三十二年一月一日", "not-in-era", "平成"),           # 平成 ended on 2019-04-30
    ("2026-02-30", "not-a-day", "not a day"),
    ("3月31日", "not-a-date", "光緒十六年二月十五日"),
]


@pytest.mark.parametrize(("typed", "code", "words"), REFUSED)
def test_a_date_that_does_not_exist_is_refused_with_its_reason(typed, code, words):
    with pytest.raises(DateProblem) as caught:
        day(typed)
    assert caught.value.code == code
    assert words in str(caught.value)


def test_the_era_lists_are_the_calendars_own():
    """One list per country: the parser reads the eras the display writes."""
    assert [e[0] for e in cal.ERAS] == ["道光", "咸豐", "同治", "光緒", "宣統"]
    assert cal.era_pattern().split("|") == [e[0] for e in cal.ERAS]
    assert day("宣統三年十二月廿五日") == "1912-02-12"   # the abdication, the last day an era is written


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=date(1873, 1, 1), max_value=date(2999, 12, 31)), st.sampled_from(["kanji", "arabic"]))
def test_a_japanese_era_date_shown_reads_back_as_the_same_day(d, numerals):
    assert eras.from_era(eras.japanese(d, numerals)) == d


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=date(1821, 2, 3), max_value=date(1912, 2, 17)), st.booleans())
def test_a_qing_era_date_shown_reads_back_as_the_same_day(d, numeric):
    shown = cal.era_date_numeric(d) if numeric else cal.era_date(d)
    if shown is None:   # before 道光元年 or after 宣統三年
        return
    assert day(shown) == d.isoformat()
