"""Feeds for people who watch for their goods (issue 27): an Atom feed of an office's notices
(RFC 4287) and an iCalendar of the owners' claim deadlines (RFC 5545).

Both are built from the board's rows (:func:`.board.search`), so they show exactly what the
board shows — never a person's name, address or telephone, never the value. Every text goes
through the XML writer (ElementTree) or the iCalendar writer (``icalendar``), which escape it.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable
from xml.etree import ElementTree as ET

ATOM = "http://www.w3.org/2005/Atom"


def _title(row: dict[str, Any]) -> str:
    return row.get("description") or row["item"]


def atom(office: dict[str, Any], rows: Iterable[dict[str, Any]], base: str, updated: datetime) -> bytes:
    """The office's notices as an Atom feed; each entry links to the item's page."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    ET.SubElement(feed, f"{{{ATOM}}}title").text = f"{office['name']} — notices (公告)"
    ET.SubElement(feed, f"{{{ATOM}}}id").text = f"{base}/offices/{office['office']}/notices.atom"
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = updated.isoformat(timespec="seconds")
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="self", href=f"{base}/offices/{office['office']}/notices.atom")
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    ET.SubElement(author, f"{{{ATOM}}}name").text = office["name"]
    for r in rows:
        url = f"{base}/notices/{r['case']}/{r['item']}"
        e = ET.SubElement(feed, f"{{{ATOM}}}entry")
        ET.SubElement(e, f"{{{ATOM}}}title").text = _title(r)
        ET.SubElement(e, f"{{{ATOM}}}id").text = url
        ET.SubElement(e, f"{{{ATOM}}}link", href=url)
        ET.SubElement(e, f"{{{ATOM}}}updated").text = (
            f"{r['found_on']}T00:00:00+00:00" if r.get("found_on") else updated.isoformat(timespec="seconds"))
        lines = [f"found on {r.get('found_on') or '—'}", f"at {r.get('place') or '—'}",
                 f"the owner may claim until {r.get('claim_until') or '— (the law sets no day)'}"]
        ET.SubElement(e, f"{{{ATOM}}}summary").text = "; ".join(lines)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="utf-8")


def calendar(rows: Iterable[dict[str, Any]], base: str, stamp: datetime) -> bytes:
    """The last day the owner may claim each item under notice, one all-day event each."""
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", "-//wreckmaster//public notices//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "Claim deadlines of goods under notice (公告)")
    for r in rows:
        if not r.get("claim_until"):
            continue
        day = date.fromisoformat(r["claim_until"])
        ev = Event()
        ev.add("uid", f"{r['case']}-{r['item']}@wreckmaster")
        ev.add("dtstamp", stamp)
        ev.add("dtstart", day)
        ev.add("dtend", day + timedelta(days=1))
        ev.add("summary", f"Last day to claim: {_title(r)}")
        ev.add("description", f"Found on {r.get('found_on') or '—'} at {r.get('place') or '—'}; "
                              f"office {r['office']}.")
        ev.add("url", f"{base}/notices/{r['case']}/{r['item']}")
        cal.add_component(ev)
    return cal.to_ical()


def now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)
