"""The register mapping (docs/batch.md): cells become exact scenario fields; problems name the field."""
from __future__ import annotations

import pytest

from wreckmaster.registers.mapping import MappingProblem, RowProblem, parse

MAP = {
    "format": "wreckmaster.mapping/1",
    "defaults": {"format": "wreckmaster.scenario/1", "items": [{"id": "c", "found": {"by": ["f"]}}]},
    "fields": {
        "/regime": "Regime",
        "/case/occurred": {"date": {"year": "Y", "month": "M", "day": "D"}, "required": True},
        "/items/0/value": {"column": "Value", "type": "amount"},
        "/items/0/found/diving": {"column": "Diving", "type": "bool"},
        "/items/1/id": "Second",
        "/case/kind": {"column": "Kind", "values": {"難破": "wreck", "漂着": "drift"}},
    },
}


def row(**cells):
    base = {"Regime": "jp-1875", "Y": "1880", "M": "3", "D": "2", "Value": "", "Diving": "", "Second": "",
            "Kind": "難破"}
    return {**base, **cells}


@pytest.mark.parametrize("cell, text", [("$1,234.50", "1234.50"), ("¥ 120", "120"), ("3,000円", "3000"),
                                        ("0.125", "0.125")])
def test_amounts_lose_signs_and_commas_and_stay_exact(cell, text):
    doc = parse(MAP).row_to_scenario(row(Value=cell))
    assert doc["items"][0]["value"] == text


def test_date_from_three_columns_and_blank_cells_are_left_out():
    doc = parse(MAP).row_to_scenario(row())
    assert doc["case"] == {"occurred": "1880-03-02", "kind": "wreck"}
    assert "value" not in doc["items"][0] and "diving" not in doc["items"][0]["found"]
    assert len(doc["items"]) == 1          # the second item's only cell is blank: no item


def test_values_and_bools_are_translated():
    doc = parse(MAP).row_to_scenario(row(Kind="漂着", Diving="yes", Second="c2"))
    assert doc["case"]["kind"] == "drift" and doc["items"][0]["found"]["diving"] is True
    assert doc["items"][1] == {"id": "c2"}


def test_row_problems_name_the_scenario_field_and_the_column():
    with pytest.raises(RowProblem) as exc:
        parse(MAP).row_to_scenario(row(D="", Value="about 300", Kind="沈没"))
    assert [p for p, _m in exc.value.problems] == ["/case/occurred", "/items/0/value", "/case/kind"]
    assert "column Value" in exc.value.problems[1][1]


@pytest.mark.parametrize("bad, pointer", [
    ({**MAP, "format": "x"}, "/format"),
    ({**MAP, "fields": {"case/place": "P"}}, "/fields/case~1place"),
    ({**MAP, "fields": {"/case/place": {"column": "P", "type": "money"}}}, "/fields/~1case~1place/type"),
    ({**MAP, "extra": 1}, "/extra"),
])
def test_a_bad_mapping_is_refused_with_its_place(bad, pointer):
    with pytest.raises(MappingProblem) as exc:
        parse(bad)
    assert exc.value.pointer == pointer


def test_header_must_have_every_mapped_column():
    with pytest.raises(MappingProblem, match="Value"):
        parse(MAP).check_header(["Regime", "Y", "M", "D", "Diving", "Second", "Kind"])
