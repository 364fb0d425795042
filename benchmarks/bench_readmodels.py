"""Benchmark of the read models (issue 23): the board and the due list at national scale.

A generated database of ``BENCH_CASES`` cases (default 100,000) over 50 offices, on SQLite (a
throwaway file) and PostgreSQL (a throwaway database at ``$WRECKMASTER_TEST_PG``). Through the
service in the same process (FastAPI's TestClient, the whole HTTP stack but no socket):

- p95 of the first page of ``GET /api/notices``, without a filter and with ``q``, with
  ``kind`` + ``near``/``radius_km``, with ``office``;
- p95 of one office's ``GET /api/due``;
- p95 of the public board's pages (``public.board.search``, newest find first): the first page and
  the one after it, without a filter, with ``q`` (of one, two and more characters: migrations 0010
  and 0011 index the short ones), with ``office``;
- an append's cost with the read models ÷ the same append with them switched off
  (``readmodels.refresh`` replaced by nothing, in this process): the ratio the issue bounds;
  for an append whose rows stay (a party added) and one that changes them (a notice posted), with
  the time spent in ``readmodels.refresh`` itself and the assessments it made an append (on a
  machine under load the ratio moves more than that time: a burst of CPU in the transaction
  delays the next round trip to the database as the scheduler shares the cores).

Targets (issue 23): p95 ≤ 50 ms, the append ratio ≤ 1.2. Prints figures; asserts nothing.

Generation takes the **documented direct path**: ten opening scenarios (today's Act and
jp-1875, with notices and deadlines) are folded, assessed and given their read-model rows once
by the store's own functions (:func:`fold.apply`, :func:`readmodels.compute`); each generated
case is one of them with its own id, office and item description, its entry hashed with
:func:`canonical.entry_hash` and sealed (:mod:`seals`), and the rows bulk-inserted
(``executemany``) into ``cases``, ``entries``, ``seals``, ``projections``, the sealed count and the
read models. ``case verify`` of such a database is ok.
Run: ``make bench`` (or ``BENCH_CASES=20000 .venv/bin/python benchmarks/bench_readmodels.py``).
"""
from __future__ import annotations

import copy
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sqlalchemy import insert, update  # noqa: E402

from wreckmaster.store import canonical, fold, open_store, readmodels, seals  # noqa: E402
from wreckmaster.store.models import SCHEMA_VERSION, case_count, cases, entries, offices, projections  # noqa: E402
from wreckmaster.store.models import seals as seal_table  # noqa: E402
from wreckmaster.store.store import now_text  # noqa: E402

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
N_CASES = int(os.environ.get("BENCH_CASES", "100000"))
N_OFFICES = 50
AS_OF = "2026-06-01"
WORDS = ["酒樽", "定置網用浮子", "船外機", "杉丸太", "木箱", "漁網", "救命胴衣", "ブイ", "cask of sake", "wooden crate"]
PLACES = ["小豆島 沖", "焼津港", "相良 浜", "吉野川 河口", "Shimoda", "下田 沖", "石垣島", "稚内港", "能登 沖", "佐渡"]


def template(k: int) -> dict:
    """One of ten opening scenarios: today's Act (notice posted, claim period running) or jp-1875."""
    day = 10 + k % 10
    if k % 3 == 2:
        return {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
                "case": {"occurred": f"1876-03-{day:02d}", "place": PLACES[k], "kind": "drift"},
                "parties": [{"id": "finder", "name": "拾得人", "roles": ["finder"]},
                            {"id": "kocho", "name": "戸長", "roles": ["official"]}],
                "items": [{"id": "i1", "description": WORDS[k], "kind": "cargo", "value": "1.50",
                           "found": {"date": f"1876-03-{day:02d}", "by": ["finder"], "state": "ashore"}}],
                "events": [{"type": "notice_posted", "date": f"1876-03-{day + 2:02d}", "items": ["i1"]}]}
    state = "sunk" if k % 3 == 1 else "floating"
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
            "case": {"occurred": f"2026-05-{day:02d}", "place": PLACES[k], "waters": "sea", "kind": "drift",
                     "position": {"lat": f"{33 + k * 0.3:.2f}", "lon": f"{130 + k * 0.8:.2f}"}},
            "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}, {"id": "m", "name": "町長", "roles": ["mayor"]}],
            "items": [{"id": "i1", "description": WORDS[k], "kind": "gear" if k % 2 else "cargo", "value": "30000",
                       "found": {"date": f"2026-05-{day:02d}", "by": ["f"], "state": state}}],
            "events": [{"type": "delivered", "date": f"2026-05-{day + 1:02d}", "by": "f", "to": "m", "items": ["i1"]},
                       {"type": "notice_posted", "date": f"2026-05-{day + 3:02d}", "items": ["i1"]}]}


def generate(store, n: int) -> float:
    """``n`` cases over ``N_OFFICES`` offices by the direct path above; returns the seconds taken."""
    t0 = time.perf_counter()
    shapes = []
    for k in range(10):
        doc = template(k)
        (entry,) = fold.prepare([{"open": doc}])
        folded, _ = fold.apply(None, entry)
        shapes.append((entry, folded, readmodels.compute("X", 0, "o", folded, [])))
    at = now_text()
    with store._tx(write=True) as conn:
        conn.execute(insert(offices), [{"id": f"office-{o:02d}", "name": f"Office {o}"} for o in range(N_OFFICES)])
    batch = 5000
    for start in range(1, n + 1, batch):
        rows = {t: [] for t in ("cases", "entries", "seals", "projections", "rm_cases", "rm_deadlines", "rm_notices")}
        for num in range(start, min(n, start + batch - 1) + 1):
            entry, folded, rm = shapes[num % 10]
            case_id, office = f"2026-{num:06d}", f"office-{num % N_OFFICES:02d}"
            description = f"{WORDS[num % 10]} 第{num}号"
            entry = copy.deepcopy(entry)
            entry["open"]["items"][0]["description"] = description
            folded = copy.deepcopy(folded)
            folded["items"][0]["description"] = description
            entry_text = canonical.dumps(entry)
            digest = canonical.entry_hash(canonical.GENESIS, case_id, 1, at, "local", entry_text)
            case = folded["case"]
            rows["cases"].append(dict(id=case_id, num=num, office=office, regime=folded["regime"],
                                      occurred=str(case["occurred"]), place=case.get("place"), version=1, opened_at=at))
            rows["entries"].append(dict(case_id=case_id, seq=1, position=num, form="open", entry=entry_text,
                                        schema_version=SCHEMA_VERSION, recorded_at=at, recorded_by="local",
                                        office=office, hash=digest, seal=seals.entry_seal(case_id, 1, digest)))
            rows["seals"].append(seals.head_row(seals.Head(case_id, 1, digest, office)))
            rows["projections"].append(dict(case_id=case_id, version=1, scenario=canonical.dumps(folded),
                                            problems="[]", last_hash=digest))
            mine = dict(case_id=case_id, num=num, office=office)
            deadlines = [{**d, **mine} for d in rm.deadlines]
            notices = [{**x, **mine, "description": description,
                        "search": readmodels.normalise(f"{description}\n{x['place'] or ''}")} for x in rm.notices]
            rows["rm_cases"].append({**rm.case, **mine, "digest": readmodels.digest(deadlines, notices)})
            rows["rm_deadlines"] += deadlines
            rows["rm_notices"] += notices
        with store._tx(write=True) as conn:
            for name, table in (("cases", cases), ("entries", entries), ("seals", seal_table), ("projections", projections),
                                ("rm_cases", readmodels.rm_cases), ("rm_deadlines", readmodels.rm_deadlines),
                                ("rm_notices", readmodels.rm_notices)):
                if rows[name]:
                    conn.execute(insert(table), rows[name])
    with store._tx(write=True) as conn:
        conn.execute(update(case_count).where(case_count.c.id == 1).values(**seals.count_row(n)))   # sealed count
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT setval(pg_get_serial_sequence('entries', 'position'), %s)" % (n + 1))
            conn.exec_driver_sql("ANALYZE")
        else:
            conn.exec_driver_sql("ANALYZE")
    return time.perf_counter() - t0


def p95(fn, n: int = 60) -> tuple[float, float]:
    """(p95, median) in ms after a warm-up."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return times[int(0.95 * (len(times) - 1))], statistics.median(times)


def append_cost(store, rounds: int = 40, notices: bool = False) -> tuple[float, float, float, float]:
    """Median seconds of one append on a small case of today's Act with the read models, then
    with ``readmodels.refresh`` switched off, alternating to share the machine's noise; and, of
    the appends with them, the median seconds spent in ``readmodels.refresh`` itself and the
    assessments it made per append. The append adds a party (its read-model rows stay: the
    shortcut path), or with ``notices`` an item and its notice (a row more under notice: the
    rows are written; the case grows by an item each round). The appends with and without them
    go to two cases opened alike, so that each case's appends are all of one kind (the read
    models of a case assessed item by item keep its groups from one append to the next)."""
    from wreckmaster.store import engine_bridge

    opened = {False: store.open_case(template(0)), True: store.open_case(template(0))}
    version = {k: v for k, (_, v) in opened.items()}
    real, assess = readmodels.refresh, engine_bridge.assess
    on, off, inside, assessed = [], [], [], [0]

    def timed(*a, **k):
        t = time.perf_counter()
        try:
            return real(*a, **k)
        finally:
            inside.append(time.perf_counter() - t)

    def counted(*a, **k):
        assessed[0] += 1
        return assess(*a, **k)

    engine_bridge.assess = counted
    try:
        for i in range(rounds):
            for switched_off, out in ((False, on), (True, off)):
                readmodels.refresh = (lambda *a, **k: None) if switched_off else timed
                name = f"p{i}-{int(switched_off)}"
                if notices:
                    entries = [{"add": "item", "value": {"id": name, "description": f"木箱 {name}", "kind": "cargo",
                                                         "value": "100", "found": {"date": "2026-05-10", "by": ["f"],
                                                                                   "state": "floating"}}},
                               {"event": {"type": "notice_posted", "date": "2026-05-13", "items": [name]}}]
                else:
                    entries = {"add": "party", "value": {"id": name, "name": "x"}}
                try:
                    t = time.perf_counter()
                    version[switched_off] = store.record(opened[switched_off][0], entries,
                                                         expect_version=version[switched_off])
                    out.append(time.perf_counter() - t)
                finally:
                    readmodels.refresh = real
    finally:
        engine_bridge.assess = assess
    return statistics.median(on), statistics.median(off), statistics.median(inside), assessed[0] / rounds


def board_pages(store) -> None:
    """p95 of the public notice board's pages (``public.board.search``: newest find first, 50 rows),
    the first page and the page after it, without a filter, with ``q`` and with ``office``: the
    rows and the paging alone (the facts of the page switched off), then the whole page."""
    from datetime import date

    from wreckmaster.public import board

    day = date.fromisoformat(AS_OF)
    facts = board._facts
    for facts_on in (False, True):
        board._facts = facts if facts_on else (lambda store, rows: {})
        try:
            for name, filters in (("no filter", board.Filters(as_of=day)),
                                  ("q=浮 (1 char)", board.Filters(as_of=day, q="浮")),
                                  ("q=浮子", board.Filters(as_of=day, q="浮子")),
                                  ("q=zz (no match)", board.Filters(as_of=day, q="zz")),
                                  ("q=外機 (old finds only)", board.Filters(as_of=day, q="外機")),
                                  ("office=office-07", board.Filters(as_of=day, office="office-07"))):
                what = "board page with its facts" if facts_on else "board rows and paging"
                rows, cursor, _ = board.search(store, filters)
                hi, med = p95(lambda: board.search(store, filters), 20)
                print(f"  {what + ', ' + name:44s} p95 {hi:7.1f} ms  median {med:7.1f} ms  ({len(rows)} rows)")
                if cursor is not None and not facts_on:
                    nxt, _, _ = board.search(store, filters, cursor)
                    hi, med = p95(lambda: board.search(store, filters, cursor), 20)
                    print(f"  {'  the page after it':44s} p95 {hi:7.1f} ms  median {med:7.1f} ms  ({len(nxt)} rows)")
        finally:
            board._facts = facts


def bench(label: str, url: str) -> None:
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app

    store = open_store(url)
    took = generate(store, N_CASES)
    print(f"{label}: generated {N_CASES:,} cases over {N_OFFICES} offices in {took:.1f} s")
    token = store.add_user(f"bench-{uuid.uuid4().hex[:6]}", "office-07")
    client = TestClient(create_app(store))
    auth = {"Authorization": f"Bearer {token}"}
    checks = [
        ("notices, first page, no filter", "/api/notices", {"as_of": AS_OF}, {}),
        ("notices, q=浮子 (2 chars)", "/api/notices", {"as_of": AS_OF, "q": "浮子"}, {}),
        ("notices, q=zz (2 chars, no match)", "/api/notices", {"as_of": AS_OF, "q": "zz"}, {}),
        ("notices, q=第1234 (trigram)", "/api/notices", {"as_of": AS_OF, "q": "第1234"}, {}),
        ("notices, kind=gear near 34.5,131.6 r=50km", "/api/notices",
         {"as_of": AS_OF, "kind": "gear", "near": "34.5,131.6", "radius_km": "50"}, {}),
        ("notices, office=office-07", "/api/notices", {"as_of": AS_OF, "office": "office-07"}, {}),
        ("due, one office (within 30)", "/api/due", {"as_of": AS_OF}, auth),
        ("due, one office (within 365)", "/api/due", {"as_of": AS_OF, "within": "365"}, auth),
    ]
    for name, path, params, headers in checks:
        r = client.get(path, params=params, headers=headers)
        assert r.status_code == 200, r.text
        rows = len(r.json())
        hi, med = p95(lambda: client.get(path, params=params, headers=headers))
        print(f"  {name:44s} p95 {hi:7.1f} ms  median {med:7.1f} ms  ({rows} rows)   target p95 ≤ 50 ms")
    board_pages(store)
    for notices, what in ((False, "rows unchanged"), (True, "a notice posted")):
        with_rm, without, inside, assessed = append_cost(store, notices=notices)
        print(f"  append ({what}) with the read models {with_rm * 1000:6.2f} ms, without {without * 1000:6.2f} ms: "
              f"ratio {with_rm / without:.2f}   target ≤ 1.20; in readmodels.refresh {inside * 1000:.2f} ms, "
              f"{assessed:.1f} assessments an append")
    store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{tmp}/bench.db")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(PG_BASE)
    name = f"wm_bench_rm_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    try:
        from wreckmaster.store import db

        db.upgrade(db.make_engine(url))
        bench("PostgreSQL", url)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}' "
                              "AND pid <> pg_backend_pid()"))
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


if __name__ == "__main__":
    main()
