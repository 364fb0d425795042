"""Positions in a scenario: validation, the computed fact put in before the engine runs, and what
fr-epaves makes of it (art 4 ¶2: one mile from the lowest low-water line)."""
from __future__ import annotations

import copy
import json

import pytest
import yaml

from wreckmaster.geo import enrich
from wreckmaster.law.scenario import InvalidScenario, validate

from ..conftest import assess_json, run_cli


def scenario(**found) -> dict:
    return {
        "format": "wreckmaster.scenario/1", "regime": "fr-epaves", "as_of": "1917-12-31",
        "case": {"occurred": "1917-04-18", "kind": "wreck", "position": {"lat": "48.70", "lon": "-4.62"}},
        "parties": [{"id": "kerbrat", "roles": ["salvor"]}],
        "items": [{"id": "pipes", "kind": "cargo", "value": "1000",
                   "found": {"date": "1917-04-19", "by": ["kerbrat"], "state": "floating", **found}}],
    }


def salvor_award(result: dict) -> str | None:
    return next((a["amount"] for a in result["awards"] if a["kind"] == "salvage_award"), None)


def codes(result: dict) -> dict[str, str]:
    return {f["code"]: f["severity"] for f in result["findings"]}


def test_positions_are_validated_with_json_pointers():
    doc = scenario(position={"lat": "12", "lon": "-190"})
    doc["case"]["position"] = {"lat": "91", "lon": True}
    with pytest.raises(InvalidScenario) as exc:
        validate(doc)
    problems = dict(exc.value.problems)
    assert problems["/case/position/lat"].startswith("must be between -90 and 90")
    assert "boolean" in problems["/case/position/lon"]
    assert problems["/items/0/found/position/lon"].startswith("must be between -180 and 180")


def test_enrich_adds_facts_and_leaves_the_document_alone():
    doc = scenario(position={"lat": "48.70", "lon": "-4.62"})
    before = copy.deepcopy(doc)
    out = enrich(doc)
    assert doc == before
    fact = out["items"][0]["found"]["distance_computed"]
    assert fact["distance_m"] > 5000 and fact["data_version"].startswith("roaring-landmask")
    assert out["case"]["distance_computed"]["on_land"] is False
    validate(out)  # the fact is a valid scenario field, exact numbers only


def test_a_stored_fact_is_never_recomputed():
    old = {"distance_m": 1234, "uncertainty_m": 10, "on_land": False, "source": "an older package",
           "data_version": "roaring-landmask 0.1 osm (regions old)"}
    doc = scenario(position={"lat": "48.70", "lon": "-4.62"}, distance_computed=old)
    assert enrich(doc)["items"][0]["found"]["distance_computed"] == old


def test_computed_distance_beyond_the_mile_gives_40_percent():
    result = assess_json(enrich(scenario(position={"lat": "48.70", "lon": "-4.62"})))
    assert salvor_award(result) == "400.00"
    assert codes(result)["distance-computed"] == "info"


def test_typed_distance_wins_and_the_computed_one_is_shown_beside_it():
    # the official determined 800 m; the position says about 7 km: the determination wins (30 %)
    result = assess_json(enrich(scenario(position={"lat": "48.70", "lon": "-4.62"}, distance_from_coast_m=800)))
    assert salvor_award(result) == "300.00"
    msg = next(f["message"] for f in result["findings"] if f["code"] == "distance-computed-beside")
    assert "800 m" in msg and "computed" in msg


def test_mile_within_the_uncertainty_asks_the_official():
    # off Plouguerneau, about 2 km from the OSM coast: the mile is within the uncertainty
    result = assess_json(enrich(scenario(position={"lat": "48.645", "lon": "-4.60"})))
    assert codes(result)["mile-within-uncertainty"] == "error"
    assert salvor_award(result) is None


def test_found_at_sea_on_land_is_an_error():
    result = assess_json(enrich(scenario(position={"lat": "48.11", "lon": "-1.68"})))  # Rennes
    assert codes(result)["position-on-land"] == "error"
    assert salvor_award(result) is None


def test_assess_computes_the_distance_from_a_file(tmp_path):
    f = tmp_path / "case.yaml"
    f.write_text(yaml.safe_dump(scenario(position={"lat": "48.70", "lon": "-4.62"})), encoding="utf-8")
    r = run_cli("assess", str(f), "--format", "json")
    assert r.returncode == 0, r.stderr
    assert salvor_award(json.loads(r.stdout)) == "400.00"


def test_assess_reports_a_bad_position(tmp_path):
    doc = scenario()
    doc["case"]["position"] = {"lat": "123", "lon": "0"}
    f = tmp_path / "case.yaml"
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    r = run_cli("assess", str(f), "--format", "json")
    assert r.returncode == 2 and r.stdout == ""
    assert "error: /case/position/lat: must be between -90 and 90" in r.stderr


def test_coast_distance_command():
    r = run_cli("coast", "distance", "48.46", "-5.29", "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert {"distance_m", "uncertainty_m", "on_land", "nearest", "source"} <= set(d)
    assert d["distance_m"] > 8000 and set(d["nearest"]) == {"lat", "lon"}
    land = json.loads(run_cli("coast", "distance", "48.11", "-1.68", "--format", "json").stdout)
    assert land["on_land"] is True and land["distance_m"] == 0
    bad = run_cli("coast", "distance", "91", "0")
    assert bad.returncode == 2 and bad.stderr.startswith("error: LAT: ")
