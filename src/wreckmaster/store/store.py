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

from sqlalchemy import bindparam, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import canonical, db, engine_bridge, fold, readmodels
from .groupcommit import GroupCommit
from .projection_text import ProjectionTexts
from .errors import Conflict, DatabaseProblem, Forbidden, InvalidEntry, NotFound, StoreError
from .models import SCHEMA_VERSION, cases, offices, projections, settings, users
from .models import entries as log_table

Problem = tuple[str, str]
ROLES = ("clerk", "supervisor")
TOP_ORDER = ("format", "regime", "as_of", "case", "parties", "persons", "items", "expenses", "events", "coast")
# an item is under notice from one of these events until one of the ending events (.readmodels)
NOTICE_EVENTS, NOTICE_ENDS = readmodels.NOTICE_EVENTS, readmodels.NOTICE_ENDS


# The statements of an append, built once: building a statement and its cache key on every
# call cost more than running it (SQLAlchemy memoizes the key of a statement object).
_CASE = select(cases).where(cases.c.id == bindparam("case_id"))
# what a read asks on every request: the version (and the office, which must be the caller's)
_VERSION = select(cases.c.version, cases.c.office).where(cases.c.id == bindparam("case_id"))
_CASE_TO_APPEND = select(
    cases, projections.c.version.label("p_version"), projections.c.scenario.label("p_scenario"),
    projections.c.problems.label("p_problems"), projections.c.last_hash.label("p_last_hash"),
).join(projections, projections.c.case_id == cases.c.id, isouter=True).where(
    cases.c.id == bindparam("case_id")).with_for_update(of=cases)
# SQLite's writers are serialised, so the next global position is safe to take in the INSERT
_NEXT_POSITION = select(func.coalesce(func.max(log_table.c.position), 0) + 1).scalar_subquery()
_INSERT_ENTRY = {"sqlite": insert(log_table).values(position=_NEXT_POSITION), "other": insert(log_table)}
_UPDATE_CASE = update(cases).where(cases.c.id == bindparam("w_case_id")).values(
    version=bindparam("v_version"), regime=bindparam("v_regime"), occurred=bindparam("v_occurred"),
    place=bindparam("v_place"))
_UPDATE_PROJECTION = update(projections).where(projections.c.case_id == bindparam("w_case_id")).values(
    version=bindparam("v_version"), scenario=bindparam("v_scenario"), problems=bindparam("v_problems"),
    last_hash=bindparam("v_last_hash"))
# PostgreSQL: the whole write of an append in one statement (one round trip instead of one per
# entry plus two): the entries (in seq order, so their global positions follow the log), the
# case's row and its projection. Data-modifying CTEs all run, atomically, with the statement.
_PG_APPEND = text("""
WITH new_entries AS (
    INSERT INTO entries (case_id, seq, form, entry, schema_version, recorded_at, recorded_by, office, hash)
    SELECT :case_id, e.seq, e.form, e.entry, :schema_version, :recorded_at, :recorded_by, :office, e.hash
    FROM unnest(CAST(:seqs AS integer[]), CAST(:forms AS text[]), CAST(:entries AS text[]),
                CAST(:hashes AS text[])) AS e(seq, form, entry, hash)
    ORDER BY e.seq
), case_row AS (
    UPDATE cases SET version = :version, regime = :regime, occurred = :occurred, place = :place
    WHERE id = :case_id
)
UPDATE projections SET version = :version, scenario = :scenario, problems = :problems, last_hash = :last_hash
WHERE case_id = :case_id
""")


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


def _attribute(problems: list[Problem], prefix, n: int) -> list[Problem]:
    """Each problem of a refused list, ending ``(entry K of the list)``: K is the first entry of the
    list after which the problem appears (folding the list one entry at a time)."""
    entry_of: dict[Problem, int] = {}
    for k in range(n - 1):
        doc, found = prefix(k + 1)
        for p in found + engine_bridge.problems_of(doc):
            entry_of.setdefault(p, k)
    return list(dict.fromkeys((p, f"{m} (entry {entry_of.get((p, m), n - 1)} of the list)") for p, m in problems))


def ordered(doc: dict[str, Any]) -> dict[str, Any]:
    """A scenario document with its top-level keys in SCENARIO.md's order."""
    out = {k: doc[k] for k in TOP_ORDER if k in doc}
    out.update((k, v) for k, v in doc.items() if k not in out)
    return out


class Store:
    """The case log in one database (repository and unit of work in one)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._secret: bytes | None = None
        self._texts = ProjectionTexts()
        # this process's writers commit in groups (.groupcommit): SQLite takes one writer of a file
        # at a time, and every commit waits for the disk on SQLite and PostgreSQL alike
        grouped = db.serialised_file(engine) is not None or engine.dialect.name == "postgresql"
        self._group = GroupCommit(lambda: self._tx(write=True)) if grouped else None

    def close(self) -> None:
        self.engine.dispose()

    # --- units of work ---------------------------------------------------------------
    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Connection]:
        """A unit of work."""
        with _database_errors(), db.transaction(self.engine, write) as conn:
            yield conn

    def _write(self, work: Callable[[Connection], Any]) -> Any:
        """Run ``work(conn)`` in a write transaction and return its result once committed."""
        if self._group is not None:
            with _database_errors():   # a unit's own database error reaches its caller unwrapped
                return self._group.run(work)
        with self._tx(write=True) as conn:
            return work(conn)

    def _case(self, conn: Connection, case_id: str, office: str | None):
        return _visible(conn.execute(_CASE, {"case_id": case_id}).first(), case_id, office)

    def _log(self, conn: Connection, case_id: str, upto: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        q = select(log_table.c.seq, log_table.c.entry).where(log_table.c.case_id == case_id)
        if upto is not None:
            q = q.where(log_table.c.seq <= upto)
        return [(s, canonical.loads(t)) for s, t in conn.execute(q.order_by(log_table.c.seq))]

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

        def work(conn: Connection) -> str:
            if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                raise NotFound("office", office)
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(1179403647)"))
            num = (conn.execute(select(func.max(cases.c.num))).scalar() or 0) + 1
            case_id = f"{at[:4]}-{num:04d}"
            conn.execute(insert(cases).values(
                id=case_id, num=num, office=office, regime=str(folded.get("regime")),
                occurred=_occurred(folded), place=_place(folded), version=1, opened_at=at))
            digest = canonical.entry_hash(canonical.GENESIS, case_id, 1, at, recorded_by, entry_text)
            self._insert_entry(conn, case_id, 1, "open", entry_text, at, recorded_by, office, digest)
            conn.execute(insert(projections).values(
                case_id=case_id, version=1, scenario=scenario_text, problems="[]", last_hash=digest))
            readmodels.refresh(conn, case_id, num, office, folded, [])
            return case_id

        for attempt in range(5):
            try:
                return self._write(work), 1
            except IntegrityError:
                if attempt == 4:
                    raise DatabaseProblem("could not allocate a case id (too many concurrent opens)") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _insert_entry(self, conn: Connection, case_id: str, seq: int, form: str, entry_text: str, at: str,
                      by: str, office: str, digest: str) -> None:
        values = dict(case_id=case_id, seq=seq, form=form, entry=entry_text, schema_version=SCHEMA_VERSION,
                      recorded_at=at, recorded_by=by, office=office, hash=digest)
        conn.execute(_INSERT_ENTRY["sqlite" if conn.dialect.name == "sqlite" else "other"], values)

    def record(self, case_id: str, entries: list[dict] | dict, expect_version: int | None = None,
               recorded_by: str = "local", office: str | None = None, role: str = "supervisor") -> int:
        """Append one entry (a dict) or a list of entries (all or none); returns the new version.

        Raises, in this order: NotFound; Conflict (stale ``expect_version``); Forbidden (a clerk
        amends or retracts); InvalidEntry (every problem, for a list each ending
        ``(entry K of the list)``)."""
        single = isinstance(entries, dict)
        batch = [entries] if single else list(entries) if isinstance(entries, (list, tuple)) else None
        if batch is None:
            raise InvalidEntry([("", "expected an entry (a JSON object) or a list of entries")])

        def work(conn: Connection) -> int:
            row = self._case_to_append(conn, case_id, office)
            if expect_version is not None and expect_version != row.version:
                raise Conflict(case_id, row.version, expect_version)
            if not batch:
                raise InvalidEntry([("", "an empty list records nothing")])
            if role != "supervisor" and any(fold.form_of(e) in ("amend", "retract") for e in batch):
                raise Forbidden("amend and retract need a supervisor")
            return self._append(conn, row, fold.prepare(batch), single, recorded_by)

        for attempt in range(5):
            try:
                return self._write(work)
            except IntegrityError:
                # another writer took the same seq (only without a lock): read again and retry
                if attempt == 4:
                    raise DatabaseProblem("too many concurrent writers on this case") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _case_to_append(self, conn: Connection, case_id: str, office: str | None):
        """The case's row, locked for the append (PostgreSQL: ``FOR UPDATE OF cases``; SQLite's
        writers are serialised already), with its projection's columns (``p_*``, None without one):
        one statement."""
        return _visible(conn.execute(_CASE_TO_APPEND, {"case_id": case_id}).first(), case_id, office)

    def _append(self, conn: Connection, row, batch: list[dict], single: bool, recorded_by: str) -> int:
        case_id, version = row.id, row.version
        has_retract = any(fold.form_of(e) == "retract" for e in batch)
        forms: dict[int, str] = {}
        retracted: set[int] = set()
        if has_retract:  # only a retract's checks look at the earlier entries (fold.check_form)
            forms = dict(conn.execute(select(log_table.c.seq, log_table.c.form).where(
                log_table.c.case_id == case_id)).all())
            retract_rows = conn.execute(select(log_table.c.entry).where(
                log_table.c.case_id == case_id, log_table.c.form == "retract")).scalars()
            retracted = {canonical.loads(t)["retract"] for t in retract_rows}
        problems: list[Problem] = []
        for k, entry in enumerate(batch):
            seq = version + 1 + k
            found = fold.check_form(entry, seq, forms, retracted)
            problems += _suffix(found, None if single else k)
            form = fold.form_of(entry) or "?"
            forms[seq] = form
            if not found and form == "retract":
                retracted.add(entry["retract"])
        if problems:
            raise InvalidEntry(problems)
        texts = [canonical.dumps(e) for e in batch]

        fresh = row.p_version is not None and row.p_version == version
        incremental = fresh and not has_retract
        steps = [(version + 1 + k, e) for k, e in enumerate(batch)]
        if incremental:
            baseline = {tuple(p) for p in canonical.loads(row.p_problems)}

            def prefix(n: int) -> tuple[dict[str, Any], list[Problem]]:
                doc, found_all = canonical.loads(row.p_scenario), []
                for seq, e in steps[:n]:
                    doc, found = fold.apply(doc, e)
                    found_all += [(p, f"{m} (entry {seq})") for p, m in found]
                return doc, found_all
        else:  # a retract changes the fold from the start: fold the whole log again
            log = self._log(conn, case_id)
            old_doc, old_fold_problems = fold.fold(log)
            baseline = set(old_fold_problems) | set(engine_bridge.problems_of(old_doc))

            def prefix(n: int) -> tuple[dict[str, Any], list[Problem]]:
                return fold.fold(log + steps[:n])
        doc, fold_problems = prefix(len(batch))
        problems = [p for p in fold_problems + engine_bridge.problems_of(doc) if p not in baseline]
        if problems:  # the log before this entry, judged by this wreckmaster: its own problems are not the entry's
            base_doc, base_fold = prefix(0)
            baseline = set(baseline) | set(base_fold) | set(engine_bridge.problems_of(base_doc))
            problems = [p for p in problems if p not in baseline]
        if problems:
            raise InvalidEntry(list(dict.fromkeys(problems)) if single else _attribute(problems, prefix, len(batch)))
        remaining = sorted(set(fold_problems) | set(engine_bridge.problems_of(doc))) if baseline else []

        scenario_text = (self._texts.after(case_id, row.p_scenario, doc, batch) if incremental
                         else canonical.dumps(doc))
        at = now_text()
        previous = row.p_last_hash if fresh else conn.execute(select(log_table.c.hash).where(
            log_table.c.case_id == case_id, log_table.c.seq == version)).scalar_one()
        new_entries = []
        for k, (entry, entry_text) in enumerate(zip(batch, texts)):
            seq = version + 1 + k
            previous = canonical.entry_hash(previous, case_id, seq, at, recorded_by, entry_text)
            new_entries.append((seq, fold.form_of(entry), entry_text, previous))
        new_version = version + len(batch)
        case_values = dict(version=new_version, regime=str(doc.get("regime")), occurred=_occurred(doc),
                           place=_place(doc))
        projection = dict(version=new_version, scenario=scenario_text,
                          problems=canonical.dumps([list(p) for p in remaining]), last_hash=previous)
        self._store_append(conn, row, new_entries, at, recorded_by, case_values, projection)
        readmodels.refresh(conn, case_id, row.num, row.office, doc, remaining)
        return new_version

    def _store_append(self, conn: Connection, row, new_entries: list[tuple[int, str, str, str]], at: str,
                      recorded_by: str, case_values: dict[str, Any], projection: dict[str, Any]) -> None:
        """Write an append: its entries ``(seq, form, text, hash)``, the case's row and its projection.
        On PostgreSQL with a projection to update, one statement (:data:`_PG_APPEND`): each
        statement is a round trip to the server, and an append's time went into waiting for them."""
        case_id = row.id
        if conn.dialect.name == "postgresql" and row.p_version is not None:
            seqs, forms, texts, hashes = (list(column) for column in zip(*new_entries))
            conn.execute(_PG_APPEND, {
                "case_id": case_id, "schema_version": SCHEMA_VERSION, "recorded_at": at,
                "recorded_by": recorded_by, "office": row.office, "seqs": seqs, "forms": forms,
                "entries": texts, "hashes": hashes, **case_values, **projection})
            return
        for seq, form, entry_text, digest in new_entries:
            self._insert_entry(conn, case_id, seq, form, entry_text, at, recorded_by, row.office, digest)
        conn.execute(_UPDATE_CASE, {"w_case_id": case_id, **{f"v_{k}": v for k, v in case_values.items()}})
        if row.p_version is None:
            conn.execute(insert(projections).values(case_id=case_id, **projection))
        else:
            conn.execute(_UPDATE_PROJECTION, {"w_case_id": case_id, **{f"v_{k}": v for k, v in projection.items()}})

    # --- reading ---------------------------------------------------------------------
    def version(self, case_id: str, office: str | None = None) -> int:
        """The case's version (NotFound for another office's case, as for a missing one)."""
        with _database_errors():
            row = db.read_row(self.engine, _VERSION, {"case_id": case_id})
        return _visible(row, case_id, office).version

    def history(self, case_id: str, office: str | None = None) -> list[dict]:
        """The log: ``[{seq, recorded_at, recorded_by, entry, hash}]`` (numbers as
        :class:`~.canonical.LiteralNumber`: print with :func:`.canonical.pretty`)."""
        with self._tx() as conn:
            self._case(conn, case_id, office)
            q = select(log_table.c.seq, log_table.c.recorded_at, log_table.c.recorded_by, log_table.c.entry,
                       log_table.c.hash).where(log_table.c.case_id == case_id).order_by(log_table.c.seq)
            return [{"seq": r.seq, "recorded_at": r.recorded_at, "recorded_by": r.recorded_by,
                     "entry": canonical.loads(r.entry), "hash": r.hash} for r in conn.execute(q)]

    def _folded(self, conn: Connection, row, version: int | None) -> tuple[dict[str, Any], list[Problem]]:
        """The fold at ``version`` (default the case's) and a stored log's problems, if any."""
        if version is not None and not 1 <= version <= row.version:
            raise InvalidEntry([("/version", f"case {row.id} has versions 1 to {row.version}, not {version}")])
        if version is None or version == row.version:
            proj = conn.execute(select(projections).where(projections.c.case_id == row.id)).first()
            if proj is not None and proj.version == row.version:
                return canonical.loads(proj.scenario), [tuple(p) for p in canonical.loads(proj.problems)]
        doc, problems = fold.fold(self._log(conn, row.id, version))
        return doc, problems + engine_bridge.problems_of(doc)

    def export(self, case_id: str, as_of: date | None = None, version: int | None = None,
               office: str | None = None) -> dict:
        """The scenario of the case (SCENARIO.md) with ``as_of`` set (default today)."""
        with self._tx() as conn:
            row = self._case(conn, case_id, office)
            doc, _ = self._folded(conn, row, version)
        doc["as_of"] = (as_of or date.today()).isoformat()
        return ordered(doc)

    def _assessable(self, case_id, as_of, version, office):
        with self._tx() as conn:
            row = self._case(conn, case_id, office)
            doc, stored = self._folded(conn, row, version)
        when = as_of or date.today()
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
    def due(self, as_of: date, within: int = 30, office: str | None = None, local: bool = False) -> list[dict]:
        """Deadlines pending (due within ``within`` days of ``as_of``) or missed, across the cases,
        soonest first: ``[{case, duty, party, due, status, cites}]`` (CASE.md's row, exactly), from
        the read models (:mod:`.readmodels`).

        ``local``: each row also carries ``duty_local`` (the duty in the case's language) and
        ``lang`` (that language), for what people read — the table, the calendar, the pages;
        the JSON of ``case due`` and ``GET /api/due`` keeps the contract's row."""
        with self._tx() as conn:
            self._office_exists(conn, office)
            return readmodels.due(conn, as_of, within, office, local)

    def notices(self, as_of: date, filters: "readmodels.NoticeFilter | None" = None, limit: int | None = None,
                after: tuple[int, int] | None = None) -> list[dict]:
        """Items under public notice on ``as_of``, all offices:
        ``[{office, case, item, description, kind, found_on, place, claim_until}]`` (no person's name),
        from the read models; :meth:`notice_page` pages them."""
        return self.notice_page(as_of, filters, limit, after)[0]

    def notice_page(self, as_of: date, filters: "readmodels.NoticeFilter | None" = None, limit: int | None = None,
                    after: tuple[int, int] | None = None) -> tuple[list[dict], tuple[int, int] | None]:
        """A page of :meth:`notices` that pass ``filters`` (CASE.md 1.1) and the position after it (None: the last)."""
        with self._tx() as conn:
            if filters is not None:
                self._office_exists(conn, filters.office)
            return readmodels.notices(conn, as_of, filters or readmodels.NoticeFilter(), limit, after)

    def rebuild_read_models(self) -> int:
        """``wreckmaster db rebuild``: every read model again from the logs; returns the cases."""
        with self._tx(write=True) as conn:
            return readmodels.rebuild(conn)

    # --- tamper evidence -------------------------------------------------------------
    def verify(self, case_id: str | None = None) -> dict:
        """Recompute every hash of one case's chain or all; check the projections agree with the
        log. ``{"ok": bool, "tampered": [{case, seq}], "projections": [{case, problem}]}``."""
        tampered: list[dict] = []
        stale: list[dict] = []
        with self._tx() as conn:
            q = select(cases).order_by(cases.c.num)
            if case_id is not None:
                q = q.where(cases.c.id == case_id)
            rows = conn.execute(q).all()
            if case_id is not None and not rows:
                raise NotFound("case", case_id)
            for r in rows:
                chain = conn.execute(select(log_table).where(log_table.c.case_id == r.id).order_by(log_table.c.seq)).all()
                previous, broken = canonical.GENESIS, False
                for e in chain:
                    digest = canonical.entry_hash(previous, r.id, e.seq, e.recorded_at, e.recorded_by, e.entry)
                    if broken or digest != e.hash or fold.form_of(_try_loads(e.entry)) != e.form:
                        tampered.append({"case": r.id, "seq": e.seq})
                        broken = True  # later hashes chain on a broken link: name the first only
                        break
                    previous = e.hash
                seqs = [e.seq for e in chain]
                if not broken and seqs != list(range(1, len(seqs) + 1)):
                    missing = next(i for i, s in enumerate(seqs + [None], 1) if s != i)
                    tampered.append({"case": r.id, "seq": missing})
                    broken = True
                if not broken and len(chain) != r.version:
                    tampered.append({"case": r.id, "seq": r.version if r.version > len(chain) else len(chain)})
                    broken = True
                if broken:
                    continue
                proj = conn.execute(select(projections).where(projections.c.case_id == r.id)).first()
                log = [(e.seq, canonical.loads(e.entry)) for e in chain]
                doc, fold_problems = fold.fold(log)
                problem = None
                if proj is None:
                    problem = "no projection"
                elif proj.version != r.version:
                    problem = f"projection at version {proj.version}, case at {r.version}"
                elif proj.scenario != canonical.dumps(doc):
                    problem = "projected scenario differs from the fold of the log"
                elif proj.last_hash != (chain[-1].hash if chain else None):
                    problem = "projection's last hash differs from the log"
                elif (r.regime, r.occurred, r.place) != (str(doc.get("regime")), _occurred(doc), _place(doc)):
                    problem = "case list row differs from the fold of the log"
                else:
                    problem = readmodels.check(conn, r.id, r.num, r.office, doc, canonical.loads(proj.problems))
                if problem:
                    stale.append({"case": r.id, "problem": problem})
        return {"ok": not tampered and not stale, "tampered": tampered, "projections": stale}

    # --- offices and users -----------------------------------------------------------
    def add_office(self, office_id: str, name: str) -> None:
        if not isinstance(office_id, str) or not office_id.strip() or len(office_id) > 64:
            raise InvalidEntry([("/office", "expected an office id of 1 to 64 characters")])
        try:
            with self._tx(write=True) as conn:
                if conn.execute(select(offices.c.id).where(offices.c.id == office_id)).first():
                    raise InvalidEntry([("/office", f"office {office_id!r} exists already")])
                conn.execute(insert(offices).values(id=office_id, name=name))
        except IntegrityError:
            raise InvalidEntry([("/office", f"office {office_id!r} exists already")]) from None

    def offices(self) -> list[dict]:
        with self._tx() as conn:
            return [{"office": r.id, "name": r.name} for r in conn.execute(select(offices).order_by(offices.c.id))]

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
            from argon2 import PasswordHasher

            password_hash = PasswordHasher().hash(password)
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
                                      "revoked_at": now_text() if revoke else None}
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
        from argon2 import PasswordHasher
        from argon2.exceptions import Argon2Error

        with self._tx() as conn:
            r = conn.execute(select(users).where(users.c.name == name)).first()
        if r is None or not r.password_hash or r.revoked_at is not None:
            return None
        try:
            PasswordHasher().verify(r.password_hash, password)
        except (Argon2Error, ValueError):
            return None
        return User(r.name, r.office, r.role)


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


def _try_loads(text_: str) -> Any:
    try:
        return canonical.loads(text_)
    except ValueError:
        return None


def open_store(url: str | None = None) -> Store:
    """The case log at ``url`` (None: ``$WRECKMASTER_DB``, else the SQLite file in the user's
    data folder). A new SQLite file is migrated here; any other unmigrated database raises
    :class:`DatabaseProblem` (run ``wreckmaster db upgrade``)."""
    engine = db.make_engine(url)
    db.ensure_ready(engine)
    store = Store(engine)
    readmodels.ensure_current(engine, lambda: store._tx(write=True))
    return store
