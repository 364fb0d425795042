"""The clerk's forms: which fields an entry needs, and turning a submitted form into a log entry.

The fields of an event form come from the event's declaration in ``law/events.py`` (the same
table validation uses), and the articles shown beside it are the ones the regime's own rules
cite where they read that event (``event_articles``). A submitted form becomes exactly the
entry CASE.md defines (``{"event": …}``, ``{"add": …, "value": …}``, ``{"amend": …}``,
``{"retract": …}``); validation is the store's, with the same messages as ``assess``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from wreckmaster.law.events import COMMON_FIELDS, EVENT_TYPES, FUNDS

CITE = re.compile(r"[\"']([a-z0-9-]+:[0-9][0-9A-Za-z.#-]*|[a-z0-9-]+:order)[\"']")


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
        return {"amount": "an exact amount, e.g. 120.5", "amounts": "amounts separated by commas",
                "ratio": "from 0 to 1, e.g. 0.25 or 1/4", "fraction": "e.g. 1/3",
                "texts": "separated by commas"}.get(self.kind, "")


def event_fields(etype: str, scenario: Any) -> list[FormField]:
    """The fields of an event type, with the case's own parties, persons and items as choices."""
    spec = dict(EVENT_TYPES[etype])
    spec.update({k: v for k, v in COMMON_FIELDS.items()})
    parties = [(p.id, p.name or p.id) for p in scenario.parties]
    persons = [(p.id, p.name or p.id) for p in scenario.persons]
    items = [(i.id, i.description or i.id) for i in scenario.items]
    funds = [(f, f) for f in FUNDS]
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
        out.append(FormField(name, kind, required, tuple(choices)))
    return out


def event_entry(etype: str, form: dict[str, list[str]], scenario: Any) -> dict[str, Any]:
    """A submitted event form as the log entry ``{"event": {...}}`` (blank fields left out)."""
    event: dict[str, Any] = {"type": etype, "date": _one(form, "date")}
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
        else:
            event[f.name] = values[0]
    return {"event": event}


def _one(form: dict[str, list[str]], name: str) -> str:
    v = form.get(name) or [""]
    return v[0].strip()


def add_entry(section: str, form: dict[str, list[str]]) -> dict[str, Any]:
    """A party, person, item or expense from its form (only what the clerk filled in)."""
    g = lambda name: _one(form, name)  # noqa: E731
    lst = lambda name: [v for v in form.get(name, []) if v.strip()]  # noqa: E731
    value: dict[str, Any] = {"id": g("id")}
    if section == "party":
        value.update(name=g("name") or None, roles=[r.strip() for r in g("roles").split(",") if r.strip()])
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
            found["date"] = g("found_date")
        if lst("found_by"):
            found["by"] = lst("found_by")
        for k in ("state", "waters"):
            if g(k):
                found[k] = g(k)
        if g("distance_from_coast_m"):
            found["distance_from_coast_m"] = g("distance_from_coast_m")
        if found:
            value["found"] = found
        if g("perishable"):
            value["perishable"] = True
    elif section == "expense":
        value.update(category=g("category"))
        for k in ("amount", "payee", "date", "for"):
            if g(k):
                value[k] = g(k)
    return {"add": section, "value": {k: v for k, v in value.items() if v not in (None, [], "")}}


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


def first_report_scenario(form: dict[str, list[str]]) -> dict[str, Any]:
    """The scenario a first report opens: the casualty, the reporter and the report (an event)."""
    g = lambda name: _one(form, name)  # noqa: E731
    case: dict[str, Any] = {"occurred": g("occurred"), "kind": g("kind") or "wreck", "waters": g("waters") or "sea"}
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
        doc["events"].append({"type": "reported", "date": g("reported_on") or g("occurred"), "by": ["reporter"]})
    return doc


@lru_cache(maxsize=None)
def event_articles(regime_id: str) -> dict[str, tuple[str, ...]]:
    """For each event type, the articles the regime's rules cite in the modules that read it."""
    from wreckmaster.law.regime import get

    folder = Path(get(regime_id).folder)
    out: dict[str, set[str]] = {}
    prefix = f"{regime_id}:"
    for py in folder.glob("*.py"):
        # function by function: the articles cited where the event is read
        for block in re.split(r"\n(?=def |class )", py.read_text(encoding="utf-8")):
            cites = {c for c in CITE.findall(block) if c.startswith(prefix)}
            if not cites:
                continue
            for etype in EVENT_TYPES:
                if f'"{etype}"' in block or f"'{etype}'" in block:
                    out.setdefault(etype, set()).update(cites)
    return {k: tuple(sorted(v, key=_cite_key)) for k, v in out.items()}


def _cite_key(c: str) -> tuple:
    art = c.split(":", 1)[1]
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.#-]", art))
