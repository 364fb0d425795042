"""Issue 25: ``case show`` equals ``assess`` of ``case export`` in every path, with positions.

Every example and every worked case is opened in the store (SQLite and PostgreSQL); the
store's assessment (what ``case show``, the API, the pages and the documents print) must be
exactly the assessment of its export read back as a file (what ``wreckmaster assess`` prints).
Hypothesis then puts positions (``case.position``, ``items[].found.position``) on the coast of
the regime's country, where the one pipeline computes the distance from the coast: the store
must compute the same facts as ``assess`` of the export (before issue 25 the store said
``distance-missing`` where ``assess`` computed a distance).
"""
from __future__ import annotations

import copy
import json
from datetime import date
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.files import load_scenario, read_document
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import InvalidScenario
from wreckmaster.store.errors import InvalidEntry

ROOT = Path(__file__).resolve().parents[2]


def _documents() -> list[tuple[str, dict]]:
    out = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        doc = read_document(str(path))
        if isinstance(doc, dict) and "regime" in doc:
            out.append((path.name, doc))
    for path in sorted((ROOT / "tests" / "regimes").glob("*/cases/*.yaml")):
        case = read_document(str(path))
        if isinstance(case, dict) and isinstance(case.get("scenario"), dict):
            out.append((f"{path.parent.parent.name}/{path.name}", case["scenario"]))
    return out


DOCS = _documents()

# a point at sea off each regime's coast (inside the shipped coastline's regions, docs/coast.md)
COASTS = {"fr": (Decimal("48.70"), Decimal("-4.62")), "ja": (Decimal("34.68"), Decimal("138.25")),
          "zh": (Decimal("36.88"), Decimal("122.45"))}


def _assess_export(store, case_id: str, when: date, tmp_path: Path) -> dict:
    """``wreckmaster assess`` of ``case export``: the export written to a file, read back."""
    f = tmp_path / f"{case_id}.json"
    f.write_text(json.dumps(store.export(case_id, as_of=when), ensure_ascii=False, default=str), encoding="utf-8")
    scenario = load_scenario(str(f))
    return registry.get(scenario.regime).assess(scenario, when).to_json()


def _same(store, doc: dict, tmp_path: Path) -> bool:
    """Open ``doc`` and compare; False when the document is not a case the store opens."""
    as_of = doc.get("as_of")
    when = date.fromisoformat(str(as_of)) if as_of else date.today()
    doc = {k: v for k, v in copy.deepcopy(doc).items() if k != "as_of"}
    try:
        case_id, _ = store.open_case(doc)
        shown = store.assessment(case_id, as_of=when)
    except InvalidEntry:
        return False
    expect = _assess_export(store, case_id, when, tmp_path)
    assert json.dumps(shown, sort_keys=True, default=str) == json.dumps(expect, sort_keys=True, default=str)
    return True


def test_every_example_and_worked_case(store, tmp_path):
    compared = sum(_same(store, doc, tmp_path) for _name, doc in DOCS)
    assert compared >= len(DOCS) * 3 // 4, f"only {compared} of {len(DOCS)} documents could be opened"


def _positioned(doc: dict, dlat: int, dlon: int, on_case: bool) -> dict:
    doc = copy.deepcopy(doc)
    lang = registry.get(doc["regime"]).language
    lat, lon = COASTS.get(lang, COASTS["ja"])
    pos = {"lat": str(lat + Decimal(dlat) / 1000), "lon": str(lon + Decimal(dlon) / 1000)}
    if on_case:
        doc["case"]["position"] = dict(pos)
    for item in doc.get("items") or []:
        if isinstance(item, dict):
            found = item.setdefault("found", {}) if isinstance(item.get("found", {}), dict) else None
            if found is not None:
                found.pop("distance_from_coast_m", None)
                found["position"] = dict(pos)
    return doc


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from([d for _n, d in DOCS if d.get("items")]), st.integers(-40, 40), st.integers(-40, 40),
       st.booleans())
def test_with_positions(store, tmp_path_factory, doc, dlat, dlon, on_case):
    positioned = _positioned(doc, dlat, dlon, on_case)
    try:
        from wreckmaster.pipeline import validated

        validated(positioned)
    except InvalidScenario:
        return  # a document that the added facts make invalid is not a case to open
    assert _same(store, positioned, tmp_path_factory.mktemp("export"))


def test_a_found_position_gives_the_distance_in_the_store(store):
    """The issue's own example: fr-epaves, an item found at sea with a position and no typed distance."""
    doc = {"format": "wreckmaster.scenario/1", "regime": "fr-epaves",
           "case": {"occurred": "1917-04-18", "kind": "wreck", "waters": "sea"},
           "parties": [{"id": "salvor", "name": "Le Gall", "roles": ["salvor"]}],
           "items": [{"id": "cask", "description": "barrique de vin", "kind": "cargo", "value": "400",
                      "found": {"date": "1917-04-18", "by": ["salvor"], "state": "floating",
                                "position": {"lat": "48.70", "lon": "-4.62"}}}],
           "events": []}
    case_id, _ = store.open_case(doc)
    codes = {f["code"] for f in store.assessment(case_id, as_of=date(1917, 6, 1))["findings"]}
    assert "distance-missing" not in codes
