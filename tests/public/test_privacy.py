"""No public response holds a party's name, address or telephone, nor the value (issue 27);
every text the public gave is escaped in pages and feeds; no public route reveals a case that
is not under notice. On SQLite and PostgreSQL, through the pages and the API."""
from __future__ import annotations

from datetime import date, timedelta

from tests.public.conftest import jpeg_with_gps, make_office, tag

TODAY = date.today()
DAY = (TODAY - timedelta(days=3)).isoformat()
SECRETS = ["権兵衛", "Gonbei", "太助", "Tasuke", "横須賀市 汐入町 2-1", "046-822-0001", "gonbei@example.jp",
           "Captain Ahab", "船主 三郎", "お花", "123456789", "寄り道の家"]


def crowded(office_id: str, place: str) -> dict:
    """A case full of people: every kind of name, an address and a telephone where a field holds them."""
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
        "case": {"occurred": DAY, "kind": "wreck", "place": place,
                 "vessel": {"name": "第八幸丸", "owner": "vown", "master": "vmaster"}},
        "parties": [{"id": "own", "name": "権兵衛 (Gonbei), 横須賀市 汐入町 2-1, ☎ 046-822-0001", "roles": ["owner"],
                     "contact": "gonbei@example.jp"},
                    {"id": "fin", "name": "太助 (Tasuke)", "roles": ["finder"], "contact": "寄り道の家"},
                    {"id": "vown", "name": "船主 三郎", "roles": ["shipowner"]},
                    {"id": "vmaster", "name": "Captain Ahab", "roles": ["master"]}],
        "persons": [{"id": "p1", "name": "お花"}],
        "items": [{"id": "i1", "description": "漁網 一張", "kind": "gear", "value": "123456789",
                   "found": {"date": DAY, "by": ["fin"], "state": "floating",
                             "position": {"lat": "35.2", "lon": "139.7"}}},
                  {"id": "i2", "description": "未公告の樽", "value": "5",
                   "found": {"date": DAY, "by": ["fin"], "state": "floating"}}],
        "events": [{"type": "notice_posted", "date": DAY, "items": ["i1"]}],
    }


def test_no_public_response_holds_a_name_address_telephone_or_value(client, web, store):
    office = make_office(store, "yokosuka")
    place = f"観音崎 {tag()}"
    case, _ = store.open_case(crowded(office.id, place), office=office.id)
    r = web.post(f"/api/cases/{case}/items/i1/photos", headers=office.h,
                 files=[("photo", ("a.jpg", jpeg_with_gps(), "image/jpeg"))])
    assert r.status_code == 201, r.text
    (photo,) = r.json()["photos"]
    urls = ["/api/notices", f"/api/notices?office={office.id}", "/notices", f"/notices?q={place}",
            f"/notices?office={office.id}&lang=ja", f"/notices?office={office.id}&lang=fr",
            f"/notices/{case}/i1", f"/notices/{case}/i1?lang=en", f"/notices/{case}/i1?lang=zh",
            f"/offices/{office.id}/notices.atom", "/notices.ics", f"/notices.ics?office={office.id}",
            f"/notices/{case}/i1/photos/{photo}", "/report", "/report/status"]
    seen = {}
    for url in urls:
        resp = web.get(url)
        assert resp.status_code == 200, (url, resp.status_code)
        seen[url] = resp.content
    assert "漁網 一張".encode() in seen[f"/notices?q={place}"] and "漁網 一張".encode() in seen[f"/notices/{case}/i1"]
    assert b"BEGIN:VEVENT" in seen["/notices.ics"] and "漁網".encode() in seen[f"/offices/{office.id}/notices.atom"]
    for url, body in seen.items():
        for secret in SECRETS:
            assert secret.encode() not in body, (url, secret)
    # what is not under notice is not found, exactly as what does not exist
    assert web.get(f"/notices/{case}/i2").status_code == 404
    assert web.get(f"/notices/{case}/i2").text == web.get("/notices/no-such-case/i1").text
    assert web.get(f"/notices/{case}/i1/photos/{'0' * 64}").status_code == 404
    assert web.get("/offices/no-such-office/notices.atom").status_code == 404


def test_every_text_the_public_gives_is_escaped_in_pages_and_feeds(client, web, store):
    office = make_office(store, "escape")
    evil = f'<script>alert("{tag()}")</script>&<b>'
    r = client.post("/api/reports", json={"description": evil, "found_on": DAY, "state": "floating",
                                          "place": '"><img src=x onerror=alert(1)>', "office": office.id,
                                          "finder_name": "<i>n</i>", "finder_contact": "c"})
    case = client.post(f"/api/reports/{r.json()['report']}/accept", headers=office.h).json()["case"]
    client.post(f"/api/cases/{case}/entries", headers={**office.h, "If-Match": '"1"'},
                json={"event": {"type": "notice_posted", "date": DAY, "items": ["i1"]}})
    for url in (f"/notices?office={office.id}", f"/notices/{case}/i1", f"/offices/{office.id}/notices.atom"):
        body = web.get(url).text
        assert "<script>alert" not in body and "<img src=x" not in body, url
        assert "&lt;script&gt;" in body, url
    ics = web.get(f"/notices.ics?office={office.id}").text
    assert "<script>alert" in ics.replace("\r\n ", "")      # plain text in iCalendar, where no markup runs
    assert "Content-Type" not in ics
