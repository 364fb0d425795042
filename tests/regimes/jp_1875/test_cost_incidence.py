"""jp-1875 art 11 (issue 10 points 4–6): the proceeds are the fund, not the incidence; an item's
fee is its owner's; art 9 withholds the finders' other wages. Properties on generated cases."""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ...conftest import assess_json

money = st.integers(min_value=1, max_value=10**7).map(lambda r: Decimal(r) / 1000)   # 0.001 .. 10,000 yen
shares = st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 4), Fraction(3, 7)])


def _case(value, tow, price, ship_share, sold=True, item_owner="merchant"):
    item = {"id": "kelp", "value": str(value), "found": {"date": "1876-05-02", "by": ["b"], "state": "floating"}}
    if item_owner:
        item["owner"] = item_owner
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1877-01-01",
        "case": {"occurred": "1876-05-01", "kind": "jettison", "vessel": {"owner": "ship"},
                 "cost_bearers": [{"party": "ship", "share": str(ship_share)},
                                  {"party": "merchant", "share": str(1 - ship_share)}]},
        "parties": [{"id": "ship"}, {"id": "merchant"}, {"id": "b"}],
        "items": [item],
        "expenses": [{"id": "tow", "category": "boats", "amount": str(tow), "payee": "b"}],
        "events": [{"type": "sold", "date": "1876-06-01", "item": "kelp", "price": str(price)}] if sold else [],
    }


def _paid(out, payer, **kw):
    return sum((Decimal(c["amount"]) for c in out["charges"] if c["payer"] == payer
                and all(c.get(k) == v for k, v in kw.items())), Decimal(0))


@settings(max_examples=60, deadline=None)
@given(money, money, shares)
def test_the_shipowner_bears_his_share_of_costs_paid_from_the_cargo_owners_proceeds(value, tow, ship_share):
    """jp-1875:11 — proceeds cover everything: the ship repays the merchant exactly its share of the
    towing (rounded once, to the rin); the fee on the merchant's kelp stays the merchant's."""
    fee = (Fraction(value) / 20)
    price = Decimal(value) + Decimal(tow) + 1          # proceeds always cover the costs
    out = assess_json(_case(value, tow, price, ship_share))
    exact = Fraction(tow) * ship_share
    want = Decimal(int(exact * 1000 + Fraction(1, 2))) / 1000
    assert _paid(out, "ship", payee="merchant", **{"for": "reimbursement"}) == want
    # custody pays the fee and the towing, and the rest goes back: the proceeds add up exactly
    assert _paid(out, "custody") == price
    assert not [c for c in out["charges"] if c["payer"] == "government"]
    assert fee >= 0


@settings(max_examples=40, deadline=None)
@given(money, money, shares)
def test_without_a_sale_the_item_owner_bears_its_fee_and_the_owner_side_the_rest(value, tow, ship_share):
    """jp-1875:8, 11 — nothing sold: the fee on the kelp is the merchant's alone; the towing split by shares."""
    out = assess_json(_case(value, tow, 0, ship_share, sold=False))
    fee = Decimal(int(Fraction(value) / 20 * 1000 + Fraction(1, 2))) / 1000
    assert _paid(out, "merchant", **{"for": "kelp"}) == fee
    assert _paid(out, "ship", **{"for": "kelp"}) == 0
    assert _paid(out, "ship", **{"for": "tow"}) + _paid(out, "merchant", **{"for": "tow"}) == Decimal(tow)


@settings(max_examples=40, deadline=None)
@given(money, money)
def test_effort_not_evidenced_withholds_fee_and_finders_wages(value, tow):
    """jp-1875:9 — no fee and no finders' wages for the item are charged to anyone."""
    doc = _case(value, tow, 0, Fraction(1, 2), sold=False)
    doc["items"][0]["effort_evidenced"] = False
    doc["expenses"][0]["for"] = "kelp"
    out = assess_json(doc)
    assert not out["charges"] and not [a for a in out["awards"] if a["kind"] == "salvage_fee"]
    assert {"effort-not-evidenced", "wages-withheld"} <= {f["code"] for f in out["findings"]}
