"""What a regime contributes around its rules (issue 22): its documents, the words the shared
documents write for it, its notice board classes, its map layers and its commands.

The shared modules (``documents``, ``public``, ``store``, ``geo``, ``web``, ``cli``) ask the
registry (:func:`.regime.get`) for these; none of them knows a regime by its id. Code a regime
contributes that is not law (a document builder, a Typer command) is named ``"module:function"``
(or a module), imported only when it is used, so that assessing a case loads no adapter.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

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
    """What the maps and the computed coast facts add for the regime (``geo``)."""

    #: the station registers of the coast (``case.station_computed``, the stations on the map)
    stations: bool = False
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
