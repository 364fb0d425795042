"""A scenario to start from (`wreckmaster new`) and what the law will miss (`wreckmaster validate`).

Which fields and events a regime reads is not kept apart: the fields are those its rules declare
they read (``@rule(reads=["item.customs_duty", "case.signal", …])``, :mod:`.law.rules`), the
events those its ``events.yaml`` declares and includes, so a field a rule declares appears in the
template at once. The comment beside each field is its description in ``law/fields.yaml``
(SCENARIO.md's words, or the regime's and article's that added the field).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

KINDS = ("wreck", "stranding", "jettison", "drift")

#: what ``new`` writes beside each field: ``law/fields.yaml`` (model → field → description)
FIELDS_FILE = Path(__file__).resolve().parent / "law" / "fields.yaml"


@lru_cache(maxsize=1)
def descriptions() -> dict[str, dict[str, str]]:
    from wreckmaster.law.yamlio import read_data

    return {model: {str(k): str(v or "") for k, v in (fields or {}).items()}
            for model, fields in (read_data(FIELDS_FILE) or {}).items()}


@lru_cache(maxsize=None)
def names_read(regime_id: str) -> frozenset[str]:
    """``MODEL.FIELD`` of every scenario field the regime's rules declare they read."""
    from wreckmaster.law.regime import get

    return frozenset(f for info in get(regime_id).declared_rules for f in info.fields)


def _fields(model: type, read: frozenset[str], always: set[str]) -> list[tuple[str, Any, str]]:
    """(name, placeholder, comment) of the fields of ``model`` that the regime reads."""
    notes = descriptions().get(model.__name__, {})
    prefix = model.__name__.lower() + "."
    out = []
    for info in model.fields():
        key = info.key
        if key not in always and prefix + key not in read:
            continue
        out.append((key, info, notes.get(key, "")))
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
