"""`wreckmaster check-baggage`: at the ferry's counter, is this piece accepted as baggage (jp-village-ferry art 13)?"""
from __future__ import annotations

from typing import Optional, Tuple

import typer

HELP = """Answer at the counter whether a piece is accepted as baggage (手荷物) on the village
ferry, and why not (jp-village-ferry art 13): the three sides must add up to 2 m or less AND
it must weigh 30 kg or less, both limits included (以下). The limits are read from the
regime's parameters.yaml; the arithmetic is exact decimal (0.7 + 0.7 + 0.6 is exactly 2).

Exit status: 0 accepted as baggage; 1 refused (the reasons are printed); 2 bad input
(error: <option>: <what is wrong>).

Example:

    wreckmaster check-baggage --sides 0.8 0.6 0.5 --weight 22
    wreckmaster check-baggage --sides 1.0 0.6 0.5 --weight 31 --format json
"""


def register(app: typer.Typer) -> None:
    @app.command("check-baggage", help=HELP)
    def check_baggage(
        sides: Optional[Tuple[str, str, str]] = typer.Option(
            None, "--sides", help="The three sides of the piece, in metres (e.g. --sides 0.8 0.6 0.5)."),
        weight: Optional[str] = typer.Option(None, "--weight", help="Its weight in kilograms (e.g. --weight 22)."),
        listed: bool = typer.Option(False, "--listed-article",
                                    help="The piece is one of the articles art 13's proviso lists (e.g. a "
                                         "dangerous article; the list itself is not in the seed)."),
        specially_allowed: bool = typer.Option(False, "--specially-allowed",
                                               help="The village specially allows a listed article (特に認めた場合)."),
        format: str = typer.Option("text", "--format", help="text (for people) or json."),
        on: Optional[str] = typer.Option(None, "--on", help="The day of carriage (YYYY-MM-DD) whose limits apply; "
                                                           "default today."),
    ) -> None:
        from datetime import date

        from wreckmaster.cli.io import fail, parse_date
        from wreckmaster.law import values

        problems: list[tuple[str, str]] = []
        if format not in ("text", "json"):
            problems.append(("--format", f"expected text or json, got {format!r}"))
        parsed_sides = []
        if sides is None:
            problems.append(("--sides", "required: the three sides in metres"))
        else:
            for n, s in enumerate(sides, 1):
                try:
                    v = values.number(s)
                except ValueError as exc:
                    problems.append((f"--sides[{n}]", str(exc)))
                    continue
                if v == 0:
                    problems.append((f"--sides[{n}]", "a side must be longer than 0 m"))
                parsed_sides.append(v)
        parsed_weight = None
        if weight is None:
            problems.append(("--weight", "required: the weight in kilograms"))
        else:
            try:
                parsed_weight = values.number(weight)
            except ValueError as exc:
                problems.append(("--weight", str(exc)))
        if problems:
            fail(problems)
        when = parse_date(on, "--on") or date.today()

        from wreckmaster.law.regime import get
        from wreckmaster.regimes.jp_village_ferry.baggage import check

        params = get("jp-village-ferry").parameters
        result = check(parsed_sides, parsed_weight, params.param("baggage.max_sides_sum_m", when),
                       params.param("baggage.max_weight_kg", when), listed=listed,
                       specially_allowed=specially_allowed)
        _print(result, parsed_sides, parsed_weight, format)
        raise typer.Exit(0 if result.accepted else 1)


def _print(result, sides, weight, format: str) -> None:
    from wreckmaster.law.values import exact_text

    if format == "json":
        from wreckmaster.cli.io import print_json

        print_json({
            "accepted": result.accepted,
            "sides_m": [str(s) for s in sides],
            "sides_sum_m": exact_text(result.sides_sum_m),
            "max_sides_sum_m": result.max_sides_sum_m.text,
            "weight_kg": str(weight),
            "max_weight_kg": result.max_weight_kg.text,
            "reasons": [{"code": r.code, "message": r.message, "message_ja": r.message_ja} for r in result.reasons],
            "cites": list(result.cites),
        })
        return
    total = " + ".join(str(s) for s in sides) + f" = {exact_text(result.sides_sum_m)} m"
    if result.accepted:
        print(f"accepted as baggage (手荷物として受託): sides {total} ≤ {result.max_sides_sum_m.text} m, "
              f"weight {weight} kg ≤ {result.max_weight_kg.text} kg — {', '.join(result.cites)}")
        return
    print(f"refused as baggage (手荷物として受託しない) — {', '.join(result.cites)}:")
    for r in result.reasons:
        print(f"  - {r.message} ({r.message_ja})")
    print(f"  (sides {total}; weight {weight} kg)")
