"""The repository of the case log: a case's rows in the database — its row in ``cases``, its log
(``entries``, hash-chained and sealed), its cached fold (``projections``) and its sealed head
(``seals``). Functions of a connection in the caller's transaction (:mod:`.unit_of_work` opens it);
nothing here commits, decides or assesses.

The statements of an append are built once (:data:`_CASE_TO_APPEND`, :data:`_PG_APPEND`, …): building
a statement and its cache key on every call cost more than running it.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import bindparam, func, insert, select, text, update
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.engine import Connection

from . import canonical, engine_bridge, fold, seals
from .errors import CorruptData, NotFound
from .models import SCHEMA_VERSION, cases, office_closed_days, projections
from .models import entries as log_table
from .models import seals as seal_table

Problem = tuple[str, str]


# SQLAlchemy memoizes the key of a statement object: these are built once.
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
# the list reads (``case list``, the due list, the board): the seals of many cases in one statement
VERSIONS = _with_seal(select(cases.c.id, cases.c.version, cases.c.office, *_SEAL_COLUMNS).select_from(cases)).where(
    cases.c.id.in_(bindparam("ids", expanding=True)))
LIST = _with_seal(select(cases.c.id, cases.c.regime, cases.c.office, cases.c.place, cases.c.occurred,
                          cases.c.version, *_SEAL_COLUMNS).select_from(cases)).order_by(cases.c.num)
LIST_OF_OFFICE = LIST.where(cases.c.office == bindparam("office"))
_CASE_TO_APPEND = _with_seal(select(
    cases, projections.c.version.label("p_version"), projections.c.scenario.label("p_scenario"),
    projections.c.problems.label("p_problems"), projections.c.last_hash.label("p_last_hash"), *_SEAL_COLUMNS,
).select_from(cases).join(projections, projections.c.case_id == cases.c.id, isouter=True)).where(
    cases.c.id == bindparam("case_id")).with_for_update(of=cases)
# the same with the office's closing days (``closed_days``: PostgreSQL an array, NULL for none; SQLite a
# JSON array), which the read models need (readmodels.with_office_days), and the case's read-model row
# (``rm_*``: an append whose rows stay as they were writes none): one statement for all three
def _case_to_append_with_read_models(dialect: str):
    from .readmodels import rm_cases

    if dialect == "postgresql":
        days = func.array_agg(aggregate_order_by(office_closed_days.c.day, office_closed_days.c.day))
    else:   # SQLite (3.40) orders no aggregate: closing_days() sorts them
        days = func.json_group_array(office_closed_days.c.day)
    q = _CASE_TO_APPEND.add_columns(
        select(days).where(office_closed_days.c.office == cases.c.office).scalar_subquery().label("closed_days"),
        *(c.label(f"rm_{c.name}") for c in rm_cases.columns))
    return q.join(rm_cases, rm_cases.c.case_id == cases.c.id, isouter=True)


_CASE_TO_APPEND_WITH_READ_MODELS: dict = {}   # by dialect, built on first use (readmodels imports this module's neighbours)


def closing_days(row) -> list[str]:
    """The office's closing days that came with :func:`case_to_append`'s row, sorted."""
    days = row.closed_days
    if isinstance(days, str):   # SQLite's JSON array
        return sorted(canonical.loads(days))
    return list(days or ())


def read_model_row(row, columns: list[str]) -> dict[str, Any] | None:
    """The case's ``rm_cases`` row that came with :func:`case_to_append`'s row (None: it has none)."""
    m = row._mapping
    return {c: m[f"rm_{c}"] for c in columns} if m["rm_case_id"] is not None else None


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
_PG_APPEND_WRITES = """new_entries AS (
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
)"""
_PG_UPDATE_PROJECTION = """UPDATE projections SET version = :version, scenario = :scenario, problems = :problems,
    last_hash = :last_hash WHERE case_id = :case_id"""
_PG_APPEND = text(f"WITH {_PG_APPEND_WRITES}\n{_PG_UPDATE_PROJECTION}")


def _pg_append_with_read_models():
    """:data:`_PG_APPEND` and the case's read-model rows (``readmodels._PG_REFRESH``'s parts) in
    one statement: the append's one round trip carries them too."""
    from .readmodels import PG_REFRESH_FINAL, PG_REFRESH_PARTS

    return text(f"WITH {_PG_APPEND_WRITES}, projection_row AS ({_PG_UPDATE_PROJECTION}),\n{PG_REFRESH_PARTS}\n"
                f"{PG_REFRESH_FINAL}")


_PG_APPEND_AND_READ_MODELS: list = []   # built on first use (readmodels imports this module's neighbours)


def now_text() -> str:
    """``recorded_at``: UTC, ISO 8601, microseconds, ``Z``."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def stored(text_: str, what: str) -> Any:
    """A stored JSON text, parsed; a row that is not JSON is :class:`CorruptData` (exit 5, HTTP 503)."""
    try:
        return canonical.loads(text_)
    except (ValueError, TypeError):
        raise CorruptData(what) from None


def visible(row, case_id: str, office: str | None):
    """The case's row, or NotFound — also for another office's case, exactly as for a missing one
    (CASE.md)."""
    if row is None or (office is not None and row.office != office):
        raise NotFound("case", case_id)
    return row


def occurred(doc: dict[str, Any]) -> str | None:
    case = doc.get("case")
    v = case.get("occurred") if isinstance(case, dict) else None
    return str(v) if v is not None else None


def place(doc: dict[str, Any]) -> str | None:
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


def seal_problem(row) -> str | None:
    """Why the case's head disagrees with its seal (seals.py), or None. ``row`` carries the case's
    id, version, office and :data:`_SEAL_COLUMNS`."""
    sealed = None if row.s_seq is None else _SealView(row.id, row.s_seq, row.s_hash, row.s_office,
                                                      row.s_key_id, row.s_mac)
    return seals.problem_of_head(sealed, row.version, row.head_hash, row.office)


# --- reading ------------------------------------------------------------------------------
def case(conn: Connection, case_id: str, office: str | None):
    """The case's row with its seal's columns (not yet checked), or NotFound."""
    return visible(conn.execute(_CASE, {"case_id": case_id}).first(), case_id, office)


def case_to_append(conn: Connection, case_id: str, office: str | None):
    """The case's row, locked for the append (PostgreSQL: ``FOR UPDATE OF cases``; SQLite's
    writers are serialised already), with its projection's columns (``p_*``, None without one),
    its seal's, its office's closing days (:func:`closing_days`) and its read-model row
    (:func:`read_model_row`): one statement.

    On PostgreSQL a writer that waited for the lock gets the case's new row but the other
    tables' rows as its statement first saw them (READ COMMITTED re-checks only the locked
    row): when the seal seems not to agree, the row is read again, lock held, fresh."""
    dialect = conn.dialect.name
    statement = _CASE_TO_APPEND_WITH_READ_MODELS.get(dialect)
    if statement is None:
        statement = _CASE_TO_APPEND_WITH_READ_MODELS[dialect] = _case_to_append_with_read_models(dialect)
    row = visible(conn.execute(statement, {"case_id": case_id}).first(), case_id, office)
    if conn.dialect.name == "postgresql" and seal_problem(row) is not None:
        row = visible(conn.execute(statement, {"case_id": case_id}).first(), case_id, office)
    return row


def log(conn: Connection, case_id: str, upto: int | None = None) -> list[tuple[int, dict[str, Any]]]:
    """The case's entries ``[(seq, entry)]`` in order (up to ``upto``)."""
    q = select(log_table.c.seq, log_table.c.entry).where(log_table.c.case_id == case_id)
    if upto is not None:
        q = q.where(log_table.c.seq <= upto)
    return [(s, stored(t, f"entry {s} of case {case_id}")) for s, t in conn.execute(q.order_by(log_table.c.seq))]


def folded(conn: Connection, row, version: int | None) -> tuple[dict[str, Any], list[Problem]]:
    """The fold at ``version`` (default the case's) and a stored log's problems, if any: the
    projection when it is at the case's version, else the fold of the log."""
    if version is None or version == row.version:
        proj = conn.execute(select(projections).where(projections.c.case_id == row.id)).first()
        if proj is not None and proj.version == row.version:
            what = f"the projection of case {row.id}"
            return stored(proj.scenario, what), [tuple(p) for p in stored(proj.problems, what)]
    doc, problems = fold.fold(log(conn, row.id, version))
    return doc, problems + engine_bridge.problems_of(doc)


def current_docs(conn: Connection, office: str | None) -> list[tuple[Any, dict[str, Any], list[Problem]]]:
    """Every case (of ``office``) in order with its fold at its version and its stored problems,
    and the office's closing days in it (``case.closed_days``)."""
    from .readmodels import with_office_days

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
            doc, problems = stored(r.scenario, what), [tuple(p) for p in stored(r.problems, what)]
        else:
            doc, problems = fold.fold(log(conn, r.id))
        if r.office in closed:
            doc.update(with_office_days(conn, r.office, doc))
        out.append((r, doc, problems))
    return out


def projection_problem(conn: Connection, r, chain: list) -> str | None:
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
    if (r.regime, r.occurred, r.place) != (str(doc.get("regime")), occurred(doc), place(doc)):
        return "case list row differs from the fold of the log"
    return None


# --- writing ------------------------------------------------------------------------------
def next_num(conn: Connection) -> int:
    """The next case number, from the sealed count of cases ever opened (seals.py), which it
    seals anew: a case deleted behind wreckmaster's back never gives its id to another.
    Callers serialise opens (SQLite's writer lock; PostgreSQL's advisory lock)."""
    from .models import case_count

    row = conn.execute(select(case_count).where(case_count.c.id == 1)).first()
    highest = conn.execute(select(func.max(cases.c.num))).scalar() or 0
    num = max(highest, row.cases if row is not None else 0) + 1
    if row is None:
        conn.execute(insert(case_count).values(**seals.count_row(num)))
    else:
        conn.execute(update(case_count).where(case_count.c.id == 1).values(**seals.count_row(num)))
    return num


def insert_entry(conn: Connection, case_id: str, seq: int, form: str, entry_text: str, at: str,
                 by: str, office: str, digest: str) -> None:
    values = dict(case_id=case_id, seq=seq, form=form, entry=entry_text, schema_version=SCHEMA_VERSION,
                  recorded_at=at, recorded_by=by, office=office, hash=digest,
                  seal=seals.entry_seal(case_id, seq, digest))
    conn.execute(_INSERT_ENTRY["sqlite" if conn.dialect.name == "sqlite" else "other"], values)


def insert_case(conn: Connection, case_id: str, num: int, office: str, doc: dict[str, Any], scenario_text: str,
                entry_text: str, at: str, recorded_by: str) -> str:
    """A new case's rows: its row, its opening entry, its projection and its sealed head; returns
    the entry's hash."""
    conn.execute(insert(cases).values(
        id=case_id, num=num, office=office, regime=str(doc.get("regime")),
        occurred=occurred(doc), place=place(doc), version=1, opened_at=at))
    digest = canonical.entry_hash(canonical.GENESIS, case_id, 1, at, recorded_by, entry_text)
    insert_entry(conn, case_id, 1, "open", entry_text, at, recorded_by, office, digest)
    conn.execute(insert(projections).values(
        case_id=case_id, version=1, scenario=scenario_text, problems="[]", last_hash=digest))
    conn.execute(insert(seal_table).values(**seals.head_row(seals.Head(case_id, 1, digest, office))))
    return digest


def store_append(conn: Connection, row, new_entries: list[tuple[int, str, str, str]], at: str,
                 recorded_by: str, case_values: dict[str, Any], projection: dict[str, Any],
                 seal: dict[str, Any], read_models: dict[str, Any] | None = None) -> bool:
    """Write an append: its entries ``(seq, form, text, hash)`` (each with its seal), the case's
    row, its projection and its sealed head (seals.py: the one row more an append writes).
    On PostgreSQL with a projection to update, one statement (:data:`_PG_APPEND`): each
    statement is a round trip to the server, and an append's time went into waiting for them;
    ``read_models`` (the parameters of ``readmodels._PG_REFRESH``) go in the same statement.
    Returns whether they were written."""
    case_id = row.id
    if conn.dialect.name == "postgresql" and row.p_version is not None:
        seqs, forms, texts, hashes = (list(column) for column in zip(*new_entries))
        entry_seals = [seals.entry_seal(case_id, q, h) for q, h in zip(seqs, hashes)]
        values = {k: v for k, v in case_values.items() if k != "office"}
        if read_models is not None and not _PG_APPEND_AND_READ_MODELS:
            _PG_APPEND_AND_READ_MODELS.append(_pg_append_with_read_models())
        conn.execute(_PG_APPEND if read_models is None else _PG_APPEND_AND_READ_MODELS[0], {
            "case_id": case_id, "schema_version": SCHEMA_VERSION, "recorded_at": at,
            "recorded_by": recorded_by, "office": row.office, "seqs": seqs, "forms": forms,
            "entries": texts, "hashes": hashes, "seals": entry_seals, "new_office": case_values["office"],
            **values, **projection, **{f"s_{k}": seal[k] for k in ("seq", "hash", "office", "key_id", "mac")},
            **(read_models or {})})
        return read_models is not None
    for seq, form, entry_text, digest in new_entries:
        insert_entry(conn, case_id, seq, form, entry_text, at, recorded_by, row.office, digest)
    conn.execute(_UPDATE_CASE, {"w_case_id": case_id, **{f"v_{k}": v for k, v in case_values.items()}})
    conn.execute(_UPDATE_SEAL, {"w_case_id": case_id, **{f"v_{k}": seal[k]
                                                          for k in ("seq", "hash", "office", "key_id", "mac")}})
    if row.p_version is None:
        conn.execute(insert(projections).values(case_id=case_id, **projection))
    else:
        conn.execute(_UPDATE_PROJECTION, {"w_case_id": case_id, **{f"v_{k}": v for k, v in projection.items()}})
    return False
