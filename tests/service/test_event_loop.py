"""The event loop is never blocked (issue 24, point 4): the web POST handlers run the store in
the bounded blocking pool and argon2 in its own pool of two (service/pools.py); /health has its
own small pool. On a real uvicorn on 127.0.0.1.

Before: the web append handler called the store on the event loop, and one slow append froze
`/health` for as long as it took (3 s here; 20.9 s in the issue).
"""
from __future__ import annotations

import re
import threading
import time
import uuid

import httpx
from tests.conftest import PASSWORD

from .conftest import LiveServer, make_office


def _login(client: httpx.Client, name: str, password: str) -> httpx.Response:
    page = client.get("/login").text
    csrf = re.search(r'action="/login".*?name="csrf" value="([^"]+)"', page, re.S).group(1)
    return client.post("/login", data={"name": name, "password": password, "csrf": csrf})


def test_a_slow_web_append_does_not_freeze_health(db_url):
    from wreckmaster.service.app import create_full_app
    from wreckmaster.store import open_store

    store = open_store(db_url)
    office = make_office(store, "slow")
    name = f"clerk-{uuid.uuid4().hex[:8]}"
    store.add_user(name, office.id, password=PASSWORD)
    case_id, _ = store.open_case({"format": "wreckmaster.scenario/1", "regime": "jp-1875",
                                  "case": {"occurred": "1876-03-02", "kind": "drift", "waters": "sea"}},
                                 office=office.id, recorded_by=name)
    record = store.record
    started = threading.Event()

    def slow_record(*args, **kwargs):       # an append that takes 3 s (a big list, a slow disk)
        started.set()
        time.sleep(3)
        return record(*args, **kwargs)

    store.record = slow_record  # type: ignore[method-assign]
    try:
        with LiveServer(create_full_app(store)) as live, httpx.Client(base_url=live.url, timeout=30) as web:
            assert _login(web, name, PASSWORD).status_code == 303
            page = web.get(f"/cases/{case_id}").text
            csrf = re.search(r'name="csrf" value="([^"]+)"', page[page.index("<main"):]).group(1)
            done: list[int] = []
            poster = threading.Thread(target=lambda: done.append(web.post(
                f"/cases/{case_id}/entries/party", data={"csrf": csrf, "version": "1", "id": "finder",
                                                         "roles": "finder"}).status_code))
            poster.start()
            assert started.wait(10)
            latencies = []
            with httpx.Client(base_url=live.url, timeout=10) as monitor:
                while poster.is_alive() and len(latencies) < 100:
                    t = time.monotonic()
                    assert monitor.get("/health").status_code == 200
                    latencies.append(time.monotonic() - t)
                    time.sleep(0.1)
            poster.join(timeout=20)
            assert done == [303]                       # stored: back to the case page
            assert len(latencies) >= 5 and max(latencies) < 1.0, latencies
        assert store.version(case_id) == 2
    finally:
        store.close()


def test_logins_hash_two_at_a_time_in_their_own_pool(store, monkeypatch):
    """Eight logins at once: argon2 never runs more than HASHING_THREADS (2) at a time."""
    from fastapi.testclient import TestClient

    from wreckmaster.service import pools
    from wreckmaster.service.app import create_full_app
    from wreckmaster.store import logins

    assert pools.HASHING_THREADS == 2
    office = make_office(store, "hash")
    names = [f"pw-{uuid.uuid4().hex[:8]}" for _ in range(8)]
    for n in names:
        store.add_user(n, office.id, password=PASSWORD)
    verify = logins.verify
    running, most = [0], [0]
    lock = threading.Lock()

    def counted(stored, password):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            time.sleep(0.2)
            return verify(stored, password)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(logins, "verify", counted)
    with LiveServer(create_full_app(store)) as live:
        results: list[int] = []

        def one(n: str) -> None:
            with httpx.Client(base_url=live.url, timeout=30) as c:
                results.append(_login(c, n, PASSWORD).status_code)

        threads = [threading.Thread(target=one, args=(n,)) for n in names]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
    assert results == [303] * 8
    assert most[0] == 2
