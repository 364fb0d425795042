"""`wreckmaster coast distance|stations|map|build`: the coastline, the Qing stations, maps (issue 15)."""
from __future__ import annotations

from typing import Optional

import typer


def _coordinate(value: str, name: str, limit: int) -> float:
    from decimal import Decimal, InvalidOperation

    from wreckmaster.cli.io import fail

    try:
        x = Decimal(value)
    except InvalidOperation:
        fail([(name, f"expected a number of degrees, got {value!r}")])
    if not x.is_finite() or not -limit <= x <= limit:
        fail([(name, f"must be between -{limit} and {limit} degrees, got {value}")])
    return float(x)


def register(app: typer.Typer) -> None:
    coast = typer.Typer(help="The coast: distance from the coastline, Qing stations, maps (docs/coast.md).",
                        no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(coast, name="coast")

    @coast.command("distance", context_settings={"ignore_unknown_options": True}, help="Distance of a position (WGS 84 degrees) from the coast, with its uncertainty.\n\n"
                                    "Example: wreckmaster coast distance 48.46 -5.27 --format json")
    def distance_cmd(lat: str = typer.Argument(..., help="latitude, degrees north (negative: south)"),
                     lon: str = typer.Argument(..., help="longitude, degrees east (negative: west)"),
                     year: Optional[int] = typer.Option(None, "--year", help="the year of the casualty (coast change "
                                                        "since then is part of the uncertainty); default 1900"),
                     format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import check_choice, fail, print_json

        check_choice(format, ("table", "json"))
        la, lo = _coordinate(lat, "LAT", 90), _coordinate(lon, "LON", 180)
        from wreckmaster.geo.coastline import OutsideRegions
        from wreckmaster.geo.measure import distance

        try:
            d = distance(la, lo, year=year)
        except OutsideRegions as exc:
            fail([("LAT LON", str(exc))])
        if format == "json":
            print_json(d)
            return
        where = "on land" if d["on_land"] else f"{d['distance_m']} m from the coast"
        print(f"({la}, {lo}): {where} (± {d['uncertainty_m']} m); nearest coast point "
              f"{d['nearest']['lat']}, {d['nearest']['lon']}")
        for k, v in d["components"].items():
            print(f"  {k}: {v} m — {d['component_sources'][k]}")
        print(f"source: {d['source']}; {d['data_version']}")

    @coast.command("build", help="Build the regional coastline cache now (it is built on first use otherwise).")
    def build_cmd(force: bool = typer.Option(False, "--force", help="rebuild even if cached")) -> None:
        from wreckmaster.geo import coastline

        took = coastline.build(force=force)
        for provider, seconds in took.items():
            print(f"{provider}: {'cached' if not seconds else f'built in {seconds:.1f} s'}")
        print(f"cache: {coastline._region_dir()}")

    @coast.command("stations", help="The Qing station register laid along the real coast, every ten li.\n\n"
                                    "Example: wreckmaster coast stations qing-shandong --format json")
    def stations_cmd(regime: str = typer.Argument(..., help="qing-shandong or qing-taiwan"),
                     at: Optional[str] = typer.Option(None, "--at", help="LAT,LON of a casualty: name the "
                                                      "responsible station"),
                     format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import check_choice, fail, print_json

        check_choice(format, ("table", "json"))
        from wreckmaster.law import regime as registry

        check_choice(regime, tuple(r.id for r in registry.all_regimes() if r.map_layers.stations), "REGIME")
        from wreckmaster.geo import stations

        data = stations.registers(regime)
        out: dict = {"regime": regime, "registers": data}
        if at is not None:
            try:
                la, lo = (x.strip() for x in at.split(","))
            except ValueError:
                fail([("--at", f"expected LAT,LON, got {at!r}")])
            out["responsible"] = stations.responsible_station(regime, _coordinate(la, "--at", 90),
                                                              _coordinate(lo, "--at", 180))
        if format == "json":
            print_json(out)
            return
        for reg in data:
            print(f"{reg['id']}: {reg['name']} — from {reg['start']['name']} ({reg['start']['source']}), "
                  f"running {reg['direction']}; segment {reg['segment_m']} m ({reg['li_source']})")
            for st in reg["stations"]:
                print(f"  {st['segment']:>10}  {st['along_coast_m']:>8} m  {st['lat']:.5f}, {st['lon']:.5f}  "
                      f"{st['name']}{'  (' + st['place'] + ')' if st.get('place') else ''}")
        if at is not None:
            r = out["responsible"]
            if r is None:
                print("responsible: none (the position is outside the registers)")
            else:
                print(f"responsible: segment {r['segment']} ({r['station']}), {r['distance_m']} m along the coast; "
                      f"neighbours: " + ", ".join(f"{n['segment']} {n['distance_m']} m" for n in r["neighbours"])
                      + f"; signals reach: {', '.join(r['signals_reach'])}")

    @coast.command("map", help="Draw a scenario's map (coast, one-mile line, stations, casualty, finds) as SVG or "
                               "PNG.\n\nExample: wreckmaster coast map case.yaml -o map.svg")
    def map_cmd(file: str = typer.Argument(..., help="the scenario file"),
                output: str = typer.Option(..., "-o", "--output", help="map.svg or map.png")) -> None:
        from wreckmaster.cli.io import fail, load_or_fail

        if not output.lower().endswith((".svg", ".png")):
            fail([("-o", f"expected a file name ending in .svg or .png, got {output!r}")])
        load_or_fail(file)  # bad input is reported like assess does
        from wreckmaster.files import read_document
        from wreckmaster.geo import enrich, map_svg

        svg = map_svg(enrich(read_document(file)))
        if output.lower().endswith(".svg"):
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(svg)
            return
        from wreckmaster.geo.svgmap import svg_to_png

        try:
            svg_to_png(svg, output)
        except RuntimeError as exc:
            fail([("-o", str(exc))])
