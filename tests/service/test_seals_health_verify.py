"""The service and the seals (issue 24 point 10), on SQLite and PostgreSQL: a case that fails its
seal is neither served nor built on (503 with a clear message, never a 500), ``/health`` and
the log report it; a stored row that is not JSON answers 503, not a traceback. Each test has
its own store and app (so the session's ``/health`` stays ``ok`` for the other tests).
"""
from __future__ import annotations

import logging
import uuid

import pytest
from sqlalchemy import delete, update

from .conftest import make_office, open_case


@pytest.fixture
def own(db_url):
    """A store and a client of their own on the session's database."""
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(db_url)
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        yield store, client
    store.close()


NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-09", "items": ["i1"]}}


def test_health_and_reads_of_a_tampered_case(own, caplog):
    store, client = own
    office = make_office(store, f"seal-{uuid.uuid4().hex[:4]}")
    case = open_case(client, office)
    ok = open_case(client, office)
    assert client.post(f"/api/cases/{case}/entries", json=NOTICE, headers={**office.h, "If-Match": '"1"'}).status_code == 201
    assert client.get("/health").json() == {"status": "ok", "database": "ok"}

    from wreckmaster.store.models import seals

    with store.engine.begin() as conn:
        conn.execute(delete(seals).where(seals.c.case_id == case))
    caplog.set_level(logging.ERROR)
    for path in ("scenario", "assessment", "entries"):
        r = client.get(f"/api/cases/{case}/{path}", headers=office.h)
        assert r.status_code == 503, (path, r.text)
        message = r.json()["errors"][0]["message"]
        assert message.startswith(f"database: case {case} fails its seal") and "case verify" in message
    r = client.post(f"/api/cases/{case}/entries", json=NOTICE, headers={**office.h, "If-Match": '"2"'})
    assert r.status_code == 503 and "fails its seal" in r.json()["errors"][0]["message"]
    assert store.version(ok, office=office.id) == 1 and client.get(
        f"/api/cases/{ok}/scenario", headers=office.h).status_code == 200     # the others are served
    r = client.get("/health")
    assert r.status_code == 200 and r.json() == {"status": "degraded", "database": "ok", "seals": "failed",
                                                 "tampered": 1}
    assert any(f"case {case} fails its seal" in rec.getMessage() for rec in caplog.records)


def test_a_case_moved_behind_wreckmasters_back_is_not_served_to_the_other_office(own):
    store, client = own
    a = make_office(store, f"a-{uuid.uuid4().hex[:4]}")
    b = make_office(store, f"b-{uuid.uuid4().hex[:4]}")
    case = open_case(client, a)
    from wreckmaster.store.models import cases

    with store.engine.begin() as conn:
        conn.execute(update(cases).where(cases.c.id == case).values(office=b.id))
    r = client.get(f"/api/cases/{case}/scenario", headers=b.h)
    assert r.status_code == 503 and "moved outside wreckmaster" in r.json()["errors"][0]["message"]
    assert client.get(f"/api/cases/{case}/scenario", headers=a.h).status_code == 404


def test_a_stored_row_that_is_not_json_answers_503(own):
    store, client = own
    office = make_office(store, f"json-{uuid.uuid4().hex[:4]}")
    case = open_case(client, office)
    from wreckmaster.store.models import entries

    with store.engine.begin() as conn:
        conn.execute(update(entries).where(entries.c.case_id == case).values(entry="{\"open\": nope"))
    r = client.get(f"/api/cases/{case}/entries", headers=office.h)
    assert r.status_code == 503
    assert r.json()["errors"][0]["message"] == (f"database: stored data is corrupt: entry 1 of case {case} is not "
                                                "JSON (run `wreckmaster case verify`)")


def test_the_lists_leave_a_tampered_case_out_and_report_it(own, caplog):
    """GET /api/cases, /api/due and /api/notices (one office's: the session's database holds
    cases other tests tamper with on purpose) leave the case out; /health and the log report it."""
    store, client = own
    office = make_office(store, f"lists-{uuid.uuid4().hex[:4]}")
    case, ok = open_case(client, office), open_case(client, office)
    when = {"as_of": "1876-03-10"}

    def listed() -> tuple[list, set, set]:
        cases = [r["case"] for r in client.get("/api/cases", headers=office.h).json()]
        due = {r["case"] for r in client.get("/api/due", params={**when, "within": 365}, headers=office.h).json()}
        board = client.get("/api/notices", params={**when, "office": office.id}).json()
        return cases, due, {r["case"] for r in board}

    assert listed() == ([case, ok], {case, ok}, {case, ok})
    from wreckmaster.store.models import seals

    with store.engine.begin() as conn:
        conn.execute(delete(seals).where(seals.c.case_id == case))
    caplog.set_level(logging.ERROR)
    assert listed() == ([ok], {ok}, {ok})
    assert case in store.tampered and ok not in store.tampered
    health = client.get("/health").json()
    assert health["status"] == "degraded" and health["seals"] == "failed"
    assert sum(f"case {case} fails its seal" in rec.getMessage() for rec in caplog.records) == 1
