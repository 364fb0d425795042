"""qing-taiwan: invariants of the figures (arts 2, 4), the honours key, the coast section."""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law.scenario import InvalidScenario

from ...conftest import assess_doc, assess_json
from ..qing_helpers import assert_steps_cite_and_read_known_readings, case_builder, total

values = st.decimals(min_value=0, max_value=10**7, places=3, allow_nan=False, allow_infinity=False)
fractions = st.fractions(min_value=0, max_value=1, max_denominator=12)
RESCUERS = ["a", "b", "c", "d"]


case = case_builder("qing-taiwan", as_of="1892-12-31", occurred="1891-06-01", kind="wreck", rescuers=RESCUERS)


@settings(max_examples=80, deadline=None)
@given(values, fractions, st.integers(1, 4))
def test_goods_award_all_to_rescuers_at_most_a_third(value, fraction, n):
    it = {"id": "x", "value": str(value), "award_fraction": f"{fraction.numerator}/{fraction.denominator}",
          "found": {"by": RESCUERS[:n]}}
    out = assess_json(case([it]))
    codes = {f["code"] for f in out["findings"]}
    got = total(out["awards"])
    if fraction > Fraction(1, 3):
        assert got == 0 and "award-fraction-above-cap" in codes
        return
    exact = Fraction(value) * fraction
    assert got == Decimal(int(exact * 1000 + Fraction(1, 2))) / 1000
    assert Fraction(got) <= Fraction(value) / 3 + Fraction(1, 2000)
    assert {a["to"] for a in out["awards"]} <= set(RESCUERS[:n])  # no station-fund in Taiwan
    assert total(out["charges"], payer="own") == got


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5))
def test_small_boat_award_splits_exactly(n, persons):
    ps = [{"id": f"p{i}", "rescued_by": RESCUERS[:n], "small_boat": True, "can_pay": False} for i in range(persons)]
    out = assess_json(case(persons=ps))
    for p in ps:
        assert total(out["awards"], currency="DOLLAR", **{"for": p["id"]}) == Decimal("10.00")
        assert total(out["charges"], payer="government", **{"for": p["id"]}) == Decimal("10.00")
    assert all(a["amount"].count(".") == 1 and len(a["amount"].split(".")[1]) == 2 for a in out["awards"])


@settings(max_examples=60, deadline=None)
@given(values, values, st.integers(0, 15))
def test_merit_is_monotone_in_value_and_persons(v1, v2, persons):
    low, high = sorted([v1, v2])

    def merits(value, n):
        doc = case([{"id": "x", "value": str(value), "award_fraction": "0", "found": {"by": "a"}}],
                   persons=[{"id": f"p{i}", "rescued_by": "a"} for i in range(n)],
                   parties=[{"id": "o1", "roles": ["official"]}])
        return len(assess_json(doc)["merits"])

    assert merits(low, persons) <= merits(high, persons)
    assert merits(low, persons) <= merits(low, persons + 1)
    assert merits(low, persons) == (1 if low >= 10000 or persons >= 10 else 0)


def test_officials_honours_from_earlier_merits():
    def honours(earlier):
        doc = case([{"id": "x", "value": "10000", "award_fraction": "0", "found": {"by": "a"}}],
                   parties=[{"id": "o1", "roles": ["official"]}],
                   coast={"records": [{"party": "o1", "merits": earlier}]})
        return [h for h in assess_json(doc).get("honours", []) if h["to"] == "o1"]

    assert honours(0) == [] and honours(1) == []
    assert honours(2) == [{"to": "o1", "honour": "reward", "times": 3, "reason": "3 merits", "cites": ["qing-taiwan:2"]}]
    assert honours(4)[0]["honour"] == "promotion" and honours(4)[0]["times"] == 5


def test_era_date_of_the_case():
    out = assess_json(case(occurred="1891-04-03"))
    assert out["era_dates"] == {"1891-04-03": "光緒十七年二月廿五日"}


def test_taiwan_ignores_shandong_coast_rules():
    doc = case(coast={"case_segment": "T1", "segments": [{"id": "T1", "station": {"headman": "a"},
                                                           "boats": [{"id": "B", "number": 1}]},
                                                          {"id": "T2", "boats": [{"id": "C", "number": 1}]}]},
               events=[{"type": "boats_dispatched", "date": "1891-06-01", "segment": "T2", "boats": ["C"]}])
    codes = {f["code"] for f in assess_json(doc)["findings"]}
    assert not codes & {"neighbour-without-tally", "unlicensed-boat", "station-officers-missing"}


def test_coast_validation_is_the_same_under_taiwan():
    doc = case(coast={"segments": [{"id": "T1", "station": {"headman": "ghost"}}]})
    with pytest.raises(InvalidScenario) as exc:
        assess_doc(doc)
    assert exc.value.problems == [("/coast/segments/0/station/headman", "no party with id 'ghost'")]


def test_every_step_cites_and_reads_known_readings():
    doc = case([{"id": "x", "value": "900", "found": {"by": ["a", "b"]}},
                {"id": "y", "value": "90", "award_fraction": "1/2", "found": {"by": "a"}},
                {"id": "h", "kind": "vessel", "value": "9000", "found": {"by": "a"}}],
               persons=[{"id": "p", "rescued_by": "a", "small_boat": True, "can_pay": False}],
               events=[{"type": "reported", "date": "1891-06-01", "by": "b"},
                       {"type": "master_directed", "date": "1891-06-01", "first": "goods"}],
               parties=[{"id": "o1", "roles": ["official"]}, {"id": "hd"}], signal="breached",
               coast={"case_segment": "T1", "segments": [{"id": "T1", "station": {"headman": "hd"}}]})
    doc["expenses"] = [{"id": "m", "category": "messenger", "amount": "1", "payee": "b"}]
    out = assess_json(doc)
    rules = {s["rule"] for s in out["explanation"]}
    assert {"goods_award", "fraction_above_cap", "small_boat_award", "first_reporter", "officials_merits",
            "headman_rewards", "messengers", "segment_station", "signal", "masters_will"} <= rules
    assert_steps_cite_and_read_known_readings(out, "qing-taiwan")
