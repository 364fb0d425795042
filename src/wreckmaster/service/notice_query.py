"""The notice board's filters and paging (CASE.md 1.1): ``GET /api/notices?q=&kind=&class=&office=
&found_from=&found_to=&near=LAT,LON&radius_km=&limit=&cursor=``, read from the read models
(``store/readmodels.py``). Each bad value answers 422 with its ``/query/NAME`` pointer.
"""
from __future__ import annotations

import re
import typing
from datetime import date
from decimal import Decimal, InvalidOperation
from urllib.parse import urlencode

from fastapi import Request

from wreckmaster.store.readmodels import CLASSES, NoticeFilter, decode_cursor, encode_cursor

from . import params
from .errors import bad_input

DEFAULT_LIMIT, MAX_LIMIT = 50, 200
MAX_Q = 200                         # characters
MAX_RADIUS_KM = 20038               # half the Earth's circumference
NAMES = ("as_of", "q", "kind", "class", "office", "found_from", "found_to", "near", "radius_km", "limit", "cursor")
_NUMBER = re.compile(r"[+-]?[0-9]{1,3}(?:\.[0-9]{1,12})?")


def kinds() -> tuple[str, ...]:
    """The item kinds of SCENARIO.md (``items[].kind``)."""
    from wreckmaster.law.scenario import Item

    return typing.get_args(typing.get_type_hints(Item)["kind"])


def _text(request: Request, name: str, most: int) -> str | None:
    value = params._one(request, name)
    if value is None or value == "":
        return None
    if len(value) > most or not value.isprintable():
        raise bad_input([(f"/query/{name}", f"expected printable text of at most {most} characters")])
    return value


def _choice(request: Request, name: str, choices: tuple[str, ...]) -> str | None:
    value = params._one(request, name)
    if value is None:
        return None
    if value not in choices:
        raise bad_input([(f"/query/{name}", f"expected one of {', '.join(choices)}, got {value[:40]!r}")])
    return value


def _near(request: Request) -> tuple[float, float] | None:
    value = params._one(request, "near")
    if value is None:
        return None
    parts = value.split(",")
    problem = [("/query/near", f"expected LAT,LON in degrees (-90..90, -180..180), got {value[:40]!r}")]
    if len(parts) != 2 or not all(_NUMBER.fullmatch(p.strip()) for p in parts):
        raise bad_input(problem)
    try:
        lat, lon = (Decimal(p.strip()) for p in parts)
    except InvalidOperation:   # pragma: no cover - the pattern admits decimals only
        raise bad_input(problem) from None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise bad_input(problem)
    return float(lat), float(lon)


def _radius(request: Request) -> float | None:
    value = params._one(request, "radius_km")
    if value is None:
        return None
    try:
        r = Decimal(value)
    except InvalidOperation:
        r = None
    if r is None or not r.is_finite() or not 0 < r <= MAX_RADIUS_KM:
        raise bad_input([("/query/radius_km", f"expected a distance in km above 0 and at most {MAX_RADIUS_KM}, "
                                              f"got {value[:40]!r}")])
    return float(r)


def read(request: Request) -> tuple[date, NoticeFilter, int, tuple[int, int] | None]:
    """``(as_of, filters, limit, after)`` of a request, or 422 naming the parameter."""
    as_of = params.query_date(request, "as_of") or date.today()
    q = _text(request, "q", MAX_Q)
    kind = _choice(request, "kind", kinds())
    item_class = _choice(request, "class", CLASSES)
    office = _text(request, "office", 64)
    found_from = params.query_date(request, "found_from")
    found_to = params.query_date(request, "found_to")
    if found_from and found_to and found_from > found_to:
        raise bad_input([("/query/found_to", f"{found_to.isoformat()} is before found_from {found_from.isoformat()}")])
    near, radius = _near(request), _radius(request)
    if near is not None and radius is None:
        raise bad_input([("/query/radius_km", "expected with near: the distance in km")])
    if radius is not None and near is None:
        raise bad_input([("/query/near", "expected with radius_km: LAT,LON")])
    limit = params.query_int(request, "limit", 1, MAX_LIMIT)
    cursor = params._one(request, "cursor")
    after = None
    if cursor is not None:
        try:
            after = decode_cursor(cursor)
        except (ValueError, TypeError):
            raise bad_input([("/query/cursor", "expected a cursor from a Link header of this board")]) from None
    return as_of, NoticeFilter(q=q, kind=kind, item_class=item_class, office=office, found_from=found_from,
                               found_to=found_to, near=near, radius_km=radius), \
        DEFAULT_LIMIT if limit is None else limit, after


def next_link(request: Request, after: tuple[int, int]) -> str:
    """``Link: <…>; rel="next"``: the same query with the next page's cursor (a relative URL)."""
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k != "cursor"]
    pairs.append(("cursor", encode_cursor(*after)))
    return f'<{request.url.path}?{urlencode(pairs)}>; rel="next"'


OPENAPI = [
    {"name": "q", "in": "query", "required": False, "schema": {"type": "string", "maxLength": MAX_Q},
     "description": "A substring of the description or the place, in any script (NFKC-normalised, case-folded)."},
    {"name": "kind", "in": "query", "required": False, "schema": {"type": "string"},
     "description": "The item kind, as in the rows (cargo, vessel, gear, mail, baggage, valuables, timber)."},
    {"name": "class", "in": "query", "required": False, "schema": {"type": "string", "enum": list(CLASSES)},
     "description": "drifting, sunken or river-timber, where the regime classes goods so (jp-1899-2025 art 24 ¶2)."},
    {"name": "office", "in": "query", "required": False, "schema": {"type": "string"},
     "description": "Only this office's notices (an unknown office: 404)."},
    {"name": "found_from", "in": "query", "required": False, "schema": {"type": "string", "format": "date"},
     "description": "Found on or after this day."},
    {"name": "found_to", "in": "query", "required": False, "schema": {"type": "string", "format": "date"},
     "description": "Found on or before this day."},
    {"name": "near", "in": "query", "required": False, "schema": {"type": "string", "example": "34.69,138.21"},
     "description": "LAT,LON (WGS 84 degrees), with radius_km: items found (or cases placed) within that distance."},
    {"name": "radius_km", "in": "query", "required": False, "schema": {"type": "number", "exclusiveMinimum": 0,
                                                                        "maximum": MAX_RADIUS_KM}},
    {"name": "limit", "in": "query", "required": False,
     "schema": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT}},
    {"name": "cursor", "in": "query", "required": False, "schema": {"type": "string"},
     "description": "Opaque: the next page, from the Link header."},
]
