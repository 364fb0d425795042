"""Benchmark of ``wreckmaster batch`` (issue 16): rates and memory, measured in one run.

1. Rate: ``wreckmaster batch CASES.jsonl --jobs J`` as a whole process (start-up included)
   ÷ the single-process in-process rate of the same records
   (:func:`wreckmaster.registers.run.assess_all` with ``jobs=1``, output lines written).
   Target ≥ 1.5 with 2 jobs on 2 cores.
2. Memory: peak RSS of the largest process of the batch (the parent or one worker) for
   2,000 and for 10,000 records; flat means about the same (the batch streams, a bounded
   window of chunks in flight).

The records are the small examples of ``examples/`` (every regime), repeated, as JSON lines.
Never asserted in tests; figures are ratios within this run.

Run: ``.venv/bin/python benchmarks/bench_batch.py [N] [--jobs J]`` (N default 10,000).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wreckmaster.files import read_document  # noqa: E402
from wreckmaster.registers.run import assess_all  # noqa: E402
from wreckmaster.registers.sources import records  # noqa: E402


def example_lines() -> list[str]:
    """Each example scenario as one JSON line (decimals as text, as SCENARIO.md allows)."""
    return [json.dumps(read_document(str(p)), default=str, ensure_ascii=False)
            for p in sorted((ROOT / "examples").glob("*.yaml"))]


def write_cases(path: Path, n: int, lines: list[str]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(lines[i % len(lines)] + "\n")


def in_process(path: Path) -> tuple[float, int]:
    """Seconds for the single-process in-process run, and how many records were assessed."""
    ok = 0
    with open(os.devnull, "w", encoding="utf-8") as sink:
        t0 = time.perf_counter()
        for outcome in assess_all(records([str(path)]), jobs=1):
            sink.write(outcome.line + "\n")
            ok += outcome.ok
        return time.perf_counter() - t0, ok


_PEAK = ("import resource, subprocess, sys; rc = subprocess.run(sys.argv[1:]).returncode; "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, rc)")


def whole_batch(path: Path, out: Path, jobs: int) -> tuple[float, int, int]:
    """Seconds for ``wreckmaster batch`` as a process, its largest process's peak RSS (KiB), exit status.

    A fresh Python runs the batch and reports ``RUSAGE_CHILDREN``: the largest of the batch's
    processes (the workers are waited for by the batch, so they count).
    """
    exe = Path(sys.executable).parent / "wreckmaster"
    cmd = [sys.executable, "-c", _PEAK, str(exe), "batch", str(path), "-o", str(out), "--jobs", str(jobs)]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - t0
    peak, rc = done.stdout.split()[-2:]
    return seconds, int(peak), int(rc)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--small", type=int, default=2_000, help="the smaller register for the memory comparison")
    args = ap.parse_args()
    lines = example_lines()
    with tempfile.TemporaryDirectory() as tmp:
        big, small, out = Path(tmp, "big.jsonl"), Path(tmp, "small.jsonl"), Path(tmp, "out.jsonl")
        write_cases(big, args.n, lines)
        write_cases(small, args.small, lines)

        one, ok = in_process(big)
        many, peak_big, rc = whole_batch(big, out, args.jobs)
        with out.open(encoding="utf-8") as f:
            assert sum(1 for _ in f) == args.n, "the batch wrote one line per record"
        _, peak_small, _ = whole_batch(small, out, args.jobs)

    rate1, rate_n = args.n / one, args.n / many
    print(f"batch of {args.n:,} small scenarios ({len(lines)} examples repeated; {ok:,} assessed, "
          f"batch exit {rc}), {os.cpu_count()} cores")
    print(f"1. in process, 1 job: {rate1:8.1f} records/s ({one:6.1f} s)")
    print(f"   wreckmaster batch --jobs {args.jobs} (whole process): {rate_n:8.1f} records/s ({many:6.1f} s); "
          f"ratio {rate_n / rate1:4.2f} (target ≥ 1.5)")
    print(f"2. peak RSS of the largest batch process: {args.small:,} records {peak_small / 1024:6.1f} MiB, "
          f"{args.n:,} records {peak_big / 1024:6.1f} MiB (ratio {peak_big / peak_small:4.2f}; flat ≈ 1)")


if __name__ == "__main__":
    main()
