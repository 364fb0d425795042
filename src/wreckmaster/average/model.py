"""The input of a general average adjustment, ``wreckmaster.average/1`` (AVERAGE.md), and its
validation.

:func:`validate` turns a parsed document (numbers as exact decimals, dates as text) into an
:class:`AverageCase`, or raises :class:`InvalidAverage` listing **every** problem as
``(JSON pointer, message)`` — unknown keys, wrong types, negative amounts, amounts finer than
the currency's smallest unit, duplicate interest ids, references to interests that do not
exist, an unknown currency, bad dates or dates after ``adjusted_on``, rules that are not in
the York-Antwerp Rules 1974, contributory values that add up to zero.
"""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from fractions import Fraction
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, Optional

from wreckmaster.law import citations, types
from wreckmaster.law.money import Currency
from wreckmaster.law.records import Invalid, Length, Record
from wreckmaster.law.types import Amount, Day, dedupe, first_seen
from wreckmaster.law.yamlio import read_data

FORMAT = "wreckmaster.average/1"


class InvalidAverage(Exception):
    """Bad input: every problem as (JSON pointer, message)."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


class Model(Record):
    """A part of the input, read strictly (wreckmaster.law.records): unknown keys refused."""


class Interest(Model):
    """Everything at risk in the common adventure: the ship, a lot of cargo, the freight."""

    id: str
    kind: Literal["ship", "cargo", "freight"]
    owner: Optional[str] = None
    arrived_value: Amount


class Sacrifice(Model):
    """Property sacrificed for the common safety, made good to its interest."""

    interest: str
    amount: Amount
    date: Day
    description: Optional[str] = None
    rule: Optional[str] = None


class Expenditure(Model):
    """Money spent for the common safety, by one of the interests."""

    paid_by: str
    amount: Amount
    date: Day
    kind: Literal["disbursement", "wages", "fuel"]
    description: Optional[str] = None
    rule: Optional[str] = None


class AverageInput(Model):
    format: Literal["wreckmaster.average/1"]
    rules: Literal["yar-1974"]
    currency: str
    adjusted_on: Day
    interests: Annotated[list[Interest], Length(min=1)]
    sacrifices: list[Sacrifice] = []
    expenditures: list[Expenditure] = []


@dataclass(frozen=True)
class AverageCase:
    """A validated input: the document, its currency, and each entry's rule citations."""

    doc: AverageInput
    currency: Currency
    sacrifice_rules: tuple[tuple[str, ...], ...]
    expenditure_rules: tuple[tuple[str, ...], ...]

    @property
    def adjusted_on(self) -> date:
        return self.doc.adjusted_on


# --- currencies -----------------------------------------------------------------------
@lru_cache(maxsize=None)
def currencies() -> dict[str, Currency]:
    from . import HERE

    raw = read_data(HERE / "currencies.yaml")
    out: dict[str, Currency] = {}
    for code, places in raw["iso4217"].items():
        out[code] = Currency(code, Fraction(1, 10 ** int(places)),
                             "unit" if int(places) == 0 else f"1/{10 ** int(places)}", f"{code} (ISO 4217)")
    for code, spec in raw["historical"].items():
        out[code] = Currency(code, Fraction(Decimal(spec["unit"])), spec["unit_name"], spec["name"])
    return out


# --- rules ----------------------------------------------------------------------------
_SPLIT = re.compile(r"\s*(?:,|;|&|\+|\band\b)\s*", re.IGNORECASE)
_RULE = re.compile(r"^(?:yar-1974:)?\s*(?:rule\s+)?(?P<n>[A-Za-z]+)$", re.IGNORECASE)


def rule_citations(text: str) -> tuple[str, ...]:
    """``"I"``, ``"Rule XII"``, ``"yar-1974:VI"``, ``"X and XI"``, ``"Rule of Interpretation"``
    → the citations ``yar-1974:…``; ValueError when one is not a rule of the 1974 Rules."""
    text = text.strip()
    if not text:
        raise ValueError("empty rule")
    bare = re.sub(r"^yar-1974:\s*", "", text, flags=re.IGNORECASE)
    if bare.lower() == "rule of interpretation":
        return ("yar-1974:Rule of Interpretation",)
    out = []
    for part in _SPLIT.split(text):
        if not part:
            continue
        m = _RULE.match(part)
        if not m:
            raise ValueError(f"not a rule of the York-Antwerp Rules 1974: {part!r} (write e.g. \"I\", \"Rule XII\")")
        number = m["n"].upper()
        try:
            citations.article("yar-1974", number)
        except citations.CitationError:
            raise ValueError(f"the York-Antwerp Rules 1974 have no Rule {number}") from None
        out.append(f"yar-1974:{number}")
    if not out:
        raise ValueError("empty rule")
    return tuple(dict.fromkeys(out))


# --- validation -----------------------------------------------------------------------
def _whole_units(value: Decimal, currency: Currency) -> bool:
    return (Fraction(value) / currency.unit).denominator == 1


def validate(doc: Any) -> AverageCase:
    """Validate a parsed ``wreckmaster.average/1`` document; raise :class:`InvalidAverage`."""
    if not isinstance(doc, dict):
        raise InvalidAverage([("/", "an average adjustment input must be a mapping (JSON object)")])
    problems: list[tuple[str, str]] = []
    try:
        model = AverageInput.read(doc)
    except Invalid as exc:
        problems.extend(types.problems(exc))
        model = None
    problems.extend(_cross_checks(doc))
    if problems or model is None:
        raise InvalidAverage(dedupe(problems))
    currency = currencies()[model.currency]
    s_rules = tuple(rule_citations(s.rule) if s.rule else () for s in model.sacrifices)
    e_rules = tuple(rule_citations(e.rule) if e.rule else () for e in model.expenditures)
    return AverageCase(doc=model, currency=currency, sacrifice_rules=s_rules, expenditure_rules=e_rules)


def _entries(doc: dict[str, Any], section: str) -> list[tuple[int, dict[str, Any]]]:
    seq = doc.get(section)
    return [(i, e) for i, e in enumerate(seq) if isinstance(e, dict)] if isinstance(seq, list) else []


def _cross_checks(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """What a schema cannot say: ids, references, currency, units, dates, rules, zero values."""
    from wreckmaster.law import values

    problems: list[tuple[str, str]] = []
    code = doc.get("currency")
    currency = None
    if isinstance(code, str):
        currency = currencies().get(code)
        if currency is None:
            hint = f" (did you mean {code.upper()!r}?)" if code.upper() in currencies() else ""
            problems.append(("/currency", f"unknown currency {code!r}{hint}: expected an ISO 4217 code "
                                          "(JPY, USD, EUR, GBP …) or a historical unit (TAEL, DOLLAR, FRF)"))
    ids: dict[str, str] = {}
    for i, it in _entries(doc, "interests"):
        ident = it.get("id")
        if isinstance(ident, str):
            first_seen(ids, ident, f"/interests/{i}/id", "id", problems)
    adjusted_on = None
    try:
        adjusted_on = values.iso_date(doc.get("adjusted_on")) if "adjusted_on" in doc else None
    except ValueError:
        pass

    def amount_ok(value: Any, ptr: str) -> Decimal | None:
        try:
            amount = values.amount(value)
        except ValueError:
            return None  # reported by the schema
        if currency is not None and not _whole_units(amount, currency):
            problems.append((ptr, f"{value} is finer than the smallest unit of {currency.code} "
                                  f"({currency.format(currency.round(currency.unit))})"))
        return amount

    for i, it in _entries(doc, "interests"):
        if "arrived_value" in it:
            amount_ok(it["arrived_value"], f"/interests/{i}/arrived_value")
    for section, ref in (("sacrifices", "interest"), ("expenditures", "paid_by")):
        for i, e in _entries(doc, section):
            target = e.get(ref)
            if isinstance(target, str) and target not in ids:
                problems.append((f"/{section}/{i}/{ref}", f"no interest with id {target!r}"))
            if "amount" in e:
                amount_ok(e["amount"], f"/{section}/{i}/amount")
            if adjusted_on is not None and "date" in e:
                try:
                    when = values.iso_date(e["date"])
                except ValueError:
                    when = None
                if when is not None and when > adjusted_on:
                    problems.append((f"/{section}/{i}/date", f"{when} is after adjusted_on ({adjusted_on}): "
                                                              "interest runs from this date until adjusted_on"))
            rule = e.get("rule")
            if isinstance(rule, str):
                try:
                    rule_citations(rule)
                except ValueError as exc:
                    problems.append((f"/{section}/{i}/rule", str(exc)))
    # contributory values that add up to zero leave nothing to apportion on
    try:
        total = sum((Fraction(values.amount(it.get("arrived_value"))) for _, it in _entries(doc, "interests")),
                    Fraction(0))
        total += sum((Fraction(values.amount(s.get("amount"))) for _, s in _entries(doc, "sacrifices")
                      if isinstance(s.get("interest"), str) and s.get("interest") in ids), Fraction(0))
    except ValueError:
        total = None
    if total == 0 and ids:
        problems.append(("/interests", "the contributory values add up to zero: there is nothing to apportion "
                                       "the general average on"))
    return problems
