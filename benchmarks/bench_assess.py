"""Benchmarks: ratios against a baseline measured in the same process (never asserted in tests).

1. In process, for jp-1875 scenarios of 10,000 and 100,000 items and events:
   assess time ÷ (JSON load + validation time). Target ≤ 3, and no higher at 100,000 than at
   10,000 (linear growth). The explanation's text is written when it is first read
   (:class:`wreckmaster.law.assessment.Later`), so the time to write the assessment's JSON
   is printed next to it: the work put off is shown, not hidden.
2. Whole process: ``wreckmaster assess SMALL --format json`` ÷ ``python -c "import json"``.
   Target ≤ 8, goal 5 (the command imports only what it needs: the plain ``assess`` form runs
   without Typer, :mod:`wreckmaster.cli.entry`; the Typer path is printed next to it).
3. Whole process on a large case: ``wreckmaster assess BIG --format json`` for 10,000 and 100,000
   items (issue 23: target ≤ 1 s at 10,000, and linear: 100,000 ÷ 10,000 about 10), beside
   ``python -c "import json"`` run in the same loop. The JSON is written by orjson in C
   (``json.dump`` with ``indent`` is pure Python: 0.7 s of the 1.7 s at 10,000 went there).

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_assess.py``).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wreckmaster.law import regime as registry  # noqa: E402
from wreckmaster.law.scenario import validate  # noqa: E402
from wreckmaster.law.yamlio import load_json  # noqa: E402


def wreck_scenario(n: int) -> dict:
    """A large wreck: n saved items (fees), n events (sales of half of them), n/10 expenses."""
    parties = [{"id": f"p{i}"} for i in range(100)] + [{"id": "owner"}, {"id": "village"}]
    start = date(1876, 5, 1)
    items, events = [], []
    for i in range(n):
        items.append({"id": f"i{i}", "value": f"{(i % 997) + 1}.{i % 1000:03d}",
                      "found": {"by": [f"p{i % 100}", f"p{(i * 7) % 100}"],
                                "state": "floating" if i % 3 else "sunk",
                                "waters": "sea" if i % 5 else "river"}})
    for i in range(n):
        if i % 2 == 0:
            events.append({"type": "sold", "date": str(start + timedelta(days=1 + i % 300)),
                           "item": f"i{i}", "price": f"{(i % 500) + 1}"})
        else:
            events.append({"type": "reported", "date": str(start), "by": f"p{i % 100}"})
    cats = ["labour", "boats", "shed", "guard", "official-wages", "supplies", "communications"]
    expenses = [{"id": f"e{i}", "category": cats[i % len(cats)], "amount": f"{i % 50 + 1}.25", "payee": "village"}
                for i in range(n // 10)]
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1877-01-01",
            "case": {"occurred": str(start), "kind": "wreck", "vessel": {"owner": "owner", "size": "large"}},
            "parties": parties, "items": items, "expenses": expenses, "events": events}


def drift_scenario(n: int) -> dict:
    """Drift goods: n items found, n events (postings, owners identified, sales), each event after
    its item's find (the engine refuses an event about an item before it was found)."""
    start = date(1880, 1, 1)
    items, events = [], []
    for i in range(n):
        items.append({"id": f"d{i}", "kind": "vessel" if i % 10 == 0 else "cargo", "value": f"{i % 300 + 1}",
                      "found": {"date": str(start + timedelta(days=i % 200)), "by": [f"p{i % 50}"], "state": "ashore"}})
        kind = i % 3
        if kind == 0:
            events.append({"type": "notice_posted", "date": str(start + timedelta(days=i % 200 + 1)), "items": [f"d{i}"]})
        elif kind == 1:
            events.append({"type": "owner_identified", "date": str(start + timedelta(days=i % 200 + 1 + i % 300)),
                           "item": f"d{i}", "owner": f"o{i % 20}"})
        else:
            events.append({"type": "sold", "date": str(start + timedelta(days=400 + i % 100)), "item": f"d{i}",
                           "price": f"{i % 250 + 1}"})
    parties = [{"id": f"p{i}"} for i in range(50)] + [{"id": f"o{i}"} for i in range(20)]
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1884-01-01",
            "case": {"occurred": str(start), "kind": "drift"}, "parties": parties, "items": items, "events": events}


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def in_process(make, n: int, repeat: int) -> tuple[float, float, float]:
    """(load + validate, assess, writing the assessment's JSON), each the best of ``repeat`` runs."""
    text = json.dumps(make(n))
    known = set(registry.available())
    regime = registry.get("jp-1875")

    def load_and_validate():
        return validate(load_json(text), known)

    scenario = load_and_validate()
    base = best_of(load_and_validate, repeat)
    work = best_of(lambda: regime.assess(scenario, scenario.as_of), repeat)
    written = []
    for _ in range(repeat):  # a fresh assessment each time: its texts are written on the first read
        out = regime.assess(scenario, scenario.as_of)
        t0 = time.perf_counter()
        json.dumps(out.to_json(), ensure_ascii=False)
        written.append(time.perf_counter() - t0)
        del out
    return base, work, min(written)


def whole_process(repeat: int = 21) -> tuple[float, float, float]:
    """Medians of ``repeat`` interleaved runs: ``python -c "import json"``, the light
    ``wreckmaster assess SMALL --format json`` and the same through the Typer application.

    Bytecode is written and used as an installed package would (``PYTHONDONTWRITEBYTECODE``
    removed from the children's environment; one warm-up run each), so that the figure is a
    user's, not a recompilation's.
    """
    exe = Path(sys.executable).parent / "wreckmaster"
    small = str(ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = {
        "json": [sys.executable, "-c", "import json"],
        "fast": [str(exe), "assess", small, "--format", "json"],
        "typer": [sys.executable, "-c", "from wreckmaster.cli.main import app; app()", "assess", small, "--format", "json"],
    }
    times: dict[str, list[float]] = {k: [] for k in commands}
    for i in range(repeat + 1):
        for name, cmd in commands.items():
            t0 = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
            if i:  # the first round is the warm-up
                times[name].append(time.perf_counter() - t0)
    return tuple(statistics.median(times[k]) for k in commands)  # type: ignore[return-value]


def large_whole_process(n: int, repeat: int) -> tuple[float, float]:
    """Medians of ``repeat`` interleaved runs: ``python -c "import json"`` and
    ``wreckmaster assess BIG --format json`` on a jp-1875 wreck of ``n`` items
    (``tests/documents/big.py``: the documents' large case, each item found and awarded its fee)."""
    sys.path.insert(0, str(ROOT / "tests" / "documents"))
    from big import big_case

    exe = Path(sys.executable).parent / "wreckmaster"
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(big_case(n), f, ensure_ascii=False)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = [[sys.executable, "-c", "import json"], [str(exe), "assess", f.name, "--format", "json"]]
    times: list[list[float]] = [[], []]
    try:
        for i in range(repeat + 1):
            for k, cmd in enumerate(commands):
                t0 = time.perf_counter()
                subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
                if i:
                    times[k].append(time.perf_counter() - t0)
    finally:
        os.unlink(f.name)
    return statistics.median(times[0]), statistics.median(times[1])


def imported_modules(args: list[str], typer: bool = False) -> int:
    """How many modules a command imports (``python -X importtime``: a count, not a time);
    ``typer``: through the Typer application instead of the light entry."""
    run = "from wreckmaster.cli.main import app; app()" if typer else "from wreckmaster.cli.main import run; run()"
    code = f"import sys; sys.argv = {['wreckmaster', *args]!r}; {run}"
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True)
    return sum(1 for line in out.stderr.splitlines() if line.startswith("import time:"))


def main() -> None:
    print("1. assess ÷ (JSON load + validation), same process, best of runs (target ≤ 3, linear)")
    for name, make in (("wreck (fees, costs, sales)", wreck_scenario), ("drift goods", drift_scenario)):
        for n in (10_000, 100_000):
            base, work, written = in_process(make, n, repeat=3 if n == 10_000 else 1)
            print(f"   {name:28s} n={n:>7,}: load+validate {base:7.3f} s, assess {work:7.3f} s, ratio {work / base:5.2f}"
                  f" (then its JSON {written:6.3f} s)")
    base, fast, typer = whole_process()
    print("2. whole process, medians of 21 interleaved runs (target ≤ 8, goal 5)")
    print(f"   python -c 'import json' {base * 1000:6.1f} ms; wreckmaster assess --format json {fast * 1000:6.1f} ms "
          f"(ratio {fast / base:5.2f}); through the Typer app {typer * 1000:6.1f} ms (ratio {typer / base:5.2f})")
    small = str(ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml")
    args = ["assess", small, "--format", "json"]
    print(f"   modules imported: light entry {imported_modules(args)}, through Typer {imported_modules(args, True)}")
    print("3. whole process on a large wreck, medians (target ≤ 1 s at 10,000 items; linear)")
    base, ten = large_whole_process(10_000, repeat=5)
    _, hundred = large_whole_process(100_000, repeat=1)
    print(f"   python -c 'import json' {base * 1000:6.1f} ms; assess --format json: 10,000 items {ten:6.2f} s "
          f"(ratio {ten / base:6.1f}), 100,000 items {hundred:6.2f} s (100,000 ÷ 10,000 = {hundred / ten:5.1f})")

if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        main()
