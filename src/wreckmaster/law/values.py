"""Parsers for the scalar values of the interchange formats (SCENARIO.md, "Conventions").

Types are strict: a boolean is never a number, a float is never money. Amounts, fractions
and dates are read from their string forms (``"12.345"``, ``"1/3"``, ``"1875-05-01"``) as
well as from exact numbers (JSON and YAML numbers are loaded as :class:`~decimal.Decimal`).
Each parser raises :class:`ValueError` with a message that names what is wrong; the
caller adds the JSON pointer.
"""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from fractions import Fraction

_DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*/\s*(\d+)\s*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def number(value: object, *, negative_ok: bool = False) -> Decimal:
    """An exact decimal number."""
    if isinstance(value, bool):
        raise ValueError("expected a number, got a boolean")
    if isinstance(value, float):
        raise ValueError("expected an exact number (write it as a string, e.g. \"12.5\")")
    if isinstance(value, int):
        result = Decimal(value)
    elif isinstance(value, Decimal):
        result = value
    elif isinstance(value, str):
        text = value.strip()
        if not _DECIMAL.match(text):
            raise ValueError(f"expected a decimal number, got {value!r}")
        try:
            result = Decimal(text)
        except InvalidOperation as exc:  # pragma: no cover - the regex guards it
            raise ValueError(f"expected a decimal number, got {value!r}") from exc
    else:
        raise ValueError(f"expected a number, got {type(value).__name__}")
    if not result.is_finite():
        raise ValueError("expected a finite number")
    if result < 0 and not negative_ok:
        raise ValueError(f"must not be negative, got {value}")
    return result


def amount(value: object) -> Decimal:
    """An amount of money: an exact, non-negative decimal."""
    return number(value)


def fraction(value: object) -> Fraction:
    """A share or ratio: ``"1/3"``, ``"0.5"``, ``1`` (never a float or boolean)."""
    if isinstance(value, str):
        m = _FRACTION.match(value)
        if m:
            num, den = int(m.group(1)), int(m.group(2))
            if den == 0:
                raise ValueError(f"division by zero in {value!r}")
            result = Fraction(num, den)
            if result < 0:
                raise ValueError(f"must not be negative, got {value!r}")
            return result
        try:
            return Fraction(number(value))
        except ValueError:
            raise ValueError(f"expected a fraction such as \"1/3\" or \"0.5\", got {value!r}") from None
    return Fraction(number(value))


def ratio(value: object) -> Fraction:
    """A fraction from 0 to 1 inclusive."""
    result = fraction(value)
    if result > 1:
        raise ValueError(f"must be between 0 and 1, got {value!r}")
    return result


def iso_date(value: object) -> date:
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or not _DATE.match(value):
        raise ValueError(f"expected a date YYYY-MM-DD, got {value!r}")
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ValueError(f"not a valid date: {value!r}") from exc


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {type(value).__name__}")
    return value


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def fraction_text(value: Fraction) -> str:
    """A fraction as the spec writes it: ``"1/3"``, or ``"2"`` when whole."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def exact_text(value: Fraction | Decimal | int) -> str:
    """An exact value for an explanation: a decimal when it terminates, else ``n/d``."""
    f = Fraction(value)
    d = f.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d == 1:
        return format(Decimal(f.numerator) / Decimal(f.denominator), "f")
    return fraction_text(f)
