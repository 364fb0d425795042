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
    """1–999 in Chinese numerals: 一, 十, 十七, 二十, 三十四, 百五, 二百十 (an era year past 99:
    令和百五年)."""
    if not 0 < n < 1000:
        raise ValueError(n)
    hundreds, n = divmod(n, 100)
    if hundreds:
        return ("" if hundreds == 1 else _DIGITS[hundreds]) + "百" + (number_zh(n) if n else "")
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


class DateProblem(ValueError):
    """A typed date that is not a day: ``code`` and ``values`` name what is wrong (the pages put
    it in the page's language, ``web/refusals.py``); ``str()`` is the English sentence."""

    def __init__(self, code: str, message: str, **values: object):
        super().__init__(message)
        self.code, self.values = code, values


_NUMERALS = {"〇": 0, "零": 0, **{ch: i for i, ch in enumerate(_DIGITS) if i}}
#: month names of the almanac that are not numbers
_MONTH_WORDS = {"正": 1, "元": 1, "冬": 11, "臘": 12, "腊": 12}
#: what a clerk may type in simplified characters, read as the almanac's
SIMPLIFIED = str.maketrans({"绪": "緒", "丰": "豐", "统": "統", "闰": "閏"})


def read_number(text: str) -> int:
    """The inverse of :func:`number_zh` and :func:`day_name`, for what people type: 元 → 1,
    九 → 9, 十 → 10, 二十五 / 廿五 → 25, 卅 → 30, 初一 → 1, 17 (full-width digits too).
    ValueError when it is not a number."""
    import unicodedata

    text = unicodedata.normalize("NFKC", text).strip()
    if text == "元":
        return 1
    if text.isdigit():
        return int(text)
    text = text.removeprefix("初").replace("廿", "二十").replace("卅", "三十")
    total, current, seen = 0, 0, False
    for ch in text:
        if ch in _NUMERALS:
            current, seen = _NUMERALS[ch], True
        elif ch in "十百":
            total, current, seen = total + (current or 1) * (10 if ch == "十" else 100), 0, True
        else:
            raise ValueError(f"{text!r} is not a number")
    if not seen:
        raise ValueError(f"{text!r} is not a number")
    return total + current


NUMERAL = r"[0-9０-９〇零一二三四五六七八九十廿卅百]+"


def era_pattern() -> str:
    """The era names of :data:`ERAS` as a regular expression's alternatives."""
    return "|".join(name for name, _first, _last in ERAS)


def from_era_date(text: str) -> date:
    """The Gregorian date of a Qing era date, the inverse of :func:`era_date` and
    :func:`era_date_numeric`: 光緒十七年二月廿五日, 光緒十七年二月二十五日, 光緒17年2月25日,
    光緒十六年閏二月初一日, 同治元年正月初一 (the 日 may be left out). DateProblem names what is
    wrong: an era year after the era's last, a leap month (閏) the year does not have, a day
    the month does not have (a 30th in a month of 29 days)."""
    import re
    import unicodedata

    text = unicodedata.normalize("NFKC", text or "").translate(SIMPLIFIED).strip()
    m = re.fullmatch(rf"({era_pattern()})\s*({NUMERAL}|元)\s*年\s*(閏)?\s*({NUMERAL}|[正冬臘腊])\s*月\s*(初?{NUMERAL})\s*日?", text)
    if m is None:
        raise DateProblem("not-an-era-date", f"{text!r} is not a Qing era date such as 光緒十六年二月十五日",
                          text=text)
    name, year_text, leap_mark, month_text, day_text = m.groups()
    first, last = next((f, la) for n, f, la in ERAS if n == name)
    year, leap = read_number(year_text), leap_mark is not None
    month = _MONTH_WORDS.get(month_text) or read_number(month_text)
    day = read_number(day_text)
    if not 1 <= year <= last - first + 1:
        raise DateProblem("era-year", f"{name} has the years 1 to {last - first + 1} ({first}–{last}), not {year}",
                          era=name, years=last - first + 1, first=first, last=last, year=year)
    year_name = f"{name}{'元' if year == 1 else number_zh(year)}年"
    months = _year_months(first + year - 1)
    found = next((x for x in months if (x.month, x.leap) == (month, leap)), None)
    if found is None:
        leaps = [x.name() for x in months if x.leap]
        if leap and 1 <= month <= 12:
            wanted = f"閏{month_name(month)}"
            raise DateProblem("no-leap-month", f"{year_name} has no {wanted}"
                              + (f" (its leap month is {leaps[0]})" if leaps else " (it has no leap month)"),
                              year=year_name, month=wanted, leap_month=leaps[0] if leaps else "")
        raise DateProblem("no-month", f"there is no month {month}: the months go from 正月 to 十二月", month=month)
    if not 1 <= day <= found.days:
        raise DateProblem("short-month", f"{year_name}{found.name()} has {found.days} days, not {day}",
                          month=f"{year_name}{found.name()}", days=found.days, day=day)
    return found.first + timedelta(days=day - 1)


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
