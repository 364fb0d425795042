"""Event types of the scenario format, and their validation.

SCENARIO.md lists the event types of version 1; regimes add others in the same style
(documented in ``docs/scenario-extensions.md``). Every event has ``type`` and ``date``;
the other fields are declared here with a *kind* that says how to read and check them:

- ``actor`` / ``actors``: one / one or more ids of parties or persons (a single id or a list)
- ``party``: a party id; ``target``: a party, person or fund
- ``item`` / ``items``: one / one or more item ids; ``subject``: an item or a person
- ``amount``, ``amounts`` (a list), ``ratio`` (0–1), ``fraction``, ``date``, ``text``,
  ``bool``, ``count`` (a whole number ≥ 0), ``enum:a|b|c``

A field name ending in ``!`` is required.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from . import values

FUNDS = ("government", "local-public", "station-fund", "customs", "custody", "unclaimed")

DAMAGE_CAUSES = (
    "storm", "collision", "stranding", "fire", "theft", "strike", "inherent-vice", "decay",
    "vermin", "packing", "deck-cargo", "gear-defect", "lien", "deviation", "docking",
    "handling", "other",
)

#: type → {field: kind}. "!" marks a required field.
EVENT_TYPES: dict[str, dict[str, str]] = {
    # SCENARIO.md, version 1
    "reported": {"by!": "actors", "to": "actors"},
    "notice_posted": {"items!": "items"},
    "notice_wide": {"items!": "items", "to": "text"},
    "owner_identified": {"item!": "item", "owner!": "party"},
    "sold": {"item!": "item", "price!": "amount", "bids": "amounts"},
    "reward_decided": {"to!": "actor", "amount!": "amount", "for": "subject"},
    "landed": {"by!": "actors", "items": "items"},
    "declared": {"by!": "actors", "to": "actors", "items!": "items"},
    "owner_notified": {"to": "actors"},
    "refloating_started": {"by": "actors"},
    "claim_period_set": {"due!": "date"},
    "claim_filed": {"by!": "actor", "amount!": "amount"},
    "expenses_notified": {"to!": "actor", "due!": "date"},
    "paid": {"by!": "actor", "amount!": "amount"},
    "hire_agreed": {"amount!": "amount", "items!": "items"},
    "loaded": {"items!": "items"},
    "unloaded": {"items!": "items"},
    "damaged": {"item!": "item", "ratio!": "ratio", "cause!": "enum:" + "|".join(DAMAGE_CAUSES)},
    # --- added for jp-1875 (docs/scenario-extensions.md) ---
    # --- added for jp-1899 ---
    # --- added for fr-epaves ---
    # --- added for qing-shandong and qing-taiwan ---
    # --- added for jp-village-ferry ---
}

#: fields every event may carry
COMMON_FIELDS = {"note": "text"}


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


def register_event_type(name: str, fields: dict[str, str]) -> None:
    """Add an event type (a regime's own). Re-registering the same definition is harmless."""
    if name in EVENT_TYPES and EVENT_TYPES[name] != fields:
        raise ValueError(f"event type {name!r} is already defined differently")
    EVENT_TYPES[name] = fields


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def parse_field(kind: str, value: Any, ids: "IdIndex", errors: list[tuple[str, str]], ptr: str) -> Any:
    """Read one field of kind ``kind``; append (pointer, message) to ``errors`` on failure."""
    try:
        if kind in ("actor", "party", "item", "target", "subject"):
            return ids.check(kind, values.text(value))
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


def parse_events(raw: Any, ids: IdIndex, errors: list[tuple[str, str]]) -> list[Event]:
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
        if etype not in EVENT_TYPES:
            errors.append((f"{ptr}/type", f"unknown event type {etype!r}"))
            continue
        spec = {k.rstrip("!"): (kind, k.endswith("!")) for k, kind in EVENT_TYPES[etype].items()}
        spec.update({k: (kind, False) for k, kind in COMMON_FIELDS.items()})
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
                errors.append((f"{ptr}/{key}", f"unknown key for a {etype!r} event"))
                continue
            data[key] = parse_field(spec[key][0], value, ids, errors, f"{ptr}/{key}")
        for key, (_, required) in spec.items():
            if required and key not in ev:
                errors.append((f"{ptr}/{key}", f"required for a {etype!r} event"))
        if len(errors) == n_before and when is not None:
            events.append(Event(etype, when, i, data))
    return events
