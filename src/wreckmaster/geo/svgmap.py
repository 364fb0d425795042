"""Maps drawn from the shipped data (no tile server): the coast, the one-mile line (fr-epaves),
the Qing stations, the casualty, the finds and the nearest office.

:func:`map_svg` returns a standalone SVG document (text, UTF-8) for a scenario document
(enriched or not); :func:`svg_to_png` renders it with the system's Chromium (headless, via
playwright's Python package) — PNG is optional, SVG is the map.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

from . import coastline as cl
from .facts import map_layers

WIDTH = 900
MIN_SPAN_M = 8_000       # the smallest area drawn (a point alone): 8 km across
PAD = 0.25               # margin around the points of interest, as a share of their span
M_PER_DEG_LAT = 110_574.0


def _num(x: Any) -> float | None:
    try:
        return float(str(x))
    except (TypeError, ValueError):
        return None


def _pos(raw: Any) -> tuple[float, float] | None:
    if isinstance(raw, dict):
        lat, lon = _num(raw.get("lat")), _num(raw.get("lon"))
        if lat is not None and lon is not None and -90 <= lat <= 90 and -180 <= lon <= 180:
            return lat, lon
    return None


def points_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The casualty, the finds (id, lat, lon) and the responsible station of a scenario document."""
    case = doc.get("case") if isinstance(doc.get("case"), dict) else {}
    finds = []
    for it in doc.get("items") or []:
        if isinstance(it, dict) and isinstance(it.get("found"), dict):
            p = _pos(it["found"].get("position"))
            if p:
                finds.append((str(it.get("id")), *p))
    return {"casualty": _pos(case.get("position")), "finds": finds,
            "station": case.get("station_computed"), "office": case.get("office_computed")}


def map_svg(doc: dict[str, Any]) -> str:
    regime = doc.get("regime") if isinstance(doc.get("regime"), str) else None
    pts = points_of(doc)
    anchors = ([pts["casualty"]] if pts["casualty"] else []) + [(la, lo) for _, la, lo in pts["finds"]]
    if not anchors:
        return _empty("No position in this scenario: give case.position or items[].found.position to draw a map.")
    try:
        region = cl.region_of(*anchors[0], cl.regions_for_regime(regime))
    except cl.OutsideRegions as exc:
        return _empty(str(exc))
    stations = _stations(regime, pts["station"])
    lat0 = sum(a[0] for a in anchors) / len(anchors)
    fr = frame([a[0] for a in anchors] + [s["lat"] for s in stations],
               [a[1] for a in anchors] + [s["lon"] for s in stations], lat0)
    x0, x1, y0, y1, height, kx, sx = fr.west, fr.east, fr.south, fr.north, fr.height, fr.kx, fr.sx
    px = fr.px
    land = _land(region, fr)
    out = _open(fr, region, str((doc.get("case") or {}).get("place") or "wreckmaster map"), land, fr.data_attrs())
    if map_layers(regime).one_mile_line and land:
        mile = _mile_line(land, lat0, kx, x0, y0, x1, y1)
        if mile is not None and not mile.is_empty:
            out.append(f'<path d="{_path(mile, px)}" fill="none" stroke="#b03030" stroke-width="1.4" '
                       'stroke-dasharray="7 5"><title>one nautical mile (1,852 m) from the coast line of the data '
                       '(high water, roughly; the law measures from the lowest low water)</title></path>')
    resp = (pts["station"] or {}).get("segment") if isinstance(pts["station"], dict) else None
    for s in stations:
        x, y = px(s["lon"], s["lat"])
        colour = "#c0392b" if s["segment"] == resp else "#1f4e79"
        out.append(f'<g><title>{escape(s["segment"])} — {escape(s["name"])}, {s["along_coast_m"]} m along the coast'
                   f'</title><rect x="{x - 4}" y="{y - 4}" width="8" height="8" fill="{colour}"/>'
                   f'<text x="{x + 7}" y="{y - 6}" fill="{colour}">{escape(s["name"])}</text></g>')
    if pts["casualty"]:
        x, y = px(pts["casualty"][1], pts["casualty"][0])
        out.append(f'<g><title>the casualty</title><path d="M{x - 8},{y - 8}L{x + 8},{y + 8}M{x - 8},{y + 8}L{x + 8},{y - 8}" '
                   f'stroke="#c0392b" stroke-width="3"/><text x="{x + 10}" y="{y + 16}" fill="#c0392b">casualty</text></g>')
    for ident, la, lo in pts["finds"]:
        x, y = px(lo, la)
        out.append(f'<g><title>find {escape(ident)}</title><circle cx="{x}" cy="{y}" r="5" fill="#117a65"/>'
                   f'<text x="{x + 8}" y="{y + 4}" fill="#117a65">{escape(ident)}</text></g>')
    out.append(_scale_bar(WIDTH, height, sx, kx))
    key = ("; ".join((["dashed red: one nautical mile (1,852 m) from the coast"] if map_layers(regime).one_mile_line else [])
                     + (["squares: stations every ten li (red: the responsible one)"] if stations else [])
                     + ["red cross: the casualty", "green dots: finds"]))
    _close(out, fr, key)
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class Frame:
    """The map's projection: equirectangular at the latitude ``lat0`` (x east, y down), the
    rectangle ``west``–``east`` × ``south``–``north`` drawn ``width`` × ``height`` units.

    :meth:`px` is the one formula the server draws with; :meth:`lonlat` is its inverse, and the
    pages' script (``web/static/pickmap.js``) computes exactly the same from the attributes
    :meth:`data_attrs` writes on the ``<svg>`` (tests/geo/test_pickmap.py checks both)."""
    west: float
    south: float
    east: float
    north: float
    width: int
    height: int
    kx: float                 # metres in a degree of longitude at lat0

    @property
    def sx(self) -> float:
        return self.width / (self.east - self.west)

    @property
    def sy(self) -> float:
        return self.height / (self.north - self.south)

    def px(self, lon: float, lat: float) -> tuple[float, float]:
        return round((lon - self.west) * self.sx, 1), round((self.north - lat) * self.sy, 1)

    def lonlat(self, x: float, y: float) -> tuple[float, float]:
        return self.west + x * (self.east - self.west) / self.width, self.north - y * (self.north - self.south) / self.height

    def data_attrs(self) -> str:
        return (f'data-west="{self.west!r}" data-east="{self.east!r}" data-south="{self.south!r}" '
                f'data-north="{self.north!r}" data-width="{self.width}" data-height="{self.height}"')


def frame(lats: list[float], lons: list[float], lat0: float, min_span_m: float = MIN_SPAN_M) -> Frame:
    """The rectangle around the points (at least ``min_span_m`` across), with a margin of PAD."""
    kx = math.cos(math.radians(lat0)) * 111_320.0
    span_x = max((max(lons) - min(lons)) * kx, min_span_m)
    span_y = max((max(lats) - min(lats)) * M_PER_DEG_LAT, min_span_m * 0.7)
    cx, cy = (max(lons) + min(lons)) / 2, (max(lats) + min(lats)) / 2
    half_x, half_y = span_x * (0.5 + PAD) / kx, span_y * (0.5 + PAD) / M_PER_DEG_LAT
    height = int(WIDTH * (half_y * M_PER_DEG_LAT) / (half_x * kx))
    return Frame(cx - half_x, cy - half_y, cx + half_x, cy + half_y, WIDTH, height, kx)


def _land(region: str, fr: Frame) -> list:
    """The land polygons of the primary source inside the frame."""
    import shapely

    coast = cl.coastline(region, cl.PRIMARY)
    view = shapely.box(fr.west, fr.south, fr.east, fr.north)
    return [g for g in shapely.clip_by_rect(coast.land.geometries.take(coast.land.query(view)),
                                            fr.west, fr.south, fr.east, fr.north) if not g.is_empty]


def _open(fr: Frame, region: str, title: str, land: list, attrs: str = "") -> list[str]:
    """The map's head: the sea, the land of the primary source, the second source's coast dotted."""
    import shapely

    x0, y0, x1, y1, width, height, px = fr.west, fr.south, fr.east, fr.north, fr.width, fr.height, fr.px
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 60}" '
           f'viewBox="0 0 {width} {height + 60}" font-family="Noto Sans CJK JP, Noto Sans, sans-serif" font-size="13"'
           f'{" " + attrs if attrs else ""}>',
           f'<title>{escape(title)}</title>',
           f'<rect width="{width}" height="{height}" fill="#d7e8f4"/>']
    for g in land:
        out.append(f'<path d="{_path(g, px)}" fill="#efe6cf" stroke="#6b5b3a" stroke-width="0.8" fill-rule="evenodd"/>')
    try:
        other = cl.coastline(region, "gshhg")
        view = shapely.box(x0, y0, x1, y1)
        olines = [g for g in shapely.clip_by_rect(other.land.geometries.take(other.land.query(view)), x0, y0, x1, y1)
                  if not g.is_empty]
        for g in olines:
            out.append(f'<path d="{_path(shapely.boundary(g), px)}" fill="none" stroke="#7f8c8d" stroke-width="0.8" '
                       'stroke-dasharray="2 3"><title>GSHHG coastline (the second source)</title></path>')
    except Exception:  # noqa: BLE001 - the second source is a courtesy on the map
        pass
    return out


def _close(out: list[str], fr: Frame, key: str) -> None:
    """The map's foot: the sources, the key, the extent."""
    legend = (f"land: OpenStreetMap land polygons © OpenStreetMap contributors ({cl.data_version(cl.PRIMARY)}); "
              "dotted grey: GSHHG coast")
    for n, line in enumerate((legend, key, _extent(fr.west, fr.south, fr.east, fr.north))):
        out.append(f'<text x="8" y="{fr.height + 16 + 15 * n}" font-size="11" fill="#333">{escape(line)}</text>')
    out.append("</svg>")


#: the smallest area a map to pick a position on covers: 20 km across (about 22 m a unit)
PICK_SPAN_M = 20_000
#: points farther than this from the first are left off a map to pick on (it stays detailed and small)
PICK_MAX_M = 60_000


def pick_svg(points: list[tuple[float, float, str]], regime: str | None = None, marker: tuple[float, float] | None = None,
             title: str = "map", min_span_m: float = PICK_SPAN_M) -> str | None:
    """A map to pick a position on (issue 25, 27): the coast around ``points`` ((lat, lon, label):
    the office, the case's finds), the points as small squares, and a marker (``g.pick-marker``,
    hidden until a position is picked, at ``marker`` when one is given). The projection is in the
    ``<svg>``'s ``data-`` attributes (:class:`Frame`). None when the shipped coastline does not
    cover the first point (the page keeps its typed field)."""
    if not points:
        return None
    try:
        region = cl.region_of(points[0][0], points[0][1], cl.regions_for_regime(regime))
    except cl.OutsideRegions:
        return None
    near = [p for p in points if _metres(points[0], p) <= PICK_MAX_M]
    lats, lons = [p[0] for p in near], [p[1] for p in near]
    fr = frame(lats, lons, sum(lats) / len(lats), min_span_m)
    out = _open(fr, region, title, _land(region, fr), f'class="pick" {fr.data_attrs()}')
    for la, lo, label in near:
        x, y = fr.px(lo, la)
        out.append(f'<g><title>{escape(label)}</title><rect x="{x - 4}" y="{y - 4}" width="8" height="8" fill="#1f4e79"/>'
                   f'<text x="{x + 7}" y="{y - 6}" fill="#1f4e79">{escape(label)}</text></g>')
    mx, my = fr.px(marker[1], marker[0]) if marker else fr.px((fr.west + fr.east) / 2, (fr.south + fr.north) / 2)
    out.append(f'<g class="pick-marker" transform="translate({mx},{my})" visibility="{"visible" if marker else "hidden"}">'
               '<circle r="7" fill="none" stroke="#c0392b" stroke-width="3"/>'
               '<path d="M-12,0H-4M4,0H12M0,-12V-4M0,4V12" stroke="#c0392b" stroke-width="2"/></g>')
    out.append(_scale_bar(fr.width, fr.height, fr.sx, fr.kx))
    _close(out, fr, "blue squares: offices and finds; red ring: the position picked")
    return "\n".join(out) + "\n"


def _metres(a: tuple[float, float, str], b: tuple[float, float, str]) -> float:
    """Roughly (on the local plane) the metres from a to b: enough to keep a map small."""
    kx = math.cos(math.radians(a[0])) * 111_320.0
    return math.hypot((b[1] - a[1]) * kx, (b[0] - a[0]) * M_PER_DEG_LAT)


def _stations(regime: str | None, fact: Any) -> list[dict[str, Any]]:
    """The register's stations around the responsible one (five each side)."""
    if not map_layers(regime).stations or not isinstance(fact, dict):
        return []
    from .stations import registers

    for reg in registers(regime):
        if reg["id"] == fact.get("register_id"):
            idx = next((i for i, s in enumerate(reg["stations"]) if s["segment"] == fact.get("segment")), None)
            if idx is None:
                return []
            return reg["stations"][max(0, idx - 5): idx + 6]
    return []


def _mile_line(land: list, lat0: float, kx: float, x0: float, y0: float, x1: float, y1: float):
    """The line one nautical mile (1,852 m) off the land, in the local metric plane."""
    import shapely

    to_m = lambda xy: (xy - [x0, y0]) * [kx, M_PER_DEG_LAT]  # noqa: E731
    from_m = lambda xy: xy / [kx, M_PER_DEG_LAT] + [x0, y0]  # noqa: E731
    metric = shapely.transform(shapely.union_all(land), to_m)
    ring = shapely.boundary(shapely.buffer(metric, 1852, quad_segs=6))
    return shapely.clip_by_rect(shapely.transform(ring, from_m), x0, y0, x1, y1)


def _path(geom, px) -> str:
    import shapely

    parts = []
    for g in shapely.get_parts(geom):
        if g.geom_type == "Polygon":
            rings = [g.exterior, *g.interiors]
            for r in rings:
                parts.append(_ring(shapely.get_coordinates(r), px, close=True))
        elif g.geom_type in ("LineString", "LinearRing"):
            parts.append(_ring(shapely.get_coordinates(g), px, close=False))
        elif g.geom_type in ("MultiPolygon", "MultiLineString", "GeometryCollection"):
            parts.append(_path(g, px))
    return " ".join(p for p in parts if p)


def _ring(xy, px, close: bool) -> str:
    if len(xy) < 2:
        return ""
    pts = [px(x, y) for x, y in xy]
    return "M" + "L".join(f"{a},{b}" for a, b in pts) + ("Z" if close else "")


def _scale_bar(width: int, height: int, sx: float, kx: float) -> str:
    px_per_m = sx / kx
    target = width / 5 / px_per_m
    nice = max(n for n in (100, 200, 500, 1000, 1852, 2000, 5000, 10000, 20000, 50000, 100000) if n <= max(target, 100))
    length = nice * px_per_m
    label = f"{nice // 1000} km" if nice % 1000 == 0 else ("1 nautical mile" if nice == 1852 else f"{nice} m")
    y = height - 16
    return (f'<g><rect x="16" y="{y - 4}" width="{length:.1f}" height="6" fill="#333"/>'
            f'<text x="16" y="{y - 8}" font-size="11">{label}</text></g>')


def _extent(x0: float, y0: float, x1: float, y1: float) -> str:
    def dm(v: float, pos: str, neg: str) -> str:
        h = pos if v >= 0 else neg
        v = abs(v)
        return f"{int(v)}°{(v - int(v)) * 60:04.1f}′{h}"

    return (f"extent {dm(y0, 'N', 'S')}–{dm(y1, 'N', 'S')}, {dm(x0, 'E', 'W')}–{dm(x1, 'E', 'W')}; "
            "WGS 84, equirectangular at the centre's latitude")


def _empty(message: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="80" viewBox="0 0 {WIDTH} 80">'
            f'<text x="10" y="40" font-family="sans-serif" font-size="14">{escape(message)}</text></svg>\n')


def svg_to_png(svg: str, path: str) -> None:
    """Render the SVG to a PNG file with the system's Chromium (headless)."""
    import os
    import re
    import tempfile

    m = re.search(r'width="(\d+)" height="(\d+)"', svg)
    w, h = (int(m.group(1)), int(m.group(2))) if m else (WIDTH, 700)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - playwright is a declared dependency
        raise RuntimeError("PNG needs playwright and Chromium; write .svg instead") from exc
    chromium = os.environ.get("WRECKMASTER_CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(chromium):
        raise RuntimeError(f"PNG needs Chromium ({chromium} not found); write .svg instead")
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False, encoding="utf-8") as fh:
        fh.write(svg)
        src = fh.name
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": w, "height": h})
            page.goto(f"file://{src}")
            page.screenshot(path=path, full_page=False)
            browser.close()
    finally:
        os.unlink(src)
