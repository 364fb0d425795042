"""The deadlines as iCalendar: one all-day event per duty, article and case in it, stable UIDs."""
from __future__ import annotations

from datetime import date, datetime, timezone

from wreckmaster.documents.calendar import due_to_ics

ROWS = [
    {"case": "C-7", "duty": "declare the find of 2 pipes", "party": "tanguy", "due": "1917-04-23",
     "status": "missed", "cites": ["fr-epaves:2.1"]},
    {"case": "C-9", "duty": "county-report", "party": None, "due": "1891-02-14", "status": "pending",
     "cites": ["qing-shandong:5"]},
]


def events(data: bytes):
    from icalendar import Calendar

    return [c for c in Calendar.from_ical(data).walk() if c.name == "VEVENT"]


def test_one_all_day_event_per_duty():
    evs = events(due_to_ics(ROWS))
    assert len(evs) == 2
    first = evs[0]
    assert first.decoded("dtstart") == date(1917, 4, 23)
    assert not isinstance(first.decoded("dtstart"), datetime)       # all-day
    assert first.decoded("dtend") == date(1917, 4, 24)
    assert "fr-epaves:2.1" in str(first["summary"]) and "C-7" in str(first["summary"])
    assert "fr-epaves:2.1" in str(first["description"]) and "tanguy" in str(first["description"])


def test_uids_are_stable_and_distinct():
    a = [str(e["uid"]) for e in events(due_to_ics(ROWS))]
    moved = [dict(ROWS[0], due="1917-04-25"), ROWS[1]]     # the same duty with a new date keeps its UID
    b = [str(e["uid"]) for e in events(due_to_ics(moved, stamp=datetime(2026, 1, 1, tzinfo=timezone.utc)))]
    assert a == b
    assert len(set(a)) == 2


def test_empty_list_is_a_valid_calendar():
    data = due_to_ics([])
    assert data.startswith(b"BEGIN:VCALENDAR") and events(data) == []
