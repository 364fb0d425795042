"""Municipal holidays (地方自治法 art 4-2; SCENARIO.md "Municipal holidays") for jp-1899-2025: which
deadlines move, that the moved day is the deadline everywhere, and that the national holidays the
library gives include what the law makes holidays (substitute holidays, 国民の休日)."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import InvalidScenario, validate
from wreckmaster.law.yamlio import load_yaml
from wreckmaster.regimes.jp_1899_2025 import municipal_days

from ...conftest import assess_json, run_cli, write_scenario  # noqa: F401

HERE = Path(__file__).parent
REG = registry.get("jp-1899-2025")


def _case(name: str) -> dict:
    return load_yaml((HERE / "cases" / name).read_text(encoding="utf-8"))["scenario"]


def _claim_deadline(out: dict) -> dict:
    return next(d for d in out["deadlines"] if d["duty"].startswith("claim "))


def test_the_silver_week_note_names_the_holidays_in_japanese_and_english():
    out = assess_json(_case("municipal-holidays-silver-week.yaml"))
    d = _claim_deadline(out)
    assert d["due"] == "2026-09-24"
    for word in ("2026-09-20", "日曜日", "Sunday", "敬老の日", "Respect for the Aged Day", "国民の休日", "National Holiday",
                 "秋分の日", "Autumnal Equinox Day", "地方自治法"):
        assert word in d["note"], word
    row = next(r for r in out["drift_goods"] if r["item"] == "buoy")
    assert row["claim_until"] == "2026-09-24"
    notice = next(s for s in out["explanation"] if s["rule"] == "notice")
    assert "2026-09-24" in notice["text"] and "jp-1899-2025-municipal-holidays" in notice["readings"]


def test_a_deadline_on_a_working_day_has_no_note():
    doc = _case("municipal-holidays-silver-week.yaml")
    doc["events"][1]["date"] = "2026-03-24"     # six months end Thursday 2026-09-24
    d = _claim_deadline(assess_json(doc))
    assert d["due"] == "2026-09-24" and "note" not in d


def test_the_claim_until_hook_and_the_start_of_art_28_use_the_moved_day():
    doc = _case("municipal-holidays-silver-week.yaml")
    doc["events"] = doc["events"][:2]            # no claim
    sc = validate(doc, {"jp-1899-2025"})
    assert REG.claim_until(sc, "buoy", date(2026, 3, 20)) == date(2026, 9, 24)
    # on 09-24 the owner's right still runs: art 28 has not begun; on 09-25 it has
    on_the_day = assess_json(doc, date(2026, 9, 24))
    assert _claim_deadline(on_the_day)["status"] == "pending"
    assert "finder-not-notified" not in {f["code"] for f in on_the_day["findings"]}
    after = assess_json(doc, date(2026, 9, 25))
    assert _claim_deadline(after)["status"] == "missed"
    assert "finder-not-notified" in {f["code"] for f in after["findings"]}


def test_the_office_closing_days_move_the_claim_and_only_the_case_carries_them():
    doc = _case("municipal-holidays-office-closed.yaml")
    assert _claim_deadline(assess_json(doc))["due"] == "2026-04-01"
    doc["case"]["closed_days"] = []
    assert _claim_deadline(assess_json(doc))["due"] == "2026-03-31"
    doc["case"]["closed_days"] = ["2026-03-31", "2026-04-01", "2026-04-02"]
    d = _claim_deadline(assess_json(doc))
    assert d["due"] == "2026-04-03" and d["note"].count("（閉庁日）") == 3


def test_police_removal_claim_and_the_art_30_sale_use_the_moved_day():
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025", "as_of": "2026-09-23",
           "case": {"occurred": "2026-03-18", "kind": "drift"},
           "parties": [{"id": "pol", "roles": ["police"]}],
           "items": [{"id": "log", "value": "1000", "found": {"date": "2026-03-18", "state": "floating"}}],
           "events": [{"type": "removed_by_police", "date": "2026-03-18", "by": "pol", "items": ["log"]},
                      {"type": "notice_posted", "date": "2026-03-20", "items": ["log"]}]}
    out = assess_json(doc)
    d = _claim_deadline(out)
    assert d["due"] == "2026-09-24" and d["status"] == "pending" and "秋分の日" in d["note"]
    assert "to-be-sold" not in {f["code"] for f in out["findings"]}
    assert "to-be-sold" in {f["code"] for f in assess_json(doc, date(2026, 9, 25))["findings"]}


def test_the_mayors_own_periods_and_the_seven_days_do_not_move():
    params = REG.parameters
    moving = params.param("municipal_holidays.periods").value
    assert "direct_return.period" not in moving
    # art 24 ¶1: found Friday 2026-09-11, seven days end Friday 09-18 (a working day); found 09-13 → Sunday 09-20
    P = lambda n: params.param(n, date(2026, 1, 1))  # noqa: E731
    assert municipal_days.claim_due(P, "direct_return.period", date(2026, 9, 13), []).day == date(2026, 9, 20)
    # art 28 ¶1: the finder's period is the mayor's (finder_notified due), taken as given even on a Sunday
    doc = load_yaml((HERE / "cases" / "finder-acquires.yaml").read_text(encoding="utf-8"))["scenario"]
    doc["events"][2]["due"] = "2026-01-25"      # a Sunday
    out = assess_json(doc)
    assert any(d["due"] == "2026-01-25" and d["party"] == "f" for d in out["deadlines"])


def test_closed_days_are_valid_under_every_regime_and_checked_as_dates(write_scenario):
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1875", "case": {"occurred": "1876-01-10", "kind": "drift",
           "closed_days": ["1876-01-11"]}}
    validate(doc, set(registry.available()))
    doc["case"]["closed_days"] = ["1876-02-30"]
    with pytest.raises(InvalidScenario) as got:
        validate(doc, set(registry.available()))
    assert "/case/closed_days/0" in str(got.value)
    r = run_cli("assess", write_scenario(doc))
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("error: /case/closed_days/0:")


def _national(year: int) -> dict[date, tuple[str, str]]:
    return municipal_days.national_holidays(year)


def test_the_library_has_the_substitute_holidays_and_the_kokumin_no_kyujitsu_by_the_laws_rule():
    # 国民の祝日に関する法律 art 3 ¶2: a 祝日 on a Sunday → the nearest following day that is not a 祝日 is a
    # holiday; ¶3: a day between two 祝日 (not itself one) is a holiday. Checked from the library's own
    # 祝日 (the named days, not 振替休日 / 国民の休日), 2025–2099: nothing the law makes a holiday is missing.
    for year in range(2025, 2100):
        days = {**_national(year - 1), **_national(year), **_national(year + 1)}
        shuku = {d for d, (ja, _) in days.items() if ja not in ("振替休日", "国民の休日")}
        for d in sorted(x for x in shuku if x.year == year):
            if d.weekday() == 6:
                nxt = d + timedelta(days=1)
                while nxt in shuku:
                    nxt += timedelta(days=1)
                assert days.get(nxt, ("",))[0] == "振替休日", (d, nxt)
            between = d + timedelta(days=1)
            if between not in shuku and between + timedelta(days=1) in shuku and between.weekday() != 6:
                assert between in days, between
    assert _national(2026)[date(2026, 9, 22)][0] == "国民の休日"
    assert _national(2026)[date(2026, 5, 6)][0] == "振替休日"
