"""The Chinese (lunisolar, 時憲) calendar for the Qing regimes: lunar dates, lunar months,
Qing era dates (光緒十七年二月廿五日).

Pure functions over :class:`datetime.date` (proleptic Gregorian), built on ``lunar-python``
(which covers the 19th century; ``lunardate`` starts only in 1900). The library computes
new moons and solar terms astronomically for China's standard meridian; the Qing almanac
(時憲書) reckoned for Beijing, so where a new moon falls within minutes of midnight a month
may begin a day apart from the printed almanac. The leap months of the Guangxu reign
(1876 閏五月, 1879 閏三月, 1881 閏七月, 1884 閏五月, 1887 閏四月, 1890 閏二月, 1892 閏六月,
1895 閏五月, 1898 閏三月, 1900 閏八月, 1903 閏五月, 1906 閏四月) come out as in the standard
tables; ``tests/regimes/qing_shandong`` checks them.

A lunar month is ``(year, month, leap)``: ``year`` the lunar year (as a Gregorian year
number: the lunar year that begins in that Gregorian year), ``month`` 1–12, ``leap`` true for
the intercalary month (閏月) that follows month ``month``.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from lunar_python import LunarYear, Solar

#: Qing reign eras (年號): name, the lunar year of its first year (元年), the last lunar year.
#: Eras change at the lunar new year following the accession.
ERAS: tuple[tuple[str, int, int], ...] = (
    ("道光", 1821, 1850),
    ("咸豐", 1851, 1861),
    ("同治", 1862, 1874),
    ("光緒", 1875, 1908),
    ("宣統", 1909, 1911),
)

_DIGITS = "〇一二三四五六七八九"


@dataclass(frozen=True, order=True)
class LunarDate:
    year: int
    month: int
    day: int
    leap: bool = False


@dataclass(frozen=True)
class LunarMonthInfo:
    """One lunar month: its year, number, leap flag, first day (Gregorian) and length."""

    year: int
    month: int
    leap: bool
    first: date
    days: int

    @property
    def last(self) -> date:
        return self.first + timedelta(days=self.days - 1)

    def name(self) -> str:
        """``閏二月``, ``正月``, ``十一月``."""
        return ("閏" if self.leap else "") + month_name(self.month)


# --- conversions ------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def to_lunar(d: date) -> LunarDate:
    """The lunar date of a Gregorian date."""
    lunar = Solar.fromYmd(d.year, d.month, d.day).getLunar()
    m = lunar.getMonth()
    return LunarDate(lunar.getYear(), abs(m), lunar.getDay(), m < 0)


@lru_cache(maxsize=256)
def _year_months(year: int) -> tuple[LunarMonthInfo, ...]:
    """The months of lunar year ``year`` (正月 … 十二月, with its leap month), in order."""
    out = []
    for m in LunarYear.fromYear(year).getMonthsInYear():
        first = Solar.fromJulianDay(m.getFirstJulianDay())
        out.append(LunarMonthInfo(m.getYear(), abs(m.getMonth()), m.getMonth() < 0,
                                  date(first.getYear(), first.getMonth(), first.getDay()), m.getDayCount()))
    return tuple(out)


def months_of_year(year: int) -> tuple[LunarMonthInfo, ...]:
    return _year_months(year)


def month_of(d: date) -> LunarMonthInfo:
    """The lunar month that contains ``d``."""
    ld = to_lunar(d)
    return next(m for m in _year_months(ld.year) if (m.month, m.leap) == (ld.month, ld.leap))


def lunar_month(year: int, month: int, leap: bool = False) -> LunarMonthInfo:
    for m in _year_months(year):
        if (m.month, m.leap) == (month, leap):
            return m
    raise ValueError(f"lunar year {year} has no {'leap ' if leap else ''}month {month}")


def from_lunar(year: int, month: int, day: int, leap: bool = False) -> date:
    """The Gregorian date of a lunar date."""
    m = lunar_month(year, month, leap)
    if not 1 <= day <= m.days:
        raise ValueError(f"{m.name()} of lunar year {year} has {m.days} days, not {day}")
    return m.first + timedelta(days=day - 1)


def next_months(start: LunarMonthInfo, n: int) -> list[LunarMonthInfo]:
    """The ``n`` lunar months that follow ``start`` (leap months included), in order."""
    out: list[LunarMonthInfo] = []
    year = start.year
    months = list(_year_months(year))
    i = months.index(start) + 1
    while len(out) < n:
        if i >= len(months):
            year += 1
            months, i = list(_year_months(year)), 0
        out.append(months[i])
        i += 1
    return out


@dataclass(frozen=True)
class LunarPeriod:
    """The result of counting ``count`` lunar months from a date: the last day of the period,
    the months counted, and the leap months among them."""

    start: date
    count: int
    due: date
    months: tuple[LunarMonthInfo, ...]
    clamped: bool  # the start's day number does not exist in the last month: its last day

    @property
    def leap_months(self) -> tuple[LunarMonthInfo, ...]:
        return tuple(m for m in self.months if m.leap)


def add_lunar_months(start: date, count: int) -> LunarPeriod:
    """``count`` lunar months from ``start``: the day with the same number in the
    ``count``-th lunar month after the month of ``start`` (leap months count as months), or
    that month's last day when it is shorter (a 30th in a month of 29 days)."""
    if count < 0:
        raise ValueError("count must not be negative")
    ld = to_lunar(start)
    here = month_of(start)
    if count == 0:
        return LunarPeriod(start, 0, start, (), False)
    months = next_months(here, count)
    target = months[-1]
    day = min(ld.day, target.days)
    return LunarPeriod(start, count, target.first + timedelta(days=day - 1), tuple(months), day != ld.day)


def add_lunar_years(start: date, count: int) -> date:
    """``count`` lunar years from ``start`` (as the Qing texts count years, 三年): the same lunar
    month and day ``count`` years later; a leap month counts as its ordinary month (the later
    year need not have that leap month), and the month's last day when it is shorter (issue 28,
    reading qing-shandong-2-clean-years)."""
    if count < 0:
        raise ValueError("count must not be negative")
    ld = to_lunar(start)
    target = lunar_month(ld.year + count, ld.month, False)
    return target.first + timedelta(days=min(ld.day, target.days) - 1)


# --- era dates --------------------------------------------------------------------------
def number_zh(n: int) -> str:
    """1–99 in Chinese numerals: 一, 十, 十七, 二十, 三十四."""
    if not 0 < n < 100:
        raise ValueError(n)
    tens, units = divmod(n, 10)
    if tens == 0:
        return _DIGITS[units]
    return ("" if tens == 1 else _DIGITS[tens]) + "十" + (_DIGITS[units] if units else "")


def month_name(month: int) -> str:
    """正月, 二月 … 十二月."""
    return "正月" if month == 1 else number_zh(month) + "月"


def day_name(day: int) -> str:
    """初一 … 初十, 十一 … 十九, 二十, 廿一 … 廿九, 三十 (the almanac's day names)."""
    if day <= 10:
        return "初" + number_zh(day)
    if day < 20:
        return number_zh(day)
    if day == 20:
        return "二十"
    if day < 30:
        return "廿" + _DIGITS[day - 20]
    return "三十"


def era_of(lunar_year: int) -> tuple[str, int] | None:
    """The Qing era and its year number for a lunar year, or None outside 1821–1911."""
    for name, first, last in ERAS:
        if first <= lunar_year <= last:
            return name, lunar_year - first + 1
    return None


def era_date(d: date) -> str | None:
    """``光緒十七年二月廿五日`` (leap months as ``閏二月``); None outside the Qing eras known here."""
    ld = to_lunar(d)
    era = era_of(ld.year)
    if era is None:
        return None
    name, year = era
    return (f"{name}{'元' if year == 1 else number_zh(year)}年{'閏' if ld.leap else ''}"
            f"{month_name(ld.month)}{day_name(ld.day)}日")


def era_date_numeric(d: date) -> str | None:
    """``光緒17年2月25日`` (a leap month as ``閏2月``)."""
    ld = to_lunar(d)
    era = era_of(ld.year)
    if era is None:
        return None
    return f"{era[0]}{era[1]}年{'閏' if ld.leap else ''}{ld.month}月{ld.day}日"


def describe(d: date) -> str:
    """``1891-04-03 (光緒十七年二月廿五日)``, or the ISO date alone outside the Qing eras."""
    e = era_date(d)
    return f"{d.isoformat()} ({e})" if e else d.isoformat()


def record(out, *dates: date | None) -> None:
    """Show these dates also as Qing era dates: the assessment's ``era_dates`` output key
    (ISO date → ``光緒十七年二月廿五日``, in date order; docs/scenario-extensions.md)."""
    extra = out.outputs
    table = dict(extra.get("era_dates", {}))
    for d in dates:
        if d is not None:
            e = era_date(d)
            if e:
                table[d.isoformat()] = e
    extra["era_dates"] = dict(sorted(table.items()))
