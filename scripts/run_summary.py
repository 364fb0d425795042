"""A summary a newcomer can read at a glance, for the end of `make run` (issue 10, point 16).

One line per example, at most 80 columns: the regime, what was awarded, and how many findings
of each severity — then where to go next. It assesses in-process (through the same loader and
regimes as `wreckmaster assess --format json`), so it adds a second or two to `make run`.

    .venv/bin/python scripts/run_summary.py
"""
from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def line_for(path: Path) -> str:
    from datetime import date

    from wreckmaster.files import FileProblem, load_scenario
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import InvalidScenario

    name = path.stem
    try:
        scenario = load_scenario(str(path))
    except (FileProblem, InvalidScenario) as exc:
        return f"  ✗ {name}: bad input — wreckmaster assess {path.relative_to(ROOT)} says why"
    a = registry.get(scenario.regime).assess(scenario, scenario.as_of or date.today()).to_json()
    totals: dict[str, Decimal] = {}
    for aw in a["awards"]:
        totals[aw["currency"]] = totals.get(aw["currency"], Decimal(0)) + Decimal(aw["amount"])
    awarded = ", ".join(f"{v} {c}" for c, v in totals.items()) or "no award"
    sev = [sum(1 for f in a["findings"] if f["severity"] == s) for s in ("error", "warning")]
    flags = f"{sev[0]}E {sev[1]}W"
    short = name[len(a["regime"]) + 1:] if name.startswith(a["regime"] + "-") else name
    head = f"  ✓ {a['regime']:<16} {short}"
    tail = f"{awarded}  {flags}"
    if len(head) + 2 + len(tail) <= 80:   # nothing is cut: a long line goes on two
        return head + " " * (80 - len(head) - len(tail)) + tail
    return head + "\n" + " " * (80 - len(tail)) + tail


def main() -> int:
    examples = sorted((ROOT / "examples").glob("*.yaml"))
    averages = sorted((ROOT / "examples" / "average").glob("*.yaml"))
    print("─" * 80)
    print("At a glance: each example case assessed (awards; E errors, W warnings found)")
    lines = [line_for(p) for p in examples]
    print("\n".join(lines))
    print(f"  + {len(averages)} general-average adjustments (wreckmaster average examples/average/…)")
    bad = sum(1 for line in lines if line.startswith("  ✗"))
    print("Next: wreckmaster assess FILE --explain  (every figure, with the articles)")
    print("      wreckmaster --help  (all commands);  README.md  (the case log)")
    print("─" * 80)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
