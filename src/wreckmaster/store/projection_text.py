"""The projection's canonical text, re-serialised only where an append changed it.

Every append stores the fold's canonical JSON (``projections.scenario``). Serialising the whole
document again each time made an append cost grow with the case: a case with a few hundred
parties spent most of an append writing parties that had not changed. The canonical text of a
document is ``{`` + its top-level members, each ``"key":TEXT``, keys sorted + ``}``, so it is
kept here as those member texts:

- a member the appended entries did not touch keeps its text;
- a list that ``add`` or ``event`` entries only appended to gets ``old[:-1] + "," + new members
  + "]"`` (the canonical text of the longer list, exactly);
- anything else an entry touched (an ``amend``, a section created or replaced) is serialised again.

The memo maps a stored text to its member texts (a pure function of the text, so a stale or
uncommitted entry can never give a wrong answer: it is only used when the stored text is
exactly the one it was made from). ``case verify`` still checks the stored text against a full
serialisation of the fold of the log.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any, Iterable

from . import canonical
from .fold import SECTIONS, form_of, pointer_tokens

SIZE = 64  # cases remembered (a server's working set; one text and its parts each)


def _key(k: str) -> str:
    return json.dumps(str(k), ensure_ascii=False) + ":"


def join(parts: dict[str, str]) -> str:
    """The canonical text of a document from the canonical texts of its top-level members."""
    return "{" + ",".join(_key(k) + parts[k] for k in sorted(parts, key=str)) + "}"


def parts_of(doc: dict[str, Any]) -> dict[str, str]:
    return {str(k): canonical.dumps(v) for k, v in doc.items()}


def touched(entries: Iterable[dict[str, Any]]) -> tuple[dict[str, int], set[str]]:
    """What folding ``entries`` changes at the top level: ``(appended, other)`` — members of
    the lists only appended to (and how many), and the keys changed in any other way."""
    appended: dict[str, int] = {}
    other: set[str] = set()
    for e in entries:
        form = form_of(e)
        if form == "add":
            key = SECTIONS[e["add"]]
            appended[key] = appended.get(key, 0) + 1
        elif form == "event":
            appended["events"] = appended.get("events", 0) + 1
        elif form == "amend":
            other.add(pointer_tokens(e["amend"])[0])
        else:  # open or retract: the whole document (callers fold again; never appended to)
            other.add("*")
    return appended, other


class ProjectionTexts:
    """Memo of recent projections' member texts, by case (thread-safe)."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._d: OrderedDict[str, tuple[str, dict[str, str], dict[str, int]]] = OrderedDict()
        self._lock = threading.Lock()

    def after(self, case_id: str, old_text: str, doc: dict[str, Any], entries: list[dict[str, Any]]) -> str:
        """The canonical text of ``doc``, the document of ``old_text`` with ``entries`` folded
        onto it: exactly ``canonical.dumps(doc)``."""
        with self._lock:
            hit = self._d.get(case_id)
        appended, other = touched(entries)
        if hit is None or hit[0] != old_text or "*" in other:
            parts = parts_of(doc)
        else:
            parts, lengths = dict(hit[1]), hit[2]
            for k in doc:
                k = str(k)
                n = appended.get(k, 0)
                if k in other or k not in parts or (n and not _append(parts, k, lengths, doc[k], n)):
                    parts[k] = canonical.dumps(doc[k])
            if len(parts) != len(doc):  # a member vanished (never, by the fold's forms): rebuild
                parts = parts_of(doc)
        text = join(parts)
        lengths = {str(k): len(v) for k, v in doc.items() if isinstance(v, list)}
        with self._lock:
            self._d[case_id] = (text, parts, lengths)
            self._d.move_to_end(case_id)
            while len(self._d) > self.size:
                self._d.popitem(last=False)
        return text


def _append(parts: dict[str, str], k: str, lengths: dict[str, int], value: Any, n: int) -> bool:
    """Extend the text of the list ``k`` by its ``n`` new last members when it was a list that
    grew by exactly those; False when it must be serialised again."""
    if k not in lengths or not isinstance(value, list) or len(value) != lengths[k] + n:
        return False
    new = ",".join(canonical.dumps(m) for m in value[-n:])
    parts[k] = parts[k][:-1] + ("," if lengths[k] else "") + new + "]"
    return True
