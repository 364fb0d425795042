"""`wreckmaster compare`: the same facts under several regimes, side by side."""
from __future__ import annotations

from typing import Optional

import typer

HELP = """Run the same facts under several regimes and show them side by side: for each party what
it is awarded and what it bears (each regime in its own currency), the deadlines, the findings,
and a verdict line per regime naming the articles that make the difference.

Amounts are never converted silently: each value of the scenario is read in each regime's own
currency. --rates FILE (YAML: rates: [{from: TAEL, to: JPY, rate: "1.5", on: DATE, source: TEXT}])
adds a common column from your own, cited rates. A regime outside its period in force runs as
hypothetical (case.hypothetical: true), and the warning shows.

Examples:

    wreckmaster compare examples/jp-1875-wreck-of-the-kotobuki-maru.yaml --regimes jp-1875,jp-1899,qing-shandong
    wreckmaster compare case.yaml --regimes all --format json
    wreckmaster compare case.yaml --regimes all --rates my-rates.yaml
"""


def register(app: typer.Typer) -> None:
    @app.command("compare", help=HELP)
    def compare_cmd(
        file: str = typer.Argument(..., help="The scenario file (JSON or YAML)."),
        regimes: str = typer.Option("all", "--regimes", help="Comma-separated regime ids, or all."),
        format: str = typer.Option("table", "--format", help="table or json (wreckmaster.comparison/1)."),
        rates: Optional[str] = typer.Option(None, "--rates", help="Your own exchange rates (YAML), cited."),
        as_of: Optional[str] = typer.Option(None, "--as-of", help="Apply the law as of this date."),
    ) -> None:
        from wreckmaster.cli.io import check_choice, fail, load_or_fail, parse_date, print_json
        from wreckmaster.compare import RatesProblem, compare, parse_rates
        from wreckmaster.files import FileProblem, read_document
        from wreckmaster.law.regime import available

        check_choice(format, ("table", "json"))
        when = parse_date(as_of, "--as-of")
        known = list(available())
        chosen = known if regimes.strip() == "all" else [r.strip() for r in regimes.split(",") if r.strip()]
        unknown = [r for r in chosen if r not in known]
        if unknown or not chosen:
            fail([("--regimes", f"unknown regime {', '.join(unknown) or '(none given)'}; "
                                f"expected some of {', '.join(known)} or all")])
        load_or_fail(file)  # the file itself must be a valid scenario first (every problem, exit 2)
        doc = read_document(file)
        rate_list = None
        if rates:
            try:
                rate_list = parse_rates(read_document(rates))
            except FileProblem as exc:
                fail(exc.in_file(rates))
            except RatesProblem as exc:
                fail([(f"{rates}: {exc.pointer}", exc.message)])
        from wreckmaster.law.scenario import InvalidScenario

        try:
            result = compare(doc, chosen, as_of=when, rates=rate_list)
        except InvalidScenario as exc:
            fail([(p, f"{m} (when run under another regime)") for p, m in exc.problems])
        if format == "json":
            print_json(result)
            return
        _table(result)


def _table(result) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(result["note"], soft_wrap=True)
    parties = sorted({p for r in result["results"] for p in r["parties"]})
    table = Table(title="Awarded / bears, per party (each regime in its own currency)", show_lines=True)
    table.add_column("party or fund", overflow="fold")
    for r in result["results"]:
        table.add_column(r["regime"] + (" (hypothetical)" if r["hypothetical"] else ""), overflow="fold")
    for p in parties:
        cells = []
        for r in result["results"]:
            sides = r["parties"].get(p, {})
            text = []
            for side in ("awarded", "bears"):
                for cur, v in sorted(sides.get(side, {}).items()):
                    text.append(f"{side} {v} {cur}")
            conv = (r.get("converted") or {}).get("parties", {}).get(p)
            if conv:
                text.append(f"≈ {conv['awarded']} / {conv['bears']} {r['converted']['currency']} (your rates)")
            cells.append("\n".join(text) or "—")
        table.add_row(p, *cells)
    console.print(table)
    summary = Table(title="Deadlines and findings", show_lines=True)
    summary.add_column("regime", overflow="fold")
    summary.add_column("deadlines", overflow="fold")
    summary.add_column("findings (error / warning / info)", overflow="fold")
    for r in result["results"]:
        a = r["assessment"]
        dl = "\n".join(f"{d['due']} {d['status']}: {d['duty']} ({', '.join(d['cites'])})" for d in a["deadlines"]) or "—"
        counts = {s: sum(1 for f in a["findings"] if f["severity"] == s) for s in ("error", "warning", "info")}
        errs = ", ".join(sorted({f["code"] for f in a["findings"] if f["severity"] != "info"}))
        summary.add_row(r["regime"], dl, f"{counts['error']} / {counts['warning']} / {counts['info']}"
                        + (f"\n{errs}" if errs else ""))
    console.print(summary)
    console.print("Verdicts:")
    for r in result["results"]:
        console.print(f"  • {r['verdict']}", soft_wrap=True)
