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


def test_a_step_and_a_duty_by_template_write_both_languages_and_keep_their_values(tmp_path):
    """Steps and duties are templates as findings are (their own sections of messages.yaml): the
    English is the ``text``/``duty``, the case's language the ``text_local``/``duty_local``, and the
    id and values stay on the entry so a page in a third language renders its own template."""
    from wreckmaster.law import regime as registry

    _write(tmp_path / "toy", """steps:
  posted: {en: "{item}: posted on {day}", ja: "{item}：{day_ja}公告", fr: "{item} : affiché le {day}"}
  posted/late: {en: "{item}: posted late, on {day}"}
duties:
  claim: {en: "claim {item} by {due}", ja: "{due}までに{item}を請求する"}
notes:
  late: {en: "claimed after {due}"}
""")
    toy = registry.Regime(id="toy-steps", folder=tmp_path / "toy", currency=JPY_RIN, language="ja", rules=[])
    out = Assessment(toy.id, date(2026, 4, 1), JPY_RIN, "ja")
    ctx = registry.Context(scenario=None, regime=toy, out=out, as_of=date(2026, 4, 1))  # type: ignore[arg-type]
    s = ctx.step("posting", "jp-1899-2025:25", "posted", item="buoy-1", day=date(2026, 3, 2), day_ja="3月2日")
    assert (s.en, s.local) == ("buoy-1: posted on 2026-03-02", "buoy-1：3月2日公告")
    assert toy.messages.render_in("steps", s.message, "fr", s.values) == "buoy-1 : affiché le 2026-03-02"
    late = ctx.step("posting", "jp-1899-2025:25", "posted", variant="late", item="buoy-2", day="2026-03-09")
    assert (late.en, late.local) == ("buoy-2: posted late, on 2026-03-09", None)   # no Japanese: English only
    d = ctx.deadline("claim", "owner", date(2026, 3, 16), date(2026, 3, 20), "jp-1899-2025:25", note="late",
                     item="buoy-1", due="2026-03-16")
    assert (d.duty, d.duty_local, d.note, d.note_local, d.status) == (
        "claim buoy-1 by 2026-03-16", "2026-03-16までにbuoy-1を請求する", "claimed after 2026-03-16", None, "missed")
    assert toy.messages.render_in("duties", d.message, "ja", d.values) == d.duty_local
    with pytest.raises(KeyError, match="no English template for step 'nothing'"):
        ctx.step("posting", "jp-1899-2025:25", "nothing")
    with pytest.raises(KeyError, match="duty 'nothing'"):
        ctx.deadline("nothing", None, date(2026, 3, 16), None, "jp-1899-2025:25")
