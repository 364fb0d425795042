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

A key repeated in one mapping (``regime`` twice, in YAML or JSON) is refused (issue 21 point 8):
both parsers would keep the last value silently. :class:`DuplicateKeys` (a ``ValueError``) names
each repeated key by its JSON pointer, ``[("/regime", "duplicate key 'regime' …")]``; the file
readers turn it into ``error: <pointer>: …`` (scenarios, entries, requests) or into
:class:`LawDataError` naming the file (the law's own data, :func:`read_data`). YAML merge keys
(``<<``) are no duplicates: a key written in the mapping overrides a merged one, as YAML says.
"""
from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Callable

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKeys(ValueError):
    """Keys repeated in one mapping: ``problems`` is ``[(JSON pointer, message)]`` (YAML: by line)."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


class LawDataError(ValueError):
    """A data file the package ships (articles, parameters, tables) that cannot be read as law."""


def _escape(key: Any) -> str:
    return _safe(str(key)).replace("~", "~0").replace("/", "~1")


def _safe(text: str) -> str:
    """Text that can be echoed in an error (a lone surrogate from ``\\udc80`` escaped)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _pointers(doc: Any, found: list[tuple[int, Any, int]]) -> list[tuple[str, str]]:
    """The JSON pointers of the repeated keys ``found`` as ``(id of the mapping, key, line or 0)``;
    runs only when there is one (no cost on clean input), without recursion."""
    wanted: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [(doc, "")]
    seen: set[int] = set()
    while stack:
        node, ptr = stack.pop()
        if id(node) in seen:   # a YAML alias: the same mapping at a second place
            continue
        if isinstance(node, dict):
            seen.add(id(node))
            wanted.setdefault(id(node), ptr)
            stack.extend((v, f"{ptr}/{_escape(k)}") for k, v in node.items())
        elif isinstance(node, list):
            seen.add(id(node))
            stack.extend((v, f"{ptr}/{i}") for i, v in enumerate(node))
    out = []
    for mapping, key, line in sorted(found, key=lambda f: f[2])[:MAX_REPORTED]:
        where = f" (line {line})" if line else ""
        text = _safe(str(key))
        text = text if len(text) <= 80 else text[:80] + "…"
        out.append((f"{wanted.get(mapping, '')}/{_escape(key)}",
                    f"duplicate key {text!r}{where}: a key may be written only once in a mapping"))
    return out


_MERGE = "tag:yaml.org,2002:merge"
#: at most this many repeated keys are reported (hostile input may repeat one a million times)
MAX_REPORTED = 20


def _construct_map(loader: "ExactLoader", node: yaml.MappingNode) -> Any:
    """``construct_yaml_map`` that notes a key written twice in the same mapping."""
    data: dict = {}
    yield data
    own = [k for k, _ in node.value if k.tag != _MERGE]
    merged = len(own) != len(node.value)   # read before flatten_mapping rewrites node.value
    value = loader.construct_mapping(node)
    data.update(value)
    if merged or len(own) > len(value):
        keys: set = set()
        for key_node in own:
            key = loader.construct_object(key_node)
            if key in keys:
                loader.duplicates.append((id(data), key, key_node.start_mark.line + 1))
            keys.add(key)


class _NoDuplicates:
    """Mixin for a PyYAML loader: mappings note repeated keys in ``self.duplicates``."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)  # type: ignore[call-arg]
        self.duplicates: list[tuple[int, Any, int]] = []


class ExactLoader(_NoDuplicates, _Base):  # type: ignore[misc, valid-type]
    """A safe loader whose floats are exact decimals and whose dates stay text."""


class PlainLoader(_NoDuplicates, _Base):  # type: ignore[misc, valid-type]
    """``yaml.safe_load``'s reading (floats, dates) with repeated keys refused: for tables of
    figures that are not money (coastlines, stations, offices)."""


ExactLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
PlainLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)


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


def _load(text: str, loader_class: type) -> Any:
    loader = loader_class(text)
    try:
        doc = loader.get_single_data()
    finally:
        loader.dispose()
    if loader.duplicates:
        raise DuplicateKeys(_pointers(doc, loader.duplicates))
    return doc


def load_yaml(text: str) -> Any:
    """YAML with exact numbers; :class:`DuplicateKeys` when a mapping repeats a key."""
    return _load(text, ExactLoader)


def load_plain_yaml(text: str) -> Any:
    """``yaml.safe_load`` with repeated keys refused (:class:`DuplicateKeys`)."""
    return _load(text, PlainLoader)


def _json_int(text: str) -> Any:
    return int(text) if len(text) <= 4000 else Decimal(text)


def _json_constant(name: str) -> Decimal:
    return Decimal({"Infinity": "Infinity", "-Infinity": "-Infinity", "NaN": "NaN"}[name])


def json_loads(text: str, **options: Any) -> Any:
    """``json.loads(text, **options)`` with repeated keys refused (:class:`DuplicateKeys`)."""
    found: list[tuple[int, Any, int]] = []

    def mapping(pairs: list[tuple[str, Any]]) -> dict:
        data = dict(pairs)
        if len(data) != len(pairs):
            keys: set[str] = set()
            for key, _ in pairs:
                if key in keys:
                    found.append((id(data), key, 0))
                keys.add(key)
        return data

    doc = json.loads(text, object_pairs_hook=mapping, **options)
    if found:
        raise DuplicateKeys(_pointers(doc, found))
    return doc


def load_json(text: str) -> Any:
    """JSON with exact numbers; :class:`DuplicateKeys` when an object repeats a key."""
    return json_loads(text, parse_float=Decimal, parse_int=_json_int, parse_constant=_json_constant)


def read_data(path: str | Path, reader: Callable[[str], Any] = load_yaml) -> Any:
    """A data file the package ships (``articles.yaml``, ``parameters.yaml``, tables), read by
    ``reader``; a repeated key is a :class:`LawDataError` naming the file and the key."""
    path = Path(path)
    try:
        return reader(path.read_text(encoding="utf-8"))
    except DuplicateKeys as exc:
        raise LawDataError(f"{path}: " + "; ".join(f"{p}: {m}" for p, m in exc.problems)) from None


def read_data_text(text: str, name: str, reader: Callable[[str], Any] = load_yaml) -> Any:
    """As :func:`read_data`, for a data file's text read as a package resource (``name`` names it)."""
    try:
        return reader(text)
    except DuplicateKeys as exc:
        raise LawDataError(f"{name}: " + "; ".join(f"{p}: {m}" for p, m in exc.problems)) from None
