"""What a member of the public sends, checked (issue 27; CASE.md 1.1 ``POST /api/reports``).

A finder's report: ``description``, ``found_on`` (a date, not after today), ``state``
(``floating``, ``sunk`` or ``ashore``), ``lat`` and ``lon`` or ``place``, ``office``
(optional), ``finder_name``, ``finder_contact``; ``website`` is the field hidden from people
(a bot that fills it is answered as if it had succeeded, and nothing is stored).
An owner's request: ``marks`` (what proves the goods are theirs), ``name``, ``contact``.
Every problem is reported with its pointer (``/description``…); texts are bounded and kept
as given (they are escaped wherever they are shown).
"""
from __future__ import annotations

import unicodedata
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

STATES = ("floating", "sunk", "ashore")
#: the hidden field that people never fill
HONEYPOT = "website"
LIMITS = {"description": 2000, "place": 300, "finder_name": 200, "finder_contact": 300, "office": 64,
          "marks": 2000, "name": 200, "contact": 300}


class Problems(ValueError):
    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


def _text(raw: dict[str, Any], name: str, problems: list, required: bool) -> str | None:
    value = raw.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            problems.append((f"/{name}", "required"))
        return None
    if not isinstance(value, str):
        problems.append((f"/{name}", "expected text"))
        return None
    value = unicodedata.normalize("NFC", value).strip()
    if len(value) > LIMITS[name]:
        problems.append((f"/{name}", f"at most {LIMITS[name]} characters"))
        return None
    if any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in value):
        problems.append((f"/{name}", "control characters are not allowed"))
        return None
    return value


def _degrees(raw: dict[str, Any], name: str, bound: int, problems: list) -> str | None:
    value = raw.get(name)
    if value is None or value == "":
        return None
    try:
        d = Decimal(str(value).strip())
        if not d.is_finite() or abs(d) > bound:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        problems.append((f"/{name}", f"expected degrees between -{bound} and {bound}"))
        return None
    return format(d.quantize(Decimal("0.000001")).normalize(), "f")


def is_bot(raw: dict[str, Any]) -> bool:
    """The hidden field holds text: only a bot wrote it (a value that is not text is bad input)."""
    value = raw.get(HONEYPOT)
    return isinstance(value, str) and bool(value.strip())


def _honeypot(raw: dict[str, Any], problems: list) -> None:
    if raw.get(HONEYPOT) is not None and not isinstance(raw[HONEYPOT], str):
        problems.append((f"/{HONEYPOT}", "expected text"))


def report_fields(raw: Any, today: date) -> dict[str, Any]:
    """A report's fields, checked: raises :class:`Problems` naming every bad field."""
    if not isinstance(raw, dict):
        raise Problems([("", "expected an object of the report's fields")])
    problems: list[tuple[str, str]] = []
    allowed = {"description", "found_on", "state", "lat", "lon", "place", "office", "finder_name",
               "finder_contact", HONEYPOT, "photo"}
    for key in raw:
        if key not in allowed:
            problems.append((f"/{key}", "unknown field"))
    _honeypot(raw, problems)
    out: dict[str, Any] = {}
    out["description"] = _text(raw, "description", problems, True)
    found = raw.get("found_on")
    try:
        day = date.fromisoformat(found) if isinstance(found, str) else None
    except ValueError:
        day = None
    if day is None:
        problems.append(("/found_on", "expected a date, YYYY-MM-DD"))
    elif day > today:
        problems.append(("/found_on", "a find cannot be reported before its day"))
    out["found_on"] = day.isoformat() if day else None
    state = raw.get("state")
    if state not in STATES:
        problems.append(("/state", "expected floating, sunk or ashore"))
    out["state"] = state
    lat, lon = _degrees(raw, "lat", 90, problems), _degrees(raw, "lon", 180, problems)
    if (lat is None) != (lon is None) and not any(p[0] in ("/lat", "/lon") for p in problems):
        problems.append(("/lon" if lon is None else "/lat", "give both lat and lon, or neither"))
    place = _text(raw, "place", problems, False)
    if lat is None and lon is None and place is None and not any(p[0] in ("/lat", "/lon") for p in problems):
        problems.append(("/place", "give lat and lon, or the place"))
    out.update(lat=lat, lon=lon, place=place)
    out["office"] = _text(raw, "office", problems, False)
    out["finder_name"] = _text(raw, "finder_name", problems, True)
    out["finder_contact"] = _text(raw, "finder_contact", problems, True)
    if problems:
        raise Problems(problems)
    return {k: v for k, v in out.items() if v is not None}


def request_fields(raw: Any) -> dict[str, Any]:
    """An owner's request, checked."""
    if not isinstance(raw, dict):
        raise Problems([("", "expected an object with marks, name and contact")])
    problems: list[tuple[str, str]] = []
    _honeypot(raw, problems)
    out = {k: _text(raw, k, problems, True) for k in ("marks", "name", "contact")}
    if problems:
        raise Problems(problems)
    return out
