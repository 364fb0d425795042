"""Rendering an assessment for people: Rich tables and the explanation.

Tables never cut a citation, a name or an amount, whatever the terminal's width: every
column wraps (Rich's ``overflow="fold"``), citations stand one per line in a column at least
as wide as the longest, amounts never wrap. Cells show names and item descriptions, as a
clerk reads them; the ids of the case file appear once, in the key at the end.
"""
from __future__ import annotations

from collections import defaultdict

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wreckmaster.law.assessment import Assessment
from wreckmaster.law.scenario import Scenario

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
STATUS_STYLE = {"missed": "bold red", "met": "green", "pending": "yellow", "ended": "dim"}


def _name(scenario: Scenario, ident: str | None) -> str:
    """What a clerk reads for an id: a party's or person's name, an item's description."""
    if ident is None:
        return "—"
    p = scenario.party(ident) or scenario.person(ident)
    if p is not None and p.name:
        return p.name
    item = scenario.item(ident)
    if item is not None and item.description:
        return item.description
    return ident


def _table(title: str, columns: list[tuple[str, str]], **kw) -> Table:
    """A table whose cells wrap instead of being cut. Column kinds: ``text`` (wraps, long
    words folded), ``amount`` (right-aligned, never wrapped), ``cites`` (one citation a line,
    never narrower than the longest), ``short`` (a code or date: folded only if it must)."""
    t = Table(title=title, title_justify="left", **kw)
    for name, kind in columns:
        if kind == "amount":
            t.add_column(name, justify="right", no_wrap=True, overflow="fold")
        else:
            t.add_column(name, overflow="fold", no_wrap=False)
    return t


def _cites(cites) -> str:
    return "\n".join(cites)


def _fit(t: Table, rows: list[tuple], width: int | None = None) -> None:
    """Give citation, amount and short columns the width of their longest line (so they are
    never cut), and share what is left of ``width`` between the text columns, which wrap:
    each first gets its longest word (within a fair share), the rest goes in proportion to what each
    still needs."""
    fixed = 0
    text_cols = []
    for i, col in enumerate(t.columns):
        lines = [line for r in rows for line in str(r[i]).split("\n")]
        longest = max([len(str(col.header))] + [len(line) for line in lines])
        if col.justify == "right" or col.header in ("cites", "due", "status", "severity", "count", "id"):
            col.min_width = longest
            fixed += longest
        else:
            word = max([len(str(col.header))] + [len(w) for line in lines for w in line.split()])
            text_cols.append((col, longest, word))
    if width is None or not text_cols:
        return
    room = width - fixed - 3 * len(t.columns) - 1  # borders and padding
    if sum(n for _, n, _ in text_cols) <= room:
        return
    cap = max(8, min(24, room // (len(text_cols) + 1)))
    base = [min(word, cap, n) for _, n, word in text_cols]
    if sum(base) > room:
        base = [max(4, room // len(text_cols))] * len(text_cols)
    left = max(0, room - sum(base))
    need = [max(0, n - b) for (_, n, _), b in zip(text_cols, base)]
    total = sum(need) or 1
    for (col, _, _), b, nd in zip(text_cols, base, need):
        col.max_width = b + left * nd // total


def _key(con: Console, scenario: Scenario, idents: set[str]) -> None:
    """The ids of the case file the tables speak of, with the name or description shown for each."""
    rows = sorted((i, _name(scenario, i)) for i in idents if i and _name(scenario, i) != i)
    if not rows:
        return
    t = _table("Key (ids of the case file)", [("id", "short"), ("name or description", "text")])
    for r in rows:
        t.add_row(*r)
    _fit(t, rows, con.width)
    con.print(t)


def print_assessment(a: Assessment, scenario: Scenario, *, explain: bool = False, console: Console | None = None) -> None:
    con = console or Console()
    con.print(Text(f"{a.regime} — assessment as of {a.as_of}", style="bold"))
    if scenario.case.place:
        con.print(f"{scenario.case.kind} at {scenario.case.place}, {scenario.case.occurred}")

    seen: set[str] = set()
    if a.awards:
        t = _table("Awards", [("to", "text"), ("for", "text"), ("kind", "text"), ("amount", "amount"), ("cites", "cites")])
        rows = [(_name(scenario, aw.to), _name(scenario, aw.for_), aw.kind,
                 f"{a.fmt(aw.amount, aw.currency)} {aw.currency}", _cites(aw.cites)) for aw in a.awards]
        seen |= {x for aw in a.awards for x in (aw.to, aw.for_) if x}
        for r in rows:
            t.add_row(*r)
        _fit(t, rows, con.width)
        con.print(t)

    if a.charges:
        by_payer: dict[str, list] = defaultdict(list)
        for c in a.charges:
            by_payer[c.payer].append(c)
        t = _table("Charges, by who pays", [("payer", "text"), ("payee", "text"), ("for", "text"),
                                            ("amount", "amount"), ("cites", "cites")])
        all_rows = []
        for payer, rows in by_payer.items():
            for i, c in enumerate(rows):
                row = (_name(scenario, payer) if i == 0 else "", _name(scenario, c.payee), _name(scenario, c.for_),
                       f"{a.fmt(c.amount, c.currency)} {c.currency}", _cites(c.cites))
                all_rows.append(row)
                t.add_row(*row)
                seen.update(x for x in (c.payer, c.payee, c.for_) if x)
            totals: dict[str, object] = defaultdict(int)
            for c in rows:
                totals[c.currency] += c.amount
            total_text = ", ".join(f"{a.fmt(v, k)} {k}" for k, v in totals.items())
            all_rows.append(("", "", "total", total_text, ""))
            t.add_row("", "", Text("total", style="bold"), Text(total_text, style="bold"), "", end_section=True)
        _fit(t, all_rows, con.width)
        con.print(t)

    if a.deadlines:
        t = _table("Deadlines", [("duty", "text"), ("party", "text"), ("due", "short"), ("status", "short"),
                                 ("cites", "cites")])
        rows = []
        for d in a.deadlines:
            note = getattr(d, "note", None)
            duty = d.duty + (f" — {note}" if note else "")
            rows.append((duty, _name(scenario, d.party), d.due.isoformat(), d.status, _cites(d.cites)))
            t.add_row(duty, _name(scenario, d.party), d.due.isoformat(), Text(d.status, style=STATUS_STYLE[d.status]),
                      _cites(d.cites))
            seen.update(x for x in (d.party,) if x)
        _fit(t, rows, con.width)
        con.print(t)

    if a.merits:
        t = _table("Merits", [("to", "text"), ("count", "amount"), ("cites", "cites")])
        rows = [(_name(scenario, m.to), str(m.count), _cites(m.cites)) for m in a.merits]
        seen.update(m.to for m in a.merits)
        for r in rows:
            t.add_row(*r)
        _fit(t, rows, con.width)
        con.print(t)

    if a.findings:
        t = _table("Findings", [("severity", "short"), ("code", "text"), ("message", "text"), ("cites", "cites")])
        rows = [(f.severity, f.code, f.message, _cites(f.cites)) for f in a.findings]
        for f in a.findings:
            t.add_row(Text(f.severity, style=SEVERITY_STYLE[f.severity]), f.code, f.message, _cites(f.cites))
        _fit(t, rows, con.width)
        con.print(t)

    for key, value in a.outputs.items():
        _print_output(con, key, value)

    if not (a.awards or a.charges or a.deadlines or a.findings or a.merits):
        con.print("Nothing to award, charge or report.")
    _key(con, scenario, seen)

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
        t = _table(title, [(col, "text") for col in cols])
        rows = [tuple(_cell(v.get(c)) if c != "cites" else _cites(v.get(c) or []) for c in cols) for v in value]
        for r in rows:
            t.add_row(*r)
        _fit(t, rows, con.width)
    elif isinstance(value, dict) and value:
        t = _table(title, [("key", "text"), ("value", "text")], show_header=False)
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

