"""Field types of the interchange formats (for :mod:`records`), and how problems are reported.

Each type reads its value with :mod:`values` (strict: a boolean is never a number, a float
never money) and reports problems as ``(JSON pointer, message)``.
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Callable

from . import values
from .records import Check, Invalid


def checked(fn: Callable[[Any], Any]) -> Check:
    """A field read with ``fn`` (which returns the value or raises ValueError)."""
    return Check(fn)


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


def problems(exc: Invalid) -> list[tuple[str, str]]:
    """The problems of a record that could not be read, as (JSON pointer, message)."""
    return [(pointer(loc), message) for loc, message in exc.problems]


def dedupe(problems: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The problems in order, each once."""
    return list(dict.fromkeys(problems))


def first_seen(seen: dict[Any, str], key: Any, pointer: str, what: str, problems: list[tuple[str, str]],
               where: str = "") -> None:
    """Remember where ``key`` (an id, a number) first stands, or report it at ``pointer`` as a
    duplicate ``what`` (``duplicate segment id 'a' (first at /coast/segments/0/id)``); ``where``
    follows the key (`` in the register of segment 'S1'``)."""
    if key in seen:
        problems.append((pointer, f"duplicate {what} {key!r}{where} (first at {seen[key]})"))
    else:
        seen[key] = pointer
