"""Reads that may lag, from a streaming replica (``wreckmaster serve --read-db URL``).

PostgreSQL's streaming replication keeps a hot standby a moment behind its primary. The reads
whose answer may be that moment old — the public notice board, the due lists — go to the
replica (:meth:`Replica.run`), so they cost the primary nothing; every write, every read of a
case, and anything the caller must see fresh stays on the primary.

A clerk always reads his own writes. After a change, the service hands the caller the
primary's WAL position of that commit (``X-Wreckmaster-LSN`` and the cookie
``wreckmaster_lsn``; :func:`primary_lsn`). A request that carries it back (either way, on any
worker) sets :data:`READ_AFTER`; its lagging reads then go to the replica only once the replica
has replayed that far (``pg_last_wal_replay_lsn() >= LSN``), and to the primary until then.
A replica that cannot be reached, or has stopped being a standby, sends the read to the primary;
a primary that cannot be reached leaves the replica answering what it has (the board keeps
answering while the primary is down). There is no automatic fail-over: writes need the primary.
"""
from __future__ import annotations

import logging
import re
from contextvars import ContextVar
from typing import Any, Callable

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from . import db

log = logging.getLogger("wreckmaster.store")

#: the WAL position (``X/Y``) the current request's caller has written up to, or None
READ_AFTER: ContextVar[str | None] = ContextVar("wreckmaster_read_after", default=None)
LSN = re.compile(r"^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$")

_CAUGHT_UP = text("SELECT pg_last_wal_replay_lsn() >= CAST(:lsn AS pg_lsn)")
_CURRENT = text("SELECT CAST(pg_current_wal_lsn() AS text)")


def valid_lsn(value: str | None) -> str | None:
    """``value`` if it is a WAL position as PostgreSQL writes it (``16/B374D848``), else None."""
    return value if value and LSN.match(value) else None


class Replica:
    """The primary's engine and a replica's: where each lagging read goes."""

    def __init__(self, primary: Engine, replica: Engine):
        if primary.dialect.name != "postgresql" or replica.dialect.name != "postgresql":
            raise ValueError("--read-db needs PostgreSQL for the database and its replica")
        self.primary, self.replica = primary, replica

    def close(self) -> None:
        self.replica.dispose()

    def caught_up(self, lsn: str) -> bool:
        """Whether the replica has replayed the primary's WAL up to ``lsn``."""
        with db.transaction(self.replica, write=False) as conn:
            return bool(conn.execute(_CAUGHT_UP, {"lsn": lsn}).scalar())

    def run(self, read: Callable[[Connection], Any], transaction: Callable[[Engine], Any]) -> Any:
        """``read(conn)`` on the replica when it may answer this caller, else on the primary;
        ``transaction(engine)`` opens a reading unit of work on an engine."""
        lsn = READ_AFTER.get()
        try:
            if lsn is None or self.caught_up(lsn):
                with transaction(self.replica) as conn:
                    return read(conn)
        except SQLAlchemyError as exc:
            log.warning("replica unavailable, reading from the primary: %s", db._one_line(exc))
        with transaction(self.primary) as conn:
            return read(conn)


def primary_lsn(engine: Engine) -> str | None:
    """The primary's current WAL position: at or after every commit acknowledged so far."""
    try:
        with engine.connect() as conn:
            value = conn.execute(_CURRENT).scalar()
            conn.rollback()
            return str(value) if value else None
    except SQLAlchemyError:
        return None
