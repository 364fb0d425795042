"""Backups, the portable export and its import, and rebuilding the read models (CASE.md 1.1,
"Backups"; ``docs/deployment.md`` gives the routine).

- :func:`backup` — a consistent copy of the database while it serves: SQLite's online backup
  API (``sqlite3.Connection.backup``), PostgreSQL's ``pg_dump --format=custom`` (restored with
  ``pg_restore``). The checkpoint (``checkpoint.py``) is outside the database: it is not copied,
  so a restore that goes back in time shows in ``case verify``.
- :func:`export` — JSON lines: each office ``{"office": ID, "name", …}``, each user without its
  secrets ``{"user": NAME, "office", "role", …}``, each photograph ``{"photograph": SHA256,
  "media_type", "width", "height", "stored_at", "data": BASE64}``, then one line per entry
  ``{"case", "office", "seq", "recorded_at", "recorded_by", "schema_version", "entry", "hash"}``
  in the order of the cases and their seqs, ``entry`` exactly as stored (``1.50`` stays
  ``1.50``). After the entries (CASE.md's lines come first, as it orders them): the persons
  register, one line per entry of a person's log ``{"person": ID, "office", "seq",
  "recorded_at", "recorded_by", "entry", "hash"}``; the finders' reports ``{"report": ID,
  "office", "status", "case", "fields", …, "secret_hash"}`` and the owners' requests
  ``{"request": ID, "case", "item", "office", "status", "fields", …}``, ``fields`` exactly as
  stored. Not exported: the tokens' and passwords' hashes, the sessions, the back-off's and the
  rate limits' counts (``docs/deployment.md`` says why).
- :func:`import_` — loads an export into a database without cases, persons or reports: every
  hash is checked before anything is stored (a photograph's SHA-256 against its bytes, each
  entry's chain, each person's chain); the entries are sealed again with this service's secret
  (their hashes are CASE.md's and unchanged); the read models are rebuilt; the checkpoint restarts.
- :func:`rebuild` — the read models (``cases``' list columns, ``projections``) from the logs.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import secrets as _random
import shutil
import subprocess
from pathlib import Path
from typing import IO, Any, Iterator

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from . import canonical, engine_bridge, fold, seals
from .db import _one_line as db_one_line
from .checkpoint import Mark
from .errors import CorruptData, DatabaseProblem, InvalidEntry
from . import persons as persons_register
from . import public
from .models import case_count, cases, office_closed_days, offices, owner_requests, person_entries, photos
from .models import persons as person_table
from .models import projections, reports, users
from .models import entries as log_table
from .models import seals as seal_table

ENTRY_KEYS = ("case", "office", "seq", "recorded_at", "recorded_by", "schema_version", "entry", "hash")
#: users' columns that are secrets (never exported, never imported): hashes of tokens and
#: passwords, and whatever a later schema names a secret, a token or a hash
SECRET_COLUMNS = {"token_hash", "password_hash"}


def secret_column(name: str) -> bool:
    return name in SECRET_COLUMNS or name.endswith("_hash") or "secret" in name or "token" in name
_NUMBERED = re.compile(r"^\d{4}-(\d+)$")


# --- db backup --------------------------------------------------------------------------
def backup(store, target: str) -> dict[str, Any]:
    """Copy the database to ``target`` (which must not exist): ``{"file", "method", "bytes"}``."""
    path = Path(target)
    if path.exists():
        raise InvalidEntry([(target, "exists already: a backup never overwrites a file")])
    if not path.parent.is_dir():
        raise InvalidEntry([(target, "no such folder")])
    engine = store.engine
    if engine.dialect.name == "sqlite":
        method = _sqlite_backup(engine, path)
    elif engine.dialect.name == "postgresql":
        method = _pg_dump(engine, path)
    else:  # pragma: no cover - the store serves these two only
        raise DatabaseProblem(f"no backup for {engine.dialect.name}")
    return {"file": str(path), "method": method, "bytes": path.stat().st_size}


def _sqlite_backup(engine, path: Path) -> str:
    import sqlite3

    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with engine.connect() as conn:
            source = conn.connection.driver_connection
            dest = sqlite3.connect(tmp)
            try:
                source.backup(dest)   # the online backup API: a consistent copy while writers go on
            finally:
                dest.close()
        os.replace(tmp, path)
    except sqlite3.Error as exc:
        tmp.unlink(missing_ok=True)
        raise DatabaseProblem(f"backup failed: {exc}") from None
    return "sqlite online backup"


def libpq_url(engine) -> str:
    """The database's URL as ``pg_dump`` and ``psql`` take it (``postgresql://…``)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def _pg_dump(engine, path: Path) -> str:
    exe = shutil.which("pg_dump")
    if exe is None:
        raise DatabaseProblem("pg_dump is not installed (Debian: apt-get install postgresql-client)")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    done = subprocess.run([exe, "--format=custom", "--no-owner", "--file", str(tmp), "--dbname",
                           libpq_url(engine)], capture_output=True, text=True)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise DatabaseProblem("pg_dump failed: " + " ".join(done.stderr.split()))
    os.replace(tmp, path)
    return "pg_dump --format=custom"


# --- db export --------------------------------------------------------------------------
def _line(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))


def export(store, out: IO[str]) -> dict[str, int]:
    """Write the JSON lines to ``out``; returns the counts ``{offices, users, photographs, cases,
    entries, persons, reports, requests}``."""
    counts = dict(offices=0, users=0, photographs=0, cases=0, entries=0, persons=0, reports=0, requests=0)
    with store._tx() as conn:
        closed: dict[str, list[str]] = {}
        for office_id, day in conn.execute(select(office_closed_days.c.office, office_closed_days.c.day)
                                           .order_by(office_closed_days.c.office, office_closed_days.c.day)):
            closed.setdefault(office_id, []).append(day)
        for r in conn.execute(select(offices).order_by(offices.c.id)).mappings():
            # an office's details (CASE.md 1.1) only where given, and its own closing days
            row = {k: v for k, v in r.items() if v is not None}
            if r["id"] in closed:
                row["closed_days"] = closed[r["id"]]
            out.write(_line({"office": row.pop("id"), **row}) + "\n")
            counts["offices"] += 1
        for r in conn.execute(select(users).order_by(users.c.name)).mappings():
            row = {k: v for k, v in r.items() if not secret_column(k)}
            out.write(_line({"user": row.pop("name"), **row}) + "\n")
            counts["users"] += 1
        for r in conn.execute(select(photos).order_by(photos.c.sha256)):
            out.write(_line({"photograph": r.sha256, "media_type": r.media_type, "width": r.width,
                             "height": r.height, "stored_at": r.stored_at,
                             "data": base64.b64encode(bytes(r.data)).decode("ascii")}) + "\n")
            counts["photographs"] += 1
        case_ids = conn.execute(select(cases.c.id).order_by(cases.c.num)).scalars().all()
        for case_id in case_ids:
            counts["cases"] += 1
            q = select(log_table).where(log_table.c.case_id == case_id).order_by(log_table.c.seq)
            for e in conn.execute(q):
                out.write(entry_line(e) + "\n")
                counts["entries"] += 1
        _export_after_entries(conn, out, counts)
    return counts


def _export_after_entries(conn: Connection, out: IO[str], counts: dict[str, int]) -> None:
    """The persons register, the reports and the owners' requests (after CASE.md's lines)."""
    last = None
    for e in conn.execute(select(person_entries).order_by(person_entries.c.office, person_entries.c.person,
                                                           person_entries.c.seq)):
        where = f"entry {e.seq} of person {e.person} of office {e.office}"
        out.write(_with_raw({"person": e.person, "office": e.office, "seq": e.seq, "recorded_at": e.recorded_at,
                             "recorded_by": e.recorded_by}, {"entry": e.entry}, {"hash": e.hash}, where) + "\n")
        counts["persons"] += (e.office, e.person) != last
        last = (e.office, e.person)
    for kind, table in (("report", reports), ("request", owner_requests)):
        for r in conn.execute(select(table).order_by(table.c.id)).mappings():
            head = {kind: r["id"], **{k: v for k, v in r.items() if k not in ("id", "fields") and v is not None}}
            if "case_id" in head:
                head["case"] = head.pop("case_id")
            out.write(_with_raw(head, {"fields": r["fields"]}, {}, f"the fields of {kind} {r['id']}") + "\n")
            counts[kind + "s"] += 1


def _with_raw(head: dict[str, Any], raw: dict[str, str], tail: dict[str, Any], where: str) -> str:
    """A line with ``raw``'s values as their stored JSON text (checked to be JSON), between
    ``head`` and ``tail``."""
    for text in raw.values():
        try:
            canonical.loads(text)
        except ValueError:
            raise CorruptData(where) from None
    middle = "".join(f",{json.dumps(k)}:{v}" for k, v in raw.items())
    end = _line(tail)[1:] if tail else "}"
    return _line(head)[:-1] + middle + ("," + end if tail else end)


def entry_line(e) -> str:
    """One entry's line, ``entry`` as its stored text (checked to be JSON)."""
    head = {"case": e.case_id, "office": e.office, "seq": e.seq, "recorded_at": e.recorded_at,
            "recorded_by": e.recorded_by, "schema_version": e.schema_version}
    return _with_raw(head, {"entry": e.entry}, {"hash": e.hash}, f"entry {e.seq} of case {e.case_id}")


# --- db import --------------------------------------------------------------------------
def _lines(source: IO[str], name: str) -> Iterator[tuple[int, dict[str, Any], str]]:
    for n, raw in enumerate(source, 1):
        if not raw.strip():
            continue
        try:
            d = canonical.loads(raw)
        except ValueError as exc:
            raise InvalidEntry([(f"{name} line {n}", f"not JSON: {exc}")]) from None
        if not isinstance(d, dict):
            raise InvalidEntry([(f"{name} line {n}", "expected a JSON object")])
        yield n, d, raw


def import_(store, source: IO[str], name: str) -> dict[str, int]:
    """Load an export into a database without cases (else InvalidEntry, exit 2; nothing stored)."""
    office_rows, user_rows, logs = [], [], {}
    order: list[str] = []
    more = _More(name)
    for n, d, raw in _lines(source, name):
        where = f"{name} line {n}"
        if more.take(n, d):
            continue
        if "case" in d:
            missing = [k for k in ENTRY_KEYS if k not in d]
            if missing:
                raise InvalidEntry([(f"{where} /{k}", "required") for k in missing])
            case_id = d["case"]
            if not isinstance(case_id, str) or not case_id or len(case_id) > 32:
                raise InvalidEntry([(f"{where} /case", "expected a case id of 1 to 32 characters")])
            if case_id not in logs:
                logs[case_id] = []
                order.append(case_id)
            logs[case_id].append((n, d, canonical.dumps(d["entry"])))
        elif "user" in d:
            user_rows.append((n, d))
        elif "office" in d:
            office_rows.append((n, d))
        else:
            raise InvalidEntry([(where, "expected an office, a user, a photograph, an entry, a person, "
                                        "a report or a request line")])
    heads = {}
    for case_id in order:
        heads[case_id] = _check_chain(case_id, logs[case_id], name)
    more.check(set(order))

    def work(conn: Connection) -> list[Mark]:
        if conn.execute(select(func.count()).select_from(cases)).scalar():
            raise InvalidEntry([("", "the database already holds cases: import loads into an empty database only")])
        for table, what in ((person_table, "persons"), (reports, "reports")):
            if conn.execute(select(func.count()).select_from(table)).scalar():
                raise InvalidEntry([("", f"the database already holds {what}: import loads into an empty database only")])
        present = set(conn.execute(select(offices.c.id)).scalars())
        for n, d in office_rows:
            row = {("id" if k == "office" else k): v for k, v in d.items() if k == "office" or k in offices.c}
            if row["id"] in present:
                conn.execute(update(offices).where(offices.c.id == row["id"]).values(
                    **{k: v for k, v in row.items() if k != "id"}))
            else:
                conn.execute(insert(offices).values(**row))
                present.add(row["id"])
            for day in d.get("closed_days", []):
                conn.execute(insert(office_closed_days).values(office=row["id"], day=day))
        known = set(conn.execute(select(users.c.name)).scalars())
        for n, d in user_rows:
            if d["user"] in known:
                raise InvalidEntry([(f"{name} line {n} /user", f"user {d['user']!r} exists already in the database")])
            row = {("name" if k == "user" else k): v for k, v in d.items()
                   if not secret_column(k) and (k == "user" or k in users.c)}
            # no secret travels: a fresh random token nobody knows (`user token NAME` gives one)
            row["token_hash"] = store._token_hash(conn, _random.token_urlsafe(32))
            row["password_hash"] = None
            conn.execute(insert(users).values(**row))
        taken = {int(m.group(1)) for m in map(_NUMBERED.match, order) if m}
        next_free = max(taken, default=0)
        marks = []
        for case_id in order:
            m = _NUMBERED.match(case_id)
            if m:
                num = int(m.group(1))
            else:
                next_free += 1
                num = next_free
            marks.append(_load_case(conn, case_id, num, logs[case_id], present, name))
        more.load(conn, present)
        count = max([mk.num for mk in marks], default=0)
        conn.execute(update(case_count).where(case_count.c.id == 1).values(**seals.count_row(count)))
        if conn.execute(select(case_count.c.id)).first() is None:
            conn.execute(insert(case_count).values(**seals.count_row(count)))
        return marks

    try:
        marks = store._write(work)
    except IntegrityError as exc:   # a row the schema refuses (a later schema's required column …)
        raise DatabaseProblem(f"import refused by the database: {db_one_line(exc)}") from None
    store.checkpoint.reset(marks)
    return {"offices": len(office_rows), "users": len(user_rows), "cases": len(order),
            "entries": sum(len(v) for v in logs.values()), **more.counts()}


class _More:
    """The lines an import takes besides offices, users and entries: photographs, the persons
    register, reports and owners' requests. :meth:`take` reads a line, :meth:`check` checks
    them all before anything is stored, :meth:`load` stores them (in the import's transaction)."""

    KINDS = ("photograph", "person", "report", "request")   # looked for before "case" and "office"

    def __init__(self, name: str):
        self.name = name
        self.photos: list[tuple[int, dict[str, Any], bytes]] = []
        self.persons: dict[tuple[str, str], list[tuple[int, dict[str, Any], str]]] = {}
        self.rows: dict[str, list[tuple[int, dict[str, Any]]]] = {"report": [], "request": []}

    def _where(self, n: int, key: str = "") -> str:
        return f"{self.name} line {n}" + (f" /{key}" if key else "")

    def take(self, n: int, d: dict[str, Any]) -> bool:
        kind = next((k for k in self.KINDS if k in d), None)
        if kind is None:
            return False
        ident = d[kind]
        if not isinstance(ident, str) or not ident or len(ident) > 64:
            raise InvalidEntry([(self._where(n, kind), "expected an id of 1 to 64 characters")])
        if kind == "photograph":
            self.photos.append((n, d, self._photo_bytes(n, d)))
        elif kind == "person":
            missing = [k for k in ("office", "seq", "recorded_at", "recorded_by", "entry", "hash") if k not in d]
            if missing:
                raise InvalidEntry([(self._where(n, k), "required") for k in missing])
            self.persons.setdefault((d["office"], ident), []).append((n, d, canonical.dumps(d["entry"])))
        else:
            for key in ("office", "status", "fields", "received_at") + (("case", "item") if kind == "request"
                                                                        else ("secret_hash",)):
                if key not in d:
                    raise InvalidEntry([(self._where(n, key), "required")])
            if d["status"] not in public.STATUSES:
                raise InvalidEntry([(self._where(n, "status"), f"expected one of {', '.join(public.STATUSES)}")])
            if not isinstance(d["fields"], dict):
                raise InvalidEntry([(self._where(n, "fields"), "expected a JSON object")])
            self.rows[kind].append((n, d))
        return True

    def _photo_bytes(self, n: int, d: dict[str, Any]) -> bytes:
        for key, kind in (("media_type", str), ("width", int), ("height", int), ("stored_at", str), ("data", str)):
            if not isinstance(d.get(key), kind) or isinstance(d.get(key), bool):
                raise InvalidEntry([(self._where(n, key), "required" if key not in d else f"expected a {kind.__name__}")])
        try:
            data = base64.b64decode(d["data"], validate=True)
        except (binascii.Error, ValueError):
            raise InvalidEntry([(self._where(n, "data"), "not base64")]) from None
        digest = hashlib.sha256(data).hexdigest()
        if digest != d["photograph"]:
            raise InvalidEntry([(self._where(n, "photograph"), f"does not match its bytes (their SHA-256 is {digest})")])
        return data

    def check(self, case_ids: set[str]) -> None:
        """Every person's chain (as ``PersonsRegister.verify`` computes it), and every request's
        and accepted report's case among the file's."""
        for (office, person), lines in self.persons.items():
            previous = canonical.GENESIS
            for k, (n, d, text) in enumerate(lines, 1):
                if d["seq"] != k:
                    raise InvalidEntry([(self._where(n, "seq"), f"expected seq {k} of person {person}, got {d['seq']!r}")])
                first = isinstance(d["entry"], dict) and ("add" in d["entry"]) == (k == 1) and \
                    ("edit" in d["entry"]) == (k > 1)
                if not first:
                    raise InvalidEntry([(self._where(n, "entry"), "not an entry of a person's log (add first, then edits)")])
                digest = canonical.entry_hash(previous, persons_register.chain_id(office, person), k,
                                              d["recorded_at"], d["recorded_by"], text)
                if digest != d["hash"]:
                    raise InvalidEntry([(self._where(n, "hash"), f"does not match entry {k} of person {person} "
                                                                 f"(CASE.md's hash gives {digest})")])
                previous = digest
        for kind, rows in self.rows.items():
            for n, d in rows:
                if d.get("case") is not None and d["case"] not in case_ids:
                    raise InvalidEntry([(self._where(n, "case"), f"no case {d['case']!r} in the file")])

    def load(self, conn: Connection, offices_present: set) -> None:
        known = set(conn.execute(select(photos.c.sha256)).scalars())
        for n, d, data in self.photos:
            if d["photograph"] not in known:   # content-addressed: one already there is the same
                conn.execute(insert(photos).values(sha256=d["photograph"], media_type=d["media_type"], width=d["width"],
                                                   height=d["height"], data=data, stored_at=d["stored_at"]))
                known.add(d["photograph"])
        for (office, person), lines in self.persons.items():
            if office not in offices_present:
                raise InvalidEntry([(self._where(lines[0][0], "office"), f"no office {office!r} in the file")])
            folded = persons_register.fold([d["entry"] for _, d, _ in lines])
            conn.execute(insert(person_table).values(office=office, id=person, version=len(lines),
                                                     last_hash=lines[-1][1]["hash"], **folded))
            for _, d, text in lines:
                conn.execute(insert(person_entries).values(office=office, person=person, seq=d["seq"], entry=text,
                                                           recorded_at=d["recorded_at"],
                                                           recorded_by=d["recorded_by"], hash=d["hash"]))
        for kind, table in (("report", reports), ("request", owner_requests)):
            for n, d in self.rows[kind]:
                if d["office"] not in offices_present:
                    raise InvalidEntry([(self._where(n, "office"), f"no office {d['office']!r} in the file")])
                row = {k: v for k, v in d.items() if k in table.c and k not in ("id", "fields", "case_id")}
                conn.execute(insert(table).values(id=d[kind], fields=canonical.dumps(d["fields"]),
                                                  case_id=d.get("case"), **row))

    def counts(self) -> dict[str, int]:
        return {"photographs": len(self.photos), "persons": len(self.persons), "reports": len(self.rows["report"]),
                "requests": len(self.rows["request"])}


def _check_chain(case_id: str, lines: list, name: str) -> str:
    previous = canonical.GENESIS
    for k, (n, d, entry_text) in enumerate(lines, 1):
        where = f"{name} line {n}"
        if d["seq"] != k:
            raise InvalidEntry([(f"{where} /seq", f"expected seq {k} of case {case_id}, got {d['seq']!r}")])
        if not all(isinstance(d[key], str) for key in ("recorded_at", "recorded_by", "office", "hash")):
            raise InvalidEntry([(where, "recorded_at, recorded_by, office and hash are texts")])
        form = fold.form_of(d["entry"])
        if form is None or (k == 1) != (form == "open"):
            raise InvalidEntry([(f"{where} /entry", "not an entry of a case log (open first, then the others)")])
        digest = canonical.entry_hash(previous, case_id, k, d["recorded_at"], d["recorded_by"], entry_text)
        if digest != d["hash"]:
            raise InvalidEntry([(f"{where} /hash", f"does not match entry {k} of case {case_id} "
                                                   f"(CASE.md's hash gives {digest})")])
        previous = digest
    return previous


def _load_case(conn: Connection, case_id: str, num: int, lines: list, offices_present: set, name: str) -> Mark:
    office = lines[0][1]["office"]
    for n, d, _ in lines:
        if d["office"] not in offices_present:
            raise InvalidEntry([(f"{name} line {n} /office", f"no office {d['office']!r} in the file")])
        if fold.form_of(d["entry"]) == "move":
            office = d["entry"]["move"]
            if office not in offices_present:
                raise InvalidEntry([(f"{name} line {n} /entry/move", f"no office {office!r} in the file")])
    first = lines[0][1]
    conn.execute(insert(cases).values(id=case_id, num=num, office=office, regime="", occurred=None, place=None,
                                      version=len(lines), opened_at=first["recorded_at"]))
    from .store import _INSERT_ENTRY

    statement = _INSERT_ENTRY["sqlite" if conn.dialect.name == "sqlite" else "other"]
    for n, d, entry_text in lines:
        conn.execute(statement, dict(
            case_id=case_id, seq=d["seq"], form=fold.form_of(d["entry"]), entry=entry_text, schema_version=d["schema_version"], recorded_at=d["recorded_at"],
            recorded_by=d["recorded_by"], office=d["office"], hash=d["hash"],
            seal=seals.entry_seal(case_id, d["seq"], d["hash"])))
    head = lines[-1][1]["hash"]
    conn.execute(insert(seal_table).values(**seals.head_row(seals.Head(case_id, len(lines), head, office))))
    rebuild_case(conn, case_id)
    return Mark(case_id, num, len(lines), head)


# --- db rebuild -------------------------------------------------------------------------
def rebuild_case(conn: Connection, case_id: str) -> None:
    """The case's read models from its log: the list columns of ``cases``, its projection, and
    its rows of the due list and the notice board (:mod:`.readmodels`)."""
    from .store import _occurred, _place, _stored

    rows = conn.execute(select(log_table.c.seq, log_table.c.entry, log_table.c.hash).where(
        log_table.c.case_id == case_id).order_by(log_table.c.seq)).all()
    log = [(r.seq, _stored(r.entry, f"entry {r.seq} of case {case_id}")) for r in rows]
    doc, fold_problems = fold.fold(log)
    problems = sorted(set(fold_problems) | set(engine_bridge.problems_of(doc)))
    version = rows[-1].seq if rows else 0
    conn.execute(update(cases).where(cases.c.id == case_id).values(
        regime=str(doc.get("regime")), occurred=_occurred(doc), place=_place(doc)))
    values = dict(version=version, scenario=canonical.dumps(doc), problems=canonical.dumps([list(p) for p in problems]),
                  last_hash=rows[-1].hash if rows else "")
    done = conn.execute(update(projections).where(projections.c.case_id == case_id).values(**values))
    if done.rowcount == 0:
        conn.execute(insert(projections).values(case_id=case_id, **values))
    from . import readmodels

    row = conn.execute(select(cases.c.num, cases.c.office).where(cases.c.id == case_id)).one()
    readmodels.refresh(conn, case_id, row.num, row.office, doc, problems)


def rebuild(store) -> dict[str, int]:
    """Every case's read models from its log (the list columns, the cached fold, the due list's
    and the board's rows), and the law's fingerprint they were made with: ``{"cases": N}``."""
    from . import readmodels

    def work(conn: Connection) -> int:
        ids = conn.execute(select(cases.c.id).order_by(cases.c.num)).scalars().all()
        for case_id in ids:
            rebuild_case(conn, case_id)
        readmodels.mark_current(conn)
        return len(ids)

    return {"cases": store._write(work)}
