"""The clerk's forms: which fields an entry needs, and turning a submitted form into a log entry.

The events a regime offers, their fields and their labels come from the regime's declaration
(``regimes/<pkg>/events.yaml``, read by ``law/events.py``: the same declarations validation uses),
and the articles shown beside an event are the ones the regime's rules declare they cite where
they declare they read it (``@rule(cites=…, reads=…)``, ``event_articles``). A submitted form becomes exactly the
entry CASE.md defines (``{"event": …}``, ``{"add": …, "value": …}``, ``{"amend": …}``,
``{"retract": …}``); validation is the store's, with the same messages as ``assess``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from wreckmaster.law.events import FUNDS, common_fields, kind_of, known


@dataclass(frozen=True)
class FormField:
    name: str
    kind: str            # the events.py kind: actor, actors, item, items, amount, date, bool, enum:…, …
    required: bool
    choices: tuple[tuple[str, str], ...] = ()   # (value, label) for selects

    @property
    def multiple(self) -> bool:
        return self.kind in ("actors", "items", "texts", "amounts")

    @property
    def widget(self) -> str:
        if self.choices:
            return "select"
        return {"date": "date", "bool": "checkbox", "count": "number"}.get(self.kind, "text")

    @property
    def hint(self) -> str:
        """The key of the hint beside the field (``web/i18n.py`` ``LABELS``: in the page's language), or ""."""
        return f"hint_{self.kind}" if self.kind in ("amount", "amounts", "ratio", "fraction", "texts") else ""


def event_fields(etype: str, scenario: Any) -> list[FormField]:
    """The fields of an event type, with the case's own parties, persons and items as choices."""
    spec = {f.name + ("!" if f.required else ""): kind_of(f) for f in (*known()[etype].fields, *common_fields())}
    parties = [(p.id, p.name or p.id) for p in scenario.parties]
    persons = [(p.id, p.name or p.id) for p in scenario.persons]
    items = [(i.id, i.description or i.id) for i in scenario.items]
    funds = [(f, "") for f in FUNDS]   # labelled in the page's language by the template (i18n.fund_label)
    out = []
    for key, kind in spec.items():
        name, required = key.rstrip("!"), key.endswith("!")
        choices: list[tuple[str, str]] = []
        if kind in ("actor", "actors"):
            choices = parties + persons
        elif kind == "party":
            choices = parties
        elif kind == "target":
            choices = parties + persons + funds
        elif kind in ("item", "items"):
            choices = items
        elif kind == "subject":
            choices = items + persons
        elif kind.startswith("enum:"):
            choices = [(v, v) for v in kind[5:].split("|")]
        elif name == "segment" and getattr(scenario, "coast", None) is not None:
            # the case's own coast segments (qing-shandong:1, qing-taiwan:1), never typed
            choices = [(seg.id, getattr(seg, "name", None) or seg.id) for seg in scenario.coast.segments]
        elif name == "ships" and getattr(scenario, "coast", None) is not None:
            choices = [(sh.id, getattr(sh, "name", None) or sh.id) for sh in getattr(scenario.coast, "patrol", [])]
        out.append(FormField(name, kind, required, tuple(choices)))
    return out


def event_entry(etype: str, form: dict[str, list[str]], scenario: Any, today: date | None = None) -> dict[str, Any]:
    """A submitted event form as the log entry ``{"event": {...}}`` (blank fields left out).

    Dates may be typed in ISO or in the era (``entry_values.day``). An act dated after today
    is questioned (InvalidEntry on ``/event/date``) unless the clerk ticks ``confirm_future``.
    Every problem of the form is reported at once, each under its field."""
    from wreckmaster.store.errors import InvalidEntry

    from . import entry_values, refusals

    problems: list[tuple[str, str]] = []

    def read_day(name: str, raw: str) -> str:
        try:
            return entry_values.day(raw)
        except ValueError as exc:
            problems.append((f"/event/{name}", refusals.of(exc)))
            return raw

    event: dict[str, Any] = {"type": etype, "date": read_day("date", _one(form, "date"))}
    for f in event_fields(etype, scenario):
        values = [v.strip() for v in form.get(f.name, []) if v.strip()]
        if f.kind == "bool":
            if values:
                event[f.name] = True
            continue
        if not values:
            continue
        if f.kind in ("actors", "items"):
            event[f.name] = values
        elif f.kind in ("texts", "amounts"):
            event[f.name] = [x.strip() for v in values for x in v.split(",") if x.strip()]
        elif f.kind == "count":
            event[f.name] = int(values[0]) if values[0].isdigit() else values[0]
        elif f.kind == "date":
            event[f.name] = read_day(f.name, values[0])
        else:
            event[f.name] = values[0]
    when = today or date.today()
    if not problems and _is_day(event["date"]) and date.fromisoformat(event["date"]) > when \
            and not _one(form, "confirm_future"):
        problems.append(("/event/date", refusals.Refusal("future-date", date=event["date"], today=when.isoformat())))
    if problems:
        raise InvalidEntry(problems)
    return {"event": event}


def _is_day(text: Any) -> bool:
    return isinstance(text, str) and bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", text))


def next_id(scenario: Any, section: str, stem: str | None = None) -> str:
    """The next free id of a party, person, item or expense: ``buoy-1``, ``buoy-2`` … from the
    description or name's first word when it is a plain word, else the section (``item-3``)."""
    taken = {x.id for x in [*scenario.parties, *scenario.persons, *scenario.items,
                            *getattr(scenario, "expenses", [])]}
    word = re.sub(r"[^a-z0-9]+", "-", (stem or "").split(" ")[0].casefold()).strip("-") if stem else ""
    base = word if word and word.isascii() and word[0].isalpha() and len(word) <= 24 else section
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _one(form: dict[str, list[str]], name: str) -> str:
    v = form.get(name) or [""]
    return v[0].strip()


def add_entry(section: str, form: dict[str, list[str]], scenario: Any = None, lang: str = "en") -> dict[str, Any]:
    """A party, person, item or expense from its form (only what the clerk filled in).

    The id is the system's (``next_id``) unless one is typed; roles come from a list (several
    values) or a comma-separated text; an item's position in degrees and minutes or decimal
    degrees, its distance from the coast in metres, cables or nautical miles (``entry_values``).
    The conversion made is returned under ``"note"`` beside the entry (not stored)."""
    from wreckmaster.store.errors import InvalidEntry

    from . import entry_values, refusals

    g = lambda name: _one(form, name)  # noqa: E731
    lst = lambda name: [v for v in form.get(name, []) if v.strip()]  # noqa: E731
    problems: list[tuple[str, str]] = []
    note = ""
    stem = g("description") if section == "item" else (g("category") if section == "expense" else None)
    value: dict[str, Any] = {"id": g("id") or (next_id(scenario, section, stem) if scenario is not None else "")}
    if section == "party":
        roles = [r.strip() for v in lst("roles") for r in v.split(",") if r.strip()]
        value.update(name=g("name") or None, roles=list(dict.fromkeys(roles)))
    elif section == "person":
        value.update(name=g("name") or None, rescued_by=lst("rescued_by"))
        if g("difficulty"):
            value["difficulty"] = g("difficulty")
        if g("can_pay") == "no":
            value["can_pay"] = False
    elif section == "item":
        value.update(description=g("description") or None, kind=g("kind") or "cargo")
        for k in ("value", "owner"):
            if g(k):
                value[k] = g(k)
        found: dict[str, Any] = {}
        if g("found_date"):
            try:
                found["date"] = entry_values.day(g("found_date"))
            except ValueError as exc:
                problems.append(("/item/found_date", refusals.of(exc)))
        if lst("found_by"):
            found["by"] = lst("found_by")
        for k in ("state", "waters"):
            if g(k):
                found[k] = g(k)
        if g("position"):
            try:
                found["position"] = entry_values.position(g("position"))
            except ValueError as exc:
                problems.append(("/item/position", refusals.of(exc)))
        raw_distance = g("distance") or g("distance_from_coast_m")
        if raw_distance:
            try:
                metres, note = entry_values.distance(raw_distance, g("distance_unit") or "m", lang)
                found["distance_from_coast_m"] = metres
            except ValueError as exc:
                problems.append(("/item/distance", refusals.of(exc)))
        if found:
            value["found"] = found
        if g("perishable"):
            value["perishable"] = True
    elif section == "expense":
        value.update(category=g("category"))
        for k in ("amount", "payee", "for"):
            if g(k):
                value[k] = g(k)
        if g("date"):
            try:
                value["date"] = entry_values.day(g("date"))
            except ValueError as exc:
                problems.append(("/expense/date", refusals.of(exc)))
    if problems:
        raise InvalidEntry(problems)
    entry = {"add": section, "value": {k: v for k, v in value.items() if v not in (None, [], "")}}
    if note:
        entry["note"] = note
    return entry


def amend_entry(form: dict[str, list[str]]) -> dict[str, Any]:
    """``{"amend": POINTER, "value": VALUE}``: the value is read as JSON when it is JSON, else as text;
    JSON that repeats a key is bad input (issue 21), not text."""
    import json

    from wreckmaster.law.yamlio import DuplicateKeys, load_json
    from wreckmaster.store.errors import InvalidEntry

    raw = _one(form, "value")
    try:
        value: Any = load_json(raw)
    except DuplicateKeys as exc:
        raise InvalidEntry([(f"/value{p}", m) for p, m in exc.problems]) from None
    except (json.JSONDecodeError, ValueError, RecursionError):
        value = raw
    return {"amend": _one(form, "pointer"), "value": value}


def retract_entry(form: dict[str, list[str]]) -> dict[str, Any]:
    seq = _one(form, "seq")
    return {"retract": int(seq) if seq.isdigit() else seq, "reason": _one(form, "reason")}


def _day_or_raw(text: str) -> str:
    from . import entry_values

    try:
        return entry_values.day(text)
    except ValueError:
        return text  # validation names the field


def first_report_scenario(form: dict[str, list[str]], office_name: str | None = None) -> dict[str, Any]:
    """The scenario a first report opens: the casualty, the reporter and the report (an event).

    Under a regime whose office is a party (the mayor, 市町村長, of today's Act; the
    administrator: the regime's ``office_head``) the office's head is in the case
    from the start, named after the office, so the clerk never adds it. Dates may be in the era."""
    from .i18n import office_head_role

    g = lambda name: _one(form, name)  # noqa: E731
    case: dict[str, Any] = {"occurred": _day_or_raw(g("occurred")), "kind": g("kind") or "wreck",
                            "waters": g("waters") or "sea"}
    if g("place"):
        case["place"] = g("place")
    if g("vessel_name") and case["kind"] != "drift":
        case["vessel"] = {"name": g("vessel_name")}
        if g("vessel_size"):
            case["vessel"]["size"] = g("vessel_size")
    doc: dict[str, Any] = {"format": "wreckmaster.scenario/1", "regime": g("regime"), "case": case,
                           "parties": [], "events": []}
    if g("reporter"):
        doc["parties"].append({"id": "reporter", "name": g("reporter"), "roles": ["reporter"]})
        doc["events"].append({"type": "reported", "date": _day_or_raw(g("reported_on") or g("occurred")),
                              "by": ["reporter"]})
    head = office_head_role(g("regime"))
    if head:
        doc["parties"].append({"id": head, "name": office_name or head, "roles": [head]})
    return doc


def __getattr__(name: str) -> Any:
    if name == "EVENT_TYPES":   # every declared event type (law/events.py)
        return known()
    raise AttributeError(name)


@lru_cache(maxsize=None)
def event_types(regime_id: str) -> tuple[str, ...]:
    """The event types the regime offers: those its ``events.yaml`` declares and includes."""
    from wreckmaster.law.regime import get

    return tuple(sorted(get(regime_id).events))


@lru_cache(maxsize=None)
def event_articles(regime_id: str) -> dict[str, tuple[str, ...]]:
    """For each event type the regime offers, its articles that ask for it (``events.yaml``: ``cites``)."""
    from wreckmaster.law.regime import get

    events = get(regime_id).events
    prefix = f"{regime_id}:"
    out = {e: tuple(sorted({c for c in events.cites(e) if c.startswith(prefix)}, key=_cite_key)) for e in events}
    return {e: c for e, c in sorted(out.items()) if c}


def _cite_key(c: str) -> tuple:
    art = c.split(":", 1)[1]
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.#-]", art))


def kept_input(form: dict[str, list[str]]) -> dict[str, Any]:
    """What the clerk typed, to put back into the form after a refusal (issue 25)."""
    skip = {"csrf", "version", "lang"}
    return {"values": {k: v[0] for k, v in form.items() if k not in skip and v},
            "form_lists": {k: [x for x in v if x] for k, v in form.items() if k not in skip}}


#: a stored field's pointer segment → the form field it came from
_FIELD_OF = {("found", "date"): "found_date", ("found", "by"): "found_by", ("found", "position"): "position",
             ("found", "distance_from_coast_m"): "distance", ("found", "state"): "state",
             ("found", "waters"): "waters"}


def field_of(pointer: str) -> str | None:
    """The form field a problem is about (``/events/3/by`` → ``by``; ``/items/2/found/date`` →
    ``found_date``), or None for a problem about the whole entry."""
    parts = [p for p in str(pointer).split("/") if p]
    while parts and (parts[-1].isdigit() or parts[-1] in ("lat", "lon")):
        parts.pop()
    if len(parts) < 2:
        return None
    return _FIELD_OF.get(tuple(parts[-2:]), parts[-1])


def field_errors(problems: list[tuple[str, str]]) -> dict[str, str]:
    """Each problem under the form field it is about (:func:`field_of`); a problem about the
    whole entry is left out."""
    out: dict[str, str] = {}
    for pointer, message in problems:
        name = field_of(pointer)
        if name is not None:
            out.setdefault(name, message)
    return out


def amendable_fields(doc: dict[str, Any], names: dict[str, str] | None = None) -> list[tuple[str, str, str]]:
    """(pointer, label, current value) of every plain field of the case as it stands: the case's
    own, and each party's, person's, item's and expense's by id (CASE.md ``amend``), so a
    supervisor picks the field instead of typing a JSON pointer. Events are not amended."""
    import json

    out: list[tuple[str, str, str]] = []

    def walk(node: Any, pointer: str, label: str, depth: int = 0) -> None:
        if isinstance(node, dict) and depth < 3:
            for k, v in node.items():
                walk(v, f"{pointer}/{k}", f"{label} › {k}" if label else k, depth + 1)
        elif not isinstance(node, (dict, list)) or (isinstance(node, list) and all(isinstance(x, str) for x in node)):
            out.append((pointer, label, node if isinstance(node, str) else json.dumps(node, ensure_ascii=False, default=str)))

    walk(doc.get("case") or {}, "/case", "case")
    for section in ("parties", "persons", "items", "expenses"):
        for member in doc.get(section) or []:
            if isinstance(member, dict) and isinstance(member.get("id"), str):
                mid = member["id"]
                title = (names or {}).get(mid) or mid
                for k, v in member.items():
                    if k != "id":
                        walk(v, f"/{section}/{mid}/{k}", f"{title} › {k}", 1)
    return out
