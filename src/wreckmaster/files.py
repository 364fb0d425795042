"""Reading scenario files (an adapter around the engine): JSON or YAML, exact numbers.

Whatever the bytes, reading ends in a document or a :class:`FileProblem` (one line,
``error: <file name or JSON pointer>: <what is wrong>``), never another exception:

- text is UTF-8 (a byte-order mark allowed) or UTF-16 with its byte-order mark; other bytes
  are refused, naming the encodings tried;
- ``-`` reads standard input;
- a document nested deeper than :data:`MAX_DEPTH` is refused (no recursion on hostile input);
- text that is not valid Unicode (a lone surrogate, from a JSON ``\\udc80`` escape) is refused
  with its pointer, so nothing invalid is ever echoed;
- a YAML error is one line, with a hint for the two common slips: a tab in the indentation, and
  an unquoted ``(…, …)`` inside a flow mapping ``{…}`` (which YAML splits at the comma);
- a key repeated in one mapping (``regime`` twice) is refused with its pointer, one line per
  repeated key (``error: /regime: duplicate key 'regime' (line 4): …``), instead of the last
  value silently winning (issue 21).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

MAX_DEPTH = 64
STDIN = "-"
_SURROGATE = re.compile("[\ud800-\udfff]")


class FileProblem(Exception):
    """A problem with the file as a whole: ``error: <file name>: <what is wrong>``
    (or, for one place in it, ``error: <JSON pointer>: <what is wrong>``)."""

    def __init__(self, name: str, message: str, more: list[tuple[str, str]] | None = None):
        super().__init__(f"{name}: {message}")
        self.name, self.message = name, message
        self.problems: list[tuple[str, str]] = [(name, message), *(more or [])]
        """every problem, one ``error:`` line each (several keys repeated: one line a key)"""

    @classmethod
    def of(cls, problems: list[tuple[str, str]]) -> "FileProblem":
        return cls(*problems[0], more=problems[1:])

    def in_file(self, name: str) -> list[tuple[str, str]]:
        """The problems of a second file (a mapping, a rates table): a pointer names the file too."""
        return [(f"{name}: {p}" if p.startswith("/") else p, m) for p, m in self.problems]


def display_name(path: str) -> str:
    return "stdin" if path == STDIN else path


def _read_bytes(path: str) -> bytes:
    if path == STDIN:
        return sys.stdin.buffer.read()
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise FileProblem(path, "no such file") from None
    except IsADirectoryError:
        raise FileProblem(path, "is a directory, not a file") from None
    except OSError as exc:
        raise FileProblem(path, exc.strerror or str(exc)) from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise FileProblem(repr(path)[1:-1], f"not a usable file name ({exc})") from None


def decode(data: bytes, name: str) -> str:
    """The text of a file: UTF-8 (with or without a byte-order mark), or UTF-16 with one."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise FileProblem(name, f"not readable text: it starts with a UTF-16 byte-order mark but is not "
                                    f"UTF-16 ({exc.reason} at byte {exc.start}); save it as UTF-8") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem(name, f"not readable text: tried UTF-8 (byte 0x{data[exc.start]:02x} at offset "
                                f"{exc.start} is not UTF-8) and UTF-16 (no byte-order mark); save the file as "
                                f"UTF-8 (e.g. iconv -f SHIFT_JIS -t UTF-8)") from None


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _yaml_problem(name: str, text: str, exc: Exception) -> FileProblem:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
    hint = ""
    if mark is not None:
        line = text.splitlines()[mark.line] if mark.line < len(text.splitlines()) else ""
        if "\t" in problem or "tab" in problem or line[mark.column:mark.column + 1] == "\t" \
                or "\t" in line[:mark.column + 1]:
            hint = " (YAML indents with spaces, never tabs: replace the tab by spaces)"
        elif "(" in line and ")" in line and "{" in text:
            hint = " (inside { } a comma ends the value: put text such as (a, b) in quotes)"
    return FileProblem(name, f"not valid JSON or YAML: {_one_line(problem)}{where}{hint}")


def _split_parenthesis(mapping: dict, ptr: str) -> tuple[str, str] | None:
    """The pointer of a value YAML split at a comma: ``{b: (x, y)}`` reads as ``b: "(x"`` and a
    key ``"y)"`` with no value."""
    for key, value in mapping.items():
        if isinstance(value, str) and value.startswith("(") and ")" not in value:
            rest = [k for k, v in mapping.items() if isinstance(k, str) and k.endswith(")") and v is None]
            if rest:
                return f"{ptr}/{_escape(key)}", f"{key}: \"{value}, {rest[0]}\""
    return None


def _escape(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _pointer(link: tuple | None) -> str:
    """The JSON pointer of a place that :func:`check_document` reached by ``link`` (a chain of
    (parent link, key) pairs): built only when a problem is reported there."""
    keys = []
    while link is not None:
        link, key = link
        keys.append(_escape(key))
    return "".join("/" + k for k in reversed(keys))


def check_document(doc: Any, name: str) -> None:
    """Depth, valid Unicode and split parentheses, without recursion (hostile input).

    One pass over the document, linear in its size: a place's pointer is built only for the
    problem reported (a 10,000-item case spent most of this check formatting pointers)."""
    search = _SURROGATE.search
    if isinstance(doc, str) and search(doc):
        raise FileProblem("/", "not valid Unicode text (a lone surrogate such as \\udc80)")
    if not isinstance(doc, (dict, list)):
        return
    stack: list[tuple[Any, int, tuple | None]] = [(doc, 0, None)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth, link = pop()
        if isinstance(node, dict):
            pairs = node.items()
            split = _split_parenthesis(node, "")
            if split is not None:
                raise FileProblem(_pointer(link) + split[0], "an unquoted (…, …) inside { } was split at its "
                                                             f"comma: put the whole text in quotes: {split[1]}")
        else:
            pairs = enumerate(node)
        for key, value in pairs:
            if isinstance(key, str) and search(key):
                raise FileProblem(_pointer(link) or "/",
                                  "a key is not valid Unicode text (a lone surrogate such as \\udc80)")
            if depth >= MAX_DEPTH:
                raise FileProblem(name, f"nested more than {MAX_DEPTH} levels deep (at {_pointer((link, key))[:80]}…)")
            if isinstance(value, str):
                if search(value):
                    raise FileProblem(_pointer((link, key)),
                                      "not valid Unicode text (a lone surrogate such as \\udc80)")
            elif isinstance(value, (dict, list)):
                push((value, depth + 1, (link, key)))


def parse_text(text: str, name: str, suffix: str = "") -> Any:
    """Parse JSON or YAML text (JSON when the name ends in .json or the text starts with { or [)."""
    from .law.yamlio import DuplicateKeys, load_json, load_yaml

    if suffix == ".json" or text.lstrip().startswith(("{", "[")):
        import json

        try:
            return load_json(text)
        except DuplicateKeys as exc:
            raise FileProblem.of(exc.problems) from None
        except RecursionError:
            raise FileProblem(name, f"nested more than {MAX_DEPTH} levels deep") from None
        except json.JSONDecodeError as exc:
            if suffix == ".json":
                raise FileProblem(name, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        except ValueError as exc:
            raise FileProblem(name, f"not valid JSON: {_one_line(str(exc))}") from None
    import yaml

    try:
        return load_yaml(text)
    except DuplicateKeys as exc:
        raise FileProblem.of(exc.problems) from None
    except RecursionError:
        raise FileProblem(name, f"nested more than {MAX_DEPTH} levels deep") from None
    except yaml.YAMLError as exc:
        raise _yaml_problem(name, text, exc) from None
    except (ValueError, TypeError) as exc:  # a constructor refusing a value
        raise FileProblem(name, f"not valid YAML: {_one_line(str(exc))}") from None


def read_document(path: str) -> Any:
    """Parse a JSON or YAML file (``-``: standard input); numbers become exact decimals, dates
    stay text. Raises :class:`FileProblem` only."""
    name = display_name(path)
    text = decode(_read_bytes(path), name)
    suffix = "" if path == STDIN else Path(path).suffix.lower()
    doc = parse_text(text, name, suffix)
    check_document(doc, name)
    return doc


def load_scenario(path: str):
    """Read and validate a scenario file; raises FileProblem or InvalidScenario."""
    from .law.regime import available

    name = display_name(path)
    doc = read_document(path)
    if doc is None:
        raise FileProblem(name, "empty file")
    if not isinstance(doc, dict):
        raise FileProblem(name, "not a scenario: expected a mapping (a JSON object) at the top")
    if doc.get("format") == "wreckmaster.average/1" or ("adjustment" in doc and "regime" not in doc):
        raise FileProblem(name, "this is a general-average file (wreckmaster.average/1), not a scenario: "
                                f"run wreckmaster average {path}")
    from .pipeline import validated  # issue 25: the one pipeline (computed coast facts, then validation)

    return validated(doc, set(available()))
