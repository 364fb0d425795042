"""The body of ``wreckmaster assess``, shared by the Typer command and the light entry.

Both :func:`wreckmaster.cli.typer_app.assess` (the Typer command) and
:func:`wreckmaster.cli.entry.fast_assess` (the plain ``assess FILE`` case, without Typer)
call :func:`assess`, so that the two give the same bytes on stdout, the same ``error:``
lines and the same exit status. Nothing heavy is imported at module level.
"""
from __future__ import annotations

from datetime import date
from typing import Optional

FORMATS = ("table", "json")


def assess(file: str, as_of: Optional[str], format: str, explain: bool) -> None:
    """Assess the scenario ``file`` and print it as ``format`` (``table`` or ``json``).

    Bad input goes through :func:`wreckmaster.cli.main.fail` (``error:`` lines, exit 2).
    """
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import InvalidScenario

    from .io import fail, load_or_fail, parse_date, print_json

    when = parse_date(as_of, "--as-of")
    scenario = load_or_fail(file)
    when = when or scenario.as_of or date.today()
    try:
        result = registry.get(scenario.regime).assess(scenario, when)
    except InvalidScenario as exc:  # SCENARIO.md "Time": the case occurred after as_of (law/asof.py)
        fail(exc.problems)
    if format == "json":
        print_json(result.to_json())
        return
    from .render import print_assessment

    print_assessment(result, scenario, explain=explain)
