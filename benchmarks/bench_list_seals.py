"""Benchmark of the seals on the list reads (issue 24 point 10): the board (``Store.notices``),
the due list (``Store.due``) and the case list of N cases (default 300), each against the same
read without the seal check (the read models' own query, in the same process: the baseline).
SQLite (a throwaway file) and PostgreSQL (``$WRECKMASTER_TEST_PG``). Prints medians and ratios;
asserts nothing. Run: ``.venv/bin/python benchmarks/bench_list_seals.py [N] [ROUNDS]``.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import date
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sqlalchemy import select  # noqa: E402

from wreckmaster.store import db, open_store, readmodels  # noqa: E402
from wreckmaster.store.models import cases  # noqa: E402

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
AS_OF = date(1876, 3, 10)
DOC = {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
       "case": {"occurred": "1876-03-01", "place": "相良村 浜", "kind": "drift"},
       "parties": [{"id": "finder", "name": "拾得人", "roles": ["finder"]}],
       "items": [{"id": "i1", "description": "酒樽", "kind": "cargo", "value": "1.50",
                  "found": {"date": "1876-03-01", "by": ["finder"], "state": "ashore"}}]}
NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}


def median(f, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(store, n: int, rounds: int, label: str) -> None:
    for _ in range(n):
        case, _ = store.open_case(DOC)
        store.record(case, NOTICE)

    def plain(read):
        with store._tx() as conn:
            return read(conn)

    pairs = {
        "board": (lambda: store.notices(AS_OF),
                  lambda: plain(lambda c: readmodels.notices(c, AS_OF))),
        "due list": (lambda: store.due(AS_OF, within=365),
                     lambda: plain(lambda c: readmodels.due(c, AS_OF, 365, None, False))),
        "case list": (lambda: store.list_cases(),
                      lambda: plain(lambda c: [{"case": r.id, "regime": r.regime, "office": r.office, "place": r.place,
                                                "occurred": r.occurred, "version": r.version}
                                               for r in c.execute(select(cases).order_by(cases.c.num))])),
    }
    for name, (sealed, bare) in pairs.items():
        sealed(), bare()   # warm
        a, b = median(sealed, rounds), median(bare, rounds)
        print(f"{label} {name} of {n} cases: {a * 1000:.1f} ms with the seals, {b * 1000:.1f} ms without "
              f"({a / b:.2f} ×)")


def main(n: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/bench.db")
        measure(store, n, rounds, "SQLite")
        store.close()
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(PG_BASE)
    name = f"wm_bench_{uuid.uuid4().hex[:10]}"
    admin = psycopg.connect(host=url.host or "127.0.0.1", port=url.port or 5432, user=url.username or "postgres",
                            dbname=url.database or "postgres", autocommit=True,
                            **({"password": url.password} if url.password else {}))
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        pg_url = url.set(database=name).render_as_string(hide_password=False)
        db.upgrade(db.make_engine(pg_url))
        store = open_store(pg_url)
        measure(store, n, rounds, "PostgreSQL")
        store.close()
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 15)
