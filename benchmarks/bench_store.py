"""Benchmark of the case log (issue 11): ratios against the engine's own time, same process.

1. A case of 1,000 entries: append one entry and re-assess it (``case record`` + ``case show``)
   ÷ the engine's assess of the exported scenario (JSON load + validation + assessment).
   Target: ``case show`` ≤ 1.5× ``assess``.
2. ``case due`` over 1,000 cases ÷ the engine assessing the same 1,000 scenarios.

SQLite (a throwaway file) and PostgreSQL (a throwaway database at ``$WRECKMASTER_TEST_PG``,
default ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``). Prints figures; asserts nothing.
Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_store.py``).
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wreckmaster.law import regime as registry  # noqa: E402
from wreckmaster.law.scenario import validate  # noqa: E402
from wreckmaster.law.yamlio import load_json  # noqa: E402
from wreckmaster.store import canonical, open_store  # noqa: E402

AS_OF = date(1876, 6, 1)
PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


def opening() -> dict:
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
            "case": {"occurred": "1876-03-01", "place": "相良村 浜", "kind": "drift"},
            "parties": [{"id": "finder", "name": "拾得人", "roles": ["finder"]},
                        {"id": "kocho", "name": "戸長", "roles": ["official"]}],
            "items": [{"id": "i0", "kind": "cargo", "value": "1.50",
                       "found": {"date": "1876-03-01", "by": ["finder"], "state": "ashore"}}],
            "events": [{"type": "notice_posted", "date": "1876-03-03", "items": ["i0"]}]}


def entry(i: int) -> dict:
    """Entries of a growing drift case: finds and their notices, by turns."""
    if i % 2:
        return {"add": "item", "value": {"id": f"i{i}", "kind": "cargo", "value": f"{i % 97 + 1}.25",
                                         "found": {"date": f"1876-03-{i % 27 + 1:02d}", "by": ["finder"],
                                                   "state": "ashore"}}}
    return {"event": {"type": "notice_posted", "date": "1876-03-28", "items": [f"i{i - 1}"]}}


def median(fn, n: int = 5) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def engine_assess(text: str):
    doc = load_json(text)
    scenario = validate(doc, set(registry.available()))
    return registry.get(scenario.regime).assess(scenario, AS_OF).to_json()


def bench(label: str, url: str) -> None:
    store = open_store(url)
    case, v = store.open_case(opening())
    k = 1
    while v < 1000:
        n = min(100, 1000 - v)
        v = store.record(case, [entry(k + j) for j in range(n)], expect_version=v)
        k += n
    text = canonical.pretty(store.export(case, as_of=AS_OF))
    t_assess = median(lambda: engine_assess(text))
    t_show = median(lambda: store.assessment(case, as_of=AS_OF))
    state = {"k": k | 1}  # odd: each appended entry adds an item

    def append():
        state["k"] += 2
        store.record(case, entry(state["k"]), expect_version=store.version(case))

    t_append = median(append)
    print(f"{label}: case of {v} entries — assess {t_assess * 1000:.1f} ms; case show {t_show * 1000:.1f} ms "
          f"({t_show / t_assess:.2f}× assess, target ≤ 1.5); append one entry {t_append * 1000:.1f} ms; "
          f"append + show {(t_append + t_show) / t_assess:.2f}× assess")

    docs = []
    for i in range(1000):
        d = opening()
        d["case"]["place"] = f"浜 {i}"
        docs.append(d)
        store.open_case(d)
    texts = [canonical.pretty({**d, "as_of": AS_OF.isoformat()}) for d in docs]
    t_engine = median(lambda: [engine_assess(t) for t in texts], 3)
    rows = []
    t_due = median(lambda: rows.append(store.due(AS_OF, within=365)), 3)
    print(f"{label}: case due over {len(store.list_cases())} cases — {t_due:.2f} s; the engine assessing the same "
          f"scenarios {t_engine:.2f} s; ratio {t_due / t_engine:.2f}× ({len(rows[-1])} duties listed)")
    store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{tmp}/bench.db")
    try:
        import psycopg
        from sqlalchemy.engine import make_url

        base = make_url(PG_BASE)
        name = f"wm_bench_{uuid.uuid4().hex[:10]}"
        admin = psycopg.connect(host=base.host or "127.0.0.1", port=base.port or 5432,
                                user=base.username or "postgres", dbname=base.database or "postgres",
                                **({"password": base.password} if base.password else {}), autocommit=True)
    except Exception as exc:  # noqa: BLE001 - a benchmark prints what it could not measure
        print(f"PostgreSQL: not measured ({' '.join(str(exc).split())})")
        return
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        from wreckmaster.store import db

        url = base.set(database=name).render_as_string(hide_password=False)
        engine = db.make_engine(url)
        db.upgrade(engine)
        engine.dispose()
        bench("PostgreSQL", url)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main()
