"""``GET /api/cases/{id}/documents/{name}.pdf`` and ``GET /api/due.ics`` (the documents router),
mounted on the service's app over an SQLite store."""
from __future__ import annotations

import pytest
import yaml

from .conftest import CASES, pdf_text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.service.routers.documents import router
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('db') / 'cases.db'}")
    store.add_office("ayukawa", "鮎川村役場")
    store.add_office("other", "another office")
    token = store.add_user("clerk", "ayukawa", role="clerk", password=None)
    stranger = store.add_user("stranger", "other", role="clerk", password=None)
    doc = yaml.safe_load((CASES / "jp-1899-wreck-report.yaml").read_text(encoding="utf-8"))
    case_id, _ = store.open_case(doc, office="ayukawa")
    client = TestClient(create_app(store, routers=[router]))
    return client, {"Authorization": f"Bearer {token}"}, {"Authorization": f"Bearer {stranger}"}, case_id


def test_document_as_pdf(api):
    client, auth, _, case_id = api
    r = client.get(f"/api/cases/{case_id}/documents/wreck-report.pdf", headers=auth)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    assert "第三榮福丸" in pdf_text(r.content)


def test_statement_with_party_and_lang(api):
    client, auth, _, case_id = api
    r = client.get(f"/api/cases/{case_id}/documents/statement.pdf?party=abe&lang=en", headers=auth)
    assert r.status_code == 200, r.text
    assert "Statementofaccount" in pdf_text(r.content)


@pytest.mark.parametrize("path, status, pointer", [
    ("statement.pdf", 422, "/query/party"),
    ("statement.pdf?party=nobody", 422, "/query/party"),
    ("wreck-report.pdf?lang=fr", 422, "/query/lang"),
    ("wreck-report.pdf?lang=xx", 422, "/query/lang"),
    ("wreck-report.pdf?as_of=1903-02-30", 422, "/query/as_of"),
    ("settlement.pdf", 404, None),          # a jp-1875 document: this case has none
    ("nonsense.pdf", 404, None),
])
def test_bad_requests(api, path, status, pointer):
    client, auth, _, case_id = api
    r = client.get(f"/api/cases/{case_id}/documents/{path}", headers=auth)
    assert r.status_code == status, r.text
    if pointer:
        assert r.json()["errors"][0]["pointer"] == pointer


def test_needs_a_token_and_the_office(api):
    client, _, stranger, case_id = api
    assert client.get(f"/api/cases/{case_id}/documents/wreck-report.pdf").status_code == 401
    assert client.get(f"/api/cases/{case_id}/documents/wreck-report.pdf", headers=stranger).status_code == 404
    assert client.get("/api/due.ics").status_code == 401


def test_due_calendar(api):
    client, auth, _, _ = api
    r = client.get("/api/due.ics?as_of=1903-02-20&within=60", headers=auth)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/calendar")
    assert r.text.startswith("BEGIN:VCALENDAR")


def test_the_towns_form_is_issued_by_the_callers_office(tmp_path):
    """The service prints a case's forms for its office: the head's title, address and
    telephone (office add --head-title --address --telephone), with its closing days in the case."""
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.service.routers.documents import router
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'cases.db'}")
    store.add_office("misaki", "三崎町役場", **{"head-title": "三崎町長", "address": "神奈川県三浦郡三崎町一丁目1番1号",
                                              "telephone": "046-881-1111"})
    token = store.add_user("clerk", "misaki", role="clerk", password=None)
    doc = yaml.safe_load((CASES / "jp-1899-2025-misaki.yaml").read_text(encoding="utf-8"))
    case_id, _ = store.open_case(doc, office="misaki")
    client = TestClient(create_app(store, routers=[router]))
    r = client.get(f"/api/cases/{case_id}/documents/handover.pdf?as_of=2026-12-01",
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    text = pdf_text(r.content)
    for want in ("交付書", "三崎町長", "三崎町役場", "神奈川県三浦郡三崎町一丁目1番1号", "046-881-1111", "金一万三千円"):
        assert want in text, want
    store.close()
