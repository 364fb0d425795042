"""The ``wreckmaster`` command (an adapter: Typer for the commands, Rich only for tables).

Exit status: 0 success; 2 bad input (``error: <pointer>: <what is wrong>`` on stderr,
nothing on stdout).
"""
from __future__ import annotations

import sys
from datetime import date
from enum import Enum
from typing import Optional

import typer

from wreckmaster import __version__

EXAMPLE = """
Example:

    wreckmaster assess examples/jp-1875-wreck-of-the-kotobuki-maru.yaml
    wreckmaster assess case.json --as-of 1876-01-01 --format json
    wreckmaster assess case.yaml --explain
"""

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="wreckmaster: the law of rescue at sea, wrecks and salvage, case by case, with the articles "
         "behind every figure." + EXAMPLE,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


class Format(str, Enum):
    table = "table"
    json = "json"


def fail(problems: list[tuple[str, str]] | list[str]) -> None:
    """Print bad-input problems on stderr and exit with status 2."""
    for p in problems:
        line = f"{p[0]}: {p[1]}" if isinstance(p, tuple) else p
        print(f"error: {line}", file=sys.stderr)
    raise typer.Exit(2)


def print_json(data: object) -> None:
    """JSON on stdout, as the interchange formats write it (UTF-8, original scripts kept)."""
    import json

    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


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
        fail([(exc.name, exc.message)])
    except InvalidScenario as exc:
        fail(exc.problems)
    if regime is not None and scenario.regime != regime:
        fail([("/regime", f"{document} is a document of {regime}; this scenario is under {scenario.regime}")])
    return scenario


def parse_date(value: Optional[str], name: str) -> Optional[date]:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        fail([(name, f"expected a date YYYY-MM-DD, got {value!r}")])
    return None  # pragma: no cover


def _version(value: bool) -> None:
    if value:
        print(f"wreckmaster {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Show the version and exit.")) -> None:
    """wreckmaster: the law of rescue at sea, wrecks and salvage."""


@app.command(help="Assess a scenario file (JSON or YAML) under its regime's law." + EXAMPLE)
def assess(
    file: str = typer.Argument(..., help="The scenario file (wreckmaster.scenario/1), JSON or YAML."),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="Judge deadlines at this date (YYYY-MM-DD); "
                                        "default the scenario's as_of, else today."),
    format: Format = typer.Option(Format.table, "--format", help="table (for people) or json (SCENARIO.md)."),
    explain: bool = typer.Option(False, "--explain", help="Show each figure's steps, articles and readings."),
) -> None:
    from wreckmaster.law import regime as registry

    when = parse_date(as_of, "--as-of")
    scenario = load_or_fail(file)
    when = when or scenario.as_of or date.today()
    result = registry.get(scenario.regime).assess(scenario, when)
    if format is Format.json:
        print_json(result.to_json())
        return
    from .render import print_assessment

    print_assessment(result, scenario, explain=explain)


def _register_commands() -> None:
    """Each module of ``wreckmaster.cli.commands`` adds its commands with ``register(app)``.

    Modules import what they need inside their command functions, so that start-up stays light.
    """
    import importlib
    import pkgutil

    from . import commands

    for mod in sorted(m.name for m in pkgutil.iter_modules(commands.__path__)):
        importlib.import_module(f"{commands.__name__}.{mod}").register(app)


_register_commands()


def run() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    run()
