"""Exact JSON for the case log: numbers keep their literal text, one canonical form for hashes.

CASE.md: a number keeps the literal text it was given in (``1.50`` stays ``1.50``, never
re-formatted through a float); the entry is stored as canonical JSON text (keys sorted,
separators ``,`` and ``:``, non-ASCII kept as is); the hash of an entry is the lowercase hex
SHA-256 of the previous hash followed by the canonical JSON of
``{"case", "seq", "recorded_at", "recorded_by", "entry"}``.
"""
from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

GENESIS = "0" * 64


class LiteralNumber(Decimal):
    """An exact decimal that remembers the text it was read from (``1.50``, ``1e-7``)."""

    __slots__ = ("text",)

    def __new__(cls, text: str):
        self = super().__new__(cls, text)
        self.text = text
        return self

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (type(self), (self.text,))


def loads(text: str) -> Any:
    """Parse JSON: non-integers as :class:`LiteralNumber` (exact, literal text kept). For text the
    store wrote itself (canonical, one key once); input from outside is read by :func:`loads_input`."""
    return json.loads(text, parse_float=LiteralNumber, parse_int=_integer)


def loads_input(text: str) -> Any:
    """As :func:`loads`, for input from outside: a key repeated in an object raises
    :class:`~wreckmaster.law.yamlio.DuplicateKeys` (issue 21)."""
    from wreckmaster.law.yamlio import json_loads

    return json_loads(text, parse_float=LiteralNumber, parse_int=_integer)


def _integer(text: str) -> Any:
    """An integer; one too long for Python's int() (over 4,000 digits) stays a literal number, so
    validation refuses it with its pointer instead of the store failing."""
    return int(text) if len(text) <= 4000 else LiteralNumber(text)


def number_text(x: Any) -> str:
    if isinstance(x, LiteralNumber):
        return x.text
    if isinstance(x, Decimal):
        return str(x)
    if isinstance(x, float):  # a JSON number parsed by another client: its shortest exact repr
        return repr(x)
    return str(int(x))


def _scalar(x: Any) -> str:
    if x is None:
        return "null"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if isinstance(x, str):
        return json.dumps(x, ensure_ascii=False)
    if isinstance(x, (int, Decimal, float)):
        return number_text(x)
    if isinstance(x, (date, datetime)):
        return json.dumps(x.isoformat())
    if isinstance(x, Fraction):
        return json.dumps(f"{x.numerator}/{x.denominator}")
    raise TypeError(f"not JSON: {type(x).__name__}")


def dumps(x: Any) -> str:
    """Canonical JSON: keys sorted, no spaces, non-ASCII as is, numbers as their literal text."""
    if isinstance(x, dict):
        return "{" + ",".join(json.dumps(str(k), ensure_ascii=False) + ":" + dumps(x[k])
                              for k in sorted(x, key=str)) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in x) + "]"
    return _scalar(x)


def pretty(x: Any, indent: int = 2, _level: int = 0) -> str:
    """JSON as ``json.dumps(x, ensure_ascii=False, indent=2)`` writes it (key order kept), with
    numbers as their literal text."""
    pad, inner = " " * (indent * _level), " " * (indent * (_level + 1))
    if isinstance(x, dict):
        if not x:
            return "{}"
        parts = [inner + json.dumps(str(k), ensure_ascii=False) + ": " + pretty(v, indent, _level + 1)
                 for k, v in x.items()]
        return "{\n" + ",\n".join(parts) + "\n" + pad + "}"
    if isinstance(x, (list, tuple)):
        if not x:
            return "[]"
        return "[\n" + ",\n".join(inner + pretty(v, indent, _level + 1) for v in x) + "\n" + pad + "]"
    return _scalar(x)


def normalise(x: Any) -> Any:
    """A document as the canonical text reads back (floats become exact literals)."""
    return loads(dumps(x))


def entry_hash(previous: str, case: str, seq: int, recorded_at: str, recorded_by: str, entry_text: str) -> str:
    """The hash of one log entry; ``entry_text`` is the entry's canonical JSON as stored."""
    body = ('{"case":' + json.dumps(case, ensure_ascii=False) + ',"entry":' + entry_text
            + ',"recorded_at":' + json.dumps(recorded_at, ensure_ascii=False)
            + ',"recorded_by":' + json.dumps(recorded_by, ensure_ascii=False) + ',"seq":' + str(seq) + "}")
    return hashlib.sha256((previous + body).encode("utf-8")).hexdigest()
