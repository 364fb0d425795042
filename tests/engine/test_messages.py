"""Issue 22, "prose at the edge": a finding is its code and values; the sentences are the regime's
templates (law/messages.py), one a language."""
from __future__ import annotations

from datetime import date

import pytest

from wreckmaster.law import messages
from wreckmaster.law.assessment import Assessment
from wreckmaster.law.money import JPY_RIN
from wreckmaster.law.yamlio import LawDataError


def _write(folder, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "messages.yaml").write_text(text, encoding="utf-8")


def test_a_template_renders_its_values_in_each_language(tmp_path):
    _write(tmp_path / "toy", """findings:
  claim-late:
    en: "the claim to {item} came after {due}"
    ja: "{item}の請求は{due}より後である"
  plain: 文言のみ
""")
    t = messages.load(tmp_path / "toy", "ja")
    assert t.render("claim-late", "en", {"item": "buoy-1", "due": "2026-04-01"}) == \
        "the claim to buoy-1 came after 2026-04-01"
    assert t.render("claim-late", "ja", {"item": "buoy-1", "due": "2026-04-01"}) == "buoy-1の請求は2026-04-01より後である"
    assert t.render("plain", "ja", {}) == "文言のみ"          # a plain string: the regime's language
    assert t.render("plain", "fr", {}) is None              # no French template: none
    with pytest.raises(KeyError):
        t.render("claim-late", "en", {"item": "buoy-1"})    # a value the template names is missing


def test_an_included_package_lies_under_the_own_templates(tmp_path):
    _write(tmp_path / "base", """findings:
  a: {en: "A {x}", ja: "甲{x}"}
  b: {en: "B", ja: "乙"}
""")
    _write(tmp_path / "own", """include: [base]
findings:
  b: {ja: "乙（本法）"}
""")
    t = messages.load(tmp_path / "own", "ja")
    assert t.render("a", "ja", {"x": "1"}) == "甲1"
    assert (t.render("b", "en", {}), t.render("b", "ja", {})) == ("B", "乙（本法）")


def test_a_finding_by_code_writes_the_english_and_keeps_its_values(tmp_path):
    from wreckmaster.law import regime as registry

    _write(tmp_path / "toy", """findings:
  claim-late: {en: "the claim to {item} came late", ja: "{item}の請求は遅れた"}
""")
    toy = registry.Regime(id="toy-messages", folder=tmp_path / "toy", currency=JPY_RIN, language="ja", rules=[])
    out = Assessment(toy.id, date(2026, 4, 1), JPY_RIN, "ja")
    ctx = registry.Context(scenario=None, regime=toy, out=out, as_of=date(2026, 4, 1))  # type: ignore[arg-type]
    ctx.finding("warning", "claim-late", "jp-1899-2025:25", item="buoy-1")
    f = toy.localise(out).findings[0]
    assert (f.message, f.message_local, f.values) == ("the claim to buoy-1 came late", "buoy-1の請求は遅れた",
                                                      (("item", "buoy-1"),))
    ctx.finding("warning", "claim-late", "jp-1899-2025:25", once=True, item="buoy-2")
    ctx.finding("warning", "claim-late", "jp-1899-2025:25", once=True, item="buoy-3")   # once: left out
    assert [f.message for f in out.findings][1:] == ["the claim to buoy-2 came late"]
    with pytest.raises(KeyError, match="no English template"):
        ctx.finding("warning", "no-such-code", "jp-1899-2025:25")
