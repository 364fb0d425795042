"""Group commit: writers that arrive together share one transaction, one commit, one fsync.

Why: every commit waits for the disk — SQLite with ``synchronous=FULL`` (the default) fsyncs
its write-ahead log (about 1 to 4 ms on this project's machines), PostgreSQL with
``synchronous_commit=on`` (the default) waits for its WAL flush — and on PostgreSQL every
statement, ``BEGIN`` and ``COMMIT`` included, is a round trip to the server, which under load
cost about as much as computing an append. A server appending for several clients at once spent
more time waiting than computing. Here the first writer to arrive
becomes the *leader*: it takes every unit of work queued so far (at most :data:`MAX_GROUP`),
runs each after a SAVEPOINT of one transaction and commits once; the writers that arrive
meanwhile queue for the next group. Nothing is weakened:

- a unit of work whose check fails (conflict, bad input, not found …) is rolled back to its
  savepoint and its caller gets its exception; the others of the group are unaffected;
- every caller returns only after the commit that holds its work (or with the error of that
  commit, when nothing of the group was stored): an acknowledged entry is on disk;
- units of work run one after the other in arrival order, each seeing the ones before it,
  exactly as if each had its own transaction;
- a process killed before the commit stores nothing of the group, and acknowledged nothing.

A lone writer (the command line, a quiet server) runs exactly as before: one transaction,
no savepoint.

The savepoints are plain SQL, all of one name, and never released: ``ROLLBACK TO SAVEPOINT``
goes back to the newest savepoint of that name (SQLite and PostgreSQL alike), which is the
failing unit's own, and ``COMMIT`` keeps every savepoint still open. Releasing each one (what
SQLAlchemy's ``begin_nested`` does) cost a round trip to PostgreSQL per unit and changed
nothing stored.

Writers in several processes (``wreckmaster serve --workers N``, several hosts on one
PostgreSQL) each run their own groups; the database orders them. A group locks the cases of its
units in arrival order, so two processes' groups can lock two cases in opposite orders: PostgreSQL
then breaks the deadlock by failing one transaction (SQLSTATE 40P01), and a serialisation failure
(40001) can end one the same way. Neither is the caller's fault and nothing of that transaction
was stored, so the whole group runs again (:func:`retryable`, at most :data:`RETRIES` times,
after a short random pause that lets the other transaction finish): no client ever sees one. A
unit's other errors stay its own, as above.
"""
from __future__ import annotations

import logging
import random
import threading
import time
from contextlib import AbstractContextManager
from typing import Any, Callable

from sqlalchemy.engine import Connection

from .errors import DatabaseProblem

Work = Callable[[Connection], Any]

#: at most this many units of work in one transaction: each savepoint is a subtransaction, and
#: PostgreSQL keeps up to 64 of a transaction in its per-backend cache (more slow every snapshot)
MAX_GROUP = 32
SAVEPOINT = "wm_unit"
#: a group that meets a deadlock or a serialisation failure runs again at most this many times
RETRIES = 30
#: SQLSTATEs of a transaction the database failed to order others (PostgreSQL "Transaction Rollback")
RETRY_STATES = frozenset({"40P01", "40001"})

log = logging.getLogger("wreckmaster.store")


def retryable(exc: BaseException) -> bool:
    """Whether ``exc`` (or the driver error it wraps, or its cause) is a deadlock or a serialisation
    failure: the transaction was rolled back whole and may simply run again."""
    seen = 0
    while exc is not None and seen < 8:
        state = getattr(exc, "sqlstate", None) or getattr(getattr(exc, "orig", None), "sqlstate", None)
        if state in RETRY_STATES:
            return True
        exc = exc.__cause__ or exc.__context__ or getattr(exc, "orig", None)
        seen += 1
    return False


class _Again(Exception):
    """Raised out of a group's transaction to roll it back and run the whole group again."""


class _Pending:
    __slots__ = ("work", "done", "result", "error", "turn")

    def __init__(self, work: Work):
        self.work = work
        self.done = False
        self.result: Any = None
        self.error: BaseException | None = None
        self.turn = threading.Event()  # set when its group has committed, or when it is to lead

    def outcome(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.result


class GroupCommit:
    """Runs units of work ``work(conn)`` in shared write transactions opened by ``transaction()``.

    Each waiting writer sleeps on its own event: a group's commit wakes its members and, if
    writers are still queued, the first of them to lead the next group — not every writer of
    the process (waking them all to find most still queued cost the leader the CPU it needed)."""

    def __init__(self, transaction: Callable[[], AbstractContextManager[Connection]]):
        self._transaction = transaction
        self._lock = threading.Lock()
        self._queue: list[_Pending] = []
        self._leading = False

    def run(self, work: Work) -> Any:
        """The result of ``work(conn)`` once committed (or its exception; nothing of it stored)."""
        item = _Pending(work)
        with self._lock:
            self._queue.append(item)
            lead, self._leading = not self._leading, True
        if not lead:
            item.turn.wait()
            if item.done:  # a leader ran it in its group
                return item.outcome()
        while True:  # leading: groups from the head of the queue (at most MAX_GROUP each) until its own
            with self._lock:
                group, self._queue = self._queue[:MAX_GROUP], self._queue[MAX_GROUP:]
            try:
                self._commit(group)
            finally:
                with self._lock:
                    for p in group:
                        p.done = True
                        p.turn.set()
                    if item.done:  # hand over to the first writer still queued, if any
                        if self._queue:
                            self._queue[0].turn.set()
                        else:
                            self._leading = False
            if item.done:
                return item.outcome()

    def _commit(self, group: list[_Pending]) -> None:
        """Run the group in one transaction; again, from the start, after a deadlock or a
        serialisation failure (each time with every unit's outcome forgotten)."""
        for attempt in range(RETRIES + 1):
            for p in group:
                p.result, p.error = None, None
            try:
                self._attempt(group, last=attempt == RETRIES)
                return
            except _Again:
                log.info("group of %d rolled back by the database (deadlock or serialisation); "
                         "running it again (attempt %d)", len(group), attempt + 2)
                time.sleep(random.uniform(0.001, 0.005 * min(attempt + 1, 10)))

    def _attempt(self, group: list[_Pending], last: bool) -> None:
        if len(group) == 1:  # alone: its own transaction, rolled back whole on error
            p = group[0]
            try:
                with self._transaction() as conn:
                    p.result = p.work(conn)
            except BaseException as exc:  # noqa: BLE001 - handed to its caller
                if not last and retryable(exc):
                    raise _Again() from None
                p.error = exc
            return
        try:
            with self._transaction() as conn:
                for p in group:
                    conn.exec_driver_sql(f"SAVEPOINT {SAVEPOINT}")
                    try:
                        p.result = p.work(conn)
                    except Exception as exc:  # noqa: BLE001 - this caller's error; the group goes on
                        if not last and retryable(exc):
                            raise _Again() from None  # the transaction is rolled back whole
                        conn.exec_driver_sql(f"ROLLBACK TO SAVEPOINT {SAVEPOINT}")
                        p.error = exc
        except _Again:
            raise
        except BaseException as exc:  # noqa: BLE001 - the transaction failed: nothing of the group is stored
            if not last and retryable(exc):
                raise _Again() from None
            for p in group:
                if p.error is None:
                    p.error = _copy(exc)
                    p.result = None
            if not isinstance(exc, Exception):
                raise


def _copy(exc: BaseException) -> BaseException:
    """The group's error for one caller: a fresh DatabaseProblem each (what the store raises when
    a transaction fails), any other exception as it is (its type is what callers act on)."""
    return DatabaseProblem(str(exc)) if isinstance(exc, DatabaseProblem) else exc
