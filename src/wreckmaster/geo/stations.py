"""The Qing stations laid along the real coast every ten li (qing-shandong:1, qing-taiwan:1).

- :func:`registers` — the station registers of a regime (the file in its folder that its
  ``MapLayers(stations=…)`` names; what they share, ``data/stations.yaml``): each segment
  with its station's position, its distance along the coast from the start, and its name from
  the gazetteer (``data/gazetteer.yaml``).
- :func:`responsible_station` — for a casualty position: the segment whose stretch of coast is
  nearest (the fact ``case.station_computed``), its station, the distance along the coast
  from that station and from the neighbouring ones, and the stations its signal reaches.

Along-coast distances are geodesic lengths along GSHHG full-resolution coastline (densified
to ≤ ~100 m between vertices); a position is placed at its nearest coast vertex.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from . import coastline as cl

DENSIFY_DEG = 0.001   # ≈ 100 m


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    from wreckmaster.law.yamlio import load_plain_yaml, read_data_text

    read = lambda name: read_data_text(resources.files("wreckmaster.geo").joinpath(f"data/{name}").read_text("utf-8"),  # noqa: E731
                                       f"wreckmaster/geo/data/{name}", load_plain_yaml)
    return {"stations": read("stations.yaml"), "gazetteer": read("gazetteer.yaml")}


@lru_cache(maxsize=None)
def _registers(regime: str) -> list[dict[str, Any]]:
    """The regime's station registers as it declares them (``MapLayers.stations``: a file in its
    folder, key ``registers``); none for a regime that declares none."""
    from wreckmaster.law.contributes import law_of
    from wreckmaster.law.yamlio import load_plain_yaml, read_data

    law = law_of(regime)
    if law is None or not law.map_layers.stations:
        return []
    return read_data(law.folder / law.map_layers.stations, load_plain_yaml)["registers"]


def gazetteer() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in _data()["gazetteer"]["places"]}


def segment_m() -> float:
    d = _data()["stations"]
    return float(d["li"]["metres"]) * float(d["segment_li"])


class _Line:
    """A stretch of coast as vertices (lon, lat) with cumulative geodesic length from the start."""

    def __init__(self, lons, lats):
        import numpy as np
        from pyproj import Geod

        self.lons, self.lats = np.asarray(lons), np.asarray(lats)
        _, _, d = Geod(ellps="WGS84").inv(self.lons[:-1], self.lats[:-1], self.lons[1:], self.lats[1:])
        self.along = np.concatenate([[0.0], np.cumsum(d)])
        self.c = float(np.cos(np.radians(self.lats.mean())))

    def nearest(self, lat: float, lon: float) -> int:
        import numpy as np

        return int(np.argmin(((self.lons - lon) * self.c) ** 2 + (self.lats - lat) ** 2))

    def at(self, s: float) -> tuple[float, float]:
        import numpy as np

        return float(np.interp(s, self.along, self.lats)), float(np.interp(s, self.along, self.lons))


def _coast_ring(region: str, box: list[float], near: tuple[float, float]):
    """The GSHHG coast around ``box``: the ring (or its clipped stretch) nearest ``near``."""
    import numpy as np
    import shapely

    coast = cl.coastline(region, "gshhg")
    x0, y0, x1, y1 = box
    polys = coast.land.geometries.take(coast.land.query(shapely.box(x0, y0, x1, y1)))
    pt = shapely.Point(near[1], near[0])
    poly = polys[int(np.argmin(shapely.distance(shapely.get_exterior_ring(polys), pt)))]
    ring = shapely.segmentize(poly.exterior, DENSIFY_DEG)
    bx0, by0, bx1, by1 = shapely.bounds(poly)
    if x0 <= bx0 and y0 <= by0 and bx1 <= x1 and by1 <= y1:
        return ring, True          # the whole island
    parts = [p for p in shapely.get_parts(shapely.clip_by_rect(ring, x0, y0, x1, y1)) if p.geom_type == "LineString"]
    return parts[int(np.argmin(shapely.distance(np.array(parts, dtype=object), pt)))], False


@lru_cache(maxsize=None)
def _register_line(regime: str, ident: str) -> tuple[_Line, dict[str, Any]]:
    import numpy as np
    import shapely

    reg = next(r for r in _registers(regime) if r["id"] == ident)
    places = gazetteer()
    start, toward = places[reg["start"]], places[reg["toward"]]
    region = cl.region_of(start["lat"], start["lon"], cl.regions_for_regime(regime))
    ring, closed = _coast_ring(region, reg["box"], (start["lat"], start["lon"]))
    xy = shapely.get_coordinates(ring)
    if closed:
        xy = xy[:-1]
    c = float(np.cos(np.radians(start["lat"])))
    near = lambda p: int(np.argmin(((xy[:, 0] - p["lon"]) * c) ** 2 + (xy[:, 1] - p["lat"]) ** 2))  # noqa: E731
    i0, it = near(start), near(toward)
    if closed:
        xy = np.roll(xy, -i0, axis=0)
        it = (it - i0) % len(xy)
        if it > len(xy) / 2:          # ``toward`` is reached faster the other way round
            xy = np.concatenate([xy[:1], xy[:0:-1]])
        xy = np.concatenate([xy, xy[:1]])   # close the loop
        end = None
    else:
        step = 1 if it >= i0 else -1
        xy = xy[i0::step] if step == 1 else xy[i0::-1]
        end = abs(it - i0)
    line = _Line(xy[:, 0], xy[:, 1])
    seg = segment_m()
    total = line.along[-1] if end is None else line.along[end] + seg * reg.get("extend_segments", 0)
    total = min(total, line.along[-1])
    count = max(1, int(np.ceil(total / seg - 1e-9)))
    stations = []
    for k in range(count):
        lat, lon = line.at((k + 0.5) * seg)
        stations.append({
            "segment": f"{ident}-{k + 1:03d}", "number": k + 1,
            "name": f"{reg['prefix']}第{k + 1}段", "place": None, "place_source": None,
            "from_m": round(k * seg), "to_m": round(min((k + 1) * seg, total)),
            "along_coast_m": round((k + 0.5) * seg), "lat": round(lat, 5), "lon": round(lon, 5),
        })
    info = {
        "id": ident, "name": reg["name"], "regime": regime,
        "start": {"name": start["name"], "lat": start["lat"], "lon": start["lon"], "source": reg["start_source"]},
        "toward": toward["name"], "direction": reg["direction"], "end_source": reg["end_source"],
        "segment_li": _data()["stations"]["segment_li"], "li_m": _data()["stations"]["li"]["metres"],
        "segment_m": round(seg), "li_source": _data()["stations"]["li"]["source"],
        "coastline": cl.SOURCE_NAMES["gshhg"] + f", densified to ≤ {DENSIFY_DEG}° (≈ 100 m) between vertices",
        "data_version": cl.data_version("gshhg"),
        "length_m": round(total),
        "stations": stations,
    }
    return line, info


@lru_cache(maxsize=None)
def _named(regime: str) -> list[tuple[_Line, dict[str, Any]]]:
    """The regime's registers with their stations named: a gazetteer place names the segment it
    lies in, on the register whose coast is nearest to it (within 3 km), the place nearest the
    segment's middle winning."""
    import numpy as np
    from pyproj import Geod

    geod = Geod(ellps="WGS84")
    regs = [_register_line(regime, r["id"]) for r in _registers(regime)]
    seg = segment_m()
    chosen: dict[tuple[int, int], tuple[float, dict[str, Any]]] = {}
    for p in gazetteer().values():
        best = None
        for n, (line, info) in enumerate(regs):
            k = line.nearest(p["lat"], p["lon"])
            _, _, off = geod.inv(p["lon"], p["lat"], float(line.lons[k]), float(line.lats[k]))
            if off <= 3000 and line.along[k] <= info["length_m"] and (best is None or off < best[0]):
                best = (off, n, float(line.along[k]))
        if best is None:
            continue
        _, n, s = best
        idx = min(int(s // seg), len(regs[n][1]["stations"]) - 1)
        gap = abs(s - (idx + 0.5) * seg)
        if (n, idx) not in chosen or gap < chosen[(n, idx)][0]:
            chosen[(n, idx)] = (gap, p)
    out = []
    for n, (line, info) in enumerate(regs):
        info = {**info, "stations": [dict(st) for st in info["stations"]]}
        for (m, idx), (_, p) in chosen.items():
            if m == n:
                info["stations"][idx].update(name=f"{p['name']}段", place=p["name"],
                                             place_source=p["source"] + (" (approximate)" if p.get("approximate") else ""))
        out.append((line, info))
    return out


def registers(regime: str) -> list[dict[str, Any]]:
    """The regime's station registers (a list: a county may have several stretches)."""
    return [info for _, info in _named(regime)]


def responsible_station(regime: str, lat: float, lon: float) -> dict[str, Any] | None:
    """The fact ``case.station_computed`` for a casualty position, or ``None`` when no register
    of the regime has its coast within reach of the position."""
    import numpy as np
    from pyproj import Geod

    geod = Geod(ellps="WGS84")
    best = None
    for line, info in _named(regime):
        k = line.nearest(lat, lon)
        _, _, off = geod.inv(lon, lat, float(line.lons[k]), float(line.lats[k]))
        s = float(line.along[k])
        if s > info["length_m"]:
            continue
        if best is None or off < best[0]:
            best = (off, s, line, info)
    if best is None:
        return None
    reach = float(_data()["stations"]["signal_reach"]["metres"])
    off, s, line, info = best
    if off > 3 * reach:
        return None
    sts = info["stations"]
    idx = min(int(s // segment_m()), len(sts) - 1)
    here = sts[idx]
    neighbours = [{"segment": sts[j]["segment"], "station": sts[j]["name"], "distance_m": round(abs(s - sts[j]["along_coast_m"]))}
                  for j in (idx - 1, idx + 1) if 0 <= j < len(sts)]
    if idx == 0:   # across the start: the first station of a register running the other way from the same place
        for _, other in _named(regime):
            if other["id"] != info["id"] and other["start"]["name"] == info["start"]["name"] and other["stations"]:
                first = other["stations"][0]
                neighbours.append({"segment": first["segment"], "station": first["name"],
                                   "distance_m": round(s + first["along_coast_m"])})
    every = [st for _, reg_info in _named(regime) for st in reg_info["stations"]]   # all the regime's registers
    lats = np.array([st["lat"] for st in every])
    lons = np.array([st["lon"] for st in every])
    _, _, d = geod.inv(np.full(len(every), lon), np.full(len(every), lat), lons, lats)
    reached = [every[j]["segment"] for j in np.argsort(d, kind="stable") if d[j] <= reach]
    return {
        "register_id": info["id"],
        "segment": here["segment"],
        "station": here["name"],
        "distance_m": round(abs(s - here["along_coast_m"])),
        "neighbours": neighbours,
        "signals_reach": reached,
        "source": f"{info['name']}: every {info['segment_li']} li × {info['li_m']} m from {info['start']['name']}; "
                  f"{info['coastline']}; signal reach {round(reach)} m "
                  f"({' '.join(str(_data()['stations']['signal_reach']['source']).split())})",
        "data_version": info["data_version"],
    }
