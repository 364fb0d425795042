"""The notice board's search (issue 27; CASE.md 1.1 ``GET /api/notices`` filters).

One function, :func:`search`, answers the board's pages, its feeds and the map, from the notice
read model (``store/readmodels.py``) with the filters of ``GET /api/notices``.

- ``q``: an NFKC-normalised, case-folded substring of the description or the place (Japanese
  needs no spaces: a substring, never words);
- ``kind`` (the item kind), ``class`` (``drifting``, ``sunken``, ``river-timber``: :mod:`.words`),
  ``office``, ``municipality`` (a substring of the place or the office's name);
- ``found_from``/``found_to``: dates, inclusive (on = both the same day; before = to the day
  before; after = from the day after);
- ``near`` = (lat, lon) with ``radius_km`` (great-circle distance to the find's position, else
  the case's);
- the order is stable: the newest find first, then case and item; ``cursor`` is the last row's
  key of the page before (opaque text), ``limit`` at most :data:`MAX_LIMIT`.
"""
from __future__ import annotations

import base64
import math
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .words import CLASSES

DEFAULT_LIMIT = 50
MAX_LIMIT = 200


@dataclass
class Filters:
    as_of: date
    q: str | None = None
    kind: str | None = None
    cls: str | None = None
    office: str | None = None
    municipality: str | None = None
    found_from: date | None = None
    found_to: date | None = None
    near: tuple[float, float] | None = None
    radius_km: float | None = None
    problems: list[tuple[str, str]] = field(default_factory=list)


def fold(text: str | None) -> str:
    return unicodedata.normalize("NFKC", text or "").casefold()


def parse_point(text: str | None) -> tuple[float, float] | None:
    """``"LAT,LON"`` as two numbers in range, or None."""
    try:
        lat, lon = (float(x) for x in str(text).split(","))
    except (ValueError, TypeError):
        return None
    if not (math.isfinite(lat) and math.isfinite(lon) and abs(lat) <= 90 and abs(lon) <= 180):
        return None
    return lat, lon


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in kilometres between two (lat, lon) points: the notice read
    model's (:func:`wreckmaster.store.readmodels.distance_km`), so the board, the nearest office
    and the radius filter measure alike."""
    from wreckmaster.store.readmodels import distance_km as great_circle

    return great_circle(*a, *b)


def parse(query: Any, today: date) -> tuple[Filters, str | None, int]:
    """The filters, cursor and limit of a query (a mapping of strings); every bad value is a
    problem ``(/query/NAME, message)`` in ``filters.problems``."""
    problems: list[tuple[str, str]] = []

    def text(name: str) -> str | None:
        v = query.get(name)
        if v is None or not str(v).strip():
            return None
        if len(v) > 200:
            problems.append((f"/query/{name}", "at most 200 characters"))
            return None
        return str(v).strip()

    def day(name: str) -> date | None:
        v = text(name)
        if v is None:
            return None
        try:
            return date.fromisoformat(v)
        except ValueError:
            problems.append((f"/query/{name}", "expected a date, YYYY-MM-DD"))
            return None

    as_of = day("as_of") or today
    f = Filters(as_of=as_of, q=text("q"), kind=text("kind"), cls=text("class"), office=text("office"),
                municipality=text("municipality"), found_from=day("found_from"), found_to=day("found_to"))
    if f.cls is not None and f.cls not in CLASSES:
        problems.append(("/query/class", "expected drifting, sunken or river-timber"))
    near = text("near")
    if near is not None:
        f.near = parse_point(near)
        if f.near is None:
            problems.append(("/query/near", "expected LAT,LON in degrees"))
    radius = text("radius_km")
    if radius is not None:
        try:
            f.radius_km = float(radius)
            if not math.isfinite(f.radius_km) or not 0 < f.radius_km <= 20000:
                raise ValueError
        except ValueError:
            problems.append(("/query/radius_km", "expected kilometres, more than 0 and at most 20000"))
    if (near is None) != (radius is None) and not any(p[0] in ("/query/near", "/query/radius_km") for p in problems):
        problems.append(("/query/radius_km" if radius is None else "/query/near", "give near and radius_km together"))
    limit = DEFAULT_LIMIT
    raw_limit = text("limit")
    if raw_limit is not None:
        if not raw_limit.isdigit() or not 1 <= int(raw_limit) <= MAX_LIMIT:
            problems.append(("/query/limit", f"expected a whole number from 1 to {MAX_LIMIT}"))
        else:
            limit = int(raw_limit)
    cursor = text("cursor")
    if cursor is not None and _key_of_cursor(cursor) is None:
        problems.append(("/query/cursor", "not a cursor this board gave"))
    f.problems = problems
    return f, cursor, limit


# --- the rows and their facts -----------------------------------------------------------------
def _facts(store: Any, rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """For each (case, item): what the page shows beyond the public row — the class of goods and
    the position — as the notice read model's row carries it (``facts``: no case is read)."""
    return {(r["case"], r["item"]): dict(r["facts"]) for r in rows}


def _cursor_of_key(key: tuple[str, str, str]) -> str:
    return base64.urlsafe_b64encode("\x1f".join(key).encode("utf-8")).decode("ascii").rstrip("=")


def _key_of_cursor(cursor: str) -> tuple[str, str, str] | None:
    try:
        parts = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("utf-8").split("\x1f")
    except (ValueError, UnicodeDecodeError):
        return None
    return tuple(parts) if len(parts) == 3 else None  # type: ignore[return-value]


def search(store: Any, filters: Filters, cursor: str | None = None, limit: int = DEFAULT_LIMIT
           ) -> tuple[list[dict[str, Any]], str | None, dict[tuple[str, str], dict[str, Any]]]:
    """One page of the board: ``(rows, next cursor or None, facts by (case, item))``.

    The rows are CASE.md's, never a person's name or the value. They come from the notice read
    model (``store/readmodels.py``: indexed, so a search costs what it finds), which applies the
    filters of ``GET /api/notices`` and orders and pages the rows in the database
    (:meth:`~wreckmaster.store.store.Store.board_page`, keyset on the board's order); the
    municipality (a substring of the place or the office's name) is checked here as the rows are
    read, and the facts (class, position) come with the rows."""
    from wreckmaster.service.routers.notices import FIELDS, _plain
    from wreckmaster.store.errors import NotFound
    from wreckmaster.store.readmodels import NoticeFilter

    near = filters.near is not None and filters.radius_km is not None
    wanted = NoticeFilter(q=filters.q, kind=filters.kind, item_class=filters.cls, office=filters.office,
                          found_from=filters.found_from, found_to=filters.found_to,
                          near=filters.near if near else None, radius_km=filters.radius_km if near else None)
    keep = None
    if filters.municipality:
        from wreckmaster.store.public import office_rows

        needle = fold(filters.municipality)
        names = {o["office"]: fold(o["name"]) for o in office_rows(store)}

        def keep(r: dict[str, Any]) -> bool:
            return needle in fold(r.get("place")) or needle in names.get(r["office"], "")

    after = _key_of_cursor(cursor) if cursor else None
    try:   # ordered and paged by the database (the read model's index of the board's order)
        page, last = store.board_page(filters.as_of, wanted, limit, after, keep)
    except NotFound:   # an office that does not exist has nothing under notice (and is not revealed)
        page, last = [], None
    nxt = _cursor_of_key(last) if last is not None else None
    facts = _facts(store, page) if page else {}
    return [{k: _plain(r.get(k)) for k in FIELDS} for r in page], nxt, facts
