"""The nearest municipal office of the period for a position (jp-1899 art 2: 最近地ノ市町村長;
jp-1875 arts 2–3: the village whose coast officials receive the report).

:func:`nearest_office` gives the fact ``case.office_computed``: the office in
``data/offices.yaml`` that existed in the casualty's year and is nearest in a straight
(geodesic) line — a reading: distance is straight-line unless the data say otherwise.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

MAX_M = 60_000     # farther than this, no office in the gazetteer is taken as "the nearest"


@lru_cache(maxsize=1)
def offices() -> list[dict[str, Any]]:
    from wreckmaster.law.yamlio import load_plain_yaml, read_data_text

    text = resources.files("wreckmaster.geo").joinpath("data/offices.yaml").read_text(encoding="utf-8")
    return read_data_text(text, "wreckmaster/geo/data/offices.yaml", load_plain_yaml)["offices"]


def data_version() -> str:
    import hashlib

    raw = resources.files("wreckmaster.geo").joinpath("data/offices.yaml").read_bytes()
    return f"wreckmaster offices gazetteer {hashlib.sha256(raw).hexdigest()[:8]}"


def nearest_office(regime: str | None, lat: float, lon: float, year: int | None = None) -> dict[str, Any] | None:
    from pyproj import Geod

    geod = Geod(ellps="WGS84")
    if year is None:
        from .facts import map_layers

        year = map_layers(regime).nearest_office_year or 1900
    best = None
    for o in offices():
        if o["from"] > year or (o.get("to") is not None and o["to"] <= year):
            continue
        _, _, d = geod.inv(lon, lat, o["lon"], o["lat"])
        if best is None or d < best[0]:
            best = (d, o)
    if best is None or best[0] > MAX_M:
        return None
    d, o = best
    return {"name": o["name"], "name_en": o["en"], "kind": o["kind"], "distance_m": round(d),
            "source": f"{o['source']}; straight-line (geodesic) distance from the position",
            "data_version": data_version()}
