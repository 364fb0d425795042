"""Invariants of the jp-1899 rescue expenses (arts 12–19), checked on generated cases.

- every claimant's awards equal the charges paying him (final incidence, nothing lost);
- the money held is fully distributed: what ``custody`` pays out equals what it holds;
- nothing is negative, every entry cites articles that resolve;
- the treasury pays only when the rescue failed (art 19 ¶1) or after the art 17 procedure
  (art 19 ¶2), and never for a government ship that was rescued (art 22);
- more money held never makes the master (owner) bear more.
"""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import citations

from ...conftest import assess_json

rin = st.integers(min_value=0, max_value=200_000).map(lambda u: str(Decimal(u) / 1000))
days = st.integers(min_value=1, max_value=28)
CLAIMANTS = ["a", "b", "c", "d"]


def scenario(claims, sales, payments, *, effective=True, government=False, home=False, absent=False,
             obstructed=(), as_of="1901-12-31", due_day=15, unsold=False, outlays=()):
    items = [{"id": f"i{k}", "value": "10", "perishable": True, "found": {"date": "1900-03-01", "by": ["a"]}}
             for k in range(len(sales))]
    if unsold:
        items.append({"id": "left", "value": "10", "found": {"date": "1900-03-01", "by": ["a"]}})
    events = [{"type": "claim_period_set", "date": "1900-03-02", "due": "1900-03-20"}]
    events += [{"type": "claim_filed", "date": f"1900-03-{d:02d}", "by": who, "amount": amt} for who, amt, d in claims]
    events += [{"type": "sold", "date": f"1900-{m:02d}-{d:02d}", "item": f"i{k}", "price": price}
               for k, (price, m, d) in enumerate(sales)]
    events += [{"type": "expenses_notified", "date": "1900-04-01", "to": "k", "due": f"1900-04-{due_day:02d}"}]
    events += [{"type": "paid", "date": f"1900-04-{d:02d}", "by": who, "amount": amt} for who, amt, d in payments]
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1899", "as_of": as_of,
        "case": {"occurred": "1900-03-01", "kind": "wreck", "rescue_effective": effective, "at_home_port": home,
                 "master_absent": absent, "vessel": {"owner": "o", "master": "k", "government": government}},
        "parties": [{"id": "o"}, {"id": "k"}] + [{"id": c, "obstructed": c in obstructed} for c in CLAIMANTS]
        + ([{"id": "m", "roles": ["mayor"]}] if outlays else []),
        "items": items, "events": events,
        "expenses": [{"id": f"x{k}", "category": cat, "amount": amt, "payee": "m"} for k, (cat, amt) in enumerate(outlays)],
    }


claims_st = st.lists(st.tuples(st.sampled_from(CLAIMANTS), rin, days), min_size=0, max_size=5)
sales_st = st.lists(st.tuples(rin, st.sampled_from([3, 5]), days), max_size=3)
payments_st = st.lists(st.tuples(st.sampled_from(["k", "o"]), rin, days), max_size=3)
flags = st.fixed_dictionaries({"effective": st.booleans(), "government": st.booleans(), "home": st.booleans(),
                               "absent": st.booleans(), "unsold": st.booleans(),
                               "obstructed": st.sets(st.sampled_from(CLAIMANTS), max_size=2),
                               "as_of": st.sampled_from(["1900-04-10", "1900-06-30", "1901-12-31"]),
                               "due_day": st.integers(1, 28)})


def total(entries, **match) -> Decimal:
    return sum((Decimal(e["amount"]) for e in entries if all(e.get(k) == v for k, v in match.items())), Decimal(0))


@settings(max_examples=200, deadline=None)
@given(claims_st, sales_st, payments_st, flags)
def test_awards_are_paid_exactly_and_custody_distributes_all_it_holds(claims, sales, payments, flags):
    out = assess_json(scenario(claims, sales, payments, **flags))
    awards = [a for a in out["awards"] if a["kind"] == "rescue_expenses"]
    for who in {a["to"] for a in awards}:
        assert total(out["charges"], payee=who, **{"for": "rescue_expenses"}) == total(awards, to=who)
    paid_to_claimants = total([c for c in out["charges"] if c["for"] == "rescue_expenses"])
    assert paid_to_claimants == total(awards)
    # what custody holds as of the assessment's day: sales after as_of are not yet known
    held = sum((Decimal(p) for p, m, d in sales if f"1900-{m:02d}-{d:02d}" <= flags["as_of"]), Decimal(0))
    assert total(out["charges"], payer="custody") == held
    for entry in out["awards"] + out["charges"]:
        assert Decimal(entry["amount"]) > 0
        assert entry["cites"]
        for c in entry["cites"]:
            citations.resolve(c)
    for f in out["findings"]:
        for c in f["cites"]:
            citations.resolve(c)


@settings(max_examples=150, deadline=None)
@given(claims_st, sales_st, payments_st, flags)
def test_the_treasury_pays_only_where_art_19_says(claims, sales, payments, flags):
    out = assess_json(scenario(claims, sales, payments, **flags))
    gov = [c for c in out["charges"] if c["payer"] == "government"]
    if not gov:
        return
    if flags["effective"]:
        assert not flags["government"], "art 22: no art 19 ¶2 for a government ship"
        assert all("jp-1899:19.2" in c["cites"] for c in gov)
        assert not flags["unsold"], "the art 17 sale of held goods comes first"
        assert any(d["duty"] == "pay the rescue expenses" and d["status"] == "missed" for d in out["deadlines"])
    else:
        assert all("jp-1899:19.1" in c["cites"] for c in gov)


@settings(max_examples=120, deadline=None)
@given(claims_st, rin, rin, payments_st, flags)
def test_more_held_money_never_makes_the_master_bear_more(claims, p1, p2, payments, flags):
    low, high = sorted([Decimal(p1), Decimal(p2)])
    borne = []
    for price in (low, high):
        out = assess_json(scenario(claims, [(str(price), 3, 5)], payments, **flags))
        borne.append(total([c for c in out["charges"] if c["payer"] in ("k", "o")]))
    assert borne[1] <= borne[0]


@settings(max_examples=80, deadline=None)
@given(claims_st, sales_st, payments_st, flags)
def test_every_claim_is_either_awarded_or_excluded_by_a_finding(claims, sales, payments, flags):
    out = assess_json(scenario(claims, sales, payments, **flags))
    codes = defaultdict(int)
    for f in out["findings"]:
        codes[f["code"]] += 1
    excluded = codes["claim-filed-late"] + codes["claim-excluded-obstruction"] + codes["volunteer-not-covered"]
    awarded = len([a for a in out["awards"] if a["kind"] == "rescue_expenses"])
    zero = len([1 for _, amt, _ in claims if Decimal(amt) == 0])
    assert awarded + excluded + zero >= len(claims) >= awarded + excluded


@settings(max_examples=120, deadline=None)
@given(claims_st, sales_st, payments_st, flags,
       st.lists(st.tuples(st.sampled_from(["transport", "storage", "sale"]), rin), min_size=1, max_size=3))
def test_the_mayors_outlays_are_rescue_expenses_paid_before_any_surplus(claims, sales, payments, flags, outlays):
    """Issue 21 point 6 (arts 13 item 3, 15, 16, 18; reading jp-1899-13-mayor-outlays): what the
    mayor paid to carry, keep and sell the goods is awarded to him without a claim and paid like
    the claims, and held money goes back only beyond all of them."""
    out = assess_json(scenario(claims, sales, payments, **flags, outlays=outlays))
    mayor = [a for a in out["awards"] if a["to"] == "m"]
    assert total(mayor) == sum((Decimal(a) for _, a in outlays), Decimal(0))
    assert all(a["kind"] == "rescue_expenses" and "jp-1899:13#3" in a["cites"] for a in mayor)
    awards = [a for a in out["awards"] if a["kind"] == "rescue_expenses"]
    assert total([c for c in out["charges"] if c["for"] == "rescue_expenses"]) == total(awards)
    assert total(out["charges"], payee="m") == total(mayor)
    held = sum((Decimal(p) for p, m, d in sales if f"1900-{m:02d}-{d:02d}" <= flags["as_of"]), Decimal(0))
    surplus = total(out["charges"], payer="custody", **{"for": "surplus"})
    if flags["effective"] and not flags["government"]:
        assert surplus == max(held - total(awards), Decimal(0))
    assert "expense-not-claimed" not in {f["code"] for f in out["findings"]}
