"""`GET /api/offices` is public and gives id, name, address, telephone, position — nothing else;
the public notice board (`/api/notices`, `/notices`) never prints a party's address or telephone
(CASE.md 1.1; issue 26)."""
from __future__ import annotations

import uuid

from .conftest import make_office, open_case, scenario


def test_offices_are_public_with_five_fields(client, store):
    oid = f"misaki-{uuid.uuid4().hex[:8]}"
    store.add_office(oid, "三崎町役場", lang="ja", regime="jp-1899-2025", address="神奈川県三浦郡三崎町一丁目1番1号",
                     **{"head-title": "三崎町長", "telephone": "046-881-1111", "position": "35.1415,139.62",
                        "timezone": "Asia/Tokyo"})
    store.office_closed(oid, "add", "2026-08-14")
    r = client.get("/api/offices")
    assert r.status_code == 200 and "Authorization" not in r.request.headers
    rows = {o["id"]: o for o in r.json()}
    assert rows[oid] == {"id": oid, "name": "三崎町役場", "address": "神奈川県三浦郡三崎町一丁目1番1号",
                         "telephone": "046-881-1111", "position": {"lat": 35.1415, "lon": 139.62}}
    assert rows["local"] == {"id": "local", "name": "local", "address": None, "telephone": None, "position": None}
    for secret in ("三崎町長", "Asia/Tokyo", "2026-08-14", "jp-1899-2025", "clerk-"):
        assert secret not in r.text
    doc = client.get("/openapi.json").json()
    assert doc["paths"]["/api/offices"]["get"]["security"] == []


def test_the_notice_board_never_prints_a_partys_address_or_telephone(client, store):
    office = make_office(store, "sagara")
    doc = scenario()
    doc["parties"][0].update(address="相良村 字浜 三番地", telephone="0548-52-0000")
    case = open_case(client, office, doc)
    assessed = client.get(f"/api/cases/{case}/scenario", headers=office.h).json()
    assert assessed["parties"][0]["telephone"] == "0548-52-0000"       # the case keeps them
    r = client.get("/api/notices", params={"as_of": "1876-03-10"})
    assert r.status_code == 200 and any(n["case"] == case for n in r.json())
    page = client.get("/notices", params={"as_of": "1876-03-10"})
    assert page.status_code == 200 and "a cask of sake" in page.text
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_full_app

    web = TestClient(create_full_app(store)).get("/notices", params={"as_of": "1876-03-10"})   # the web page
    assert web.status_code == 200 and "a cask of sake" in web.text
    for text in (r.text, page.text, web.text):
        assert "0548-52-0000" not in text and "相良村 字浜" not in text and "Kisaburo" not in text


def test_the_api_reads_the_offices_closing_days_and_its_today(client, store):
    """The scenario and the assessment the API gives carry the office's closing days as soon as
    they change (the case's version does not), and "today" is the office's date in its zone."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    office = make_office(store, "misaki")
    case = open_case(client, office)
    url = f"/api/cases/{case}/scenario"
    first = client.get(url, params={"as_of": "1876-03-10"}, headers=office.h).json()
    assert "closed_days" not in first["case"]
    store.office_closed(office.id, "add", "1876-03-20")
    again = client.get(url, params={"as_of": "1876-03-10"}, headers=office.h).json()
    assert again["case"]["closed_days"] == ["1876-03-20"]
    shown = client.get(f"/api/cases/{case}/assessment", params={"as_of": "1876-03-10"}, headers=office.h)
    assert shown.status_code == 200
    store.edit_office(office.id, timezone="Pacific/Kiritimati")          # UTC+14: often already tomorrow there
    before = datetime.now(ZoneInfo("Pacific/Kiritimati")).date().isoformat()
    today = client.get(url, headers=office.h).json()["as_of"]
    after = datetime.now(ZoneInfo("Pacific/Kiritimati")).date().isoformat()
    assert today in (before, after)                                     # the call may straddle midnight there
