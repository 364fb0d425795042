"""The board's pick map draws the coastline once per set of offices, not once per position a
client sends (issue 25, security review: ``?lat=&lon=`` of the public board are anyone's, and each
distinct pair used to render the whole coast again and churn the cache). The marker is placed
per request where the map's frame projects it — the very SVG ``pick_svg`` draws with it."""
from __future__ import annotations

import re

import pytest

from wreckmaster.geo import svgmap
from wreckmaster.web import pickmap

OFFICES = [{"office": "misaki", "name": "三崎町役場", "position": {"lat": "35.1347", "lon": "139.6153"}},
           {"office": "jogashima", "name": "城ヶ島", "position": {"lat": "35.1335", "lon": "139.6195"}}]


@pytest.fixture
def counted(monkeypatch):
    """``pick_svg`` counted; the cache emptied before and after."""
    calls = _Calls()
    real = svgmap.pick_svg

    def pick_svg(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(svgmap, "pick_svg", pick_svg)
    pickmap._map.cache_clear()
    calls.real = real
    yield calls
    pickmap._map.cache_clear()


class _Calls(list):
    real = None


def _marker(svg: str) -> tuple[float, float, str]:
    m = re.search(r'<g class="pick-marker" transform="translate\(([-\d.]+),([-\d.]+)\)" visibility="(\w+)">', svg)
    assert m, svg[:300]
    return float(m.group(1)), float(m.group(2)), m.group(3)


def test_fifty_positions_render_the_coastline_once(counted):
    maps = [pickmap.for_report(OFFICES, "misaki", f"{35.12 + i / 2000:.4f}", f"{139.60 + i / 1000:.4f}", "b")
            for i in range(50)]
    assert len(counted) == 1, counted                     # one map for the offices, not one per position
    assert all(m is not None for m in maps)
    assert counted[0][2] is None                          # drawn without the client's marker
    assert len({m["svg"] for m in maps}) == 50            # each page has its own marker


def test_the_marker_lands_where_the_frame_projects_it(counted):
    lat, lon = 35.1301, 139.6222
    got = pickmap.for_report(OFFICES, "misaki", str(lat), str(lon), "b")["svg"]
    d = dict(re.findall(r'data-(west|east|south|north|width|height)="([^"]+)"', got))
    fr = svgmap.Frame(float(d["west"]), float(d["south"]), float(d["east"]), float(d["north"]), int(d["width"]),
                      int(d["height"]), 0.0)
    x, y, shown = _marker(got)
    assert (x, y) == fr.px(lon, lat) and shown == "visible"
    # byte for byte what pick_svg draws with the marker itself
    points = [(35.1347, 139.6153, "三崎町役場"), (35.1335, 139.6195, "城ヶ島")]
    assert got == counted.real(points, None, (lat, lon), "map")
    hidden = pickmap.for_report(OFFICES, "misaki")["svg"]
    assert _marker(hidden)[2] == "hidden" and hidden == counted.real(points, None, None, "map")
    assert len(counted) == 1


def test_a_position_that_is_no_number_places_no_marker(counted):
    for lat, lon in (("nan", "139.6"), ("35.1", "inf"), ("x", "1")):
        assert _marker(pickmap.for_report(OFFICES, "misaki", lat, lon, "b")["svg"])[2] == "hidden"
