"""`make run`: what wreckmaster does, on the bundled examples, ending with a summary at a glance.

1. every example case in examples/ assessed (the tables a clerk reads);
2. every general-average example in examples/average/ adjusted;
3. the case log at work on the embedded default (a throwaway SQLite file), when present;
4. the invented casualty register in batch;
5. the officials' ledger of the invented Qing register (docs/ledger.md);
6. a summary: one line per example and per step, and where to go next.

Each step runs the real `wreckmaster` command, as a user would.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
W = str(Path(sys.executable).parent / "wreckmaster")
RULE = "═" * 100


def run(*args: str, show: bool = True) -> subprocess.CompletedProcess:
    r = subprocess.run([W, *args], capture_output=True, text=True, cwd=ROOT)
    if show:
        sys.stdout.write(r.stdout)
        sys.stdout.write(r.stderr)
    return r


def main() -> int:
    summary: list[str] = []
    failed = 0
    examples = sorted((ROOT / "examples").glob("*.yaml"))
    for f in examples:
        rel = f.relative_to(ROOT)
        print(f"{RULE}\n{rel}")
        r = run("assess", str(rel))
        j = run("assess", str(rel), "--format", "json", show=False)
        if r.returncode or j.returncode:
            failed += 1
            summary.append(f"  ✗ {rel}: exit {r.returncode}")
            continue
        a = json.loads(j.stdout)
        sev = {s: sum(1 for x in a["findings"] if x["severity"] == s) for s in ("error", "warning", "info")}
        money: dict[str, list[str]] = {}
        for aw in a["awards"]:
            money.setdefault(aw["currency"], []).append(aw["amount"])
        shown = ", ".join(f"{_sum(v)} {c}" for c, v in money.items()) or "no awards"
        summary.append(f"  ✓ {rel.name:<62} {a['regime']:<17} awards {shown}; "
                       f"{len(a['deadlines'])} deadlines; findings {sev['error']} error / {sev['warning']} warning")
    for f in sorted((ROOT / "examples/average").glob("*.yaml")):
        rel = f.relative_to(ROOT)
        print(f"{RULE}\n{rel}")
        r = run("average", str(rel))
        failed += bool(r.returncode)
        summary.append(f"  {'✓' if r.returncode == 0 else '✗'} {rel.name:<62} general average (York-Antwerp Rules 1974)")

    walk = ROOT / "examples/case-walkthrough.sh"
    if walk.exists():
        print(f"{RULE}\nThe case log: {walk.relative_to(ROOT)} (a throwaway SQLite file)")
        r = subprocess.run(["bash", str(walk)], cwd=ROOT, env={**os.environ, "W": W}, text=True)
        failed += bool(r.returncode)
        summary.append(f"  {'✓' if r.returncode == 0 else '✗'} the case log: a case opened, recorded day by day, "
                       "its due list and assessment (examples/case-walkthrough.sh)")

    register = ROOT / "examples/register/casualty-register.csv"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.jsonl"
        print(f"{RULE}\nA casualty register in batch: {register.relative_to(ROOT)} (invented rows)")
        r = run("batch", str(register.relative_to(ROOT)), "--map", "examples/register/mapping.yaml", "-o", str(out))
        n = sum(1 for _ in out.open(encoding="utf-8")) if out.exists() else 0
        bad = sum(1 for line in out.open(encoding="utf-8") if '"status": "error"' in line) if out.exists() else 0
        ok = r.returncode in (0, 1) and n > 0
        failed += not ok
        summary.append(f"  {'✓' if ok else '✗'} batch: {n} register rows, {n - bad} assessed, {bad} with input "
                       "errors reported (the register's deliberate slips)")

    qing = "examples/register/qing-register.csv"
    print(f"{RULE}\nThe officials' ledger of a Qing register: {qing} (invented rows)")
    r = run("ledger", qing, "--map", "examples/register/qing-mapping.yaml", "--as-of", "1895-01-01")
    failed += bool(r.returncode)
    summary.append(f"  {'✓' if r.returncode == 0 else '✗'} ledger: merits, honours and faults across the Qing "
                   "register's cases, with the thresholds they reach (docs/ledger.md)")

    print(f"{RULE}\nSummary")
    print("\n".join(summary))
    print("\nNext: `.venv/bin/wreckmaster assess FILE --explain` shows every step with the articles' words;"
          " README.md walks through the case log, the service and the documents.")
    if failed:
        print(f"\n{failed} step(s) failed", file=sys.stderr)
    return 1 if failed else 0


def _sum(amounts: list[str]) -> str:
    from decimal import Decimal

    return str(sum((Decimal(a) for a in amounts), Decimal(0)))


if __name__ == "__main__":
    sys.exit(main())
