"""Computed facts put into a scenario document **before** the engine runs (issue 15).

:func:`enrich` returns a copy of the document where every position that has no computed fact
yet gets one:

- ``case.position`` → ``case.distance_computed``; under qing-shandong / qing-taiwan also
  ``case.station_computed`` (the responsible station); under jp-1875 / jp-1899 also
  ``case.office_computed`` (the nearest municipal office of the period);
- ``items[].found.position`` → ``items[].found.distance_computed``.

A fact already in the document is never recomputed: the case log stores the entry with its
facts, so an old case does not change when the data package does. A typed-in
``distance_from_coast_m`` (the official's determination) is kept and wins in the engine; the
computed one is put beside it. Positions that are not valid numbers are left for validation
to report; positions outside the coastline's regions get no fact.
"""
from __future__ import annotations

import copy
from decimal import Decimal, InvalidOperation
from typing import Any


def _position(raw: Any) -> tuple[float, float] | None:
    if not isinstance(raw, dict):
        return None
    try:
        lat, lon = raw.get("lat"), raw.get("lon")
        if isinstance(lat, bool) or isinstance(lon, bool) or isinstance(lat, float) or isinstance(lon, float):
            return None
        la, lo = float(Decimal(str(lat))), float(Decimal(str(lon)))
    except (InvalidOperation, ValueError, TypeError):
        return None
    if not (-90 <= la <= 90 and -180 <= lo <= 180):
        return None
    return la, lo


def _year(doc: dict[str, Any], found: Any = None) -> int | None:
    for raw in ((found or {}).get("date") if isinstance(found, dict) else None,
                (doc.get("case") or {}).get("occurred") if isinstance(doc.get("case"), dict) else None):
        if isinstance(raw, str) and len(raw) >= 4 and raw[:4].isdigit():
            return int(raw[:4])
        if hasattr(raw, "year"):
            return raw.year
    return None


def as_fact(d: dict[str, Any]) -> dict[str, Any]:
    """The measure as a scenario fact: exact numbers (no binary floats)."""
    return {
        "distance_m": d["distance_m"],
        "uncertainty_m": d["uncertainty_m"],
        "on_land": d["on_land"],
        "nearest": {"lat": str(d["nearest"]["lat"]), "lon": str(d["nearest"]["lon"])},
        "source": d["source"],
        "data_version": d["data_version"],
        "region": d["region"],
        "components": dict(d["components"]),
        "component_sources": dict(d["component_sources"]),
    }


def map_layers(regime: str | None):
    """What the regime's maps and coast facts add (its ``map_layers``; none for an unknown regime)."""
    from wreckmaster.law.contributes import MapLayers, law_of

    law = law_of(regime)
    return law.map_layers if law is not None else MapLayers()


def enrich(doc: Any) -> Any:
    """A copy of ``doc`` with the computed coast facts added (``doc`` itself is not changed)."""
    if not isinstance(doc, dict):
        return doc
    from .coastline import OutsideRegions
    from .measure import distance

    out = copy.deepcopy(doc)
    regime = out.get("regime") if isinstance(out.get("regime"), str) else None
    case = out.get("case")
    layers = map_layers(regime)
    if isinstance(case, dict):
        pos = _position(case.get("position"))
        if pos is not None:
            try:
                if "distance_computed" not in case:
                    case["distance_computed"] = as_fact(distance(*pos, year=_year(out), regime=regime))
            except OutsideRegions:
                pass
            if layers.stations and "station_computed" not in case:
                from .stations import responsible_station

                fact = responsible_station(regime, *pos)
                if fact is not None:
                    case["station_computed"] = fact
            if layers.nearest_office_year and "office_computed" not in case:
                from .offices import nearest_office

                fact = nearest_office(regime, *pos, year=_year(out))
                if fact is not None:
                    case["office_computed"] = fact
    items = out.get("items")
    if isinstance(items, list):
        for item in items:
            found = item.get("found") if isinstance(item, dict) else None
            if not isinstance(found, dict) or "distance_computed" in found:
                continue
            pos = _position(found.get("position"))
            if pos is None:
                continue
            try:
                found["distance_computed"] = as_fact(distance(*pos, year=_year(out, found), regime=regime))
            except OutsideRegions:
                continue
    return out
