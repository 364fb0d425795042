"""Benchmark of the officials' ledger across cases (issue 28): a ratio against a baseline
measured in the same process (never asserted in tests).

For N Qing cases (half Taiwan, half Shandong; 50 persons across them): the ledger's time ÷
the time to assess the same cases one by one. The ledger assesses each case once and counts
across cases in one pass after sorting each person's lines, so the ratio stays near 1 and does
not grow with N (target ≤ 1.5 at 1,000 and 4,000 cases).

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_ledger.py``).
"""
from __future__ import annotations

import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wreckmaster.law import regime as registry  # noqa: E402
from wreckmaster.law.scenario import validate  # noqa: E402
from wreckmaster.ledger import CaseFacts, derive  # noqa: E402

AS_OF = date(1895, 5, 1)


def case(k: int) -> dict:
    taiwan = k % 2 == 0
    start = date(1891, 5, 1) if taiwan else date(1888, 3, 1)
    day = start + timedelta(days=(k * 37) % 1400)
    doc = {"format": "wreckmaster.scenario/1", "regime": "qing-taiwan" if taiwan else "qing-shandong",
           "case": {"occurred": day.isoformat(), "kind": "wreck", "place": "淡水" if taiwan else "榮成縣石島",
                    "vessel": {"owner": "own"}},
           "parties": [{"id": "own"}, {"id": "b"}, {"id": "o", "roles": ["official"], "person": f"off{k % 25}"},
                       {"id": "d", "roles": ["director"], "person": f"dir{k % 25}"}],
           "items": [{"id": "c", "value": str(5000 + (k * 791) % 10000), "difficulty": "easy", "quantity": "many",
                      "found": {"by": ["b"]}}],
           "events": [{"type": "case_reported", "date": (day + timedelta(days=20)).isoformat()}]}
    if k % 17 == 0:
        doc["events"].append({"type": "goods_concealed", "date": (day + timedelta(days=1)).isoformat(),
                              "by": ["b"], "items": ["c"]})
    return doc


def main() -> None:
    regimes = set(registry.available())
    for n in (1000, 4000):
        facts = [CaseFacts(f"C{k}", validate(case(k), regimes), {"case": f"C{k}"}, "o") for k in range(n)]

        def assess_all() -> None:
            for f in facts:
                registry.get(f.scenario.regime).assess(f.scenario, AS_OF)

        assess_all()   # warm: imports, parameters, the scenarios' cached look-ups
        base = _best(assess_all)
        ledger = derive(facts, AS_OF)
        took = _best(lambda: derive(facts, AS_OF))
        lines = sum(len(r["entries"]) for r in ledger["persons"])
        print(f"{n:>5} cases, {len(ledger['persons'])} persons, {lines} lines: ledger {took:.2f} s, "
              f"assessing the cases {base:.2f} s → ratio {took / base:.2f} (target ≤ 1.5)")


def _best(work, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        work()
        times.append(time.perf_counter() - t0)
    return min(times)

if __name__ == "__main__":
    main()
