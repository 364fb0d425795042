"""Event types of the scenario format, and their validation.

SCENARIO.md lists the event types of version 1 (``law/events.yaml``, the base every regime may
use); each regime's package declares its own in ``regimes/<pkg>/events.yaml``, in the same form,
and names the base events and other packages' events it uses under ``include`` (declared once,
included by reference: jp-1899-2025 includes jp-1899's chapter 1, the two Qing regimes
``_qing``). ``docs/scenario-extensions.md`` describes them. Every event has ``type`` and
``date``; each other field is declared with a *kind* that says how to read and check it:

- ``actor`` / ``actors``: one / one or more ids of parties or persons (a single id or a list)
- ``party``: a party id; ``target``: a party, person or fund
- ``item`` / ``items``: one / one or more item ids; ``subject``: an item or a person
- ``amount``, ``amounts`` (a list), ``ratio`` (0–1), ``fraction``, ``date``, ``text``, ``texts`` (one or more),
  ``bool``, ``count`` (a whole number ≥ 0), ``enum`` (with its ``values``)

and ``required: true`` where the event is bad input without it. ``after_find: true`` marks an
event that presupposes the items it names already found (:func:`check_order`); ``cites`` the
articles it is about; ``label`` (and ``labels``: fields, enumerated values) the words in the
package's language and in English. A package may ``extend`` an event declared elsewhere with
optional fields (jp-1875's sale by tender adds fields to SCENARIO.md's ``sold``).

Validation accepts every declared event type for every regime, as it always has (a scenario
of one regime may record an event another regime declares: ``photographed``, the notice's
``owner_claimed``); the forms, ``new`` and the labels use the regime's own list (:func:`of_package`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from . import values
from .yamlio import LawDataError, read_data

FUNDS = ("government", "local-public", "station-fund", "customs", "custody", "unclaimed")

BASE = "base"
BASE_FILE = Path(__file__).with_name("events.yaml")
REGIMES_FOLDER = Path(__file__).resolve().parents[1] / "regimes"
FILE = "events.yaml"


@dataclass(frozen=True)
class FieldSpec:
    """One declared field of an event: its name, kind, whether it is required, its values (``enum``)."""

    name: str
    kind: str
    required: bool = False
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventSpec:
    """One declared event type: its fields (in order), whether it comes after the find, its articles,
    its label by language and the package that declares it (``base`` or a package's folder name)."""

    type: str
    fields: tuple[FieldSpec, ...]
    after_find: bool = False
    cites: tuple[str, ...] = ()
    label: Mapping[str, str] = field(default_factory=dict)
    package: str = BASE


def _fields(raw: Any, where: str) -> tuple[FieldSpec, ...]:
    out = []
    for name, spec in (raw or {}).items():
        if not isinstance(spec, dict) or spec.get("kind") not in KINDS:
            raise LawDataError(f"{where}: field {name!r}: kind must be one of {', '.join(KINDS)}")
        vals = tuple(str(v) for v in spec.get("values") or ())
        if (spec["kind"] == "enum") != bool(vals):
            raise LawDataError(f"{where}: field {name!r}: an enum lists its values, and only an enum")
        out.append(FieldSpec(str(name), spec["kind"], bool(spec.get("required")), vals))
    return tuple(out)


KINDS = ("actor", "actors", "party", "target", "item", "items", "subject", "amount", "amounts", "ratio",
         "fraction", "date", "text", "texts", "bool", "count", "enum")


def _path(ref: str) -> Path:
    """The declarations a reference names: ``base``, or a package of ``regimes/`` (``jp-1899``, ``_qing``)."""
    return BASE_FILE if ref == BASE else REGIMES_FOLDER / ref.replace("-", "_") / FILE


def _name(path: Path) -> str:
    return BASE if path == BASE_FILE else path.parent.name


@lru_cache(maxsize=None)
def _raw(path: Path) -> dict[str, Any]:
    return (read_data(path) or {}) if path.exists() else {}


@lru_cache(maxsize=None)
def _own(path: Path) -> dict[str, EventSpec]:
    """The events one file declares, as written (without other files' extensions)."""
    raw = _raw(path)
    out = {}
    for etype, spec in (raw.get("events") or {}).items():
        where = f"{path}: events/{etype}"
        out[str(etype)] = EventSpec(str(etype), _fields(spec.get("fields"), where), bool(spec.get("after_find")),
                                    tuple(spec.get("cites") or ()), dict(spec.get("label") or {}), _name(path))
    return out


_FOLDERS: dict[Path, None] = {}


def register_folder(folder: Path) -> None:
    """Declarations of a regime that lives outside ``regimes/`` (read when it registers)."""
    if Path(folder).resolve().parent != REGIMES_FOLDER:
        _FOLDERS[Path(folder)] = None
        known.cache_clear()


def forget_folder(folder: Path) -> None:
    """The declarations of a regime that is no longer registered (:func:`.regime.unregister`)."""
    if _FOLDERS.pop(Path(folder), 0) is None:
        known.cache_clear()


def _files() -> list[Path]:
    from .regime import plugin_folders   # the plug-ins' folders (entry points), before they are imported

    outside = {Path(f).resolve(): None for f in (*_FOLDERS, *plugin_folders())}
    return [BASE_FILE, *sorted(REGIMES_FOLDER.glob(f"*/{FILE}")), *(f / FILE for f in outside)]


@lru_cache(maxsize=1)
def known() -> dict[str, EventSpec]:
    """Every declared event type (each package's and the base), with the extensions applied."""
    table: dict[str, EventSpec] = {}
    for path in _files():
        for etype, spec in _own(path).items():
            if etype in table:
                raise LawDataError(f"{path}: event {etype!r} is declared by {table[etype].package} already; "
                                   "include it instead")
            table[etype] = spec
    for path in _files():
        for etype, extra in (_raw(path).get("extend") or {}).items():
            spec = table[etype]
            table[etype] = EventSpec(spec.type, spec.fields + _fields(extra, f"{path}: extend/{etype}"),
                                     spec.after_find, spec.cites, spec.label, spec.package)
    return table


@lru_cache(maxsize=1)
def common_fields() -> tuple[FieldSpec, ...]:
    """The fields every event may carry (the base's ``common``)."""
    return _fields(_raw(BASE_FILE).get("common"), f"{BASE_FILE}: common")


@dataclass(frozen=True)
class PackageEvents:
    """The events a regime's package offers (its own and those it includes), and their labels in
    its language and English, looked up in its own file, then in each file it includes, then the base."""

    types: tuple[str, ...]
    files: tuple[Path, ...]

    def spec(self, etype: str) -> EventSpec:
        return known()[etype]

    def __iter__(self):
        return iter(self.types)

    def __contains__(self, etype: object) -> bool:
        return etype in self.types

    def _look(self, section: str, key: str, lang: str) -> str | None:
        for path in self.files:
            row = ((_raw(path).get("labels") or {}).get(section) or {}).get(key)
            if row and row.get(lang):
                return str(row[lang])
        return None

    def cites(self, etype: str) -> tuple[str, ...]:
        """The articles that ask for the event: the package's ``cites`` for an event it includes,
        else the event's own declaration."""
        own = (_raw(self.files[0]).get("cites") or {}).get(etype)
        return tuple(own) if own else known()[etype].cites

    def event_label(self, etype: str, lang: str) -> str | None:
        return self._look("events", etype, lang) or known()[etype].label.get(lang) or _other_language("events", etype, lang)

    def field_label(self, name: str, lang: str) -> str | None:
        return self._look("fields", name, lang) or _other_language("fields", name, lang)

    def value_label(self, value: str, lang: str) -> str | None:
        return self._look("values", value, lang) or _other_language("values", value, lang)


#: labels in the pages' other languages, after the declarations (a French page of a Japanese case)
OTHER_LANGUAGES_FILE = Path(__file__).with_name("labels.yaml")


def _other_language(section: str, key: str, lang: str) -> str | None:
    row = (_raw(OTHER_LANGUAGES_FILE).get(section) or {}).get(key) or {}
    return str(row[lang]) if row.get(lang) else None


@lru_cache(maxsize=None)
def of_package(folder: Path) -> PackageEvents:
    """The events of the package in ``folder``: its includes (in their order), then its own."""
    path = Path(folder) / FILE
    raw = _raw(path)
    table = known()
    types: list[str] = []
    files = [path]
    for ref, names in (raw.get("include") or {}).items():
        other = _path(str(ref))
        if other not in files:
            files.append(other)
        for name in names or ():
            if name not in _own(other):
                raise LawDataError(f"{path}: include/{ref}: {ref} declares no event {name!r}")
            types.append(str(name))
    types += [t for t in _own(path) if t in table]
    if BASE_FILE not in files:
        files.append(BASE_FILE)
    return PackageEvents(tuple(dict.fromkeys(types)), tuple(files))


def base_labels() -> PackageEvents:
    """The base's labels alone (a page about no case)."""
    return PackageEvents((), (BASE_FILE,))


def _legacy(spec: EventSpec) -> dict[str, str]:
    return {f.name + ("!" if f.required else ""): ("enum:" + "|".join(f.values) if f.kind == "enum" else f.kind)
            for f in spec.fields}


def __getattr__(name: str) -> Any:
    """``EVENT_TYPES`` (type → {field, "!" if required: kind}), ``AFTER_FIND`` and ``COMMON_FIELDS``,
    read from the declarations (the tables this module held before issue 22)."""
    if name == "EVENT_TYPES":
        return {t: _legacy(s) for t, s in known().items()}
    if name == "AFTER_FIND":
        return frozenset(t for t, s in known().items() if s.after_find)
    if name == "COMMON_FIELDS":
        return {f.name: f.kind for f in common_fields()}
    raise AttributeError(name)


@dataclass(frozen=True)
class Event:
    """One validated event: its type, date, position in the list and typed fields."""

    type: str
    date: date
    index: int
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    @property
    def pointer(self) -> str:
        return f"/events/{self.index}"


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def parse_field(kind: str, value: Any, ids: "IdIndex", errors: list[tuple[str, str]], ptr: str) -> Any:
    """Read one field of kind ``kind``; append (pointer, message) to ``errors`` on failure."""
    try:
        if kind in ("actor", "party", "item", "target", "subject"):
            return ids.check(kind, values.text(value))
        if kind == "texts":  # one text or a list of texts (ids of the coast section: qing)
            vals = _as_list(value)
            if not vals:
                raise ValueError("must name at least one id")
            return [values.text(v) for v in vals]
        if kind in ("actors", "items"):
            out = []
            vals = _as_list(value)
            if not vals:
                raise ValueError("must name at least one id")
            for i, v in enumerate(vals):
                sub = f"{ptr}/{i}" if isinstance(value, list) else ptr
                try:
                    out.append(ids.check(kind[:-1], values.text(v)))
                except ValueError as exc:
                    errors.append((sub, str(exc)))
            return out
        if kind == "amount":
            return values.amount(value)
        if kind == "amounts":
            if not isinstance(value, list):
                raise ValueError("expected a list of amounts")
            out = []
            for i, v in enumerate(value):
                try:
                    out.append(values.amount(v))
                except ValueError as exc:
                    errors.append((f"{ptr}/{i}", str(exc)))
            return out
        if kind == "ratio":
            return values.ratio(value)
        if kind == "fraction":
            return values.fraction(value)
        if kind == "date":
            return values.iso_date(value)
        if kind == "text":
            return values.text(value)
        if kind == "bool":
            return values.boolean(value)
        if kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"expected a whole number ≥ 0, got {value!r}")
            return value
        if kind.startswith("enum:"):
            allowed = kind[5:].split("|")
            if value not in allowed:
                raise ValueError(f"expected one of {', '.join(allowed)}; got {value!r}")
            return value
    except ValueError as exc:
        errors.append((ptr, str(exc)))
        return None
    raise AssertionError(f"unknown field kind {kind}")  # pragma: no cover


class IdIndex:
    """The ids of a scenario, by what they name, for checking references."""

    def __init__(self, parties: set[str], persons: set[str], items: set[str], expenses: set[str]):
        self.parties, self.persons, self.items, self.expenses = parties, persons, items, expenses

    def check(self, kind: str, ident: str) -> str:
        if kind == "party":
            ok, what = ident in self.parties, "party"
        elif kind == "actor":
            ok, what = ident in self.parties or ident in self.persons, "party or person"
        elif kind == "target":
            ok, what = ident in self.parties or ident in self.persons or ident in FUNDS, "party, person or fund"
        elif kind == "item":
            ok, what = ident in self.items, "item"
        elif kind == "subject":
            ok, what = ident in self.items or ident in self.persons, "item or person"
        else:  # pragma: no cover
            raise AssertionError(kind)
        if not ok:
            raise ValueError(f"no {what} with id {ident!r}")
        return ident


def kind_of(f: FieldSpec) -> str:
    """The kind :func:`parse_field` reads (an enum with its values: ``enum:a|b``)."""
    return "enum:" + "|".join(f.values) if f.kind == "enum" else f.kind


def parse_events(raw: Any, ids: IdIndex, errors: list[tuple[str, str]]) -> list[Event]:
    table, common = known(), common_fields()
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.append(("/events", "expected a list"))
        return []
    events: list[Event] = []
    for i, ev in enumerate(raw):
        ptr = f"/events/{i}"
        if not isinstance(ev, dict):
            errors.append((ptr, "expected a mapping with type and date"))
            continue
        etype = ev.get("type")
        if etype is None:
            errors.append((f"{ptr}/type", "required"))
            continue
        if not isinstance(etype, str) or etype not in table:
            errors.append((f"{ptr}/type", f"unknown event type {values.shown(etype)}"))
            continue
        spec = {f.name: (kind_of(f), f.required) for f in table[etype].fields}
        spec.update({f.name: (kind_of(f), False) for f in common})
        n_before = len(errors)
        when = None
        if "date" not in ev:
            errors.append((f"{ptr}/date", "required"))
        else:
            try:
                when = values.iso_date(ev["date"])
            except ValueError as exc:
                errors.append((f"{ptr}/date", str(exc)))
        data: dict[str, Any] = {}
        for key, value in ev.items():
            if key in ("type", "date"):
                continue
            if key not in spec:
                errors.append((f"{ptr}/{str(key).replace('~', '~0').replace('/', '~1')}",
                               f"unknown key for a {etype!r} event"))
                continue
            data[key] = parse_field(spec[key][0], value, ids, errors, f"{ptr}/{key}")
        for key, (_, required) in spec.items():
            if required and key not in ev:
                errors.append((f"{ptr}/{key}", f"required for a {etype!r} event"))
        if len(errors) == n_before and when is not None:
            events.append(Event(etype, when, i, data))
    return events


def check_order(events: list[Event], found_on: dict[str, date]) -> list[tuple[str, str]]:
    """Impossible order (SCENARIO.md, "Time"): an event declared ``after_find`` dated before the find
    of an item it names. One problem per event, at ``/events/K/date``, naming the item and its find."""
    problems: list[tuple[str, str]] = []
    table = known()
    for ev in events:
        if ev.type not in table or not table[ev.type].after_find:
            continue
        for f in table[ev.type].fields:
            if f.kind not in ("item", "items"):
                continue
            for ident in _as_list(ev.get(f.name) or []):
                when = found_on.get(ident)
                if when is not None and ev.date < when:
                    problems.append((f"{ev.pointer}/date",
                                     f"a {ev.type!r} event on {ev.date} about item {ident!r}, which was found only "
                                     f"on {when} (items[].found.date): an event about an item cannot come before "
                                     "its find"))
                    break
            else:
                continue
            break
    return problems
