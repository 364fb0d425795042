"""YAML and JSON reading with exact numbers.

YAML floats become :class:`~decimal.Decimal` (never binary floats) and timestamps stay
strings, so a YAML scenario reads exactly as its JSON twin would.

Hostile input never raises anything but the parsers' own errors (``yaml.YAMLError``,
``json.JSONDecodeError``, both subclasses of ``ValueError`` or ``yaml.YAMLError``):

- an explicit ``!!int``, ``!!float`` or ``!!timestamp`` whose text is not one keeps its text,
  so the field's own check names it with its JSON pointer (``!!timestamp 1917-02-30`` →
  ``not a valid date``); a timestamp with a time of day stays text too, and is no date;
- ``.inf`` and ``.nan`` become the decimals ``Infinity`` and ``NaN``, which every number
  field refuses (``expected a finite number``);
- an integer too long for Python's ``int`` (over 4,300 digits) becomes an exact decimal,
  which the number fields refuse by its size (:data:`wreckmaster.law.values.MAX_DIGITS`).
"""
from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ExactLoader(_Base):  # type: ignore[misc, valid-type]
    """A safe loader whose floats are exact decimals and whose dates stay text."""


ExactLoader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in _Base.yaml_implicit_resolvers.items()
}

_SPECIAL = {".inf": "Infinity", "+.inf": "Infinity", "-.inf": "-Infinity", ".nan": "NaN"}


def _decimal(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    raw = loader.construct_scalar(node)
    text = raw.replace("_", "")
    special = _SPECIAL.get(text.lower())
    if special is not None:
        return Decimal(special)
    if ":" in text:  # YAML 1.1 sexagesimal (190:20:30.15): not a money format; keep the text
        return raw
    try:
        return Decimal(text)
    except InvalidOperation:
        return raw


_PLAIN_INT = re.compile(r"^[-+]?[0-9]+$")


def _int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    raw = loader.construct_scalar(node)
    text = raw.replace("_", "")
    if _PLAIN_INT.match(text) and len(text) > 4000:
        return Decimal(text)  # exact; a number field refuses it by its size
    try:
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    except (ValueError, TypeError):
        return raw


def _timestamp_text(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> str:
    return loader.construct_scalar(node)


ExactLoader.add_constructor("tag:yaml.org,2002:float", _decimal)
ExactLoader.add_constructor("tag:yaml.org,2002:int", _int)
ExactLoader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp_text)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=ExactLoader)


def _json_int(text: str) -> Any:
    return int(text) if len(text) <= 4000 else Decimal(text)


def _json_constant(name: str) -> Decimal:
    return Decimal({"Infinity": "Infinity", "-Infinity": "-Infinity", "NaN": "NaN"}[name])


def load_json(text: str) -> Any:
    return json.loads(text, parse_float=Decimal, parse_int=_json_int, parse_constant=_json_constant)
