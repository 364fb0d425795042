"""Invariants of the fr-epaves figures (arts 1–4), checked on generated cases."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ...conftest import assess_json

START, END = date(1914, 8, 2), date(1920, 4, 24)
amounts = st.decimals(min_value=0, max_value=10**7, places=2, allow_nan=False, allow_infinity=False)
in_war = st.dates(min_value=START, max_value=END)
salvor_lists = st.integers(1, 3).map(lambda n: ["a", "b", "c"][:n])


def case(items, events=(), **extra):
    return {
        "format": "wreckmaster.scenario/1", "regime": "fr-epaves", "as_of": "1921-01-01",
        "case": {"occurred": "1917-03-10", "kind": "wreck", **extra},
        "parties": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "o"}],
        "items": list(items), "events": list(events),
    }


def total(entries, **match) -> Decimal:
    return sum((Decimal(e["amount"]) for e in entries if all(e.get(k) == v for k, v in match.items())), Decimal(0))


@settings(max_examples=80, deadline=None)
@given(amounts, salvor_lists, st.integers(0, 1852), st.integers(1853, 10**6), st.booleans())
def test_forty_percent_is_never_less_than_thirty(value, salvors, near, far, sold):
    """Art 4: for the same value (or proceeds), beyond the mile never gives less than within it."""
    got = []
    for distance in (near, far):
        found = {"date": "1917-03-10", "by": salvors, "state": "floating", "distance_from_coast_m": distance}
        events = [{"type": "sold", "date": "1917-06-01", "item": "x", "price": str(value)}] if sold else []
        out = assess_json(case([{"id": "x", "value": str(value), "found": found}], events))
        got.append(total(out["awards"], kind="salvage_award"))
    assert got[0] <= got[1]
    # and each is its rate of the value, rounded once to the centime
    assert got[0] == (value * Decimal("0.3")).quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")
    assert got[1] == (value * Decimal("0.4")).quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")


@settings(max_examples=120, deadline=None)
@given(price=amounts, duty=st.one_of(st.none(), amounts), salvors=salvor_lists,
       distance=st.one_of(st.none(), st.integers(0, 5000)), owner=st.booleans(),
       expenses=st.one_of(st.none(), amounts), advances=st.lists(st.tuples(st.sampled_from("abc"), amounts), max_size=3))
def test_proceeds_are_always_fully_distributed(price, duty, salvors, distance, owner, expenses, advances):
    """Art 4 ¶1: salvor, customs, owner — every centime of the proceeds goes somewhere, nothing is
    negative, customs never gets more than its duty, and each salvor ends with exactly his award."""
    found = {"date": "1917-03-10", "by": salvors}
    found.update({"state": "ashore"} if distance is None else {"state": "floating", "distance_from_coast_m": distance})
    item = {"id": "x", "value": "1", "found": found}
    if duty is not None:
        item["customs_duty"] = str(duty)
    if expenses is not None:
        item["salvor_expenses"] = str(expenses)
    if owner:
        item["owner"] = "o"
    events = [{"type": "declared", "date": "1917-03-11", "by": salvors[0], "items": ["x"]},
              {"type": "sold", "date": "1917-05-11", "item": "x", "price": str(price)}]
    events += [{"type": "advance_paid", "date": "1917-03-12", "to": to, "item": "x", "amount": str(amt)}
               for to, amt in advances]
    out = assess_json(case([item], events))
    for entry in out["awards"] + out["charges"]:
        assert Decimal(entry["amount"]) >= 0 and entry["cites"]
    codes = {f["code"] for f in out["findings"]}
    from_custody = total(out["charges"], payer="custody")
    if "scale-not-applicable" in codes:
        assert not out["awards"] and from_custody == 0 and "proceeds-held" in codes
        return
    assert from_custody == price
    assert total(out["charges"], payer="custody", payee="customs") <= (duty or 0)
    for s in salvors:
        award = total(out["awards"], to=s)
        net = (total(out["charges"], payee=s) - total(out["charges"], payer=s, payee="government"))
        assert net == award


@settings(max_examples=80, deadline=None)
@given(in_war, in_war, st.booleans())
def test_a_later_find_never_has_an_earlier_declaration_deadline(d1, d2, at_sea):
    """Art 2: two clear days from the find (shore) or the landing (sea) — monotone in the start."""
    d1, d2 = sorted([d1, d2])
    dues = []
    for d in (d1, d2):
        found = {"date": d.isoformat(), "by": ["a"], **({"state": "floating", "distance_from_coast_m": 100}
                                                       if at_sea else {"state": "ashore"})}
        events = [{"type": "landed", "date": d.isoformat(), "by": "a", "items": ["x"]}] if at_sea else []
        out = assess_json(case([{"id": "x", "value": "10", "found": found}], events, occurred=START.isoformat()))
        (deadline,) = out["deadlines"]
        dues.append(date.fromisoformat(deadline["due"]))
        assert dues[-1] == d + timedelta(days=3)  # deux jours francs: D+3 inclusive
    assert dues[0] <= dues[1]


@settings(max_examples=60, deadline=None)
@given(in_war, in_war)
def test_a_later_notice_never_has_an_earlier_refloating_deadline(n1, n2):
    """Art 1: twenty days from the notice — monotone in the notice date."""
    n1, n2 = sorted([n1, n2])
    dues = []
    for n in (n1, n2):
        out = assess_json(case([], [{"type": "owner_notified", "date": n.isoformat()}], occurred=START.isoformat(),
                               kind="stranding", vessel={"owner": "o"}))
        (deadline,) = out["deadlines"]
        dues.append(date.fromisoformat(deadline["due"]))
    assert dues[0] <= dues[1]


@settings(max_examples=80, deadline=None)
@given(st.dates(min_value=date(1914, 1, 1), max_value=date(1921, 1, 1)))
def test_scope_is_exactly_the_war_and_six_months(found_on):
    """Arts 1, 2: an item is assessed if and only if its find falls in 1914-08-02 … 1920-04-24."""
    item = {"id": "x", "value": "100", "found": {"date": found_on.isoformat(), "by": ["a"], "state": "ashore"}}
    out = assess_json(case([item], occurred="1917-03-10"))
    inside = START <= found_on <= END
    assert bool(out["awards"]) == inside
    assert any(f["code"] == "out-of-temporal-scope" for f in out["findings"]) == (not inside)


@settings(max_examples=60, deadline=None)
@given(amounts, amounts)
def test_more_value_never_gives_a_smaller_award(v1, v2):
    low, high = sorted([v1, v2])
    assume(low != high)
    got = []
    for value in (low, high):
        item = {"id": "x", "value": str(value), "found": {"date": "1917-03-10", "by": ["a", "b"], "state": "ashore"}}
        got.append(total(assess_json(case([item]))["awards"]))
    assert got[0] <= got[1]
