"""Connecting to the case log's database, and migrating it.

- URL: the argument, else ``$WRECKMASTER_DB``, else the SQLite file ``wreckmaster.db`` in
  ``$XDG_DATA_HOME/wreckmaster/`` (``~/.local/share/wreckmaster/``).
- SQLite: WAL journal, foreign keys on, writes serialised by ``BEGIN IMMEDIATE`` (pysqlite's own
  transaction handling is switched off, as the SQLAlchemy documentation's recipe does); a new
  file is migrated on first use. Within one process, writers of a file also queue on a lock of
  their own before ``BEGIN IMMEDIATE`` (see :func:`transaction`).
- PostgreSQL (``postgresql+psycopg://``): migrated explicitly with ``wreckmaster db upgrade``.
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import create_engine, event, inspect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql.expression import Executable
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from .errors import DatabaseProblem
from .models import HEAD

MIGRATIONS = Path(__file__).parent / "migrations"


def default_url() -> str:
    env = os.environ.get("WRECKMASTER_DB")
    if env:
        return env
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "wreckmaster"
    return f"sqlite:///{base / 'wreckmaster.db'}"


def make_engine(url: str | None) -> Engine:
    url = url or default_url()
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": 60})
            _sqlite_recipe(engine)
            path = engine.url.database
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        else:
            engine = create_engine(url, pool_pre_ping=False)
    except (ArgumentError, SQLAlchemyError, ImportError, ValueError) as exc:
        raise DatabaseProblem(f"cannot use {url!r}: {_one_line(exc)}") from None
    except OSError as exc:
        raise DatabaseProblem(f"cannot create the database folder for {url!r}: {exc.strerror}") from None
    return engine


def _sqlite_recipe(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record) -> None:  # pragma: no cover - exercised by every SQLite test
        dbapi_connection.isolation_level = None  # pysqlite emits no BEGIN of its own
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=60000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


_WRITE_LOCKS: dict[str, threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


def _write_lock(engine: Engine):
    """The lock this process's writers of one SQLite file queue on (a no-op elsewhere).

    SQLite lets one writer in at a time; the others, refused with SQLITE_BUSY, retry from its
    busy handler, which *sleeps* (1, 2, 5, 10 … 100 ms) between attempts. With several threads
    of one server appending, most of an append's time went into those sleeps while the file was
    already free. Queuing on a lock of the process first hands the file from one writer to the
    next at once; ``BEGIN IMMEDIATE`` and the busy timeout still serialise writers of other
    processes (the command line beside a running server)."""
    key = serialised_file(engine)
    if key is None:
        return nullcontext()
    with _WRITE_LOCKS_GUARD:
        return _WRITE_LOCKS.setdefault(key, threading.Lock())


def serialised_file(engine: Engine) -> str | None:
    """The SQLite file whose writers this process serialises (its real path), or None
    (PostgreSQL, which locks rows; an in-memory SQLite database, one per connection)."""
    path = engine.url.database if engine.dialect.name == "sqlite" else None
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return os.path.realpath(path)


@contextmanager
def transaction(engine: Engine, write: bool) -> Iterator[Connection]:
    """One unit of work: a connection in a transaction, committed on success, rolled back on error.

    On SQLite a writing transaction begins ``IMMEDIATE`` (the database's write lock is taken at
    once, so two writers queue instead of failing half-way), after the process's own writers of
    the file (:func:`_write_lock`)."""
    if write and engine.dialect.name == "sqlite":
        with _write_lock(engine), engine.connect() as conn:
            conn.execution_options(sqlite_begin="IMMEDIATE")  # a Connection's options change in place
            with conn.begin():
                yield conn
        return
    with engine.connect() as conn:
        with conn.begin():
            yield conn


def read_row(engine: Engine, statement: Executable, params: dict[str, Any]) -> Any:
    """The first row (or None) of one reading statement, which is atomic by itself.

    This is what the service pays on every read to learn a case's version. On PostgreSQL the
    statement goes straight to the driver (psycopg) on a pooled connection in autocommit: one
    round trip instead of three (BEGIN, the query, COMMIT), and none of SQLAlchemy's
    per-execution work (cache lookup, result set-up), which was about two thirds of the 0.25 ms
    the read took (the DBAPI connection as SQLAlchemy's "Working with the DBAPI connection"
    shows it; a driver error invalidates the connection, as SQLAlchemy would). SQLite's
    transaction costs no round trip: it keeps :func:`transaction`."""
    if engine.dialect.name != "postgresql":
        with transaction(engine, write=False) as conn:
            return conn.execute(statement, params).first()
    import psycopg
    from psycopg.rows import namedtuple_row

    sql = _driver_sql(engine, statement)
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        try:
            raw.autocommit = True
            try:
                with raw.cursor(row_factory=namedtuple_row) as cur:
                    return cur.execute(sql, params).fetchone()
            finally:
                raw.autocommit = False      # the pool's other users run in transactions
        except psycopg.Error as exc:
            conn.invalidate()
            raise DatabaseProblem(_one_line(exc)) from None


#: (dialect, id of the statement) → (the statement, its SQL); holding the statement keeps its id
#: from being reused by another one
_COMPILED: dict[tuple[str, int], tuple[Executable, str]] = {}


def _driver_sql(engine: Engine, statement: Executable) -> str:
    """The statement as the driver's SQL text (named ``%(name)s`` parameters), compiled once."""
    key = (engine.dialect.name, id(statement))
    hit = _COMPILED.get(key)
    if hit is None:
        hit = _COMPILED[key] = (statement, str(statement.compile(dialect=engine.dialect)))
    return hit[1]


def current_revision(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Migrate the database to the newest schema; returns (revision before, revision after)."""
    from alembic import command
    from alembic.config import Config

    try:
        with transaction(engine, write=True) as conn:
            before = current_revision(conn)
            if before != HEAD:
                cfg = Config()
                cfg.set_main_option("script_location", str(MIGRATIONS))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
    except SQLAlchemyError as exc:
        raise DatabaseProblem(_one_line(exc)) from None
    return before, HEAD


def _revision_fast(conn: Connection) -> str | None:
    """The schema revision without importing Alembic (start-up stays light)."""
    names = inspect(conn).get_table_names()
    if "alembic_version" not in names:
        return None if not names else "(tables without a schema revision)"
    return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def ensure_ready(engine: Engine) -> None:
    """Check the schema is migrated; a new SQLite file is migrated here, on first use."""
    try:
        with engine.connect() as conn:
            revision = _revision_fast(conn)
            empty = revision is None
            conn.rollback()
    except SQLAlchemyError as exc:
        raise DatabaseProblem(f"unreachable: {_one_line(exc)}") from None
    if revision == HEAD:
        return
    if engine.dialect.name == "sqlite" and empty:
        upgrade(engine)
        return
    found = "no schema" if revision is None else f"schema {revision}"
    raise DatabaseProblem(f"not migrated ({found}, this wreckmaster needs {HEAD}): run `wreckmaster db upgrade`")


def _one_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return " ".join(text.split()) or type(exc).__name__
