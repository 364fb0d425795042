"""`wreckmaster batch`: assess a casualty register, a folder of cases or a JSON-lines file."""
from __future__ import annotations

from typing import List, Optional

import typer

HELP = """Assess many cases at once: a folder of scenario files, a JSON-lines file of scenarios,
or a CSV register with a mapping file (--map) saying how its columns become scenario fields.

One JSON line per record, in input order (stdout, or -o FILE): the record's source and line,
then its assessment (exactly `assess --format json`) or its `error: <pointer>: …` lines.
A bad record never stops the batch. A summary ends the run (stderr; --summary FILE.csv too).

Exit status: 0 every record assessed; 1 some were not (the count is printed); 2 the batch
itself could not run (an input missing, a bad mapping file).

Examples:

    wreckmaster batch examples/ -o out.jsonl
    wreckmaster batch examples/register/casualty-register.csv --map examples/register/mapping.yaml --summary summary.csv
    wreckmaster batch cases.jsonl --jobs 2 --as-of 1900-01-01
    wreckmaster batch qing-register.csv --map qing-mapping.yaml --as-of 1895-01-01 --ledger ledger.json

--ledger FILE also writes the officials' ledger (wreckmaster.ledger/1, docs/ledger.md) of the
records whose regime keeps one (the Qing regulations), as of --as-of (default today): each
person's merits, honours and faults with the record (source and line) each comes from.
"""


def register(app: typer.Typer) -> None:
    @app.command("batch", help=HELP)
    def batch(
        inputs: List[str] = typer.Argument(..., help="Folders, .jsonl files, .csv registers or scenario files."),
        map_file: Optional[str] = typer.Option(None, "--map", help="The mapping file for CSV registers (YAML)."),
        output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the JSON lines here (default stdout)."),
        summary_file: Optional[str] = typer.Option(None, "--summary", help="Also write the summary as CSV here."),
        jobs: Optional[int] = typer.Option(None, "--jobs", help="Worker processes (default: the number of cores)."),
        as_of: Optional[str] = typer.Option(None, "--as-of", help="Apply the law as of this date (default each "
                                            "scenario's as_of, else today)."),
        ledger_file: Optional[str] = typer.Option(None, "--ledger", help="Also write the officials' ledger of the "
                                                  "records here (JSON, wreckmaster.ledger/1)."),
    ) -> None:
        import csv
        import sys

        from wreckmaster.cli.io import fail, parse_date
        from wreckmaster.registers.run import run
        from wreckmaster.registers.sources import SourceProblem, records

        when = parse_date(as_of, "--as-of")
        n_jobs, mapping_doc = checked_inputs(inputs, map_file, jobs)

        out = open(output, "w", encoding="utf-8") if output else sys.stdout
        progress, done = _progress(lambda: sum(1 for _ in records(inputs)))
        cases: list | None = [] if ledger_file else None
        try:
            summary = run(records(inputs), lambda line: out.write(line + "\n"), jobs=n_jobs,
                          mapping_doc=mapping_doc, as_of=when, progress=progress, ledger=cases)
        except SourceProblem as exc:
            done()
            fail([(exc.name, exc.message)])
        finally:
            if output:
                out.close()
        done()
        print(summary.text(), file=sys.stderr)
        if ledger_file and cases is not None:
            _write_ledger(ledger_file, cases, when)
        if summary_file:
            with open(summary_file, "w", encoding="utf-8", newline="") as fh:
                writer = csv.DictWriter(fh, fieldnames=["section", "regime", "currency", "code", "count", "total"])
                writer.writeheader()
                writer.writerows(summary.rows())
        if summary.errors:
            print(f"{summary.errors} of {summary.records} records were not assessed", file=sys.stderr)
            raise typer.Exit(1)


def checked_inputs(inputs: List[str], map_file: Optional[str], jobs: Optional[int]) -> tuple[int, object]:
    """``(jobs, mapping document)`` for these inputs, or exit 2 naming what is wrong (an input
    missing, a CSV without --map, a bad mapping, a mapping naming a column a register lacks)."""
    import os

    from wreckmaster.cli.io import fail
    from wreckmaster.registers.mapping import MappingProblem, parse
    from wreckmaster.registers.sources import SourceProblem, check_inputs, csv_header

    n_jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if n_jobs < 1:
        fail([("--jobs", f"expected 1 or more, got {n_jobs}")])
    mapping_doc = None
    try:
        check_inputs(inputs, map_file is not None)
        if map_file is not None:
            from wreckmaster.files import FileProblem, read_document

            try:
                mapping_doc = read_document(map_file)
            except FileProblem as exc:
                fail(exc.in_file(map_file))
            try:
                mapping = parse(mapping_doc)
            except MappingProblem as exc:
                fail([(f"{map_file}: {exc.pointer}", exc.message)])
            for name in inputs:
                if name.lower().endswith(".csv"):
                    try:
                        mapping.check_header(csv_header(name))
                    except MappingProblem as exc:
                        fail([(f"{map_file}: {exc.pointer}", f"{exc.message} (register {name})")])
    except SourceProblem as exc:
        fail([(exc.name, exc.message)])
    return n_jobs, mapping_doc


def _write_ledger(path: str, cases: list, when) -> None:
    """The officials' ledger of the batch's cases, as of ``when`` (else today)."""
    import json
    import sys
    from datetime import date

    from wreckmaster.ledger.derive import from_assessed

    ledger = from_assessed(cases, when or date.today())
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(ledger, ensure_ascii=False, indent=2) + "\n")
    print(f"ledger: {len(ledger['persons'])} person(s) from {ledger['cases']} case(s) → {path}", file=sys.stderr)


def _progress(count):
    """A Rich progress bar (records/s, ETA) on a terminal; plain lines every few seconds otherwise.

    ``count`` counts the records beforehand (a streaming pass: nothing is held), for the ETA.
    """
    import sys
    import time

    start = time.monotonic()
    if sys.stderr.isatty():
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)

        bar = Progress(TextColumn("batch"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[rate]} records/s"), TimeElapsedColumn(), TextColumn("ETA"),
                       TimeRemainingColumn(), transient=True)
        task = bar.add_task("batch", total=count(), rate="—")
        bar.start()

        def tick(n: int) -> None:
            elapsed = time.monotonic() - start
            bar.update(task, completed=n, rate=f"{n / elapsed:,.0f}" if elapsed > 0 else "—")

        return tick, bar.stop
    last = [start]

    def plain(n: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 5:
            last[0] = now
            print(f"batch: {n} records, {n / (now - start):,.0f} records/s", file=sys.stderr, flush=True)

    return plain, lambda: None
