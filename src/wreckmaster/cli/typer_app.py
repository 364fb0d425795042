"""The Typer application of ``wreckmaster`` (built on first use: :mod:`.main` stays light).

``from wreckmaster.cli.main import app`` still works (``main.__getattr__``). The ``assess``
command's body is :func:`.assess_core.assess`, shared with the light entry (:mod:`.entry`).
"""
from __future__ import annotations

import sys
from enum import Enum
from typing import Optional

import typer
from typer._click import exceptions as click  # typer 0.29 vendors Click as typer._click
from typer.core import TyperGroup
from typer.exceptions import Abort

from wreckmaster import __version__

from .io import clean as _clean
from .main import EXAMPLE, _usage_problem


class _Group(TyperGroup):
    """The top-level group: Click's usage errors in the project's ``error:`` form (exit 2)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = result if isinstance(result, int) and not isinstance(result, bool) else 0
        except click.NoArgsIsHelpError as exc:
            print(exc.ctx.get_help() if exc.ctx is not None else "", file=sys.stderr)
            code = 2
        except click.UsageError as exc:
            where, what = _usage_problem(exc)
            print(f"error: {_clean(where)}: {_clean(what)}", file=sys.stderr)
            code = 2
        except click.ClickException as exc:  # a FileError or the like
            print(f"error: {_clean(getattr(exc, 'filename', None) or 'wreckmaster')}: {_clean(exc.format_message())}",
                  file=sys.stderr)
            code = 2
        except Abort:
            print("error: wreckmaster: aborted", file=sys.stderr)
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    cls=_Group,
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
    file: str = typer.Argument(..., metavar="FILE",
                               help="The scenario file (wreckmaster.scenario/1), JSON or YAML; - reads standard input."),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="Judge deadlines at this date (YYYY-MM-DD); "
                                        "default the scenario's as_of, else today."),
    format: Format = typer.Option(Format.table, "--format", help="table (for people) or json (SCENARIO.md)."),
    explain: bool = typer.Option(False, "--explain", help="Show each figure's steps, articles and readings."),
) -> None:
    from . import assess_core

    assess_core.assess(file, as_of, format.value, explain)


def _register_commands() -> None:
    """Each module of ``wreckmaster.cli.commands``, and each module a registered regime declares in its
    ``commands``, adds its commands with ``register(app)``, in the order of the modules' names.

    Modules import what they need inside their command functions, so that start-up stays light.
    """
    import importlib
    import pkgutil

    from wreckmaster.law import regime as registry

    from . import commands

    modules = [f"{commands.__name__}.{m.name}" for m in pkgutil.iter_modules(commands.__path__)]
    modules += [m for r in registry.all_regimes() for m in r.commands]
    for mod in sorted(modules, key=lambda m: m.rpartition(".")[2]):
        importlib.import_module(mod).register(app)


_register_commands()
