"""The case log (CASE.md): cases that grow entry by entry, in SQLite or PostgreSQL.

Every public method of :class:`Store` is one unit of work (one database transaction). A
case's scenario is the fold of its log (:mod:`.fold`); its assessment is the engine's,
unchanged (:mod:`.engine_bridge`). The fold at the case's version is cached in
``projections`` and updated in the same transaction as the entries.

This process's writes to one SQLite file or one PostgreSQL database are grouped
(:mod:`.groupcommit`: writers that arrive together share one commit); the projection's text is
re-serialised only where an append changed it (:mod:`.projection_text`); on PostgreSQL an
append's writes are one statement (:data:`_PG_APPEND`).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any, Callable, Iterator

from sqlalchemy import bindparam, delete, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import attribution, canonical, db, engine_bridge, fold, logins, readmodels, seals
from .checkpoint import Checkpoint, Mark
from .groupcommit import GroupCommit
from .office_store import OfficeMethods
from .projection_text import ProjectionTexts
from .errors import Conflict, CorruptData, DatabaseProblem, Forbidden, InvalidEntry, NotFound, StoreError, Tampered
from .models import SCHEMA_VERSION, case_count, cases, office_closed_days, offices, projections, settings, users
from .models import entries as log_table
from .models import seals as seal_table

Problem = tuple[str, str]
ROLES = ("clerk", "supervisor")
MAX_ENTRIES = 1000   # entries in one appended list (the API and docs/service.md say so)
TOP_ORDER = ("format", "regime", "as_of", "case", "parties", "persons", "items", "expenses", "events", "coast")


# The statements of an append, built once: building a statement and its cache key on every
# call cost more than running it (SQLAlchemy memoizes the key of a statement object).
# Every read and append of one case also brings the case's seal and the hash of its head entry
# (two primary-key look-ups in the same statement), checked by _sealed (seals.py).
_head = log_table.alias("head")
_SEAL_COLUMNS = (_head.c.hash.label("head_hash"), seal_table.c.seq.label("s_seq"),
                 seal_table.c.hash.label("s_hash"), seal_table.c.office.label("s_office"),
                 seal_table.c.key_id.label("s_key_id"), seal_table.c.mac.label("s_mac"))


def _with_seal(q):
    return q.join(_head, (_head.c.case_id == cases.c.id) & (_head.c.seq == cases.c.version), isouter=True).join(
        seal_table, seal_table.c.case_id == cases.c.id, isouter=True)


_CASE = _with_seal(select(cases, *_SEAL_COLUMNS).select_from(cases)).where(cases.c.id == bindparam("case_id"))
# what a read asks on every request: the version (and the office, which must be the caller's)
_VERSION = _with_seal(select(cases.c.id, cases.c.version, cases.c.office, *_SEAL_COLUMNS).select_from(cases)).where(
    cases.c.id == bindparam("case_id"))
_CASE_TO_APPEND = _with_seal(select(
    cases, projections.c.version.label("p_version"), projections.c.scenario.label("p_scenario"),
    projections.c.problems.label("p_problems"), projections.c.last_hash.label("p_last_hash"), *_SEAL_COLUMNS,
).select_from(cases).join(projections, projections.c.case_id == cases.c.id, isouter=True)).where(
    cases.c.id == bindparam("case_id")).with_for_update(of=cases)
_UPDATE_SEAL = update(seal_table).where(seal_table.c.case_id == bindparam("w_case_id")).values(
    seq=bindparam("v_seq"), hash=bindparam("v_hash"), office=bindparam("v_office"), key_id=bindparam("v_key_id"),
    mac=bindparam("v_mac"))
# the same without the lock: the validation before the write (``record``)
_CASE_WITH_PROJECTION = select(
    cases, projections.c.version.label("p_version"), projections.c.scenario.label("p_scenario"),
    projections.c.problems.label("p_problems"), projections.c.last_hash.label("p_last_hash"),
).join(projections, projections.c.case_id == cases.c.id, isouter=True).where(cases.c.id == bindparam("case_id"))
# SQLite's writers are serialised, so the next global position is safe to take in the INSERT
_NEXT_POSITION = select(func.coalesce(func.max(log_table.c.position), 0) + 1).scalar_subquery()
_INSERT_ENTRY = {"sqlite": insert(log_table).values(position=_NEXT_POSITION), "other": insert(log_table)}
_UPDATE_CASE = update(cases).where(cases.c.id == bindparam("w_case_id")).values(
    version=bindparam("v_version"), regime=bindparam("v_regime"), occurred=bindparam("v_occurred"),
    place=bindparam("v_place"), office=bindparam("v_office"))
_UPDATE_PROJECTION = update(projections).where(projections.c.case_id == bindparam("w_case_id")).values(
    version=bindparam("v_version"), scenario=bindparam("v_scenario"), problems=bindparam("v_problems"),
    last_hash=bindparam("v_last_hash"))
# PostgreSQL: the whole write of an append in one statement (one round trip instead of one per
# entry plus two): the entries (in seq order, so their global positions follow the log), the
# case's row and its projection. Data-modifying CTEs all run, atomically, with the statement.
_PG_APPEND = text("""
WITH new_entries AS (
    INSERT INTO entries (case_id, seq, form, entry, schema_version, recorded_at, recorded_by, office, hash, seal)
    SELECT :case_id, e.seq, e.form, e.entry, :schema_version, :recorded_at, :recorded_by, :office, e.hash, e.seal
    FROM unnest(CAST(:seqs AS integer[]), CAST(:forms AS text[]), CAST(:entries AS text[]),
                CAST(:hashes AS text[]), CAST(:seals AS text[])) AS e(seq, form, entry, hash, seal)
    ORDER BY e.seq
), case_row AS (
    UPDATE cases SET version = :version, regime = :regime, occurred = :occurred, place = :place, office = :new_office
    WHERE id = :case_id
), seal_row AS (
    UPDATE seals SET seq = :s_seq, hash = :s_hash, office = :s_office, key_id = :s_key_id, mac = :s_mac
    WHERE case_id = :case_id
)
UPDATE projections SET version = :version, scenario = :scenario, problems = :problems, last_hash = :last_hash
WHERE case_id = :case_id
""")


@dataclass(frozen=True)
class _Validated:
    """An append validated on the case at ``version`` (and its projection at ``p_version``)."""

    version: int
    p_version: int | None
    batch: list[dict]
    doc: dict[str, Any]
    remaining: list[Problem]
    incremental: bool
    fresh: bool
    office: str = ""              # the case's office after the entries (a move changes it)


@dataclass(frozen=True)
class User:
    """A user of the service: a clerk (書記) or a supervisor of one office."""

    name: str
    office: str
    role: str


def now_text() -> str:
    """``recorded_at``: UTC, ISO 8601, microseconds, ``Z``."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _suffix(problems: list[Problem], k: int | None) -> list[Problem]:
    return problems if k is None else [(p, f"{m} (entry {k} of the list)") for p, m in problems]


def _stored(text_: str, what: str) -> Any:
    """A stored JSON text, parsed; a row that is not JSON is :class:`CorruptData` (exit 5, HTTP 503)."""
    try:
        return canonical.loads(text_)
    except (ValueError, TypeError):
        raise CorruptData(what) from None


def ordered(doc: dict[str, Any]) -> dict[str, Any]:
    """A scenario document with its top-level keys in SCENARIO.md's order."""
    out = {k: doc[k] for k in TOP_ORDER if k in doc}
    out.update((k, v) for k, v in doc.items() if k not in out)
    return out


class Store(OfficeMethods):
    """The case log in one database (repository and unit of work in one)."""

    def __init__(self, engine: Engine, read_engine: Engine | None = None):
        self.engine = engine
        # reads that may lag (the board, the due lists) go to a streaming replica (.replica)
        self.replica = None
        if read_engine is not None:
            from .replica import Replica

            self.replica = Replica(engine, read_engine)
        self._secret: bytes | None = None
        self._texts = ProjectionTexts()
        self.checkpoint = Checkpoint(engine)
        #: cases this process found failing their seal (``/health`` reports them)
        self.tampered: set[str] = set()
        # this process's writers commit in groups (.groupcommit): SQLite takes one writer of a file
        # at a time, and every commit waits for the disk on SQLite and PostgreSQL alike
        grouped = db.serialised_file(engine) is not None or engine.dialect.name == "postgresql"
        self._group = GroupCommit(lambda: self._tx(write=True)) if grouped else None

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

    # --- units of work ---------------------------------------------------------------
    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Connection]:
        """A unit of work."""
        with _database_errors(), db.transaction(self.engine, write) as conn:
            yield conn

    def _lagging(self, read: Callable[[Connection], Any]) -> Any:
        """``read(conn)`` in a reading unit of work that may lag: on the replica when there is one
        and it has replayed the caller's own writes (.replica), else here."""
        if self.replica is None:
            with self._tx() as conn:
                return read(conn)

        @contextmanager
        def reading(engine: Engine) -> Iterator[Connection]:
            with db.transaction(engine, False) as conn:
                yield conn

        with _database_errors():
            return self.replica.run(read, reading)

    def _write(self, work: Callable[[Connection], Any]) -> Any:
        """Run ``work(conn)`` in a write transaction and return its result once committed."""
        if self._group is not None:
            with _database_errors():   # a unit's own database error reaches its caller unwrapped
                return self._group.run(work)
        with self._tx(write=True) as conn:
            return work(conn)

    def _case(self, conn: Connection, case_id: str, office: str | None):
        return self._sealed(_visible(conn.execute(_CASE, {"case_id": case_id}).first(), case_id, office))

    def _not_behind(self, row) -> None:
        """Nothing is built on a case the database has behind this host's checkpoint."""
        seq = self.checkpoint.newest_seq(row.id)
        if seq is not None and seq > row.version:
            self.tampered.add(row.id)
            raise Tampered(row.id, f"this host's checkpoint has it at seq {seq}, the database at {row.version}: "
                                   "a restore went back in time (`db accept-restore` if on purpose)")

    def _advance(self, mark: Mark) -> None:
        """This host's checkpoint after a commit (checkpoint.py). The entry is committed whatever
        happens here: a data folder that cannot be written is logged, never the caller's error."""
        try:
            self.checkpoint.advance([mark])
        except OSError as exc:
            import logging

            logging.getLogger("wreckmaster.store").error("checkpoint not written (%s): %s", self.checkpoint.folder,
                                                         exc.strerror or exc)

    @staticmethod
    def _seal_problem(row) -> str | None:
        sealed = None if row.s_seq is None else _SealView(row.id, row.s_seq, row.s_hash, row.s_office,
                                                          row.s_key_id, row.s_mac)
        return seals.problem_of_head(sealed, row.version, row.head_hash, row.office)

    def _sealed(self, row):
        """The case's row if its head agrees with its seal; else :class:`Tampered` (nothing is
        read or built on it). ``row`` carries the case's id, version, office and _SEAL_COLUMNS."""
        problem = self._seal_problem(row)
        if problem is not None:
            if row.id not in self.tampered:   # once per case and process: a client cannot flood the log
                import logging

                logging.getLogger("wreckmaster.store").error("case %s fails its seal: %s", row.id, problem)
            self.tampered.add(row.id)
            raise Tampered(row.id, problem)
        return row

    def _log(self, conn: Connection, case_id: str, upto: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        q = select(log_table.c.seq, log_table.c.entry).where(log_table.c.case_id == case_id)
        if upto is not None:
            q = q.where(log_table.c.seq <= upto)
        return [(s, _stored(t, f"entry {s} of case {case_id}")) for s, t in conn.execute(q.order_by(log_table.c.seq))]

    # --- opening and recording -------------------------------------------------------
    def open_case(self, doc: dict, office: str = "local", recorded_by: str = "local") -> tuple[str, int]:
        """Open a case from a scenario (its first report): ``(case id, 1)``."""
        (entry,) = fold.prepare([{"open": doc}])
        problems = fold.check_form(entry, 1, {}, set())
        if problems:
            raise InvalidEntry([(p.removeprefix("/open") or "/", m) for p, m in problems])
        folded, _ = fold.apply(None, entry)
        problems = engine_bridge.problems_of(folded)
        if problems:
            raise InvalidEntry(problems)
        entry_text = canonical.dumps(entry)
        at = now_text()
        scenario_text = canonical.dumps(folded)

        def work(conn: Connection) -> Mark:
            if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                raise NotFound("office", office)
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(1179403647)"))
            num = self._next_num(conn)
            case_id = f"{at[:4]}-{num:04d}"
            if self.checkpoint.newest_seq(case_id) is not None:
                raise Tampered(case_id, "this host gave that id already: the database is behind this host's "
                                        "checkpoint, a restore went back in time (`db accept-restore` if on purpose)")
            conn.execute(insert(cases).values(
                id=case_id, num=num, office=office, regime=str(folded.get("regime")),
                occurred=_occurred(folded), place=_place(folded), version=1, opened_at=at))
            digest = canonical.entry_hash(canonical.GENESIS, case_id, 1, at, recorded_by, entry_text)
            self._insert_entry(conn, case_id, 1, "open", entry_text, at, recorded_by, office, digest)
            conn.execute(insert(projections).values(
                case_id=case_id, version=1, scenario=scenario_text, problems="[]", last_hash=digest))
            conn.execute(insert(seal_table).values(**seals.head_row(seals.Head(case_id, 1, digest, office))))
            readmodels.refresh(conn, case_id, num, office, folded, [])
            return Mark(case_id, num, 1, digest)

        for attempt in range(5):
            try:
                mark = self._write(work)
                self._advance(mark)
                return mark.case, 1
            except IntegrityError:
                if attempt == 4:
                    raise DatabaseProblem("could not allocate a case id (too many concurrent opens)") from None
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def _next_num(conn: Connection) -> int:
        """The next case number, from the sealed count of cases ever opened (seals.py), which it
        seals anew: a case deleted behind wreckmaster's back never gives its id to another.
        Callers serialise opens (SQLite's writer lock; PostgreSQL's advisory lock)."""
        row = conn.execute(select(case_count).where(case_count.c.id == 1)).first()
        highest = conn.execute(select(func.max(cases.c.num))).scalar() or 0
        num = max(highest, row.cases if row is not None else 0) + 1
        if row is None:
            conn.execute(insert(case_count).values(**seals.count_row(num)))
        else:
            conn.execute(update(case_count).where(case_count.c.id == 1).values(**seals.count_row(num)))
        return num

    def _insert_entry(self, conn: Connection, case_id: str, seq: int, form: str, entry_text: str, at: str,
                      by: str, office: str, digest: str) -> None:
        values = dict(case_id=case_id, seq=seq, form=form, entry=entry_text, schema_version=SCHEMA_VERSION,
                      recorded_at=at, recorded_by=by, office=office, hash=digest,
                      seal=seals.entry_seal(case_id, seq, digest))
        conn.execute(_INSERT_ENTRY["sqlite" if conn.dialect.name == "sqlite" else "other"], values)

    def record(self, case_id: str, entries: list[dict] | dict, expect_version: int | None = None,
               recorded_by: str = "local", office: str | None = None, role: str = "supervisor",
               cancelled: Callable[[], bool] | None = None) -> int:
        """Append one entry (a dict) or a list of at most :data:`MAX_ENTRIES` entries (all or
        none); returns the new version.

        Raises, in this order: NotFound; Conflict (stale ``expect_version``); Forbidden (a clerk
        amends or retracts); InvalidEntry (every problem, for a list each ending
        ``(entry K of the list)``). The entries are validated before the write lock is taken (in a
        read transaction, in linear time: :mod:`.attribution`); under the lock the case's version
        is checked again and the validation redone only if another append came between.
        ``cancelled()`` turning true (the client went away) stops the work:
        :class:`~.attribution.Cancelled`, nothing stored."""
        single = isinstance(entries, dict)
        batch = [entries] if single else list(entries) if isinstance(entries, (list, tuple)) else None
        if batch is None:
            raise InvalidEntry([("", "expected an entry (a JSON object) or a list of entries")])

        def checks(row) -> None:
            if expect_version is not None and expect_version != row.version:
                raise Conflict(case_id, row.version, expect_version)
            if not batch:
                raise InvalidEntry([("", "an empty list records nothing")])
            if role != "supervisor" and any(fold.form_of(e) in fold.SUPERVISED for e in batch):
                raise Forbidden("amend, retract and move need a supervisor")
            if len(batch) > MAX_ENTRIES:
                raise InvalidEntry([("", f"at most {MAX_ENTRIES} entries in one list, got {len(batch)}")])

        # before the write lock, nothing waits on this: the case as it stands (one round trip)
        with _database_errors():
            row = db.read_row(self.engine, _CASE_WITH_PROJECTION, {"case_id": case_id})
        row = _visible(row, case_id, office)
        checks(row)
        prepared_batch = fold.prepare(batch)
        if _needs_log(row, prepared_batch):
            with self._tx() as conn:
                ready = self._validate_append(conn, row, prepared_batch, single, cancelled)
        else:
            ready = self._validate_append(None, row, prepared_batch, single, cancelled)

        def work(conn: Connection) -> Mark:
            row = self._case_to_append(conn, case_id, office)
            self._not_behind(row)
            checks(row)
            valid = ready if (ready.version, ready.p_version) == (row.version, row.p_version) else \
                self._validate_append(conn, row, prepared_batch, single, cancelled)
            return self._write_append(conn, row, valid, recorded_by)

        for attempt in range(5):
            try:
                mark = self._write(work)
                self._advance(mark)
                return mark.seq
            except IntegrityError:
                # another writer took the same seq (only without a lock): read again and retry
                if attempt == 4:
                    raise DatabaseProblem("too many concurrent writers on this case") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _case_to_append(self, conn: Connection, case_id: str, office: str | None):
        """The case's row, locked for the append (PostgreSQL: ``FOR UPDATE OF cases``; SQLite's
        writers are serialised already), with its projection's columns (``p_*``, None without one)
        and its seal's (checked: nothing is built on a case that fails its seal): one statement.

        On PostgreSQL a writer that waited for the lock gets the case's new row but the other
        tables' rows as its statement first saw them (READ COMMITTED re-checks only the locked
        row): when the seal seems not to agree, the row is read again, lock held, fresh."""
        row = _visible(conn.execute(_CASE_TO_APPEND, {"case_id": case_id}).first(), case_id, office)
        if conn.dialect.name == "postgresql" and self._seal_problem(row) is not None:
            row = _visible(conn.execute(_CASE_TO_APPEND, {"case_id": case_id}).first(), case_id, office)
        return self._sealed(row)

    def _validate_append(self, conn: Connection | None, row, batch: list[dict], single: bool,
                         cancelled: Callable[[], bool] | None = None) -> "_Validated":
        """Validate ``batch`` on the case at ``row`` (its version and projection): the folded
        document and what the projection keeps, or InvalidEntry. One fold and one validation of
        the result, whatever the list's length."""
        case_id, version = row.id, row.version
        has_retract = any(fold.form_of(e) == "retract" for e in batch)
        forms: dict[int, str] = {}
        retracted: set[int] = set()
        if has_retract:  # only a retract's checks look at the earlier entries (fold.check_form)
            forms = dict(conn.execute(select(log_table.c.seq, log_table.c.form).where(
                log_table.c.case_id == case_id)).all())
            retract_rows = conn.execute(select(log_table.c.entry).where(
                log_table.c.case_id == case_id, log_table.c.form == "retract")).scalars()
            retracted = {_stored(t, f"a retract of case {case_id}")["retract"] for t in retract_rows}
        problems: list[Problem] = []
        new_office = row.office
        for k, entry in enumerate(batch):
            seq = version + 1 + k
            found = fold.check_form(entry, seq, forms, retracted)
            if not found and fold.form_of(entry) == "move":
                found = self._check_move(conn, entry, new_office, single)
                new_office = entry["move"] if not found else new_office
            problems += _suffix(found, None if single else k)
            form = fold.form_of(entry) or "?"
            forms[seq] = form
            if not found and form == "retract":
                retracted.add(entry["retract"])
        if problems:
            raise InvalidEntry(problems)

        fresh = row.p_version is not None and row.p_version == version
        incremental = fresh and not has_retract
        steps = [(version + 1 + k, e) for k, e in enumerate(batch)]
        if incremental:
            baseline = {tuple(p) for p in canonical.loads(row.p_problems)}
            start, skip, base_fold = _stored(row.p_scenario, f"the projection of case {case_id}"), set(), []
        else:  # a retract changes the fold from the start: fold the whole log again
            log = self._log(conn, case_id)
            old_doc, old_fold_problems = fold.fold(log)
            baseline = set(old_fold_problems) | set(engine_bridge.problems_of(old_doc))
            skip = fold.retracted_seqs(log + steps)
            start, base_fold = fold.fold(log, skip=skip)
        doc, fold_problems, places, fold_entry = attribution.fold_list(start, steps, skip, cancelled)
        fold_problems = base_fold + fold_problems
        problems = [p for p in fold_problems + engine_bridge.problems_of(doc) if p not in baseline]
        if problems and incremental:
            # the log before this entry, judged by this wreckmaster: its own problems are not the
            # entry's (without the projection, the fold of the log is in the baseline already)
            baseline = set(baseline) | set(engine_bridge.problems_of(canonical.loads(row.p_scenario)))
            problems = [p for p in problems if p not in baseline]
        if problems:
            raise InvalidEntry(list(dict.fromkeys(problems)) if single
                               else attribution.attribute(problems, places, fold_entry, len(batch)))
        remaining = sorted(set(fold_problems) | set(engine_bridge.problems_of(doc))) if baseline else []
        return _Validated(row.version, row.p_version, batch, doc, remaining, incremental, fresh, new_office)

    def _write_append(self, conn: Connection, row, valid: "_Validated", recorded_by: str) -> Mark:
        """Store a validated append: its entries (hash-chained and sealed), the case's row, the
        projection and the sealed head; the mark the checkpoint advances to."""
        case_id, version, batch, doc = row.id, row.version, valid.batch, valid.doc
        texts = [canonical.dumps(e) for e in batch]
        scenario_text = (self._texts.after(case_id, row.p_scenario, doc, batch) if valid.incremental
                         else canonical.dumps(doc))
        at = now_text()
        previous = row.p_last_hash if valid.fresh else conn.execute(select(log_table.c.hash).where(
            log_table.c.case_id == case_id, log_table.c.seq == version)).scalar_one()
        new_entries = []
        for k, (entry, entry_text) in enumerate(zip(batch, texts)):
            seq = version + 1 + k
            previous = canonical.entry_hash(previous, case_id, seq, at, recorded_by, entry_text)
            new_entries.append((seq, fold.form_of(entry), entry_text, previous))
        new_version = version + len(batch)
        case_values = dict(version=new_version, regime=str(doc.get("regime")), occurred=_occurred(doc),
                           place=_place(doc), office=valid.office)
        projection = dict(version=new_version, scenario=scenario_text,
                          problems=canonical.dumps([list(p) for p in valid.remaining]), last_hash=previous)
        seal = seals.head_row(seals.Head(case_id, new_version, previous, valid.office))
        self._store_append(conn, row, new_entries, at, recorded_by, case_values, projection, seal)
        readmodels.refresh(conn, case_id, row.num, valid.office, doc, valid.remaining)
        return Mark(case_id, row.num, new_version, previous)

    def _check_move(self, conn: Connection | None, entry: dict, office: str, single: bool) -> list[Problem]:
        """A move (``{"move": OFFICE}``) names another office that exists, and is recorded alone."""
        target = entry["move"]
        if not single:
            return [("/move", "a move is recorded alone, not in a list")]
        if target == office:
            return [("/move", f"the case is in office {office!r} already")]
        if conn is None:  # validated before the write lock: the office is read in its own transaction
            with self._tx() as own:
                return self._check_move(own, entry, office, single)
        if conn.execute(select(offices.c.id).where(offices.c.id == target)).first() is None:
            raise NotFound("office", target)
        return []

    def _store_append(self, conn: Connection, row, new_entries: list[tuple[int, str, str, str]], at: str,
                      recorded_by: str, case_values: dict[str, Any], projection: dict[str, Any],
                      seal: dict[str, Any]) -> None:
        """Write an append: its entries ``(seq, form, text, hash)`` (each with its seal), the case's
        row, its projection and its sealed head (seals.py: the one row more an append writes).
        On PostgreSQL with a projection to update, one statement (:data:`_PG_APPEND`): each
        statement is a round trip to the server, and an append's time went into waiting for them."""
        case_id = row.id
        if conn.dialect.name == "postgresql" and row.p_version is not None:
            seqs, forms, texts, hashes = (list(column) for column in zip(*new_entries))
            entry_seals = [seals.entry_seal(case_id, q, h) for q, h in zip(seqs, hashes)]
            values = {k: v for k, v in case_values.items() if k != "office"}
            conn.execute(_PG_APPEND, {
                "case_id": case_id, "schema_version": SCHEMA_VERSION, "recorded_at": at,
                "recorded_by": recorded_by, "office": row.office, "seqs": seqs, "forms": forms,
                "entries": texts, "hashes": hashes, "seals": entry_seals, "new_office": case_values["office"],
                **values, **projection, **{f"s_{k}": seal[k] for k in ("seq", "hash", "office", "key_id", "mac")}})
            return
        for seq, form, entry_text, digest in new_entries:
            self._insert_entry(conn, case_id, seq, form, entry_text, at, recorded_by, row.office, digest)
        conn.execute(_UPDATE_CASE, {"w_case_id": case_id, **{f"v_{k}": v for k, v in case_values.items()}})
        conn.execute(_UPDATE_SEAL, {"w_case_id": case_id, **{f"v_{k}": seal[k]
                                                              for k in ("seq", "hash", "office", "key_id", "mac")}})
        if row.p_version is None:
            conn.execute(insert(projections).values(case_id=case_id, **projection))
        else:
            conn.execute(_UPDATE_PROJECTION, {"w_case_id": case_id, **{f"v_{k}": v for k, v in projection.items()}})

    # --- reading ---------------------------------------------------------------------
    def version(self, case_id: str, office: str | None = None) -> int:
        """The case's version (NotFound for another office's case, as for a missing one)."""
        with _database_errors():
            row = db.read_row(self.engine, _VERSION, {"case_id": case_id})
        return self._sealed(_visible(row, case_id, office)).version

    def history(self, case_id: str, office: str | None = None) -> list[dict]:
        """The log: ``[{seq, recorded_at, recorded_by, entry, hash}]`` (numbers as
        :class:`~.canonical.LiteralNumber`: print with :func:`.canonical.pretty`)."""
        with self._tx() as conn:
            self._case(conn, case_id, office)
            q = select(log_table.c.seq, log_table.c.recorded_at, log_table.c.recorded_by, log_table.c.entry,
                       log_table.c.hash).where(log_table.c.case_id == case_id).order_by(log_table.c.seq)
            return [{"seq": r.seq, "recorded_at": r.recorded_at, "recorded_by": r.recorded_by,
                     "entry": _stored(r.entry, f"entry {r.seq} of case {case_id}"), "hash": r.hash}
                    for r in conn.execute(q)]

    def _folded(self, conn: Connection, row, version: int | None) -> tuple[dict[str, Any], list[Problem]]:
        """The fold at ``version`` (default the case's) and a stored log's problems, if any."""
        if version is not None and not 1 <= version <= row.version:
            raise InvalidEntry([("/version", f"case {row.id} has versions 1 to {row.version}, not {version}")])
        if version is None or version == row.version:
            proj = conn.execute(select(projections).where(projections.c.case_id == row.id)).first()
            if proj is not None and proj.version == row.version:
                what = f"the projection of case {row.id}"
                return _stored(proj.scenario, what), [tuple(p) for p in _stored(proj.problems, what)]
        doc, problems = fold.fold(self._log(conn, row.id, version))
        return doc, problems + engine_bridge.problems_of(doc)

    def _office_days(self, conn: Connection, office: str, doc: dict[str, Any]) -> None:
        """The office's closing days into the case (``case.closed_days``, sorted ISO dates;
        no key when there are none, so the export of an office without any stays as it was)."""
        doc.update(readmodels.with_office_days(conn, office, doc))

    def export(self, case_id: str, as_of: date | None = None, version: int | None = None,
               office: str | None = None) -> dict:
        """The scenario of the case (SCENARIO.md) with ``as_of`` set (default today)."""
        with self._tx() as conn:
            row = self._case(conn, case_id, office)
            doc, _ = self._folded(conn, row, version)
            self._office_days(conn, row.office, doc)
            when = as_of or self.office_today(row.office, conn)
        doc["as_of"] = when.isoformat()
        return ordered(doc)

    def _assessable(self, case_id, as_of, version, office):
        with self._tx() as conn:
            row = self._case(conn, case_id, office)
            doc, stored = self._folded(conn, row, version)
            self._office_days(conn, row.office, doc)
            when = as_of or self.office_today(row.office, conn)
        doc["as_of"] = when.isoformat()
        return ordered(doc), stored, when

    def scenario(self, case_id: str, as_of: date | None = None, version: int | None = None,
                 office: str | None = None):
        """The validated :class:`~wreckmaster.law.scenario.Scenario` of the case (InvalidEntry if
        the stored log no longer validates or ``as_of`` is before the casualty)."""
        from wreckmaster.law.scenario import InvalidScenario

        doc, _, _ = self._assessable(case_id, as_of, version, office)
        try:
            return engine_bridge.validate_doc(doc)
        except InvalidScenario as exc:
            raise InvalidEntry(list(exc.problems)) from None

    def assessment(self, case_id: str, as_of: date | None = None, version: int | None = None,
                   office: str | None = None) -> dict:
        """Exactly ``assess --format json`` of ``export`` with the same arguments."""
        from wreckmaster.law.scenario import InvalidScenario

        doc, stored, when = self._assessable(case_id, as_of, version, office)
        try:
            scenario = engine_bridge.validate_doc(doc)
        except InvalidScenario as exc:
            # the log's own problems (judged by this wreckmaster) are findings; the others are the arguments'
            base = {k: v for k, v in doc.items() if k != "as_of"}
            stored = list(dict.fromkeys(list(stored) + engine_bridge.problems_of(base)))
            new = [p for p in exc.problems if tuple(p) not in set(stored)]
            if new or not stored:
                raise InvalidEntry(new or list(exc.problems)) from None
            return engine_bridge.refused_assessment(str(doc.get("regime")), when, stored)
        return engine_bridge.assess(scenario, when).to_json()

    def _office_exists(self, conn: Connection, office: str | None) -> None:
        if office is not None and conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
            raise NotFound("office", office)

    def list_cases(self, office: str | None = None) -> list[dict]:
        with self._tx() as conn:
            self._office_exists(conn, office)
            q = select(cases).order_by(cases.c.num)
            if office is not None:
                q = q.where(cases.c.office == office)
            return [{"case": r.id, "regime": r.regime, "office": r.office, "place": r.place,
                     "occurred": r.occurred, "version": r.version} for r in conn.execute(q)]

    # --- the clerk's day and the notice board (.readmodels) ---------------------------
    def _current_docs(self, office: str | None) -> list[tuple[Any, dict[str, Any], list[Problem]]]:
        return self._lagging(lambda conn: self._current_docs_on(conn, office))

    def _current_docs_on(self, conn: Connection, office: str | None) -> list[tuple[Any, dict[str, Any], list[Problem]]]:
        self._office_exists(conn, office)
        q = select(cases, projections.c.scenario, projections.c.problems,
                   projections.c.version.label("pversion")).join(
            projections, projections.c.case_id == cases.c.id, isouter=True).order_by(cases.c.num)
        if office is not None:
            q = q.where(cases.c.office == office)
        closed = set(conn.execute(select(office_closed_days.c.office).distinct()).scalars())
        out = []
        for r in conn.execute(q).all():
            if r.scenario is not None and r.pversion == r.version:
                what = f"the projection of case {r.id}"
                doc, problems = _stored(r.scenario, what), [tuple(p) for p in _stored(r.problems, what)]
            else:
                doc, problems = fold.fold(self._log(conn, r.id))
            if r.office in closed:
                self._office_days(conn, r.office, doc)
            out.append((r, doc, problems))
        return out

    def due(self, as_of: date, within: int = 30, office: str | None = None, local: bool = False) -> list[dict]:
        """Deadlines pending (due within ``within`` days of ``as_of``) or missed, across the cases,
        soonest first: ``[{case, duty, party, due, status, cites}]`` (CASE.md's row, exactly), from
        the read models (:mod:`.readmodels`).

        ``local``: each row also carries ``duty_local`` (the duty in the case's language) and
        ``lang`` (that language), for what people read — the table, the calendar, the pages;
        the JSON of ``case due`` and ``GET /api/due`` keeps the contract's row."""
        def read(conn: Connection) -> list[dict]:
            self._office_exists(conn, office)
            return readmodels.due(conn, as_of, within, office, local)

        return self._lagging(read)   # a read that may lag: the replica when there is one

    def notices(self, as_of: date, filters: "readmodels.NoticeFilter | None" = None, limit: int | None = None,
                after: tuple[int, int] | None = None) -> list[dict]:
        """Items under public notice on ``as_of``, all offices:
        ``[{office, case, item, description, kind, found_on, place, claim_until}]`` (no person's name),
        from the read models; :meth:`notice_page` pages them."""
        return self.notice_page(as_of, filters, limit, after)[0]

    def notice_page(self, as_of: date, filters: "readmodels.NoticeFilter | None" = None, limit: int | None = None,
                    after: tuple[int, int] | None = None) -> tuple[list[dict], tuple[int, int] | None]:
        """A page of :meth:`notices` that pass ``filters`` (CASE.md 1.1) and the position after it (None: the last)."""
        def read(conn: Connection) -> tuple[list[dict], tuple[int, int] | None]:
            if filters is not None:
                self._office_exists(conn, filters.office)
            return readmodels.notices(conn, as_of, filters or readmodels.NoticeFilter(), limit, after)

        return self._lagging(read)   # the public board: the replica when there is one

    def rebuild_read_models(self) -> int:
        """``wreckmaster db rebuild``: every read model again from the logs; returns the cases."""
        with self._tx(write=True) as conn:
            return readmodels.rebuild(conn)

    # --- tamper evidence -------------------------------------------------------------
    def verify(self, case_id: str | None = None) -> dict:
        """Recompute every hash of one case's chain or all, check each entry's and each head's
        seal, the sealed count of cases and this host's checkpoint (:mod:`.audit`), and that the
        projections agree with the log. ``{"ok": bool, "tampered": [{case, seq}], "projections":
        [{case, problem}]}``, and ``"seals": [{case, seq, problem}]`` (why) when something failed."""
        from . import audit

        found = audit.Findings()
        stale: list[dict] = []
        marks = self.checkpoint.marks()
        with self._tx() as conn:
            rows = audit.case_rows(conn, case_id)
            sealed = audit.seal_rows(conn, case_id)
            if case_id is not None:
                marks = {k: v for k, v in marks.items() if k == case_id}
                if not rows and case_id not in sealed and case_id not in marks:
                    raise NotFound("case", case_id)
            if case_id is None or not rows:
                audit.missing_cases(found, conn, {r.id: r.num for r in rows}, sealed, marks, whole=case_id is None)
            for r in rows:
                chain = audit.log_rows(conn, r.id)
                by_seq = {e.seq: e.hash for e in chain}
                intact = audit.chain(found, r.id, r.version, chain)
                audit.checkpoint(found, r, marks.get(r.id), by_seq.get)   # a tail this host remembers comes first
                intact = audit.head(found, r, sealed.get(r.id), by_seq.get(r.version)) and intact
                if not intact:
                    continue
                problem = self._projection_problem(conn, r, chain)
                if problem is None:  # the projection is the fold: the read models are checked against it
                    proj = conn.execute(select(projections.c.scenario, projections.c.problems).where(
                        projections.c.case_id == r.id)).first()
                    problem = readmodels.check(conn, r.id, r.num, r.office, canonical.loads(proj.scenario),
                                               canonical.loads(proj.problems))
                if problem:
                    stale.append({"case": r.id, "problem": problem})
        out = {"ok": not found.tampered and not stale, "tampered": found.tampered, "projections": stale}
        if found.reasons:   # why, in words (only when something failed: an intact database prints as before)
            out["seals"] = found.reasons
        return out

    def _projection_problem(self, conn: Connection, r, chain: list) -> str | None:
        """Why the case's cached fold or list row disagrees with its (intact) log, or None."""
        proj = conn.execute(select(projections).where(projections.c.case_id == r.id)).first()
        doc, _ = fold.fold([(e.seq, canonical.loads(e.entry)) for e in chain])
        if proj is None:
            return "no projection"
        if proj.version != r.version:
            return f"projection at version {proj.version}, case at {r.version}"
        if proj.scenario != canonical.dumps(doc):
            return "projected scenario differs from the fold of the log"
        if proj.last_hash != (chain[-1].hash if chain else None):
            return "projection's last hash differs from the log"
        if (r.regime, r.occurred, r.place) != (str(doc.get("regime")), _occurred(doc), _place(doc)):
            return "case list row differs from the fold of the log"
        return None

    def heads(self) -> list[Mark]:
        """Every case's head as the database has it (``db accept-restore``)."""
        with self._tx() as conn:
            return [Mark(r.id, r.num, r.version, r.hash) for r in conn.execute(
                select(cases.c.id, cases.c.num, cases.c.version, log_table.c.hash).join(
                    log_table, (log_table.c.case_id == cases.c.id) & (log_table.c.seq == cases.c.version)))]

    def accept_restore(self) -> dict:
        """Acknowledge a restore made on purpose: this host's checkpoint becomes the database's
        heads. ``{"accepted": [{case, checkpoint, database}]}`` — the cases it was ahead on."""
        heads = {m.case: m for m in self.heads()}
        marks = self.checkpoint.marks()
        ahead = [{"case": c, "checkpoint": m.seq, "database": heads[c].seq if c in heads else None}
                 for c, m in sorted(marks.items())
                 if c not in heads or heads[c].seq < m.seq or (heads[c].seq == m.seq and heads[c].hash != m.hash)]
        highest = max((m.num for m in marks.values() if m.num is not None), default=0)

        def work(conn: Connection) -> None:
            # the cases the restore lost keep their numbers, so their ids are never given again: each
            # gets a sealed tombstone (seals.lost_row) and the count covers them
            for c, m in marks.items():
                if c not in heads and m.num is not None:
                    conn.execute(delete(seal_table).where(seal_table.c.case_id == c))
                    conn.execute(insert(seal_table).values(**seals.lost_row(c, m.num)))
            row = conn.execute(select(case_count).where(case_count.c.id == 1)).first()
            if row is not None and row.cases < highest:
                conn.execute(update(case_count).where(case_count.c.id == 1).values(**seals.count_row(highest)))

        self._write(work)
        self.checkpoint.reset(list(heads.values()))
        return {"accepted": ahead}

    # --- the persons register and the ledger (issue 28: .persons) ---------------------
    @property
    def persons(self):
        """The offices' persons register (:class:`.persons.PersonsRegister`)."""
        from .persons import PersonsRegister

        return PersonsRegister(self)

    def ledger(self, as_of: date, office: str | None = None, person: str | None = None) -> dict:
        """The officials' ledger on ``as_of`` over the office's cases (all offices without one)."""
        from .persons import ledger

        return ledger(self, self._current_docs(office), as_of, office, person)

    # --- users (offices: office_store.py) -------------------------------------------
    def _token_hash(self, conn: Connection | None, token: str) -> str:
        if self._secret is None:
            if conn is None:
                with self._tx() as c:
                    return self._token_hash(c, token)
            self._secret = conn.execute(select(settings.c.value).where(settings.c.key == "token_secret")).scalar_one().encode()
        return hmac.new(self._secret, token.encode("utf-8"), hashlib.sha256).hexdigest()

    def add_user(self, name: str, office: str, role: str = "clerk", password: str | None = None) -> str:
        """Create a user; returns its API token (shown once: only a keyed hash is stored)."""
        problems = []
        if not isinstance(name, str) or not name.strip() or len(name) > 128:
            problems.append(("/user", "expected a user name of 1 to 128 characters"))
        if role not in ROLES:
            problems.append(("/role", f"expected clerk or supervisor, got {role!r}"))
        if problems:
            raise InvalidEntry(problems)
        password_hash = None
        if password is not None:
            password_hash = logins.hash_password(password)
        token = secrets.token_urlsafe(32)  # 256 random bits
        try:
            with self._tx(write=True) as conn:
                if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                    raise NotFound("office", office)
                if conn.execute(select(users.c.name).where(users.c.name == name)).first():
                    raise InvalidEntry([("/user", f"user {name!r} exists already")])
                conn.execute(insert(users).values(name=name, office=office, role=role,
                                                  token_hash=self._token_hash(conn, token),
                                                  password_hash=password_hash, created_at=now_text()))
        except IntegrityError:
            raise InvalidEntry([("/user", f"user {name!r} exists already")]) from None
        return token

    def users(self, office: str | None = None) -> list[dict]:
        """The users, never their tokens: ``[{user, office, role, active}]``."""
        with self._tx() as conn:
            q = select(users.c.name, users.c.office, users.c.role, users.c.revoked_at).order_by(users.c.name)
            if office is not None:
                q = q.where(users.c.office == office)
            return [{"user": r.name, "office": r.office, "role": r.role, "active": r.revoked_at is None}
                    for r in conn.execute(q)]

    def _set_token(self, name: str, *, revoke: bool) -> str:
        """Replace the user's token by a new one (returned; stored as its keyed hash) and either
        revoke the user (``revoked_at`` set, password cleared) or make it active again."""
        token = secrets.token_urlsafe(32)
        with self._tx(write=True) as conn:
            values: dict[str, Any] = {"token_hash": self._token_hash(conn, token),
                                      "revoked_at": now_text() if revoke else None,
                                      "session_epoch": users.c.session_epoch + 1}   # every web session ends
            if revoke:
                values["password_hash"] = None
            done = conn.execute(update(users).where(users.c.name == name).values(**values))
            if done.rowcount != 1:
                raise NotFound("user", name)
        return token

    def revoke_user(self, name: str) -> None:
        """The user's token and password stop working (the service's cache forgets within
        seconds: ``service/auth.py``); what it recorded keeps its name."""
        self._set_token(name, revoke=True)

    def new_token(self, name: str) -> str:
        """A new token for the user (shown once), which makes a revoked user active again; the
        old token stops working."""
        return self._set_token(name, revoke=False)

    def active_user(self, name: str) -> User | None:
        """The user of that name if it exists and is not revoked (web sessions ask it)."""
        with self._tx() as conn:
            r = conn.execute(select(users).where(users.c.name == name, users.c.revoked_at.is_(None))).first()
            return User(r.name, r.office, r.role) if r is not None else None

    def user_for_token(self, token: str) -> User | None:
        if not isinstance(token, str) or not token:
            return None
        with self._tx() as conn:
            r = conn.execute(select(users).where(users.c.token_hash == self._token_hash(conn, token),
                                                 users.c.revoked_at.is_(None))).first()
            return User(r.name, r.office, r.role) if r is not None else None

    def user_for_password(self, name: str, password: str) -> User | None:
        """The active user whose password this is; an unknown name costs the same argon2 check
        (``logins.verify``). The service's logins go through :meth:`login_started` instead."""
        stored, user, _ = self.login_started(name, None)
        return user if logins.verify(stored, password) else None

    # --- web logins and sessions (issue 24: store/logins.py) ------------------------------
    def login_started(self, name: str | None, address: str | None) -> tuple[str | None, User | None, float]:
        """``(password hash, user, wait)`` for a login attempt: the hash is None for a name that
        does not exist or is revoked (check the password against the dummy all the same); ``wait``
        the seconds the back-off still asks of this name or address (0: go on)."""
        with self._tx() as conn:
            wait = logins.blocked(conn, name, address)
            if name is None:
                return None, None, wait
            r = conn.execute(select(users).where(users.c.name == name)).first()
        if r is None or r.revoked_at is not None or not r.password_hash:
            return None, None, wait
        return r.password_hash, User(r.name, r.office, r.role), wait

    def login_finished(self, name: str | None, address: str | None, ok: bool) -> None:
        """Count a failed login against the name and the address, or clear both after a good one."""
        with self._tx(write=True) as conn:
            (logins.succeeded if ok else logins.failed)(conn, name, address)

    def set_password(self, name: str, password: str) -> None:
        """A new password for the user (argon2); every web session issued before ends."""
        if not isinstance(password, str) or not password or len(password) > 1024:
            raise InvalidEntry([("/password", "expected a password of 1 to 1024 characters")])
        digest = logins.hash_password(password)
        with self._tx(write=True) as conn:
            done = conn.execute(update(users).where(users.c.name == name, users.c.revoked_at.is_(None)).values(
                password_hash=digest, session_epoch=users.c.session_epoch + 1))
            if done.rowcount != 1:
                raise NotFound("user", name)

    def end_sessions(self, name: str) -> None:
        """Every web session of the user issued until now ends (logout)."""
        with self._tx(write=True) as conn:
            logins.end_sessions(conn, name)

    def session_user(self, name: str) -> tuple[User, int] | None:
        """``(user, session epoch)`` of an active user, None for a missing or revoked one."""
        with self._tx() as conn:
            found = logins.session_epoch(conn, name)
        if found is None:
            return None
        r, epoch = found
        return User(r.name, r.office, r.role), epoch


def _needs_log(row, batch: list[dict]) -> bool:
    """Whether validating ``batch`` reads the log (a retract, or no projection at the case's
    version); otherwise the case's row and projection are all it needs."""
    return row.p_version != row.version or any(fold.form_of(e) == "retract" for e in batch)


@contextmanager
def _database_errors() -> Iterator[None]:
    """The database's own errors as :class:`DatabaseProblem` (one line); the store's errors, and
    an IntegrityError (which the writers retry on), pass as they are."""
    try:
        yield
    except (StoreError, IntegrityError):
        raise
    except SQLAlchemyError as exc:
        raise DatabaseProblem(db._one_line(exc)) from None


def _visible(row, case_id: str, office: str | None):
    """The case's row, or NotFound — also for another office's case, exactly as for a missing one
    (CASE.md)."""
    if row is None or (office is not None and row.office != office):
        raise NotFound("case", case_id)
    return row


def _occurred(doc: dict[str, Any]) -> str | None:
    case = doc.get("case")
    v = case.get("occurred") if isinstance(case, dict) else None
    return str(v) if v is not None else None


def _place(doc: dict[str, Any]) -> str | None:
    case = doc.get("case")
    v = case.get("place") if isinstance(case, dict) else None
    return str(v) if v is not None else None


class _SealView(tuple):
    """A ``seals`` row read through a join (``s_*`` columns)."""

    __slots__ = ()
    case_id = property(lambda self: self[0])
    seq = property(lambda self: self[1])
    hash = property(lambda self: self[2])
    office = property(lambda self: self[3])
    key_id = property(lambda self: self[4])
    mac = property(lambda self: self[5])

    def __new__(cls, *values):
        return super().__new__(cls, values)


def open_store(url: str | None = None, read_url: str | None = None) -> Store:
    """The case log at ``url`` (None: ``$WRECKMASTER_DB``, else the SQLite file in the user's
    data folder). A new SQLite file is migrated here; any other unmigrated database raises
    :class:`DatabaseProblem` (run ``wreckmaster db upgrade``). ``read_url``: a streaming replica
    of that PostgreSQL database for the reads that may lag (:mod:`.replica`)."""
    engine = db.make_engine(url)
    db.ensure_ready(engine)
    if not read_url:
        store = Store(engine)
        readmodels.ensure_current(engine, lambda: store._tx(write=True))
        return store
    read_engine = db.make_engine(read_url)
    if engine.dialect.name != "postgresql" or read_engine.dialect.name != "postgresql":
        engine.dispose()
        read_engine.dispose()
        raise DatabaseProblem("--read-db needs PostgreSQL: a streaming replica of the --db database")
    store = Store(engine, read_engine)
    readmodels.ensure_current(engine, lambda: store._tx(write=True))
    return store
