"""Reading scenario files (an adapter around the engine): JSON or YAML, exact numbers."""
from __future__ import annotations

from pathlib import Path
from typing import Any


class FileProblem(Exception):
    """A problem with the file as a whole: ``error: <file name>: <what is wrong>``."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name}: {message}")
        self.name, self.message = name, message


def read_document(path: str) -> Any:
    """Parse a JSON or YAML file; numbers become exact decimals, dates stay text."""
    from .law.yamlio import load_json, load_yaml

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem(path, "no such file") from None
    except IsADirectoryError:
        raise FileProblem(path, "is a directory, not a file") from None
    except UnicodeDecodeError:
        raise FileProblem(path, "not UTF-8 text") from None
    except OSError as exc:
        raise FileProblem(path, exc.strerror or str(exc)) from None
    if p.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
        import json

        try:
            return load_json(text)
        except json.JSONDecodeError as exc:
            if p.suffix.lower() == ".json":
                raise FileProblem(path, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    import yaml

    try:
        return load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        raise FileProblem(path, f"not valid JSON or YAML: {getattr(exc, 'problem', None) or exc}{where}") from None


def load_scenario(path: str):
    """Read and validate a scenario file; raises FileProblem or InvalidScenario."""
    from .law.regime import available
    from .law.scenario import validate

    doc = read_document(path)
    if doc is None:
        raise FileProblem(path, "empty file")
    if not isinstance(doc, dict):
        raise FileProblem(path, "not a scenario: expected a mapping (a JSON object) at the top")
    return validate(doc, set(available()))
