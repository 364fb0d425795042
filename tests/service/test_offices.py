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
    for text in (r.text, page.text):
        assert "0548-52-0000" not in text and "相良村 字浜" not in text and "Kisaburo" not in text
