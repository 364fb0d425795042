"""Property tests of the general average adjustment (hypothesis): exact sums whatever the figures."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

from hypothesis import assume, given, settings, strategies as st

from wreckmaster.average import adjust, validate

PLACES = {"JPY": 0, "USD": 2, "KWD": 3}
ADJUSTED = date(2024, 9, 1)


def _money(units: int, places: int) -> str:
    return str(Decimal(units).scaleb(-places))


@st.composite
def averages(draw):
    code = draw(st.sampled_from(sorted(PLACES)))
    places = PLACES[code]
    n = draw(st.integers(1, 5))
    ids = [f"i{k}" for k in range(n)]
    interests = [{"id": i, "kind": draw(st.sampled_from(["ship", "cargo", "freight"])),
                  "arrived_value": _money(draw(st.integers(0, 10 ** 9)), places)} for i in ids]
    day = st.integers(0, 800).map(lambda d: (ADJUSTED - timedelta(days=d)).isoformat())
    sacrifices = [{"interest": draw(st.sampled_from(ids)), "amount": _money(draw(st.integers(0, 10 ** 8)), places),
                   "date": draw(day)} for _ in range(draw(st.integers(0, 4)))]
    expenditures = [{"paid_by": draw(st.sampled_from(ids)), "amount": _money(draw(st.integers(0, 10 ** 8)), places),
                     "date": draw(day), "kind": draw(st.sampled_from(["disbursement", "wages", "fuel"]))}
                    for _ in range(draw(st.integers(0, 4)))]
    doc = {"format": "wreckmaster.average/1", "rules": "yar-1974", "currency": code,
           "adjusted_on": ADJUSTED.isoformat(), "interests": interests, "sacrifices": sacrifices,
           "expenditures": expenditures}
    cv = sum(Decimal(i["arrived_value"]) for i in interests) + sum(Decimal(s["amount"]) for s in sacrifices)
    assume(cv > 0)
    return doc


@settings(max_examples=200, deadline=None)
@given(averages())
def test_sums_are_exact(doc):
    a = adjust(validate(doc))
    assert sum(s.balance for s in a.shares) == 0
    assert sum(s.contribution for s in a.shares) == a.total
    assert sum(s.allowance for s in a.shares) == a.total
    assert a.total == a.sacrifices + a.expenditures + a.commission + a.interest
    assert a.rate == Fraction(a.total, a.contributory_total)
    for s in a.shares:
        # largest remainder: each contribution is its exact share rounded down or up, never further
        assert s.contribution_exact - 1 < s.contribution < s.contribution_exact + 1
        assert s.contribution >= 0 and s.allowance >= 0
    for line in a.lines:
        assert line.commission == 0 or line.kind == "disbursement"
        assert line.interest >= 0
    out = a.to_json()
    assert [i["id"] for i in out["interests"]] == [i["id"] for i in doc["interests"]]


@settings(max_examples=200, deadline=None)
@given(averages(), st.data())
def test_a_larger_sacrifice_never_lowers_its_owners_allowance(doc, data):
    assume(doc["sacrifices"])
    k = data.draw(st.integers(0, len(doc["sacrifices"]) - 1))
    places = PLACES[doc["currency"]]
    more = data.draw(st.integers(0, 10 ** 8))
    owner = doc["sacrifices"][k]["interest"]
    before = {s.id: s for s in adjust(validate(doc)).shares}[owner].allowance
    bigger = {**doc, "sacrifices": [dict(s) for s in doc["sacrifices"]]}
    bigger["sacrifices"][k]["amount"] = str(Decimal(doc["sacrifices"][k]["amount"]) + Decimal(more).scaleb(-places))
    after_adj = adjust(validate(bigger))
    after = {s.id: s for s in after_adj.shares}[owner].allowance
    assert after >= before
    assert sum(s.balance for s in after_adj.shares) == 0


@settings(max_examples=100, deadline=None)
@given(averages())
def test_an_earlier_date_never_lowers_the_interest(doc):
    base = adjust(validate(doc)).interest
    earlier = {**doc, "sacrifices": [{**s, "date": (date.fromisoformat(s["date"]) - timedelta(days=10)).isoformat()}
                                     for s in doc["sacrifices"]],
               "expenditures": [{**e, "date": (date.fromisoformat(e["date"]) - timedelta(days=10)).isoformat()}
                                for e in doc["expenditures"]]}
    assert adjust(validate(earlier)).interest >= base
