"""The coastline: land polygons shipped by the ``roaring-landmask`` package (never downloaded),
clipped once to the regimes' regions and cached in the user's cache folder.

- :func:`cache_dir` — ``$WRECKMASTER_CACHE`` else ``$XDG_CACHE_HOME/wreckmaster`` else
  ``~/.cache/wreckmaster``.
- :func:`build` — read the package's polygons (OpenStreetMap land polygons as simplified by the
  package, and GSHHG full resolution), clip them to each region (widened by a margin), keep
  the coast lines cut in short pieces, write one WKB file per region and source.
- :func:`coastline` — a region's :class:`Coastline` (built on first use, then read from the
  cache), with two ``STRtree`` indexes (land, coast lines).
- :meth:`Coastline.measure` — the geodesic distance (pyproj, WGS 84 ellipsoid) from a point to
  the nearest coast, the nearest coast point, and whether the point is on land.

The cache is keyed by the package version and the regions file: a new data package builds a
new cache, and a computed distance names the version it came from (``data_version``).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path
from typing import Any

PROVIDERS = ("osm", "gshhg")          # primary first
PRIMARY = "osm"
SOURCE_NAMES = {
    "osm": "OpenStreetMap land polygons (© OpenStreetMap contributors, ODbL), as shipped in roaring-landmask",
    "gshhg": "GSHHG full resolution (Wessel & Smith 1996), as shipped in roaring-landmask",
}
PIECE_VERTICES = 32                   # a coast line is cut into pieces of at most this many vertices


class OutsideRegions(ValueError):
    """The point is in none of the regions the coastline is clipped to."""


@lru_cache(maxsize=1)
def regions_data() -> dict[str, Any]:
    from wreckmaster.law.yamlio import load_plain_yaml, read_data_text

    text = resources.files("wreckmaster.geo").joinpath("data/regions.yaml").read_text(encoding="utf-8")
    return read_data_text(text, "wreckmaster/geo/data/regions.yaml", load_plain_yaml)


def package_version() -> str:
    return metadata.version("roaring-landmask")


def data_version(provider: str = PRIMARY) -> str:
    """``roaring-landmask 0.11.0 osm (regions 1a2b3c4d)``: the package, the source, the clipping."""
    return f"roaring-landmask {package_version()} {provider} (regions {_regions_key()})"


def _regions_key() -> str:
    """The clipping's key: the regions' boxes, the margin, the pieces — and, for each region, the
    regimes that apply in it (their ``MapLayers.regions``, by id). The regimes are in the key
    because they were when ``regions.yaml`` listed them (before issue 22), so that the key, the
    cache's folder and the ``data_version`` every computed distance names stay what they were."""
    from wreckmaster.law.regime import all_regimes

    d = regions_data()
    regions = {name: {**r, "regimes": sorted(g.id for g in all_regimes() if name in g.map_layers.regions)}
               for name, r in d["regions"].items()}
    key = json.dumps({"regions": regions, "margin": d["margin_deg"], "pieces": PIECE_VERTICES}, sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:8]


def cache_dir() -> Path:
    if os.environ.get("WRECKMASTER_CACHE"):
        return Path(os.environ["WRECKMASTER_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wreckmaster"


def _region_dir() -> Path:
    return cache_dir() / f"coast-{package_version()}-{_regions_key()}"


def clip_box(region: str) -> tuple[float, float, float, float]:
    d = regions_data()
    x0, y0, x1, y1 = d["regions"][region]["box"]
    m = d["margin_deg"]
    return (x0 - m, max(y0 - m, -90.0), x1 + m, min(y1 + m, 90.0))


def region_of(lat: float, lon: float, prefer: list[str] | None = None) -> str:
    """The region whose box holds the point (``prefer``'s regions first)."""
    regions = regions_data()["regions"]
    names = [r for r in (prefer or []) if r in regions] + [r for r in regions if r not in (prefer or [])]
    for name in names:
        x0, y0, x1, y1 = regions[name]["box"]
        if x0 <= lon <= x1 and y0 <= lat <= y1:
            return name
    raise OutsideRegions(f"({lat}, {lon}) is outside the coastline's regions ({', '.join(regions)})")


def regions_for_regime(regime: str | None) -> list[str]:
    """The regions the regime declares it applies in (``MapLayers.regions``), in its order; none for
    an unknown regime."""
    from .facts import map_layers

    return list(map_layers(regime).regions)


# --- building the cache --------------------------------------------------------------------
def build(providers: tuple[str, ...] = PROVIDERS, force: bool = False) -> dict[str, float]:
    """Clip the package's polygons to every region and write the cache; returns seconds spent
    per provider (0 when already cached)."""
    import numpy as np
    import roaring_landmask as rl
    import shapely

    out: dict[str, float] = {}
    target = _region_dir()
    target.mkdir(parents=True, exist_ok=True)
    for provider in providers:
        files = [target / f"{r}-{provider}.wkb" for r in regions_data()["regions"]]
        if not force and all(f.exists() for f in files):
            out[provider] = 0.0
            continue
        t0 = time.perf_counter()
        prov = rl.LandmaskProvider.Osm if provider == "osm" else rl.LandmaskProvider.Gshhg
        world = shapely.from_wkb(rl.Shapes.new(prov).wkb(prov))
        parts = shapely.get_parts(world)
        del world
        bounds = shapely.bounds(parts)
        for region in regions_data()["regions"]:
            x0, y0, x1, y1 = clip_box(region)
            sel = parts[(bounds[:, 2] >= x0) & (bounds[:, 0] <= x1) & (bounds[:, 3] >= y0) & (bounds[:, 1] <= y1)]
            b = shapely.bounds(sel)
            inside = (b[:, 0] >= x0) & (b[:, 2] <= x1) & (b[:, 1] >= y0) & (b[:, 3] <= y1)
            land = list(sel[inside]) + [g for g in shapely.clip_by_rect(sel[~inside], x0, y0, x1, y1) if not g.is_empty]
            rings = shapely.get_parts(shapely.boundary(sel))
            rings = shapely.clip_by_rect(rings, x0, y0, x1, y1)
            lines = [p for p in shapely.get_parts(rings) if not p.is_empty and p.geom_type == "LineString"]
            pieces = _pieces(lines, np)
            polys = shapely.get_parts(np.array(land, dtype=object)) if land else np.array([], dtype=object)
            polys = [g for g in polys if g.geom_type == "Polygon" and not g.is_empty]
            coll = shapely.GeometryCollection([shapely.MultiPolygon(polys), shapely.MultiLineString(pieces)])
            tmp = target / f".{region}-{provider}.wkb.tmp"
            tmp.write_bytes(shapely.to_wkb(coll))
            tmp.replace(target / f"{region}-{provider}.wkb")
        out[provider] = time.perf_counter() - t0
        del parts, bounds
    return out


def _pieces(lines: list, np) -> list:
    import shapely

    pieces = []
    for line in lines:
        xy = shapely.get_coordinates(line)
        n = len(xy)
        if n < 2:
            continue
        for i in range(0, n - 1, PIECE_VERTICES - 1):
            chunk = xy[i:i + PIECE_VERTICES]
            if len(chunk) >= 2:
                pieces.append(shapely.LineString(chunk))
    return pieces


# --- querying ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    distance_m: float          # 0 on land
    on_land: bool
    nearest: tuple[float, float]   # (lat, lon) of the nearest coast point
    coast_m: float             # the distance to the coast line (also on land)


class Coastline:
    """One region's coast from one source: land polygons and coast line pieces, indexed."""

    def __init__(self, region: str, provider: str, land: list, lines: list):
        import shapely
        from pyproj import Geod

        self.region, self.provider = region, provider
        self.land = shapely.STRtree(land)
        self.lines = shapely.STRtree(lines)
        self._land_geoms, self._line_geoms = land, lines
        self.geod = Geod(ellps="WGS84")

    @property
    def source(self) -> str:
        return SOURCE_NAMES[self.provider]

    @property
    def version(self) -> str:
        return data_version(self.provider)

    def is_land(self, lat: float, lon: float) -> bool:
        import shapely

        return len(self.land.query(shapely.Point(lon, lat), predicate="intersects")) > 0

    def measure(self, lat: float, lon: float) -> Measure:
        import numpy as np
        import shapely

        pt = shapely.Point(lon, lat)
        i = self.lines.query_nearest(pt)
        if len(i) == 0:
            raise OutsideRegions(f"no coast in region {self.region}")
        d0 = shapely.distance(self.lines.geometries[i[0]], pt)
        c = max(math.cos(math.radians(lat)), 0.01)
        r = d0 / c + 1e-9
        cand = self.lines.query(shapely.box(lon - r, lat - r, lon + r, lat + r))
        geoms = self.lines.geometries.take(cand)
        scale = np.array([c, 1.0])
        scaled = shapely.transform(geoms, lambda xy: xy * scale)
        spt = shapely.Point(lon * c, lat)
        dists = shapely.distance(scaled, spt)
        k = int(np.argmin(dists))
        near = shapely.get_coordinates(shapely.shortest_line(scaled[k], spt))[0]
        nlon, nlat = near[0] / c, near[1]
        _, _, dist = self.geod.inv(lon, lat, nlon, nlat)
        on_land = self.is_land(lat, lon)
        return Measure(0.0 if on_land else float(dist), on_land, (float(nlat), float(nlon)), float(dist))


_loaded: dict[tuple[str, str], Coastline] = {}


def coastline(region: str, provider: str = PRIMARY) -> Coastline:
    """The region's coastline, building the cache on first use."""
    key = (region, provider)
    if key in _loaded:
        return _loaded[key]
    import shapely

    path = _region_dir() / f"{region}-{provider}.wkb"
    if not path.exists():
        build((provider,))
    coll = shapely.from_wkb(path.read_bytes())
    land_mp, lines_mp = shapely.get_parts(coll)
    land = shapely.get_parts(land_mp)
    lines = shapely.get_parts(lines_mp)
    _loaded[key] = Coastline(region, provider, land, lines)
    return _loaded[key]


def forget() -> None:
    """Drop the loaded coastlines (tests that switch cache folders)."""
    _loaded.clear()
