"""`wreckmaster db upgrade|backup|export|import|rebuild|accept-restore`: the case log's database
(CASE.md 1.1 "Backups" and "Seals"; ``store/backup.py``); `db upgrade` also rebuilds the read
models when the law changed (``store/readmodels.py``)."""
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
        from wreckmaster.cli.io import check_choice, print_json
        from wreckmaster.store import db as database

        from .case import store_errors

        from wreckmaster import secret

        check_choice(format, ("table", "json"))
        try:
            # the seals' keys and the web sessions' derive from it (CASE.md 1.1 "Workers"; 0600)
            secret.ensure_key_file()
        except OSError as exc:
            from .case import _exit

            _exit(f"database: cannot create the key file {secret.key_file()}: {exc.strerror}", 5)
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

    @group.command("backup", help="A consistent copy of the database while it serves: SQLite's online backup "
                                  "API; PostgreSQL's pg_dump --format=custom (restore with pg_restore; see "
                                  "docs/deployment.md, \"Backups\"). FILE must not exist. The checkpoint of the "
                                  "seals is not copied.\n\nExample: wreckmaster db backup /srv/backups/cases-2026-12-01.db")
    def backup_cmd(file: str = typer.Argument(..., help="The backup file to create."),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                   format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import print_json
        from wreckmaster.store import backup

        from .case import from_store

        done = from_store(db, format, lambda store: backup.backup(store, file))
        if format == "json":
            print_json(done)
        else:
            print(f"backed up to {done['file']} ({done['method']}, {done['bytes']} bytes)")

    @group.command("export", help="The case logs as JSON lines, the portable form: the offices, the users "
                                  "without their secrets, the photographs, then one line per entry {case, office, "
                                  "seq, recorded_at, recorded_by, schema_version, entry, hash}, entry exactly as "
                                  "stored; then the persons register's entries, the finders' reports and the "
                                  "owners' requests.\n\nExample: wreckmaster db export -o cases.jsonl")
    def export_cmd(output: Optional[str] = typer.Option(None, "-o", "--output", help="The file (default stdout)."),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP)) -> None:
        import os
        import sys

        from wreckmaster.cli.io import fail
        from wreckmaster.store import backup

        from .case import opened, store_errors

        store = opened(db)
        if output is None:
            with store_errors():
                backup.export(store, sys.stdout)
            return
        tmp = f"{output}.{os.getpid()}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as out, store_errors():
                counts = backup.export(store, out)
            os.replace(tmp, output)
        except OSError as exc:
            fail([(output, exc.strerror or str(exc))])
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        print(f"exported {counts['cases']} cases ({counts['entries']} entries), {counts['offices']} offices, "
              f"{counts['users']} users, {counts['photographs']} photographs, {counts['persons']} persons, "
              f"{counts['reports']} reports, {counts['requests']} requests to {output}", file=sys.stderr)

    @group.command("import", help="Load an export (db export) into a database without cases: every hash is "
                                  "checked, the entries are sealed again with this service's secret, the read "
                                  "models are rebuilt. Users come without tokens or passwords (`user token`). "
                                  "A database that holds cases, persons or reports is refused (exit 2).\n\n"
                                  "Example: wreckmaster db import cases.jsonl --db sqlite:///new.db")
    def import_cmd(file: str = typer.Argument(..., help="The JSON lines file (- for stdin)."),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                   format: str = typer.Option("table", "--format", help="table or json")) -> None:
        import sys

        from wreckmaster.cli.io import check_choice, fail, print_json
        from wreckmaster.store import backup

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        try:
            source = sys.stdin if file == "-" else open(file, encoding="utf-8")
        except OSError as exc:
            fail([(file, exc.strerror or str(exc))])
        store = opened(db)
        try:
            with store_errors():
                counts = backup.import_(store, source, file)
        except UnicodeDecodeError:
            fail([(file, "not UTF-8 text")])
        finally:
            if source is not sys.stdin:
                source.close()
        if format == "json":
            print_json(counts)
        else:
            print(f"imported {counts['cases']} cases ({counts['entries']} entries), {counts['offices']} offices, "
                  f"{counts['users']} users, {counts['photographs']} photographs, {counts['persons']} persons, "
                  f"{counts['reports']} reports, {counts['requests']} requests; every hash checked, sealed again")

    @group.command("rebuild", help="Rebuild every read model from the logs: the case list's columns, the cached "
                                   "folds, the due list's and the notice board's rows. `db upgrade` rebuilds the "
                                   "last two when the law changed.\n\n"
                                   "Example: wreckmaster db rebuild --db postgresql+psycopg://postgres@127.0.0.1:5432/cases")
    def rebuild_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                    format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import print_json
        from wreckmaster.store import backup

        from .case import from_store

        done = from_store(db, format, backup.rebuild)
        if format == "json":
            print_json({"rebuilt": done["cases"]})
        else:
            print(f"the read models of {done['cases']} case{'s' if done['cases'] != 1 else ''} are rebuilt")

    @group.command("accept-restore", help="Acknowledge a restore made on purpose: this host's checkpoint of the "
                                          "seals becomes the database's heads, so `case verify` no longer reports "
                                          "the database as behind it. Run `case verify` first.")
    def accept_restore_cmd(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                           format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import print_json

        from .case import from_store

        done = from_store(db, format, lambda store: store.accept_restore())
        if format == "json":
            print_json(done)
            return
        for a in done["accepted"]:
            now = "absent" if a["database"] is None else f"at {a['database']}"
            print(f"accepted: case {a['case']} was at {a['checkpoint']} in the checkpoint, is {now} in the database")
        print(f"the checkpoint now holds the database's heads ({len(done['accepted'])} cases went back)")
