"""Property tests of the village ferry's compensation and baggage rules (hypothesis)."""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from tests.conftest import assess_json
from wreckmaster.law.regime import get
from wreckmaster.regimes.jp_village_ferry.baggage import check

CAUSES = ["storm", "collision", "stranding", "fire", "theft", "strike", "inherent-vice", "decay", "vermin",
          "packing", "deck-cargo", "gear-defect", "lien", "deviation", "docking", "handling", "other"]
EXCEPTED = set(CAUSES) - {"handling", "other"}
ratios = st.fractions(min_value=0, max_value=1, max_denominator=1000)
amounts = st.integers(0, 10 ** 7)


def case(item: dict, ratio: Fraction, cause: str = "handling") -> dict:
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-village-ferry", "as_of": "2024-05-01",
        "case": {"occurred": "2024-04-01", "kind": "wreck", "vessel": {"owner": "village"}},
        "parties": [{"id": "village"}, {"id": "o"}],
        "items": [{"id": "x", "owner": "o", **item}],
        "events": [{"type": "damaged", "date": "2024-04-01", "item": "x",
                    "ratio": f"{ratio.numerator}/{ratio.denominator}", "cause": cause}],
    }


def paid(out: dict) -> int:
    return sum(int(a["amount"]) for a in out["awards"] if a["kind"] == "compensation")


def expected(base: Fraction, ratio: Fraction) -> int:
    exact = base * ratio
    whole, rest = divmod(exact.numerator, exact.denominator)
    return whole + (1 if 2 * rest >= exact.denominator else 0)


@settings(max_examples=150, deadline=None)
@given(amounts, ratios)
def test_baggage_is_min_value_3000_times_ratio(value, ratio):
    out = assess_json(case({"kind": "baggage", "value": value}, ratio))
    assert paid(out) == expected(min(Fraction(value), Fraction(3000)), ratio)
    assert paid(out) <= 3000
    # what is awarded is exactly what the carrier is charged
    assert sorted((a["to"], a["amount"]) for a in out["awards"]) == \
        sorted((c["payee"], c["amount"]) for c in out["charges"] if c["payer"] == "village")


@settings(max_examples=150, deadline=None)
@given(amounts, ratios, st.one_of(st.none(), amounts))
def test_goods_are_capped_at_500_unless_declared(value, ratio, declared):
    item = {"kind": "cargo", "value": value}
    if declared is not None:
        item["declared_value"] = declared
    out = assess_json(case(item, ratio))
    base = Fraction(declared) if declared is not None else min(Fraction(value), Fraction(500))
    assert paid(out) == expected(base, ratio)


@settings(max_examples=100, deadline=None)
@given(amounts, ratios, ratios)
def test_compensation_never_falls_when_the_damage_grows(value, r1, r2):
    lo, hi = sorted([r1, r2])
    for kind in ("cargo", "baggage"):
        assert paid(assess_json(case({"kind": kind, "value": value}, lo))) <= \
            paid(assess_json(case({"kind": kind, "value": value}, hi)))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(CAUSES), st.sampled_from(["cargo", "baggage"]), st.booleans(), amounts, ratios)
def test_nothing_for_excepted_causes_or_hand_carried(cause, kind, hand_carried, value, ratio):
    out = assess_json(case({"kind": kind, "value": value, "hand_carried": hand_carried}, ratio, cause))
    if cause in EXCEPTED or hand_carried:
        assert paid(out) == 0
        codes = {f["code"] for f in out["findings"]}
        assert codes & {"excepted-cause", "hand-carried-no-liability"}
    for a in out["awards"]:
        assert Decimal(a["amount"]) >= 0


sides = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("3"), places=3)
weights = st.decimals(min_value=Decimal("0"), max_value=Decimal("60"), places=2)


@settings(max_examples=300, deadline=None)
@given(st.tuples(sides, sides, sides), weights)
def test_baggage_check_is_exact(three, weight):
    params = get("jp-village-ferry").parameters
    result = check(three, weight, params.param("baggage.max_sides_sum_m"), params.param("baggage.max_weight_kg"))
    assert result.accepted == (sum(three) <= 2 and weight <= 30)
    codes = {r.code for r in result.reasons}
    assert ("sides-over-limit" in codes) == (sum(three) > 2)
    assert ("weight-over-limit" in codes) == (weight > 30)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 400), st.integers(0, 400))
def test_unclaimed_deadline_is_the_30th_day(offset, later):
    from datetime import date, timedelta

    unloaded = date(2023, 1, 1) + timedelta(days=offset)
    doc = case({"kind": "cargo", "value": 100}, Fraction(0))
    doc["events"] = [{"type": "unloaded", "date": unloaded.isoformat(), "items": ["x"]},
                     {"type": "delivery_requested", "date": (unloaded + timedelta(days=later % 60)).isoformat(),
                      "items": ["x"]}]
    d = assess_json(doc)["deadlines"][0]
    assert d["due"] == (unloaded + timedelta(days=30)).isoformat()
    assert d["status"] == ("met" if later % 60 <= 30 else "missed")
