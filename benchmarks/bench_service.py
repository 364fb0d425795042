"""Benchmark of the REST service: requests per second against a bare FastAPI endpoint, same run.

A uvicorn process (one worker, 127.0.0.1) serves the API of ``wreckmaster serve`` and, beside
it, ``GET /bare``: a FastAPI endpoint returning a constant. Clients (threads with keep-alive
httpx connections, in this process) measure, in three interleaved rounds (the best of each kind
is kept, so that a busy machine slows one round rather than the ratio):

- ``bare``    GET /bare
- ``append``  POST /api/cases/{id}/entries (each client on its own case, If-Match of its last answer)
- ``read``    GET /api/cases/{id}/assessment

Printed: requests/s of each and the ratios append/bare, read/bare, on SQLite and PostgreSQL
(``$WRECKMASTER_TEST_PG``, default postgres@127.0.0.1:5432; a throwaway database, dropped after).
Targets (issue 12), on SQLite and on PostgreSQL: append ≥ 25 %, read ≥ 50 % of bare. Speed is
never asserted in tests.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_service.py [--requests N] [--clients C]``).
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

ROUNDS = 3
PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
SCENARIO = {
    "format": "wreckmaster.scenario/1", "regime": "jp-1875",
    "case": {"occurred": "1876-03-02", "place": "Shimoda", "waters": "sea", "kind": "drift"},
    "parties": [{"id": "finder", "name": "Kisaburo", "roles": ["finder"]}],
    "items": [{"id": "i1", "description": "a cask of sake", "kind": "cargo", "value": "12.50",
               "found": {"date": "1876-03-02", "by": ["finder"], "waters": "sea", "state": "floating"}}],
    "events": [{"type": "notice_posted", "date": "1876-03-05", "items": ["i1"]}],
}


def serve(url: str, port: int) -> None:
    """The server process: the service's app plus the bare endpoint."""
    import uvicorn

    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    app = create_app(open_store(url))

    @app.get("/bare", include_in_schema=False)
    async def bare() -> dict:
        return {"ok": True}

    uvicorn.run(app, host="127.0.0.1", port=port, access_log=False, log_level="warning")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rate(clients: int, total: int, work) -> float:
    """Requests per second of ``work(k, n)`` run by ``clients`` threads, ``total`` requests in all."""
    per = total // clients
    errors: list[str] = []

    def run(k: int) -> None:
        try:
            work(k, per)
        except Exception as exc:  # noqa: BLE001 - reported, the benchmark continues
            errors.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=run, args=(k,)) for k in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise SystemExit(f"benchmark requests failed: {errors[:3]}")
    return per * clients / elapsed


def measure(url: str, label: str, clients: int, total: int) -> dict[str, float]:
    import httpx

    from wreckmaster.service.probe import wait_healthy
    from wreckmaster.store import open_store

    store = open_store(url)
    tag = uuid.uuid4().hex[:8]
    store.add_office(f"bench-{tag}", "Benchmark office")
    token = store.add_user(f"bench-{tag}", f"bench-{tag}", role="clerk")
    store.close()
    auth = {"Authorization": f"Bearer {token}"}
    port = _free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--serve", url, str(port)], cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_healthy(base, lambda: proc.poll() is None)
        except RuntimeError as exc:
            raise SystemExit(str(exc)) from None
        sessions = [httpx.Client(base_url=base, headers=auth, timeout=60) for _ in range(clients)]
        cases = [s.post("/api/cases", json=SCENARIO).json()["case"] for s in sessions]
        versions = [1] * clients

        def bare(k: int, n: int) -> None:
            for _ in range(n):
                assert sessions[k].get("/bare").status_code == 200

        def append(k: int, n: int) -> None:
            for i in range(n):
                r = sessions[k].post(f"/api/cases/{cases[k]}/entries",
                                     json={"add": "party", "value": {"id": f"p{versions[k]}"}},
                                     headers={"If-Match": f'"{versions[k]}"'})
                assert r.status_code == 201, r.text
                versions[k] = r.json()["version"]

        def read(k: int, n: int) -> None:
            for _ in range(n):
                assert sessions[k].get(f"/api/cases/{cases[k]}/assessment").status_code == 200

        bare(0, 50)  # warm up
        read(0, 20)
        # interleaved rounds, the best of each kind: a busy machine slows one measurement, not the ratio
        out = {"bare": 0.0, "append": 0.0, "read": 0.0}
        for _ in range(ROUNDS):
            out["bare"] = max(out["bare"], _rate(clients, total // ROUNDS, bare))
            out["append"] = max(out["append"], _rate(clients, total // ROUNDS // 2, append))
            out["read"] = max(out["read"], _rate(clients, total // ROUNDS, read))
        for s in sessions:
            s.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"{label:<11} bare {out['bare']:8.0f} req/s   append {out['append']:7.0f} req/s "
          f"({out['append'] / out['bare']:6.1%} of bare; target ≥ 25 %)   read {out['read']:7.0f} req/s "
          f"({out['read'] / out['bare']:6.1%} of bare; target ≥ 50 %)")
    return out


def _pg_database():
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(PG_BASE)
    name = f"wm_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    from wreckmaster.store import db

    db.upgrade(db.make_engine(url))

    def drop() -> None:
        with admin.connect() as conn:
            conn.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"))
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return url, drop


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=2000, help="requests per measurement (default 2000)")
    ap.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    ap.add_argument("--serve", nargs=2, metavar=("URL", "PORT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return
    print(f"REST service: {args.clients} clients, {args.requests} requests per measurement, one uvicorn worker")
    with tempfile.TemporaryDirectory() as tmp:
        measure(f"sqlite:///{Path(tmp) / 'bench.db'}", "SQLite", args.clients, args.requests)
    url, drop = _pg_database()
    try:
        measure(url, "PostgreSQL", args.clients, args.requests)
    finally:
        drop()


if __name__ == "__main__":
    main()
