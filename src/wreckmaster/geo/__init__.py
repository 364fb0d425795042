"""Geography for the law (issue 15): positions, the coastline and the distance from it, the Qing
stations on the real coast, the nearest office of the period, maps.

An adapter: the engine (``wreckmaster.law``, ``wreckmaster.regimes``) never imports it; it
takes the facts computed here (numbers and names, with their source and data version), put
into the scenario document by :func:`enrich` before validation. Heavy modules (shapely,
pyproj, roaring-landmask) are imported only when used. See docs/coast.md.
"""
from __future__ import annotations

from typing import Any


def enrich(doc: Any) -> Any:
    """A copy of a scenario document with computed coast facts (see :mod:`.facts`)."""
    from .facts import enrich as _enrich

    return _enrich(doc)


def distance(lat: float, lon: float, *, year: int | None = None, regime: str | None = None) -> dict[str, Any]:
    """``{distance_m, uncertainty_m, on_land, nearest, source, data_version, region, components, …}``."""
    from .measure import distance as _distance

    return _distance(lat, lon, year=year, regime=regime)


def map_svg(doc: dict[str, Any]) -> str:
    """An SVG map of a scenario document (enriched or not): coast, one-mile line, stations, casualty, finds."""
    from .svgmap import map_svg as _map_svg

    return _map_svg(doc)
