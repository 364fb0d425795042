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

Slow clients (docs/deployment.md): a request's headers must arrive within 10 seconds and its
body within 30; at most --max-connections-per-client connections from one address (the
addresses of --forwarded-allow-ips, a reverse proxy's, are not counted). Bodies are limited
to 1 MiB (413).

Several workers (docs/deployment-workers.md): --workers N forks N processes on one listening
socket; they share the database and the secret (WRECKMASTER_SECRET or the key file), so a
login holds on every worker. --read-db URL sends reads that may lag to a streaming replica.

Example:

    wreckmaster serve                                   # the embedded SQLite default
    wreckmaster serve --db postgresql+psycopg://postgres@127.0.0.1:5432/wreckmaster --port 8080
"""

KEEP_ALIVE_SECONDS = 5
GRACEFUL_SECONDS = 10
MAX_CONNECTIONS = 256
PER_CLIENT = 32            # open connections from one client address (service/guard.py)
HEADER_BYTES = 16 * 1024   # the request line and headers together


def register(app: typer.Typer) -> None:
    @app.command("serve", help=HELP)
    def serve(
        db: Optional[str] = typer.Option(None, "--db", help="SQLAlchemy URL; default $WRECKMASTER_DB, else the "
                                         "SQLite file in the user's data folder."),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: str = typer.Option("8000", "--port", help="Port to listen on (1-65535)."),
        log_level: str = typer.Option("info", "--log-level", help="info, warning or error."),
        forwarded_allow_ips: str = typer.Option(
            "127.0.0.1,::1", "--forwarded-allow-ips", help="Comma-separated addresses of trusted reverse proxies: "
            "their X-Forwarded-For/-Proto are believed and their connections are not counted per client."),
        per_client: str = typer.Option(str(PER_CLIENT), "--max-connections-per-client",
                                       help="Open connections allowed from one client address (per worker)."),
        workers: str = typer.Option("1", "--workers", help="Server processes on this address (1-64)."),
        read_db: Optional[str] = typer.Option(None, "--read-db", help="SQLAlchemy URL of a streaming replica "
                                              "for reads that may lag; default $WRECKMASTER_READ_DB."),
    ) -> None:
        from wreckmaster.cli.io import check_choice, fail

        if not port.isdigit() or not 0 < int(port) < 65536:
            fail([("--port", f"expected a port number 1-65535, got {port!r}")])
        check_choice(log_level, ("info", "warning", "error"), "--log-level")
        if not per_client.isdigit() or not 0 < int(per_client) <= MAX_CONNECTIONS:
            fail([("--max-connections-per-client", f"expected a number 1-{MAX_CONNECTIONS}, got {per_client!r}")])
        proxies = {a.strip() for a in forwarded_allow_ips.split(",") if a.strip()}
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
        bounds = dict(per_client=int(per_client), proxies=proxies)
        if int(workers) > 1:
            from wreckmaster.service.workers import listen, supervise

            store.close()  # each worker opens its own connections
            try:
                sock = listen(host, int(port))
            except OSError as exc:
                fail([("--port", f"cannot listen on {host}:{port}: {exc.strerror}")])

            def worker(sock) -> None:
                serve_on(open_store(db, read_url=read_db), host, port, log_level, [sock], **bounds)

            raise typer.Exit(supervise(int(workers), sock, worker))
        serve_on(store, host, port, log_level, None, **bounds)

    def serve_on(store, host: str, port: str, log_level: str, sockets, *, per_client: int, proxies: set[str]) -> None:
        """Serve ``store`` on ``sockets`` (a worker's shared socket), or on --host/--port (None),
        with the slow-client bounds of :mod:`wreckmaster.service.guard`."""
        import logging

        import uvicorn

        from wreckmaster.service import guard
        from wreckmaster.service.app import create_full_app

        config = uvicorn.Config(
            create_full_app(store), host=host, port=int(port), access_log=False, log_config=None,
            timeout_keep_alive=KEEP_ALIVE_SECONDS, timeout_graceful_shutdown=GRACEFUL_SECONDS,
            limit_concurrency=MAX_CONNECTIONS, server_header=False, log_level=log_level,
            http=guard.configure(per_client=per_client, trusted=proxies),
            proxy_headers=True, forwarded_allow_ips=sorted(proxies),
            h11_max_incomplete_event_size=HEADER_BYTES)
        log = logging.getLogger("wreckmaster.service")

        class Server(uvicorn.Server):
            async def shutdown(self, sockets=None) -> None:
                # requests in flight have finished (or timed out): close the database's connections
                await super().shutdown(sockets=sockets)
                store.close()
                log.info("database connections closed")

        Server(config).run(sockets=sockets)
