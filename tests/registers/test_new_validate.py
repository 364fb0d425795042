"""`wreckmaster new` writes a scenario every regime can start from; `validate` says what the law will miss."""
from __future__ import annotations

import json

import pytest
import yaml

from tests.conftest import run_cli
from wreckmaster.law.regime import available

# a day inside each regime's period in force, to fill the template's YYYY-MM-DD with
IN_FORCE = {"jp-1875": "1880-05-01", "jp-1899": "1905-05-01", "qing-shandong": "1890-05-01",
            "qing-taiwan": "1892-05-01", "fr-epaves": "1917-05-01", "jp-village-ferry": "1960-05-01",
            "jp-1899-2025": "2026-05-01"}


@pytest.mark.parametrize("regime", available())
def test_the_template_of_every_regime_is_a_valid_start(regime, tmp_path):
    r = run_cli("new", "--regime", regime)
    assert r.returncode == 0, r.stderr
    assert f"regime: {regime}" in r.stdout
    doc = yaml.safe_load(r.stdout)                       # comments are YAML comments: it parses
    assert doc["case"]["occurred"] == "YYYY-MM-DD"       # what the user must fill in is visible
    f = tmp_path / "case.yaml"
    f.write_text(r.stdout.replace("YYYY-MM-DD", IN_FORCE.get(regime, "1900-01-01")), encoding="utf-8")
    v = run_cli("validate", str(f), "--format", "json")
    assert v.returncode == 0, v.stderr
    assert json.loads(v.stdout)["regimes"][0]["regime"] == regime


def test_the_template_names_the_fields_the_regime_reads():
    fr = run_cli("new", "--regime", "fr-epaves").stdout
    assert "distance_from_coast_m" in fr and "customs_duty" in fr
    qing = run_cli("new", "--regime", "qing-shandong").stdout
    assert "difficulty" in qing and "customs_duty" not in qing
    drift = run_cli("new", "--regime", "jp-1875", "--kind", "drift").stdout
    assert "kind: drift" in drift and "vessel:" not in drift


def test_every_field_of_the_scenario_has_its_line_in_fields_yaml():
    """Issue 22: what `new` writes beside a field is data (law/fields.yaml), not the model's source
    comments; a field added to the model without its line there fails here."""
    from wreckmaster import starter
    from wreckmaster.law import scenario as sc

    table = starter.descriptions()
    for model in (sc.Case, sc.Vessel, sc.Party, sc.Person, sc.Item, sc.Found, sc.Expense):
        assert [f.key for f in model.fields()] == list(table[model.__name__]), model.__name__
    assert table["Case"]["occurred"] == "the day of the casualty (YYYY-MM-DD)"


def test_validate_names_the_fact_a_french_find_at_sea_lacks(tmp_path):
    doc = {"format": "wreckmaster.scenario/1", "regime": "fr-epaves", "as_of": "1917-12-31",
           "case": {"occurred": "1917-04-18", "kind": "wreck"},
           "parties": [{"id": "s", "roles": ["salvor"]}],
           "items": [{"id": "casks", "value": "1000", "found": {"date": "1917-04-19", "by": ["s"], "state": "floating"}}]}
    f = tmp_path / "c.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    r = run_cli("validate", str(f))
    assert r.returncode == 0 and "distance-missing" in r.stdout


def test_validate_of_bad_input_is_assess_s_errors(tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text("format: wreckmaster.scenario/1\nregime: jp-1875\ncase: {occurred: 1880-13-01, kind: wreck}\n",
                 encoding="utf-8")
    v, a = run_cli("validate", str(f)), run_cli("assess", str(f))
    assert v.returncode == a.returncode == 2 and v.stderr == a.stderr and v.stdout == ""


def test_new_never_overwrites(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("mine", encoding="utf-8")
    r = run_cli("new", "--regime", "jp-1875", "-o", str(f))
    assert r.returncode == 2 and f.read_text(encoding="utf-8") == "mine"
