"""The distance from the coast of a position, with its uncertainty (docs/coast.md).

:func:`distance` answers ``{distance_m, uncertainty_m, on_land, nearest: {lat, lon}, source,
data_version, region, components: {…}, component_sources: {…}}``. Distances are whole metres
(the data are not better than that); ``distance_m`` is 0 on land.

The uncertainty (reading ``geo-coast-uncertainty``) is the **sum** of named components, each
computed for the place (a conservative bound, not a standard deviation):

- ``data_sources`` — how far apart the two shipped coastlines put the coast here:
  |distance to the OSM coast − distance to the GSHHG coast| (resolution and simplification of
  the data, measured rather than assumed);
- ``tidal_line`` — the data draw roughly the high-water line; the law may measure from low
  water (fr-epaves art 4: "lais de la plus basse mer"): the local mean spring tidal range
  divided by the foreshore slope (``data/regions.yaml``, per zone, with sources);
- ``coast_change`` — the coast has moved since the casualty: a local rate (m a year) times the
  years between the casualty and the data.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from . import coastline as cl


def _zone(entries: list[dict[str, Any]], lat: float, lon: float) -> dict[str, Any] | None:
    for z in entries:
        x0, y0, x1, y1 = z["box"]
        if x0 <= lon <= x1 and y0 <= lat <= y1:
            return z
    return None


def whole_metres(x: float) -> int:
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def components(lat: float, lon: float, year: int | None, primary: cl.Measure, other: cl.Measure | None
               ) -> tuple[dict[str, int], dict[str, str]]:
    """The uncertainty's components at this place (metres) and the source of each."""
    d = cl.regions_data()
    tide = _zone(d["tides"], lat, lon) or d["default_tide"]
    change = _zone(d["coast_change"], lat, lon) or d["default_change"]
    years = max(0, d["data_year"] - (year if year is not None else d["default_year"]))
    comps = {
        "data_sources": whole_metres(abs(primary.coast_m - other.coast_m)) if other is not None else 0,
        "tidal_line": whole_metres(float(tide["range_m"]) / float(tide["slope"])),
        "coast_change": whole_metres(float(change["rate_m_per_year"]) * years),
    }
    srcs = {
        "data_sources": "difference between the OSM and the GSHHG coastline here" if other is not None
                        else "GSHHG not available: not measured",
        "tidal_line": f"range {tide['range_m']} m / foreshore slope {tide['slope']}"
                      f" ({tide.get('zone', 'default')}: {tide['source']})",
        "coast_change": f"{change['rate_m_per_year']} m/year × {years} years since "
                        f"{year if year is not None else d['default_year']} ({change.get('zone', 'default')}: "
                        f"{change['source']})",
    }
    return comps, srcs


def distance(lat: float, lon: float, *, year: int | None = None, regime: str | None = None) -> dict[str, Any]:
    """The computed-distance fact for a position (raises :class:`coastline.OutsideRegions`)."""
    region = cl.region_of(lat, lon, cl.regions_for_regime(regime))
    primary = cl.coastline(region, cl.PRIMARY).measure(lat, lon)
    try:
        other = cl.coastline(region, "gshhg").measure(lat, lon)
    except Exception:  # noqa: BLE001 - the second source only sizes the uncertainty
        other = None
    comps, srcs = components(lat, lon, year, primary, other)
    return {
        "distance_m": whole_metres(primary.distance_m),
        "uncertainty_m": sum(comps.values()),
        "on_land": primary.on_land,
        "nearest": {"lat": round(primary.nearest[0], 6), "lon": round(primary.nearest[1], 6)},
        "source": cl.SOURCE_NAMES[cl.PRIMARY],
        "data_version": cl.data_version(cl.PRIMARY),
        "region": region,
        "components": comps,
        "component_sources": srcs,
    }
