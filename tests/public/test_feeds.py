"""The Atom feed of an office and the iCalendar of claim deadlines (issue 27): well-formed, one
entry per item under notice, the claim's last day as the event's day (CASE.md ``claim_until``)."""
from __future__ import annotations

from datetime import date, timedelta
from xml.etree import ElementTree as ET

from tests.public.conftest import make_office, tag
from tests.public.test_board import find

ATOM = "{http://www.w3.org/2005/Atom}"


def test_an_offices_feed_and_the_calendar_of_claim_deadlines(web, store):
    office = make_office(store, "feed")
    day = (date.today() - timedelta(days=4)).isoformat()
    name = f"漁網 {tag()}"
    case, _ = store.open_case(find("net", name, day, "floating", "三崎"), office=office.id)
    (row,) = [n for n in store.notices(date.today()) if n["case"] == case]

    r = web.get(f"/offices/{office.id}/notices.atom")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/atom+xml")
    feed = ET.fromstring(r.content)
    (entry,) = feed.findall(f"{ATOM}entry")
    assert entry.find(f"{ATOM}title").text == name
    assert entry.find(f"{ATOM}link").get("href").endswith(f"/notices/{case}/net")
    assert row["claim_until"] in entry.find(f"{ATOM}summary").text

    from icalendar import Calendar

    r = web.get(f"/notices.ics?office={office.id}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/calendar")
    (event,) = [c for c in Calendar.from_ical(r.content).walk("VEVENT")]
    assert event.decoded("dtstart") == date.fromisoformat(row["claim_until"])
    assert str(event["uid"]) == f"{case}-net@wreckmaster" and name in str(event["summary"])


def test_another_offices_clerk_cannot_decide_an_owners_request(client, store, office):
    from tests.public.test_reports import under_notice

    case, item = under_notice(client, office)
    req = client.post(f"/api/notices/{case}/{item}/requests",
                      json={"marks": "m", "name": "n", "contact": "c"}).json()["request"]
    other = make_office(store, "uraga")
    assert all(q["request"] != req for q in client.get("/api/inbox", headers=other.h).json()["requests"])
    assert client.post(f"/api/requests/{req}/accept", headers=other.h).status_code == 404
    assert client.post(f"/api/requests/{req}/decline", headers=other.h).status_code == 404
    assert client.post(f"/api/requests/{req}/decline", headers=office.h, json={"reason": "印が違う"}).status_code == 200
    assert client.post(f"/api/requests/{req}/accept", headers=office.h).status_code == 422     # decided already
