"""Rendering an assessment for people: Rich tables and the explanation."""
from __future__ import annotations

from collections import defaultdict

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wreckmaster.law.assessment import Assessment
from wreckmaster.law.scenario import Scenario

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
STATUS_STYLE = {"missed": "bold red", "met": "green", "pending": "yellow"}


def _name(scenario: Scenario, ident: str | None) -> str:
    if ident is None:
        return "—"
    p = scenario.party(ident) or scenario.person(ident)
    return f"{ident} ({p.name})" if p is not None and p.name else ident


def print_assessment(a: Assessment, scenario: Scenario, *, explain: bool = False, console: Console | None = None) -> None:
    con = console or Console()
    con.print(Text(f"{a.regime} — assessment as of {a.as_of}", style="bold"))
    if scenario.case.place:
        con.print(f"{scenario.case.kind} at {scenario.case.place}, {scenario.case.occurred}")

    if a.awards:
        t = Table(title="Awards", title_justify="left")
        for col in ("to", "for", "kind", "amount", "cites"):
            t.add_column(col, justify="right" if col == "amount" else "left")
        for aw in a.awards:
            t.add_row(_name(scenario, aw.to), aw.for_ or "—", aw.kind, f"{a.fmt(aw.amount, aw.currency)} {aw.currency}",
                      ", ".join(aw.cites))
        con.print(t)

    if a.charges:
        by_payer: dict[str, list] = defaultdict(list)
        for c in a.charges:
            by_payer[c.payer].append(c)
        t = Table(title="Charges, by who pays", title_justify="left")
        for col in ("payer", "payee", "for", "amount", "cites"):
            t.add_column(col, justify="right" if col == "amount" else "left")
        for payer, rows in by_payer.items():
            for i, c in enumerate(rows):
                t.add_row(_name(scenario, payer) if i == 0 else "", _name(scenario, c.payee), c.for_ or "—",
                          f"{a.fmt(c.amount, c.currency)} {c.currency}", ", ".join(c.cites))
            totals: dict[str, object] = defaultdict(int)
            for c in rows:
                totals[c.currency] += c.amount
            t.add_row("", "", Text("total", style="bold"),
                      Text(", ".join(f"{a.fmt(v, k)} {k}" for k, v in totals.items()), style="bold"), "",
                      end_section=True)
        con.print(t)

    if a.deadlines:
        t = Table(title="Deadlines", title_justify="left")
        for col in ("duty", "party", "due", "status", "cites"):
            t.add_column(col)
        for d in a.deadlines:
            t.add_row(d.duty, _name(scenario, d.party), d.due.isoformat(), Text(d.status, style=STATUS_STYLE[d.status]),
                      ", ".join(d.cites))
        con.print(t)

    if a.merits:
        t = Table(title="Merits", title_justify="left")
        for col in ("to", "count", "cites"):
            t.add_column(col)
        for m in a.merits:
            t.add_row(_name(scenario, m.to), str(m.count), ", ".join(m.cites))
        con.print(t)

    if a.findings:
        t = Table(title="Findings", title_justify="left")
        for col in ("severity", "code", "message", "cites"):
            t.add_column(col)
        for f in a.findings:
            t.add_row(Text(f.severity, style=SEVERITY_STYLE[f.severity]), f.code, f.message, ", ".join(f.cites))
        con.print(t)

    for key, value in a.outputs.items():
        _print_output(con, key, value)

    if not (a.awards or a.charges or a.deadlines or a.findings or a.merits):
        con.print("Nothing to award, charge or report.")

    if explain:
        print_explanation(a, con)


def _cell(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items() if v is not None)
    return "—" if value is None else str(value)


def _print_output(con: Console, key: str, value: object) -> None:
    """An output key a regime adds (docs/scenario-extensions.md): a list of records as a
    table, a mapping as key–value rows."""
    title = key.replace("_", " ").capitalize()
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        cols = list(dict.fromkeys(k for v in value for k in v))
        t = Table(title=title, title_justify="left")
        for col in cols:
            t.add_column(col)
        for v in value:
            t.add_row(*(_cell(v.get(c)) for c in cols))
    elif isinstance(value, dict) and value:
        t = Table(title=title, title_justify="left", show_header=False)
        t.add_column("key")
        t.add_column("value")
        for k, v in value.items():
            t.add_row(str(k), _cell(v))
    else:
        con.print(f"{title}: {_cell(value)}")
        return
    con.print(t)


def print_explanation(a: Assessment, con: Console) -> None:
    from .explain import explain_lines

    con.print(Text("\nExplanation", style="bold underline"))
    for line in explain_lines(a):
        con.print(line, highlight=False, markup=False)

