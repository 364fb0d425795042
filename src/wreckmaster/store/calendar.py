"""`case due --format ics`: the clerk's list as an iCalendar file (one all-day event per duty)."""
from __future__ import annotations

from datetime import date, timedelta


def due_calendar(rows: list[dict], as_of: date) -> str:
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", "-//wreckmaster//case due//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", f"wreckmaster: due on {as_of.isoformat()}")
    for r in rows:
        day = date.fromisoformat(r["due"])
        ev = Event()
        ev.add("uid", f"{r['case']}-{r['duty']}-{r['due']}-{r['party'] or ''}@wreckmaster")
        ev.add("dtstamp", _stamp(as_of))
        ev.add("dtstart", day)
        ev.add("dtend", day + timedelta(days=1))
        status = "MISSED: " if r["status"] == "missed" else ""
        ev.add("summary", f"{status}{r['duty']} — case {r['case']}")
        ev.add("description", f"case {r['case']}; party {r['party'] or '—'}; {r['status']}; "
                              f"articles {', '.join(r['cites'])}")
        ev.add("categories", [r["status"]])
        cal.add_component(ev)
    return cal.to_ical().decode("utf-8")


def _stamp(as_of: date):
    from datetime import datetime, timezone

    return datetime(as_of.year, as_of.month, as_of.day, tzinfo=timezone.utc)
