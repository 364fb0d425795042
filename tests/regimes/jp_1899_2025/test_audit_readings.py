"""Issue 21 point 6: the readings the audit judged doubtful, beyond what the worked cases show."""
from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings, strategies as st

from wreckmaster.law.yamlio import load_yaml

from ...conftest import assess_json

CASES = Path(__file__).parent / "cases"


def _case(name: str) -> dict:
    return load_yaml((CASES / name).read_text(encoding="utf-8"))["scenario"]


def test_the_ceiling_is_a_line_in_the_finders_statement_not_an_amount_owed():
    from wreckmaster.documents import build
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import validate

    doc = _case("direct-return-ceiling.yaml")
    out = assess_json(doc)
    assert out["reward_limits"] == [{"to": ["finder"], "payer": "coop", "for": "buoy", "kind": "finder_reward_ceiling",
                                     "amount": "4500", "currency": "JPY", "cites": ["jp-1899-2025:24.2"]}]
    sc = validate(doc, set(registry.available()))
    for party in ("finder", "coop"):
        model = build("statement", sc, party=party, lang="en")
        tables = {t["heading"]: t for t in model["sections"] if t["kind"] == "table"}
        limits = tables["Rewards up to a limit (no amount fixed; not owed)"]
        assert [r[1] for r in limits["rows"]] == ["buoy"] and limits["rows"][0][3].text == "4500 yen"
        assert tables["What it is owed"]["rows"] == [] and tables["What it owes"]["rows"] == []
    ja = build("statement", sc, party="finder", lang="ja")
    assert any(t.get("heading") == "報酬ノ上限（以内、額ノ定ナシ）" for t in ja["sections"])


def test_a_joint_reward_above_the_ceilings_together_is_refused_for_each_item():
    doc = _case("direct-return-joint-reward.yaml")
    doc["events"][1]["amount"] = "8534"          # the ceilings together are 8,533
    out = assess_json(doc)
    assert out["awards"] == [] and out["charges"] == []
    assert sum(f["code"] == "reward-above-ceiling" for f in out["findings"]) == 3
    doc["events"][1]["amount"] = "8533"
    assert [a["amount"] for a in assess_json(doc)["awards"]] == ["4500", "3333", "700"]


def test_an_items_own_decision_takes_it_out_of_the_joint_one():
    doc = _case("direct-return-joint-reward.yaml")
    doc["events"].append({"type": "reward_decided", "date": "2026-03-05", "to": "finder", "for": "buoy", "amount": "100"})
    got = {a["for"]: a["amount"] for a in assess_json(doc)["awards"]}
    # buoy 100 on its own; 6,000 over anchor (3,333) and rope (700) — above their 4,033: refused
    assert got == {"buoy": "100"}
    doc["events"][1]["amount"] = "4033"
    got = {a["for"]: a["amount"] for a in assess_json(doc)["awards"]}
    assert got == {"buoy": "100", "anchor": "3333", "rope": "700"}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2_000_000), st.sampled_from(["floating", "sunk"])), min_size=1, max_size=5),
       st.integers(0, 3_000_000))
def test_a_joint_reward_adds_up_and_no_item_goes_above_its_ceiling(items, agreed):
    doc = copy.deepcopy(_case("direct-return-joint-reward.yaml"))
    doc["items"] = [{"id": f"i{k}", "kind": "gear", "value": str(v), "owner": "coop",
                     "found": {"date": "2026-03-01", "by": ["finder"], "state": s}} for k, (v, s) in enumerate(items)]
    doc["events"][0]["items"] = [i["id"] for i in doc["items"]]
    doc["events"][1]["amount"] = str(agreed)
    out = assess_json(doc)
    ceilings = {f"i{k}": round(Fraction(v) * (Fraction(1, 3) if s == "sunk" else Fraction(1, 10)) + Fraction(1, 10**9))
                for k, (v, s) in enumerate(items)}
    got = {a["for"]: Fraction(a["amount"]) for a in out["awards"]}
    if agreed <= sum(ceilings.values()):
        assert sum(got.values()) == agreed
        assert all(got.get(i, 0) <= c for i, c in ceilings.items())
    else:
        assert got == {} and sum(f["code"] == "reward-above-ceiling" for f in out["findings"]) == len(items)


def test_a_police_sale_on_a_ground_gets_no_warning():
    out = assess_json(_case("police-removal-sold-early.yaml"))
    warned = [f for f in out["findings"] if f["code"] == "sale-without-ground"]
    assert len(warned) == 1 and "'box'" in warned[0]["message"]
    # after the six months, the sale of art 30 ¶2 needs no ground
    doc = _case("police-removal-sold-early.yaml")
    doc["events"][3]["date"] = "2026-09-04"
    doc["as_of"] = "2026-10-01"
    assert not [f for f in assess_json(doc)["findings"] if f["code"] == "sale-without-ground"]


def test_river_timber_afloat_ashore_or_unstated_is_one_fifteenth_and_at_sea_one_tenth():
    doc = _case("river-timber-washed-ashore.yaml")
    for state, amount in (("ashore", "2000"), ("floating", "2000"), ("sunk", "10000")):
        doc["items"][0]["found"]["state"] = state
        assert [a["amount"] for a in assess_json(doc)["awards"]] == [amount], state
    doc["items"][0]["found"]["state"] = "ashore"
    doc["items"][0]["found"]["waters"] = "sea"
    assert [a["amount"] for a in assess_json(doc)["awards"]] == ["3000"]
