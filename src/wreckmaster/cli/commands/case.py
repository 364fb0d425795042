"""`wreckmaster case open|record|move|show|export|history|list|due|verify`: the case log (CASE.md).

Exit status: 0 done; 2 bad input (nothing stored); 3 ``conflict: case ID is at version M, not N``;
4 ``not found: …``; 5 ``database: …``; ``case verify`` exits 1 when a chain is broken.
The helpers here (:func:`opened`, :func:`read_entry_file`) are shared by `office`, `user` and `db`.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

import typer

DB_HELP = "SQLAlchemy URL (sqlite:///file.db, postgresql+psycopg://USER@HOST:PORT/DB); default $WRECKMASTER_DB, " \
          "else wreckmaster.db in the user's data folder."
FORMAT_HELP = "table (for people) or json (CASE.md)."

EXAMPLE = """
Example:

    wreckmaster case open examples/jp-1875-wreck-of-the-kotobuki-maru.yaml --format json
    wreckmaster case record 2026-0001 entry.json --expect-version 1
    wreckmaster case show 2026-0001 --as-of 1876-11-01
    wreckmaster case due --as-of 1876-10-20 --within 30
"""


def _exit(message: str, code: int) -> None:
    print(message, file=sys.stderr)
    raise typer.Exit(code)


@contextmanager
def store_errors(pointer_names: dict[str, str] | None = None) -> Iterator[None]:
    """Map the store's errors to CASE.md's exit statuses and messages."""
    from wreckmaster.cli.io import fail
    from wreckmaster.store.errors import Conflict, DatabaseProblem, Forbidden, InvalidEntry, NotFound

    try:
        yield
    except InvalidEntry as exc:
        names = pointer_names or {}
        fail([(names.get(p, p), m) for p, m in exc.problems])
    except Conflict as exc:
        _exit(f"conflict: case {exc.case} is at version {exc.current}, not {exc.expected}", 3)
    except NotFound as exc:
        _exit(f"not found: {exc.what} {exc.ident}", 4)
    except DatabaseProblem as exc:
        _exit(f"database: {exc}", 5)
    except Forbidden as exc:
        fail([("", str(exc))])


def opened(db: Optional[str]):
    """The store at ``--db`` (or exit 5 ``database: …``)."""
    from wreckmaster.store import open_store

    with store_errors():
        return open_store(db)


def from_store(db: Optional[str], format: str, read: Callable[[Any], Any], *,
               formats: tuple[str, ...] = ("table", "json"), names: dict[str, str] | None = None) -> Any:
    """The start every store command shares: check ``--format``, open the store at ``--db`` and
    return ``read(store)``, the store's errors given as CASE.md's exit statuses."""
    from wreckmaster.cli.io import check_choice

    check_choice(format, formats)
    store = opened(db)
    with store_errors(names):
        return read(store)


def print_rows(rows: Any, format: str, table: Callable[[Any], None]) -> None:
    """``rows`` as JSON (``--format json``) or as the command's ``table``."""
    from wreckmaster.cli.io import print_json

    if format == "json":
        print_json(rows)
    else:
        table(rows)


def read_entry_file(path: str) -> Any:
    """A JSON or YAML file (``-``: standard input) with exact numbers that keep their literal text."""
    from wreckmaster.cli.io import fail
    from wreckmaster.files import FileProblem, read_document
    from wreckmaster.law.yamlio import DuplicateKeys
    from wreckmaster.store import canonical

    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            text = None
    if text is not None and (path.lower().endswith(".json") or text.lstrip().startswith(("{", "["))):
        import json

        try:
            return canonical.loads_input(text)
        except DuplicateKeys as exc:   # `regime` twice: its pointer (issue 21)
            fail(exc.problems)
        except json.JSONDecodeError as exc:
            if path.lower().endswith(".json") or path == "-":
                fail([(path, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")])
    if path == "-":
        from wreckmaster.law.yamlio import load_yaml

        try:
            return load_yaml(text)
        except DuplicateKeys as exc:
            fail(exc.problems)
        except Exception as exc:  # noqa: BLE001 - any YAML problem is bad input
            fail([(path, f"not valid JSON or YAML: {exc}")])
    try:
        doc = read_document(path)
    except FileProblem as exc:
        fail(exc.problems)
    return doc


def print_doc(doc: Any) -> None:
    """JSON on stdout as ``print_json`` writes it, numbers with their literal text."""
    from wreckmaster.store.canonical import pretty

    sys.stdout.write(pretty(doc) + "\n")


def _positive(value: Optional[int], name: str, minimum: int = 1) -> None:
    from wreckmaster.cli.io import fail

    if value is not None and value < minimum:
        fail([(name, f"must be at least {minimum}, got {value}")])


def register(app: typer.Typer) -> None:
    case = typer.Typer(help="The case log: cases that grow day by day, in SQLite or PostgreSQL (CASE.md)." + EXAMPLE,
                       no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(case, name="case")

    DB = typer.Option(None, "--db", help=DB_HELP)
    FMT = typer.Option("table", "--format", help=FORMAT_HELP)

    @case.command("open", help="Open a case from a scenario file (its first report)." + EXAMPLE)
    def open_cmd(file: str = typer.Argument(..., help="The scenario (JSON or YAML); its as_of is ignored."),
                 office: str = typer.Option("local", "--office", help="The office that keeps the case."),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        from wreckmaster.cli.io import check_choice, fail, print_json

        check_choice(format, ("table", "json"))
        doc = read_entry_file(file)
        if doc is None:
            fail([(file, "empty file")])
        if not isinstance(doc, dict):
            fail([(file, "not a scenario: expected a mapping (a JSON object) at the top")])
        store = opened(db)
        with store_errors():
            case_id, version = store.open_case(doc, office=office)
        if format == "json":
            print_json({"case": case_id, "version": version})
        else:
            print(f"opened case {case_id} (version {version}) in office {office}")

    @case.command("record", help="Append the entry in FILE, or each entry of a JSON list in order (all or none)."
                                 "\n\nForms: {\"add\": \"party|person|item|expense\", \"value\": {...}}, "
                                 "{\"event\": {...}}, {\"amend\": \"/items/ID/value\", \"value\": ...}, "
                                 "{\"retract\": SEQ, \"reason\": \"...\"}, {\"move\": \"OFFICE\"} (see `case move`)." + EXAMPLE)
    def record_cmd(case_id: str = typer.Argument(..., metavar="ID"),
                   file: str = typer.Argument(..., help="The entry or list of entries (JSON or YAML; - for stdin)."),
                   expect_version: Optional[int] = typer.Option(None, "--expect-version",
                                                                help="Refuse (exit 3) unless the case is at this version."),
                   db: Optional[str] = DB, format: str = FMT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        check_choice(format, ("table", "json"))
        payload = read_entry_file(file)
        store = opened(db)
        with store_errors():
            version = store.record(case_id, payload, expect_version=expect_version)
        if format == "json":
            print_json({"case": case_id, "version": version})
        else:
            print(f"case {case_id} is at version {version}")

    @case.command("move", help="Move the case to another office: a logged entry of its own, {\"move\": OFFICE} "
                               "(the office's users read and record it from then on; the old office's no longer)."
                               "\n\nExample: wreckmaster case move 2026-0001 --office sagara --expect-version 4")
    def move_cmd(case_id: str = typer.Argument(..., metavar="ID"),
                 office: str = typer.Option(..., "--office", help="The office the case moves to."),
                 expect_version: Optional[int] = typer.Option(None, "--expect-version",
                                                              help="Refuse (exit 3) unless the case is at this version."),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        check_choice(format, ("table", "json"))
        store = opened(db)
        with store_errors({"/move": "--office"}):
            version = store.record(case_id, {"move": office}, expect_version=expect_version)
        if format == "json":
            print_json({"case": case_id, "version": version})
        else:
            print(f"case {case_id} is in office {office}, at version {version}")

    def _read_args(as_of: Optional[str], version: Optional[int]):
        from wreckmaster.cli.io import parse_date

        when = parse_date(as_of, "--as-of")
        _positive(version, "--version")
        return when

    NAMES = {"/version": "--version", "/as_of": "--as-of"}

    @case.command("show", help="The assessment of the case (as `assess` of `case export`)." + EXAMPLE)
    def show_cmd(case_id: str = typer.Argument(..., metavar="ID"),
                 as_of: Optional[str] = typer.Option(None, "--as-of", help="Apply the law as of this date "
                                                     "(YYYY-MM-DD; default today)."),
                 version: Optional[int] = typer.Option(None, "--version", help="The case as recorded up to entry N."),
                 explain: bool = typer.Option(False, "--explain", help="Show each figure's steps, articles and readings."),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        check_choice(format, ("table", "json"))
        when = _read_args(as_of, version)
        store = opened(db)
        with store_errors(NAMES):
            result = store.assessment(case_id, as_of=when, version=version)
        if format == "json":
            print_json(result)
            return
        from wreckmaster.store import engine_bridge
        from wreckmaster.store.errors import InvalidEntry

        try:
            scenario = store.scenario(case_id, as_of=when, version=version)
        except InvalidEntry:  # a stored log that no longer validates: its findings say why
            for f in result["findings"]:
                print(f"{f['severity']}: {f['code']}: {f['message']}")
            return
        from wreckmaster.cli.render import print_assessment

        print(f"case {case_id}" + (f", version {version}" if version else ""))
        print_assessment(engine_bridge.assess(scenario, scenario.as_of), scenario, explain=explain)

    @case.command("export", help="The scenario of the case (SCENARIO.md, with as_of set), as JSON." + EXAMPLE)
    def export_cmd(case_id: str = typer.Argument(..., metavar="ID"),
                   as_of: Optional[str] = typer.Option(None, "--as-of", help="Set as_of (default today); "
                                                       "the facts stay as recorded."),
                   version: Optional[int] = typer.Option(None, "--version", help="The case as recorded up to entry N."),
                   db: Optional[str] = DB, format: str = typer.Option("json", "--format", help="json")) -> None:
        when = _read_args(as_of, version)
        print_doc(from_store(db, format, lambda store: store.export(case_id, as_of=when, version=version),
                             formats=("json", "table"), names=NAMES))

    @case.command("history", help="The log: every entry, who recorded it and when, and its hash." + EXAMPLE)
    def history_cmd(case_id: str = typer.Argument(..., metavar="ID"), db: Optional[str] = DB,
                    format: str = FMT) -> None:
        log = from_store(db, format, lambda store: store.history(case_id))
        if format == "json":
            print_doc(log)
            return
        from wreckmaster.store.canonical import dumps
        from wreckmaster.store.fold import retracted_seqs

        gone = retracted_seqs((e["seq"], e["entry"]) for e in log)
        for e in log:
            summary = dumps(e["entry"])
            summary = summary if len(summary) <= 90 else summary[:87] + "…"
            mark = " (retracted)" if e["seq"] in gone else ""
            print(f"{e['seq']:>4}  {e['recorded_at']}  {e['recorded_by']:<12} {summary}{mark}  {e['hash'][:12]}")

    @case.command("list", help="The cases, with their regime, office, place, date and version.")
    def list_cmd(office: Optional[str] = typer.Option(None, "--office", help="Only this office's cases."),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        def table(rows: list[dict]) -> None:
            if not rows:
                print("no cases")
            for r in rows:
                print(f"{r['case']:<12} {r['regime']:<16} {r['office']:<10} {r['occurred'] or '':<10}  "
                      f"v{r['version']:<4} {r['place'] or ''}")

        print_rows(from_store(db, format, lambda store: store.list_cases(office=office)), format, table)

    @case.command("due", help="The clerk's list: deadlines pending or missed across the cases, by due date."
                              "\n\nCases not yet occurred, or outside their regime's period, are skipped; missed "
                              "duties are always listed, pending ones within --within days." + EXAMPLE)
    def due_cmd(as_of: Optional[str] = typer.Option(None, "--as-of", help="The day (default today)."),
                within: int = typer.Option(30, "--within", help="Pending duties due within this many days."),
                office: Optional[str] = typer.Option(None, "--office", help="Only this office's cases "
                                                     "(default all offices)."),
                db: Optional[str] = DB,
                format: str = typer.Option("table", "--format", help="table, json or ics (iCalendar).")) -> None:
        from datetime import date

        from wreckmaster.cli.io import check_choice, parse_date

        check_choice(format, ("table", "json", "ics"))
        when = parse_date(as_of, "--as-of") or date.today()
        _positive(within, "--within", 0)
        rows = from_store(db, format, lambda store: store.due(when, within=within, office=office,
                                                              local=format != "json"),
                          formats=("table", "json", "ics"))
        if format == "ics":
            from wreckmaster.documents.calendar import due_to_ics

            sys.stdout.write(due_to_ics(rows).decode("utf-8"))
            return

        def table(rows: list[dict]) -> None:
            if not rows:
                print(f"nothing due on {when} within {within} days")
            for r in rows:
                print(f"{r['due']}  {r['status']:<8} {r['case']:<12} {r['duty']:<40} {r['party'] or '—':<12} "
                      f"{', '.join(r['cites'])}" + (f"  {r['duty_local']}" if r.get("duty_local") else ""))

        print_rows(rows, format, table)

    @case.command("verify", help="Check the hash chain of one case or all, the seals (each entry, each case's head, "
                                 "the count of cases) and this host's checkpoint, and that the cached folds agree "
                                 "with the log. Exit 1 when a chain is broken.")
    def verify_cmd(case_id: Optional[str] = typer.Argument(None, metavar="[ID]"), db: Optional[str] = DB,
                   format: str = FMT) -> None:
        def table(result: dict) -> None:
            for t in result["tampered"]:
                print(f"tampered: case {t['case']} seq {t['seq']}")
            for p in result["projections"]:
                print(f"projection: case {p['case']}: {p['problem']}")
            for p in result.get("seals", []):
                where = "the database" if p["case"] is None else f"case {p['case']}"
                print(f"seal: {where}{'' if p['seq'] is None else ' seq ' + str(p['seq'])}: {p['problem']}")
            if result["ok"]:
                print("ok: every hash chain is intact and every projection agrees with its log")

        result = from_store(db, format, lambda store: store.verify(case_id))
        print_rows(result, format, table)
        if not result["ok"]:
            raise typer.Exit(1)
