"""YAML and JSON reading with exact numbers.

YAML floats become :class:`~decimal.Decimal` (never binary floats) and timestamps stay
strings, so a YAML scenario reads exactly as its JSON twin would.
"""
from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ExactLoader(_Base):  # type: ignore[misc, valid-type]
    """A safe loader whose floats are exact decimals and whose dates stay text."""


ExactLoader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in _Base.yaml_implicit_resolvers.items()
}


def _decimal(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Decimal:
    text = loader.construct_scalar(node).replace("_", "")
    return Decimal(text)


ExactLoader.add_constructor("tag:yaml.org,2002:float", _decimal)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=ExactLoader)


def load_json(text: str) -> Any:
    return json.loads(text, parse_float=Decimal)
