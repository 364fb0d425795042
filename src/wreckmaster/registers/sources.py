"""Where the records of a batch come from, read lazily so a register is never held whole.

- a folder: every ``*.json``, ``*.yaml``, ``*.yml`` file in it (sorted by name), one scenario each;
- a JSON-lines file (``*.jsonl``, ``*.ndjson``): one scenario per line (blank lines skipped);
- a CSV register (``*.csv``, UTF-8, with a header row) with a mapping file (``--map``);
- a single scenario file (JSON or YAML).

Each record is ``(source, line, kind, payload)``: the payload is a file's path, a JSON line's
text or a CSV row, read and parsed by the worker that assesses it, so that runs in parallel too.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

SCENARIO_SUFFIXES = (".json", ".yaml", ".yml")
JSONL_SUFFIXES = (".jsonl", ".ndjson")


class SourceProblem(Exception):
    """The batch cannot read this input at all: ``error: <input>: <what>``."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name}: {message}")
        self.name, self.message = name, message


@dataclass(frozen=True)
class Record:
    source: str
    line: int            # the line of the record in its source (1 for a file of one scenario; CSV: the row's line)
    kind: str            # "file" (a scenario file's path), "json" (one JSON line), "row" (a CSV row)
    payload: object


def check_inputs(inputs: list[str], has_map: bool) -> None:
    """Every input must exist and be of a kind the batch reads, before anything runs."""
    for name in inputs:
        p = Path(name)
        if not p.exists():
            raise SourceProblem(name, "no such file or folder")
        if p.is_dir():
            continue
        suffix = p.suffix.lower()
        if suffix == ".csv" and not has_map:
            raise SourceProblem(name, "a CSV register needs a mapping file: --map MAP.yaml "
                                      "(docs/batch.md says how to write one)")
        if suffix not in (".csv", *JSONL_SUFFIXES, *SCENARIO_SUFFIXES):
            raise SourceProblem(name, "expected a folder of scenario files, a .jsonl file, a .csv register "
                                      "or a .json/.yaml scenario")


def records(inputs: list[str]) -> Iterator[Record]:
    for name in inputs:
        p = Path(name)
        if p.is_dir():
            for f in sorted(x for x in p.iterdir() if x.suffix.lower() in SCENARIO_SUFFIXES and x.is_file()):
                yield _file_record(f)
            continue
        suffix = p.suffix.lower()
        if suffix in JSONL_SUFFIXES:
            yield from _jsonl(p)
        elif suffix == ".csv":
            yield from _csv(p)
        else:
            yield _file_record(p)


def csv_header(path: str) -> list[str]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        try:
            return next(csv.reader(fh))
        except StopIteration:
            raise SourceProblem(path, "empty register: no header row") from None
        except UnicodeDecodeError:
            raise SourceProblem(path, "not UTF-8 text (save the register as UTF-8 CSV)") from None


def _file_record(f: Path) -> Record:
    return Record(str(f), 1, "file", str(f))


def _jsonl(p: Path) -> Iterator[Record]:
    with open(p, encoding="utf-8", errors="surrogateescape") as fh:
        for n, line in enumerate(fh, start=1):
            if line.strip():
                yield Record(str(p), n, "json", line)


def _csv(p: Path) -> Iterator[Record]:
    with open(p, encoding="utf-8-sig", newline="") as fh:
        reader = csv.DictReader(fh)
        try:
            for row in reader:
                if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
                    continue
                yield Record(str(p), reader.line_num, "row", dict(row))
        except UnicodeDecodeError:
            raise SourceProblem(str(p), f"not UTF-8 text after line {reader.line_num}") from None
        except csv.Error as exc:
            raise SourceProblem(str(p), f"line {reader.line_num}: {exc}") from None
