"""`wreckmaster average FILE`: a general average adjustment under the York-Antwerp Rules 1974."""
from __future__ import annotations


import typer

HELP = """Adjust a general average under the York-Antwerp Rules 1974 (jp-village-ferry art 23).

FILE is a wreckmaster.average/1 document (JSON or YAML; see AVERAGE.md): currency,
adjusted_on, interests (ship, cargo, freight with their arrived values), sacrifices and
expenditures. The output is wreckmaster.adjustment/1: commission (Rule XX, 2 % of
disbursements, not on crew wages and maintenance nor on fuel and stores), interest (Rule
XXI, 7 % a year, simple, actual days / 365, from each date until adjusted_on), total, rate
(an exact fraction) and rate_percent, and for each interest its contributory value (Rule
XVII), contribution, allowance and balance (+ receives, - pays; the balances add up to 0).

Rounding: each amount once, half up, to the currency's smallest unit (ISO 4217: JPY 1, USD
0.01 ...): commission and interest per line, then summed; contributions by largest remainder
so they add up exactly to the total.

JSON additions beyond AVERAGE.md: rules, sacrifices_total, expenditures_total,
contributory_total, and schedule (one line per sacrifice or expenditure: to, kind, date,
days, rules cited, amount, commission, interest, their exact values, allowed, cites);
with --explain also statement (the lines of the adjuster's statement).

Exit status: 0 adjusted; 2 bad input (error: <JSON pointer>: <what is wrong>).

Example:

\b
    wreckmaster average examples/average/mishima-maru-port-of-refuge.yaml --explain
    wreckmaster average ga.json --format json
"""


def register(app: typer.Typer) -> None:
    @app.command("average", help=HELP)
    def average(
        file: str = typer.Argument(..., help="The general average input (wreckmaster.average/1), JSON or YAML."),
        format: str = typer.Option("table", "--format", help="table (for people) or json (AVERAGE.md)."),
        explain: bool = typer.Option(False, "--explain",
                                     help="Show the adjuster's statement: schedule of allowances, schedule of "
                                          "contributory values, the rate, the balances, the rules cited."),
    ) -> None:
        from wreckmaster.average import InvalidAverage, adjust, validate
        from wreckmaster.cli.io import check_choice, fail, print_json
        from wreckmaster.files import FileProblem, read_document

        check_choice(format, ("table", "json"))
        try:
            doc = read_document(file)
        except FileProblem as exc:
            fail(exc.problems)
        if doc is None:
            fail([(file, "empty file")])
        if isinstance(doc, dict) and (str(doc.get("format", "")).startswith("wreckmaster.scenario")
                                      or ("case" in doc and "interests" not in doc)):
            fail([(file, "this is a scenario (wreckmaster.scenario/1), not a general-average file "
                         f"(wreckmaster.average/1): run wreckmaster assess {file}")])
        try:
            case = validate(doc)
        except InvalidAverage as exc:
            fail(exc.problems)
        result = adjust(case)
        if format == "json":
            out = result.to_json()
            if explain:
                from wreckmaster.average.statement import statement_lines

                out["statement"] = list(statement_lines(result))
            print_json(out)
            return
        _print_tables(result, explain)


def _print_tables(a, explain: bool) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    con = Console()
    con.print(Text(f"General average — York-Antwerp Rules 1974 — adjusted on {a.adjusted_on}", style="bold"))
    t = Table(title="Adjustment", title_justify="left")
    t.add_column("")
    t.add_column("amount", justify="right")
    t.add_column("cites")
    t.add_row("sacrifices made good", f"{a.money(a.sacrifices)} {a.currency.code}", "")
    t.add_row("expenditures", f"{a.money(a.expenditures)} {a.currency.code}", "")
    t.add_row("commission", f"{a.money(a.commission)} {a.currency.code}", "yar-1974:XX")
    t.add_row("interest", f"{a.money(a.interest)} {a.currency.code}", "yar-1974:XXI")
    t.add_row(Text("total", style="bold"), Text(f"{a.money(a.total)} {a.currency.code}", style="bold"), "")
    t.add_row("rate", f"{a.rate_percent()} ({a.rate.numerator}/{a.rate.denominator})", "yar-1974:XVII")
    con.print(t)
    t = Table(title="Interests", title_justify="left")
    for col in ("id", "kind", "owner", "contributory value", "contribution", "allowance", "balance"):
        t.add_column(col, justify="left" if col in ("id", "kind", "owner") else "right")
    for s in a.shares:
        t.add_row(s.id, s.kind, s.owner or "—", a.money(s.contributory_value), a.money(s.contribution),
                  a.money(s.allowance), a.money(s.balance))
    t.add_row(Text("total", style="bold"), "", "", a.money(a.contributory_total),
              a.money(sum(s.contribution for s in a.shares)), a.money(sum(s.allowance for s in a.shares)),
              a.money(sum(s.balance for s in a.shares)))
    con.print(t)
    if explain:
        from wreckmaster.average.statement import statement_lines

        con.print()
        for line in statement_lines(a):
            con.print(line, highlight=False, markup=False, soft_wrap=True)
