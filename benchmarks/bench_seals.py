"""Benchmark of the seals' cost (issue 24 point 10): one append of one entry (``record`` with its
version read first, as the service does), and one version read (what every service read asks
first), on a case of 200 entries; SQLite (a throwaway file) and PostgreSQL (a throwaway
database at ``$WRECKMASTER_TEST_PG``).

Uses only the store's public API, so the same file measures the code before the seals: run it
with ``PYTHONPATH`` pointing at an older ``src`` (``git archive COMMIT | tar -x -C DIR``) and
compare. Prints medians; asserts nothing.
Run: ``.venv/bin/python benchmarks/bench_seals.py [ROUNDS]``.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from wreckmaster.store import open_store  # noqa: E402

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


def opening() -> dict:
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
            "case": {"occurred": "1876-03-01", "place": "相良村 浜", "kind": "drift"},
            "parties": [{"id": "finder", "name": "拾得人", "roles": ["finder"]}],
            "items": [{"id": "i0", "kind": "cargo", "value": "1.50",
                       "found": {"date": "1876-03-01", "by": ["finder"], "state": "ashore"}}]}


def event(i: int) -> dict:
    return {"event": {"type": "notice_posted", "date": f"1876-03-{i % 27 + 1:02d}", "items": ["i0"]}}


def bench(label: str, url: str, rounds: int) -> None:
    store = open_store(url)
    case, v = store.open_case(opening())
    v = store.record(case, [event(i) for i in range(199)], expect_version=v)
    appends, reads = [], []
    for i in range(rounds):
        t = time.perf_counter()
        v = store.record(case, event(i), expect_version=store.version(case))
        appends.append(time.perf_counter() - t)
        t = time.perf_counter()
        store.version(case)
        reads.append(time.perf_counter() - t)
    print(f"{label}: append one entry {statistics.median(appends) * 1000:.3f} ms (median of {rounds}); "
          f"version read {statistics.median(reads) * 1000:.3f} ms")
    store.close()


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{tmp}/bench.db", rounds)
    import psycopg
    from sqlalchemy.engine import make_url

    from wreckmaster.store import db

    base = make_url(PG_BASE)
    name = f"wm_bench_{uuid.uuid4().hex[:10]}"
    admin = psycopg.connect(host=base.host or "127.0.0.1", port=base.port or 5432, user=base.username or "postgres",
                            dbname=base.database or "postgres", autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        url = base.set(database=name).render_as_string(hide_password=False)
        engine = db.make_engine(url)
        db.upgrade(engine)
        engine.dispose()
        bench("PostgreSQL", url, rounds)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main()
