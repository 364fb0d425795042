"""Parsers for the scalar values of the interchange formats (SCENARIO.md, "Conventions").

Types are strict: a boolean is never a number, a float is never money. Amounts, fractions
and dates are read from their string forms (``"12.345"``, ``"1/3"``, ``"1875-05-01"``) as
well as from exact numbers (JSON and YAML numbers are loaded as :class:`~decimal.Decimal`).
Each parser raises :class:`ValueError` with a message that names what is wrong (showing the
bad value, shortened when long); the caller adds the JSON pointer.

Bounds (so that hostile input cannot make arithmetic run for minutes, and every period stays
within the calendar): a number has at most :data:`MAX_INTEGER_DIGITS` digits before the
decimal point and :data:`MAX_FRACTION_DIGITS` after it; a fraction's numerator and
denominator at most :data:`MAX_INTEGER_DIGITS` digits; a date lies from :data:`MIN_DATE` (the
first whole year of the Gregorian calendar) to :data:`MAX_DATE` (docs/scenario-extensions.md,
"Engine").
"""
from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from fractions import Fraction

_DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*/\s*(\d+)\s*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

MAX_INTEGER_DIGITS = 30
MAX_FRACTION_DIGITS = 20
MAX_DIGITS = MAX_INTEGER_DIGITS + MAX_FRACTION_DIGITS
MIN_DATE = date(1583, 1, 1)
MAX_DATE = date(2999, 12, 31)


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, shortened in the middle when long (always one line,
    always valid UTF-8: ``repr`` escapes newlines and lone surrogates)."""
    text = repr(value)
    if len(text) > limit:
        text = f"{text[:limit // 2]}…{text[-(limit // 2):]} ({len(text)} characters)"
    return text


def _bounded(result: Decimal, value: object) -> Decimal:
    """``result`` if it is finite and within the digit bounds (checked on its digits, before
    any arithmetic)."""
    if not result.is_finite():
        raise ValueError(f"expected a finite number, got {shown(value)}")
    _, digits, exponent = result.as_tuple()
    assert isinstance(exponent, int)
    if any(digits):
        trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
        exponent += trailing
        significant = len(digits) - trailing
        if significant + exponent > MAX_INTEGER_DIGITS:
            raise ValueError(f"number too large: at most {MAX_INTEGER_DIGITS} digits before the decimal point, "
                             f"got {shown(value)}")
        if -exponent > MAX_FRACTION_DIGITS:
            raise ValueError(f"too many decimals: at most {MAX_FRACTION_DIGITS} after the decimal point, "
                             f"got {shown(value)}")
    return result


def number(value: object, *, negative_ok: bool = False) -> Decimal:
    """An exact decimal number."""
    if isinstance(value, bool):
        raise ValueError("expected a number, got a boolean")
    if isinstance(value, float):
        raise ValueError("expected an exact number (write it as a string, e.g. \"12.5\")")
    if isinstance(value, int):
        if value.bit_length() > 4 * MAX_DIGITS:
            raise ValueError(f"number too large: at most {MAX_INTEGER_DIGITS} digits before the decimal point")
        result = Decimal(value)
    elif isinstance(value, Decimal):
        result = value
    elif isinstance(value, str):
        text = value.strip()
        if not _DECIMAL.match(text):
            raise ValueError(f"expected a decimal number, got {shown(value)}")
        if len(text) > MAX_DIGITS + 2 and len(text.lstrip("+-0").replace(".", "").rstrip("0")) > MAX_DIGITS:
            raise ValueError(f"number too long: at most {MAX_INTEGER_DIGITS} digits before the decimal point and "
                             f"{MAX_FRACTION_DIGITS} after it, got {shown(value)}")
        try:
            result = Decimal(text)
        except InvalidOperation as exc:  # pragma: no cover - the regex guards it
            raise ValueError(f"expected a decimal number, got {shown(value)}") from exc
    else:
        raise ValueError(f"expected a number, got {_kind(value)} {shown(value)}")
    result = _bounded(result, value)
    if result < 0 and not negative_ok:
        raise ValueError(f"must not be negative, got {shown(value)}")
    return result


def amount(value: object) -> Decimal:
    """An amount of money: an exact, non-negative decimal."""
    return number(value)


def fraction(value: object) -> Fraction:
    """A share or ratio: ``"1/3"``, ``"0.5"``, ``1`` (never a float or boolean)."""
    if isinstance(value, str):
        m = _FRACTION.match(value)
        if m:
            if max(len(m.group(1).lstrip("+-")), len(m.group(2))) > MAX_INTEGER_DIGITS:
                raise ValueError(f"fraction too large: at most {MAX_INTEGER_DIGITS} digits above and below the "
                                 f"line, got {shown(value)}")
            num, den = int(m.group(1)), int(m.group(2))
            if den == 0:
                raise ValueError(f"division by zero in {shown(value)}")
            result = Fraction(num, den)
            if result < 0:
                raise ValueError(f"must not be negative, got {shown(value)}")
            return result
        try:
            return Fraction(number(value))
        except ValueError:
            raise ValueError(f"expected a fraction such as \"1/3\" or \"0.5\", got {shown(value)}") from None
    return Fraction(number(value))


def ratio(value: object) -> Fraction:
    """A fraction from 0 to 1 inclusive."""
    result = fraction(value)
    if result > 1:
        raise ValueError(f"must be between 0 and 1, got {shown(value)}")
    return result


def iso_date(value: object) -> date:
    """A calendar date ``YYYY-MM-DD`` from :data:`MIN_DATE` to :data:`MAX_DATE` (a datetime,
    which carries a time of day, is no date)."""
    if isinstance(value, date) and not isinstance(value, datetime):
        result = value
    elif not isinstance(value, str) or not _DATE.match(value):
        raise ValueError(f"expected a date YYYY-MM-DD, got {shown(value) if isinstance(value, str) else _kind(value)}"
                         + ("" if isinstance(value, str) else f" {shown(value)}"))
    else:
        try:
            result = date.fromisoformat(value)
        except ValueError as exc:
            raise ValueError(f"not a valid date: {shown(value)}") from exc
    if not MIN_DATE <= result <= MAX_DATE:
        raise ValueError(f"date out of range: wreckmaster reads dates from {MIN_DATE} to {MAX_DATE}, "
                         f"got {result.isoformat()}")
    return result


def _kind(value: object) -> str:
    """What a JSON value is, in the format's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, Decimal, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {_kind(value)} {shown(value)}")
    return value


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {_kind(value)} {shown(value)}")
    return value


def fraction_text(value: Fraction) -> str:
    """A fraction as the spec writes it: ``"1/3"``, or ``"2"`` when whole."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def exact_text(value: Fraction | Decimal | int) -> str:
    """An exact value for an explanation: a decimal when it terminates, else ``n/d``."""
    f = value if type(value) is Fraction else Fraction(value)
    d = _terminating(f)
    return fraction_text(f) if d is None else format(d, "f")


def exact_decimal(value: Fraction) -> Decimal:
    """A terminating fraction as a decimal, exactly (never through the 28-digit context)."""
    d = _terminating(value)
    if d is None:
        raise ValueError(f"{value} has no finite decimal expansion")
    return d


def _terminating(value: Fraction) -> Decimal | None:
    """The fraction as a decimal when its denominator is 2^a·5^b (then it has max(a, b) places),
    else None. Worked out on the denominator: a large explanation writes tens of thousands."""
    den = value.denominator
    twos = (den & -den).bit_length() - 1
    rest, fives = den >> twos, 0
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        return None
    places = max(twos, fives)
    scaled = value.numerator * (10 ** places // den)
    return Decimal((1 if scaled < 0 else 0, tuple(int(c) for c in str(abs(scaled))), -places))
