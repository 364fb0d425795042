"""A position by a click on the map (issues 25, 27), in Debian's Chromium.

The map is the service's own SVG (shipped coastline, nothing fetched); its projection is in the
``<svg>``'s ``data-`` attributes, and ``static/pickmap.js`` inverts it. Here a known place — the
office's position, 三崎町役場 at 35.1347 N, 139.6153 E (``office edit --position``) — is
projected by the server's formula (``svgmap.Frame.px``), clicked in the page, and the field must
read the same place within the map's pixel precision (one screen pixel of the scaled map);
posting the form stores that position. The same on the public report form, and by keyboard
(arrow keys, Enter). axe-core stays clean with the map shown.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from wreckmaster.geo.svgmap import Frame
from wreckmaster.web import entry_values

from tests.conftest import PASSWORD

from .conftest import login, shot
from .test_walks import axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web-site")]

OFFICE = (35.1347, 139.6153)


@pytest.fixture(scope="module")
def placed(site):
    site["store"].edit_office("misaki", position=f"{OFFICE[0]},{OFFICE[1]}")
    return site


def frame_of(page, selector: str) -> Frame:
    d = page.locator(f"{selector} svg").evaluate("s => ({...s.dataset})")
    return Frame(float(d["west"]), float(d["south"]), float(d["east"]), float(d["north"]), int(d["width"]),
                 int(d["height"]), 0.0)


def click_at(page, selector: str, lat: float, lon: float) -> tuple[Frame, float]:
    """Click the map where the server's projection puts (lat, lon); returns the frame and the
    degrees of longitude and latitude one screen pixel spans (the precision of a click)."""
    fr = frame_of(page, selector)
    svg = page.locator(f"{selector} svg")
    scale = svg.bounding_box()["width"] / fr.width     # the SVG is scaled to the page's width
    x, y = fr.px(lon, lat)
    svg.click(position={"x": x * scale, "y": y * scale})   # from the map's top left corner
    per_px = max((fr.east - fr.west) / fr.width, (fr.north - fr.south) / fr.height) / scale
    return fr, per_px


def near(got: dict[str, str], lat: float, lon: float, tol: float) -> bool:
    return abs(float(got["lat"]) - lat) <= tol and abs(float(got["lon"]) - lon) <= tol


def test_a_click_on_the_office_form_map_gives_the_position_and_posting_stores_it(placed, browser):
    url = placed["url"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, url, "tanaka", PASSWORD)
    page.goto(f"{url}/cases/new?lang=ja")
    page.get_by_label("法令").select_option("jp-1899-2025")
    page.get_by_label("発生日").fill((date.today() - timedelta(days=3)).isoformat())
    page.get_by_label("場所").fill("三崎港")
    page.get_by_label("種別").select_option("drift")
    page.get_by_role("button", name="第一報から事件を開く").click()
    expect(page).to_have_url(re.compile(r"/cases/[^/?]+(\?.*)?$"))
    case_url = page.url.split("?")[0]
    case_id = case_url.rsplit("/", 1)[1]

    page.get_by_text("救助・拾得物件を加える").click()
    expect(page.locator("#it-map")).to_be_visible()          # the script showed it
    _, tol = click_at(page, "#it-map", *OFFICE)
    typed = page.locator("#it-pos").input_value()
    assert re.fullmatch(r"35°\d\d\.\d{3}′ N 139°\d\d\.\d{3}′ E", typed), typed
    got = entry_values.position(typed)
    assert near(got, *OFFICE, 1.5 * tol), (typed, got, tol)
    expect(page.locator("#it-map-status")).to_have_text(typed)
    expect(page.locator("#it-map .pick-marker")).to_have_attribute("visibility", "visible")
    axe_clean(page, "the item form with its map")
    shot(page, "pick-map-office-1280")

    page.locator("#it-desc").fill("浮き玉")
    page.locator("form[action$='/entries/item'] button").click()
    expect(page.locator("#inv-h + div")).to_contain_text("浮き玉")
    item = placed["store"].export(case_id, office="misaki")["items"][-1]
    assert item["found"]["position"] == got                 # exactly what the field said
    page.close()


def test_the_keyboard_moves_the_marker_and_enter_writes_it(placed, browser):
    url = placed["url"]
    page = browser.new_page(viewport={"width": 390, "height": 900})
    login(page, url, "tanaka", PASSWORD)
    case_id, _ = placed["store"].open_case({"format": "wreckmaster.scenario/1", "regime": "fr-epaves",
                                            "case": {"occurred": "1920-05-01", "kind": "wreck", "place": "Misaki"}},
                                           office="misaki", recorded_by="tanaka")
    page.goto(f"{url}/cases/{case_id}?lang=fr")
    page.locator("#it-map").evaluate("m => m.closest('details').open = true")
    fr = frame_of(page, "#it-map")
    page.locator("#it-map").focus()
    page.keyboard.press("ArrowRight")             # one step: a 200th of the width, east
    page.keyboard.press("Shift+ArrowDown")        # ten steps south
    assert page.locator("#it-pos").input_value() == ""       # moved, not yet written
    page.keyboard.press("Enter")
    typed = page.locator("#it-pos").input_value()
    assert "," in typed and "′ N" in typed                   # the French decimal comma
    lon, lat = fr.lonlat(fr.width / 2 + fr.width / 200, fr.height / 2 + 10 * fr.width / 200)
    assert near(entry_values.position(typed), lat, lon, 1e-4), typed   # minutes to 3 places: 2 m
    axe_clean(page, "the item form's map by keyboard at 390 px")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391     # nothing sideways on a phone
    page.close()


def test_the_script_inverts_the_servers_projection(placed, browser):
    """The script's formula against the server's, on points over the whole map: the same doubles."""
    url = placed["url"]
    page = browser.new_page()
    page.goto(f"{url}/report?office=misaki")
    fr = frame_of(page, "#r-map")
    points = [(fr.width * i / 7, fr.height * j / 5) for i in range(8) for j in range(6)]
    js = page.evaluate("""([pts, d]) => pts.map(([x, y]) => { const p = window.wreckmasterPick.toLatLon(
        {west: +d.west, east: +d.east, south: +d.south, north: +d.north, width: +d.width, height: +d.height}, x, y);
        return [p.lon, p.lat]; })""", [points, page.locator("#r-map svg").evaluate("s => ({...s.dataset})")])
    assert js == [list(fr.lonlat(x, y)) for x, y in points]
    page.close()


def _clicked_on_the_office(placed, browser, path: str, form: str):
    """A phone's page at ``path`` (Japanese, office misaki) whose map ``#{form}-map`` is clicked on the
    office's position: the page and the latitude and longitude its fields then hold (checked near it)."""
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.goto(f"{placed['url']}{path}?lang=ja&office=misaki")
    expect(page.locator(f"#{form}-map")).to_be_visible()
    _, tol = click_at(page, f"#{form}-map", *OFFICE)
    lat, lon = page.locator(f"#{form}-lat").input_value(), page.locator(f"#{form}-lon").input_value()
    assert near({"lat": lat, "lon": lon}, *OFFICE, 1.5 * tol), (lat, lon, tol)
    return page, lat, lon


def test_a_click_on_the_public_report_map_fills_latitude_and_longitude(placed, browser):
    page, lat, lon = _clicked_on_the_office(placed, browser, "/report", "r")
    assert re.fullmatch(r"35\.\d{5}", lat) and re.fullmatch(r"139\.\d{5}", lon), (lat, lon)
    axe_clean(page, "the public report form with its map at 390 px")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    shot(page, "pick-map-report-390")

    page.locator("#r-description").fill("青い浮き")
    page.locator("#r-found-on").fill((date.today() - timedelta(days=1)).isoformat())
    page.locator("input[name=state][value=ashore]").check()
    page.locator("#r-office").select_option("misaki")
    page.locator("#r-name").fill("漁師 太助")
    page.locator("#r-contact").fill("090-0000-2222")
    page.locator("form.report button[type=submit]").click()
    expect(page.locator("#report-id")).to_have_text(re.compile(r"^R[0-9A-F]{12}$"))
    report = page.locator("#report-id").inner_text()
    from wreckmaster.store import public as db

    waiting = db.inbox(placed["store"], "misaki")
    mine = next(r for r in waiting["reports"] if r["report"] == report)
    assert (str(mine["lat"]), str(mine["lon"])) == (lat, lon)
    page.close()


def test_without_javascript_the_map_stays_hidden_and_the_field_is_typed(placed, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{placed['url']}/report?office=misaki")
    assert page.locator("#r-map").count() == 1
    expect(page.locator("#r-map")).to_be_hidden()
    expect(page.locator("#r-lat")).to_be_visible()
    context.close()


def test_a_click_on_the_boards_map_sets_the_point_to_search_around(placed, browser):
    """Issue 27: the board searches 'the place, with a map and a radius around a point' — the point
    by a click, written into the board's latitude and longitude, then searched."""
    page, lat, lon = _clicked_on_the_office(placed, browser, "/notices", "b")
    axe_clean(page, "the board's search with its map at 390 px")
    page.locator("#b-radius").fill("5")
    page.locator("#b-radius").press("Enter")
    expect(page).to_have_url(re.compile(r"radius_km=5"))
    assert re.search(r"lat=35\.\d+", page.url) and re.search(r"lon=139\.\d+", page.url), page.url
    expect(page.locator("#b-lat")).to_have_value(lat)        # the point stays in the form, marked on the map
    page.close()
