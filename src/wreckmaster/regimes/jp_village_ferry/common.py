"""What several jp-village-ferry rules share: the carrier, the cargo side, an item's
loading and unloading days, declarations, and yen formatting.

本村 ("this village") is the carrier: the owner of the ferry (``case.vessel.owner``), or
else the party with the role ``carrier``. The cargo side (荷送人又は荷受人若しくは荷主,
arts 9, 22) is the item's owner (an ``owner_identified`` event, else ``items[].owner``).
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from wreckmaster.law import events
from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Item
from wreckmaster.law.values import exact_text as yen  # noqa: F401  (re-exported for the rules)
from wreckmaster.law.yamlio import read_data

# --- the named values the rules pass on (law/named.py) -----------------------------------
#: pieces over the art 13 limits, measured as goods: set by :func:`.baggage.baggage_limits`
OVER_LIMITS = Value("over_limits", set, set_by="baggage_limits")
#: (item, event) of each disposal without its ground (arts 5 ¶2, 6, 7): set by :func:`.shipment.disposal`
UNAUTHORISED_DISPOSALS = Value("unauthorised_disposals", list, set_by="disposal")
#: item → the day it was landed elsewhere or carried back, justified (art 9): set by :func:`.voyage.discharge_elsewhere`
ART9 = Value("art9", dict, set_by="discharge_elsewhere")
#: the compensation awarded (arts 18, 19), for the period of grace: set by :func:`.compensation.compensation`
COMPENSATION = Value("compensation", list, set_by="compensation")

HERE = Path(__file__).parent

#: Item kinds these terms carry: goods (貨物), baggage (手荷物), valuables (高価品, art 11).
#: Parcels (小荷物) are items with ``parcel: true``.
CARRIED_KINDS = ("cargo", "baggage", "valuables")


@lru_cache(maxsize=None)
def expense_categories() -> dict[str, dict[str, Any]]:
    return read_data(HERE / "parameters.yaml")["expense_categories"]


def carrier(ctx: Context) -> str | None:
    """The village as carrier: the vessel's owner, else the party with the role ``carrier``."""
    v = ctx.case.vessel
    if v is not None and v.owner:
        return v.owner
    carriers = ctx.scenario.parties_with("carrier")
    return carriers[0].id if carriers else None


def require_carrier(ctx: Context, cites: str | list[str]) -> str | None:
    who = carrier(ctx)
    if who is None:
        ctx.finding("error", "carrier-unknown", cites, once=True)
    return who


def owner_of(ctx: Context, item: Item) -> str | None:
    """The item's owner (the cargo side): an ``owner_identified`` event, else ``items[].owner``."""
    return ctx.scenario.owner_of(item)


def is_carried(item: Item) -> bool:
    """Goods, baggage, parcels or valuables entrusted to the village (not hand-carried)."""
    return item.kind in CARRIED_KINDS and not item.hand_carried


def is_baggage(item: Item) -> bool:
    """Baggage (手荷物): what a passenger hands to the carrier (kind ``baggage``, not hand-carried)."""
    return item.kind == "baggage" and not item.hand_carried and not item.parcel


def what(item: Item) -> str:
    if item.hand_carried:
        return "hand-carried article (手廻品)"
    if item.parcel:
        return "parcel (小荷物)"
    return {"cargo": "goods (貨物)", "baggage": "baggage (手荷物)", "valuables": "valuables (高価品)"}.get(
        item.kind, item.kind)


def what_ja(item: Item) -> str:
    """The word of :func:`what` in Japanese (the value ``what_ja`` of a finding's template)."""
    if item.hand_carried:
        return "手廻品"
    if item.parcel:
        return "小荷物"
    return {"cargo": "貨物", "baggage": "手荷物", "valuables": "高価品"}.get(item.kind, item.kind)


def value_ja(ctx: Context, value: Any, default: str) -> str:
    """An event's enumerated value in Japanese, as the regime's ``events.yaml`` labels it (a
    finding's value ``<field>_ja``); ``default`` when the event gives none."""
    if value is None:
        return default
    return events.of_package(Path(ctx.regime.folder)).value_label(str(value), "ja") or str(value)


def what_values(item: Item) -> dict[str, str]:
    """A finding's values naming the item and its kind: ``What`` (the English word, capitalised to
    begin the sentence), ``what_ja`` and ``item`` (its id as written in the English)."""
    return {"What": what(item).capitalize(), "what_ja": what_ja(item), "item": repr(item.id)}


def loaded_on(ctx: Context, item_id: str) -> date | None:
    """The day the item was first loaded (liability begins, art 12)."""
    ev = ctx.scenario.first("loaded", items=item_id)
    return ev.date if ev is not None else None


def unloaded_on(ctx: Context, item_id: str) -> date | None:
    """The day the item was last unloaded (it left the ship's side, art 12)."""
    evs = [e for e in ctx.scenario.events_of("unloaded") if item_id in e.get("items", [])]
    return evs[-1].date if evs else None


def first_date(ctx: Context, etype: str, item_id: str) -> date | None:
    ev = ctx.scenario.first(etype, items=item_id)
    return ev.date if ev is not None else None


def in_time(done: date | None, item_id: str, ctx: Context) -> bool:
    """Done before loading (あらかじめ, 船積前): on or before the loading day; without a
    ``loaded`` event, any recorded day is in time (reading jp-village-ferry-5-before-loading)."""
    if done is None:
        return False
    loaded = loaded_on(ctx, item_id)
    return loaded is None or done <= loaded
