"""The ``wreckmaster`` command (an adapter: Typer for the commands, Rich only for tables).

Exit status: 0 success; 2 bad input (``error: <pointer>: <what is wrong>`` on stderr,
nothing on stdout). Click's own usage errors (an unknown option, a missing argument, a bad
value for an option, an unknown command) answer in the same form, naming the option and the
``--help`` to read (:class:`_Group`).

This module is light (no Typer at import): the Typer application is built in :mod:`.typer_app`
and reached here as ``app``; the plain ``assess FILE`` form runs without it (:mod:`.entry`).
"""
from __future__ import annotations

import sys
from datetime import date
from typing import Optional

EXAMPLE = """

Example:

    wreckmaster assess examples/jp-1875-wreck-of-the-kotobuki-maru.yaml
    wreckmaster assess case.json --as-of 1876-01-01 --format json
    wreckmaster assess case.yaml --explain
"""

def _clean(text: str) -> str:
    """One line of valid UTF-8: control characters and lone surrogates escaped."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if code < 0x20 or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch, f"\\u{code:04x}"))
        else:
            out.append(ch)
    return "".join(out)


def _usage_problem(exc: click.UsageError) -> tuple[str, str]:
    """Click's usage error as (where, what to do)."""
    from typer._click import exceptions as click  # typer 0.29 vendors Click as typer._click

    ctx = exc.ctx
    command = ctx.command_path if ctx is not None else "wreckmaster"
    message = exc.format_message().strip().rstrip(".")
    message = message.replace("Value error, ", "")
    where = command
    if isinstance(exc, click.NoSuchOption):
        where = exc.option_name
        message = "no such option" + (f" (did you mean {', '.join(sorted(exc.possibilities))}?)"
                                      if exc.possibilities else "")
    elif isinstance(exc, click.BadOptionUsage):
        where = exc.option_name
        if message.endswith("requires an argument"):
            message = "requires a value"
    elif isinstance(exc, click.BadParameter) and exc.param is not None:
        param = exc.param
        is_option = getattr(param, "param_type_name", "") == "option"
        where = param.opts[0] if is_option and param.opts else (param.name or command).upper()
        if isinstance(exc, click.MissingParameter):
            message = f"missing {'option' if is_option else 'argument'}"
        elif message.startswith("Invalid value for"):
            message = message.split(": ", 1)[-1]
    elif message.startswith("No such command"):
        name = message.split("'")[1] if "'" in message else ""
        where = name or command
        message = f"no such command of {command}"
    elif message.startswith("Got unexpected extra argument"):
        message = message[0].lower() + message[1:]
    else:
        message = message[:1].lower() + message[1:]
    return where, f"{message}; see {command} --help"


def fail(problems: list[tuple[str, str]] | list[str]) -> None:
    """Print bad-input problems on stderr and exit with status 2."""
    for p in problems:
        line = f"{p[0]}: {p[1]}" if isinstance(p, tuple) else p
        print(f"error: {_clean(line)}", file=sys.stderr)
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


#: names of the Typer application, built in :mod:`.typer_app` on first use (start-up stays light)
_TYPER_NAMES = ("app", "Format", "main", "assess", "_Group", "_version", "_register_commands")


def __getattr__(name: str):
    if name in _TYPER_NAMES:
        from . import typer_app

        return getattr(typer_app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run() -> None:
    """The console script: the plain ``assess FILE`` form without Typer (:mod:`.entry`), the rest
    through the Typer application."""
    from .entry import fast_assess

    code = fast_assess(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from .typer_app import app

    app()


if __name__ == "__main__":  # pragma: no cover
    run()
