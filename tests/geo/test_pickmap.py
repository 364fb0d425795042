"""The map's projection and its inverse (issues 25, 27): ``svgmap.Frame.px`` draws, ``lonlat``
inverts it (the pages' script computes the same from the ``data-`` attributes: the browser test
``tests/web/test_pick_map.py`` checks the script against this formula), and the map to pick a
position on carries the frame it was drawn with."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.geo.svgmap import PICK_MAX_M, Frame, frame, pick_svg

MISAKI = (35.1347, 139.6153)


def frame_in(svg: str) -> Frame:
    d = dict(re.findall(r'data-(west|east|south|north|width|height)="([^"]+)"', svg.split(">", 1)[0]))
    return Frame(float(d["west"]), float(d["south"]), float(d["east"]), float(d["north"]), int(d["width"]),
                 int(d["height"]), 0.0)


@settings(max_examples=200, deadline=None)
@given(lat0=st.floats(-70, 70), lon0=st.floats(-170, 170), dlat=st.floats(0, 0.5), dlon=st.floats(0, 0.5),
       u=st.floats(0, 1), v=st.floats(0, 1))
def test_lonlat_inverts_px_within_the_drawing_precision(lat0, lon0, dlat, dlon, u, v):
    fr = frame([lat0, lat0 + dlat], [lon0, lon0 + dlon], lat0 + dlat / 2)
    lat, lon = fr.south + v * (fr.north - fr.south), fr.west + u * (fr.east - fr.west)
    x, y = fr.px(lon, lat)                        # rounded to a tenth of a unit, as drawn
    back_lon, back_lat = fr.lonlat(x, y)
    assert abs(back_lon - lon) <= 0.05 / fr.sx + 1e-12
    assert abs(back_lat - lat) <= 0.05 / fr.sy + 1e-12
    assert 0 <= x <= fr.width and 0 <= y <= fr.height


def test_a_worked_frame_by_hand():
    """West 139, east 140, south 35, north 36 on 900 × 600: (139.5 E, 35.25 N) is at (450, 450),
    and (450, 450) is back at it."""
    fr = Frame(139.0, 35.0, 140.0, 36.0, 900, 600, 0.0)
    assert fr.px(139.5, 35.25) == (450.0, 450.0)
    assert fr.lonlat(450, 450) == (139.5, 35.25)
    assert fr.lonlat(0, 0) == (139.0, 36.0) and fr.lonlat(900, 600) == (140.0, 35.0)


def test_the_pick_map_carries_its_frame_and_puts_the_office_where_the_frame_says():
    svg = pick_svg([(*MISAKI, "三崎町役場")], "jp-1899-2025", title="map")
    fr = frame_in(svg)
    assert fr.west < MISAKI[1] < fr.east and fr.south < MISAKI[0] < fr.north
    x, y = fr.px(MISAKI[1], MISAKI[0])
    assert f'<rect x="{x - 4}" y="{y - 4}" width="8" height="8"' in svg          # the office's square
    assert 'class="pick-marker"' in svg and 'visibility="hidden"' in svg       # nothing picked yet
    assert "OpenStreetMap contributors" in svg                                # the data's attribution
    assert "<script" not in svg and "style=" not in svg                       # CSP: no inline script or style


def test_a_kept_position_shows_the_marker_there():
    pos = (35.15, 139.60)
    svg = pick_svg([(*MISAKI, "office")], None, marker=pos)
    fr = frame_in(svg)
    x, y = fr.px(pos[1], pos[0])
    assert f'class="pick-marker" transform="translate({x},{y})" visibility="visible"' in svg


def test_far_points_are_left_off_and_outside_the_coast_data_there_is_no_map():
    far = (MISAKI[0] + PICK_MAX_M / 110_574 * 1.5, MISAKI[1], "far")
    svg = pick_svg([(*MISAKI, "office"), far], None)
    assert ">far<" not in svg
    assert pick_svg([(0.0, -30.0, "mid-Atlantic")], None) is None
    assert pick_svg([], None) is None


def test_the_web_map_centres_on_the_finds_else_on_the_office():
    from wreckmaster.web import pickmap

    office = {"office": "misaki", "name": "三崎町役場", "position": {"lat": "35.1347", "lon": "139.6153"}}
    bare = {"regime": "jp-1899-2025", "case": {"occurred": "2026-03-01"}, "items": []}
    pick = pickmap.for_case(bare, office)
    assert pick["target"] == "it-pos" and pick["format"] == "dm" and ">三崎町役場<" in pick["svg"]
    found = {**bare, "items": [{"id": "buoy-1", "found": {"position": {"lat": "35.2", "lon": "139.7"}}}]}
    assert ">buoy-1<" in pickmap.for_case(found, office)["svg"]
    assert pickmap.for_case(bare, {"office": "local", "name": "local"}) is None    # no position: the field alone
    kept = pickmap.for_case(bare, office, kept="35°09′ N 139°36′ E")
    assert 'visibility="visible"' in kept["svg"]
    assert 'visibility="hidden"' in pickmap.for_case(bare, office, kept="not a position")["svg"]


def test_the_report_map_centres_on_the_office_asked_for():
    from wreckmaster.web import pickmap

    offices = [{"office": "a", "name": "Brest", "position": {"lat": "48.39", "lon": "-4.49"}},
               {"office": "misaki", "name": "三崎町役場", "position": {"lat": "35.1347", "lon": "139.6153"}},
               {"office": "b", "name": "no position", "position": None}]
    assert ">Brest<" in pickmap.for_report(offices, None)["svg"]
    chosen = pickmap.for_report(offices, "misaki")["svg"]
    assert ">三崎町役場<" in chosen and ">Brest<" not in chosen
    assert pickmap.for_report([offices[2]], None) is None
