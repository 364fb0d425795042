"""Issue 22: what the regimes declare — their events (``events.yaml``) and their rules (``@rule``).

Parametrized over the registry, so a new regime is checked without editing this file: every
rule declares; every citation a rule or an event declares resolves to an article of its regime
(or of the regime whose rules it shares, or of a law that is no regime, such as the York-Antwerp
Rules); every event a rule reads is one the regime offers; every parameter it reads exists; every
event, field and enumerated value the regime offers has its label in the regime's language and in
English; every regime event is described in ``docs/scenario-extensions.md``.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wreckmaster.law import citations, events
from wreckmaster.law.regime import all_regimes, available, get
from wreckmaster.law.rules import RuleInfo, rule
from wreckmaster.law.yamlio import LawDataError

ROOT = Path(__file__).resolve().parents[2]
REGIMES = available()


def _allowed_regimes(regime) -> set[str]:
    """The regime, the regimes whose rules it shares (articles.yaml ``shared_rules``), and laws that are no regime."""
    shared = {a["shared_rules"] for a in citations.law(regime.id)["articles"] if a.get("shared_rules")}
    return {regime.id, *shared}


@pytest.mark.parametrize("regime_id", REGIMES)
def test_every_rule_declares_citations_that_resolve(regime_id):
    regime = get(regime_id)
    infos = regime.declared_rules
    assert len(infos) == len(regime.rules)
    allowed = _allowed_regimes(regime)
    for info in infos:
        for cite in info.cites:
            resolved = citations.resolve(cite)   # raises CitationError on a typo
            assert resolved is not None
            reg = citations.parse(cite).regime
            assert reg in allowed or reg not in REGIMES, (info.name, cite)


@pytest.mark.parametrize("regime_id", REGIMES)
def test_every_event_a_rule_reads_is_offered_and_every_parameter_exists(regime_id):
    regime = get(regime_id)
    offered = set(regime.events)
    for info in regime.declared_rules:
        assert set(info.events) <= offered, (info.name, sorted(set(info.events) - offered))
        assert [p for p in info.params if p not in regime.parameters] == [], info.name


@pytest.mark.parametrize("regime_id", REGIMES)
def test_the_articles_an_event_declares_resolve(regime_id):
    regime = get(regime_id)
    for etype in regime.events:
        for cite in regime.events.cites(etype):
            citations.resolve(cite)


@pytest.mark.parametrize("regime_id", REGIMES)
def test_every_event_field_and_value_has_labels_in_the_regimes_language_and_english(regime_id):
    regime = get(regime_id)
    ev, lang = regime.events, regime.language
    common = events.common_fields()
    missing = []
    for etype in ev:
        for lg in (lang, "en"):
            if not ev.event_label(etype, lg):
                missing.append(f"event {etype} [{lg}]")
        for f in (*ev.spec(etype).fields, *common):
            for lg in (lang, "en"):
                if not ev.field_label(f.name, lg):
                    missing.append(f"field {etype}.{f.name} [{lg}]")
            if lang != "en" and ev.field_label(f.name, lang) == ev.field_label(f.name, "en"):
                missing.append(f"field {etype}.{f.name} [{lang}] is the English word")
            for v in f.values:
                for lg in (lang, "en"):
                    if not ev.value_label(v, lg):
                        missing.append(f"value {etype}.{f.name}={v} [{lg}]")
    assert not missing, missing


def test_validation_accepts_every_declared_event_and_keeps_the_old_tables():
    """Today's acceptance: any declared event for any regime (EVENT_TYPES is the union), with the
    after-find events and the common fields as the declarations give them."""
    table = events.EVENT_TYPES
    assert set(table) == set(events.known())
    for regime in all_regimes():
        assert set(regime.events) <= set(table)
    assert events.AFTER_FIND == {t for t, s in events.known().items() if s.after_find}
    assert events.COMMON_FIELDS == {"note": "text"}
    # jp-1875's sale by tender extends SCENARIO.md's `sold`, after its own three fields
    assert list(table["sold"])[:3] == ["item!", "price!", "bids"] and "tender" in table["sold"]
    assert table["damaged"]["cause!"].startswith("enum:storm|collision|")


def test_an_event_included_from_nowhere_or_of_an_unknown_kind_is_refused(tmp_path):
    for name, text in (("toy", "include: {base: [no_such_event]}\n"),
                       ("bad", "events:\n  x: {fields: {by: {kind: actorz}}}\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "events.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(LawDataError, match="declares no event 'no_such_event'"):
        events.of_package(tmp_path / "toy")
    with pytest.raises(LawDataError, match="kind must be one of"):
        events._own(tmp_path / "bad" / "events.yaml")


def test_the_rule_decorator_records_and_refuses_what_it_cannot_read():
    @rule(cites=["jp-1875:8"], reads=["event:sold", "item.value", "param:x"])
    def toy(ctx):
        return None

    info: RuleInfo = toy.__rule__
    assert (info.events, info.fields, info.params) == (("sold",), ("item.value",), ("x",))
    assert info.name.endswith("toy")
    with pytest.raises(ValueError, match="reads: 'value'"):
        rule(cites=[], reads=["value"])


def _documented_events() -> dict[str, str]:
    text = (ROOT / "docs" / "scenario-extensions.md").read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| ?((?:[^|\\]|\\.)*?) ?\|", text, re.M)}


@pytest.mark.parametrize("regime_id", REGIMES)
def test_docs_describe_every_event_the_regime_declares(regime_id):
    regime = get(regime_id)
    rows = _documented_events()
    for etype in regime.events:
        spec = regime.events.spec(etype)
        if spec.package == events.BASE:
            continue   # SCENARIO.md's own (the contract)
        assert etype in rows, f"docs/scenario-extensions.md has no row for {etype}"
        named = set(re.findall(r"`(\w+)`", rows[etype]))
        assert named <= {f.name for f in spec.fields} | {v for f in spec.fields for v in f.values}, (etype, named)
