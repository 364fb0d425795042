"""The unit of work of the case log (as Cosmic Python's ``unit_of_work.py``): it opens the
transaction, hands the work its connection (the :mod:`.repository`'s functions take it),
writes what an entry changes besides the log — the sealed head (:mod:`.seals`) and the read
models (:mod:`.readmodels`) — and commits, or rolls back on an error.

- :meth:`UnitOfWork.transaction`: one transaction (reading, or writing);
- :meth:`UnitOfWork.write`: a writing unit; this process's writers of one database commit in
  groups (:mod:`.groupcommit`: writers that arrive together share one commit, each in its own
  savepoint, answered only after it);
- :meth:`UnitOfWork.lagging`: a reading unit that may lag, on the streaming replica when there
  is one (:mod:`.replica`);
- :meth:`UnitOfWork.open` and :meth:`UnitOfWork.append`: a case's new rows, in the unit's
  transaction.

The database's own errors leave it as :class:`~.errors.DatabaseProblem` (one line).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import canonical, db, fold, readmodels, repository, seals
from .checkpoint import Mark
from .errors import DatabaseProblem, StoreError
from .groupcommit import GroupCommit
from .models import entries as log_table
from .projection_text import ProjectionTexts


@contextmanager
def database_errors() -> Iterator[None]:
    """The database's own errors as :class:`DatabaseProblem` (one line); the store's errors, and
    an IntegrityError (which the writers retry on), pass as they are."""
    try:
        yield
    except (StoreError, IntegrityError):
        raise
    except SQLAlchemyError as exc:
        raise DatabaseProblem(db._one_line(exc)) from None


class UnitOfWork:
    """Transactions on one database (and its replica, if any)."""

    def __init__(self, engine: Engine, read_engine: Engine | None = None):
        self.engine = engine
        # reads that may lag (the board, the due lists) go to a streaming replica (.replica)
        self.replica = None
        if read_engine is not None:
            from .replica import Replica

            self.replica = Replica(engine, read_engine)
        self._texts = ProjectionTexts()
        # this process's writers commit in groups (.groupcommit): SQLite takes one writer of a file
        # at a time, and every commit waits for the disk on SQLite and PostgreSQL alike
        grouped = db.serialised_file(engine) is not None or engine.dialect.name == "postgresql"
        self._group = GroupCommit(lambda: self.transaction(write=True)) if grouped else None

    def close(self) -> None:
        self.engine.dispose()
        if self.replica is not None:
            self.replica.close()

    def write_position(self) -> str | None:
        """With a replica: the primary's WAL position after the commits acknowledged so far (the
        service hands it to the caller, whose later reads then see his writes). Else None."""
        if self.replica is None:
            return None
        from .replica import primary_lsn

        return primary_lsn(self.engine)

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Connection]:
        """A unit of work: committed when the block ends, rolled back on an error."""
        with database_errors(), db.transaction(self.engine, write) as conn:
            yield conn

    def lagging(self, read: Callable[[Connection], Any]) -> Any:
        """``read(conn)`` in a reading unit of work that may lag: on the replica when there is one
        and it has replayed the caller's own writes (.replica), else here."""
        if self.replica is None:
            with self.transaction() as conn:
                return read(conn)

        @contextmanager
        def reading(engine: Engine) -> Iterator[Connection]:
            with db.transaction(engine, False) as conn:
                yield conn

        with database_errors():
            return self.replica.run(read, reading)

    def write(self, work: Callable[[Connection], Any]) -> Any:
        """Run ``work(conn)`` in a write transaction and return its result once committed."""
        if self._group is not None:
            with database_errors():   # a unit's own database error reaches its caller unwrapped
                return self._group.run(work)
        with self.transaction(write=True) as conn:
            return work(conn)

    # --- a case's new rows, in the unit's transaction ------------------------------------------
    def open(self, conn: Connection, case_id: str, num: int, office: str, doc: dict[str, Any], scenario_text: str,
             entry_text: str, at: str, recorded_by: str, scenario=None) -> Mark:
        """A new case: its rows (:func:`.repository.insert_case`), its sealed head and its read
        models (from ``scenario``, the validated ``doc``, when given)."""
        digest = repository.insert_case(conn, case_id, num, office, doc, scenario_text, entry_text, at, recorded_by)
        readmodels.refresh(conn, case_id, num, office, doc, [], scenario)
        return Mark(case_id, num, 1, digest)

    def append(self, conn: Connection, row, valid, recorded_by: str) -> Mark:
        """Store a validated append (``valid``: the store's ``_Validated``): its entries
        (hash-chained and sealed), the case's row, the projection and the sealed head, then the
        read models (from the scenario the validation made: the case is validated once); the
        mark the checkpoint advances to."""
        case_id, version, batch, doc = row.id, row.version, valid.batch, valid.doc
        texts = [canonical.dumps(e) for e in batch]
        scenario_text = (self._texts.after(case_id, row.p_scenario, doc, batch) if valid.incremental
                         else canonical.dumps(doc))
        previous = row.p_last_hash if valid.fresh else conn.execute(select(log_table.c.hash).where(
            log_table.c.case_id == case_id, log_table.c.seq == version)).scalar_one()
        at = repository.now_text()
        new_entries = []
        for k, (entry, entry_text) in enumerate(zip(batch, texts)):
            seq = version + 1 + k
            previous = canonical.entry_hash(previous, case_id, seq, at, recorded_by, entry_text)
            new_entries.append((seq, fold.form_of(entry), entry_text, previous))
        new_version = version + len(batch)
        case_values = dict(version=new_version, regime=str(doc.get("regime")), occurred=repository.occurred(doc),
                           place=repository.place(doc), office=valid.office)
        projection = dict(version=new_version, scenario=scenario_text,
                          problems=canonical.dumps([list(p) for p in valid.remaining]), last_hash=previous)
        seal = seals.head_row(seals.Head(case_id, new_version, previous, valid.office))
        # the office's closing days and the case's read-model row came with the locked row (the days
        # unless the case moves): an append whose read-model rows stay reads and writes no more
        days = repository.closing_days(row) if valid.office == row.office else None
        have = repository.read_model_row(row, readmodels._CASE_COLUMNS)
        # the fold of the stored projection and the batch: the read models need not compare the facts before it
        after = readmodels.Appended(row.p_scenario, batch, scenario_text) if valid.incremental else None
        if conn.dialect.name == "postgresql" and row.p_version is not None:
            # the read models' statement, when its rows change, goes with the append's: one round
            # trip (repository.store_append)
            rows = readmodels.refresh(conn, case_id, row.num, valid.office, doc, valid.remaining, valid.scenario,
                                      closed_days=days, deferred=True, have=have, trust_digest=True, after=after)
            repository.store_append(conn, row, new_entries, at, recorded_by, case_values, projection, seal, rows)
        else:
            repository.store_append(conn, row, new_entries, at, recorded_by, case_values, projection, seal)
            readmodels.refresh(conn, case_id, row.num, valid.office, doc, valid.remaining, valid.scenario,
                               trust_digest=True, closed_days=days, have=have, after=after)
        return Mark(case_id, row.num, new_version, previous)
