"""jp-1899-2025: the regime as a whole — citations, readings, parameters shared with jp-1899's
rules, the claim_until hook, the period in force, coverage, the examples and bad input."""
from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from wreckmaster.law import citations
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import validate
from wreckmaster.law.yamlio import load_yaml

from ...conftest import ROOT, assert_cites_and_readings, assess_json, changed, run_cli

HERE = Path(__file__).parent
CASES = sorted((HERE / "cases").glob("*.yaml"))
EXAMPLES = sorted(ROOT.glob("examples/jp-1899-2025-*.yaml"))
CITE = re.compile(r"(?<![\w-])jp-1899-2025:(?:[0-9]+(?:-[0-9]+)?|order)(?:\.\d+)?(?:#\d+)?")


def _scenario(path: Path) -> dict:
    doc = load_yaml(path.read_text(encoding="utf-8"))
    return doc["scenario"] if "scenario" in doc else doc


def _all_outputs() -> list[dict]:
    return [assess_json(_scenario(p)) for p in CASES + EXAMPLES]


def test_every_citation_written_resolves():
    texts = [p.read_text(encoding="utf-8") for p in
             list((ROOT / "src/wreckmaster/regimes/jp_1899_2025").glob("*")) + CASES + EXAMPLES + [Path(__file__)]
             if p.is_file()]
    found = {m.group(0) for t in texts for m in CITE.finditer(t)}
    assert "jp-1899-2025:24.2" in found and "jp-1899-2025:order" in found and "jp-1899-2025:35-2" in found
    for c in sorted(found | {"jp-1899-2025:30-2", "jp-1899-2025:35-1", "jp-1899-2025:order"}):
        citations.resolve(c)


def test_outputs_cite_only_this_regime_and_name_readings_that_exist():
    for out in _all_outputs():
        assert_cites_and_readings(out, "jp-1899-2025")
        for d in out.get("duties", []):
            assert all(c.startswith("jp-1899-2025:") for c in d["cites"]), d


def test_chapter_one_cites_today_and_the_treasury_pays_nothing():
    doc = load_yaml((ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml").read_text(encoding="utf-8"))
    doc = json.loads(json.dumps(doc, default=str).replace("1902-", "2026-").replace("1903-", "2027-"))
    doc["regime"] = "jp-1899-2025"
    out = assess_json(doc)
    assert out["awards"] and out["charges"]
    assert all(c["payer"] != "government" for c in out["charges"])
    assert not any(f["code"] == "exclusions-not-in-seed" for f in out["findings"])
    flat = json.dumps(out, ensure_ascii=False)
    assert '"jp-1899:' not in flat
    # the same case under jp-1899 still cites jp-1899 (the mechanism changes nothing there)
    old = load_yaml((ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml").read_text(encoding="utf-8"))
    assert all(c.startswith("jp-1899:") for f in assess_json(old)["findings"] for c in f["cites"]
               if not c.startswith("jp-1899-2025"))


def test_chapter_one_speaks_in_todays_characters():
    """Reading jp-1899-2025-chapter-one-shared: the shared 1899 rules write 關, 爲, 條 …; under
    today's Act their Japanese lines use today's forms (character_forms.yaml), under jp-1899 not."""
    forms = load_yaml((ROOT / "src/wreckmaster/regimes/jp_1899_2025/character_forms.yaml").read_text(encoding="utf-8"))
    old_forms = set(forms["forms"])
    doc = load_yaml((ROOT / "examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml").read_text(encoding="utf-8"))
    out = assess_json(doc)
    then = " ".join(s["text_local"] or "" for s in out["explanation"])
    assert old_forms & set(then)                      # the 1899 rules do write old forms
    duties_then = " ".join(d["duty_local"] for d in out["duties"])
    assert old_forms & set(duties_then)               # and their duties without days (common.duty) too
    doc = json.loads(json.dumps(doc, default=str).replace("1902-", "2026-").replace("1903-", "2027-"))
    doc["regime"] = "jp-1899-2025"
    mayor = next(p for p in doc["parties"] if p["id"] == "sonchou")
    mayor["name"] = "國吉村長 小谷 文藏"                # a name is quoted as written, old forms and all
    out = assess_json(doc)
    now = " ".join(s["text_local"] or "" for s in out["explanation"])
    assert "國吉村長 小谷 文藏" in now
    duties_now = " ".join(d["duty_local"] for d in out["duties"])
    assert len(duties_now) == len(duties_then) and not old_forms & set(duties_now), duties_now
    now = now.replace("國吉村長 小谷 文藏", "")
    assert not old_forms & set(now), sorted(old_forms & set(now))
    assert set(forms["forms"].values()) & set(now)


def test_a_failed_rescue_is_not_paid_by_the_treasury_today():
    out = assess_json(_scenario(HERE / "cases/chapter-one-no-treasury.yaml"))
    assert [c["payer"] for c in out["charges"]] and all(c["payer"] in ("captain", "kaiun") for c in out["charges"])
    old = _scenario(HERE / "cases/chapter-one-no-treasury.yaml")
    old = json.loads(json.dumps(old).replace("2026-", "1926-"))
    old["regime"] = "jp-1899"
    assert {c["payer"] for c in assess_json(old)["charges"]} == {"government"}


def test_every_jp_1899_parameter_the_shared_rules_read_exists_here():
    mine = registry.get("jp-1899-2025").parameters
    for name in registry.get("jp-1899").parameters.names():
        if not name.startswith("in_force."):
            assert name in mine, name


def test_claim_until_hook():
    reg = registry.get("jp-1899-2025")
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025", "case": {"occurred": "2025-07-01", "kind": "drift"},
           "items": [{"id": "a", "kind": "vessel", "kept_sunk": True}, {"id": "b", "in_vessel": True, "kept_sunk": True},
                     {"id": "c", "kept_sunk": True}, {"id": "d"}, {"id": "e"}],
           "parties": [{"id": "p", "roles": ["police"]}],
           "events": [{"type": "removed_by_police", "date": "2025-07-01", "by": "p", "items": ["e"]}]}
    sc = validate(doc, {"jp-1899-2025"})
    d = date(2025, 8, 31)
    assert reg.claim_until(sc, "a", d) == date(2026, 8, 31)
    assert reg.claim_until(sc, "b", d) == date(2026, 8, 31)
    # six months from 2025-08-31 (a month's last day) end on 2026-02-28, a Saturday; Sunday 03-01 follows:
    # the owner's claim towards the mayor may be made until Monday 2026-03-02 (地方自治法 art 4-2 ¶4, issue 21)
    assert reg.claim_until(sc, "c", d) == date(2026, 3, 2)
    assert reg.claim_until(sc, "d", d) == date(2026, 3, 2)
    assert reg.claim_until(sc, "e", d) == date(2026, 3, 2)
    assert reg.claim_until(sc, "zz", d) is None


def test_period_in_force_and_hypothetical():
    doc = _scenario(HERE / "cases/in-force.yaml")
    out = assess_json(doc)
    assert [f["severity"] for f in out["findings"] if f["code"] == "out-of-temporal-scope"] == ["error"]
    assert not out["awards"]
    hyp = changed(doc, "/case/hypothetical", True)
    out = assess_json(hyp)
    assert [f["severity"] for f in out["findings"] if f["code"] == "out-of-temporal-scope"] == ["warning"]
    # the computation runs: the art 24 ¶2 ceiling 5,000 × 1/10, shown as a limit since issue 21 (no award)
    assert [a["amount"] for a in out["reward_limits"]] == ["500"] and out["awards"] == []
    assert not [a["amount"] for a in assess_json(doc)["awards"]] and "reward_limits" not in assess_json(doc)


def test_coverage_is_complete():
    r = run_cli("coverage", "jp-1899-2025", "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert [row["article"] for row in rows][-11:] == ["29", "30", "30-2", "30-3", "31", "32", "33", "34", "35-1", "35-2",
                                                     "order"]
    assert {row["status"] for row in rows} <= {"implemented", "not-applicable"}
    assert {row["article"] for row in rows if row["status"] == "not-applicable"} == {"30-2", "30-3"}
    numbers = [row["article"] for row in rows]
    assert numbers[:3] == ["1", "2", "3"] and "35-2" in numbers and numbers[-1] == "order"
    # jp-1899's coverage is unchanged by the sharing
    old = json.loads(run_cli("coverage", "jp-1899", "--format", "json").stdout)
    assert not any(r for row in old for r in row["rules"] if "jp_1899_2025" in r)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_examples_assess(example):
    r = run_cli("assess", str(example), "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["regime"] == "jp-1899-2025" and out["charges"]
    assert all(c["currency"] == "JPY" and "." not in c["amount"] for c in out["charges"])
    assert out["drift_goods"] and all(d["outcome"] in ("claimed", "finder-acquired", "sold") for d in out["drift_goods"])


BASE = _scenario(HERE / "cases/owner-claim-river-timber.yaml")


@pytest.mark.parametrize("path,value,message", [
    ("/events/2/items", ["nope"], "no item"),
    ("/events/2/by", 5, ""),
    ("/items/0/kept_sunk", "yes", ""),
    ("/items/0/in_vessel", 1, ""),
    ("/items/0/kind", "log", ""),
    ("/events/1/date", "2025-08-01", ""),                 # delivered before the find: impossible order
    ("/expenses/0/amount", "-5", ""),
])
def test_bad_input_exits_2_with_a_pointer(tmp_path, path, value, message):
    doc = changed(BASE, path, value)
    f = tmp_path / "case.json"
    f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run_cli("assess", str(f), "--format", "json")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: /"), r.stderr
    assert message in r.stderr


def test_finder_notified_needs_a_due_day(tmp_path):
    doc = json.loads(json.dumps(BASE))
    doc["events"].append({"type": "finder_notified", "date": "2026-04-01", "items": ["logs"]})
    f = tmp_path / "c.json"
    f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run_cli("assess", str(f))
    assert r.returncode == 2 and "/events/3" in r.stderr and "due" in r.stderr


def test_item_3_and_art_5_agree_on_whose_refusal_counts():
    """With no master named, the refusal recorded is taken as the master's by art 5's rule; item 3
    of art 12 ¶2 reads the same refusal (jp-1899 master_will.by_master): both say so together."""
    doc = _scenario(HERE / "cases/claims-excluded-items-1-3-5.yaml")
    doc["case"]["vessel"].pop("master")
    doc["parties"] = [p for p in doc["parties"] if p["id"] != "captain"] + [{"id": "mate"}]
    doc["events"] = [dict(e, by="mate") if e["type"] == "master_refused" else e for e in doc["events"]]
    out = assess_json(doc)
    codes = [f["code"] for f in out["findings"]]
    assert "rescue-against-master-will" in codes
    assert any(f["code"] == "claim-excluded" and "jp-1899-2025:12.2#3" in f["cites"] for f in out["findings"])


def test_chapter_one_rewrites_steps_and_duties_written_by_template(tmp_path):
    """The jp-1899 rules write their steps and duties by template (Context.step passes a Later with
    ``message=``/``values=``, Context.deadline passes ``local=`` and ``note_local=`` by keyword):
    chapter_one's wrapper still gives them today's citations and today's characters, names from the
    scenario left as written, and keeps the template's id and values."""
    import dataclasses

    from wreckmaster.law.assessment import Assessment
    from wreckmaster.law.money import JPY_YEN
    from wreckmaster.regimes.jp_1899_2025 import REGIME
    from wreckmaster.regimes.jp_1899_2025.chapter_one import TodayCitations

    (tmp_path / "messages.yaml").write_text("""steps:
  kept: {en: "{item}: kept", ja: "{item}ハ關係者ノ爲ニ保管ス"}
duties:
  hand-over: {en: "hand {item} over", ja: "{item}ヲ關係者ニ引渡ス"}
notes:
  late: {en: "late", ja: "期間經過"}
""", encoding="utf-8")
    regime = dataclasses.replace(REGIME, folder=tmp_path)     # its own messages, the same id
    out = Assessment(regime.id, date(2026, 4, 1), JPY_YEN, "ja")
    ctx = registry.Context(scenario=None, regime=regime, out=out, as_of=date(2026, 4, 1))  # type: ignore[arg-type]
    view = ctx.view(TodayCitations(out, regime.id, keep=("關丸",)))
    s = view.step("custody", "jp-1899:16.6", "kept", item="關丸", readings=[])
    d = view.deadline("hand-over", None, date(2026, 3, 1), date(2026, 3, 2), ["jp-1899:9.1"], note="late", item="關丸")
    assert s.cites == ("jp-1899-2025:16.6",) and d.cites == ("jp-1899-2025:9.1",)
    assert (s.en, s.local) == ("關丸: kept", "關丸ハ関係者ノ為ニ保管ス")
    assert (d.duty, d.duty_local, d.note, d.note_local) == ("hand 關丸 over", "關丸ヲ関係者ニ引渡ス", "late", "期間経過")
    assert (s.message, dict(s.values)) == ("kept", {"item": "關丸"}) and d.message == "hand-over"
