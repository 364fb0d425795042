"""A scenario to start from (`wreckmaster new`) and what the law will miss (`wreckmaster validate`).

Which fields and events a regime reads is not kept apart: the fields are those its rules declare
they read (``@rule(reads=["item.customs_duty", "case.signal", …])``, :mod:`.law.rules`), the
events those its ``events.yaml`` declares and includes, so a field a rule declares appears in the
template at once. The comment beside each field is the comment that stands beside it in the
scenario model (``law/scenario.py``), or SCENARIO.md's words.
"""
from __future__ import annotations

import inspect
import re
from functools import lru_cache
from typing import Any

KINDS = ("wreck", "stranding", "jettison", "drift")

# SCENARIO.md's words for the fields that carry no comment in the model
DESCRIBE = {
    "occurred": "the day of the casualty (YYYY-MM-DD)", "place": "where it happened",
    "waters": "sea or river", "kind": "wreck | stranding | jettison | drift",
    "vessel": "the ship (absent for drift goods)", "name": "a name people read",
    "owner": "a party id", "master": "a party id", "size": "large | medium | small",
    "government": "a government ship (or government goods)", "foreign": "a foreign ship",
    "cost_bearers": "how the owner side (船主荷主) splits the costs: [{party, share}]",
    "total_loss": "hull and cargo entirely lost", "rescue_effective": "the rescue succeeded (default true)",
    "at_home_port": "the casualty is at the vessel's port of registry",
    "master_absent": "the master is absent", "hypothetical": "apply the regime even outside its period in force",
    "territory": "france | algeria | colony | protectorate | other", "decree": "a decree extended the law here",
    "signal": "aground-sound | breached (Qing signals)",
    "roles": "finder, salvor, rescuer, reporter, owner, master, crew, official, police, mayor, director, …",
    "obstructed": "obstructed the rescue", "can_pay": "able to pay (default true)",
    "description": "what it is", "value": "estimated value, in the regime's currency (text: \"120.5\")",
    "found": "when, by whom and how it was found",
    "date": "YYYY-MM-DD", "by": "party ids", "state": "floating | sunk | ashore",
    "distance_from_coast_m": "metres from the coast (fr-epaves: the one-mile rule)",
    "diving": "recovered by diving", "important": "needed goods (wide notice under 20 yen)",
    "effort_evidenced": "the finders' effort is evidenced (default true)", "perishable": "perishable goods",
    "difficulty": "hard | easy", "quantity": "many | few", "award_fraction": "the share decided (\"1/4\")",
    "customs_duty": "customs duty on the item", "salvor_expenses": "the salvor's expenses",
    "declared_value": "value declared when shipped", "pieces": "how many pieces (個)",
    "dimensions_m": "[length, width, height] of one piece", "weight_kg": "weight of one piece",
    "hand_carried": "kept by the passenger (手廻品)", "rescued_by": "party ids",
    "small_boat": "saved by a small boat", "category": "the expense's head", "amount": "an amount (text)",
    "payee": "who was paid", "for": "the item it was spent for", "days": "number of days",
    "daily_rate": "pay per day", "borrower": "who borrowed it",
    # where one name means different things in different sections
    "Item.kind": "cargo | vessel | gear | mail | baggage | valuables | timber",
    "Item.owner": "the owner's party id, if known from the start",
    "Item.government": "government goods (官物)",
}


@lru_cache(maxsize=None)
def names_read(regime_id: str) -> frozenset[str]:
    """``MODEL.FIELD`` of every scenario field the regime's rules declare they read."""
    from wreckmaster.law.regime import get

    return frozenset(f for info in get(regime_id).declared_rules for f in info.fields)


def _comments(model: type) -> dict[str, str]:
    """The trailing comments beside the fields in the model's source."""
    out = {}
    try:
        src = inspect.getsource(model)
    except (OSError, TypeError):
        return out
    for m in re.finditer(r"^\s+(\w+):[^#\n]*#\s*(.+)$", src, re.M):
        out[m.group(1)] = m.group(2).strip()
    return out


def _fields(model: type, read: frozenset[str], always: set[str]) -> list[tuple[str, Any, str]]:
    """(name, placeholder, comment) of the fields of ``model`` that the regime reads."""
    notes = _comments(model)
    prefix = model.__name__.lower() + "."
    out = []
    for info in model.fields():
        name, key = info.name, info.key
        if key not in always and prefix + key not in read:
            continue
        out.append((key, info, notes.get(name) or DESCRIBE.get(f"{model.__name__}.{key}") or DESCRIBE.get(key, "")))
    return out


def template(regime_id: str, kind: str = "wreck") -> str:
    """A commented YAML scenario with every field the regime reads."""
    from wreckmaster.law import scenario as sc
    from wreckmaster.law.regime import get

    regime = get(regime_id)
    read = names_read(regime_id)
    lines = [
        f"# A {kind} case under {regime_id} — fill in, delete what you do not know, then:",
        "#   wreckmaster validate THIS-FILE     (what is wrong, and which facts the law will miss)",
        "#   wreckmaster assess THIS-FILE --explain",
        "# The format is ../shared/spec/SCENARIO.md; what wreckmaster adds is docs/scenario-extensions.md.",
        f"# Amounts are in {regime.currency.code} ({regime.currency.name}; smallest unit the "
        f"{regime.currency.unit_name}), written as text (\"120.5\"), never rounded by hand.",
        "format: wreckmaster.scenario/1",
        f"regime: {regime_id}",
        "# as_of: YYYY-MM-DD            # the law applied as of that date (default today)",
        "case:",
    ]
    for key, info, note in _fields(sc.Case, read, {"occurred", "place", "kind", "waters"}):
        if key == "vessel":
            if kind == "drift":
                continue
            lines.append("  vessel:")
            for vkey, _vinfo, vnote in _fields(sc.Vessel, read, {"name", "owner", "master"}):
                value = {"name": "NAME", "owner": "owner", "master": "master"}.get(vkey, _placeholder(_vinfo))
                lines.append(_line(4, vkey, value, vnote))
            continue
        value = {"occurred": "YYYY-MM-DD", "kind": kind, "place": "PLACE", "waters": "sea"}.get(key) or _placeholder(info)
        lines.append(_line(2, key, value, note, optional=key not in ("occurred", "kind")))
    lines += [
        "parties:",
        "  - {id: owner, name: NAME, roles: [owner]}",
        "  - {id: master, name: NAME, roles: [master]}",
        "  - {id: finder, name: NAME, roles: [finder, rescuer, salvor]}",
    ]
    party_extra = [(k, n) for k, _i, n in _fields(sc.Party, read, set()) if k not in ("id", "name", "roles")]
    for k, n in party_extra:
        lines.append(f"    # {k}: …{'   # ' + n if n else ''}")
    lines.append("items:")
    lines.append("  - id: item1")
    for key, info, note in _fields(sc.Item, read, {"description", "value", "found"}):
        if key == "id":
            continue
        if key == "found":
            lines.append("    found:")
            for fkey, finfo, fnote in _fields(sc.Found, read, {"date", "by", "state"}):
                value = {"date": "YYYY-MM-DD", "by": "[finder]", "state": "floating"}.get(fkey) or _placeholder(finfo)
                lines.append(_line(6, fkey, value, fnote, optional=fkey not in ("date", "by")))
            continue
        value = {"description": "WHAT IT IS", "value": '"0"'}.get(key) or _placeholder(info)
        lines.append(_line(4, key, value, note, optional=key not in ("description", "value")))
    for section, model in (("persons", sc.Person), ("expenses", sc.Expense)):
        used = _fields(model, read, {"id"})
        if len(used) > 1:
            lines.append(f"{section}: []")
            lines.append(f"  # - {{{', '.join(k for k, _i, _n in used)}}}")
    lines.append("events: []")
    lines.append("# events this regime reads (each {type, date, …}; '!' = required field):")
    for etype in regime.events:
        fields = ", ".join(f.name + ("!" if f.required else "") for f in regime.events.spec(etype).fields)
        lines.append(f"#  - {{type: {etype}, date: YYYY-MM-DD{', ' + fields if fields else ''}}}")
    return "\n".join(lines) + "\n"


def _placeholder(info: Any) -> str:
    default = info.default
    if isinstance(default, bool):
        return "true" if default else "false"
    if isinstance(default, list):
        return "[]"
    return "~"


def _line(indent: int, key: str, value: str, note: str, optional: bool = False) -> str:
    text = f"{' ' * indent}{'# ' if optional else ''}{key}: {value}"
    return f"{text:<44}# {note}" if note else text


MISSING = re.compile(r"-(missing|unknown|not-given|assumed|default|not-recorded)$")


def missed_facts(assessment: dict[str, Any]) -> list[dict[str, Any]]:
    """The findings that say the law lacks a fact (an error it cannot compute without, or a default it assumed).

    A duty not done (a warning such as ``wreck-report-missing``) is a breach, not a missing fact.
    """
    return [f for f in assessment["findings"] if f["severity"] in ("error", "info") and MISSING.search(f["code"])]
