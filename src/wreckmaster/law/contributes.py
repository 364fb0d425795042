"""What a regime contributes around its rules (issue 22): its documents, the words the shared
documents write for it, its notice board classes, its map layers, its commands and its calendar.

The shared modules (``documents``, ``public``, ``store``, ``geo``, ``web``, ``cli``) ask the
registry (:func:`.regime.get`) for these; none of them knows a regime by its id. Code a regime
contributes that is not law (a document builder, a Typer command) is named ``"module:function"``
(or a module), imported only when it is used, so that assessing a case loads no adapter.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping

if TYPE_CHECKING:
    from .eras import Eras
    from .periods import Period

#: the events that put an item under notice and those that end it (CASE.md, "under notice")
NOTICE_STARTS = ("notice_posted", "notice_wide")
NOTICE_ENDS = ("owner_identified", "returned_to_owner", "owner_claimed", "sold", "finder_took")


def resolve(ref: str) -> Any:
    """``"package.module:name"`` → the object (imported on first use)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Document:
    """A document the regime prints (``wreckmaster document NAME``).

    ``builder``: ``"module:function"`` taking ``(Ctx, party)``, returning the document model;
    ``templates``: the folder of its template ``NAME.html`` (None: the shared ``documents/templates``)."""

    name: str
    langs: tuple[str, ...]
    builder: str
    title: str               # for help and the web page's links
    needs_party: bool = False
    templates: Path | None = None


@dataclass(frozen=True)
class DocumentWords:
    """How the shared documents (statement, notice) write a case of this regime."""

    #: the notice's title in the regime's language (掲示, 公告, 告示, Avis)
    notice_title: str | None = None
    #: the notice's text in the regime's own words, by language (else the shared text)
    notice_body: Mapping[str, str] = field(default_factory=dict)
    #: the article that orders the notice (the notice cites it)
    notice_cite: str | None = None
    #: ``"module:function"`` ``(ctx, item) -> words``: the class of goods written after the item
    #: on the notice (where the law classes goods; the place is then printed as recorded)
    notice_goods: str | None = None
    #: the funds' names in the regime's language (``government`` → 國庫)
    funds: Mapping[str, str] = field(default_factory=dict)
    #: the old-style characters of the Meiji statutes (條, 號) in article labels
    old_style: bool = False
    #: items lettered a), b) in article labels (art. 4, a))
    lettered_items: bool = False
    #: the article by which the mayor receives and passes on a charge (the statement shows it "passed on")
    passed_on: str | None = None
    #: ``"module:function"`` ``(ctx, rows) -> [words]``: what each line of a statement is for, in the law's words
    line_purposes: str | None = None
    #: ``"module:function"`` ``() -> {category: {lang: name}}``: the expense categories in the regime's words
    expense_names: str | None = None


@dataclass(frozen=True)
class ItemClass:
    """A class of found goods the notice board filters on (CASE.md 1.1, ``class``)."""

    key: str                 # drifting | sunken | river-timber
    law: str                 # the law's own words
    en: str
    cite: str


@dataclass(frozen=True)
class MapLayers:
    """What the maps and the computed coast facts add for the regime (``geo``).

    The geography is shared (``geo/data``: the regions' boxes, the gazetteer, the offices of the
    period); what the regime's law makes of it is declared here, so that ``geo`` reads no regime id
    from its data."""

    #: the coast regions it applies in (the names of ``geo/data/regions.yaml``'s boxes), the first
    #: preferred where two boxes hold a point: a distance, a map, a station register is measured on
    #: these regions' coastline
    regions: tuple[str, ...] = ()
    #: its station registers of the coast (``case.station_computed``, the stations on the map): the
    #: file in the regime's folder that lists them (``stations.yaml``, key ``registers``), or None
    stations: str | None = None
    #: the nearest office of the period (``case.office_computed``), in this year when the case gives none
    nearest_office_year: int | None = None
    #: the line one nautical mile from the coast
    one_mile_line: bool = False


def law_of(regime_id: str | None) -> Any:
    """The registered regime of this id, or None when none is installed (the shared modules' question)."""
    from .regime import get

    try:
        return get(regime_id) if regime_id else None
    except KeyError:
        return None


def item_class_of(regime: Any, scenario: Any, item: Any) -> str | None:
    """The notice board's class of an item (``drifting``, ``sunken``, ``river-timber`` …) under its
    regime's law (``Regime.item_class``), or None where the law does not class goods."""
    classify = regime.item_class
    key = classify(scenario, item) if classify is not None else None
    return key.replace("_", "-") if key else None


# --- the calendar (issue 22: "its holiday calendar and period counting") -------------------------
#: how a regime's months and years run: the Gregorian calendar's, or the Chinese almanac's
#: (時憲書: lunar months, a leap month counting as a month; :mod:`.chinese_calendar`)
MONTHS = ("gregorian", "lunar")


@dataclass(frozen=True)
class Calendar:
    """The calendar a regime's law reckons in: the era its dates are written and typed in, how its
    months run, and the days its office is closed.

    - ``eras``: the era calendar of its people (:class:`.eras.Eras`: :data:`.eras.JAPANESE`,
      :data:`.eras.QING`), or None where they wrote dates without one (the pages and documents then
      write the day alone, or in words). The pages write a case's dates in it (``web/i18n.era``),
      the documents in the regime's language and beside an English date (``documents/common.py``),
      the ledger its counted years (``ledger/clean_years.py``); a typed era date is read with the
      eras of every registered regime (:func:`.eras.from_era`).
    - ``months``: ``gregorian``, or ``lunar`` (the Qing regimes): a period of ``months`` or
      ``years`` counted by :meth:`add` runs by lunar months (``lunar_months`` is lunar anyway).
    - ``holidays``: ``(scenario, day) -> holiday or None`` — the days the regime's office is closed,
      on which a period the law lets run past them does not end (:meth:`next_open_day`); a holiday
      is any object the regime's rules write about (jp-1899-2025's ``municipal_days.Holiday``, 地方自治法
      art 4-2), None when the office is open that day. None: no such days.

    How the days of a period are counted (the day of the event not counted; months by the calendar
    or by the Civil Code, 民法 arts 140–143) is a figure of the law, so it stays in the regime's
    ``parameters.yaml`` (``periods.counting``, cited; :mod:`.periods`), and each ``period``
    parameter carries it (``Period.counting``): :meth:`add` counts with it.
    """

    eras: "Eras | None" = None
    months: Literal["gregorian", "lunar"] = "gregorian"
    holidays: "Callable[[Any, date], Any] | None" = None

    def __post_init__(self) -> None:
        if self.months not in MONTHS:
            raise ValueError(f"Calendar(months={self.months!r}): expected one of {', '.join(MONTHS)}")

    def write(self, d: date) -> str | None:
        """``d`` in the regime's era (明治九年三月二日, 光緒十七年二月廿五日), or None (no era, or out of its range)."""
        return self.eras.write(d) if self.eras is not None else None

    def add(self, start: date, period: "Period") -> date:
        """The last day of ``period`` from an event on ``start``, in this calendar's months."""
        if self.months == "lunar" and period.unit in ("months", "years", "lunar_months"):
            from . import chinese_calendar as cal

            if period.unit == "years":
                return cal.add_lunar_years(start, period.count)
            return cal.add_lunar_months(start, period.count).due
        return period.due(start)

    def holiday(self, scenario: Any, day: date) -> Any:
        """The holiday ``day`` is for the case's office (None: open, or the regime has no holidays)."""
        return self.holidays(scenario, day) if self.holidays is not None else None

    def next_open_day(self, scenario: Any, day: date) -> "tuple[date, tuple[Any, ...]]":
        """``day``, or the first day after it that is no holiday, and the holidays passed over."""
        skipped = []
        while (h := self.holiday(scenario, day)) is not None:
            skipped.append(h)
            day += timedelta(days=1)
        return day, tuple(skipped)


#: the calendar of a regime that declares none: Gregorian months, no era, no holidays
GREGORIAN = Calendar()


def era_calendars() -> "tuple[Eras, ...]":
    """The era calendars the regimes declare, each once, in the order of the regimes' ids (a typed
    era date is read with these: :func:`.eras.from_era`)."""
    from .regime import all_regimes

    return tuple(dict.fromkeys(r.calendar.eras for r in all_regimes() if r.calendar.eras is not None))


def eras_in(lang: str, regime: Any = None) -> "Eras | None":
    """The era calendar of dates written in ``lang``: the regime's own where it writes that language,
    else the one the registered regimes that write it declare (the first by id; a Japanese page of a
    Qing case dates it as a Japanese reader would), or None (a language whose dates carry no era)."""
    if regime is not None and regime.language == lang:
        return regime.calendar.eras
    from .regime import all_regimes

    return next((r.calendar.eras for r in all_regimes() if r.language == lang and r.calendar.eras is not None), None)
