"""Checks every regime must pass, parametrized over the registry (issue 22): a new regime is
checked here without being listed anywhere — its citations resolve, its readings exist, its
worked cases run — and a citation with a typo fails where it is interned (law/assessment.py,
STRICT_CITATIONS, which tests/conftest.py turns on)."""
from __future__ import annotations

import re
from datetime import date

import pytest

from wreckmaster.law import citations
from wreckmaster.law import regime as registry
from wreckmaster.law.assessment import STRICT_CITATIONS, Assessment
from wreckmaster.law.money import FRF
from wreckmaster.law.named import MissingValue, Value
from wreckmaster.law.yamlio import load_yaml

from ..conftest import ROOT, assert_cites_and_readings, assess_json

REGIMES = registry.available()
CASES = sorted(ROOT.glob("examples/*.yaml")) + sorted((ROOT / "tests").glob("**/cases/*.yaml"))


def _scenarios() -> dict[str, list[tuple[str, dict, date | None]]]:
    """Each regime's scenarios among the examples and the worked cases: (file, scenario, as_of)."""
    out: dict[str, list[tuple[str, dict, date | None]]] = {r: [] for r in REGIMES}
    for path in CASES:
        doc = load_yaml(path.read_text(encoding="utf-8"))
        as_of = date.fromisoformat(str(doc["as_of"])) if isinstance(doc, dict) and doc.get("as_of") else None
        doc = doc.get("scenario", doc) if isinstance(doc, dict) else None
        if isinstance(doc, dict) and doc.get("format") == "wreckmaster.scenario/1" and doc.get("regime") in out:
            out[doc["regime"]].append((path.name, doc, as_of))
    return out


SCENARIOS = _scenarios()


@pytest.mark.parametrize("regime", REGIMES)
def test_every_regime_registers_under_its_id_with_worked_cases(regime):
    reg = registry.get(regime)
    assert reg.id == regime and reg.rules and reg.language
    assert citations.law(regime)["regime"] == regime
    assert SCENARIOS[regime], f"{regime}: no example or worked case (tests/regimes/<regime>/cases/*.yaml)"


@pytest.mark.parametrize("regime", REGIMES)
def test_every_output_cites_its_own_law_and_names_readings_that_exist(regime):
    """:func:`..conftest.assert_cites_and_readings` on every example and worked case of the regime."""
    for name, doc, as_of in SCENARIOS[regime]:
        try:
            assert_cites_and_readings(assess_json(doc, as_of), regime)
        except AssertionError as exc:
            raise AssertionError(f"{name}: {exc}") from exc


@pytest.mark.parametrize("regime", REGIMES)
def test_every_reading_named_in_the_rules_is_recorded(regime):
    """A reading id written in the regime's code (``"<regime>-…"``) exists in its articles.yaml."""
    recorded = citations.readings(regime)
    source = "\n".join(p.read_text(encoding="utf-8") for p in registry.get(regime).folder.glob("*.py"))
    ids = {i for i in re.findall(r'"(' + re.escape(regime) + r'-[a-z0-9-]+)"', source)
           if max((r for r in REGIMES if i.startswith(r + "-")), key=len) == regime}   # not jp-1899-2025's in jp-1899
    assert ids <= set(recorded), ids - set(recorded)
    for rid in ids:
        assert all(recorded[rid].get(k) for k in ("question", "reading", "reason")), rid


def test_strict_citations_fail_where_they_are_interned(monkeypatch):
    monkeypatch.setenv(STRICT_CITATIONS, "1")
    out = Assessment("fr-epaves", date(1917, 1, 1), FRF, "fr")
    out.finding("info", "x", "a citation that resolves", "fr-epaves:4.2")
    typo, unchecked = "fr-epaves:" + "44.2", "fr-epaves:" + "45.2"   # built, so test_law_texts does not read them
    with pytest.raises(citations.CitationError, match="no article 44"):
        out.finding("info", "x", "a citation with a typo", (typo, "fr-epaves:4"))
    monkeypatch.setenv(STRICT_CITATIONS, "0")
    out.finding("info", "x", "not checked outside the tests", (unchecked, "fr-epaves:4"))
    assert [f.cites for f in out.findings] == [("fr-epaves:4.2",), (unchecked, "fr-epaves:4")]


# --- named values (law/named.py) --------------------------------------------------------------
def _context(rules):
    from wreckmaster.law.regime import Context, Regime

    reg = registry.get("fr-epaves")
    fake = Regime("fr-epaves", reg.folder, reg.currency, reg.language, rules)
    return Context(None, fake, None, date(1917, 1, 1))  # type: ignore[arg-type]


def test_a_value_read_before_the_rule_that_sets_it_raises():
    def owner(ctx):
        ctx[FOUND] = ["x"]

    def reader(ctx):
        return ctx[FOUND]

    FOUND = Value("found", list, set_by="owner")
    ctx = _context([reader, owner])
    ctx.values.running = "reader"
    with pytest.raises(MissingValue, match="'found' read before the rule.s. that set it ran: owner"):
        reader(ctx)
    ctx.values.running = "owner"
    owner(ctx)
    ctx.values.ran_rule("owner")
    ctx.values.running = "reader"
    assert reader(ctx) == ["x"]


def test_a_value_no_rule_set_raises_unless_it_declares_an_initial_value():
    ctx = _context([])
    with pytest.raises(MissingValue, match="was not set"):
        ctx[Value("plain", list, set_by="nobody")]
    assert ctx[Value("flag", bool, set_by="nobody", initial=lambda: False)] is False


def test_a_computed_value_is_worked_out_once_and_typed():
    calls = []

    def compute(ctx):
        calls.append(1)
        return {"a": 1}

    table = Value("table", dict, compute=compute)
    ctx = _context([])
    assert ctx[table] is ctx[table] and calls == [1]
    with pytest.raises(TypeError, match="computed, not set"):
        ctx[table] = {}
    with pytest.raises(TypeError, match="expected"):
        ctx[Value("n", int, set_by="r")] = "one"
    with pytest.raises(TypeError, match="either set_by"):
        Value("both", int, set_by="r", compute=compute)


def test_two_rules_changing_places_is_an_error_not_a_vanished_result():
    """Issue 22: under ctx.memo, the rescue expenses' payers read before the claims were admitted
    found no claims and charged nothing, silently. Now the read raises, naming the rule."""
    from dataclasses import replace

    from wreckmaster.law.scenario import validate
    from wreckmaster.regimes.jp_1899 import claims, expenses

    reg = registry.get("jp-1899")
    names = [getattr(r, "__name__", "") for r in reg.rules]
    rules = list(reg.rules)
    moved = rules.pop(names.index(claims.admitted_claims.__name__))
    rules.insert(names.index(expenses.pay_rescue_expenses.__name__), moved)   # now after payment_due
    swapped = replace(reg, rules=rules)
    doc = load_yaml((ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml").read_text(encoding="utf-8"))
    scenario = validate(doc, set(REGIMES))
    assert reg.assess(scenario, scenario.as_of).charges            # in the regime's order: charges
    with pytest.raises(MissingValue, match="'claims' read before the rule.s. that set it ran: admitted_claims"):
        swapped.assess(scenario, scenario.as_of)
