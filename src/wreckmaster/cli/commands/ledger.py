"""`wreckmaster ledger`: the officials' ledger across cases (issue 28; docs/ledger.md).

Derived from the office's cases as of a day, never typed: each merit, honour, fault and
punishment with its person, case, article and the date it was earned; the thresholds the
counts reach, as findings on the person. ``--format json`` is ``wreckmaster.ledger/1``.
Exit status: 0 done; 2 bad input; 4 ``not found: …``; 5 ``database: …``.
"""
from __future__ import annotations

from typing import List, Optional

import typer

HELP = """The officials' ledger (功過簿) over the office's cases: merits (記功), honours (頂戴匾, 保官階),
faults (記過, 撤參) and punishments (參懲), each traced to its case and article, as known on --as-of.

With INPUTS (a register, as `batch` reads it), the ledger of those records instead of the
store's cases, each line traced to its record (source and line); exit 1 when some records
could not be assessed (their errors as `batch` prints them), the ledger of the others still given.

Example:

    wreckmaster ledger --office tamsui --as-of 1893-12-31
    wreckmaster ledger --office rongcheng --person sun --format json
    wreckmaster ledger examples/register/qing-register.csv --map examples/register/qing-mapping.yaml --format json
"""


def register(app: typer.Typer) -> None:
    from .case import DB_HELP

    @app.command("ledger", help=HELP)
    def ledger_cmd(inputs: Optional[List[str]] = typer.Argument(None, help="A register: folders, .jsonl files, "
                                                                ".csv registers (with --map) or scenario files."),
                   map_file: Optional[str] = typer.Option(None, "--map", help="The mapping file for CSV registers."),
                   jobs: Optional[int] = typer.Option(None, "--jobs", help="Worker processes for a register."),
                   office: Optional[str] = typer.Option(None, "--office", help="Only this office (default all)."),
                   person: Optional[str] = typer.Option(None, "--person", help="Only this person's record."),
                   as_of: Optional[str] = typer.Option(None, "--as-of", help="The ledger on this day (default today)."),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                   format: str = typer.Option("table", "--format", help="table or json (wreckmaster.ledger/1)")) -> None:
        from datetime import date

        from wreckmaster.cli.io import check_choice, fail, parse_date

        from .case import from_store, print_rows

        when = parse_date(as_of, "--as-of") or date.today()
        if inputs:
            check_choice(format, ("table", "json"))
            if office is not None or db is not None:
                fail([("--office" if office is not None else "--db", "a register's ledger reads no store")])
            result, errors = register_ledger(inputs, map_file, jobs, when, person)
            print_rows(result, format, lambda r: print(table(r), end=""))
            if errors:
                import sys

                print(f"{errors} record(s) of the register were not assessed (see `wreckmaster batch`)",
                      file=sys.stderr)
                raise typer.Exit(1)
            return
        result = from_store(db, format, lambda s: s.ledger(when, office, person))
        print_rows(result, format, lambda r: print(table(r), end=""))


def register_ledger(inputs: List[str], map_file: Optional[str], jobs: Optional[int], when, person: Optional[str]):
    """``(ledger, records not assessed)`` of a register's records, as of ``when``."""
    from wreckmaster.cli.io import fail
    from wreckmaster.ledger.derive import from_assessed
    from wreckmaster.registers.run import run
    from wreckmaster.registers.sources import SourceProblem, records

    from .batch import checked_inputs

    n_jobs, mapping_doc = checked_inputs(inputs, map_file, jobs)
    cases: list = []
    try:
        summary = run(records(inputs), lambda line: None, jobs=n_jobs, mapping_doc=mapping_doc, as_of=when,
                      ledger=cases)
    except SourceProblem as exc:
        fail([(exc.name, exc.message)])
    return from_assessed(cases, when, person=person), summary.errors


def table(ledger: dict) -> str:
    """The ledger for people: one block per person, a line per entry and per finding."""
    out = [f"ledger as of {ledger['as_of']}" + (f", office {ledger['office']}" if ledger.get("office") else "")
           + f": {ledger['cases']} case(s)\n"]
    for r in ledger["persons"]:
        head = " ".join(x for x in (r["person"], r.get("name") or "", r.get("post") or "", r.get("station") or "") if x)
        totals = ", ".join(f"{k} {v}" for k, v in r["totals"].items()) or "no entries"
        out.append(f"\n{head}  [{totals}]" + ("" if r["registered"] or not ledger["register"] else "  (not registered)") + "\n")
        for e in r["entries"]:
            out.append(f"  {e['date']}  {e['kind']:<14} {e['case']:<12} {', '.join(e['cites']):<18} {e['label']}\n")
        for f in r["findings"]:
            out.append(f"  {f['date']}  ▶ {f['code']:<26} {f.get('message_local', '')}\n")
    for c in ledger["counties"]:
        state = "complete" if c["complete"] else "running"
        out.append(f"\n{c['county']}: three years from {c['counted_from']} ({c['counted_from_era']}) to "
                   f"{c['complete_on']} ({c['complete_on_era']}), {state}; plunder cases: "
                   f"{', '.join(c['plunder_cases']) or 'none'}\n")
    if ledger["unlinked"]:
        out.append(f"\nlines of parties linked to no person: {len(ledger['unlinked'])}\n")
    for f in ledger["findings"]:
        out.append(f"{f['severity']}: {f['code']}: {f['message']}\n")
    return "".join(out)
