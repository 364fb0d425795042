"""`wreckmaster serve`: the REST API, its OpenAPI document and the web pages (CASE.md)."""
from __future__ import annotations

import sys
from typing import Optional

import typer

HELP = """Serve the REST API of the case log (CASE.md "Offices, users and the service"), its OpenAPI
document at /openapi.json, the public notices (/notices, /api/notices) and /health.

Every /api/ request but /api/notices needs `Authorization: Bearer TOKEN` (a token printed once
by `wreckmaster user add`). Access logs are JSON lines on stderr (never a token). SIGINT or
SIGTERM stops the server gracefully: no new connections, requests in flight finish (up to 10
seconds), then the process exits by that signal. Exit status: 2 bad input; 5 database
unreachable or not migrated.

Example:

    wreckmaster serve                                   # the embedded SQLite default
    wreckmaster serve --db postgresql+psycopg://postgres@127.0.0.1:5432/wreckmaster --port 8080
    wreckmaster serve --workers 4 --read-db postgresql+psycopg://wm@replica.example/wreckmaster

--workers N runs N processes on the one address and database (docs/deployment-workers.md);
every worker signs web sessions with the same secret, WRECKMASTER_SECRET (shared by every
host), else the key file in the data folder (created here once when absent). --read-db sends
the reads that may lag (the public notice board and the due lists) to a
streaming replica; a clerk still reads his own writes.
"""

KEEP_ALIVE_SECONDS = 5
GRACEFUL_SECONDS = 10
MAX_CONNECTIONS = 256


def register(app: typer.Typer) -> None:
    @app.command("serve", help=HELP)
    def serve(
        db: Optional[str] = typer.Option(None, "--db", help="SQLAlchemy URL; default $WRECKMASTER_DB, else the "
                                         "SQLite file in the user's data folder."),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: str = typer.Option("8000", "--port", help="Port to listen on (1-65535)."),
        log_level: str = typer.Option("info", "--log-level", help="info, warning or error."),
        workers: str = typer.Option("1", "--workers", help="Server processes on this address (1-64)."),
        read_db: Optional[str] = typer.Option(None, "--read-db", help="SQLAlchemy URL of a streaming replica "
                                              "for reads that may lag; default $WRECKMASTER_READ_DB."),
    ) -> None:
        from wreckmaster.cli.main import check_choice, fail

        if not port.isdigit() or not 0 < int(port) < 65536:
            fail([("--port", f"expected a port number 1-65535, got {port!r}")])
        check_choice(log_level, ("info", "warning", "error"), "--log-level")
        from wreckmaster.service.workers import MAX_WORKERS

        if not workers.isdigit() or not 0 < int(workers) <= MAX_WORKERS:
            fail([("--workers", f"expected a number of processes 1-{MAX_WORKERS}, got {workers!r}")])
        from wreckmaster import secret

        try:  # every worker (and every restart) signs sessions with this one secret
            secret.ensure_key_file()
            secret.master_secret()
        except (secret.SecretMissing, OSError) as exc:
            fail([(secret.ENV, str(exc))])

        import logging
        import os

        from wreckmaster.service.accesslog import configure
        from wreckmaster.store import open_store
        from wreckmaster.store.errors import DatabaseProblem

        read_db = read_db or os.environ.get("WRECKMASTER_READ_DB") or None
        if read_db:
            from wreckmaster.store.db import default_url

            if not (read_db.startswith("postgresql") and (db or default_url()).startswith("postgresql")):
                fail([("--read-db", "a streaming replica needs PostgreSQL: --db and --read-db must both be "
                                    "postgresql+psycopg:// URLs")])
        try:
            store = open_store(db, read_url=read_db)
            store.offices()  # reachable and migrated, or exit 5 now rather than on the first request
        except DatabaseProblem as exc:
            print(f"database: {exc}", file=sys.stderr)
            raise typer.Exit(5)
        configure(getattr(logging, log_level.upper()))
        if int(workers) > 1:
            from wreckmaster.service.workers import listen, supervise

            store.close()  # each worker opens its own connections
            try:
                sock = listen(host, int(port))
            except OSError as exc:
                fail([("--port", f"cannot listen on {host}:{port}: {exc.strerror}")])

            def worker(sock) -> None:
                serve_on(open_store(db, read_url=read_db), host, port, log_level, [sock])

            raise typer.Exit(supervise(int(workers), sock, worker))
        serve_on(store, host, port, log_level, None)

    def serve_on(store, host: str, port: str, log_level: str, sockets) -> None:
        """Serve ``store`` on ``sockets`` (a worker's shared socket), or on --host/--port (None)."""
        import logging

        import uvicorn

        from wreckmaster.service.app import create_full_app

        config = uvicorn.Config(
            create_full_app(store), host=host, port=int(port), access_log=False, log_config=None,
            timeout_keep_alive=KEEP_ALIVE_SECONDS, timeout_graceful_shutdown=GRACEFUL_SECONDS,
            limit_concurrency=MAX_CONNECTIONS, server_header=False, log_level=log_level)
        log = logging.getLogger("wreckmaster.service")

        class Server(uvicorn.Server):
            async def shutdown(self, sockets=None) -> None:
                # requests in flight have finished (or timed out): close the database's connections
                await super().shutdown(sockets=sockets)
                store.close()
                log.info("database connections closed")

        Server(config).run(sockets=sockets)
