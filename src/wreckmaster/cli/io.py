"""The CLI's input and output (a leaf: imported by the commands, importing no command and not the
Typer application): reading a scenario file (or standard input), JSON on stdout, bad input as
``error: <pointer>: <what is wrong>`` on stderr with exit status 2.
"""
from __future__ import annotations

import sys
from datetime import date
from typing import Optional


def clean(text: str) -> str:
    """One line of valid UTF-8: control characters and lone surrogates escaped."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if code < 0x20 or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch, f"\\u{code:04x}"))
        else:
            out.append(ch)
    return "".join(out)


def fail(problems: list[tuple[str, str]] | list[str]) -> None:
    """Print bad-input problems on stderr and exit with status 2."""
    for p in problems:
        line = f"{p[0]}: {p[1]}" if isinstance(p, tuple) else p
        print(f"error: {clean(line)}", file=sys.stderr)
    import typer

    raise typer.Exit(2)


def print_json(data: object) -> None:
    """JSON on stdout, as the interchange formats write it (UTF-8, original scripts kept,
    indented by two spaces).

    orjson writes it in C (``json.dump`` with ``indent`` never uses the C encoder: two seconds of
    a 10,000-item assessment went there). What orjson refuses (a key that is not text, an
    integer beyond 64 bits) is written by ``json`` as before; both give the same text.
    """
    import json

    try:
        import orjson

        data_bytes = orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
    except (ImportError, TypeError):
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a text-only stream (a test's capture)
        sys.stdout.write(data_bytes.decode("utf-8"))
    else:
        buffer.write(data_bytes)
        buffer.flush()


def check_choice(value: str, allowed: tuple[str, ...], name: str = "--format") -> None:
    if value not in allowed:
        fail([(name, f"expected {' or '.join(allowed)}, got {value!r}")])


def load_or_fail(file: str, *, regime: Optional[str] = None, document: str = ""):
    """Read and validate a scenario file, or print every problem and exit 2.

    With ``regime``, a scenario under another regime is bad input for this ``document``.
    """
    from wreckmaster.files import FileProblem, load_scenario
    from wreckmaster.law.scenario import InvalidScenario

    try:
        scenario = load_scenario(file)
    except FileProblem as exc:
        fail(exc.problems)
    except InvalidScenario as exc:
        fail(exc.problems)
    if regime is not None and scenario.regime != regime:
        fail([("/regime", f"{document} is a document of {regime}; this scenario is under {scenario.regime}")])
    return scenario


def parse_date(value: Optional[str], name: str) -> Optional[date]:
    """A date option (``--as-of``), read and bounded as the scenario's dates are."""
    if value is None:
        return None
    from wreckmaster.law.values import iso_date

    try:
        return iso_date(value)
    except ValueError as exc:
        fail([(name, str(exc))])
    return None  # pragma: no cover
