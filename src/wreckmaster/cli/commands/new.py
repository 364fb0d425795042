"""`wreckmaster new` (a commented scenario to start from) and `wreckmaster validate` (what is wrong, what the law will miss)."""
from __future__ import annotations

from typing import Optional

import typer

NEW_HELP = """Write a commented scenario to start a case from, with every field the regime reads.

Examples:

    wreckmaster new --regime jp-1875 > my-case.yaml
    wreckmaster new --regime jp-1875 --kind drift -o drift.yaml
"""

VALIDATE_HELP = """Say what is wrong with a scenario file (every problem, as assess would: exit 2), and, when it
is valid, which facts each regime's law will miss (an amount it cannot compute, a default it assumes).

Examples:

    wreckmaster validate my-case.yaml
    wreckmaster validate my-case.yaml --regimes all
"""


def register(app: typer.Typer) -> None:
    @app.command("new", help=NEW_HELP)
    def new(
        regime: str = typer.Option(..., "--regime", help="The regime id (wreckmaster regimes lists them)."),
        kind: str = typer.Option("wreck", "--kind", help="wreck, stranding, jettison or drift."),
        output: Optional[str] = typer.Option(None, "-o", "--output", help="Write here (default stdout); never overwrites."),
    ) -> None:
        import sys
        from pathlib import Path

        from wreckmaster.cli.io import check_choice, fail
        from wreckmaster.law.regime import available
        from wreckmaster.starter import KINDS, template

        check_choice(regime, tuple(available()), "--regime")
        check_choice(kind, KINDS, "--kind")
        text = template(regime, kind)
        if output is None:
            sys.stdout.write(text)
            return
        if Path(output).exists():
            fail([(output, "exists already; choose another name (wreckmaster new never overwrites a file)")])
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output}: fill it in, then `wreckmaster validate {output}`", file=sys.stderr)

    @app.command("validate", help=VALIDATE_HELP)
    def validate_cmd(
        file: str = typer.Argument(..., help="The scenario file (JSON or YAML); - reads stdin."),
        regimes: Optional[str] = typer.Option(None, "--regimes", help="Also check under these regimes (comma-separated, or all)."),
        format: str = typer.Option("table", "--format", help="table or json."),
    ) -> None:
        from wreckmaster.cli.io import check_choice, fail, load_or_fail, print_json
        from wreckmaster.compare import run_one
        from wreckmaster.files import read_document
        from wreckmaster.law.regime import available
        from wreckmaster.starter import missed_facts

        check_choice(format, ("table", "json"))
        scenario = load_or_fail(file)
        known = list(available())
        chosen = [scenario.regime]
        if regimes:
            extra = known if regimes.strip() == "all" else [r.strip() for r in regimes.split(",") if r.strip()]
            bad = [r for r in extra if r not in known]
            if bad:
                fail([("--regimes", f"unknown regime {', '.join(bad)}; expected some of {', '.join(known)} or all")])
            chosen += [r for r in extra if r != scenario.regime]
        doc = read_document(file)
        report = []
        for regime in chosen:
            assessment, hypothetical = run_one(doc, regime, None)
            report.append({"regime": regime, "hypothetical": hypothetical,
                           "missed": [{k: f[k] for k in ("severity", "code", "message", "cites")}
                                      for f in missed_facts(assessment)]})
        if format == "json":
            print_json({"valid": True, "regimes": report})
            return
        print(f"{file}: valid ({scenario.regime}).")
        for r in report:
            head = f"{r['regime']}{' (hypothetical: outside its period in force)' if r['hypothetical'] else ''}"
            if not r["missed"]:
                print(f"  {head}: the law has every fact it reads.")
                continue
            print(f"  {head}: {len(r['missed'])} fact(s) the law will miss or assume:")
            for f in r["missed"]:
                print(f"    - [{f['severity']}] {f['code']} ({', '.join(f['cites'])}): {f['message']}")
