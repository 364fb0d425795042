"""Invariants of the jp-1875 figures (arts 8, 11, 12, 31, 32, 34), checked on generated cases."""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from ...conftest import assess_json

amounts = st.decimals(min_value=0, max_value=10**6, places=3, allow_nan=False, allow_infinity=False)
states = st.sampled_from(["floating", "sunk"])
waters = st.sampled_from(["sea", "river"])


def wreck(items, expenses=(), events=(), **case):
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1880-01-01",
        "case": {"occurred": "1876-05-01", "kind": "wreck", "vessel": {"owner": "o"}, **case},
        "parties": [{"id": "o"}, {"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "v"}],
        "items": list(items), "expenses": list(expenses), "events": list(events),
    }


def total(entries, **match) -> Decimal:
    return sum((Decimal(e["amount"]) for e in entries if all(e.get(k) == v for k, v in match.items())), Decimal(0))


@settings(max_examples=60, deadline=None)
@given(amounts, amounts, states, waters, st.integers(1, 3))
def test_more_value_never_gives_a_smaller_fee(v1, v2, state, water, n):
    low, high = sorted([v1, v2])
    finders = ["a", "b", "c"][:n]
    fees = []
    for value in (low, high):
        out = assess_json(wreck([{"id": "x", "value": str(value), "found": {"by": finders, "state": state, "waters": water}}]))
        fees.append(total(out["awards"], kind="salvage_fee"))
    assert fees[0] <= fees[1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(amounts, states, waters, st.integers(1, 3)), min_size=1, max_size=5),
       st.lists(st.tuples(st.sampled_from(["labour", "boats", "supplies", "communications", "official-wages"]), amounts),
                max_size=5),
       st.one_of(st.none(), amounts), st.booleans())
def test_charges_add_up_and_nothing_is_negative(items, expenses, price, total_loss):
    its = [{"id": f"i{k}", "value": str(v), "found": {"by": ["a", "b", "c"][:n], "state": s, "waters": w}}
           for k, (v, s, w, n) in enumerate(items)]
    exps = [{"id": f"e{k}", "category": c, "amount": str(a), "payee": "v"} for k, (c, a) in enumerate(expenses)]
    events = [{"type": "sold", "date": "1876-06-01", "item": "i0", "price": str(price)}] if price is not None else []
    out = assess_json(wreck(its, exps, events, total_loss=total_loss))
    for entry in out["awards"] + out["charges"]:
        assert Decimal(entry["amount"]) >= 0
        assert entry["cites"]
    # every fee awarded is charged, in full, to someone (art 11, or art 15)
    for award in out["awards"]:
        paid = total(out["charges"], payee=award["to"], **{"for": award["for"]})
        assert paid == Decimal(award["amount"])
    # every expense is charged in full (arts 11, 12, 15)
    for e in exps:
        assert total(out["charges"], **{"for": e["id"]}) == Decimal(e["amount"])
    # custody never pays out more than the proceeds; with a sale it pays out exactly the proceeds
    if price is not None and not total_loss:
        assert total(out["charges"], payer="custody") == price


@settings(max_examples=60, deadline=None)
@given(amounts, st.lists(amounts, max_size=3), st.booleans(), st.integers(1, 3))
def test_drift_shares_add_up_to_the_net_proceeds(price, costs, vessel, n):
    finders = ["a", "b", "c"][:n]
    doc = {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1885-01-01",
        "case": {"occurred": "1880-01-01", "kind": "drift"},
        "parties": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "v"}],
        "items": [{"id": "x", "kind": "vessel" if vessel else "cargo", "value": "1",
                   "found": {"date": "1880-01-01", "by": finders, "state": "ashore"}}],
        "expenses": [{"id": f"k{i}", "category": "custody", "amount": str(c), "for": "x", "payee": "v"}
                     for i, c in enumerate(costs)],
        "events": [{"type": "notice_posted", "date": "1880-01-02", "items": ["x"]},
                   {"type": "sold", "date": "1881-06-01", "item": "x", "price": str(price)}],
    }
    out = assess_json(doc)
    net = max(price - sum(costs, Decimal(0)), Decimal(0))
    shares = total(out["awards"], kind="finder_share") + total(out["awards"], kind="government_share")
    assert shares == net
    # the proceeds held are paid out exactly: costs first (art 34), then the shares
    assert total(out["charges"], payer="custody") == price
    by_finder = defaultdict(Decimal)
    for a in out["awards"]:
        if a["kind"] == "finder_share":
            by_finder[a["to"]] += Decimal(a["amount"])
    if by_finder:
        assert max(by_finder.values()) - min(by_finder.values()) <= Decimal("0.001")


@settings(max_examples=60, deadline=None)
@given(amounts, amounts, st.lists(amounts, max_size=3), st.booleans(), st.integers(1, 3))
def test_owner_sale_pays_costs_then_finder_then_owner_exactly(value, price, costs, vessel, n):
    """Art 31 item 1 proviso / art 32 item 1 (issue 21): the owner's sale price held in custody is
    paid out exactly — costs, the finder's share, the rest to the owner — and what it cannot pay
    the owner pays; every cost and the finder's whole share are paid, nothing is negative."""
    finders = ["a", "b", "c"][:n]
    doc = {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1885-01-01",
        "case": {"occurred": "1880-01-01", "kind": "drift"},
        "parties": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "v"}, {"id": "o"}],
        "items": [{"id": "x", "kind": "vessel" if vessel else "cargo", "value": str(value),
                   "found": {"date": "1880-01-01", "by": finders, "state": "ashore"}}],
        "expenses": [{"id": f"k{i}", "category": "custody", "amount": str(c), "for": "x", "payee": "v"}
                     for i, c in enumerate(costs)],
        "events": [{"type": "notice_posted", "date": "1880-01-02", "items": ["x"]},
                   {"type": "owner_identified", "date": "1880-06-01", "item": "x", "owner": "o"},
                   {"type": "sold", "date": "1880-07-01", "item": "x", "price": str(price)}],
    }
    out = assess_json(doc)
    assert all(Decimal(e["amount"]) > 0 for e in out["awards"] + out["charges"])
    share = total(out["awards"], kind="finder_share")
    owed = sum(costs, Decimal(0)) + share
    assert total(out["charges"], payer="custody") == price          # the money held is paid out exactly
    assert total(out["charges"], payer="custody", payee="o") == max(price - owed, Decimal(0))
    assert total(out["charges"], payer="o") == max(owed - price, Decimal(0))
    assert total(out["charges"], payee="v") == sum(costs, Decimal(0))
    for f in finders:
        assert total(out["charges"], payee=f) == total(out["awards"], to=f)
