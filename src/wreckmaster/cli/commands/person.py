"""`wreckmaster person add|edit|list|show|history|verify`: an office's persons register (issue 28).

The officials (官), directors (董事) and headmen (地甲, 頭目) who persist across cases; a case's
party points to one with ``parties[].person: ID``. Each change is a log entry of the person's
own, hash-chained as a case's log (``person verify`` exits 1 when a chain is broken).
Exit status: 0 done; 2 bad input (nothing stored); 4 ``not found: …``; 5 ``database: …``.
"""
from __future__ import annotations

from typing import Optional

import typer

OFFICE_HELP = "The office whose register it is (default local)."
EXAMPLE = """
Example:

    wreckmaster person add lin --office tamsui --name 林 --post 淡水同知 --station 滬尾
    wreckmaster person edit lin --office tamsui --post 臺北知府
    wreckmaster person list --office tamsui
"""


def register(app: typer.Typer) -> None:
    from .case import DB_HELP, FORMAT_HELP

    person = typer.Typer(help="The persons register of an office: officials, directors, headmen." + EXAMPLE,
                         no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(person, name="person")
    DB = typer.Option(None, "--db", help=DB_HELP)
    FMT = typer.Option("table", "--format", help=FORMAT_HELP)
    OFFICE = typer.Option("local", "--office", help=OFFICE_HELP)

    def show(row: dict, format: str) -> None:
        from wreckmaster.cli.io import print_json

        if format == "json":
            print_json(row)
        else:
            print(_line(row))

    @person.command("add", help="Register a person in an office." + EXAMPLE)
    def add_cmd(person_id: str = typer.Argument(..., metavar="ID"), office: str = OFFICE,
                name: str = typer.Option(..., "--name", help="The person's name."),
                post: Optional[str] = typer.Option(None, "--post", help="The post (知縣, 正董事, 地甲 …)."),
                station: Optional[str] = typer.Option(None, "--station", help="Where (a county, a segment's station)."),
                db: Optional[str] = DB, format: str = FMT) -> None:
        from .case import from_store

        row = from_store(db, format, lambda s: s.persons.add(office, person_id, name, post, station),
                         names={"/person": "ID", "/name": "--name", "/post": "--post", "/station": "--station"})
        show(row, format)

    @person.command("edit", help="Change a person's name, post or station (--post '' clears it): one log entry.")
    def edit_cmd(person_id: str = typer.Argument(..., metavar="ID"), office: str = OFFICE,
                 name: Optional[str] = typer.Option(None, "--name"), post: Optional[str] = typer.Option(None, "--post"),
                 station: Optional[str] = typer.Option(None, "--station"),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        from .case import from_store

        changes = {k: (v if v != "" or k == "name" else None)
                   for k, v in (("name", name), ("post", post), ("station", station)) if v is not None}
        row = from_store(db, format, lambda s: s.persons.edit(office, person_id, changes),
                         names={"/name": "--name", "/post": "--post", "/station": "--station", "": "ID"})
        show(row, format)

    @person.command("list", help="The persons of an office (all offices without --office).")
    def list_cmd(office: Optional[str] = typer.Option(None, "--office", help="Only this office."),
                 db: Optional[str] = DB, format: str = FMT) -> None:
        from .case import from_store, print_rows

        def table(rows: list[dict]) -> None:
            for r in rows:
                print(_line(r))

        print_rows(from_store(db, format, lambda s: s.persons.list(office)), format, table)

    @person.command("history", help="A person's log: every change, who recorded it, its hash.")
    def history_cmd(person_id: str = typer.Argument(..., metavar="ID"), office: str = OFFICE,
                    db: Optional[str] = DB, format: str = FMT) -> None:
        from wreckmaster.store import canonical

        from .case import from_store, print_rows

        def table(rows: list[dict]) -> None:
            for r in rows:
                print(f"{r['seq']:>4}  {r['recorded_at']}  {r['recorded_by']:<12} {canonical.dumps(r['entry'])}  "
                      f"{r['hash'][:12]}")

        print_rows(from_store(db, format, lambda s: s.persons.history(office, person_id)), format, table)

    @person.command("verify", help="Check every person's hash chain and that the register agrees with its logs. "
                                   "Exit 1 when a chain is broken.")
    def verify_cmd(office: Optional[str] = typer.Option(None, "--office", help="Only this office."),
                   db: Optional[str] = DB, format: str = FMT) -> None:
        from .case import from_store, print_rows

        def table(result: dict) -> None:
            for t in result["tampered"]:
                print(f"tampered: person {t['office']}/{t['person']} seq {t['seq']}")
            for p in result["projections"]:
                print(f"register: person {p['office']}/{p['person']}: {p['problem']}")
            if result["ok"]:
                print("ok: every person's hash chain is intact and the register agrees with its logs")

        result = from_store(db, format, lambda s: s.persons.verify(office))
        print_rows(result, format, table)
        if not result["ok"]:
            raise typer.Exit(1)


def _line(r: dict) -> str:
    return (f"{r['office']:<12} {r['person']:<12} {r['name']:<10} {r.get('post') or '—':<12} "
            f"{r.get('station') or '—':<12} v{r['version']}")
