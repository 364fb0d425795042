"""Fixtures of the service tests: a store on SQLite and on PostgreSQL, the app, users of two offices.

PostgreSQL: a uniquely named database on ``$WRECKMASTER_TEST_PG`` (default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``), created for the session and dropped
after it. Unreachable: the tests FAIL saying so (never skip).
"""
from __future__ import annotations

import copy
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import run_cli

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")

SCENARIO: dict[str, Any] = {
    "format": "wreckmaster.scenario/1",
    "regime": "jp-1875",
    "case": {"occurred": "1876-03-02", "place": "Shimoda", "waters": "sea", "kind": "drift"},
    "parties": [{"id": "finder", "name": "Kisaburo Yamada", "roles": ["finder"]}],
    "items": [{"id": "i1", "description": "a cask of sake", "kind": "cargo", "value": "12.50",
               "found": {"date": "1876-03-02", "by": ["finder"], "waters": "sea", "state": "floating"}}],
    "events": [{"type": "notice_posted", "date": "1876-03-05", "items": ["i1"]}],
}


def scenario() -> dict[str, Any]:
    return copy.deepcopy(SCENARIO)


def _pg_database() -> Iterator[str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(PG_BASE)
    name = f"wm_service_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # the tests fail, saying why; they never pass by skipping
        admin.dispose()
        pytest.fail(f"PostgreSQL unreachable at {base.render_as_string(hide_password=True)} "
                    f"(set WRECKMASTER_TEST_PG): {exc}", pytrace=False)
    url = base.set(database=name).render_as_string(hide_password=False)
    try:
        done = run_cli("db", "upgrade", "--db", url)
        assert done.returncode == 0, done.stderr
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"))
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_url(request, tmp_path_factory) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('service') / 'wreckmaster.db'}"
    else:
        yield from _pg_database()


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('service-sqlite') / 'wreckmaster.db'}"


@pytest.fixture(scope="session")
def store(db_url):
    from wreckmaster.store import open_store

    s = open_store(db_url)
    yield s
    close = getattr(s, "close", None) or getattr(s, "dispose", None)
    if callable(close):
        close()


@pytest.fixture(scope="session")
def app(store):
    from wreckmaster.service.app import create_app

    return create_app(store)


@pytest.fixture(scope="session")
def client(app):
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@dataclass
class Office:
    """An office with a clerk and a supervisor, and the headers each sends."""
    id: str
    clerk: str
    supervisor: str
    clerk_name: str
    supervisor_name: str

    @property
    def h(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.clerk}"}

    @property
    def sup(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.supervisor}"}


def make_office(store, label: str) -> Office:
    tag = uuid.uuid4().hex[:8]
    oid = f"{label}-{tag}"
    store.add_office(oid, f"Office {label} {tag}")
    clerk_name, sup_name = f"clerk-{tag}", f"chief-{tag}"
    clerk = store.add_user(clerk_name, oid, role="clerk")
    sup = store.add_user(sup_name, oid, role="supervisor")
    return Office(oid, clerk, sup, clerk_name, sup_name)


@pytest.fixture
def office(store) -> Office:
    return make_office(store, "shimoda")


@pytest.fixture
def other(store) -> Office:
    return make_office(store, "uraga")


def open_case(client, office: Office, doc: dict | None = None) -> str:
    r = client.post("/api/cases", json=doc or scenario(), headers=office.h)
    assert r.status_code == 201, r.text
    return r.json()["case"]


# --- a real uvicorn on 127.0.0.1 ---------------------------------------------------------
def wait_healthy(base: str, proc, seconds: float = 30) -> None:
    """Wait until ``wreckmaster serve`` (the process ``proc``) answers 200 on ``/health``."""
    from wreckmaster.service.probe import wait_healthy as probe

    probe(base, lambda: proc.poll() is None, seconds)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn serving ``app`` on 127.0.0.1 in a thread; stopped (gracefully) on exit."""

    def __init__(self, app):
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, access_log=False,
                                                    log_level="warning", timeout_keep_alive=5))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def live(app) -> Iterator[LiveServer]:
    with LiveServer(app) as server:
        yield server


ROOT = Path(__file__).resolve().parents[2]


def pytest_runtest_setup(item) -> None:
    """schemathesis' lazy loader (``from_fixture``) reads ``node._nodeid``, which pytest 9 no longer has."""
    if not hasattr(item, "_nodeid"):
        item._nodeid = item.nodeid


# --- the web pages' login (a CSRF token from the login page: issue 24) --------------------
def login_csrf(web) -> str:
    """GET /login and the CSRF token of its form (its twin is in the cookie the page set)."""
    import re

    page = web.get("/login")
    assert page.status_code == 200, page.text
    form = page.text[page.text.index('action="/login"'):]
    return re.search(r'name="csrf" value="([^"]+)"', form).group(1)


def web_login(web, name: str, password: str, **extra: str):
    """Log in on the web pages as a browser does: the login form's token, then the POST."""
    return web.post("/login", data={"name": name, "password": password, "next": "/cases",
                                    "csrf": login_csrf(web), **extra}, follow_redirects=False)
