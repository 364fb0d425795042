"""Distances from the coast on real places whose answers are known independently of the data."""
from __future__ import annotations

import pytest
from pyproj import Geod

from wreckmaster.geo import coastline, distance

MILE = 1852


def test_brest_harbour_is_on_the_shore_side_of_the_mile():
    # the commercial port of Brest, inside the breakwaters (Port de commerce, 48.378 N 4.488 W)
    d = distance(48.378, -4.488, year=1917)
    assert not d["on_land"]
    assert d["distance_m"] + d["uncertainty_m"] < MILE


def test_ten_km_off_ushant_is_beyond_the_mile():
    # Ushant (Ouessant) ends at about 5.14 W; 48.46 N 5.29 W is some 10 km west of it
    d = distance(48.46, -5.29, year=1917)
    assert not d["on_land"]
    assert 8_000 < d["distance_m"] < 12_000
    assert d["distance_m"] - d["uncertainty_m"] > MILE


@pytest.mark.parametrize("lat, lon", [(48.11, -1.68), (48.8566, 2.3522), (36.75, 3.05), (35.68, 139.70)])
def test_inland_points_are_on_land(lat, lon):
    # Rennes, Paris, Algiers (Mustapha), Tokyo (Shinjuku)
    d = distance(lat, lon)
    assert d["on_land"] is True and d["distance_m"] == 0


def test_distance_is_geodesic_to_the_nearest_coast_point():
    d = distance(48.46, -5.29)
    _, _, metres = Geod(ellps="WGS84").inv(-5.29, 48.46, d["nearest"]["lon"], d["nearest"]["lat"])
    assert abs(metres - d["distance_m"]) <= 1
    # and the nearest point is on Ushant or its rocks (west of 5.0 W, around 48.45 N)
    assert -5.2 < d["nearest"]["lon"] < -5.0 and 48.38 < d["nearest"]["lat"] < 48.52


def test_uncertainty_components_are_named_and_computed_per_place():
    brest, marseille_off = distance(48.378, -4.488, year=1917), distance(43.25, 5.30, year=1917)
    for d in (brest, marseille_off):
        assert set(d["components"]) == {"data_sources", "tidal_line", "coast_change"}
        assert d["uncertainty_m"] == sum(d["components"].values())
        assert set(d["component_sources"]) == set(d["components"])
    # the Atlantic's tides put the low-water line far further out than the Mediterranean's
    assert brest["components"]["tidal_line"] > 10 * marseille_off["components"]["tidal_line"]
    # coast change grows with the years since the casualty
    assert distance(48.378, -4.488, year=1880)["components"]["coast_change"] > brest["components"]["coast_change"]


def test_each_regime_region_has_coast():
    for lat, lon in [(37.40, 122.70), (25.15, 121.75), (34.60, 135.0), (36.80, 3.06)]:
        d = distance(lat, lon)
        assert d["distance_m"] < 50_000
        assert d["data_version"].startswith("roaring-landmask ")


def test_outside_the_regions_is_refused():
    with pytest.raises(coastline.OutsideRegions):
        distance(0.0, -30.0)


def test_cache_is_reused(coast_cache):
    took = coastline.build()
    assert took == {"osm": 0.0, "gshhg": 0.0}
    assert any(coast_cache.rglob("france-osm.wkb"))
