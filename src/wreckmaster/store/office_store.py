"""Offices (CASE.md 1.1, "Offices"): a mayor's office (役場), a quartier, a coast station, a county.

An office has a name and, optionally, the language and regime of its cases, its address, the
title of its head (三崎町長 — the issuer of its notices), a telephone number, a position (for the
public finder's report: the nearest office) and a time zone ("today" is the office's date
there), and its own closing days, which ``case export`` writes into each of its cases as
``case.closed_days`` (sorted ISO dates; no key when there are none). Offices are public:
:meth:`OfficeMethods.public_offices` gives what anyone may read (id, name, address, telephone,
position), nothing else.

Bad input is :class:`InvalidEntry` with the option as the pointer (``/lang``, ``/position``…),
and nothing is stored.
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .errors import InvalidEntry, NotFound
from .models import office_closed_days, offices

LANGS = ("ja", "fr", "zh", "en")
#: the optional details: option name (as the CLI spells it, without --) → column
DETAILS = {"name": "name", "lang": "lang", "regime": "regime", "address": "address", "head-title": "head_title",
           "telephone": "telephone", "position": None, "timezone": "timezone"}
MAX_TEXT = 500


def parse_position(text: str) -> tuple[str, str]:
    """``"35.14,139.61"`` → (lat, lon) as exact decimal texts; ValueError with the reason."""
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f"expected LAT,LON in decimal degrees (35.14,139.61), got {text!r}")
    try:
        lat, lon = (Decimal(p) for p in parts)
    except InvalidOperation:
        raise ValueError(f"expected LAT,LON in decimal degrees (35.14,139.61), got {text!r}") from None
    if not lat.is_finite() or not lon.is_finite() or not -90 <= lat <= 90 or not -180 <= lon <= 180:
        raise ValueError(f"latitude must be within -90..90 and longitude within -180..180, got {text!r}")
    return parts[0], parts[1]


def check_details(details: dict[str, Any]) -> dict[str, Any]:
    """The columns to store for these options (only those given, i.e. not None); InvalidEntry
    naming every bad option."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from .engine_bridge import known_regimes

    problems, values = [], {}
    for option, value in details.items():
        if value is None:
            continue
        ptr = f"/{option}"
        if not isinstance(value, str) or len(value) > MAX_TEXT or (option == "name" and not value.strip()):
            problems.append((ptr, f"expected a text of 1 to {MAX_TEXT} characters"))
        elif option == "lang" and value not in LANGS:
            problems.append((ptr, f"expected one of {', '.join(LANGS)}, got {value!r}"))
        elif option == "regime" and value not in known_regimes():
            problems.append((ptr, f"unknown regime {value!r} (known: {', '.join(sorted(known_regimes()))})"))
        elif option == "position":
            try:
                values["lat"], values["lon"] = parse_position(value)
            except ValueError as exc:
                problems.append((ptr, str(exc)))
        elif option == "timezone":
            try:
                ZoneInfo(value)
                values["timezone"] = value
            except (ZoneInfoNotFoundError, ValueError):
                problems.append((ptr, f"unknown time zone {value!r} (an IANA name such as Asia/Tokyo)"))
        else:
            values[DETAILS[option]] = value
    if problems:
        raise InvalidEntry(problems)
    return values


def check_day(text: str) -> str:
    try:
        return date.fromisoformat(str(text)).isoformat() if len(str(text)) == 10 else _bad_day(text)
    except ValueError:
        return _bad_day(text)


def _bad_day(text: str) -> str:
    raise InvalidEntry([("/date", f"expected an ISO date YYYY-MM-DD, got {text!r}")])


def _row(r) -> dict[str, Any]:
    out = {"office": r.id, "name": r.name}
    for key, col in (("lang", "lang"), ("regime", "regime"), ("address", "address"), ("head_title", "head_title"),
                     ("telephone", "telephone"), ("timezone", "timezone")):
        if getattr(r, col) is not None:
            out[key] = getattr(r, col)
    if r.lat is not None:
        out["position"] = {"lat": r.lat, "lon": r.lon}
    return out


# built once (every append reads it, for the read models: .readmodels.with_office_days)
_CLOSED_DAYS = select(office_closed_days.c.day).where(office_closed_days.c.office == bindparam("office")).order_by(
    office_closed_days.c.day)


class OfficeMethods:
    """The office half of :class:`~wreckmaster.store.store.Store` (it provides ``_tx``)."""

    def add_office(self, office_id: str, name: str, **details: Any) -> None:
        if not isinstance(office_id, str) or not office_id.strip() or len(office_id) > 64:
            raise InvalidEntry([("/office", "expected an office id of 1 to 64 characters")])
        values = check_details({"name": name, **details})
        try:
            with self._tx(write=True) as conn:
                if conn.execute(select(offices.c.id).where(offices.c.id == office_id)).first():
                    raise InvalidEntry([("/office", f"office {office_id!r} exists already")])
                conn.execute(insert(offices).values(id=office_id, **values))
        except IntegrityError:
            raise InvalidEntry([("/office", f"office {office_id!r} exists already")]) from None

    def edit_office(self, office_id: str, **details: Any) -> dict[str, Any]:
        """Set the details given (the others stay); returns the office as :meth:`office` gives it."""
        values = check_details(details)
        with self._tx(write=True) as conn:
            self._office_row(conn, office_id)
            if values:
                conn.execute(update(offices).where(offices.c.id == office_id).values(**values))
            return self._office_dict(conn, office_id)

    def office(self, office_id: str) -> dict[str, Any]:
        """One office with every detail it has and its closing days."""
        with self._tx() as conn:
            return self._office_dict(conn, office_id)

    def _office_row(self, conn, office_id: str):
        row = conn.execute(select(offices).where(offices.c.id == office_id)).first()
        if row is None:
            raise NotFound("office", office_id)
        return row

    def _office_dict(self, conn, office_id: str) -> dict[str, Any]:
        out = _row(self._office_row(conn, office_id))
        days = self._closed_days(conn, office_id)
        if days:
            out["closed_days"] = days
        return out

    @staticmethod
    def _closed_days(conn, office_id: str) -> list[str]:
        return list(conn.execute(_CLOSED_DAYS, {"office": office_id}).scalars())

    def closed_days(self, office_id: str) -> list[str]:
        """The office's own closing days, sorted (none for an office that does not exist)."""
        with self._tx() as conn:
            return self._closed_days(conn, office_id)

    def office_closed(self, office_id: str, action: str, day: str) -> list[str]:
        """Add or remove one closing day; returns the office's closing days (sorted)."""
        if action not in ("add", "remove"):
            raise InvalidEntry([("/action", f"expected add or remove, got {action!r}")])
        day = check_day(day)
        with self._tx(write=True) as conn:
            self._office_row(conn, office_id)
            have = day in self._closed_days(conn, office_id)
            if action == "add" and not have:
                conn.execute(insert(office_closed_days).values(office=office_id, day=day))
            elif action == "remove":
                if not have:
                    raise InvalidEntry([("/date", f"{day} is not a closing day of office {office_id}")])
                conn.execute(delete(office_closed_days).where(office_closed_days.c.office == office_id,
                                                              office_closed_days.c.day == day))
            from . import readmodels

            readmodels.refresh_office(conn, office_id)   # the due list and the board move with the days
            return self._closed_days(conn, office_id)

    def offices(self) -> list[dict]:
        """Every office with its details (the administrator's list)."""
        with self._tx() as conn:
            return [_row(r) for r in conn.execute(select(offices).order_by(offices.c.id))]

    def public_offices(self) -> list[dict]:
        """What anyone may read of the offices: ``[{id, name, address, telephone, position}]``
        (position ``{lat, lon}`` or null) — nothing else."""
        with self._tx() as conn:
            q = select(offices.c.id, offices.c.name, offices.c.address, offices.c.telephone, offices.c.lat,
                       offices.c.lon).order_by(offices.c.id)
            return [{"id": r.id, "name": r.name, "address": r.address, "telephone": r.telephone,
                     "position": {"lat": float(r.lat), "lon": float(r.lon)} if r.lat is not None else None}
                    for r in conn.execute(q)]

    def office_today(self, office_id: str | None, conn=None) -> date:
        """"Today" at the office: its date in its time zone (CASE.md 1.1), else this machine's."""
        if office_id is None:
            return date.today()
        if conn is None:
            with self._tx() as c:
                return self.office_today(office_id, c)
        zone = conn.execute(select(offices.c.timezone).where(offices.c.id == office_id)).scalar()
        if not zone:
            return date.today()
        from datetime import datetime
        from zoneinfo import ZoneInfo

        return datetime.now(ZoneInfo(zone)).date()

    def case_office(self, case_id: str, office: str | None = None) -> dict[str, Any]:
        """The office of a case, as :meth:`office` gives it (what its documents print as issuer)."""
        with self._tx() as conn:
            row = self._case(conn, case_id, office)
            return self._office_dict(conn, row.office)
