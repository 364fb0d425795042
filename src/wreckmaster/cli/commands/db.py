"""`wreckmaster db upgrade`: migrate the case log's database to this wreckmaster's schema (and rebuild the
read models when the law changed); `wreckmaster db rebuild`: rebuild every read model from the logs."""
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
        from wreckmaster.store import readmodels
        from wreckmaster.store.store import Store

        with store_errors():
            engine = database.make_engine(db)
            before, after = database.upgrade(engine)
            store = Store(engine)
            readmodels.ensure_current(engine, lambda: store._tx(write=True))
        if format == "json":
            print_json({"from": before, "to": after})
        elif before == after:
            print(f"the database is at schema {after}: nothing to do")
        else:
            print(f"the database is migrated from {before or 'nothing'} to schema {after}")

    @group.command("rebuild", help="Rebuild every read model (the due list's and the notice board's rows) "
                                   "from the logs. `db upgrade` does it when the law changed.\n\n"
                                   "Example: wreckmaster db rebuild --db postgresql+psycopg://postgres@127.0.0.1:5432/cases")
    def rebuild_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                    format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.main import check_choice, print_json
        from wreckmaster.store import open_store

        from .case import store_errors

        check_choice(format, ("table", "json"))
        with store_errors():
            store = open_store(db)
            n = store.rebuild_read_models()
        if format == "json":
            print_json({"rebuilt": n})
        else:
            print(f"the read models of {n} case{'s' if n != 1 else ''} are rebuilt")
