"""`wreckmaster db upgrade`: migrate the case log's database to this wreckmaster's schema."""
from __future__ import annotations

from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    from .case import DB_HELP

    group = typer.Typer(help="The database of the case log.", no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="db")

    @group.command("upgrade", help="Migrate the database to the newest schema (a new SQLite file is migrated "
                                   "on first use; PostgreSQL is migrated with this command).\n\n"
                                   "Example: wreckmaster db upgrade --db postgresql+psycopg://postgres@127.0.0.1:5432/cases")
    def upgrade_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                    format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.main import check_choice, print_json
        from wreckmaster.store import db as database

        from .case import store_errors

        check_choice(format, ("table", "json"))
        with store_errors():
            before, after = database.upgrade(database.make_engine(db))
        from wreckmaster import secret

        secret.ensure_key_file()   # the secret web sessions are signed with, shared by every worker (0600)
        if format == "json":
            print_json({"from": before, "to": after})
        elif before == after:
            print(f"the database is at schema {after}: nothing to do")
        else:
            print(f"the database is migrated from {before or 'nothing'} to schema {after}")
