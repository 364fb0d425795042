"""A position by a click on the map (issues 25, 27): the map the service draws from the shipped
coastline (``geo/svgmap.pick_svg``, no tile server, nothing fetched) beside the field a clerk or
a finder types the position into.

The ``<svg>`` carries its projection in ``data-`` attributes; ``static/pickmap.js`` turns a
click, or the arrow keys and Enter on the focused map, into latitude and longitude with the
inverse of the server's formula (``svgmap.Frame``) and writes them into the same field — in
degrees and minutes on the office's item form (``35°08,082′ N 139°36,918′ E``, read back by
``entry_values.position``), in decimal degrees into the public report's two fields. Without
JavaScript the map stays hidden and the typed field is the way (progressive enhancement).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

LABELS = {
    "label": {"en": "Map: click where it was found, or use the arrow keys and Enter",
              "ja": "地図：見つけた場所をクリック、または矢印キーで動かして Enter",
              "zh": "地圖：點擊撈獲之處，或以方向鍵移動、按 Enter",
              "fr": "Carte : cliquez à l’endroit de la trouvaille, ou flèches puis Entrée"},
    "hint": {"en": "A click on the map writes the position into the field above (arrow keys move the ring, "
                   "Shift for larger steps, Enter writes it). The field can always be typed.",
             "ja": "地図をクリックすると上の欄に位置が入ります（矢印キーで印を動かし、Shift で大きく、Enter で記入）。"
                   "欄に直接入力することもできます。",
             "zh": "點擊地圖，方位即填入上欄（方向鍵移動標記，Shift 大步，Enter 填入）。亦可直接鍵入。",
             "fr": "Un clic sur la carte inscrit la position dans le champ ci-dessus (les flèches déplacent l’anneau, "
                   "Maj pour de grands pas, Entrée l’inscrit). Le champ peut toujours être saisi."},
}


#: the marker's group as :func:`~wreckmaster.geo.svgmap.pick_svg` draws it without a position
_HIDDEN_MARKER = re.compile(r'<g class="pick-marker" transform="translate\([^)]*\)" visibility="hidden">')
_DATA = re.compile(r'data-(west|east|south|north|width|height)="([^"]+)"')


@lru_cache(maxsize=64)
def _map(points: tuple[tuple[float, float, str], ...], regime: str | None, title: str):
    """The map without a position picked — the coastline drawn once per (points, regime): the
    board's offices or a case's finds, never a client's latitude and longitude (a security review
    of issue 25: each distinct position rendered the whole coast again). Returns the SVG, its
    :class:`~wreckmaster.geo.svgmap.Frame` (read back from its ``data-`` attributes) and the
    marker's hidden group, or None."""
    from wreckmaster.geo.svgmap import Frame, pick_svg

    try:
        svg = pick_svg(list(points), regime, None, title)
    except Exception:  # noqa: BLE001 - a map the shipped data cannot draw is left out; the field stays
        return None
    hidden = _HIDDEN_MARKER.search(svg or "")
    if svg is None or hidden is None:
        return None
    d = dict(_DATA.findall(svg[:svg.index(">")]))
    fr = Frame(float(d["west"]), float(d["south"]), float(d["east"]), float(d["north"]), int(d["width"]),
               int(d["height"]), 0.0)
    return svg, fr, hidden.group(0)


def _svg(points: tuple[tuple[float, float, str], ...], regime: str | None, marker: tuple[float, float] | None,
         title: str) -> str | None:
    """The map with the marker at ``marker`` (visible) or hidden: the cached map (:func:`_map`)
    with the marker's group moved where the frame projects the position (``Frame.px``, the
    formula ``pick_svg`` draws with)."""
    drawn = _map(points, regime, title)
    if drawn is None:
        return None
    svg, fr, hidden = drawn
    if marker is None:
        return svg
    x, y = fr.px(marker[1], marker[0])
    return svg.replace(hidden, f'<g class="pick-marker" transform="translate({x},{y})" visibility="visible">', 1)


def _float_pair(lat: Any, lon: Any) -> tuple[float, float] | None:
    try:
        pair = float(str(lat)), float(str(lon))
    except (TypeError, ValueError):
        return None
    return pair if all(map(math.isfinite, pair)) else None   # "nan", "inf": no position


def _office_point(office: dict[str, Any]) -> tuple[float, float, str] | None:
    """(lat, lon, name) of an office with a position (``{"lat": …, "lon": …}`` as the store gives it)."""
    pos = office.get("position") or {}
    pair = _float_pair(pos.get("lat"), pos.get("lon")) if pos else None
    return (*pair, str(office.get("name") or office.get("office"))) if pair is not None else None


def _kept(text: str | None) -> tuple[float, float] | None:
    """The position typed into the field (kept after a refusal), for the marker; None if none or bad."""
    from . import entry_values

    try:
        p = entry_values.position(text or "")
    except ValueError:
        return None
    return _float_pair(p.get("lat"), p.get("lon")) if p else None


def _context(map_id: str, svg: str | None, **fields: str) -> dict[str, Any] | None:
    """What ``_pick_map.html`` shows (its labels in every language: the template picks the page's)."""
    if svg is None:
        return None
    return {"id": map_id, "svg": svg, "labels": LABELS, **fields}


def for_case(doc: dict[str, Any], office: dict[str, Any] | None, kept: str | None = None) -> dict[str, Any] | None:
    """The map beside the item form's position field (``it-pos``): around the case's finds and
    position when it has some, else around its office (``office edit --position``)."""
    from wreckmaster.geo.svgmap import points_of

    pts = points_of(doc)
    points = [(la, lo, ident) for ident, la, lo in pts["finds"]]
    if pts["casualty"]:
        points.append((*pts["casualty"], "casualty"))
    here = _office_point(office or {})
    if not points and here is not None:
        points = [here]
    regime = doc.get("regime") if isinstance(doc.get("regime"), str) else None
    svg = _svg(tuple(points), regime, _kept(kept), "map") if points else None
    return _context("it-map", svg, target="it-pos", format="dm")


def for_report(offices: list[dict[str, Any]], chosen: str | None, lat: str | None = None,
               lon: str | None = None, form: str = "r") -> dict[str, Any] | None:
    """The map beside a public form's latitude and longitude (``r-lat``, ``r-lon`` of the report;
    ``form="b"``: the board's point to search around): around the office asked for (``?office=``)
    and its neighbours, else the first office with a position."""
    ordered = sorted(offices, key=lambda o: (o.get("office") != chosen, str(o.get("office"))))
    points = [p for p in map(_office_point, ordered) if p is not None]
    marker = _float_pair(lat, lon) if lat and lon else None
    svg = _svg(tuple(points), None, marker, "map") if points else None
    return _context(f"{form}-map", svg, lat=f"{form}-lat", lon=f"{form}-lon", format="decimal")
