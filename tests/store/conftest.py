"""Fixtures of the case-log tests: every test runs against SQLite AND PostgreSQL.

PostgreSQL: ``$WRECKMASTER_TEST_PG`` (a SQLAlchemy URL of a database the tests may connect to
in order to create others), default ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``.
Each test gets its own database, cloned from a migrated template; when the server cannot be
reached the tests FAIL saying so — they never pass by skipping.
"""
from __future__ import annotations

import copy
import gc
import os
import shutil
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..conftest import EXE, ROOT

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")

DRIFT = {
    "format": "wreckmaster.scenario/1",
    "regime": "jp-1875",
    "case": {"occurred": "1876-03-01", "place": "相良村 浜", "kind": "drift"},
    "parties": [{"id": "finder", "name": "拾得人 太郎", "roles": ["finder"]},
                {"id": "kocho", "name": "戸長", "roles": ["official"]}],
    "items": [{"id": "i1", "description": "酒樽 (a cask)", "kind": "cargo", "value": "1.50",
               "found": {"date": "1876-03-01", "by": ["finder"], "state": "ashore"}}],
}


def drift_doc() -> dict:
    return copy.deepcopy(DRIFT)


def migrate(db_url: str, step, revision: str) -> set[str]:
    """Alembic's ``step`` (``command.upgrade`` or ``command.downgrade``) to ``revision`` on the
    database at ``db_url``, in one transaction: the tables there afterwards."""
    from alembic.config import Config
    from sqlalchemy import inspect

    from wreckmaster.store import db

    engine = db.make_engine(db_url)
    try:
        with engine.begin() as conn:
            cfg = Config()
            cfg.set_main_option("script_location", str(db.MIGRATIONS))
            cfg.attributes["connection"] = conn
            step(cfg, revision)
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _pg_parts():
    from sqlalchemy.engine import make_url

    url = make_url(PG_BASE)
    return url, dict(host=url.host or "127.0.0.1", port=url.port or 5432, user=url.username or "postgres",
                     password=url.password, dbname=url.database or "postgres")


def pg_admin():
    """An autocommit psycopg connection to the base database, or a test FAILURE saying why."""
    import psycopg

    url, parts = _pg_parts()
    try:
        return psycopg.connect(**{k: v for k, v in parts.items() if v is not None}, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL is required by the store tests and is unreachable at "
                    f"{url.render_as_string(hide_password=True)} ({' '.join(str(exc).split())}). Start it "
                    f"(`make test` starts a throwaway server) or set WRECKMASTER_TEST_PG.", pytrace=False)


def pg_url(dbname: str) -> str:
    url, _ = _pg_parts()
    return url.set(database=dbname).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    from wreckmaster.store import db

    path = tmp_path_factory.mktemp("tmpl") / "template.db"
    engine = db.make_engine(f"sqlite:///{path}")
    db.upgrade(engine)
    engine.dispose()
    return path


@pytest.fixture(scope="session")
def pg_template():
    from wreckmaster.store import db

    name = f"wm_tmpl_{uuid.uuid4().hex[:12]}"
    admin = pg_admin()
    admin.execute(f'CREATE DATABASE "{name}"')
    engine = db.make_engine(pg_url(name))
    db.upgrade(engine)
    engine.dispose()
    yield name
    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, migrated database of each kind: its SQLAlchemy URL."""
    if request.param == "sqlite":
        path = tmp_path / "cases.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    yield from pg_database(request.getfixturevalue("pg_template"))


def pg_database(template: str):
    """A throwaway PostgreSQL database made from ``template``: its URL, dropped afterwards (a generator
    for a fixture to ``yield from``)."""
    name = f"wm_test_{uuid.uuid4().hex[:12]}"
    admin = pg_admin()
    admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield pg_url(name)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def store(db_url):
    from wreckmaster.store import open_store

    s = open_store(db_url)
    yield s
    s.close()


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def wm(db_url, monkeypatch):
    """Run ``wreckmaster`` with ``--db`` of this test's database appended: in-process through
    Typer's runner (fast), or as a real process with ``process=True``."""
    monkeypatch.delenv("WRECKMASTER_DB", raising=False)

    def run(*args: str, stdin: str | None = None, db: bool = True, process: bool = False) -> Ran:
        extra = ["--db", db_url] if db else []
        if process:
            env = {**os.environ, "COLUMNS": "200"}
            r = subprocess.run([str(EXE), *args, *extra], capture_output=True, text=True, input=stdin, cwd=ROOT,
                               env=env)
            return Ran(r.returncode, r.stdout, r.stderr)
        from typer.testing import CliRunner

        from wreckmaster.cli.main import app

        result = CliRunner().invoke(app, [*args, *extra], input=stdin, env={"COLUMNS": "200"})
        gc.collect()  # close the command's database connections now
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Ran(result.exit_code, result.stdout, result.stderr)

    return run
