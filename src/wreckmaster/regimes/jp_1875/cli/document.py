"""One jp-1875 document printed from a scenario file: the shape `sea-protest` and `settlement` share.

Each is ``wreckmaster NAME FILE [--format text|json] [--as-of DATE]``: the scenario must be under
jp-1875, the document is built by a pure function of the regime (``module:function`` taking the
scenario and the date), and printed as JSON or as the command's own printable lines.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Optional

import typer


def register_document(app: typer.Typer, *, name: str, help: str, document: str, build: str,
                      render: Callable[[dict[str, Any]], list[str]], text_help: str, as_of_help: str) -> None:
    """Add the command ``name``; ``document`` names it in the not-under-jp-1875 error."""

    @app.command(name, help=help)
    def command(
        file: str = typer.Argument(..., help="The scenario file (wreckmaster.scenario/1, regime jp-1875)."),
        format: str = typer.Option("text", "--format", help=f"text ({text_help}) or json."),
        as_of: Optional[str] = typer.Option(None, "--as-of", help=as_of_help),
    ) -> None:
        from datetime import date
        from importlib import import_module

        from wreckmaster.cli.io import check_choice, load_or_fail, parse_date, print_json

        check_choice(format, ("text", "json"))
        when = parse_date(as_of, "--as-of")
        scenario = load_or_fail(file, regime="jp-1875", document=document)
        module, function = build.split(":")
        data = getattr(import_module(module), function)(scenario, when or scenario.as_of or date.today())
        if format == "json":
            print_json(data)
            return
        sys.stdout.write("\n".join(render(data)) + "\n")
