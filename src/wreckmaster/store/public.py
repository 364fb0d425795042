"""The public's side in the database (issue 27, migration 0008): photographs, finders'
reports, owners' requests and the requests per address that the rate limits count.

Functions of a :class:`~wreckmaster.store.store.Store` (its units of work): the case log stays
in ``store.py``; opening a case from a report and recording an owner's claim go through
``Store.open_case`` and ``Store.record``, so they are validated and hash-chained as every entry.

- A report's secret is 256 random bits; only its SHA-256 is stored (a secret that long needs no
  key), and it is compared in constant time.
- A report waits in its office's inbox (``status: received``) until a clerk of that office
  accepts it (a case opened: the first report, the finder as a party, the photographs' hashes
  in the item) or declines it with a reason the finder reads.
- An owner's request is about one item under notice; it is shown only to the clerks of the
  case's office, and accepting it records the claimant as a party and ``owner_claimed``.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from datetime import date
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from . import canonical
from .errors import InvalidEntry, NotFound
from .models import offices, owner_requests, photos, rate_hits, reports

STATUSES = ("received", "accepted", "declined")
#: the clock of the rate limits (a test holds it still, so that no minute ends inside it)
clock = time.time


def default_regime() -> str:
    """The regime of a case opened from a report when the office names none (the registered regime
    that declares ``reports_default``: today's law)."""
    from wreckmaster.law import regime as registry

    return next(r.id for r in registry.all_regimes() if r.reports_default)


def _now() -> str:
    from .store import now_text

    return now_text()


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


# --- photographs -----------------------------------------------------------------------
def put_photo(store, photo) -> str:
    """Store a cleaned photograph (``public.photos.Photo``) once; returns its SHA-256."""
    with store._tx(write=True) as conn:
        if conn.execute(select(photos.c.sha256).where(photos.c.sha256 == photo.sha256)).first() is None:
            conn.execute(insert(photos).values(sha256=photo.sha256, media_type=photo.media_type, width=photo.width,
                                               height=photo.height, data=photo.data, stored_at=_now()))
    return photo.sha256


def photo(store, sha256: str) -> tuple[str, bytes] | None:
    """``(media type, bytes)`` of a stored photograph, or None."""
    with store._tx() as conn:
        r = conn.execute(select(photos.c.media_type, photos.c.data).where(photos.c.sha256 == sha256)).first()
    return (r.media_type, bytes(r.data)) if r is not None else None


# --- offices -----------------------------------------------------------------------------
def office_row(store, office_id: str) -> dict[str, Any] | None:
    """An office's public columns (those that exist: ``address``, ``telephone``, ``lang``,
    ``position`` come with the ``docs`` branch's migration), or None."""
    with store._tx() as conn:
        r = conn.execute(select(offices).where(offices.c.id == office_id)).first()
    return _office_dict(r) if r is not None else None


def office_rows(store) -> list[dict[str, Any]]:
    with store._tx() as conn:
        return [_office_dict(r) for r in conn.execute(select(offices).order_by(offices.c.id))]


def _office_dict(r) -> dict[str, Any]:
    m = r._mapping
    return {"office": m["id"], "name": m["name"], "address": m.get("address"), "telephone": m.get("telephone"),
            "lang": m.get("lang"), "regime": m.get("regime"),
            "position": {"lat": m["lat"], "lon": m["lon"]} if m.get("lat") is not None else None}


def nearest_office(store, lat: float | None, lon: float | None) -> str:
    """The office nearest to (lat, lon) among those with a position (``office edit --position``,
    kept as the exact texts ``lat``, ``lon``), else ``local``; a tie goes to the smaller id."""
    if lat is None or lon is None:
        return "local"
    from .models import offices
    from .readmodels import distance_km

    with store._tx() as conn:
        rows = conn.execute(select(offices.c.id, offices.c.lat, offices.c.lon).where(
            offices.c.lat.is_not(None), offices.c.lon.is_not(None))).all()
    best = min(((distance_km(lat, lon, float(r.lat), float(r.lon)), r.id) for r in rows), default=None)
    return best[1] if best else "local"


# --- finders' reports ----------------------------------------------------------------------
def add_report(store, fields: dict[str, Any], office: str) -> tuple[str, str]:
    """Store a report in ``office``'s inbox: ``(report id, secret)``. ``fields`` are already
    checked (``public/reports.py``); photographs already stored."""
    secret = secrets.token_urlsafe(32)
    with store._tx(write=True) as conn:
        if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
            raise InvalidEntry([("/office", f"no office {office!r}")])
        for _ in range(5):
            report_id = "R" + secrets.token_hex(6).upper()
            try:
                with conn.begin_nested():
                    conn.execute(insert(reports).values(id=report_id, office=office, secret_hash=_digest(secret),
                                                        fields=canonical.dumps(fields), status="received",
                                                        received_at=_now()))
                break
            except IntegrityError:
                continue
    return report_id, secret


def report_status(store, report_id: str, secret: str | None) -> dict[str, Any]:
    """What the finder may read; NotFound for a wrong or missing secret, as for no report."""
    with store._tx() as conn:
        r = conn.execute(select(reports).where(reports.c.id == report_id)).first()
    if r is None or not secret or not hmac.compare_digest(r.secret_hash, _digest(secret)):
        raise NotFound("report", report_id)
    out: dict[str, Any] = {"report": r.id, "status": r.status}
    if r.case_id:
        out["case"] = r.case_id
    if r.reason:
        out["reason"] = r.reason
    return out


def inbox(store, office: str) -> dict[str, list[dict[str, Any]]]:
    """The office's waiting reports and owners' requests, oldest first."""
    with store._tx() as conn:
        reps = conn.execute(select(reports).where(reports.c.office == office, reports.c.status == "received")
                            .order_by(reports.c.received_at, reports.c.id)).all()
        reqs = conn.execute(select(owner_requests).where(owner_requests.c.office == office,
                                                         owner_requests.c.status == "received")
                            .order_by(owner_requests.c.received_at, owner_requests.c.id)).all()
    return {"reports": [{"report": r.id, "received_at": r.received_at, **canonical.loads(r.fields)} for r in reps],
            "requests": [{"request": r.id, "case": r.case_id, "item": r.item, "received_at": r.received_at,
                          **canonical.loads(r.fields)} for r in reqs]}


def _waiting(conn, table, ident: str, office: str):
    r = conn.execute(select(table).where(table.c.id == ident)).first()
    if r is None or r.office != office:
        raise NotFound("report" if table is reports else "request", ident)
    if r.status != "received":
        raise InvalidEntry([("/status", f"{ident} is {r.status} already")])
    return r


def report_scenario(fields: dict[str, Any], regime: str, report_id: str) -> dict[str, Any]:
    """The first report of the case a report opens: the find as an item (its photographs' hashes
    in ``photos``), the finder as a party with the contact given."""
    found: dict[str, Any] = {"date": fields["found_on"], "by": ["finder"], "state": fields["state"]}
    case: dict[str, Any] = {"occurred": fields["found_on"], "kind": "drift", "report": report_id}
    if fields.get("place"):
        case["place"] = fields["place"]
    if fields.get("lat") is not None:
        position = {"lat": canonical.LiteralNumber(str(fields["lat"])), "lon": canonical.LiteralNumber(str(fields["lon"]))}
        found["position"] = position
        case["position"] = position
    item: dict[str, Any] = {"id": "i1", "description": fields["description"], "found": found}
    if fields.get("photos"):
        item["photos"] = list(fields["photos"])
    finder = {"id": "finder", "name": fields["finder_name"], "roles": ["finder"]}
    if fields.get("finder_contact"):
        finder["contact"] = fields["finder_contact"]
    return {"format": "wreckmaster.scenario/1", "regime": regime, "case": case, "parties": [finder], "items": [item]}


def accept_report(store, report_id: str, office: str, user: str, regime: str | None = None) -> str:
    """Open a case from the report (in the report's office) and mark it accepted: the case id."""
    with store._tx() as conn:
        r = _waiting(conn, reports, report_id, office)
    regime = regime or (office_row(store, office) or {}).get("regime") or default_regime()
    case_id, _ = store.open_case(report_scenario(canonical.loads(r.fields), regime, report_id),
                                 office=office, recorded_by=user)
    with store._tx(write=True) as conn:
        conn.execute(update(reports).where(reports.c.id == report_id).values(
            status="accepted", case_id=case_id, decided_at=_now(), decided_by=user))
    return case_id


def decline_report(store, report_id: str, office: str, user: str, reason: str) -> None:
    reason = (reason or "").strip()
    if not reason or len(reason) > 2000:
        raise InvalidEntry([("/reason", "give the finder a reason of 1 to 2000 characters")])
    with store._tx(write=True) as conn:
        _waiting(conn, reports, report_id, office)
        conn.execute(update(reports).where(reports.c.id == report_id).values(
            status="declined", reason=reason, decided_at=_now(), decided_by=user))


# --- owners' requests -------------------------------------------------------------------------
def add_request(store, case_id: str, item: str, office: str, fields: dict[str, Any]) -> str:
    """Store an owner's request for an item under notice (checked by the caller): its id."""
    with store._tx(write=True) as conn:
        request_id = "Q" + secrets.token_hex(6).upper()
        conn.execute(insert(owner_requests).values(id=request_id, case_id=case_id, item=item, office=office,
                                                   fields=canonical.dumps(fields), status="received",
                                                   received_at=_now()))
    return request_id


def accept_request(store, request_id: str, office: str, user: str, on: date) -> str:
    """Record the owner's claim in the case: the claimant as a party, ``owner_claimed`` of the
    item on ``on``. Returns the case id."""
    with store._tx() as conn:
        r = _waiting(conn, owner_requests, request_id, office)
    fields = canonical.loads(r.fields)
    scenario = store.scenario(r.case_id, office=office)
    taken = {p.id for p in scenario.parties} | {p.id for p in scenario.persons}
    party_id, n = "claimant", 1
    while party_id in taken:
        n += 1
        party_id = f"claimant-{n}"
    party = {"id": party_id, "name": fields["name"], "roles": ["owner"], "contact": fields["contact"]}
    store.record(r.case_id, [{"add": "party", "value": party},
                             {"event": {"type": "owner_claimed", "date": on.isoformat(), "by": party_id,
                                        "items": [r.item]}}],
                 recorded_by=user, office=office)
    with store._tx(write=True) as conn:
        conn.execute(update(owner_requests).where(owner_requests.c.id == request_id).values(
            status="accepted", decided_at=_now(), decided_by=user))
    return r.case_id


def decline_request(store, request_id: str, office: str, user: str, reason: str) -> None:
    with store._tx(write=True) as conn:
        _waiting(conn, owner_requests, request_id, office)
        conn.execute(update(owner_requests).where(owner_requests.c.id == request_id).values(
            status="declined", reason=(reason or "").strip()[:2000] or None, decided_at=_now(), decided_by=user))


# --- rate limits ----------------------------------------------------------------------------
def hit(store, key: str, limit: int, now: float | None = None) -> int | None:
    """Count one request of ``key`` (an address and a route group) in the current minute: None
    while within ``limit``, else the seconds until the minute ends (``Retry-After``). The count
    lives in the database, so every worker shares it; older minutes are dropped as they pass."""
    now = clock() if now is None else now
    minute = int(now // 60)
    key = key[:200]
    with store._tx(write=True) as conn:
        table = rate_hits
        dialect = conn.dialect.name
        if dialect in ("sqlite", "postgresql"):
            if dialect == "sqlite":
                from sqlalchemy.dialects.sqlite import insert as upsert
            else:
                from sqlalchemy.dialects.postgresql import insert as upsert
            stmt = upsert(table).values(key=key, minute=minute, count=1)
            stmt = stmt.on_conflict_do_update(index_elements=[table.c.key, table.c.minute],
                                              set_={"count": table.c.count + 1}).returning(table.c.count)
            count = conn.execute(stmt).scalar_one()
        else:  # pragma: no cover - the project runs on SQLite and PostgreSQL
            raise NotImplementedError(dialect)
        if count == 1:
            conn.execute(table.delete().where(table.c.minute < minute))
    if count > limit:
        return max(1, 60 - int(now % 60))
    return None
