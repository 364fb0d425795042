"""Era dates for display: 明治九年三月二日 (Japan), 光緒十六年二月十五日 (Qing, lunar: chinese_calendar).

Japan counts years by era name (元号) from the first day of each era; the Gregorian calendar
was adopted on Meiji 6-01-01 (1873-01-01), so from then on the month and day are the Gregorian
ones and only the year is counted from the era. Dates before 1873 are lunisolar and are not
converted here (none of the Japanese regimes reaches back that far): :func:`japanese` returns
None for them. The first year of an era is 元年.
"""
from __future__ import annotations

from datetime import date

from .chinese_calendar import number_zh

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


_KANJI_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def _era_number(text: str) -> int:
    """元 → 1, 九 → 9, 二十 → 20, 三十一 → 31, 廿 → 20, 12 → 12 (full-width digits too)."""
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    if text == "元":
        return 1
    if text.isdigit():
        return int(text)
    text = text.replace("廿", "二十").replace("卅", "三十")
    total, current = 0, 0
    for ch in text:
        if ch in _KANJI_DIGITS:
            current = _KANJI_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        else:
            raise ValueError(f"{text!r} is not a number")
    return total + current


def from_japanese(text: str) -> date:
    """The Gregorian date of 令和8年3月31日 / 明治九年三月二日 / 昭和元年12月25日 (the inverse of
    :func:`japanese`, for the months and days of the Gregorian calendar, from 1873). ValueError
    names what is wrong; an era year alone (明治九年) asks for the month and day."""
    import re

    m = re.fullmatch(r"\s*(明治|大正|昭和|平成|令和)\s*([0-9０-９〇零一二三四五六七八九十廿卅元]+)\s*年"
                     r"(?:\s*([0-9０-９〇零一二三四五六七八九十廿卅]+)\s*月\s*([0-9０-９〇零一二三四五六七八九十廿卅]+)\s*日)?\s*",
                     text)
    if m is None:
        raise ValueError(f"{text!r} is not an era date such as 令和8年3月31日 or 明治九年三月二日")
    name, year_text, month_text, day_text = m.groups()
    if month_text is None:
        raise ValueError(f"{text!r} gives the year only: add the month and day (e.g. {name}{year_text}年三月二日)")
    start = next(s for s, n, _r in JAPANESE_ERAS if n == name)
    year = start.year + _era_number(year_text) - 1
    d = date(year, _era_number(month_text), _era_number(day_text))
    era = japanese_era(d)
    if era is None or era[0] != name:
        raise ValueError(f"{text!r} is not a day of the {name} era")
    return d
