"""Era dates: 明治九年三月二日 (Japan), 光緒十六年二月十五日 (Qing, lunar: chinese_calendar), shown
and read back (:func:`from_era`, for what a clerk types).

Japan counts years by era name (元号) from the first day of each era; the Gregorian calendar
was adopted on Meiji 6-01-01 (1873-01-01), so from then on the month and day are the Gregorian
ones and only the year is counted from the era. Dates before 1873 are lunisolar and are not
converted here (none of the Japanese regimes reaches back that far): :func:`japanese` returns
None for them. The first year of an era is 元年.

An era calendar is what a regime declares it writes its dates in (:class:`Eras`: :data:`JAPANESE`,
:data:`QING`; ``Regime(calendar=Calendar(eras=…))``, :mod:`.contributes`): the pages, the documents
and the ledger write a date with the regime's, and :func:`from_era` reads a typed date with those
the registered regimes declare.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Callable

from .chinese_calendar import NUMERAL, DateProblem, number_zh, read_number

#: (first day, name, romanised) — the eras since the Gregorian calendar (1873)
JAPANESE_ERAS = (
    (date(1868, 1, 25), "明治", "Meiji"),
    (date(1912, 7, 30), "大正", "Taishō"),
    (date(1926, 12, 25), "昭和", "Shōwa"),
    (date(1989, 1, 8), "平成", "Heisei"),
    (date(2019, 5, 1), "令和", "Reiwa"),
)
GREGORIAN_IN_JAPAN = date(1873, 1, 1)


def japanese_era(d: date) -> tuple[str, str, int] | None:
    """(era, romanised era, year of the era) of a Gregorian date from 1873 on."""
    if d < GREGORIAN_IN_JAPAN:
        return None
    for start, name, roman in reversed(JAPANESE_ERAS):
        if d >= start:
            return name, roman, d.year - start.year + 1
    return None  # pragma: no cover - 1873 is inside Meiji


def japanese(d: date, numerals: str = "kanji") -> str | None:
    """明治九年三月二日 (``numerals="kanji"``), 明治9年3月2日 (``"arabic"``); None before 1873."""
    era = japanese_era(d)
    if era is None:
        return None
    name, _roman, year = era
    if numerals == "arabic":
        return f"{name}{'元' if year == 1 else year}年{d.month}月{d.day}日"
    y = "元" if year == 1 else number_zh(year)
    return f"{name}{y}年{number_zh(d.month)}月{number_zh(d.day)}日"


def japanese_en(d: date) -> str | None:
    """Meiji 9 (1876)-03-02 style, for English text."""
    era = japanese_era(d)
    if era is None:
        return None
    _name, roman, year = era
    return f"{roman} {year}, {d.isoformat()}"


def from_japanese(text: str) -> date:
    """The Gregorian date of 令和8年3月31日 / 明治九年三月二日 / 昭和元年12月25日 (the inverse of
    :func:`japanese`, for the months and days of the Gregorian calendar, from 1873).
    :class:`~.chinese_calendar.DateProblem` names what is wrong; an era year alone (明治九年)
    asks for the month and day."""
    import re
    import unicodedata

    text = unicodedata.normalize("NFKC", text or "").strip()
    names = "|".join(name for _start, name, _roman in JAPANESE_ERAS)
    m = re.fullmatch(rf"({names})\s*({NUMERAL}|元)\s*年(?:\s*({NUMERAL})\s*月\s*({NUMERAL})\s*日)?", text)
    if m is None:
        raise DateProblem("not-an-era-date", f"{text!r} is not an era date such as 令和8年3月31日 or 明治九年三月二日",
                          text=text)
    name, year_text, month_text, day_text = m.groups()
    if month_text is None:
        raise DateProblem("year-only", f"{text!r} gives the year only: add the month and day "
                          f"(e.g. {name}{year_text}年三月二日)", text=text, example=f"{name}{year_text}年三月二日")
    start = next(s for s, n, _r in JAPANESE_ERAS if n == name)
    year, month, day = start.year + read_number(year_text) - 1, read_number(month_text), read_number(day_text)
    try:
        d = date(year, month, day)
    except ValueError:
        raise DateProblem("not-a-day", f"{text!r} is not a day of the calendar", text=text) from None
    if d < GREGORIAN_IN_JAPAN:
        raise DateProblem("before-gregorian", f"{text!r} is before 明治六年一月一日 (1873-01-01), when Japan took "
                          "the Gregorian calendar: give the date in ISO", text=text)
    era = japanese_era(d)
    if era is None or era[0] != name:
        raise DateProblem("not-in-era", f"{text!r} is not a day of the {name} era", text=text, era=name)
    return d


@dataclass(frozen=True)
class Eras:
    """An era calendar (元号, 年號): how the people of a regime wrote a date, and how a clerk types one.

    ``write(d)`` the date in the era (明治九年三月二日; None where the calendar does not reach it),
    ``gloss(d)`` the era for an English text written beside the date (``Meiji 35``; None likewise),
    ``read(text)`` the Gregorian date of a typed era date (:class:`~.chinese_calendar.DateProblem`
    ``not-an-era-date`` when the text names none of its eras, another code when it names one but is
    not a day of it), ``example`` a date as it is typed (for messages)."""

    name: str
    write: Callable[[date], "str | None"]
    gloss: Callable[[date], "str | None"]
    read: Callable[[str], date]
    example: str


def _japanese_gloss(d: date) -> str | None:
    """``Meiji 35`` (the romanised era and its year), for a date written in English."""
    era = japanese_era(d)
    return None if era is None else f"{era[1]} {era[2]}"


def _qing_write(d: date) -> str | None:
    from .chinese_calendar import era_date

    return era_date(d)


def _qing_gloss(d: date) -> str | None:
    from .chinese_calendar import era_date_numeric

    return era_date_numeric(d)


def _qing_read(text: str) -> date:
    from .chinese_calendar import from_era_date

    return from_era_date(text)


#: the Japanese eras since the Gregorian calendar (1873): the dates of the Japanese regimes
JAPANESE = Eras("japanese", japanese, _japanese_gloss, from_japanese, "令和8年3月31日")
#: the Qing reign eras, lunar months and days (:mod:`.chinese_calendar`): the dates of the Qing regimes
QING = Eras("qing", _qing_write, _qing_gloss, _qing_read, "光緒十六年二月十五日")


def from_era(text: str, calendars: "tuple[Eras, ...] | None" = None) -> date:
    """The Gregorian date of an era date (令和8年3月31日, 光緒十六年閏二月初一日), read with the era
    calendars ``calendars`` — by default those the registered regimes declare
    (:func:`.contributes.era_calendars`): the first that knows the era reads it."""
    from .chinese_calendar import DateProblem
    from .contributes import era_calendars

    calendars = era_calendars() if calendars is None else calendars
    for eras in calendars:
        try:
            return eras.read(text)
        except DateProblem as exc:
            if exc.code != "not-an-era-date":
                raise
    raise DateProblem("not-an-era-date", f"{text!r} is not an era date such as "
                      + " or ".join(e.example for e in calendars), text=text)
