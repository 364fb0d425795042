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
    for code in sorted({c.split("/")[0] for c in r.messages}):   # a variant's template: code/variant
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
    out.finding("error", "value-missing", "Item 'y' has no value", "jp-1899-2025:24.2", values=(("item", "y"),))
    out.finding("info", "no-template-for-this", "plain", ())
    found = r.localise(out).to_json()["findings"]
    assert found[0]["message_local"] == "物件xに価額がない"
    assert found[1]["message_local"] == r.messages.render("value-missing", "ja", {"item": "y"})
    assert "y" in found[1]["message_local"]
    assert "message_local" not in found[2]


# --- a regime whose own messages.yaml has English templates makes every finding by code and values
# (issue 22, "prose at the edge"): each template has the regime's language, naming the same values
# (a value in English words may be named ``<value>_<lang>`` there instead: its words in that language),
# and every finding of its worked cases has a message_local in that language (issue 25).
def _own_templates(regime: str) -> dict:
    import yaml

    path = Path(registry.get(regime).folder) / "messages.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    return {code: row for code, row in ((data or {}).get("findings") or {}).items() if isinstance(row, dict)}


BY_CODE = [r for r in registry.available() if any("en" in row for row in _own_templates(r).values())]
#: the engine's own findings (law/scope.py), localised where the regime (or the engine) has a template
ENGINE_CODES = {"out-of-temporal-scope", "amendments-not-modelled", "facts-after-as-of"}
#: a word of the case's language in a message_local
SCRIPT = {"ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "zh": r"[\u4e00-\u9fff]",
          "fr": r"(?i)\b(le|la|les|des|du|est|pas|une?|aux?|d'|l')\b"}


#: a value a template says by another: the exclusion's reason by its item of art 12 ¶2 (jp-1899's claims)
SAID_BY = {("claim-excluded", "why"): "item_ja"}


def _names(template: str) -> set[str]:
    from string import Formatter

    return {name for _, name, _, _ in Formatter().parse(template) if name}


#: English prose a rule passes for the English sentence only; the local template says it in its own
#: words (or by a ``<name>_<lang>`` twin the rule passes)
ENGLISH_ONLY = {"variant", "via", "acts", "over", "facts", "art", "office_en"}


def _same_values(en: set[str], local: set[str], lang: str) -> bool:
    """Every value the English says, the local template says too (itself or its ``<name>_<lang>``
    twin); the local one may say more of the finding's values (rendering the worked cases checks
    that the rule passes them)."""
    return all(n in local or f"{n}_{lang}" in local or f"{n.lower()}_{lang}" in local for n in en - ENGLISH_ONLY)


def _package_calls(regime: str):
    import ast

    for path in sorted(Path(registry.get(regime).folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                yield path, node


def test_the_registry_has_regimes_whose_findings_are_by_code():
    assert {"jp-1875", "jp-village-ferry"} <= set(BY_CODE)


@pytest.mark.parametrize("regime", BY_CODE)
def test_each_template_has_the_regimes_language_naming_the_same_values(regime):
    r = registry.get(regime)
    lang = r.language
    for code in _own_templates(regime):
        row = r.messages.findings[code]   # its own rows over those it includes
        assert set(row) >= {"en", lang}, f"{regime}: {code}: a template in en and {lang}"
        en, local = _names(row["en"]), _names(row[lang])
        for (said, value), by in SAID_BY.items():
            if code == said and by in local:
                en = en - {value}
        assert _same_values(en, local, lang), f"{regime}: {code}: en names {sorted(en)}, {lang} {sorted(local)}"
        assert re.search(SCRIPT[lang], row[lang]), f"{regime}: {code}: the {lang} template is not in {lang}"


@pytest.mark.parametrize("regime", BY_CODE)
def test_every_finding_a_rule_makes_is_by_code_with_its_templates(regime):
    """No finding is written as a sentence in the rules (``ctx.out.finding``, ``finding_once``), and
    each code (and variant) a rule names has an English template."""
    import ast

    r = registry.get(regime)
    codes = 0
    for path, call in _package_calls(regime):
        name = call.func.attr
        where = f"{path.name}:{call.lineno}"
        assert name != "finding_once", f"{regime}: {where}: finding_once with a sentence"
        if name != "finding":
            continue
        assert not (isinstance(call.func.value, ast.Attribute) and call.func.value.attr == "out"), \
            f"{regime}: {where}: ctx.out.finding with a sentence"
        if len(call.args) < 2 or not isinstance(call.args[1], ast.Constant):
            continue   # a code passed on by a helper: its templates are checked where they are read
        code = call.args[1].value
        variant = next((k.value.value for k in call.keywords if k.arg == "variant"
                        and isinstance(k.value, ast.Constant)), None)
        key = f"{code}/{variant}" if variant else code
        if any(k.arg == "variant" or k.arg is None for k in call.keywords) and not variant:
            assert code in r.messages, f"{regime}: {where}: no template for {code!r}"
        else:
            assert r.messages.template(code, "en", variant) is not None, f"{regime}: {where}: no template {key!r}"
        codes += 1
    assert codes


@pytest.mark.parametrize("regime", BY_CODE)
def test_the_worked_cases_findings_have_message_local_in_the_cases_language(regime):
    from wreckmaster.files import read_document
    from wreckmaster.pipeline import validated

    r = registry.get(regime)
    folder = ROOT / "tests/regimes" / Path(r.folder).name / "cases"
    localised = 0
    for path in sorted(folder.glob("*.yaml")):
        scenario = validated(read_document(str(path))["scenario"])
        out = registry.get(scenario.regime).assess(scenario, scenario.as_of or scenario.case.occurred)
        for f in out.findings:
            if f.code in ENGINE_CODES and f.code not in r.messages:
                continue
            assert f.message_local, f"{path.name}: {f.code} has no message_local"
            assert re.search(SCRIPT[r.language], f.message_local), f"{path.name}: {f.code}: {f.message_local}"
            localised += 1
    assert localised >= 5
