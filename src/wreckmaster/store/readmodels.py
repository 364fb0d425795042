"""Read models (issue 23): the clerk's due list and the public notice board without assessing every case.

Alongside the cached fold (``projections``) the store keeps, in the same transaction as every
entry (:func:`refresh`, called by the append and the open), indexed rows of each case
(``readmodel_tables.py``):

- its **deadlines** (``rm_deadlines``): each deadline the assessment lists, with the span of
  days it is listed so (``valid_from`` to the day before ``valid_to``, :data:`OPEN` when it does not
  end) and its ``status`` then —
  due day, duty, party, cites and the duty in the case's language. A deadline pending until its
  due day is missed after it, or met where a rule sets ``met`` with no dated act (the jp-1875
  posting after its 60 days, jp-1899's expenses); ``ended`` counts as any status; a deadline the
  law opens only once another has passed (jp-1875 art 31 ¶2) starts its own span;
- its **items under notice** (``rm_notices``): the public fields, the notice's start and end;
- its **row** (``rm_cases``): office, ``occurred`` and ``latest``, the latest legal date in its facts.

Status on ``as_of``: the row whose span holds ``as_of``. With every fact known — ``as_of`` on
or after ``latest`` — the list changes only on the day after a pending deadline's due day, so
the rows are the assessments on ``latest`` and on each such day (:func:`_spans`). For an
earlier ``as_of`` (a historian's view), and for a case whose list would need more than
:data:`MAX_SPANS` assessments (``mode = 'fly'``), the case is assessed on the fly as before
(:func:`_due_on_the_fly`). Notices
need no such care: the board always read every dated fact, so their rows hold for every
``as_of`` on or after the casualty.

A case of a kind its regime assesses item by item (``Regime.assessed_by_item``: a drift case of
today's Act or of 1875, a French case of wreck found; every deadline of it is one item's) is
computed group by group of items (:mod:`.item_groups`, :func:`_by_groups`): each group is
assessed as a case of its own, its deadlines' rows hold on the days of its own spans, and their
``ord`` (:func:`group_ord`) is where one assessment of the whole case lists them (by rule, the
item's place, the place among that rule's deadlines of the item). An entry on one item changes
that group's rows alone, and the next append assesses only the groups whose facts changed (the
others' rows are kept in this process: a cache that decides what is computed again, never what
the rows are). A group that lists a deadline of no item, or that the law's period leaves out,
has the case assessed whole, as any other case. ``tests/store/test_readmodel_groups.py`` checks,
day by day, that the rows valid on a day are the whole case's assessment on it.

The rows depend on the law: :func:`fingerprint` hashes this package's law (its version and
the regimes' data and code) and that of the regimes from outside it (plug-ins); :func:`ensure_current` rebuilds every row (:func:`rebuild`) when
the stored fingerprint differs (``wreckmaster db upgrade``, ``db rebuild``, and a store that
opens a database built by another wreckmaster). :func:`check` tells ``case verify`` whether a
case's rows agree with its log.
"""
from __future__ import annotations

import base64
import bisect
import hashlib
import json
import math
import operator
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from sqlalchemy import and_, bindparam, delete, func, insert, or_, select, text, update
from sqlalchemy.engine import Connection, Engine

from . import canonical, engine_bridge, fold
from .models import cases, projections, settings
from .item_groups import PARTS, Grouping, copied, extended, grouping
from .projection_text import touched
from .readmodel_tables import ReadCase, ReadDeadline, ReadNotice

rm_cases = ReadCase.__table__
rm_deadlines = ReadDeadline.__table__
rm_notices = ReadNotice.__table__

FINGERPRINT_KEY = "readmodels_fingerprint"
CLASSES = ("drifting", "sunken", "river-timber")
#: the shortest ``q`` the trigram indexes find (a shorter one: migrations 0010 and 0011)
TRIGRAM = 3


# --- the law's fingerprint ------------------------------------------------------------------
#: the files of the law a fingerprint hashes (code and data)
_LAW_FILES = (".py", ".yaml", ".yml", ".json", ".csv")


def fingerprint() -> str:
    """A hash of what the rows depend on: the package's version, the law's code and data
    (``law/``, ``regimes/``) and this module, and the regimes from outside the package — the
    plug-ins (entry point group ``wreckmaster.regimes``) and any registered by hand — by their
    folders' files, the other modules their rules live in and their distributions' versions
    (:func:`_outside`). Without such a regime it is the package's hash alone."""
    outside = _outside()
    return _package_fingerprint() if not outside else hashlib.sha256(
        (_package_fingerprint() + "\n").encode() + outside).hexdigest()


@lru_cache(maxsize=1)
def _package_fingerprint() -> str:
    import wreckmaster

    root = Path(wreckmaster.__file__).parent
    h = hashlib.sha256(f"wreckmaster {wreckmaster.__version__}\n".encode())
    files = [Path(__file__)] + sorted(p for folder in ("law", "regimes") for p in (root / folder).rglob("*")
                                      if p.is_file() and p.suffix in _LAW_FILES)
    for p in files:
        h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _outside() -> bytes:
    """What the regimes outside the package bring to the fingerprint (empty: none): for each, by id,
    its distribution's version (a plug-in), the files of its folder (articles, parameters, events,
    messages, its modules) and the source of the modules its rules come from outside that folder.
    The files are read on every call (small folders), so a changed file changes the fingerprint."""
    import inspect

    from wreckmaster.law import regime as registry

    parts: dict[str, list[bytes]] = {rid: [line] for rid, line in _plugin_distributions().items()}
    folders = dict(_plugin_folders())
    for law in list(registry._REGISTRY.values()):
        if _in_package(law.folder):
            continue
        folders[law.id] = law.folder
        for source in dict.fromkeys(inspect.getsourcefile(rule) for rule in law.rules):
            if source and not Path(source).resolve().is_relative_to(law.folder.resolve()):
                parts.setdefault(law.id, []).append(b"rules " + Path(source).name.encode() + b"\0" + Path(source).read_bytes())
    for regime_id, folder in folders.items():
        if _in_package(folder):
            continue
        for p in sorted(q for q in Path(folder).rglob("*") if q.is_file() and q.suffix in _LAW_FILES):
            parts.setdefault(regime_id, []).append(str(p.relative_to(folder)).encode() + b"\0" + p.read_bytes())
    return b"".join(f"regime {rid}\n".encode() + b"\0".join(sorted(parts[rid])) + b"\0" for rid in sorted(parts))


def _in_package(folder: Path) -> bool:
    import wreckmaster

    return Path(folder).resolve().is_relative_to(Path(wreckmaster.__file__).parent.resolve())


@lru_cache(maxsize=1)
def _plugin_distributions() -> dict[str, bytes]:
    """regime id → the plug-in's module, distribution and version (installed packages do not change
    while the process runs)."""
    from importlib.metadata import entry_points

    from wreckmaster.law.regime import ENTRY_POINTS

    return {ep.name: f"plug-in {ep.value} {ep.dist.name if ep.dist else '-'} {ep.dist.version if ep.dist else '-'}"
            .encode() for ep in entry_points(group=ENTRY_POINTS)}


@lru_cache(maxsize=1)
def _plugin_folders() -> tuple[tuple[str, Path], ...]:
    """regime id → the folder of the module a plug-in's entry point names, found without importing it."""
    from importlib.util import find_spec

    from wreckmaster.law.regime import _plugins

    out = []
    for regime_id, module in _plugins().items():
        spec = find_spec(module)
        if spec is not None and spec.origin:
            out.append((regime_id, Path(spec.origin).parent))
    return tuple(out)


def stored_fingerprint(conn: Connection) -> str | None:
    return conn.execute(select(settings.c.value).where(settings.c.key == FINGERPRINT_KEY)).scalar()


def ensure_current(engine: Engine, write) -> bool:
    """Rebuild the rows when the law's fingerprint differs from the stored one (``write``: a
    context manager giving a write transaction). Returns whether it rebuilt."""
    with engine.connect() as conn:
        same = stored_fingerprint(conn) == fingerprint()
        conn.rollback()
    if same:
        return False
    with write() as conn:
        if conn.dialect.name == "postgresql":   # one rebuild at a time across workers
            conn.execute(text("SELECT pg_advisory_xact_lock(1179403648)"))
        if stored_fingerprint(conn) == fingerprint():
            return False
        rebuild(conn)
    return True


def rebuild(conn: Connection) -> int:
    """Every read model again from the logs (the cached folds where fresh); returns the cases."""
    conn.execute(delete(rm_deadlines))
    conn.execute(delete(rm_notices))
    if conn.dialect.name == "sqlite":   # its triggers followed the delete: a gram left by a row changed behind them
        conn.execute(text("DELETE FROM rm_notice_grams_fts"))
    conn.execute(delete(rm_cases))
    n = 0
    for r, doc, problems in _docs(conn, select(cases).order_by(cases.c.num)):
        rows = compute(r.id, r.num, r.office, with_office_days(conn, r.office, doc), problems, cached=False)
        _insert(conn, rows)
        n += 1
    _set_fingerprint(conn)
    return n


def mark_current(conn: Connection) -> None:
    """Record that the read models were made by this wreckmaster's law (``db rebuild``)."""
    _set_fingerprint(conn)


def _set_fingerprint(conn: Connection) -> None:
    done = conn.execute(update(settings).where(settings.c.key == FINGERPRINT_KEY).values(value=fingerprint()))
    if done.rowcount == 0:
        conn.execute(insert(settings).values(key=FINGERPRINT_KEY, value=fingerprint()))


# --- the rows of one case -------------------------------------------------------------------
@dataclass
class Rows:
    case: dict[str, Any]
    deadlines: list[dict[str, Any]]
    notices: list[dict[str, Any]]
    #: each deadline's and each notice's :func:`row_hash`, in the rows' order (None: not worked out yet)
    hashes: tuple[list[bytes], list[bytes]] | None = None
    #: :func:`digest_of` the hashes, when worked out with them (None: not yet)
    digest: str | None = None

    def row_hashes(self) -> tuple[list[bytes], list[bytes]]:
        if self.hashes is None:
            self.hashes = (list(map(row_hash, map(_DEADLINE_TUPLE, self.deadlines))),
                           list(map(row_hash, map(_NOTICE_TUPLE, self.notices))))
        return self.hashes


def normalise(s: str) -> str:
    """What ``q`` compares: NFKC, case-folded (全角 ＡＢＣ finds abc; any script)."""
    return unicodedata.normalize("NFKC", s).casefold()


def latest_date(scenario) -> date:
    """The latest legal date in the facts (``law/asof.py``: events, dated expenses, finds)."""
    days = [scenario.case.occurred]
    days += [e.date for e in scenario.events]
    days += [x.date for x in scenario.expenses if x.date is not None]
    days += [i.found.date for i in scenario.items if i.found and i.found.date]
    return max(days)


def _validated(doc: dict[str, Any], as_of: date | None):
    from wreckmaster.law.scenario import InvalidScenario

    d = dict(doc)
    d.pop("as_of", None)
    if as_of is not None:
        d["as_of"] = as_of.isoformat()
    try:
        return engine_bridge.validate_doc(d)
    except InvalidScenario:
        return None


def _out_of_scope(result) -> bool:
    return any(f.code == "out-of-temporal-scope" and f.severity == "error" for f in result.findings)


def with_office_days(conn: Connection, office: str, doc: dict[str, Any], days: list[str] | None = None
                     ) -> dict[str, Any]:
    """The case as `case export` gives it: the office's own closing days as ``case.closed_days``
    (CASE.md 1.1; they move jp-1899-2025's claim deadlines), no key when there are none.
    ``days``: the office's, read already (else they are read here)."""
    from .office_store import OfficeMethods

    if days is None:
        days = OfficeMethods._closed_days(conn, office)
    if days and isinstance(doc.get("case"), dict):
        return {**doc, "case": {**doc["case"], "closed_days": days}}
    return doc


def refresh_office(conn: Connection, office: str) -> int:
    """Every case of ``office`` again (its closing days changed): in the caller's transaction."""
    n = 0
    for r, doc, problems in _docs(conn, select(cases).where(cases.c.office == office).order_by(cases.c.num)):
        refresh(conn, r.id, r.num, r.office, doc, problems)
        n += 1
    return n


def digest(deadlines: list[dict[str, Any]], notices: list[dict[str, Any]]) -> str:
    """``rm_cases.digest``: a hash of a case's deadline and notice rows, so that an append whose
    rows stay the same reads one row to know it (``case verify`` compares the rows themselves):
    :func:`digest_of` their :func:`row_hash`."""
    return digest_of(*Rows({}, deadlines, notices).row_hashes())


def digest_of(deadline_hashes: list[bytes], notice_hashes: list[bytes]) -> str:
    """The SHA-256 of the two tables' counts and their rows' hashes, each table's in the order of
    the hashes (the rows as a set: a table has no order)."""
    return _digest_of_sorted(sorted(deadline_hashes), sorted(notice_hashes))


def _digest_of_sorted(deadline_hashes: list[bytes], notice_hashes: list[bytes]) -> str:
    """:func:`digest_of` hashes sorted already."""
    return hashlib.sha256(f"{len(deadline_hashes)} {len(notice_hashes)}".encode() + b"".join(deadline_hashes)
                          + b"".join(notice_hashes)).hexdigest()


#: each row's hash by the tuple of its columns (this process's); emptied when it holds
#: :data:`ROW_HASHES` rows
_ROW_HASHES: dict[tuple, bytes] = {}
ROW_HASHES = 20_000


def row_hash(row: tuple) -> bytes:
    """The SHA-256 of one read-model row, as the tuple of its columns (its ``repr``: strings,
    numbers and None, each the same in every process)."""
    h = _ROW_HASHES.get(row)
    if h is None:
        h = hashlib.sha256(repr(row).encode()).digest()
        if len(_ROW_HASHES) >= ROW_HASHES:
            _ROW_HASHES.clear()
        _ROW_HASHES[row] = h
    return h


def compute(case_id: str, num: int, office: str, doc: dict[str, Any], problems: Iterable, scenario=None,
            cached: bool = True, after: "Appended | None" = None) -> Rows:
    """The read-model rows of one case from its fold (``doc``, without ``as_of``) and its stored
    problems (a stored log that no longer validates has none); ``scenario``: ``doc`` validated
    already (the append's), else it is validated here. The case's row carries the
    :func:`digest` of the others. ``cached`` False: every group of a case its regime assesses
    item by item is assessed again, none taken from this process's cache (``case verify``,
    ``db rebuild``). ``after``: ``doc`` is the fold of the stored projection named there and the
    entries appended (:class:`Appended`)."""
    rows = _compute(case_id, num, office, doc, problems, scenario, cached, after)
    rows.case["digest"] = rows.digest or digest_of(*rows.row_hashes())
    return rows


def _compute(case_id: str, num: int, office: str, doc: dict[str, Any], problems: Iterable, scenario,
             cached: bool = True, after: "Appended | None" = None) -> Rows:
    occurred = (doc.get("case") or {}).get("occurred") if isinstance(doc.get("case"), dict) else None
    case = {"case_id": case_id, "num": num, "office": office, "occurred": str(occurred) if occurred else None,
            "latest": None, "mode": "none"}
    if list(problems) or not occurred:
        return Rows(case, [], [])
    # validated once, without as_of: validation reads as_of only to refuse one before the casualty,
    # and the engine takes the day as an argument (law/asof.py leaves later facts out)
    if scenario is None:
        scenario = _validated(doc, None)
    if scenario is None:
        return Rows(case, [], [])
    latest = latest_date(scenario)
    case.update(latest=latest.isoformat(), mode="table")
    mine = {"case_id": case_id, "num": num, "office": office}
    grouped = _by_groups(case_id, doc, scenario, mine, cached, after) if _splits(doc, scenario) else None
    if grouped is not None:
        case.update(grouped.case)   # its mode: "fly" when a group's deadlines move too often to list
        return Rows(case, grouped.deadlines, grouped.notices, grouped.hashes, grouped.digest)
    notices = _notice_rows(case_id, num, office, scenario)
    result = engine_bridge.assess(scenario, latest)
    if _out_of_scope(result):
        return Rows(case, [], notices)
    spans = _spans(scenario, latest, _listed(result))
    if spans is None:   # the law moves the deadlines too often to list: assess this case on the fly
        case["mode"] = "fly"
        return Rows(case, [], notices)
    lang = scenario_language(scenario)
    days = [start.isoformat() for start, _ in spans] + [OPEN]
    deadlines = [_deadline_row(mine, n, days[k], days[k + 1], d, lang)
                 for k, (_, listed) in enumerate(spans) for n, (_, d) in enumerate(listed)]
    return Rows(case, deadlines, notices)


def _deadline_row(mine: dict[str, Any], ord_: int, valid_from: str, valid_to: str, d, lang: str) -> dict[str, Any]:
    """One ``rm_deadlines`` row: the deadline ``d`` listed ``ord_``-th (or at :func:`group_ord`) on
    the days from ``valid_from`` to the day before ``valid_to``; ``mine``: the case's columns."""
    return {**mine, "ord": ord_, "valid_from": valid_from, "valid_to": valid_to, "due": d.due.isoformat(),
            "status": d.status, "duty": d.duty, "party": d.party, "cites": _cites_text(d.cites),
            "duty_local": d.duty_local, "lang": lang}


@lru_cache(maxsize=4096)
def _cites_text(cites: tuple[str, ...]) -> str:
    """A deadline's cites as the rows store them (canonical JSON)."""
    return canonical.dumps(list(cites))


def scenario_language(scenario) -> str:
    """The language of the case's assessment (its regime's)."""
    from wreckmaster.law import regime as registry

    return registry.get(scenario.regime).language


#: ``valid_to`` of a span that does not end: after every date (a plain string range on the index)
OPEN = "9999-99-99"
#: at most this many assessments for one case's rows (a register of many items with many due days
#: is assessed on the fly instead, as before the read models)
MAX_SPANS = 8

#: the rule of a deadline listed outside ``Regime.assess`` (after every rule of a regime)
AFTER_THE_RULES = 10**6
#: a deadline as the rows list it: ``(the rule that listed it, the deadline)`` (``Assessment.deadline_rules``)
Listed = tuple[int, Any]


def _listed(result) -> list[Listed]:
    rules = result.deadline_rules
    if len(rules) < len(result.deadlines):   # listed outside Regime.assess: as if by a rule after every rule
        rules = rules + [AFTER_THE_RULES] * (len(result.deadlines) - len(rules))
    return list(zip(rules, result.deadlines))


def _key(d) -> tuple:
    return (d.duty, d.party, d.due, d.status, tuple(d.cites), d.duty_local)


def _too_many_due_days(listed: list[Listed], latest: date) -> bool:
    """Whether the pending deadlines of a case's first list fall due on :data:`MAX_SPANS` days or more."""
    return len({d.due for _, d in listed if d.status == "pending" and d.due >= latest}) >= MAX_SPANS


def _same_list(a: list[Listed], b: list[Listed]) -> bool:
    return len(a) == len(b) and all(_key(x) == _key(y) for (_, x), (_, y) in zip(a, b))


def _spans(scenario, latest: date, first: list[Listed]) -> list[tuple[date, list[Listed]]] | None:
    """The case's deadlines on every day from ``latest`` on, as spans ``[(first day, deadlines)]``.

    With every fact known, the list changes only on the day after a pending deadline's due day
    (it becomes missed, or met where a rule sets it so; or the law opens a next one, as jp-1875
    art 31 ¶2 after the owner's year): the case is assessed on ``latest`` and on each such day,
    and equal neighbours are joined. None when that takes more than :data:`MAX_SPANS` assessments."""
    if _too_many_due_days(first, latest):
        return None
    spans: list[tuple[date, list[Listed]]] = []
    todo = {latest}
    seen: set[date] = set()
    listed = first
    while todo:
        day = min(todo)
        todo.discard(day)
        seen.add(day)
        if len(seen) > MAX_SPANS:
            return None
        if day != latest:
            listed = _listed(engine_bridge.assess(scenario, day))
        if not spans or not _same_list(spans[-1][1], listed):
            spans.append((day, listed))
        for _, d in listed:
            if d.status == "pending" and d.due >= day:
                nxt = d.due + timedelta(days=1)
                if nxt not in seen:
                    todo.add(nxt)
    return spans


# --- a case assessed group by group of items (``Regime.assessed_by_item``) ------------------------
#: at most this many cases are kept in each of this process's caches of rows (:class:`CaseCache`),
#: and at most this many rows in all, beside the case kept last (a register of many items)
GROUP_CACHE_CASES = 64
GROUP_CACHE_ROWS = 100_000
_GROUPS_LOCK = threading.Lock()


class CaseCache:
    """One of this process's caches of rows by case: the least recently kept case dropped past
    :data:`GROUP_CACHE_CASES` cases, or past :data:`GROUP_CACHE_ROWS` rows in all (the case kept
    last stays, however many rows it has: its next append is the one to spare)."""

    def __init__(self) -> None:
        self._values: "OrderedDict[str, Any]" = OrderedDict()
        self._rows: dict[str, int] = {}
        self.rows = 0

    def get(self, case_id: str) -> Any:
        with _GROUPS_LOCK:
            return self._values.get(case_id)

    def put(self, case_id: str, value: Any, rows: int) -> None:
        with _GROUPS_LOCK:
            self.rows += rows - self._rows.get(case_id, 0)
            self._values[case_id], self._rows[case_id] = value, rows
            self._values.move_to_end(case_id)
            while len(self._values) > 1 and (len(self._values) > GROUP_CACHE_CASES or self.rows > GROUP_CACHE_ROWS):
                gone, _ = self._values.popitem(last=False)
                self.rows -= self._rows.pop(gone)

    def pop(self, case_id: str, default: Any = None) -> Any:
        with _GROUPS_LOCK:
            self.rows -= self._rows.pop(case_id, 0)
            return self._values.pop(case_id, default)

    def __len__(self) -> int:
        return len(self._values)


#: the item groups' rows last made, by case (:class:`_Last`; a cache only: a group is taken from it
#: only when its facts, its places and the case's are those its rows were made from)
_GROUPS = CaseCache()


def _assessed_by_item(scenario) -> bool:
    from wreckmaster.law import regime as registry

    try:
        regime = registry.get(scenario.regime)
    except KeyError:
        return False
    return scenario.case.kind in regime.assessed_by_item and bool(scenario.items)


def _splits(doc: dict[str, Any], scenario) -> bool:
    """Whether the case is one its regime assesses item by item, ``doc``'s parts those validated."""
    return _assessed_by_item(scenario) and all(len(getattr(scenario, part)) == len(doc.get(part) or [])
                                               for part in ("items", "events", "expenses"))


@dataclass(slots=True)
class _Kept:
    """One group's rows as :func:`_by_groups` last made them, with the case's columns, and the
    group's facts and its items' places they come from (``rows.case``: its ``mode``)."""

    facts: tuple
    places: list[int]
    rows: Rows


#: the rows of a case in the order :func:`check` reads them
_ORDER = operator.itemgetter("valid_from", "ord")
_NOTICE_ORDER = operator.itemgetter("ord")


@dataclass(slots=True)
class _Last:
    """What :func:`_by_groups` last made of a case in this process: the case's columns of its rows,
    its :class:`~.item_groups.Grouping`, each group's :class:`_Kept` by its first item's id, and
    their rows one after another."""

    mine: dict[str, Any]
    grouping: Grouping
    kept: dict[str, _Kept]
    rows: "_Combined"
    #: the stored projection text of the document, when the append gave it (:class:`Appended`)
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Appended:
    """An append's document as the fold made it: the stored projection text it was folded from
    (``base``), the entries folded onto it, and the new projection text (``text``)."""

    base: str
    entries: list[dict[str, Any]]
    text: str

    def grown(self, last_text: str | None) -> dict[str, int] | None:
        """How many items, events and expenses the entries appended, when the document ``last_text``
        names is the one they were folded onto and they changed those lists in no other way (else
        None: the lists are compared)."""
        if last_text is None or last_text != self.base:
            return None
        appended, other = touched(self.entries)
        if "*" in other or other & set(PARTS):
            return None
        return {part: appended.get(part, 0) for part in PARTS}


def _by_groups(case_id: str, doc: dict[str, Any], scenario, mine: dict[str, Any],
               cached: bool = True, after: "Appended | None" = None) -> Rows | None:
    """The deadline and notice rows of a case its regime assesses item by item
    (``Regime.assessed_by_item``, :mod:`.item_groups`), each group assessed as a case of its own
    (:func:`_group`): a deadline's row holds on the days of its group's span, and its ``ord``
    (:func:`group_ord`) places it where one assessment of the whole case lists it — by the rule
    that listed it, then by its item's place in the case (the rules go through the items in the
    case's order), then by its place among that rule's deadlines of that item. So an entry on one
    item changes that item's group's rows alone. The rows come group by group (a table has no
    order; :func:`check` sorts them). With ``cached``, a group whose facts and places, and the case's
    own facts, are those this process last made its rows from is taken as it was (a cache: it
    decides what is computed again, never what the rows are); when the append only added facts
    of one group each (:func:`~.item_groups.extended`), the other groups are taken without being
    compared — and, ``after`` an append onto the projection these groups were made from, without
    comparing the earlier facts either (the fold only appends ``add`` and ``event`` entries). None: a group lists a deadline of no one item, or the law's period leaves it out —
    the case is assessed whole. ``mine``: the case's columns of its rows (``case_id``, ``num``,
    ``office``). The case's row of the result holds only its ``mode``: ``fly``, with no deadline
    rows, when a group's list would need more than :data:`MAX_SPANS` assessments (the case is read
    on the fly), else ``table``."""
    last = _GROUPS.get(case_id) if cached else None
    if last is not None and last.mine != mine:
        last = None
    step = extended(last.grouping, doc, after.grown(last.text) if after is not None else None) \
        if last is not None else None
    if step is not None:
        split, touched = step
    else:
        split, touched = grouping(doc, last.grouping if last is not None else None), None
        if last is not None and split.case_part is not last.grouping.case_part:
            last = None   # the case's own facts changed: every group is assessed again
    assess = _Assessor(scenario, mine)
    if touched is not None and all(n >= len(last.grouping.groups) for n in touched):
        # only new groups (items added): the others' rows as they were, the new ones' after them
        kept = dict(last.kept)
        for n in sorted(touched):
            g = split.groups[n]
            hit = kept[scenario.items[g.items[0]].id] = assess(g)
            if hit is None:
                return None
        rows = last.rows.plus([kept[scenario.items[split.groups[n].items[0]].id] for n in sorted(touched)])
    else:
        before = last.kept if last is not None else {}
        kept = {}
        for n, g in enumerate(split.groups):
            first = scenario.items[g.items[0]].id
            hit = before.get(first)
            if hit is None or (n in touched if touched is not None else
                               hit.places != g.items or hit.facts != g.facts):
                hit = assess(g)
                if hit is None:
                    return None
            kept[first] = hit
        rows = _Combined.of(kept.values())
    _GROUPS.put(case_id, _Last(dict(mine), split, kept, rows, after.text if after is not None else None),
                split.size + rows.size)
    return rows.result()


class _Assessor:
    """One group assessed as a case of its own (:func:`_group`), as a :class:`_Kept` (None: the case
    is assessed whole)."""

    def __init__(self, scenario, mine: dict[str, Any]) -> None:
        self.scenario, self.mine = scenario, mine
        self.where = self.lang = None

    def __call__(self, g) -> _Kept | None:
        if self.where is None:
            self.where = {item.id: k for k, item in enumerate(self.scenario.items)}
            self.lang = scenario_language(self.scenario)
        rows = _group(g.of(self.scenario), self.where, self.lang, self.mine)
        if rows is None:
            return None
        rows.row_hashes()   # worked out once, kept with the rows
        return _Kept(tuple(copied(list(g.facts))), g.items, rows)   # the caller's document may change after this


@dataclass(slots=True)
class _Combined:
    """The groups' rows one after another, group by group, with their hashes; ``fly``: a group's
    list needs more than :data:`MAX_SPANS` assessments (the case is read on the fly: no deadline
    rows); ``size``: every group's rows, kept or not."""

    fly: bool
    deadlines: list[dict[str, Any]]
    notices: list[dict[str, Any]]
    deadline_hashes: list[bytes]
    notice_hashes: list[bytes]
    size: int
    #: the deadlines' and the notices' hashes in their sorted order (:func:`digest_of`'s)
    in_order: tuple[list[bytes], list[bytes]] = ([], [])

    @classmethod
    def of(cls, kept: Iterable[_Kept]) -> "_Combined":
        return cls(False, [], [], [], [], 0).plus(list(kept))

    def plus(self, kept: list[_Kept]) -> "_Combined":
        """These rows and those of the groups ``kept`` after them (a new object: this one stays)."""
        fly = self.fly or any(k.rows.case["mode"] == "fly" for k in kept)
        out = _Combined(fly, [] if fly else list(self.deadlines), list(self.notices),
                        [] if fly else list(self.deadline_hashes), list(self.notice_hashes), self.size,
                        ([] if fly else list(self.in_order[0]), list(self.in_order[1])))
        new_deadlines: list[bytes] = []
        new_notices: list[bytes] = []
        for k in kept:
            if not fly:
                out.deadlines += k.rows.deadlines
                out.deadline_hashes += k.rows.hashes[0]
                new_deadlines += k.rows.hashes[0]
            out.notices += k.rows.notices
            out.notice_hashes += k.rows.hashes[1]
            new_notices += k.rows.hashes[1]
            out.size += len(k.rows.deadlines) + len(k.rows.notices)
        for into, new in zip(out.in_order, (new_deadlines, new_notices)):
            if len(new) > 8:
                into += new
                into.sort()
            else:
                for h in new:
                    bisect.insort(into, h)
        return out

    def result(self) -> Rows:
        return Rows({"mode": "fly" if self.fly else "table"}, self.deadlines, self.notices,
                    (self.deadline_hashes, self.notice_hashes), _digest_of_sorted(*self.in_order))


#: :func:`group_ord`'s bounds: the places of a case's items, and a rule's deadlines of one item
ORD_ITEMS = 2**28
ORD_SAME = 2**12


def group_ord(rule: int, place: int, k: int) -> int | None:
    """The ``ord`` of a deadline of a case assessed group by group: the ``k``-th deadline the rule
    numbered ``rule`` (:data:`AFTER_THE_RULES` for one listed after every rule) lists for the item
    at ``place`` in the case, as one number in the order of ``(rule, place, k)`` (the order one
    assessment of the whole case lists them; the rows of the other groups keep theirs when an item
    is added). None past the bounds (the case is assessed whole)."""
    if not (0 <= place < ORD_ITEMS and 0 <= k < ORD_SAME):
        return None
    return (rule * ORD_ITEMS + place) * ORD_SAME + k


def _group(scenario, where: dict[str, int], lang: str, mine: dict[str, Any]) -> Rows | None:
    """One group of items as a case of its own: its deadline rows from its own latest date, each
    with its span (the days its group's list is so, :func:`_spans`) and its :func:`group_ord`, and
    its notice rows, with the case's columns ``mine`` and each notice's ``ord`` its item's place in
    the case (``where``); ``case``: the group's ``mode`` (``fly``, with no deadline rows, when its
    list needs more than :data:`MAX_SPANS` assessments). None if the group alone is outside the
    law's period, or lists a deadline of no one item of it (its place among the other groups'
    would be a guess: the whole case is assessed instead)."""
    latest = latest_date(scenario)
    result = engine_bridge.assess(scenario, latest)
    if _out_of_scope(result):
        return None
    notices = [{**n, **mine, "ord": where[n["item"]]} for n in _notice_rows("", 0, "", scenario)]
    spans = _spans(scenario, latest, _listed(result))
    if spans is None:
        return Rows({"mode": "fly"}, [], notices)
    ids = {item.id for item in scenario.items}
    days = [start.isoformat() for start, _ in spans] + [OPEN]
    rows = []
    for k, (_, listed) in enumerate(spans):
        seen: dict[tuple[int, str], int] = {}
        for rule, d in listed:
            item = (d.values or {}).get("item")
            if item not in ids:
                return None
            n = seen[rule, item] = seen.get((rule, item), -1) + 1
            ord_ = group_ord(rule, where[item], n)
            if ord_ is None:
                return None
            rows.append(_deadline_row(mine, ord_, days[k], days[k + 1], d, lang))
    return Rows({"mode": "table"}, rows, notices)


def item_class(regime, scenario, item) -> str | None:
    """``drifting``, ``sunken`` or ``river-timber`` where the regime classes goods so (its
    ``item_class``), else None."""
    from wreckmaster.law.contributes import item_class_of

    return item_class_of(regime, scenario, item)


def _notice_rows(case_id: str, num: int, office: str, scenario) -> list[dict[str, Any]]:
    """The items under notice at any time, with the notice's first and end day (the board's rule
    of CASE.md: from the notice event until an event that ends it)."""
    from wreckmaster.law import regime as registry

    try:
        regime = registry.get(scenario.regime)
    except KeyError:
        return []
    starts, ends = tuple(regime.notice_starts), tuple(regime.notice_ends)
    really = getattr(regime, "ends_notice", None)
    hook = getattr(regime, "claim_until", None)
    out = []
    for k, item in enumerate(scenario.items):
        begun = [e.date for t in starts for e in scenario.where(t, "items", item.id)]
        if not begun:
            continue
        ended = [e.date for t in ends for key in ("item", "items") for e in scenario.where(t, key, item.id)
                 if really is None or really(scenario, e, item.id)]
        start, end = min(begun), (min(ended) if ended else None)
        if end is not None and end <= start:
            continue
        claim = hook(scenario, item.id, start) if callable(hook) else None
        position = (item.found.position if item.found and item.found.position else None) or scenario.case.position
        place = scenario.case.place
        out.append({
            "case_id": case_id, "num": num, "ord": k, "office": office, "item": item.id,
            "description": item.description, "kind": item.kind, "item_class": item_class(regime, scenario, item),
            "found_on": item.found.date.isoformat() if item.found and item.found.date else None,
            "place": place, "lat": float(position.lat) if position else None,
            "lon": float(position.lon) if position else None,
            "claim_until": claim.isoformat() if claim is not None else None,
            "notice_start": start.isoformat(), "notice_end": end.isoformat() if end else None,
            "search": normalise(f"{item.description or ''}\n{place or ''}")})
    return out


# --- keeping them ---------------------------------------------------------------------------
_DEADLINE_COLUMNS = [c.name for c in rm_deadlines.columns if c.name != "id"]
_NOTICE_COLUMNS = [c.name for c in rm_notices.columns if c.name != "id"]
#: a row as the tuple of its columns (:func:`digest`, :func:`_sync`, SQLite's inserts)
_DEADLINE_TUPLE = operator.itemgetter(*_DEADLINE_COLUMNS)
_NOTICE_TUPLE = operator.itemgetter(*_NOTICE_COLUMNS)
_CASE_COLUMNS = [c.name for c in rm_cases.columns]
_TUPLE = {rm_deadlines.name: _DEADLINE_TUPLE, rm_notices.name: _NOTICE_TUPLE,
          rm_cases.name: operator.itemgetter(*_CASE_COLUMNS)}


def _same(columns: list[str], a: str, b: str) -> str:
    return f"({', '.join(f'{a}.{c}' for c in columns)}) IS NOT DISTINCT FROM ({', '.join(f'{b}.{c}' for c in columns)})"


def _pg_refresh_parts() -> tuple[str, str]:
    """PostgreSQL: a case's rows brought to the new ones in one statement (one round trip, as the
    append's own writes: ``repository._PG_APPEND``, which can carry them), the new rows as JSON
    arrays of objects. Only the rows that changed are written: a row the case keeps stays (its
    indexes, the trigram GIN index among them, are not touched). Every part of the statement sees
    the rows as they were before it, so the old rows left out are deleted and the new ones not
    there are inserted. With ``whole`` false the statement is given only the change
    (:func:`_change`): the rows to delete (``gone_…``) and those to insert, and reads no other row
    of the case's but to find them. ``(the common table expressions, the final statement)``."""
    parts = []
    for name, columns in (("rm_deadlines", _DEADLINE_COLUMNS), ("rm_notices", _NOTICE_COLUMNS)):
        cols = ", ".join(columns)
        parts.append(f"""want_{name} AS (SELECT {cols} FROM json_populate_recordset(NULL::{name}, CAST(:{name} AS json))),
old_{name} AS (SELECT {cols} FROM json_populate_recordset(NULL::{name}, CAST(:gone_{name} AS json))),
gone_{name} AS (DELETE FROM {name} o WHERE o.case_id = :case_id AND CASE WHEN CAST(:whole AS boolean)
    THEN NOT EXISTS (SELECT 1 FROM want_{name} w WHERE {_same(columns, "o", "w")})
    ELSE EXISTS (SELECT 1 FROM old_{name} g WHERE {_same(columns, "o", "g")}) END),
new_{name} AS (INSERT INTO {name} ({cols}) SELECT {cols} FROM want_{name} w WHERE NOT EXISTS (
    SELECT 1 FROM {name} o WHERE o.case_id = :case_id AND {_same(columns, "o", "w")}))""")
    cols = ", ".join(_CASE_COLUMNS)
    changed = [c for c in _CASE_COLUMNS if c != "case_id"]
    return ", ".join(parts), f"""INSERT INTO rm_cases ({cols}) SELECT {cols} FROM json_populate_record(NULL::rm_cases, CAST(:case AS json))
ON CONFLICT (case_id) DO UPDATE SET {", ".join(f"{c} = EXCLUDED.{c}" for c in changed)}
WHERE NOT {_same(changed, "rm_cases", "EXCLUDED")}
"""


PG_REFRESH_PARTS, PG_REFRESH_FINAL = _pg_refresh_parts()
_PG_REFRESH = text(f"WITH {PG_REFRESH_PARTS}\n{PG_REFRESH_FINAL}")


#: ``refresh(have=…)`` not given: the case's ``rm_cases`` row is read there
UNREAD: Any = object()


def refresh(conn: Connection, case_id: str, num: int, office: str, doc: dict[str, Any], problems,
            scenario=None, trust_digest: bool = False, closed_days: list[str] | None = None,
            deferred: bool = False, have: dict[str, Any] | None = UNREAD,
            after: Appended | None = None) -> dict[str, Any] | None:
    """Bring one case's rows to what its fold gives (in the caller's transaction: the append's or
    the open's), writing only the rows that changed. ``scenario``: ``doc`` as the append
    validated it (used when the office adds no closing days, so the document is the same).
    ``trust_digest`` (the append's): a case row whose digest is the new rows' means the rows are
    those already, and nothing more is read or written; otherwise every row is compared, as
    ``db rebuild`` needs after rows were changed behind the store's back. ``closed_days``: the
    office's, when the caller read them already; ``have``: the case's ``rm_cases`` row, when the
    caller read it already (with the locked case: ``repository.case_to_append``; None: it has
    none). ``deferred`` (PostgreSQL): nothing is sent; the parameters of :data:`_PG_REFRESH` are
    returned for the caller's own statement (``repository.store_append``), or None when ``have``
    is the new row: the same digest, the same rows. ``after`` (the append's): the projection
    ``doc`` was folded from, and the entries (:class:`Appended`)."""
    with_days = with_office_days(conn, office, doc, closed_days)
    rows = compute(case_id, num, office, with_days, problems, scenario if with_days is doc else None, after=after)
    if have is UNREAD and conn.dialect.name == "sqlite":   # PostgreSQL's statement compares the rows itself
        found = conn.execute(_ROWS_OF[rm_cases.name], {"case_id": case_id}).first()
        have = _plain(found) if found is not None else None
    if trust_digest and have == rows.case:
        _written(case_id, rows)
        return None   # the same digest: the same rows
    # the append's: the rows this process last wrote for the case, when the stored digest is theirs
    change = _change(case_id, have, rows) if trust_digest and have not in (None, UNREAD) else None
    if conn.dialect.name == "postgresql":
        params = {"case_id": case_id, "case": json.dumps(rows.case, ensure_ascii=False)}
        if change is None:
            params.update(whole=True, gone_rm_deadlines="[]", gone_rm_notices="[]",
                          rm_deadlines=json.dumps(rows.deadlines, ensure_ascii=False),
                          rm_notices=json.dumps(rows.notices, ensure_ascii=False))
        else:
            params["whole"] = False
            for name, (gone, new) in change.items():
                params.update({name: json.dumps(new, ensure_ascii=False),
                               f"gone_{name}": json.dumps(gone, ensure_ascii=False)})
        _written(case_id, rows)   # if the transaction fails the stored digest is not theirs: unused
        if deferred:
            return params
        conn.execute(_PG_REFRESH, params)
        return None
    # SQLite: the driver's own statements on the transaction's connection (an append writes a few
    # rows; SQLAlchemy's compiled statements cost more than the writes)
    cursor = conn.connection.cursor()
    try:
        if have is None:
            _write(cursor, rm_cases.name, [rows.case])
        elif have != rows.case:
            cursor.execute(_UPDATE_CASE_SQL, [rows.case[c] for c in _CASE_COLUMNS[1:]] + [case_id])
        for table, want in ((rm_deadlines, rows.deadlines), (rm_notices, rows.notices)):
            if change is None:
                _sync(cursor, table, case_id, want)
            else:
                gone, new = change[table.name]
                if gone:
                    cursor.executemany(_DELETE_SQL[table.name], list(map(_TUPLE[table.name], gone)))
                _write(cursor, table.name, new)
    finally:
        cursor.close()
    _written(case_id, rows)
    return None


assert _DEADLINE_COLUMNS[0] == _NOTICE_COLUMNS[0] == "case_id"
#: the read-model rows this process last wrote or found for each case (:func:`_change`), with their
#: digest (:class:`CaseCache`)
_WRITTEN = CaseCache()


def _written(case_id: str, rows: Rows) -> None:
    _WRITTEN.put(case_id, rows, len(rows.deadlines) + len(rows.notices))


def _change(case_id: str, have: dict[str, Any], rows: Rows) -> dict[str, tuple[list, list]] | None:
    """The rows to delete and to insert, by table, to go from the rows this process last wrote for
    the case to ``rows`` — when the stored case row ``have`` carries those rows' digest (the rows
    stored are those, as ``trust_digest`` takes it); else None: every stored row is compared. The
    rows are told apart by their :func:`row_hash`."""
    last = _WRITTEN.get(case_id)
    if last is None or last.case.get("digest") != have.get("digest"):
        return None
    out = {}
    for name, old, new, old_hashes, new_hashes in zip((rm_deadlines.name, rm_notices.name), (last.deadlines, last.notices),
                                                       (rows.deadlines, rows.notices), last.row_hashes(), rows.row_hashes()):
        before, after = dict(zip(old_hashes, old)), dict(zip(new_hashes, new))
        out[name] = ([r for h, r in before.items() if h not in after], [r for h, r in after.items() if h not in before])
    return out


_ROWS_OF = {t.name: select(t).where(t.c.case_id == bindparam("case_id")) for t in (rm_cases, rm_deadlines, rm_notices)}

#: a case's rows of a table as ``(id, *the columns compared)`` (:func:`_sync`; SQLite's own statement)
_KEYS_SQL = {t.name: f"SELECT id, {', '.join(columns)} FROM {t.name} WHERE case_id = ?"
             for t, columns in ((rm_deadlines, _DEADLINE_COLUMNS), (rm_notices, _NOTICE_COLUMNS))}


#: one row of a table deleted by all its compared columns (``IS``: NULL equals NULL; SQLite's own statement)
_DELETE_SQL = {t.name: f"DELETE FROM {t.name} WHERE case_id = ? AND {' AND '.join(f'{c} IS ?' for c in columns[1:])}"
               for t, columns in ((rm_deadlines, _DEADLINE_COLUMNS), (rm_notices, _NOTICE_COLUMNS))}


#: a row inserted by its columns in :data:`_TUPLE`'s order, and the case's row updated (SQLite's own statements)
_INSERT_SQL = {t.name: f"INSERT INTO {t.name} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
               for t, columns in ((rm_cases, _CASE_COLUMNS), (rm_deadlines, _DEADLINE_COLUMNS),
                                  (rm_notices, _NOTICE_COLUMNS))}
_UPDATE_CASE_SQL = (f"UPDATE rm_cases SET {', '.join(f'{c} = ?' for c in _CASE_COLUMNS[1:])} WHERE case_id = ?")
assert _CASE_COLUMNS[0] == "case_id"


def _sync(cursor, table, case_id: str, want: list[dict[str, Any]]) -> None:
    """The case's rows of ``table`` made ``want`` (SQLite, on the driver's ``cursor`` in the
    append's transaction): the rows no longer wanted deleted, the new ones inserted, the others
    left as they are (a changed notice is deleted and inserted, which keeps the FTS index: its
    triggers follow inserts and deletes)."""
    wanted = dict(zip(map(_TUPLE[table.name], want), want))
    # each stored row as the same tuple, read by position (``id`` first: :data:`_KEYS_SQL`)
    cursor.execute(_KEYS_SQL[table.name], (case_id,))
    gone = [(r[0],) for r in cursor.fetchall() if wanted.pop(r[1:], None) is None]
    if gone:
        cursor.executemany(f"DELETE FROM {table.name} WHERE id = ?", gone)
    _write(cursor, table.name, list(wanted.values()))


def _write(cursor, table: str, rows: list[dict[str, Any]]) -> None:
    """``rows`` inserted into a read-model table (SQLite, on the driver's ``cursor``)."""
    if rows:
        cursor.executemany(_INSERT_SQL[table], list(map(_TUPLE[table], rows)))


def _insert(conn: Connection, rows: Rows) -> None:
    conn.execute(insert(rm_cases), [rows.case])
    if rows.deadlines:
        conn.execute(insert(rm_deadlines), rows.deadlines)
    if rows.notices:
        conn.execute(insert(rm_notices), rows.notices)


def _plain(row) -> dict[str, Any]:
    return {k: v for k, v in row._mapping.items() if k != "id"}


def check(conn: Connection, case_id: str, num: int, office: str, doc: dict[str, Any], problems) -> str | None:
    """``case verify``: None when the case's rows are those its log gives, else what differs."""
    want = compute(case_id, num, office, with_office_days(conn, office, doc), problems, cached=False)
    have_case = conn.execute(select(rm_cases).where(rm_cases.c.case_id == case_id)).first()
    if have_case is None:
        return "no read-model row"
    if _plain(have_case) != want.case:
        return "read-model case row differs from the log"
    have = [_plain(r) for r in conn.execute(select(rm_deadlines).where(rm_deadlines.c.case_id == case_id)
                                            .order_by(rm_deadlines.c.valid_from, rm_deadlines.c.ord))]
    if have != sorted(want.deadlines, key=_ORDER):
        return "read-model deadlines differ from the log"
    have = [_plain(r) for r in conn.execute(select(rm_notices).where(rm_notices.c.case_id == case_id)
                                            .order_by(rm_notices.c.ord))]
    if have != [dict(n) for n in sorted(want.notices, key=_NOTICE_ORDER)]:
        return "read-model notices differ from the log"
    return None


def _docs(conn: Connection, query) -> Iterator[tuple[Any, dict[str, Any], list]]:
    """Each case of ``query`` (rows of ``cases``) with its fold and stored problems (the cached
    fold where fresh)."""
    for r in conn.execute(query).all():
        proj = conn.execute(select(projections.c.version, projections.c.scenario, projections.c.problems)
                            .where(projections.c.case_id == r.id)).first()
        if proj is not None and proj.version == r.version:
            yield r, canonical.loads(proj.scenario), [tuple(p) for p in canonical.loads(proj.problems)]
        else:
            log = [(s, canonical.loads(t)) for s, t in conn.execute(text(
                "SELECT seq, entry FROM entries WHERE case_id = :c ORDER BY seq"), {"c": r.id})]
            doc, problems = fold.fold(log)
            yield r, doc, problems


# --- the clerk's due list -------------------------------------------------------------------
def due(conn: Connection, as_of: date, within: int, office: str | None, local: bool) -> list[dict]:
    """CASE.md's ``case due`` rows, soonest first (by due day, case, duty, the assessment's order)."""
    day, horizon = as_of.isoformat(), (as_of + timedelta(days=within)).isoformat()
    d, c = rm_deadlines, rm_cases
    q = select(d).join(c, c.c.case_id == d.c.case_id).where(
        c.c.mode == "table", c.c.latest <= day, d.c.valid_from <= day, d.c.valid_to > day,
        or_(d.c.status == "missed", and_(d.c.status == "pending", d.c.due <= horizon)))
    if office is not None:
        q = q.where(d.c.office == office)
    out = []
    for r in conn.execute(q):
        row = {"case": r.case_id, "duty": r.duty, "party": r.party, "due": r.due, "status": r.status,
               "cites": json.loads(r.cites)}   # a list of citation strings
        if local and r.duty_local:
            row.update(duty_local=r.duty_local, lang=r.lang)
        out.append(((r.due, r.num, r.duty, r.ord), row))
    fly = select(cases).join(c, c.c.case_id == cases.c.id).where(
        c.c.occurred <= day, or_(c.c.mode == "fly", and_(c.c.mode == "table", c.c.latest > day))).order_by(cases.c.num)
    if office is not None:
        fly = fly.where(c.c.office == office)
    for r, doc, problems in _docs(conn, fly):
        out += _due_on_the_fly(r, with_office_days(conn, r.office, doc), problems, as_of, horizon, local)
    out.sort(key=lambda t: t[0])
    return [row for _, row in out]


def _due_on_the_fly(r, doc, stored, as_of: date, horizon: str, local: bool) -> list:
    """One case assessed on ``as_of`` (what every read did before the read models)."""
    if stored or not r.occurred or r.occurred > as_of.isoformat():
        return []
    scenario = _validated(doc, as_of)
    if scenario is None:
        return []
    result = engine_bridge.assess(scenario, as_of)
    if _out_of_scope(result):
        return []
    out = []
    for k, d in enumerate(result.deadlines):
        if d.status == "missed" or (d.status == "pending" and d.due.isoformat() <= horizon):
            row = {"case": r.id, "duty": d.duty, "party": d.party, "due": d.due.isoformat(),
                   "status": d.status, "cites": list(d.cites)}
            if local and d.duty_local:
                row.update(duty_local=d.duty_local, lang=result.language)
            out.append(((d.due.isoformat(), r.num, d.duty, k), row))
    return out


# --- the notice board -----------------------------------------------------------------------
PUBLIC = ("office", "case", "item", "description", "kind", "found_on", "place", "claim_until")


@dataclass(frozen=True)
class NoticeFilter:
    """CASE.md 1.1's filters of ``GET /api/notices`` (None: not given)."""

    q: str | None = None
    kind: str | None = None
    item_class: str | None = None
    office: str | None = None
    found_from: date | None = None
    found_to: date | None = None
    near: tuple[float, float] | None = None
    radius_km: float | None = None
    #: one case's item (the public item page; not a filter of the API)
    case: str | None = None
    item: str | None = None


def encode_cursor(num: int, ord_: int) -> str:
    return base64.urlsafe_b64encode(json.dumps([num, ord_]).encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[int, int]:
    """The position after which a page starts; ValueError when it is not one of ours."""
    raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
    num, ord_ = json.loads(raw)
    if type(num) is not int or type(ord_) is not int:
        raise ValueError("not a cursor")
    return num, ord_


EARTH_KM = 6371.0088


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine, mean Earth radius)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(a)))


def _like_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


#: PostgreSQL: the rows with a one- or two-character ``q`` (migration 0010's GIN index)
_SHORT_GRAM = text("wm_short_grams(rm_notices.search) @> ARRAY[CAST(:short AS text)]")
#: a short ``q`` in more rows than this is common: its rows are found by walking the page's order
RARE_ROWS = 500


#: a short ``q`` in more rows than this (the planner's estimate, from the index's statistics) is
#: found by walking the page's order; in fewer, every row of it is read from the index and sorted
COMMON_ROWS = 15_000


def _short_plan(conn: Connection, f: NoticeFilter) -> str | None:
    """How a ``q`` of one or two characters is found on PostgreSQL (None: another ``q``, or none):

    - ``rare`` — in at most :data:`RARE_ROWS` rows (counted on migration 0010's index): the index
      gives them, the page's order sorts them;
    - ``some`` — more, but fewer than :data:`COMMON_ROWS` by the planner's estimate: the index gives
      them too and they are sorted (:func:`board` orders by an expression no index holds, so the
      planner cannot walk the board's index instead: a few thousand rows whose matches are all
      old finds were read one by one behind every newer find, 50,000 of them for 浮子);
    - ``common`` — in more: tested on the rows read in the page's order, where a page of it comes
      within a few pages' rows (号, in every row)."""
    if conn.dialect.name != "postgresql" or not f.q:
        return None
    q = normalise(f.q)
    if not 0 < len(q) < TRIGRAM:
        return None
    if _rare_short(conn, q):
        return "rare"
    plan = conn.exec_driver_sql("EXPLAIN (FORMAT JSON) SELECT 1 FROM rm_notices WHERE wm_short_grams(search) "
                                "@> ARRAY[CAST(%(q)s AS text)]", {"q": q}).scalar()
    rows = (plan if isinstance(plan, list) else json.loads(plan))[0]["Plan"]["Plan Rows"]
    return "some" if rows <= COMMON_ROWS else "common"


def _custom_plans(conn: Connection, f: NoticeFilter) -> str | None:
    """:func:`_short_plan`'s plan (None: no short ``q``), and for a short ``q`` the rest of the reading
    transaction planned for its values: the driver prepares a statement run often, and
    PostgreSQL's generic plan for it knows no ``q`` (it read every row of 浮子's 10,000 through a
    nested loop, serially, where the plan for the value sorts them in parallel)."""
    plan = _short_plan(conn, f)
    if plan is not None:
        conn.exec_driver_sql("SET LOCAL plan_cache_mode = force_custom_plan")
    return plan


def _rare_short(conn: Connection, q: str) -> bool:
    """Whether at most :data:`RARE_ROWS` rows hold the short ``q`` (PostgreSQL). The index finds a
    rare one at once, but a common one (号, in every row) gives every row to sort before the first
    page; such a ``q`` is better tested on the rows read in the page's order, where a page of it
    comes within a few pages' rows. One count on the index, stopped at :data:`RARE_ROWS` + 1,
    tells which."""
    probe = select(text("1")).select_from(rm_notices).where(_SHORT_GRAM.bindparams(short=q)).limit(RARE_ROWS + 1)
    return conn.execute(select(text("count(*)")).select_from(probe.subquery())).scalar() <= RARE_ROWS


def short_token(q: str) -> str:
    """SQLite's FTS5 query of a ``q`` of one or two characters: the phrase of its one token, the
    hexadecimal of its UTF-8 (migration 0013's ``rm_notice_grams_fts``)."""
    return f'"{q.encode("utf-8").hex()}"'


def _where(conn: Connection, f: NoticeFilter, plan: str | None) -> list:
    """The conditions of ``f`` an index decides; ``plan``: :func:`_short_plan`'s (the caller asked it)."""
    n = rm_notices
    out = []
    if f.q:
        q = normalise(f.q)
        if conn.dialect.name == "sqlite" and len(q) >= TRIGRAM:
            phrase = '"' + q.replace('"', '""') + '"'
            out.append(n.c.id.in_(text("SELECT rowid FROM rm_notices_fts WHERE rm_notices_fts MATCH :phrase")
                                  .bindparams(phrase=phrase)))
            # the trigram tokenizer folds ASCII case only: the column says the last word
            out.append(n.c.search.contains(q, autoescape=True))
        elif conn.dialect.name == "sqlite" and q:   # shorter than a trigram: migration 0013's index of short substrings
            out.append(n.c.id.in_(text("SELECT rowid FROM rm_notice_grams_fts WHERE rm_notice_grams_fts MATCH :short")
                                  .bindparams(short=short_token(q))))
            out.append(n.c.search.contains(q, autoescape=True))
        elif conn.dialect.name == "postgresql":
            if len(q) < TRIGRAM:
                if plan in ("rare", "some"):   # migration 0010's index of short substrings
                    out.append(_SHORT_GRAM.bindparams(short=q))
                # the exact test by a function pg_trgm's index does not serve: a generic plan (a
                # statement prepared by the driver) knows no q and took that index for a short
                # ILIKE, which gives every row (no trigram) to be rechecked one by one
                out.append(func.strpos(n.c.search, q) > 0)
            else:
                out.append(n.c.search.ilike(f"%{_like_escape(q)}%", escape="\\"))
        else:
            out.append(n.c.search.contains(q, autoescape=True))
    if f.kind is not None:
        out.append(n.c.kind == f.kind)
    if f.item_class is not None:
        out.append(n.c.item_class == f.item_class)
    if f.case is not None:
        out.append(n.c.case_id == f.case)
    if f.item is not None:
        out.append(n.c.item == f.item)
    if f.office is not None:
        out.append(n.c.office == f.office)
    if f.found_from is not None:
        out.append(n.c.found_on >= f.found_from.isoformat())
    if f.found_to is not None:
        out.append(n.c.found_on <= f.found_to.isoformat())
    if f.near is not None and f.radius_km is not None:
        lat, lon = f.near
        dlat = f.radius_km / 111.0 + 1e-6
        coslat = max(math.cos(math.radians(min(89.9, abs(lat) + dlat))), 1e-6)
        dlon = f.radius_km / (111.0 * coslat) + 1e-6
        out += [n.c.lat.between(lat - dlat, lat + dlat)]
        if dlon < 180:
            lo, hi = lon - dlon, lon + dlon
            if lo < -180 or hi > 180:   # the box crosses the antimeridian
                out.append(or_(n.c.lon >= (lo + 360 if lo < -180 else lo), n.c.lon <= (hi - 360 if hi > 180 else hi)))
            else:
                out.append(n.c.lon.between(lo, hi))
    return out


def _keeps(f: NoticeFilter, row: dict[str, Any]) -> bool:
    """The filters no index decides exactly (the distance), and every filter for rows made on the fly."""
    if f.near is not None and f.radius_km is not None:
        if row.get("lat") is None or distance_km(f.near[0], f.near[1], row["lat"], row["lon"]) > f.radius_km:
            return False
    return True


def _under_notice(conn: Connection, as_of: date, f: NoticeFilter, plan: str | None):
    """The rows of the items under notice on ``as_of`` that the indexes say pass ``f``
    (``plan``: :func:`_custom_plans`'s)."""
    day = as_of.isoformat()
    n, c = rm_notices, rm_cases
    return select(n).join(c, c.c.case_id == n.c.case_id).where(
        c.c.occurred <= day, n.c.notice_start <= day, or_(n.c.notice_end.is_(None), n.c.notice_end > day),
        *_where(conn, f, plan))


def _page(conn: Connection, q, f: NoticeFilter, limit: int | None, key, keep=None, public=None
          ) -> tuple[list[dict[str, Any]], Any]:
    """The rows of ``q`` (ordered) that also pass what no index decides (:func:`_keeps`, and
    ``keep`` of the public row), ``limit`` of them: ``(rows, key of the last row, or None when
    no row follows)``. Read in chunks of about a page; ``public`` makes a row's dict (else
    :func:`_public`)."""
    public_of = public or _public
    want = None if limit is None else limit + 1
    taken: list[tuple[Any, dict[str, Any]]] = []
    batch = 200 if want is None else max(want, 20)
    offset = 0
    while True:
        chunk = conn.execute(q.limit(batch).offset(offset)).all() if want is not None else conn.execute(q).all()
        for r in chunk:
            row = r._mapping
            public = public_of(row)
            if _keeps(f, row) and (keep is None or keep(public)):
                taken.append((key(r), public))
                if want is not None and len(taken) >= want:
                    break
        if want is None or len(taken) >= want or len(chunk) < batch:
            break
        offset += batch
    if want is not None and len(taken) > limit:
        rows = taken[:limit]
        return [r for _, r in rows], rows[-1][0]
    return [r for _, r in taken], None


def notices(conn: Connection, as_of: date, f: NoticeFilter = NoticeFilter(), limit: int | None = None,
            after: tuple[int, int] | None = None) -> tuple[list[dict[str, Any]], tuple[int, int] | None]:
    """The items under notice on ``as_of`` that pass ``f``, in the API's order (case, then the
    item's place in the case), from the position after ``after``: ``(rows, next position or None)``.
    Rows carry CASE.md's public fields."""
    n = rm_notices
    plan = _custom_plans(conn, f)
    # a short q in some rows (:func:`_short_plan`): sorted by the same number written so that no index holds it
    q = _under_notice(conn, as_of, f, plan).order_by(n.c.num + 0 if plan == "some" else n.c.num, n.c.ord)
    if after is not None:
        q = q.where(or_(n.c.num > after[0], and_(n.c.num == after[0], n.c.ord > after[1])))
    return _page(conn, q, f, limit, lambda r: (r.num, r.ord))


def _binary(conn: Connection, column):
    """``column`` compared by code point, as Python compares text (SQLite's own way; PostgreSQL's
    ``"C"`` collation, whatever the database's)."""
    return column.collate("C") if conn.dialect.name == "postgresql" else column


def board(conn: Connection, as_of: date, f: NoticeFilter = NoticeFilter(), limit: int | None = None,
          after: tuple[str, str, str] | None = None, keep=None) -> tuple[list[dict[str, Any]], Any]:
    """The public board's page (``public/board.py``): the rows of :func:`notices` that also pass
    ``keep`` (of the public row), in the board's order — the newest find first (``found_on``
    descending, a row without one last), then case and item by code point — after the row whose
    key ``(found_on or "", case, item)`` is ``after``: ``(rows, the last row's key or None when
    no row follows)``. Ordered and paged by the database on the index ``ix_rm_notices_board``
    (migration 0009)."""
    n = rm_notices
    found, case, item = (_binary(conn, col) for col in (n.c.found_on, n.c.case_id, n.c.item))
    plan = _custom_plans(conn, f)
    # SQLite puts NULL last when descending already (and its index then serves the order); a short
    # q in some rows (:func:`_short_plan`) sorts by the same day written so that no index holds it
    sort = (n.c.found_on.concat("")).collate("C") if plan == "some" else found
    newest = sort.desc().nulls_last() if conn.dialect.name == "postgresql" else sort.desc()
    q = _under_notice(conn, as_of, f, plan).order_by(newest, case, item)
    if after is not None:
        day, case_id, item_id = after
        later = or_(case > case_id, and_(case == case_id, item > item_id))
        if day:
            q = q.where(or_(found < day, n.c.found_on.is_(None), and_(found == day, later)))
        else:
            q = q.where(n.c.found_on.is_(None), later)
    return _page(conn, q, f, limit, lambda r: (r.found_on or "", r.case_id, r.item), keep, _board_row)


def _public(row) -> dict[str, Any]:
    return {"office": row["office"], "case": row["case_id"], "item": row["item"], "description": row["description"],
            "kind": row["kind"], "found_on": row["found_on"], "place": row["place"], "claim_until": row["claim_until"]}


def _board_row(row) -> dict[str, Any]:
    """A board row: the public fields and, under ``facts``, what the board's page shows beyond
    them from the same row (the class of goods, the position), so a page reads no case's log."""
    position = (row["lat"], row["lon"]) if row["lat"] is not None and row["lon"] is not None else None
    return {**_public(row), "facts": {"class": row["item_class"], "position": position}}

