"""Qing stations on the real coast, the nearest office of the period, and maps."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
import yaml

from wreckmaster.geo import enrich, map_svg
from wreckmaster.geo import coastline as cl
from wreckmaster.geo import stations as st
from wreckmaster.geo.offices import nearest_office
from wreckmaster.law.regime import all_regimes, get

from ..conftest import ROOT, assess_json, run_cli


@pytest.mark.parametrize("place, station", [("shidao", "石島段"), ("chengshan", "成山段"), ("chengshantou", "成山頭段"),
                                            ("moyedao", "鏌鋣島段"), ("longxudao", "龍鬚島段")])
def test_the_station_nearest_a_place_is_the_one_the_gazetteer_names_there(place, station):
    p = st.gazetteer()[place]
    fact = st.responsible_station("qing-shandong", p["lat"], p["lon"])
    assert fact["station"] == station
    assert fact["distance_m"] <= st.segment_m() / 2 + 1
    assert fact["segment"] in fact["signals_reach"]


@pytest.mark.parametrize("place, station", [("jilong", "雞籠段"), ("anping", "安平段"), ("dagou", "打狗段")])
def test_taiwan_stations(place, station):
    p = st.gazetteer()[place]
    assert st.responsible_station("qing-taiwan", p["lat"], p["lon"])["station"] == station


def test_registers_run_every_ten_li_from_their_start():
    for reg in st.registers("qing-shandong") + st.registers("qing-taiwan"):
        assert reg["segment_m"] == 5760 and reg["li_m"] == 576
        stations = reg["stations"]
        assert [s["number"] for s in stations] == list(range(1, len(stations) + 1))
        assert all(b["along_coast_m"] - a["along_coast_m"] == 5760 for a, b in zip(stations, stations[1:]))
        assert reg["start"]["source"]
    south = next(r for r in st.registers("qing-shandong") if r["id"] == "rongcheng-south")
    assert south["stations"][0]["name"] == "成山頭段"
    names = [s["name"] for s in south["stations"]]
    assert names.index("俚島段") < names.index("鏌鋣島段") < names.index("石島段")   # the order along the coast


@pytest.mark.parametrize("regime", [r.id for r in all_regimes()])
def test_the_map_layers_a_regime_declares_exist(regime):
    """Issue 22: a regime names the regions it applies in (``MapLayers.regions``, boxes of
    ``geo/data/regions.yaml``) and the file of its station registers; a name with a typo fails here
    (``region_of`` would pass over it, measuring on whichever box holds the point)."""
    law = get(regime)
    assert set(law.map_layers.regions) <= set(cl.regions_data()["regions"]), law.map_layers.regions
    if law.map_layers.stations:
        registers = st._registers(regime)
        assert registers and all(r["start"] in st.gazetteer() and r["toward"] in st.gazetteer() for r in registers)


def test_a_position_is_measured_on_the_regions_its_regime_declares():
    """The regime's regions come first where boxes overlap: (36.0, 123.0) in the Yellow Sea lies in
    Japan's box and in Shandong's; a Japanese case there is measured on Japan's coast, a Qing one on
    Shandong's."""
    assert cl.region_of(36.0, 123.0, cl.regions_for_regime("jp-1899")) == "japan"
    assert cl.region_of(36.0, 123.0, cl.regions_for_regime("qing-shandong")) == "shandong-zhili"
    assert cl.regions_for_regime("fr-epaves") == ["france", "algeria"] and cl.regions_for_regime(None) == []


def test_li_is_the_regimes_parameter():
    for reg in ("qing_shandong", "qing_taiwan"):
        params = yaml.safe_load((ROOT / "src/wreckmaster/regimes" / reg / "parameters.yaml").read_text("utf-8"))
        assert str(params["parameters"]["coast.li_metres"]["value"]) == str(st._data()["stations"]["li"]["metres"])


def test_every_gazetteer_row_has_a_source():
    rows = st.gazetteer().values()
    assert rows and all(r["source"] and isinstance(r["approximate"], bool) for r in rows)


def test_station_fact_in_the_assessment(tmp_path):
    doc = yaml.safe_load((ROOT / "examples/qing-shandong-junk-holed-off-shidao.yaml").read_text("utf-8"))
    doc["case"]["position"] = {"lat": "36.870", "lon": "122.445"}
    f = tmp_path / "case.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    r = run_cli("assess", str(f), "--format", "json")
    assert r.returncode == 0, r.stderr
    step = next(s for s in json.loads(r.stdout)["explanation"] if s["rule"] == "station_computed")
    assert "石島段" in step["text"] and "shidao-1, shidao-2" in step["text"]


def test_nearest_office_of_the_period():
    # off 樫野埼 (Ōshima, Kushimoto), where the Ertuğrul was wrecked in 1890
    assert nearest_office("jp-1899", 33.455, 135.865, 1902)["name"] == "大島村役場"
    assert nearest_office("jp-1875", 33.455, 135.865, 1880)["name"] == "樫野浦戸長役場"
    assert nearest_office("jp-1899", 43.0, 145.0, 1902) is None     # no office of the gazetteer within reach


def test_jp_1899_names_the_office_the_report_is_due_to():
    doc = yaml.safe_load((ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml").read_text("utf-8"))
    doc["case"]["position"] = {"lat": "33.455", "lon": "135.865"}
    result = assess_json(enrich(doc))
    assert result["nearest_office"]["name"] == "大島村役場"
    assert any(f["code"] == "nearest-office" for f in result["findings"])


def test_map_svg_draws_coast_mile_line_casualty_and_finds(tmp_path):
    doc = {"format": "wreckmaster.scenario/1", "regime": "fr-epaves",
           "case": {"occurred": "1917-04-18", "kind": "wreck", "position": {"lat": "48.68", "lon": "-4.60"}},
           "parties": [{"id": "k", "roles": ["salvor"]}],
           "items": [{"id": "pipes", "found": {"by": ["k"], "position": {"lat": "48.70", "lon": "-4.62"}}}]}
    svg = map_svg(enrich(doc))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "one nautical mile" in svg and "casualty" in svg and "pipes" in svg
    assert svg.count("<path") >= 3
    f = tmp_path / "case.yaml"
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    out = tmp_path / "map.svg"
    r = run_cli("coast", "map", str(f), "-o", str(out))
    assert r.returncode == 0, r.stderr
    ET.fromstring(out.read_text("utf-8"))


def test_coast_stations_command():
    r = run_cli("coast", "stations", "qing-shandong", "--at", "36.87,122.445", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["responsible"]["station"] == "石島段"
    assert {reg["id"] for reg in data["registers"]} == {"rongcheng-south", "rongcheng-north"}


def test_jp_1875_names_the_nearest_village_office():
    doc = yaml.safe_load((ROOT / "examples/jp-1875-wreck-of-the-kotobuki-maru.yaml").read_text("utf-8"))
    doc["case"]["position"] = {"lat": "33.455", "lon": "135.865"}
    result = assess_json(enrich(doc))
    msg = next(f["message"] for f in result["findings"] if f["code"] == "nearest-office")
    assert "樫野浦戸長役場" in msg
