"""Rate limits of the public routes (issue 27; CASE.md 1.1 "Rate limits"): one address that
sends too much is answered 429 with ``Retry-After``; the count lives in the database, so two
workers (two apps on one database) share it; another address is not held back."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from wreckmaster.store import public as db
from tests.public.conftest import tag


def _client(app, host: str) -> TestClient:
    return TestClient(app, client=(host, 50000), raise_server_exceptions=False)


@pytest.fixture
def tight(app, monkeypatch):
    """Small limits, and a clock held 10 s into a minute: no minute ends during the test."""
    monkeypatch.setattr(db, "clock", lambda: 1_900_000_010.0 - 1_900_000_010.0 % 60 + 10)
    app.state.public_limits = {"read": 3, "report": 2, "request": 2, "status": 2}
    yield app


def test_the_fourth_read_in_a_minute_is_answered_429_with_retry_after(tight, store):
    from wreckmaster import web
    from wreckmaster.service.app import create_app

    host = f"10.0.{int(tag()[:2], 16)}.{int(tag()[:2], 16)}"
    pages = create_app(store, routers=web.routers())
    pages.state.public_limits = tight.state.public_limits
    c = _client(pages, host)
    answers = [c.get("/notices").status_code for _ in range(3)]
    r = c.get("/notices")
    assert answers == [200, 200, 200] and r.status_code == 429
    assert r.headers["Retry-After"] == "50"                                 # the rest of the minute
    assert _client(pages, host + "1").get("/notices").status_code == 200      # another address


def test_reports_are_limited_per_address_and_the_limit_holds_across_workers(tight, store):
    from wreckmaster.service.app import create_app

    host = f"192.0.2.{int(tag()[:2], 16)}"
    worker_a, worker_b = tight, create_app(store)         # two workers on one database
    worker_b.state.public_limits = tight.state.public_limits
    assert _client(worker_a, host).post("/api/reports", json={}).status_code == 422   # counted, though bad input
    assert _client(worker_b, host).post("/api/reports", json={}).status_code == 422
    r = _client(worker_a, host).post("/api/reports", json={})
    assert r.status_code == 429 and "Retry-After" in r.headers and r.json()["errors"][0]["pointer"] == ""
    assert _client(worker_b, host).post("/api/reports", json={}).status_code == 429


def test_the_count_is_per_minute_and_old_minutes_are_dropped(store):
    key = f"test|{tag()}"
    t0 = 1_800_000_000.0          # a minute's start
    assert db.hit(store, key, 2, now=t0) is None
    assert db.hit(store, key, 2, now=t0 + 10) is None
    assert db.hit(store, key, 2, now=t0 + 15) == 45                            # the minute's rest
    assert db.hit(store, key, 2, now=t0 + 60) is None                          # a new minute
    from sqlalchemy import select
    from wreckmaster.store.models import rate_hits

    with store._tx() as conn:
        minutes = conn.execute(select(rate_hits.c.minute).where(rate_hits.c.key == key)).scalars().all()
    assert minutes == [int((t0 + 60) // 60)]


def test_status_checks_and_owners_requests_are_limited_too(tight):
    host = f"198.51.100.{int(tag()[:2], 16)}"
    c = _client(tight, host)
    assert [c.get("/api/reports/RX", headers={"X-Report-Secret": "s"}).status_code for _ in range(3)] == [404, 404, 429]
    assert [c.post("/api/notices/x/i1/requests", json={}).status_code for _ in range(3)] == [404, 404, 429]
