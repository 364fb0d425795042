"""Issue 25: each finding carries ``message_local`` in the case's language, from the regime's
message templates (``messages.yaml``), in the style of ``duty_local``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wreckmaster.law import regime as registry

ROOT = Path(__file__).resolve().parents[2]
TEMPLATED = [r for r in registry.available() if registry.get(r).messages]


@pytest.mark.parametrize("regime", TEMPLATED)
def test_every_template_names_a_code_the_regime_makes(regime):
    """A template for a code no rule makes would never be read: the two cannot drift apart."""
    r = registry.get(regime)
    text = "\n".join(p.read_text(encoding="utf-8") for p in Path(r.folder).glob("*.py"))
    text += (ROOT / "src/wreckmaster/law/scope.py").read_text(encoding="utf-8")
    # the rules of another regime's package it runs (jp-1899-2025's chapter one is jp-1899's)
    for other in sorted(set(re.findall(r"from (?:wreckmaster\.regimes\.|\.\.)(\w+) import", text))):
        text += "\n".join(p.read_text(encoding="utf-8") for p in (Path(r.folder).parent / other).glob("*.py"))
    for key in r.messages:
        code = key.split("/")[0]   # a variant of a code's sentence: code/variant
        assert re.search(rf"[\"']{re.escape(code)}[\"']", text), f"{regime}: no rule makes {code!r}"


def test_the_worked_cases_under_todays_act_have_their_findings_in_japanese():
    from wreckmaster.files import read_document
    from wreckmaster.pipeline import validated

    messages = registry.get("jp-1899-2025").messages
    localised = 0
    for path in sorted((ROOT / "tests/regimes/jp_1899_2025/cases").glob("*.yaml")):
        scenario = validated(read_document(str(path))["scenario"])
        out = registry.get(scenario.regime).assess(scenario, scenario.as_of or scenario.case.occurred)
        for f in out.findings:
            if f.code in messages:
                assert f.message_local == messages.render(f.code, "ja", dict(f.values))
                assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", f.message_local)
                localised += 1
    assert localised >= 5


def test_a_rule_given_local_wins_over_the_template():
    from datetime import date

    from wreckmaster.law.assessment import Assessment
    from wreckmaster.law.money import JPY_RIN

    r = registry.get("jp-1899-2025")
    out = Assessment(r.id, date(2026, 4, 1), JPY_RIN, "ja")
    out.finding("error", "value-missing", "Item 'x' has no value", "jp-1899-2025:24.2", local="物件xに価額がない")
    out.finding("error", "value-missing", "Item 'y' has no value", "jp-1899-2025:24.2")
    out.finding("info", "no-template-for-this", "plain", ())
    found = r.localise(out).to_json()["findings"]
    assert found[0]["message_local"] == "物件xに価額がない"
    assert found[1]["message_local"] == r.messages.render("value-missing", "ja", {})
    assert "message_local" not in found[2]
