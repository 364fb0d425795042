"""A read replica (issue 23, "A read replica: past one machine"), on a primary and a streaming
replica of the test's own: Debian's PostgreSQL binaries (``initdb``, ``pg_basebackup -R``, two
``postgres`` processes on other loopback ports), run as the ``postgres`` user (the tests run as
root), in a temporary folder owned by it. The server on 5432 is never touched.

The replica applies every commit half a second late (``recovery_min_apply_delay``), so a read
served from it right after a write would miss that write: the test can fail.

- a notice recorded on the primary appears on the board served from the replica;
- a clerk never sees his own entry missing (his reads carry the primary's WAL position of his
  last change, as a cookie, and wait for the replica or go to the primary), on either of two
  workers;
- the board keeps answering while the primary is stopped.
"""
from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import run_cli

from .conftest import free_port, scenario
from .serving import serving

AS_OF = "1876-03-10"


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.fail(f"Debian's PostgreSQL binaries are needed ({name}): apt-get install postgresql", pytrace=False)
    return found[-1]


def _as_postgres(*argv: str, timeout: float = 120) -> None:
    command = " ".join(shlex.quote(a) for a in argv)
    done = subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", command], capture_output=True, text=True,
                          timeout=timeout, cwd="/")
    assert done.returncode == 0, f"{command}: {done.stdout}{done.stderr}"


class Cluster:
    """A primary and its streaming replica under one temporary folder."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="wm-replica-", dir="/tmp"))
        pw = pwd.getpwnam("postgres")
        os.chown(self.root, pw.pw_uid, pw.pw_gid)
        self.primary_port, self.replica_port = free_port(), free_port()
        self.running: list[Path] = []

    def url(self, port: int, database: str = "wreckmaster") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{database}"

    def start(self, data: Path, port: int) -> None:
        options = f"-p {port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        _as_postgres(_bin("pg_ctl"), "-D", str(data), "-l", str(data.parent / f"{data.name}.log"),
                     "-o", options, "-w", "-t", "60", "start")
        self.running.append(data)

    def stop(self, data: Path) -> None:
        _as_postgres(_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-t", "60", "stop")
        self.running.remove(data)

    def __enter__(self) -> "Cluster":
        self.primary, self.replica = self.root / "primary", self.root / "replica"
        _as_postgres(_bin("initdb"), "-D", str(self.primary), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                     "--locale=C.UTF-8")
        self.start(self.primary, self.primary_port)
        _as_postgres(_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.primary_port), "-U", "postgres",
                     "wreckmaster")
        _as_postgres(_bin("pg_basebackup"), "-h", "127.0.0.1", "-p", str(self.primary_port), "-U", "postgres",
                     "-D", str(self.replica), "-R", "-X", "stream", "-c", "fast")
        with (self.replica / "postgresql.auto.conf").open("a") as conf:
            conf.write("recovery_min_apply_delay = '500ms'\n")
        self.start(self.replica, self.replica_port)
        return self

    def __exit__(self, *exc) -> None:
        for data in list(reversed(self.running)):
            try:
                self.stop(data)
            except AssertionError:  # kill this cluster's server by its own pid, nothing else
                pid_file = data / "postmaster.pid"
                if pid_file.exists():
                    os.kill(int(pid_file.read_text().split()[0]), 9)
        shutil.rmtree(self.root, ignore_errors=True)


def test_replica_board_own_writes_and_primary_down(tmp_path):
    from wreckmaster.store import open_store

    with Cluster() as cluster:
        primary, replica = cluster.url(cluster.primary_port), cluster.url(cluster.replica_port)
        done = run_cli("db", "upgrade", "--db", primary)
        assert done.returncode == 0, done.stderr
        store = open_store(primary)
        try:
            store.add_office("shimoda", "Shimoda")
            token = store.add_user("ann", "shimoda", role="clerk")
        finally:
            store.close()
        auth = {"Authorization": f"Bearer {token}"}
        with serving(primary, "--read-db", replica, "--workers", "2", log=tmp_path / "serve.log") as (base, _):
            # a clerk's own writes: after each open, his due list (a lagging read) shows the case at
            # once — each request on a new connection, so on either worker (the cookie holds on both)
            fresh = httpx.Limits(max_keepalive_connections=0)
            with httpx.Client(base_url=base, timeout=30, headers=auth, limits=fresh) as clerk:
                for _ in range(6):
                    r = clerk.post("/api/cases", json=scenario())
                    assert r.status_code == 201, r.text
                    assert "x-wreckmaster-lsn" in r.headers and "wreckmaster_lsn" in clerk.cookies
                    case = r.json()["case"]
                    due = clerk.get("/api/due", params={"as_of": AS_OF, "within": "3650"})
                    assert due.status_code == 200, due.text
                    assert case in {row["case"] for row in due.json()}, (case, due.json())
                    board = clerk.get("/api/notices", params={"as_of": AS_OF})
                    assert case in {row["case"] for row in board.json()}
            # the public board (no cookie, no position): from the replica, once it has replayed
            deadline = time.monotonic() + 30
            while True:
                rows = httpx.get(f"{base}/api/notices", params={"as_of": AS_OF}, timeout=30).json()
                if case in {row["case"] for row in rows}:
                    break
                assert time.monotonic() < deadline, "the notice never reached the board"
                time.sleep(0.1)
            cluster.stop(cluster.primary)
            for _ in range(5):  # the primary is down: the board still answers, from the replica
                r = httpx.get(f"{base}/api/notices", params={"as_of": AS_OF}, timeout=30)
                assert r.status_code == 200, r.text
                assert case in {row["case"] for row in r.json()}
            # a change needs the primary: it is refused (503), never half-stored
            r = httpx.post(f"{base}/api/cases", json=scenario(), headers=auth, timeout=30)
            assert r.status_code == 503, r.text
