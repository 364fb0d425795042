"""Municipal holidays and the deadlines they move (SCENARIO.md "Municipal holidays").

地方自治法 第四条の二 ① 地方公共団体の休日は、条例で定める。 ② 前項の地方公共団体の休日は、次に掲げる日について
  定めるものとする。 一 日曜日及び土曜日 二 国民の祝日に関する法律に規定する休日 三 年末又は年始における日で条例で
  定めるもの … ④ 地方公共団体の行政庁に対する申請、届出その他の行為の期限で法律 … で規定する期間 … をもつて定める
  ものが第一項の規定に基づく条例で定められた地方公共団体の休日に当たるときは、地方公共団体の休日の翌日をもつて
  その期限とみなす。
(The municipality's holidays: Sundays and Saturdays, the national holidays, the year-end and New Year
days its by-law names; a deadline for an act towards the mayor that the law sets as a period and that
falls on such a holiday is the next day that is not one.)

The national holidays (国民の祝日, 振替休日 and the 国民の休日 between two holidays) come from the kept
library ``holidays`` (Japan), never from a table typed here; the weekdays, the year-end days and which
periods move are parameters (``municipal_holidays.*``); the office's own closing days are the case's
``case.closed_days``. Reading ``jp-1899-2025-municipal-holidays``.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Callable, Iterable

from wreckmaster.law.parameters import Param

WEEKDAYS = {"monday": (0, "月曜日", "Monday"), "tuesday": (1, "火曜日", "Tuesday"),
            "wednesday": (2, "水曜日", "Wednesday"), "thursday": (3, "木曜日", "Thursday"),
            "friday": (4, "金曜日", "Friday"), "saturday": (5, "土曜日", "Saturday"),
            "sunday": (6, "日曜日", "Sunday")}
YEAR_END = ("年末年始の休日", "year-end and New Year holidays")
OFFICE = ("閉庁日", "the office's closing day")


@dataclass(frozen=True)
class Holiday:
    """A municipal holiday (地方公共団体の休日): its day and its name in Japanese and English."""

    day: date
    ja: str
    en: str


@dataclass(frozen=True)
class Due:
    """The last day of a period: ``day`` (moved past the holidays ``skipped``, if any) and
    ``period_end``, the period's own last day."""

    day: date
    period_end: date
    skipped: tuple[Holiday, ...] = ()

    @property
    def moved(self) -> bool:
        return bool(self.skipped)

    def note(self) -> str | None:
        """Why the deadline is not the period's last day, in English and Japanese."""
        if not self.skipped:
            return None
        en = ", ".join(f"{h.day} {h.en} ({h.ja})" for h in self.skipped)
        ja = "、".join(f"{h.day}（{h.ja}）" for h in self.skipped)
        return (f"moved from {self.period_end} to {self.day}, the next day the municipal office is open: {en} "
                f"(地方自治法 art 4-2 ¶4) / 期間ノ末日 {self.period_end} — {ja} ハ市町村ノ休日ニ当ルニ付、"
                f"其ノ翌日 {self.day} ヲ以テ期限トス（地方自治法第四条の二第四項）")


@lru_cache(maxsize=512)
def national_holidays(year: int, country: str = "JP") -> dict[date, tuple[str, str]]:
    """The national holidays of ``year`` (国民の祝日に関する法律に規定する休日): the library's days, with
    their Japanese and English names (none for a year beyond the library's data: only the weekdays,
    the year-end days and the office's closing days then count)."""
    import holidays

    ja = holidays.country_holidays(country, years=year, language="ja")
    en = holidays.country_holidays(country, years=year, language="en_US")
    return {d: (name, en.get(d) or name) for d, name in ja.items()}


def _month_day(text: str) -> tuple[int, int]:
    month, day = text.split("-")
    return int(month), int(day)


def holiday(day: date, weekdays: Iterable[str], year_end: tuple[str, str],
            closed_days: Iterable[date] = (), country: str = "JP") -> Holiday | None:
    """The municipal holiday ``day`` is, or None when the office is open (a national holiday is named
    first, then the year-end days, the weekday, the office's own closing day)."""
    named = national_holidays(day.year, country).get(day)
    if named:
        return Holiday(day, *named)
    first, last = _month_day(year_end[0]), _month_day(year_end[1])
    md = (day.month, day.day)
    if (md >= first or md <= last) if first > last else (first <= md <= last):
        return Holiday(day, *YEAR_END)
    for w in weekdays:
        number, ja, en = WEEKDAYS[w]
        if day.weekday() == number:
            return Holiday(day, ja, en)
    if day in (closed_days if isinstance(closed_days, (set, frozenset)) else set(closed_days)):
        return Holiday(day, *OFFICE)
    return None


def claim_due(param: Callable[[str], Param], period_name: str, start: date, closed_days: Iterable[date]) -> Due:
    """The last day of the period ``period_name`` from ``start``: when the law sets it for an act
    towards the mayor (``municipal_holidays.periods``) and it falls on a municipal holiday, the next
    day that is not one (地方自治法 art 4-2 ¶4)."""
    end = param(period_name).value.due(start)
    if period_name not in param("municipal_holidays.periods").value:
        return Due(end, end)
    weekdays = tuple(param("municipal_holidays.weekdays").value)
    year_end = tuple(param("municipal_holidays.year_end").value)
    country = param("municipal_holidays.national").value
    return Due(*next_open_day(end, weekdays, year_end, frozenset(closed_days), country))


@lru_cache(maxsize=4096)
def next_open_day(end: date, weekdays: tuple[str, ...], year_end: tuple[str, str], closed: frozenset[date],
                  country: str) -> tuple[date, date, tuple[Holiday, ...]]:
    """``(the first day from end on that is no municipal holiday, end, the holidays skipped)``
    (地方自治法 art 4-2 ¶4; worked out once for the same days and the same office)."""
    day, skipped = end, []
    while (h := holiday(day, weekdays, year_end, closed, country)) is not None:
        skipped.append(h)
        day += timedelta(days=1)
    return day, end, tuple(skipped)
