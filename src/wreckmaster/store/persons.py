"""The persons register of each office (issue 28): its officials (官), directors (董事) and
headmen (地甲, 頭目), who persist across cases. A case's party points to one with
``parties[].person: ID`` (docs/scenario-extensions.md); the ledger (``wreckmaster.ledger``)
reads the register for names, posts and stations.

Each change is an entry of the person's own log, hash-chained exactly as a case's log is
(CASE.md; :func:`.canonical.entry_hash` with ``person:OFFICE/ID`` in the place of the case id),
so the register is tamper-evident like a case: :meth:`PersonsRegister.verify` recomputes every
chain and checks the ``persons`` rows against the fold of their logs. Entry forms::

    {"add": {"person": ID, "name": TEXT, "post": TEXT, "station": TEXT}}   # seq 1
    {"edit": {"name": TEXT, "post": TEXT | null, "station": TEXT | null}}  # later; null clears
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from . import canonical
from .errors import InvalidEntry, NotFound
from .models import offices, person_entries, persons

FIELDS = ("name", "post", "station")
MAX_TEXT = 1000


def chain_id(office: str, person: str) -> str:
    """What stands for the case id in the person's hash chain."""
    return f"person:{office}/{person}"


def _check_id(person: Any) -> list[tuple[str, str]]:
    if not isinstance(person, str) or not person.strip() or len(person) > 64 or any(c.isspace() for c in person):
        return [("/person", "expected a person id of 1 to 64 characters without spaces")]
    return []


def _check_fields(values: dict[str, Any], adding: bool) -> list[tuple[str, str]]:
    problems = []
    for key, value in values.items():
        if value is None and key != "name" and not adding:
            continue
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
            problems.append((f"/{key}", f"expected a text of 1 to {MAX_TEXT} characters"))
    if adding and "name" not in values:
        problems.append(("/name", "a person needs a name"))
    return problems


def fold(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The person as its log folds: ``{name, post, station}``."""
    out: dict[str, Any] = {"name": None, "post": None, "station": None}
    for e in entries:
        if "add" in e:
            out.update({k: e["add"].get(k) for k in FIELDS})
        elif "edit" in e:
            out.update(e["edit"])
    return out


def _row(r) -> dict[str, Any]:
    return {"office": r.office, "person": r.id, "name": r.name, "post": r.post, "station": r.station,
            "version": r.version}


class PersonsRegister:
    """The register in the store's database; every method is one unit of work."""

    def __init__(self, store):
        self.store = store

    def _append(self, conn: Connection, office: str, person: str, seq: int, previous: str, entry: dict,
                recorded_by: str) -> str:
        from .store import now_text

        text_ = canonical.dumps(entry)
        at = now_text()
        digest = canonical.entry_hash(previous, chain_id(office, person), seq, at, recorded_by, text_)
        conn.execute(insert(person_entries).values(office=office, person=person, seq=seq, entry=text_,
                                                   recorded_at=at, recorded_by=recorded_by, hash=digest))
        return digest

    def add(self, office: str, person: str, name: str, post: str | None = None, station: str | None = None,
            recorded_by: str = "local") -> dict[str, Any]:
        """Register a person in an office (its log's first entry)."""
        values = {k: v for k, v in (("name", name), ("post", post), ("station", station)) if v is not None}
        problems = _check_id(person) + _check_fields(values, adding=True)
        if problems:
            raise InvalidEntry(problems)

        def work(conn: Connection) -> dict[str, Any]:
            if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                raise NotFound("office", office)
            if conn.execute(select(persons.c.id).where(persons.c.office == office, persons.c.id == person)).first():
                raise InvalidEntry([("/person", f"person {person!r} is registered in office {office!r} already")])
            conn.execute(insert(persons).values(office=office, id=person, name=name, post=post, station=station,
                                                version=1, last_hash=""))
            digest = self._append(conn, office, person, 1, canonical.GENESIS, {"add": {"person": person, **values}},
                                  recorded_by)
            conn.execute(update(persons).where(persons.c.office == office, persons.c.id == person)
                         .values(last_hash=digest))
            return {"office": office, "person": person, "name": name, "post": post, "station": station,
                    "version": 1}

        try:
            return self.store._write(work)
        except IntegrityError:
            raise InvalidEntry([("/person", f"person {person!r} is registered in office {office!r} already")]) from None

    def edit(self, office: str, person: str, changes: dict[str, Any], recorded_by: str = "local") -> dict[str, Any]:
        """Change a person's name, post or station (None clears post or station): one log entry."""
        unknown = [k for k in changes if k not in FIELDS]
        problems = [(f"/{k}", "not a field of the register (name, post, station)") for k in unknown]
        problems += _check_fields({k: v for k, v in changes.items() if k in FIELDS}, adding=False)
        if not changes:
            problems.append(("", "nothing to change: give --name, --post or --station"))
        if problems:
            raise InvalidEntry(problems)

        def work(conn: Connection) -> dict[str, Any]:
            r = conn.execute(select(persons).where(persons.c.office == office, persons.c.id == person)
                             .with_for_update()).first()
            if r is None:
                raise NotFound("person", person)
            seq = r.version + 1
            digest = self._append(conn, office, person, seq, r.last_hash, {"edit": dict(changes)}, recorded_by)
            conn.execute(update(persons).where(persons.c.office == office, persons.c.id == person)
                         .values(version=seq, last_hash=digest, **changes))
            out = _row(r) | changes
            out["version"] = seq
            return out

        return self.store._write(work)

    def list(self, office: str | None = None) -> list[dict[str, Any]]:
        with self.store._tx() as conn:
            q = select(persons).order_by(persons.c.office, persons.c.id)
            if office is not None:
                if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                    raise NotFound("office", office)
                q = q.where(persons.c.office == office)
            return [_row(r) for r in conn.execute(q)]

    def get(self, office: str, person: str) -> dict[str, Any]:
        with self.store._tx() as conn:
            r = conn.execute(select(persons).where(persons.c.office == office, persons.c.id == person)).first()
        if r is None:
            raise NotFound("person", person)
        return _row(r)

    def history(self, office: str, person: str) -> list[dict[str, Any]]:
        """The person's log: ``[{seq, recorded_at, recorded_by, entry, hash}]``."""
        self.get(office, person)
        with self.store._tx() as conn:
            rows = conn.execute(select(person_entries).where(
                person_entries.c.office == office, person_entries.c.person == person)
                .order_by(person_entries.c.seq)).all()
        return [{"seq": e.seq, "recorded_at": e.recorded_at, "recorded_by": e.recorded_by,
                 "entry": canonical.loads(e.entry), "hash": e.hash} for e in rows]

    def verify(self, office: str | None = None) -> dict[str, Any]:
        """Recompute every person's chain; check the rows agree with their logs.
        ``{"ok", "tampered": [{office, person, seq}], "projections": [{office, person, problem}]}``."""
        tampered: list[dict[str, Any]] = []
        stale: list[dict[str, Any]] = []
        with self.store._tx() as conn:
            q = select(persons).order_by(persons.c.office, persons.c.id)
            if office is not None:
                q = q.where(persons.c.office == office)
            for r in conn.execute(q).all():
                chain = conn.execute(select(person_entries).where(
                    person_entries.c.office == r.office, person_entries.c.person == r.id)
                    .order_by(person_entries.c.seq)).all()
                where = {"office": r.office, "person": r.id}
                previous, broken = canonical.GENESIS, None
                for k, e in enumerate(chain, 1):
                    digest = canonical.entry_hash(previous, chain_id(r.office, r.id), e.seq, e.recorded_at,
                                                  e.recorded_by, e.entry)
                    if e.seq != k or digest != e.hash:
                        broken = k
                        break
                    previous = e.hash
                if broken is None and len(chain) != r.version:
                    broken = min(len(chain), r.version) + 1 if len(chain) < r.version else r.version + 1
                if broken is not None:
                    tampered.append(where | {"seq": broken})
                    continue
                got = fold([canonical.loads(e.entry) for e in chain])
                if any(got[k] != getattr(r, k) for k in FIELDS):
                    stale.append(where | {"problem": "register row differs from the fold of its log"})
                elif r.last_hash != (chain[-1].hash if chain else None):
                    stale.append(where | {"problem": "register row's last hash differs from its log"})
        return {"ok": not tampered and not stale, "tampered": tampered, "projections": stale}


def ledger(store, docs, as_of, office: str | None, person: str | None) -> dict[str, Any]:
    """The ledger over the store's cases (``docs``: ``Store._current_docs``), each as its log folds
    now and as known on ``as_of`` (``case show --as-of``), with the register of the office(s).
    A stored log that no longer validates is left out, as ``case due`` leaves it out."""
    from wreckmaster.law.scenario import InvalidScenario
    from wreckmaster.ledger import CaseFacts, Person, derive

    from . import engine_bridge

    cases = []
    for r, doc, stored in docs:
        if stored or not r.occurred or r.occurred > as_of.isoformat():
            continue
        doc["as_of"] = as_of.isoformat()
        try:
            scenario = engine_bridge.validate_doc(doc)
        except InvalidScenario:
            continue
        cases.append(CaseFacts(r.id, scenario, {"case": r.id, "version": r.version}, r.office))
    register = [Person(p["person"], p["office"], p["name"], p["post"], p["station"])
                for p in store.persons.list(office)]
    return derive(cases, as_of, register, office, person)
