"""`wreckmaster office add|edit|show|list|closed`: the offices that keep cases (CASE.md 1.1,
"Offices"; `local` always exists). The details (language, regime, address, the title of the
office's head, telephone, position, time zone) and the closing days are the store's
(`store/office_store.py`); a bad value exits 2 naming its option."""
from __future__ import annotations

from typing import Optional

import typer

#: the store's pointer → the option a clerk typed
OPTIONS = {"/office": "ID", "/name": "--name", "/lang": "--lang", "/regime": "--regime", "/address": "--address",
           "/head-title": "--head-title", "/telephone": "--telephone", "/position": "--position",
           "/timezone": "--timezone", "/date": "DATE", "/action": "add|remove"}


def _show(row: dict) -> None:
    print(f"{row['office']:<16} {row['name']}")
    for key in ("lang", "regime", "address", "head_title", "telephone", "timezone"):
        if key in row:
            print(f"  {key.replace('_', '-'):<11} {row[key]}")
    if "position" in row:
        print(f"  position    {row['position']['lat']},{row['position']['lon']}")
    if row.get("closed_days"):
        print(f"  closed      {', '.join(row['closed_days'])}")


def register(app: typer.Typer) -> None:
    from .case import DB_HELP

    office = typer.Typer(help="Offices: a mayor's office, a quartier, a coast station, a county.",
                         no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(office, name="office")

    def details(name, lang, regime, address, head_title, telephone, position, timezone) -> dict:
        return {"name": name, "lang": lang, "regime": regime, "address": address, "head-title": head_title,
                "telephone": telephone, "position": position, "timezone": timezone}

    NAME = typer.Option(None, "--name", help="The office's name.")
    LANG = typer.Option(None, "--lang", help="The language of its documents: ja, fr, zh or en.")
    REGIME = typer.Option(None, "--regime", help="The regime of its cases (jp-1899-2025, fr-epaves, …).")
    ADDRESS = typer.Option(None, "--address", help="Its postal address (printed on notices and forms).")
    HEAD = typer.Option(None, "--head-title", help="The title of its head, who issues its notices (三崎町長).")
    TEL = typer.Option(None, "--telephone", help="Its telephone number.")
    POS = typer.Option(None, "--position", help="LAT,LON in decimal degrees (35.14,139.61).")
    TZ = typer.Option(None, "--timezone", help="An IANA time zone (Asia/Tokyo): 'today' is the office's date.")
    FORMAT = typer.Option("table", "--format", help="table or json")

    @office.command("add", help="Create an office.\n\nExample: wreckmaster office add misaki --name 三崎町役場 "
                                "--head-title 三崎町長 --address '神奈川県三浦郡三崎町一丁目1番1号' --lang ja")
    def add_cmd(office_id: str = typer.Argument(..., metavar="ID"),
                name: str = typer.Option(..., "--name", help="The office's name."),
                lang: Optional[str] = LANG, regime: Optional[str] = REGIME, address: Optional[str] = ADDRESS,
                head_title: Optional[str] = HEAD, telephone: Optional[str] = TEL, position: Optional[str] = POS,
                timezone: Optional[str] = TZ,
                db: Optional[str] = typer.Option(None, "--db", help=DB_HELP), format: str = FORMAT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        store = opened(db)
        extra = details(None, lang, regime, address, head_title, telephone, position, timezone)
        del extra["name"]
        with store_errors(OPTIONS):
            store.add_office(office_id, name, **extra)
            row = store.office(office_id)
        if format == "json":
            print_json(row)
        else:
            print(f"office {office_id} created")

    @office.command("edit", help="Change an office's details (the options given; the others stay).\n\n"
                                 "Example: wreckmaster office edit misaki --telephone 046-881-1111")
    def edit_cmd(office_id: str = typer.Argument(..., metavar="ID"), name: Optional[str] = NAME,
                 lang: Optional[str] = LANG, regime: Optional[str] = REGIME, address: Optional[str] = ADDRESS,
                 head_title: Optional[str] = HEAD, telephone: Optional[str] = TEL, position: Optional[str] = POS,
                 timezone: Optional[str] = TZ,
                 db: Optional[str] = typer.Option(None, "--db", help=DB_HELP), format: str = FORMAT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        store = opened(db)
        with store_errors(OPTIONS):
            row = store.edit_office(office_id, **details(name, lang, regime, address, head_title, telephone,
                                                         position, timezone))
        if format == "json":
            print_json(row)
        else:
            print(f"office {office_id} changed")

    @office.command("show", help="One office with its details and closing days.")
    def show_cmd(office_id: str = typer.Argument(..., metavar="ID"),
                 db: Optional[str] = typer.Option(None, "--db", help=DB_HELP), format: str = FORMAT) -> None:
        from .case import from_store, print_rows

        print_rows(from_store(db, format, lambda store: store.office(office_id), names=OPTIONS), format, _show)

    @office.command("closed", help="Add or remove one of the office's own closing days (case export writes "
                                   "them as case.closed_days).\n\nExample: wreckmaster office closed misaki add "
                                   "2026-08-14")
    def closed_cmd(office_id: str = typer.Argument(..., metavar="ID"),
                   action: str = typer.Argument(..., metavar="add|remove"),
                   day: str = typer.Argument(..., metavar="DATE"),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP), format: str = FORMAT) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        store = opened(db)
        with store_errors(OPTIONS):
            days = store.office_closed(office_id, action, day)
        if format == "json":
            print_json({"office": office_id, "closed_days": days})
        else:
            print(f"office {office_id} closed on: {', '.join(days) or 'no day of its own'}")

    @office.command("list", help="The offices.")
    def list_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP), format: str = FORMAT) -> None:
        from .case import from_store, print_rows

        def table(rows: list[dict]) -> None:
            for r in rows:
                print(f"{r['office']:<16} {r['name']}")

        print_rows(from_store(db, format, lambda store: store.offices()), format, table)
