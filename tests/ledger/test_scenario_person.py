"""``parties[].person`` (issue 28): valid under every regime, read strictly, ignored by the engine."""
from __future__ import annotations

import pytest

from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import InvalidScenario

from ..conftest import assess_json, run_cli


@pytest.mark.parametrize("regime", registry.available())
def test_a_party_may_name_a_person_under_every_regime_and_the_assessment_is_unchanged(regime):
    doc = {"format": "wreckmaster.scenario/1", "regime": regime, "as_of": "1900-01-01",
           "case": {"occurred": "1899-12-01", "kind": "drift", "hypothetical": True},
           "parties": [{"id": "o", "roles": ["official"]}]}
    plain = assess_json(doc)
    doc["parties"][0]["person"] = "lin"
    assert assess_json(doc) == plain


def test_a_person_that_is_not_a_text_is_bad_input(write_scenario):
    doc = {"format": "wreckmaster.scenario/1", "regime": "qing-taiwan",
           "case": {"occurred": "1892-01-01", "kind": "drift"}, "parties": [{"id": "o", "person": 7}]}
    with pytest.raises(InvalidScenario) as exc:
        assess_json(doc)
    assert [p for p, _ in exc.value.problems] == ["/parties/0/person"]
    r = run_cli("assess", write_scenario(doc))
    assert r.returncode == 2 and r.stderr.startswith("error: /parties/0/person: ")
