"""Invariants of the computed distance (hypothesis): the distance to the land is 1-Lipschitz,
zero exactly on land, and its uncertainty is the sum of its named components."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pyproj import Geod

from wreckmaster.geo import distance

GEOD = Geod(ellps="WGS84")
# the Iroise sea and the coast of Brest: islands, rocks, a ria
lats = st.floats(min_value=48.20, max_value=48.60, allow_nan=False)
lons = st.floats(min_value=-5.20, max_value=-4.40, allow_nan=False)
steps = st.floats(min_value=-0.02, max_value=0.02, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(lat=lats, lon=lons, dlat=steps, dlon=steps)
def test_distance_to_land_is_one_lipschitz(lat, lon, dlat, dlon):
    a, b = distance(lat, lon), distance(lat + dlat, lon + dlon)
    _, _, apart = GEOD.inv(lon, lat, lon + dlon, lat + dlat)
    assert abs(a["distance_m"] - b["distance_m"]) <= apart + 2     # whole metres, rounded


@settings(max_examples=60, deadline=None)
@given(lat=lats, lon=lons, year=st.integers(min_value=1850, max_value=2024))
def test_shape_of_the_fact(lat, lon, year):
    d = distance(lat, lon, year=year)
    assert d["distance_m"] >= 0 and (d["distance_m"] == 0) == d["on_land"] or d["distance_m"] == 0
    if d["on_land"]:
        assert d["distance_m"] == 0
    assert d["uncertainty_m"] == sum(d["components"].values()) and min(d["components"].values()) >= 0
    # the nearest coast point is itself (about) on the coast
    assert distance(d["nearest"]["lat"], d["nearest"]["lon"])["distance_m"] <= 2
