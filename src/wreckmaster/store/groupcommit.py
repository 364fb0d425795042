"""Group commit: writers that arrive together share one SQLite transaction, one commit, one fsync.

Why: SQLite lets one writer in at a time and, with ``synchronous=FULL`` (the default), every
commit waits for the disk (an fsync of the write-ahead log: about 1 to 4 ms on this project's
machines). A server appending for several clients at once spent more time waiting for the disk
than computing. Here the first writer to arrive becomes the *leader*: it takes every unit of
work queued so far, runs each in a SAVEPOINT of one transaction and commits once; the writers
that arrive meanwhile queue for the next group. Nothing is weakened:

- a unit of work whose check fails (conflict, bad input, not found …) is rolled back to its
  savepoint and its caller gets its exception; the others of the group are unaffected;
- every caller returns only after the commit that holds its work (or with the error of that
  commit, when nothing of the group was stored): an acknowledged entry is on disk;
- units of work run one after the other in arrival order, each seeing the ones before it,
  exactly as if each had its own transaction;
- a process killed before the commit stores nothing of the group, and acknowledged nothing.

A lone writer (the command line, a quiet server) runs exactly as before: one transaction,
no savepoint.
"""
from __future__ import annotations

import threading
from contextlib import AbstractContextManager
from typing import Any, Callable

from sqlalchemy.engine import Connection

from .errors import DatabaseProblem

Work = Callable[[Connection], Any]


class _Pending:
    __slots__ = ("work", "done", "result", "error")

    def __init__(self, work: Work):
        self.work = work
        self.done = False
        self.result: Any = None
        self.error: BaseException | None = None

    def outcome(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.result


class GroupCommit:
    """Runs units of work ``work(conn)`` in shared write transactions opened by ``transaction()``."""

    def __init__(self, transaction: Callable[[], AbstractContextManager[Connection]]):
        self._transaction = transaction
        self._cond = threading.Condition()
        self._queue: list[_Pending] = []
        self._leading = False

    def run(self, work: Work) -> Any:
        """The result of ``work(conn)`` once committed (or its exception; nothing of it stored)."""
        item = _Pending(work)
        with self._cond:
            self._queue.append(item)
            while self._leading and not item.done:
                self._cond.wait()
            if item.done:  # a leader ran it in its group
                return item.outcome()
            self._leading = True
            group, self._queue = self._queue, []
        try:
            self._commit(group)
        finally:
            with self._cond:
                for p in group:
                    p.done = True
                self._leading = False
                self._cond.notify_all()
        return item.outcome()

    def _commit(self, group: list[_Pending]) -> None:
        if len(group) == 1:  # alone: its own transaction, rolled back whole on error
            p = group[0]
            try:
                with self._transaction() as conn:
                    p.result = p.work(conn)
            except BaseException as exc:  # noqa: BLE001 - handed to its caller
                p.error = exc
            return
        try:
            with self._transaction() as conn:
                for p in group:
                    savepoint = conn.begin_nested()
                    try:
                        p.result = p.work(conn)
                    except Exception as exc:  # noqa: BLE001 - this caller's error; the group goes on
                        savepoint.rollback()
                        p.error = exc
                    else:
                        savepoint.commit()
        except BaseException as exc:  # noqa: BLE001 - the transaction failed: nothing of the group is stored
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
