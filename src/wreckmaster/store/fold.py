"""The fold: a case's scenario is its log folded entry by entry (CASE.md, "The log").

Entry forms:

- ``{"open": SCENARIO}`` — seq 1 only; ``as_of`` is ignored;
- ``{"add": "party" | "person" | "item" | "expense", "value": OBJECT}``;
- ``{"event": EVENT}``;
- ``{"amend": POINTER, "value": VALUE}`` — a member of ``parties``, ``persons``, ``items``,
  ``expenses`` is named by its **id** (``/items/i3/value``); events and ``/format`` are not amended;
- ``{"retract": SEQ, "reason": TEXT}`` — the fold leaves entry SEQ out;
- ``{"move": OFFICE}`` — the case moves to another office (CASE.md 1.1 addition, issue 24): the
  scenario is unchanged; a move is not retracted (another move takes the case back).

Pure functions on parsed JSON documents; nothing here knows the database.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable

from .canonical import normalise

Problem = tuple[str, str]

SECTIONS = {"party": "parties", "person": "persons", "item": "items", "expense": "expenses"}
MEMBER_SECTIONS = set(SECTIONS.values())
FORMS = {"open": {"open"}, "add": {"add", "value"}, "event": {"event"}, "amend": {"amend", "value"},
         "retract": {"retract", "reason"}, "move": {"move"}}
#: the forms only a supervisor records
SUPERVISED = ("amend", "retract", "move")
NOT_AMENDED = {"format": "/format cannot be amended",
               "events": "events are not amended: retract the event and record it again",
               "as_of": "as_of is not part of a case: read the case --as-of a date"}


def form_of(entry: Any) -> str | None:
    """The entry's form (``open``, ``add``, ``event``, ``amend``, ``retract``), or None."""
    if isinstance(entry, dict):
        for form in FORMS:
            if form in entry:
                return form
    return None


def check_form(entry: Any, seq: int, log: dict[int, str], retracted: set[int]) -> list[Problem]:
    """Problems of one entry's shape, before folding (pointers into the entry itself).

    ``log`` maps each earlier seq to its form; ``retracted`` holds the seqs already retracted.
    """
    if not isinstance(entry, dict):
        return [("", "an entry must be a JSON object: open, add, event, amend, retract or move")]
    form = form_of(entry)
    if form is None:
        return [("", "an entry must have one of the keys open, add, event, amend, retract, move")]
    problems: list[Problem] = [(f"/{k}", "unknown key") for k in entry if k not in FORMS[form]]
    problems += [(f"/{k}", "required") for k in sorted(FORMS[form] - set(entry))]
    if problems:
        return problems
    if form == "open":
        if seq != 1:
            problems.append(("/open", "a case is opened once: open is only the first entry"))
        elif not isinstance(entry["open"], dict):
            problems.append(("/open", "expected a scenario (a JSON object)"))
        return problems
    if seq == 1:
        return [("", f"the first entry of a case must be open, not {form}")]
    if form == "add":
        if entry["add"] not in SECTIONS:
            problems.append(("/add", f"expected party, person, item or expense, got {entry['add']!r}"))
        if not isinstance(entry["value"], dict):
            problems.append(("/value", "expected an object"))
    elif form == "event":
        if not isinstance(entry["event"], dict):
            problems.append(("/event", "expected an event (a JSON object with type and date)"))
    elif form == "amend":
        ptr = entry["amend"]
        if not isinstance(ptr, str) or not ptr.startswith("/") or ptr == "/":
            problems.append(("/amend", f"expected a JSON pointer such as /items/i3/value, got {ptr!r}"))
        else:
            head = pointer_tokens(ptr)[0]
            if head in NOT_AMENDED:
                problems.append(("/amend", NOT_AMENDED[head]))
    elif form == "move":
        office = entry["move"]
        if not isinstance(office, str) or not office.strip() or len(office) > 64:
            problems.append(("/move", "expected the id of the office the case moves to"))
    elif form == "retract":
        target = entry["retract"]
        reason = entry["reason"]
        if not isinstance(reason, str) or not reason.strip():
            problems.append(("/reason", "expected the reason, a non-empty text"))
        if isinstance(target, bool) or not isinstance(target, int):
            problems.append(("/retract", f"expected the seq of an earlier entry, got {target!r}"))
        elif target == 1:
            problems.append(("/retract", "seq 1 (the opening report) cannot be retracted; amend it instead"))
        elif target < 1 or target >= seq or target not in log:
            problems.append(("/retract", f"no earlier entry {target} (this entry would be seq {seq})"))
        elif log[target] == "retract":
            problems.append(("/retract", f"entry {target} is a retract; it cannot be retracted"))
        elif log[target] == "move":
            problems.append(("/retract", f"entry {target} is a move; move the case back instead"))
        elif target in retracted:
            problems.append(("/retract", f"entry {target} is already retracted"))
    return problems


def pointer_tokens(ptr: str) -> list[str]:
    """The reference tokens of a JSON pointer, unescaped (RFC 6901: ``~1`` is ``/``, ``~0`` is ``~``)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in ptr.split("/")[1:]]


def apply(doc: dict[str, Any] | None, entry: dict[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """Fold one (well-formed, not retracted) entry onto ``doc`` in place; returns the doc and
    the problems of applying it (an amend whose target does not exist)."""
    form = form_of(entry)
    if form == "open":
        doc = {k: copy.deepcopy(v) for k, v in entry["open"].items() if k != "as_of"}
        return doc, []
    assert doc is not None
    if form == "add":
        section = SECTIONS[entry["add"]]
        members = doc.get(section)
        if not isinstance(members, list):
            members = doc[section] = []
        members.append(copy.deepcopy(entry["value"]))
    elif form == "event":
        events = doc.get("events")
        if not isinstance(events, list):
            events = doc["events"] = []
        events.append(copy.deepcopy(entry["event"]))
    elif form == "amend":
        return doc, _amend(doc, entry["amend"], copy.deepcopy(entry["value"]))
    return doc, []


def _amend(doc: dict[str, Any], ptr: str, value: Any) -> list[Problem]:
    tokens = pointer_tokens(ptr)
    node: Any = doc
    start = 0
    if tokens[0] in MEMBER_SECTIONS:
        section = tokens[0]
        if len(tokens) < 2:
            return [("/amend", f"name a member of {section} by its id: /{section}/ID/…")]
        members = doc.get(section) if isinstance(doc.get(section), list) else []
        index = next((i for i, m in enumerate(members) if isinstance(m, dict) and m.get("id") == tokens[1]), None)
        if index is None:
            return [("/amend", f"no member of {section} with id {tokens[1]!r}")]
        if len(tokens) == 2:
            members[index] = value
            return []
        node, start = members[index], 2
    for i in range(start, len(tokens) - 1):
        tok = tokens[i]
        nxt = _child(node, tok)
        if not isinstance(nxt, (dict, list)):
            where = "/" + "/".join(tokens[: i + 1])
            return [("/amend", f"{where} does not exist (amend the enclosing object instead)")]
        node = nxt
    last = tokens[-1]
    if isinstance(node, dict):
        node[last] = value
    elif isinstance(node, list):
        if last == "-":
            node.append(value)
        elif last.isdigit() and int(last) < len(node):
            node[int(last)] = value
        elif last.isdigit() and int(last) == len(node):
            node.append(value)
        else:
            return [("/amend", f"{ptr}: no list member {last}")]
    else:
        return [("/amend", f"{ptr}: not inside an object or a list")]
    return []


def _child(node: Any, tok: str) -> Any:
    if isinstance(node, dict):
        return node.get(tok)
    if isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
        return node[int(tok)]
    return None


def retracted_seqs(log: Iterable[tuple[int, dict[str, Any]]]) -> set[int]:
    return {e["retract"] for _, e in log if form_of(e) == "retract"}


def fold(log: list[tuple[int, dict[str, Any]]], upto: int | None = None,
         skip: set[int] | None = None) -> tuple[dict[str, Any], list[Problem]]:
    """The scenario document of a log (``(seq, entry)`` in seq order) as it stood at ``upto``.

    Returns the document (without ``as_of``) and the problems met while folding (an amend
    whose target no longer exists); a stored log always folds — its problems are reported.
    ``skip``: the retracted seqs, when they are known (retracts still to come, an append's).
    """
    if upto is not None:
        log = [(s, e) for s, e in log if s <= upto]
    if skip is None:
        skip = retracted_seqs(log)
    doc: dict[str, Any] | None = None
    problems: list[Problem] = []
    for seq, entry in log:
        if seq in skip or form_of(entry) == "retract":
            continue
        doc, found = apply(doc, entry)
        problems += [(p, f"{m} (entry {seq})") for p, m in found]
    return doc or {}, problems


def prepare(entries: list[Any]) -> list[Any]:
    """Entries as the log will store them: exact numbers (floats of other JSON readers become
    literal decimals), fresh objects."""
    return [normalise(e) for e in entries]
