"""Field types of the interchange formats for pydantic, and how its errors are reported.

Each type reads its value with :mod:`values` (strict: a boolean is never a number, a float
never money) and reports problems as ``(JSON pointer, message)``.
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Callable

from pydantic import PlainValidator, ValidationError

from . import values


def checked(fn: Callable[[Any], Any]) -> PlainValidator:
    """A pydantic validator that reads a value with ``fn`` (which raises ValueError)."""

    def run(value: Any) -> Any:
        return fn(value)

    return PlainValidator(run)


def ref_list(value: Any) -> list[str]:
    """One id or a list of ids (a single id stands for a one-element list)."""
    items = value if isinstance(value, list) else [value]
    return [values.text(v) for v in items]


Amount = Annotated[Decimal, checked(values.amount)]
Number = Annotated[Decimal, checked(values.number)]
Frac = Annotated[Fraction, checked(values.fraction)]
Ratio = Annotated[Fraction, checked(values.ratio)]
Day = Annotated[date, checked(values.iso_date)]
Refs = Annotated[list[str], checked(ref_list)]


def pointer(loc: tuple[Any, ...]) -> str:
    """A JSON pointer (RFC 6901) for a location such as ``("items", 0, "value")``."""
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in loc) if loc else "/"


_MESSAGES = {"extra_forbidden": "unknown key", "missing": "required"}


def pydantic_problems(exc: ValidationError) -> list[tuple[str, str]]:
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = _MESSAGES.get(err["type"], err["msg"])
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        elif err["type"] not in _MESSAGES and "input" in err:
            # a type error shows the bad value (shortened, one line)
            msg = f"{msg}, got {values._kind(err['input'])} {values.shown(err['input'])}"
        out.append((pointer(loc), msg))
    return out


def dedupe(problems: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The problems in order, each once."""
    return list(dict.fromkeys(problems))
