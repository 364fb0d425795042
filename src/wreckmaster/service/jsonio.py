"""JSON in and out with exact numbers.

In: the request body is read by the project's exact loader (:func:`wreckmaster.law.yamlio.load_json`:
every number with a fraction part is a :class:`~decimal.Decimal`, never a binary float).
Out: a :class:`~decimal.Decimal` is written as the literal number it holds (``1.50`` stays
``1.50``), dates in ISO form, fractions as text; UTF-8, original scripts kept.
"""
from __future__ import annotations

import json
import math
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any, Callable, Iterator

from starlette.responses import Response

MAX_INT_DIGITS = 300  # an integer of the law is a count, a day, a seq: far fewer digits
MAX_INT_BITS = int(MAX_INT_DIGITS * 3.33)


def dumps(data: Any) -> str:
    """Compact JSON text of ``data`` (fast path through :mod:`json`, exact path for decimals)."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except TypeError:
        out: list[str] = []
        _encode(data, out.append)
        return "".join(out)


def _encode(o: Any, out: Callable[[str], Any]) -> None:
    if isinstance(o, str):
        out(encode_basestring(o))
    elif o is None:
        out("null")
    elif o is True:
        out("true")
    elif o is False:
        out("false")
    elif isinstance(o, int):
        out(int.__repr__(o))
    elif isinstance(o, Decimal):
        if not o.is_finite():
            raise ValueError(f"not a finite number: {o}")
        literal = getattr(o, "text", None)  # the store's LiteralNumber keeps the text it was given in
        out(literal if isinstance(literal, str) else str(o))
    elif isinstance(o, float):
        if not math.isfinite(o):
            raise ValueError(f"not a finite number: {o}")
        out(float.__repr__(o))
    elif isinstance(o, dict):
        out("{")
        first = True
        for k, v in o.items():
            if not first:
                out(",")
            first = False
            out(encode_basestring(str(k)))
            out(":")
            _encode(v, out)
        out("}")
    elif isinstance(o, (list, tuple)):
        out("[")
        for i, v in enumerate(o):
            if i:
                out(",")
            _encode(v, out)
        out("]")
    elif isinstance(o, (date, datetime)):
        out(encode_basestring(o.isoformat()))
    elif isinstance(o, Fraction):
        out(encode_basestring(str(o)))
    else:
        raise TypeError(f"cannot write {type(o).__name__} as JSON")


class JSON(Response):
    """A JSON response written by :func:`dumps`."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content).encode("utf-8")


class BadJSON(ValueError):
    """The body is not a JSON document (pointer ``""``)."""


def loads(raw: bytes) -> Any:
    """Parse a request body with the exact loader; :class:`BadJSON` with a message if it is not JSON,
    :class:`~wreckmaster.law.yamlio.DuplicateKeys` (pointers into the body) if an object repeats a key."""
    from wreckmaster.law.yamlio import DuplicateKeys, load_json

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadJSON(f"not UTF-8 text (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise BadJSON("expected a JSON document, got an empty body")
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        raise BadJSON(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise BadJSON("not JSON this service reads: nested too deeply") from None
    except DuplicateKeys:
        raise
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise BadJSON(f"not JSON this service reads: {exc}") from None
    return data


def text_problems(data: Any, limit: int = 20) -> list[tuple[str, str]]:
    """Values no record can hold: NaN or infinities, NUL characters, text that is not Unicode.

    ``[(pointer, message)]`` into the document; empty when the document is clean.
    """
    problems: list[tuple[str, str]] = []
    for ptr, msg in _walk(data, ""):
        problems.append((ptr, msg))
        if len(problems) >= limit:
            break
    return problems


def _text_problem(s: str) -> str | None:
    if "\x00" in s:
        return "contains a NUL character"
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return "not valid Unicode text (a lone surrogate)"
    return None


def _esc(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _walk(o: Any, ptr: str, depth: int = 0) -> Iterator[tuple[str, str]]:
    if depth > 64:
        yield ptr, "nested too deeply"
        return
    if isinstance(o, str):
        msg = _text_problem(o)
        if msg:
            yield ptr, msg
    elif isinstance(o, float):  # NaN, Infinity: the only floats the loader lets through
        yield ptr, f"not a number this service reads: {o}"
    elif isinstance(o, int) and not isinstance(o, bool) and o.bit_length() > MAX_INT_BITS:
        yield ptr, f"number too large: at most {MAX_INT_DIGITS} digits"
    elif isinstance(o, Decimal) and o.is_finite() and len(o.as_tuple().digits) > MAX_INT_DIGITS:
        yield ptr, f"number too long: at most {MAX_INT_DIGITS} digits"
    elif isinstance(o, dict):
        for k, v in o.items():
            msg = _text_problem(k)
            if msg:
                yield ptr + "/" + _esc(k.encode("utf-8", "replace").decode("utf-8")), "key " + msg
                continue
            yield from _walk(v, ptr + "/" + _esc(k), depth + 1)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _walk(v, f"{ptr}/{i}", depth + 1)
