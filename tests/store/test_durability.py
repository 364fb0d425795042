"""Nothing lost, nothing half-written (CASE.md "Storage"), on SQLite and PostgreSQL:

- two processes appending to one case at the same time lose nothing;
- a process killed with SIGKILL at random moments (20 times, some of them inside the commit)
  in the middle of a long ``record`` leaves all of its entries or none, and the chain verifies.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from ..conftest import ROOT
from .conftest import drift_doc

APPENDER = r"""
import sys, uuid
from wreckmaster.store import open_store
from wreckmaster.store.errors import Conflict
url, case, tag, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
s = open_store(url)
for i in range(n):
    entry = {"add": "party", "value": {"id": f"{tag}{i}", "name": f"{tag} {i}"}}
    if i % 2:                       # optimistic: read the version, append if still there, else read again
        while True:
            try:
                s.record(case, entry, expect_version=s.version(case))
                break
            except Conflict:
                pass
    else:
        s.record(case, entry)
print("done", flush=True)
"""

LONG_RECORDER = r"""
import sys, uuid
from sqlalchemy import event
from wreckmaster.store import open_store
url, case, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = open_store(url)

@event.listens_for(s.engine, "commit")
def _commit(conn):               # the record's transaction is about to commit
    sys.stdout.write("C\n"); sys.stdout.flush()

print("R", flush=True)
while True:
    tag = uuid.uuid4().hex[:8]
    s.record(case, [{"add": "party", "value": {"id": f"k{tag}_{i}", "name": "x" * 200}} for i in range(batch)])
"""


def _python(script: str, *args: str, **kw) -> subprocess.Popen:
    env = {**os.environ}
    env.pop("WRECKMASTER_DB", None)
    return subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def test_two_processes_appending_lose_nothing(store, db_url):
    case, _ = store.open_case(drift_doc())
    n = 12
    procs = [_python(APPENDER, db_url, case, tag, str(n)) for tag in ("a", "b")]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert store.version(case) == 1 + 2 * n
    ids = {p["id"] for p in store.export(case)["parties"]}
    assert {f"{t}{i}" for t in "ab" for i in range(n)} <= ids
    assert [e["seq"] for e in store.history(case)] == list(range(1, 2 * n + 2))
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}


def test_sigkill_during_long_records_leaves_all_or_none(store, db_url):
    rng = random.Random(11)
    batch = 60
    case, _ = store.open_case(drift_doc())
    during_commit = 0
    versions = []
    for i in range(20):
        p = _python(LONG_RECORDER, _named(db_url), case, str(batch))
        try:
            assert p.stdout.readline().strip() == "R", p.stderr.read()
            assert _sessions(store, APP) != 0, "the recorder's session is not seen by its name"
            if i % 3 == 0:              # kill inside the commit: as soon as the commit begins
                while p.stdout.readline().strip() != "C":
                    pass
                time.sleep(rng.choice([0, 0, 0.0005, 0.002]))
                during_commit += 1
            else:                       # kill at a random moment of the work
                time.sleep(rng.uniform(0.05, 1.5))
            os.kill(p.pid, signal.SIGKILL)
        finally:
            p.wait(timeout=60)
            p.stdout.close()
            p.stderr.close()
        assert p.returncode == -signal.SIGKILL
        _server_done_with(store, APP)
        v = store.version(case)
        assert (v - 1) % batch == 0, f"a half-written record: version {v}"
        assert len(store.history(case)) == v
        versions.append(v)
    assert during_commit >= 6
    assert versions == sorted(versions) and versions[-1] > 1     # some records did commit
    result = store.verify()
    assert result == {"ok": True, "tampered": [], "projections": []}, result
    assert len(store.export(case)["parties"]) == 2 + (versions[-1] - 1)


#: the killed recorder's connections name themselves, so that the test can wait for the server
APP = "wm_killed_recorder"


def _named(url: str) -> str:
    if not url.startswith("postgresql"):
        return url
    return url + ("&" if "?" in url else "?") + f"application_name={APP}"


def _server_done_with(store, app: str) -> None:
    """Wait until PostgreSQL has no session left of the killed client.

    A COMMIT that reached the server before the client was killed still completes, a moment after
    the client is gone (the server does not need the client to commit); once the client's
    session has ended, its last transaction is committed or rolled back for good, and the log
    and the version read below are the final ones. (SQLite has no server: a killed writer's
    transaction is in the file whole or not at all when the process is gone.)"""
    for _ in range(600):
        if not _sessions(store, app):
            return
        time.sleep(0.05)
    raise AssertionError("the killed client's session is still open on the server after 30 s")


def _sessions(store, app: str) -> int | None:
    """How many sessions named ``app`` the server has (None on SQLite)."""
    if store.engine.dialect.name != "postgresql":
        return None
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM pg_stat_activity WHERE application_name = :a"),
                            {"a": app}).scalar()
