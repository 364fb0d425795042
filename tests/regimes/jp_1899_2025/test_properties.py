"""jp-1899-2025 chapter 2: invariants over generated drift cases (hypothesis).

- a reward never exceeds the rate of art 24 ¶2 / art 27 ¶1 (1/15, 1/10, 1/3 of the value);
- the parts of one reward add up to the rounded whole; nothing is negative;
- what custody pays out of a sale adds up exactly to the price;
- the owner's last day moves forward with the notice day (monotone), and is one year for the
  Cabinet Order's goods and six months otherwise.
"""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal, ROUND_HALF_UP
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import validate
from wreckmaster.regimes.jp_1899_2025 import municipal_days

from ...conftest import assess_json

RATES = {("timber", "river", "floating"): Fraction(1, 15), ("gear", "sea", "floating"): Fraction(1, 10),
         ("gear", "sea", "sunk"): Fraction(1, 3), ("timber", "sea", "floating"): Fraction(1, 10),
         ("gear", "river", "sunk"): Fraction(1, 3)}
START = date(2025, 6, 1)

values = st.integers(min_value=0, max_value=10_000_000)
klass = st.sampled_from(sorted(RATES))
days = st.integers(min_value=0, max_value=400)


def _doc(kind, waters, state, value, finders, outcome, found_off, costs, price, decided=None):
    found = START + timedelta(days=found_off)
    parties = [{"id": f"f{i}", "roles": ["finder"]} for i in range(finders)] + [{"id": "o", "roles": ["owner"]}]
    by = [f"f{i}" for i in range(finders)]
    item = {"id": "x", "kind": kind, "value": str(value), "found": {"date": found.isoformat(), "by": by,
                                                                     "waters": waters, "state": state}}
    events, expenses = [], [{"id": f"e{i}", "category": c, "amount": str(a), "for": "x"}
                            for i, (c, a) in enumerate(costs)]
    if outcome == "returned":
        item["owner"] = "o"
        events.append({"type": "returned_to_owner", "date": (found + timedelta(days=3)).isoformat(), "by": by,
                       "items": ["x"]})
        if decided is not None:
            events.append({"type": "reward_decided", "date": (found + timedelta(days=3)).isoformat(), "to": by[0],
                           "amount": str(decided), "for": "x"})
    else:
        events += [{"type": "delivered", "date": found.isoformat(), "by": by, "items": ["x"]},
                   {"type": "notice_posted", "date": (found + timedelta(days=1)).isoformat(), "items": ["x"]}]
        if outcome == "claimed":
            events.append({"type": "owner_claimed", "date": (found + timedelta(days=20)).isoformat(), "by": "o",
                           "items": ["x"]})
        elif outcome == "sold":
            events += [{"type": "finder_waived", "date": found.isoformat(), "by": by, "items": ["x"]},
                       {"type": "owner_waived", "date": (found + timedelta(days=5)).isoformat(), "items": ["x"]},
                       {"type": "sold", "date": (found + timedelta(days=10)).isoformat(), "item": "x",
                        "price": str(price)}]
    return {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025", "as_of": (found + timedelta(days=60)).isoformat(),
            "case": {"occurred": found.isoformat(), "waters": waters, "kind": "drift"},
            "parties": parties, "items": [item], "expenses": expenses, "events": events}


costs_st = st.lists(st.tuples(st.sampled_from(["notice", "custody", "sale", "valuation"]),
                              st.integers(min_value=0, max_value=100_000)), max_size=4)


@settings(max_examples=60, deadline=None)
@given(klass, values, st.integers(min_value=1, max_value=4), st.sampled_from(["returned", "claimed"]), days, costs_st)
def test_reward_within_the_rate_and_shares_add_up(k, value, finders, outcome, off, costs):
    kind, waters, state = k
    out = assess_json(_doc(kind, waters, state, value, finders, outcome, off, costs, 0))
    rewards = [Decimal(a["amount"]) for a in out["awards"] if a["kind"].startswith("finder_reward")]
    if outcome == "returned":
        # art 24 ¶2 with nothing agreed (issue 21): the ceiling is a limit, not an award charged to the owner
        assert rewards == [] and not [c for c in out["charges"] if c["payer"] == "o"]
        rewards = [Decimal(r["amount"]) for r in out["reward_limits"]]
        assert len(rewards) == 1
    whole = (Fraction(value) * RATES[k])
    rounded = Decimal(whole.numerator) / Decimal(whole.denominator)
    rounded = rounded.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    assert sum(rewards, Decimal(0)) == rounded
    assert sum(rewards, Decimal(0)) <= Decimal(value) * Decimal(RATES[k].numerator) / RATES[k].denominator + Decimal("0.5")
    if rewards:
        assert max(rewards) - min(rewards) <= 1
    for c in out["charges"] + out["awards"]:
        assert Decimal(c["amount"]) >= 0
    paid_by_owner = sum(Decimal(c["amount"]) for c in out["charges"] if c["payer"] == "o")
    expected_costs = sum(a for _, a in costs) if outcome == "claimed" else 0
    assert paid_by_owner == (rounded + expected_costs if outcome == "claimed" else 0)


@settings(max_examples=40, deadline=None)
@given(klass, values, st.integers(min_value=1, max_value=2), st.integers(min_value=0, max_value=10_000_000))
def test_a_decided_reward_is_awarded_only_up_to_the_ceiling(k, value, finders, decided):
    out = assess_json(_doc(*k, value, finders, "returned", 0, [], 0, decided))
    ceiling = Fraction(value) * RATES[k]
    total = sum(Fraction(a["amount"]) for a in out["awards"])
    if decided <= ceiling:
        assert total == decided
    else:
        assert total == 0 and any(f["code"] == "reward-above-ceiling" for f in out["findings"])


@settings(max_examples=40, deadline=None)
@given(values, costs_st, st.integers(min_value=0, max_value=1_000_000))
def test_custody_distributes_exactly_the_price(value, costs, price):
    out = assess_json(_doc("gear", "sea", "floating", value, 1, "sold", 0, costs, price))
    from_custody = sum(Decimal(c["amount"]) for c in out["charges"] if c["payer"] == "custody")
    assert from_custody == Decimal(price)
    for c in out["charges"]:
        assert Decimal(c["amount"]) > 0


@settings(max_examples=40, deadline=None)
@given(st.dates(min_value=date(2025, 6, 1), max_value=date(2040, 12, 31)),
       st.dates(min_value=date(2025, 6, 1), max_value=date(2040, 12, 31)), st.booleans())
def test_the_owners_last_day_is_monotone_in_the_notice_day(d1, d2, order):
    reg = registry.get("jp-1899-2025")
    item = {"id": "x", "kind": "vessel" if order else "gear", "kept_sunk": order, "found": {"state": "sunk"}}
    sc = validate({"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
                   "case": {"occurred": "2025-06-01", "kind": "drift"}, "items": [item]}, {"jp-1899-2025"})
    a, b = sorted([d1, d2])
    ua, ub = reg.claim_until(sc, "x", a), reg.claim_until(sc, "x", b)
    assert ua is not None and ub is not None and ua <= ub
    assert a < ua
    # the period's own last day (Civil Code), then moved past municipal holidays (地方自治法 art 4-2 ¶4)
    end = reg.parameters.param("owner_claim.period_sunk" if order else "owner_claim.period").value.due(a)
    if order:
        assert end.year == a.year + 1
    else:
        assert (end.year - a.year) * 12 + end.month - a.month == 6
    weekdays = reg.parameters.param("municipal_holidays.weekdays").value
    year_end = tuple(reg.parameters.param("municipal_holidays.year_end").value)
    assert end <= ua <= end + timedelta(days=12)
    assert municipal_days.holiday(ua, weekdays, year_end) is None
    day = end
    while day < ua:
        assert municipal_days.holiday(day, weekdays, year_end) is not None
        day += timedelta(days=1)
