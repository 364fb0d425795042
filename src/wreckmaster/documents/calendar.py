"""The clerk's deadlines as a calendar (iCalendar, RFC 5545): ``case due --format ics`` and
``GET /api/due.ics``. One all-day event per duty, its article(s) and its case in the summary
and the description, the duty in the case's language first where the row carries it
(``duty_local``: 救護費用ノ金額ヲ申立ツ, 呈報, déclaration) and in English; the UID is stable (the same duty of the same case keeps its UID when
the list is fetched again, so a calendar application updates instead of duplicating)."""
from __future__ import annotations

import hashlib
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable

PRODID = "-//wreckmaster//case deadlines//EN"


def _uid(row: dict[str, Any]) -> str:
    key = "\x1f".join(str(row.get(k) or "") for k in ("case", "duty", "party"))
    return f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}@wreckmaster"


def due_to_ics(rows: Iterable[dict[str, Any]], name: str = "wreckmaster deadlines",
               stamp: datetime | None = None) -> bytes:
    """``rows`` as ``case due --format json`` prints them: ``[{case, duty, party, due, status, cites}]``
    (``due`` an ISO date or a ``date``), with ``duty_local`` where ``Store.due(local=True)`` adds
    it. ``stamp`` (DTSTAMP) defaults to now, UTC."""
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    stamp = stamp or datetime.now(timezone.utc).replace(microsecond=0)
    for row in rows:
        due = row["due"] if isinstance(row["due"], date) else date.fromisoformat(str(row["due"]))
        cites = ", ".join(row.get("cites") or [])
        ev = Event()
        ev.add("uid", _uid(row))
        ev.add("dtstamp", stamp)
        ev.add("dtstart", due)
        ev.add("dtend", due + timedelta(days=1))
        local = row.get("duty_local")
        duty = f"{local} / {row['duty']}" if local else row["duty"]
        ev.add("summary", f"{duty} [{cites}] — case {row['case']}")
        ev.add("description", "\n".join([
            f"Case: {row['case']}", *([f"Duty ({row.get('lang') or 'local'}): {local}"] if local else []),
            f"Duty: {row['duty']}", f"Party: {row.get('party') or '—'}",
            f"Due: {due.isoformat()} ({row.get('status', 'pending')})", f"Articles: {cites or '—'}"]))
        ev.add("categories", [row.get("status") or "pending"])
        ev.add("transp", "TRANSPARENT")
        cal.add_component(ev)
    return cal.to_ical()
