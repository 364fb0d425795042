"""A server killed (SIGKILL) while clients append at once: every entry it acknowledged (201) is
in the log afterwards, nothing half-stored, and `case verify` passes — on SQLite and PostgreSQL
alike this is the group-commit path (several clients' entries in one commit)."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

import httpx

from tests.conftest import EXE, ROOT, run_cli

from .conftest import free_port, wait_healthy, make_office, scenario

CLIENTS = 6


def test_sigkill_while_appending_loses_no_acknowledged_entry(db_url, store):
    office = make_office(store, "kill")
    port = free_port()
    proc = subprocess.Popen([str(EXE), "serve", "--db", db_url, "--port", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=ROOT, env={**os.environ})
    acked: list[tuple[str, str]] = []
    lock = threading.Lock()
    stop = threading.Event()
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, proc)
        clients = [httpx.Client(base_url=base, headers=office.h, timeout=10) for _ in range(CLIENTS)]
        cases = [c.post("/api/cases", json=scenario()).json()["case"] for c in clients]

        def append(k: int) -> None:
            version, i = 1, 0
            while not stop.is_set() and i < 2000:
                pid = f"k{k}-{i}"
                try:
                    r = clients[k].post(f"/api/cases/{cases[k]}/entries", headers={"If-Match": f'"{version}"'},
                                        json=[{"add": "party", "value": {"id": pid}},
                                              {"add": "party", "value": {"id": pid + "b"}}])
                except httpx.TransportError:
                    return  # the server is gone: this request was never acknowledged
                assert r.status_code == 201, r.text
                version = r.json()["version"]
                with lock:
                    acked.append((cases[k], pid))
                i += 1

        threads = [threading.Thread(target=append, args=(k,)) for k in range(CLIENTS)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        stop.set()
        for t in threads:
            t.join(30)
        for c in clients:
            c.close()
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert len(acked) >= CLIENTS, "too few appends before the kill to say anything"
    for case in cases:
        ids = [e["entry"]["value"]["id"] for e in store.history(case)[1:]]
        stored = [i for i in ids if not i.endswith("b")]
        assert [i + "b" for i in stored] == [i for i in ids if i.endswith("b")]  # each list whole or absent
        assert set(stored) >= {p for c, p in acked if c == case}  # every acknowledged entry
        assert len(stored) <= len([p for c, p in acked if c == case]) + 1  # at most the one in flight
    for case in cases:   # this test's cases (other tests of the session tamper with theirs on purpose)
        done = run_cli("case", "verify", case, "--db", db_url, "--format", "json")
        assert done.returncode == 0, done.stdout + done.stderr
