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
    for code in r.messages:
        code = code.split("/")[0]   # a variant (code/variant) is the finding code's
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


# --- every finding of a regime by its code and values (issues 22, 25) --------------------------
#: the script of each language a regime writes in: a message in it is not English
SCRIPT = {"ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "zh": r"[\u4e00-\u9fff]",
          "fr": r"[éèêàçùâîôœ’«]|\b(le|la|les|des|du|est|une|aucun|sans)\b"}


def _rule_sources(r) -> list[Path]:
    """The regime's rule modules, and those of the packages it imports them from (_qing, jp_1899)."""
    files = sorted(Path(r.folder).glob("*.py"))
    text = "\n".join(p.read_text(encoding="utf-8") for p in files)
    for other in sorted(set(re.findall(r"from (?:wreckmaster\.regimes\.|\.\.)(\w+)(?:\.\w+)? import", text))):
        files += sorted((Path(r.folder).parent / other).glob("*.py"))
    return files


def _findings_made(r) -> tuple[dict[str, set[str]], int]:
    """The codes the rules make by code and values (``ctx.finding(sev, code, …)``) with the
    variants they name where a variant is a plain string ("" where a call may name none), and
    how many findings are still written as sentences (``ctx.out.finding``, ``finding_once``)."""
    import ast

    made: dict[str, set[str]] = {}
    prose = 0
    for path in _rule_sources(r):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = ast.unparse(node.func.value)
            if node.func.attr == "finding_once" or (node.func.attr == "finding" and owner.endswith(".out")):
                prose += 1
            elif node.func.attr == "finding" and owner == "ctx" and len(node.args) >= 2:
                code = node.args[1]
                codes = [code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]
                variants = {k.value for k in node.keywords if k.arg == "variant"}
                names = {v.value for v in variants for v in ([v.body, v.orelse] if isinstance(v, ast.IfExp) else [v])
                         if isinstance(v, ast.Constant)}
                if not any(k.arg == "variant" for k in node.keywords):
                    names.add("")   # no variant named: the code's own template (or one in **values)
                for c in codes:
                    if isinstance(c, ast.Constant):
                        made.setdefault(c.value, set()).update(names)
    return made, prose


@pytest.mark.parametrize("regime", registry.available())
def test_every_finding_by_code_has_its_english_and_local_template(regime):
    """Each code a rule makes by its values has its template in English and in the regime's
    language, naming the same values (the loader refuses languages that name different ones)."""
    r = registry.get(regime)
    made, _ = _findings_made(r)
    keys = set(r.messages)
    for code, variants in sorted(made.items()):
        rows = [k for k in keys if k.startswith(code + "/")] + ([code] if "" in variants else [])
        assert rows, f"{regime}: {code!r} has no template in {r.folder}/messages.yaml"
        for k in rows:
            for lang in ("en", r.language):
                assert r.messages.template(k, lang), f"{regime}: {k!r} has no {lang!r} template"
        for v in variants - {""}:
            assert f"{code}/{v}" in keys, f"{regime}: {code!r} has no template for its variant {v!r}"


def _worked_cases(regime):
    folder = ROOT / "tests/regimes" / registry.module_name(regime) / "cases"
    return sorted(folder.glob("*.yaml"))


@pytest.mark.parametrize("regime", [r for r in registry.available() if _worked_cases(r)])
def test_the_worked_cases_have_their_findings_in_the_regimes_language(regime):
    """A worked case's findings carry ``message_local`` in the case's language: every finding
    of a regime whose rules all make findings by code and values (the engine's first rules,
    law/scope.py, are the engine's own), and every finding with a template in the others."""
    from wreckmaster.files import read_document
    from wreckmaster.pipeline import validated

    r = registry.get(regime)
    _, prose = _findings_made(r)
    engine = set(re.findall(r"[\"']([a-z]+(?:-[a-z]+)+)[\"']",
                            (ROOT / "src/wreckmaster/law/scope.py").read_text(encoding="utf-8")))
    localised = 0
    for path in _worked_cases(regime):
        scenario = validated(read_document(str(path))["scenario"])
        out = registry.get(scenario.regime).assess(scenario, scenario.as_of or scenario.case.occurred)
        for f in out.findings:
            if f.message_local is None:
                assert prose or f.code in engine, f"{path.name}: {f.code} has no message_local"
                continue
            assert re.search(SCRIPT[r.language], f.message_local), f"{path.name}: {f.message_local!r}"
            localised += 1
    assert localised or prose, f"{regime}: no worked case has a finding in {r.language}"
