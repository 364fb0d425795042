"""`wreckmaster office add|list`: the offices that keep cases (CASE.md; `local` always exists)."""
from __future__ import annotations

from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    from .case import DB_HELP

    office = typer.Typer(help="Offices: a mayor's office, a quartier, a coast station, a county.",
                         no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(office, name="office")

    @office.command("add", help="Create an office.\n\nExample: wreckmaster office add sagara --name 相良村役場")
    def add_cmd(office_id: str = typer.Argument(..., metavar="ID"),
                name: str = typer.Option(..., "--name", help="The office's name."),
                db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.main import check_choice, print_json

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        store = opened(db)
        with store_errors({"/office": "ID"}):
            store.add_office(office_id, name)
        if format == "json":
            print_json({"office": office_id, "name": name})
        else:
            print(f"office {office_id} created")

    @office.command("list", help="The offices.")
    def list_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                 format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from .case import from_store, print_rows

        def table(rows: list[dict]) -> None:
            for r in rows:
                print(f"{r['office']:<16} {r['name']}")

        print_rows(from_store(db, format, lambda store: store.offices()), format, table)
