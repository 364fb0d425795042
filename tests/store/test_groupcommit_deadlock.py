"""Group commit with writers in two processes (issue 23): two groups that lock two rows in
opposite orders deadlock on PostgreSQL; the database fails one transaction (SQLSTATE 40P01) and
that whole group runs again inside the server, so every caller gets its result and both groups'
work is stored exactly once. (SQLite has no such deadlock: its writers take the file's lock at
BEGIN IMMEDIATE, one at a time.)"""
from __future__ import annotations

import threading
import uuid

from wreckmaster.store import db
from wreckmaster.store.groupcommit import GroupCommit, _Pending, retryable

from .conftest import pg_admin, pg_url


def test_two_groups_locking_in_opposite_orders_both_commit_once():
    name = f"wm_deadlock_{uuid.uuid4().hex[:12]}"
    admin = pg_admin()
    admin.execute(f'CREATE DATABASE "{name}"')
    engines = [db.make_engine(pg_url(name)) for _ in range(2)]  # one per "process"
    try:
        with db.transaction(engines[0], write=True) as conn:
            conn.exec_driver_sql("CREATE TABLE t (k VARCHAR(8) PRIMARY KEY, n INTEGER NOT NULL)")
            conn.exec_driver_sql("INSERT INTO t VALUES ('x', 0), ('y', 0)")
        both_hold_one = threading.Barrier(2)
        first_attempt = {"a": True, "b": True}
        runs = {"a": 0, "b": 0}

        def bump(group: str, key: str, wait: bool):
            def work(conn):
                runs[group] += 1
                conn.exec_driver_sql(f"UPDATE t SET n = n + 1 WHERE k = '{key}'")
                if wait and first_attempt[group]:  # only the first time: both now hold one row
                    first_attempt[group] = False
                    both_hold_one.wait(timeout=30)
                return key
            return work

        groups = {"a": [_Pending(bump("a", "x", True)), _Pending(bump("a", "y", False))],
                  "b": [_Pending(bump("b", "y", True)), _Pending(bump("b", "x", False))]}
        commits = {g: GroupCommit(lambda e=engines[i]: db.transaction(e, write=True))
                   for i, g in enumerate("ab")}
        threads = [threading.Thread(target=commits[g]._commit, args=(groups[g],)) for g in "ab"]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert not any(t.is_alive() for t in threads)
        for g, pendings in groups.items():
            assert [p.error for p in pendings] == [None, None], (g, [repr(p.error) for p in pendings])
            assert [p.outcome() for p in pendings] == (["x", "y"] if g == "a" else ["y", "x"])
        # the deadlock happened (one group ran again) and each group's two updates are stored once
        assert sorted(runs.values()) == [2, 4], runs
        with db.transaction(engines[0], write=False) as conn:
            assert dict(conn.exec_driver_sql("SELECT k, n FROM t").all()) == {"x": 2, "y": 2}
    finally:
        for e in engines:
            e.dispose()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def test_retryable_knows_deadlocks_and_serialisation_failures_only():
    class Driver(Exception):
        def __init__(self, state):
            self.sqlstate = state

    for state, expected in (("40P01", True), ("40001", True), ("23505", False), (None, False)):
        wrapped = RuntimeError("database: …")
        wrapped.__context__ = Driver(state)
        assert retryable(Driver(state)) is expected
        assert retryable(wrapped) is expected  # as the store's DatabaseProblem wraps it
