"""A finder reports online; the clerk accepts or declines; an owner asks; the clerk records
the claim (issue 27; CASE.md 1.1 ``POST /api/reports``, ``GET /api/reports/{id}``).
On SQLite and PostgreSQL."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.public.conftest import jpeg_with_gps, make_office, png, tag

TODAY = date.today()


def fields(office=None, **over):
    out = {"description": "赤い浮き玉 三個", "found_on": (TODAY - timedelta(days=2)).isoformat(), "state": "ashore",
           "place": "城ヶ島の浜", "finder_name": "山田 太郎", "finder_contact": "090-1234-5678"}
    if office:
        out["office"] = office
    out.update(over)
    return {k: v for k, v in out.items() if v is not None}


def send(client, data, photos=()):
    if photos:
        return client.post("/api/reports", data=data, files=[("photo", (f"p{k}.jpg", p, "image/jpeg"))
                                                             for k, p in enumerate(photos)])
    return client.post("/api/reports", json=data)


def status(client, report, secret):
    return client.get(f"/api/reports/{report}", headers={"X-Report-Secret": secret} if secret is not None else {})


def test_a_report_with_photographs_waits_in_the_offices_inbox_and_opens_a_case(client, store, office):
    r = send(client, fields(office.id), photos=[jpeg_with_gps(), png()])
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"report", "secret"} and len(body["secret"]) >= 40
    assert status(client, body["report"], body["secret"]).json() == {"report": body["report"], "status": "received"}
    box = client.get("/api/inbox", headers=office.h).json()
    (waiting,) = [x for x in box["reports"] if x["report"] == body["report"]]
    assert waiting["finder_name"] == "山田 太郎" and len(waiting["photos"]) == 2
    r = client.post(f"/api/reports/{body['report']}/accept", headers=office.h)
    assert r.status_code == 201 and r.json()["version"] == 1
    case = r.json()["case"]
    # the first report and the finder are filled in; the log's first entry holds the photographs' hashes
    (first,) = client.get(f"/api/cases/{case}/entries", headers=office.h).json()
    opened = first["entry"]["open"]
    assert opened["case"]["report"] == body["report"] and opened["case"]["occurred"] == fields()["found_on"]
    assert opened["parties"] == [{"id": "finder", "name": "山田 太郎", "roles": ["finder"], "contact": "090-1234-5678"}]
    assert opened["items"][0]["photos"] == waiting["photos"]
    assert opened["items"][0]["found"]["state"] == "ashore"
    from wreckmaster.store import public as db

    stored = db.photo(store, waiting["photos"][0])
    import hashlib

    assert stored is not None and hashlib.sha256(stored[1]).hexdigest() == waiting["photos"][0]
    assert b"FinderCam" not in stored[1]
    assert status(client, body["report"], body["secret"]).json() == {"report": body["report"], "status": "accepted",
                                                                     "case": case}
    assert client.post(f"/api/reports/{body['report']}/accept", headers=office.h).status_code == 422   # once only


def test_a_declined_report_gives_the_finder_the_reason(client, office):
    body = send(client, fields(office.id)).json()
    assert client.post(f"/api/reports/{body['report']}/decline", headers=office.h, json={}).status_code == 422
    r = client.post(f"/api/reports/{body['report']}/decline", headers=office.h,
                    json={"reason": "漂着したごみで、所有者のある物件ではありません"})
    assert r.status_code == 200
    assert status(client, body["report"], body["secret"]).json() == {
        "report": body["report"], "status": "declined", "reason": "漂着したごみで、所有者のある物件ではありません"}


def test_a_wrong_or_missing_secret_is_not_found_as_a_report_that_does_not_exist(client, office):
    body = send(client, fields(office.id)).json()
    for secret in (None, "", "x" * 43, body["secret"][:-1]):
        r = status(client, body["report"], secret)
        assert r.status_code == 404 and r.json() == status(client, "RNOSUCHREPORT", secret).json() | {
            "errors": [{"pointer": "", "message": f"not found: report {body['report']!r}"}]}


def test_another_offices_clerk_neither_sees_nor_accepts_the_report(client, store, office):
    other = make_office(store, "uraga")
    body = send(client, fields(office.id)).json()
    assert all(x["report"] != body["report"] for x in client.get("/api/inbox", headers=other.h).json()["reports"])
    assert client.post(f"/api/reports/{body['report']}/accept", headers=other.h).status_code == 404
    assert client.post(f"/api/reports/{body['report']}/decline", headers=other.h, json={"reason": "x"}).status_code == 404
    assert client.get("/api/inbox").status_code == 401


def test_without_an_office_the_report_goes_to_the_nearest_with_a_position_else_local(client, store):
    from wreckmaster.store import public as db

    body = send(client, fields(None, lat="35.13", lon="139.62")).json()
    # offices get a position with the docs branch (office edit --position); without the column: local
    from sqlalchemy import inspect

    with store.engine.connect() as conn:
        has_position = "position" in {c["name"] for c in inspect(conn).get_columns("offices")}
    expect = db.nearest_office(store, 35.13, 139.62)
    assert expect == "local" or has_position
    with store._tx() as conn:
        from sqlalchemy import select
        from wreckmaster.store.models import reports

        assert conn.execute(select(reports.c.office).where(reports.c.id == body["report"])).scalar_one() == expect


@pytest.mark.parametrize("over,pointer", [
    ({"description": None}, "/description"),
    ({"description": "x" * 2001}, "/description"),
    ({"found_on": "yesterday"}, "/found_on"),
    ({"found_on": (TODAY + timedelta(days=1)).isoformat()}, "/found_on"),
    ({"state": "wet"}, "/state"),
    ({"place": None}, "/place"),
    ({"lat": "95", "lon": "139"}, "/lat"),
    ({"lat": "35"}, "/lon"),
    ({"finder_name": None}, "/finder_name"),
    ({"finder_contact": " "}, "/finder_contact"),
    ({"office": "no-such-office"}, "/office"),
    ({"colour": "red"}, "/colour"),
    ({"description": "a\x00b"}, "/description"),
    ({"website": {}}, "/website"),          # the hidden field is text; anything else is bad input
])
def test_bad_input_names_the_field_and_stores_nothing(client, office, over, pointer):
    over = dict(over)
    before = client.get("/api/inbox", headers=office.h).json()["reports"]
    data = fields(over.pop("office", office.id), **over)
    r = send(client, data)
    assert r.status_code == 422, r.text
    assert pointer in [e["pointer"] for e in r.json()["errors"]]
    assert client.get("/api/inbox", headers=office.h).json()["reports"] == before


def test_photographs_are_bounded_in_number_and_checked_by_content(client, office):
    before = client.get("/api/inbox", headers=office.h).json()["reports"]
    r = send(client, fields(office.id), photos=[png()] * 6)
    assert r.status_code == 422
    r = client.post("/api/reports", data=fields(office.id),
                    files=[("photo", ("x.jpg", b"<html><script>alert(1)</script>", "image/jpeg"))])
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/photo/0"
    r = client.post("/api/reports", json={**fields(office.id), "photo": "aGVsbG8="})
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/photo"
    r = client.post("/api/reports", content=b"description=x", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    assert client.get("/api/inbox", headers=office.h).json()["reports"] == before


def test_a_body_too_large_is_refused_before_it_is_read(client, office):
    from wreckmaster.public import service

    r = client.post("/api/reports", content=b"x" * 10, headers={"Content-Type": "multipart/form-data; boundary=x",
                                                                "Content-Length": str(service.MAX_REPORT_BODY + 1)})
    assert r.status_code == 413


def test_a_bot_that_fills_the_hidden_field_is_answered_alike_and_nothing_is_stored(client, office):
    before = client.get("/api/inbox", headers=office.h).json()["reports"]
    r = send(client, fields(office.id, website="http://spam.example"))
    assert r.status_code == 201 and set(r.json()) == {"report", "secret"}
    assert status(client, r.json()["report"], r.json()["secret"]).status_code == 404
    assert client.get("/api/inbox", headers=office.h).json()["reports"] == before


# --- an owner asks ----------------------------------------------------------------------------------------
def under_notice(client, office) -> tuple[str, str]:
    body = send(client, fields(office.id, description=f"白い救命浮環 {tag()}")).json()
    case = client.post(f"/api/reports/{body['report']}/accept", headers=office.h).json()["case"]
    r = client.post(f"/api/cases/{case}/entries", headers={**office.h, "If-Match": '"1"'},
                    json={"event": {"type": "notice_posted", "date": (TODAY - timedelta(days=1)).isoformat(),
                                    "items": ["i1"]}})
    assert r.status_code == 201, r.text
    return case, "i1"


def test_an_owners_request_lands_in_the_clerks_inbox_and_accepting_records_the_claim(client, office):
    case, item = under_notice(client, office)
    r = client.post(f"/api/notices/{case}/{item}/requests",
                    json={"marks": "船名「第三福丸」の焼印", "name": "佐藤 花子", "contact": "hanako@example.jp"})
    assert r.status_code == 201
    req = r.json()["request"]
    (waiting,) = [q for q in client.get("/api/inbox", headers=office.h).json()["requests"] if q["request"] == req]
    assert waiting == {"request": req, "case": case, "item": item, "received_at": waiting["received_at"],
                       "marks": "船名「第三福丸」の焼印", "name": "佐藤 花子", "contact": "hanako@example.jp"}
    assert "佐藤" not in client.get("/api/notices").text                       # never public
    r = client.post(f"/api/requests/{req}/accept", headers=office.h, json={"date": TODAY.isoformat()})
    assert r.status_code == 201 and r.json() == {"case": case, "version": 4}
    log = client.get(f"/api/cases/{case}/entries", headers=office.h).json()
    assert log[-2]["entry"] == {"add": "party", "value": {"id": "claimant", "name": "佐藤 花子", "roles": ["owner"],
                                                          "contact": "hanako@example.jp"}}
    assert log[-1]["entry"] == {"event": {"type": "owner_claimed", "date": TODAY.isoformat(), "by": "claimant",
                                          "items": [item]}}
    # the owner's claim ends the notice (CASE.md "under notice"): the item leaves the board
    assert all(n["case"] != case for n in client.get("/api/notices").json())


def test_asking_for_an_item_not_under_notice_is_not_found(client, office):
    body = send(client, fields(office.id)).json()
    case = client.post(f"/api/reports/{body['report']}/accept", headers=office.h).json()["case"]
    r = client.post(f"/api/notices/{case}/i1/requests", json={"marks": "m", "name": "n", "contact": "c"})
    assert r.status_code == 404
    assert client.post("/api/notices/nope/i1/requests", json={"marks": "m", "name": "n", "contact": "c"}).json() == r.json()


def test_an_owners_request_needs_marks_name_and_contact(client, office):
    case, item = under_notice(client, office)
    r = client.post(f"/api/notices/{case}/{item}/requests", json={"marks": "", "name": "n"})
    assert r.status_code == 422 and {e["pointer"] for e in r.json()["errors"]} == {"/marks", "/contact"}


def test_the_clerk_adds_photographs_to_an_item_and_the_log_holds_their_hashes(client, office):
    case, item = under_notice(client, office)
    r = client.post(f"/api/cases/{case}/items/{item}/photos", headers=office.h,
                    files=[("photo", ("a.jpg", jpeg_with_gps(color=(1, 2, 3)), "image/jpeg"))])
    assert r.status_code == 201, r.text
    (h,) = r.json()["photos"]
    last = client.get(f"/api/cases/{case}/entries", headers=office.h).json()[-1]["entry"]
    assert last == {"event": {"type": "photographed", "date": TODAY.isoformat(), "items": [item], "photos": [h]}}
    other = make_office_for(client)
    assert client.post(f"/api/cases/{case}/items/{item}/photos", headers=other.h,
                       files=[("photo", ("a.png", png(), "image/png"))]).status_code == 404


def make_office_for(client):
    return make_office(client.app.state.store, "other")


def test_the_nearest_office_with_a_position_is_chosen(tmp_path):
    """With the offices' positions (`office add|edit --position LAT,LON`, CASE.md 1.1), a report
    without an office goes to the nearest one: from 城ヶ島 (35.134 N, 139.615 E) 三崎 (35.144,
    139.62) is 1.2 km away, 串本 (33.47, 135.78) about 390 km."""
    from wreckmaster.store import open_store
    from wreckmaster.store import public as db

    store = open_store(f"sqlite:///{tmp_path / 'near.db'}")
    store.add_office("misaki", "三崎", position="35.144,139.62")
    store.add_office("kushimoto", "串本", position="33.47,135.78")
    assert db.nearest_office(store, 35.134, 139.615) == "misaki"
    assert db.nearest_office(store, 33.5, 135.8) == "kushimoto"
    assert db.nearest_office(store, None, None) == "local"
