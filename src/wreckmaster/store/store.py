"""The case log (CASE.md): cases that grow entry by entry, in SQLite or PostgreSQL.

:class:`Store` is the facade the CLI, the service and the pages call. Every public method is
one unit of work (:mod:`.unit_of_work`: one database transaction, its sealed heads and read
models, commit or rollback) on the case's rows (:mod:`.repository`: the log, the case's row,
the cached fold in ``projections``). What is decided here: validating an append before and
under the write lock (:meth:`Store.record`), reading a case as of a day or a version,
``case verify``. A case's scenario is the fold of its log (:mod:`.fold`); its assessment is the
engine's, unchanged (:mod:`.engine_bridge`). Users and their credentials: :mod:`.auth`;
offices: :mod:`.office_store`; the read models: :mod:`.readmodels`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Callable

from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from . import attribution, canonical, db, engine_bridge, fold, readmodels, repository, seals
from .auth import ROLES, AuthMethods, User  # noqa: F401 - the store's public face keeps its names
from .checkpoint import Checkpoint, Mark
from .office_store import OfficeMethods
from .errors import Conflict, DatabaseProblem, Forbidden, InvalidEntry, NotFound, Tampered
from .models import case_count, cases, offices, projections
from .models import entries as log_table
from .models import seals as seal_table
from .repository import (_CASE_WITH_PROJECTION, _INSERT_ENTRY, _VERSION, now_text,  # noqa: F401 - backup.py
                         occurred as _occurred, place as _place, stored as _stored, visible as _visible)
from .unit_of_work import UnitOfWork, database_errors as _database_errors

Problem = tuple[str, str]
MAX_ENTRIES = 1000   # entries in one appended list (the API and docs/service.md say so)
TOP_ORDER = ("format", "regime", "as_of", "case", "parties", "persons", "items", "expenses", "events", "coast")


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
    scenario: Any = None          # the validated Scenario of ``doc`` (None: it has problems), for the read models


def _suffix(problems: list[Problem], k: int | None) -> list[Problem]:
    return problems if k is None else [(p, f"{m} (entry {k} of the list)") for p, m in problems]


def ordered(doc: dict[str, Any]) -> dict[str, Any]:
    """A scenario document with its top-level keys in SCENARIO.md's order."""
    out = {k: doc[k] for k in TOP_ORDER if k in doc}
    out.update((k, v) for k, v in doc.items() if k not in out)
    return out


class Store(AuthMethods, OfficeMethods):
    """The case log in one database: its public methods are the facade that the CLI, the service
    and the pages call; each is one unit of work (:mod:`.unit_of_work`) on the case's rows
    (:mod:`.repository`), the read models beside them (:mod:`.readmodels`), the users'
    credentials in :mod:`.auth`."""

    def __init__(self, engine: Engine, read_engine: Engine | None = None):
        self.engine = engine
        self.uow = UnitOfWork(engine, read_engine)
        self.replica = self.uow.replica
        self.checkpoint = Checkpoint(engine)
        #: cases this process found failing their seal (``/health`` reports them)
        self.tampered: set[str] = set()

    def close(self) -> None:
        self.uow.close()

    def write_position(self) -> str | None:
        """With a replica: the primary's WAL position after the commits acknowledged so far (the
        service hands it to the caller, whose later reads then see his writes). Else None."""
        return self.uow.write_position()

    # --- units of work (.unit_of_work) -----------------------------------------------
    def _tx(self, write: bool = False):
        """A unit of work (a context manager giving the transaction's connection)."""
        return self.uow.transaction(write)

    def _lagging(self, read: Callable[[Connection], Any]) -> Any:
        """``read(conn)`` in a reading unit of work that may lag (the replica when there is one)."""
        return self.uow.lagging(read)

    def _write(self, work: Callable[[Connection], Any]) -> Any:
        """Run ``work(conn)`` in a write transaction and return its result once committed."""
        return self.uow.write(work)

    def _case(self, conn: Connection, case_id: str, office: str | None):
        return self._sealed(repository.case(conn, case_id, office))

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

    def _sealed(self, row):
        """The case's row if its head agrees with its seal; else :class:`Tampered` (nothing is
        read or built on it). ``row`` carries the case's id, version, office and the seal's columns."""
        problem = repository.seal_problem(row)
        if problem is not None:
            self._found_tampered(row.id, problem)
            raise Tampered(row.id, problem)
        return row

    def _found_tampered(self, case_id: str, problem: str) -> None:
        """Log a case that fails its seal (once per case and process: a client cannot flood the
        log) and count it for ``/health``."""
        if case_id not in self.tampered:
            import logging

            logging.getLogger("wreckmaster.store").error("case %s fails its seal: %s", case_id, problem)
        self.tampered.add(case_id)

    def _sealed_rows(self, conn: Connection, rows: list[dict]) -> list[dict]:
        """``rows`` (each with a ``case``) less those of a case whose head fails its seal, or
        whose row is gone: the list reads leave a tampered case out and report it as a read of
        the case does (the log, ``/health``). The seals of all the rows' cases are read in one
        statement per 500 cases, never one per row."""
        ids = sorted({r["case"] for r in rows})
        good: set[str] = set()
        with seals.batch():   # the secret's names read once for the page
            for k in range(0, len(ids), 500):
                for row in conn.execute(repository.VERSIONS, {"ids": ids[k:k + 500]}):
                    problem = repository.seal_problem(row)
                    if problem is None:
                        good.add(row.id)
                    else:
                        self._found_tampered(row.id, problem)
        for case_id in set(ids) - good - self.tampered:
            if conn.execute(select(cases.c.id).where(cases.c.id == case_id)).first() is None:
                self._found_tampered(case_id, "its read models remain, its row is gone: deleted outside wreckmaster")
        return rows if len(good) == len(ids) else [r for r in rows if r["case"] in good]

    # --- opening and recording -------------------------------------------------------
    def open_case(self, doc: dict, office: str = "local", recorded_by: str = "local") -> tuple[str, int]:
        """Open a case from a scenario (its first report): ``(case id, 1)``."""
        (entry,) = fold.prepare([{"open": doc}])
        problems = fold.check_form(entry, 1, {}, set())
        if problems:
            raise InvalidEntry([(p.removeprefix("/open") or "/", m) for p, m in problems])
        folded, _ = fold.apply(None, entry)
        scenario, problems = engine_bridge.checked(folded)
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
            num = repository.next_num(conn)
            case_id = f"{at[:4]}-{num:04d}"
            if self.checkpoint.newest_seq(case_id) is not None:
                raise Tampered(case_id, "this host gave that id already: the database is behind this host's "
                                        "checkpoint, a restore went back in time (`db accept-restore` if on purpose)")
            return self.uow.open(conn, case_id, num, office, folded, scenario_text, entry_text, at, recorded_by,
                                 scenario)

        for attempt in range(5):
            try:
                mark = self._write(work)
                self._advance(mark)
                return mark.case, 1
            except IntegrityError:
                if attempt == 4:
                    raise DatabaseProblem("could not allocate a case id (too many concurrent opens)") from None
        raise AssertionError("unreachable")  # pragma: no cover

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
            return self.uow.append(conn, row, valid, recorded_by)

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
        """The case's row, locked for the append, with its projection's and its seal's columns
        (:func:`.repository.case_to_append`); checked: nothing is built on a case that fails its seal."""
        return self._sealed(repository.case_to_append(conn, case_id, office))

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
            log = repository.log(conn, case_id)
            old_doc, old_fold_problems = fold.fold(log)
            baseline = set(old_fold_problems) | set(engine_bridge.problems_of(old_doc))
            skip = fold.retracted_seqs(log + steps)
            start, base_fold = fold.fold(log, skip=skip)
        doc, fold_problems, places, fold_entry = attribution.fold_list(start, steps, skip, cancelled)
        fold_problems = base_fold + fold_problems
        scenario, doc_problems = engine_bridge.checked(doc)   # once: the read models take the scenario
        problems = [p for p in fold_problems + doc_problems if p not in baseline]
        if problems and incremental:
            # the log before this entry, judged by this wreckmaster: its own problems are not the
            # entry's (without the projection, the fold of the log is in the baseline already)
            baseline = set(baseline) | set(engine_bridge.problems_of(canonical.loads(row.p_scenario)))
            problems = [p for p in problems if p not in baseline]
        if problems:
            raise InvalidEntry(list(dict.fromkeys(problems)) if single
                               else attribution.attribute(problems, places, fold_entry, len(batch)))
        remaining = sorted(set(fold_problems) | set(doc_problems)) if baseline else []
        return _Validated(row.version, row.p_version, batch, doc, remaining, incremental, fresh, new_office,
                          scenario if not fold_problems else None)

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
        return repository.folded(conn, row, version)

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
        out = self.assessed(case_id, as_of, version, office)
        return out if isinstance(out, dict) else out.to_json()

    def assessed(self, case_id: str, as_of: date | None = None, version: int | None = None,
                 office: str | None = None):
        """What :meth:`assessment` writes, before it is written: the engine's
        :class:`~wreckmaster.law.assessment.Assessment` (its steps, deadlines and findings keep
        their templates' ids and values: a page renders them in its own language), or, for a
        stored log that no longer validates, the refused assessment's JSON."""
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
        return engine_bridge.assess(scenario, when)

    def _office_exists(self, conn: Connection, office: str | None) -> None:
        if office is not None and conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
            raise NotFound("office", office)

    def list_cases(self, office: str | None = None) -> list[dict]:
        """The cases, by number; a case that fails its seal is left out (and reported: the log,
        ``/health``), its seal read in the same statement."""
        with self._tx() as conn:
            self._office_exists(conn, office)
            out = []
            with seals.batch():   # the secret's names read once for the list
                for r in conn.execute(repository.LIST, {}) if office is None else conn.execute(repository.LIST_OF_OFFICE, {"office": office}):
                    problem = repository.seal_problem(r)
                    if problem is not None:
                        self._found_tampered(r.id, problem)
                        continue
                    out.append({"case": r.id, "regime": r.regime, "office": r.office, "place": r.place,
                                "occurred": r.occurred, "version": r.version})
            return out

    # --- the clerk's day and the notice board (.readmodels) ---------------------------
    def _current_docs(self, office: str | None) -> list[tuple[Any, dict[str, Any], list[Problem]]]:
        return self._lagging(lambda conn: self._current_docs_on(conn, office))

    def _current_docs_on(self, conn: Connection, office: str | None) -> list[tuple[Any, dict[str, Any], list[Problem]]]:
        self._office_exists(conn, office)
        return repository.current_docs(conn, office)

    def due(self, as_of: date, within: int = 30, office: str | None = None, local: bool = False) -> list[dict]:
        """Deadlines pending (due within ``within`` days of ``as_of``) or missed, across the cases,
        soonest first: ``[{case, duty, party, due, status, cites}]`` (CASE.md's row, exactly), from
        the read models (:mod:`.readmodels`).

        ``local``: each row also carries ``duty_local`` (the duty in the case's language) and
        ``lang`` (that language), for what people read — the table, the calendar, the pages;
        the JSON of ``case due`` and ``GET /api/due`` keeps the contract's row."""
        def read(conn: Connection) -> list[dict]:
            self._office_exists(conn, office)
            return self._sealed_rows(conn, readmodels.due(conn, as_of, within, office, local))

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
            rows, position = readmodels.notices(conn, as_of, filters or readmodels.NoticeFilter(), limit, after)
            return self._sealed_rows(conn, rows), position   # a page may come shorter; its position holds

        return self._lagging(read)   # the public board: the replica when there is one

    def board_page(self, as_of: date, filters: "readmodels.NoticeFilter | None" = None, limit: int = 50,
                   after: tuple[str, str, str] | None = None,
                   keep: "Callable[[dict], bool] | None" = None) -> tuple[list[dict], tuple[str, str, str] | None]:
        """A page of the public board (``public/board.py``): the rows of :meth:`notices` that pass
        ``filters`` and ``keep``, newest find first, after the row whose key ``(found_on, case,
        item)`` is ``after``; and the last row's key when a next page follows (else None)."""
        def read(conn: Connection) -> tuple[list[dict], tuple[str, str, str] | None]:
            if filters is not None:
                self._office_exists(conn, filters.office)
            rows, key = readmodels.board(conn, as_of, filters or readmodels.NoticeFilter(), limit, after, keep)
            return self._sealed_rows(conn, rows), key   # a page may come shorter; its position holds

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
        with self._tx() as conn, seals.batch():   # the secret's names read once for the whole check
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
                problem = repository.projection_problem(conn, r, chain)
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



def _needs_log(row, batch: list[dict]) -> bool:
    """Whether validating ``batch`` reads the log (a retract, or no projection at the case's
    version); otherwise the case's row and projection are all it needs."""
    return row.p_version != row.version or any(fold.form_of(e) == "retract" for e in batch)


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
