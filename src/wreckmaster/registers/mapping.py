"""How the columns of a casualty register (a CSV file) become scenario fields.

A mapping file (``wreckmaster.mapping/1``, YAML) says, for each scenario field named by its
JSON pointer, which column(s) it comes from and how the cell is read::

    format: wreckmaster.mapping/1
    defaults:                      # fields every row gets (a scenario fragment)
      format: wreckmaster.scenario/1
      case: {waters: sea}
    fields:
      /regime: Regime                          # a column name: the cell as text
      /case/occurred: {date: {year: Year, month: Month, day: Day}}
      /items/0/value: {column: Value, type: amount}      # "$1,234.50" -> "1234.50"
      /case/kind: {column: Kind, values: {難破: wreck, 漂着: drift}}
      /items/0/found/by/0: {column: Finder}
      /items/0/found/diving: {column: Diving, type: bool}

Types: ``text`` (default), ``amount`` (currency signs, spaces and thousands commas removed,
kept as exact decimal text), ``number``, ``integer``, ``bool`` (yes/no, true/false, 1/0, 是/否,
はい/いいえ, oui/non), ``date`` (one column, ISO ``YYYY-MM-DD`` or ``YYYY/MM/DD``), or a date from
``{year, month, day}`` columns. A blank cell leaves the field out (its default applies); a
field whose cell is blank and that has ``required: true`` is an error. Pointers create the
objects and lists they pass through (``/items/0/found/by/0``).

Everything here is plain data handling: the law is not consulted; the scenario is validated
afterwards exactly as ``assess`` validates a file.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

FORMAT = "wreckmaster.mapping/1"
TYPES = ("text", "amount", "number", "integer", "bool", "date")
TRUE = {"yes", "y", "true", "1", "是", "有", "はい", "oui", "x", "✓"}
FALSE = {"no", "n", "false", "0", "否", "無", "いいえ", "non", ""}
_AMOUNT_NOISE = re.compile(r"[\s,$¥￥€£₣]|FRF|JPY|TAEL|兩|両|円|圓|元|fr\.?|F$")


class MappingProblem(Exception):
    """A problem with the mapping file itself (the batch cannot run): ``error: <where>: <what>``."""

    def __init__(self, pointer: str, message: str):
        super().__init__(f"{pointer}: {message}")
        self.pointer, self.message = pointer, message


class RowProblem(Exception):
    """A problem with one row (that record is not assessed; the batch goes on)."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


@dataclass(frozen=True)
class Field:
    pointer: tuple[str, ...]
    column: str | None
    type: str
    values: dict[str, Any] | None
    date_parts: dict[str, str] | None
    required: bool


@dataclass(frozen=True)
class Mapping:
    defaults: dict[str, Any]
    fields: tuple[Field, ...]

    def columns(self) -> set[str]:
        out: set[str] = set()
        for f in self.fields:
            if f.column:
                out.add(f.column)
            if f.date_parts:
                out.update(f.date_parts.values())
        return out

    def check_header(self, header: list[str]) -> None:
        missing = sorted(self.columns() - set(header))
        if missing:
            raise MappingProblem("fields", f"column(s) not in the register's header: {', '.join(missing)}; "
                                           f"the header has: {', '.join(header)}")

    def row_to_scenario(self, row: dict[str, str]) -> dict[str, Any]:
        """One register row as a scenario document (not yet validated)."""
        doc = copy.deepcopy(self.defaults)
        problems: list[tuple[str, str]] = []
        for f in self.fields:
            where = "/" + "/".join(f.pointer)
            try:
                value = _read(f, row)
            except ValueError as exc:
                cols = f.column or ", ".join((f.date_parts or {}).values())
                problems.append((where, f"{exc} (register column {cols})"))
                continue
            if value is None:
                if f.required:
                    cols = f.column or ", ".join((f.date_parts or {}).values())
                    problems.append((where, f"required, but the register's cell is blank (column {cols})"))
                continue
            _put(doc, f.pointer, value)
        if problems:
            raise RowProblem(problems)
        return _compact(doc)


def parse(doc: Any) -> Mapping:
    """Check a mapping document and build the :class:`Mapping`; raises MappingProblem."""
    if not isinstance(doc, dict):
        raise MappingProblem("/", "a mapping file is a YAML mapping with `format`, `defaults` and `fields`")
    unknown = sorted(set(doc) - {"format", "defaults", "fields", "note", "source"})
    if unknown:
        raise MappingProblem(f"/{unknown[0]}", "unknown key (expected format, defaults, fields, note, source)")
    if doc.get("format") != FORMAT:
        raise MappingProblem("/format", f"expected {FORMAT!r}, got {doc.get('format')!r}")
    defaults = doc.get("defaults") or {}
    if not isinstance(defaults, dict):
        raise MappingProblem("/defaults", "expected a mapping (a scenario fragment)")
    raw = doc.get("fields")
    if not isinstance(raw, dict) or not raw:
        raise MappingProblem("/fields", "expected a mapping of JSON pointers to columns")
    fields = []
    for pointer, spec in raw.items():
        where = f"/fields/{_escape(str(pointer))}"
        if not isinstance(pointer, str) or not pointer.startswith("/") or pointer == "/":
            raise MappingProblem(where, "a field is named by a JSON pointer such as /case/place")
        parts = tuple(p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/"))
        fields.append(_field(parts, spec, where))
    return Mapping(defaults, tuple(fields))


def _field(parts: tuple[str, ...], spec: Any, where: str) -> Field:
    if isinstance(spec, str):
        return Field(parts, spec, "text", None, None, False)
    if not isinstance(spec, dict):
        raise MappingProblem(where, "expected a column name or {column, type, values, required}")
    unknown = sorted(set(spec) - {"column", "type", "values", "required", "date"})
    if unknown:
        raise MappingProblem(f"{where}/{unknown[0]}", "unknown key (expected column, type, values, required, date)")
    if "date" in spec:
        parts_spec = spec["date"]
        if not isinstance(parts_spec, dict) or set(parts_spec) != {"year", "month", "day"}:
            raise MappingProblem(f"{where}/date", "expected {year: COLUMN, month: COLUMN, day: COLUMN}")
        return Field(parts, None, "date", None, {k: str(v) for k, v in parts_spec.items()},
                     bool(spec.get("required", False)))
    column = spec.get("column")
    if not isinstance(column, str):
        raise MappingProblem(f"{where}/column", "expected the column's name")
    kind = spec.get("type", "text")
    if kind not in TYPES:
        raise MappingProblem(f"{where}/type", f"expected one of {', '.join(TYPES)}, got {kind!r}")
    values = spec.get("values")
    if values is not None and not isinstance(values, dict):
        raise MappingProblem(f"{where}/values", "expected a mapping from cell text to field value")
    return Field(parts, column, kind, {str(k): v for k, v in (values or {}).items()} or None, None,
                 bool(spec.get("required", False)))


def _read(f: Field, row: dict[str, str]) -> Any:
    if f.date_parts:
        cells = {k: (row.get(c) or "").strip() for k, c in f.date_parts.items()}
        if not any(cells.values()):
            return None
        if not all(cells.values()):
            blank = [f.date_parts[k] for k, v in cells.items() if not v]
            raise ValueError(f"part of a date is blank ({', '.join(blank)})")
        try:
            y, m, d = (int(cells[k]) for k in ("year", "month", "day"))
        except ValueError:
            raise ValueError(f"a date part is not a whole number: {cells}") from None
        return f"{y:04d}-{m:02d}-{d:02d}"
    cell = (row.get(f.column or "") or "").strip()
    if cell == "":
        return None
    if f.values is not None:
        if cell not in f.values:
            raise ValueError(f"{cell!r} is not one of the mapped values ({', '.join(f.values)})")
        return f.values[cell]
    if f.type == "text":
        return cell
    if f.type == "amount":
        text = _AMOUNT_NOISE.sub("", cell)
        try:
            Decimal(text)
        except InvalidOperation:
            raise ValueError(f"not an amount: {cell!r}") from None
        return text
    if f.type == "number":
        try:
            return Decimal(cell.replace(",", ""))
        except InvalidOperation:
            raise ValueError(f"not a number: {cell!r}") from None
    if f.type == "integer":
        try:
            return int(cell.replace(",", ""))
        except ValueError:
            raise ValueError(f"not a whole number: {cell!r}") from None
    if f.type == "bool":
        low = cell.lower()
        if low in TRUE:
            return True
        if low in FALSE:
            return False
        raise ValueError(f"not yes or no: {cell!r}")
    # date in one column
    text = cell.replace("/", "-").replace(".", "-")
    if not re.fullmatch(r"\d{1,4}-\d{1,2}-\d{1,2}", text):
        raise ValueError(f"not a date YYYY-MM-DD: {cell!r}")
    y, m, d = (int(x) for x in text.split("-"))
    return f"{y:04d}-{m:02d}-{d:02d}"


def _put(doc: dict[str, Any], pointer: tuple[str, ...], value: Any) -> None:
    node: Any = doc
    for here, nxt in zip(pointer, pointer[1:]):
        container: Any = [] if nxt.isdigit() else {}
        if isinstance(node, list):
            i = int(here)
            while len(node) <= i:
                node.append(None)
            if node[i] is None:
                node[i] = container
            node = node[i]
        else:
            node = node.setdefault(here, container)
    last = pointer[-1]
    if isinstance(node, list):
        i = int(last)
        while len(node) <= i:
            node.append(None)
        node[i] = value
    else:
        node[last] = value


def _compact(node: Any) -> Any:
    """Lists lose the places no column filled (a register row with a second item but no first)."""
    if isinstance(node, dict):
        return {k: _compact(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_compact(v) for v in node if v is not None]
    return node


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
