"""Several server processes on one database (issue 23, "Several workers on one database").

- Two ``wreckmaster serve`` processes on one database, 16 clients on 4 cases, bounded in time:
  no answer is a 5xx (a deadlock between the two processes' group commits is retried inside
  the server), every acknowledged entry is in the log exactly once, ``case verify`` is ok.
  On SQLite and on PostgreSQL.
- ``serve --workers 2``: a web login made on one worker holds on every worker and across a
  restart of the service (sessions signed with the key derived from the shared secret).
"""
from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter

import httpx

from tests.conftest import run_cli

from .conftest import make_office, scenario
from .serving import serving

CLIENTS, CASES = 16, 4
SECONDS = 12          # each client stops appending after this long (the test stays well under 30 s)
PER_CLIENT = 400      # and after this many requests, whichever comes first


def test_two_processes_16_clients_4_cases_no_5xx_nothing_lost(db_url, store, tmp_path):
    office = make_office(store, "workers")
    log = tmp_path / "serve.log"
    with serving(db_url, log=log) as (a, _), serving(db_url, log=log) as (b, _):
        bases = [a, b]
        with httpx.Client(base_url=a, timeout=60) as setup:
            cases = []
            for _ in range(CASES):
                r = setup.post("/api/cases", json=scenario(), headers=office.h)
                assert r.status_code == 201, r.text
                cases.append(r.json()["case"])
        statuses: Counter = Counter()
        acknowledged: dict[str, list[str]] = {c: [] for c in cases}
        problems: list[str] = []
        lock = threading.Lock()
        start = threading.Barrier(CLIENTS)

        def client(k: int) -> None:
            case, version = cases[k % CASES], 1
            mine: list[str] = []
            seen: Counter = Counter()
            with httpx.Client(base_url=bases[k % 2], timeout=60) as http:
                start.wait(timeout=60)
                deadline = time.monotonic() + SECONDS
                for i in range(PER_CLIENT):
                    if time.monotonic() > deadline:
                        break
                    if i % 4 == 3:  # a read now and then, from the other process
                        r = httpx.get(f"{bases[(k + 1) % 2]}/api/cases/{case}/entries", headers=office.h, timeout=60)
                        seen[r.status_code] += 1
                        continue
                    pid = f"c{k}-{i}"
                    r = http.post(f"/api/cases/{case}/entries", json={"add": "party", "value": {"id": pid}},
                                  headers={**office.h, "If-Match": f'"{version}"'})
                    seen[r.status_code] += 1
                    if r.status_code == 201:
                        mine.append(pid)
                        version = int(r.headers["ETag"].strip('"'))
                    elif r.status_code == 409:
                        version = r.json()["version"]
                    else:
                        with lock:
                            problems.append(f"{r.status_code} {r.text[:200]}")
            with lock:
                statuses.update(seen)
                acknowledged[case] += mine

        threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not any(t.is_alive() for t in threads)

    assert not problems, (problems[:5], statuses)
    assert not any(s >= 500 for s in statuses), statuses
    assert set(statuses) <= {200, 201, 409}, statuses
    assert statuses[201] >= CASES * 4, statuses  # both processes did append (not a test that cannot fail)
    for case in cases:
        history = store.history(case, office=office.id)
        stored = [e["entry"]["value"]["id"] for e in history[1:]]
        assert Counter(stored) == Counter(acknowledged[case])  # each acknowledged entry, once; no other
        assert [e["seq"] for e in history] == list(range(1, len(history) + 1))
    for case in cases:   # this test's cases (the database is shared with other tests of the module)
        done = run_cli("case", "verify", case, "--db", db_url, "--format", "json")
        assert done.returncode == 0, done.stdout + done.stderr
        assert json.loads(done.stdout)["ok"] is True


def _login(http: httpx.Client, name: str, password: str) -> None:
    page = http.get("/login")
    assert page.status_code == 200
    form = {"name": name, "password": password, "next": "/cases"}
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    if m:
        form["csrf"] = m.group(1)
    r = http.post("/login", data=form)
    assert r.status_code == 303, r.text


def test_a_login_holds_on_every_worker_and_across_a_restart(sqlite_url, tmp_path):
    from wreckmaster.store import open_store

    store = open_store(sqlite_url)
    try:
        store.add_office("kobe", "Kobe")
        store.add_user("hana", "kobe", role="clerk", password="a long password for hana")
    finally:
        store.close()
    log = tmp_path / "serve.log"
    with serving(sqlite_url, "--workers", "2", log=log) as (base, proc):
        with httpx.Client(base_url=base, timeout=30) as http:
            _login(http, "hana", "a long password for hana")
            cookies = dict(http.cookies)
            assert cookies
        # new connections, each accepted by whichever worker the kernel hands it to: all signed in
        for _ in range(20):
            r = httpx.get(f"{base}/cases", cookies=cookies, timeout=30)
            assert r.status_code == 200 and "/login" not in str(r.url), r.status_code
    with serving(sqlite_url, "--workers", "2", log=log) as (base, proc):  # the service restarted
        r = httpx.get(f"{base}/cases", cookies=cookies, timeout=30)
        assert r.status_code == 200, r.status_code
        assert httpx.get(f"{base}/cases", timeout=30).status_code == 303  # and without the cookie: no


def _children(pid: int) -> set[int]:
    path = f"/proc/{pid}/task/{pid}/children"
    with open(path) as f:
        return {int(p) for p in f.read().split()}


def test_workers_a_killed_worker_is_replaced_and_sigterm_stops_them_all(sqlite_url, tmp_path):
    import os
    import signal

    from .serving import stop

    log = tmp_path / "serve.log"
    with serving(sqlite_url, "--workers", "3", log=log) as (base, proc):
        deadline = time.monotonic() + 30
        while len(_children(proc.pid)) < 3:
            assert time.monotonic() < deadline, "three workers did not start"
            time.sleep(0.05)
        first = _children(proc.pid)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while True:  # the supervisor starts another in its place
            now = _children(proc.pid)
            if len(now) == 3 and victim not in now:
                break
            assert time.monotonic() < deadline, ("the killed worker was not replaced", now)
            time.sleep(0.05)
        for _ in range(10):
            assert httpx.get(f"{base}/health", timeout=30).status_code == 200
        workers = _children(proc.pid)
        assert stop(proc) == 0
        for pid in workers:  # every worker has ended with the service
            assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
    text = log.read_text()
    assert "died: starting it again" in text, text


def test_serve_workers_refuses_a_bad_count(sqlite_url):
    for bad in ("0", "65", "two"):
        done = run_cli("serve", "--workers", bad, "--db", sqlite_url, "--port", "8123")
        assert done.returncode == 2 and done.stderr.startswith("error: --workers: "), done.stderr


def test_serve_read_db_needs_postgresql(sqlite_url, tmp_path):
    done = run_cli("serve", "--db", sqlite_url, "--read-db", f"sqlite:///{tmp_path / 'r.db'}", "--port", "8123")
    assert done.returncode == 2 and done.stderr.startswith("error: --read-db: "), done.stderr
