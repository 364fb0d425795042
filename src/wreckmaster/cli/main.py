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

EXAMPLE = """

Example:

    wreckmaster assess examples/jp-1875-wreck-of-the-kotobuki-maru.yaml
    wreckmaster assess case.json --as-of 1876-01-01 --format json
    wreckmaster assess case.yaml --explain
"""

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
