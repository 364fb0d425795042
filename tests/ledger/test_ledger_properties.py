"""Invariants of the officials' ledger (issue 28), with hypothesis."""
from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import chinese_calendar as cal
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import validate
from wreckmaster.ledger import CaseFacts, derive

START = date(1891, 5, 1)


def taiwan_case(k: int, day: date, value: int) -> CaseFacts:
    doc = {"format": "wreckmaster.scenario/1", "regime": "qing-taiwan",
           "case": {"occurred": day.isoformat(), "kind": "wreck", "vessel": {"owner": "own"}},
           "parties": [{"id": "own"}, {"id": "b"}, {"id": "o", "roles": ["official"], "person": "lin"}],
           "items": [{"id": "c", "value": str(value), "found": {"by": ["b"]}}]}
    return CaseFacts(f"T{k}", validate(doc, set(registry.available())), {"case": f"T{k}"}, "tamsui")


cases_st = st.lists(st.tuples(st.integers(0, 1200), st.integers(0, 20000)), min_size=1, max_size=8,
                    unique_by=lambda t: t[0])


@settings(max_examples=25, deadline=None)
@given(cases_st, st.randoms(use_true_random=False))
def test_merits_counted_by_date_whatever_the_order_of_the_cases(rows, rnd: random.Random):
    facts = [taiwan_case(k, START + timedelta(days=d), v) for k, (d, v) in enumerate(rows)]
    as_of = START + timedelta(days=1300)
    got = derive(facts, as_of)
    shuffled = list(facts)
    rnd.shuffle(shuffled)
    assert derive(shuffled, as_of)["persons"] == got["persons"]
    merits = sorted((d, k) for k, (d, v) in enumerate(rows) if v >= 10000)   # art 2: 一萬兩以上
    (lin,) = got["persons"] if merits else [{"totals": {}, "findings": []}]
    assert lin["totals"].get("merit", 0) == len(merits)
    fired = {f["code"]: f["case"] for f in lin["findings"]}
    assert fired.get("merit-further-reward") == (f"T{merits[2][1]}" if len(merits) >= 3 else None)
    assert fired.get("merit-promotion") == (f"T{merits[4][1]}" if len(merits) >= 5 else None)


@settings(max_examples=15, deadline=None)
@given(cases_st, st.integers(0, 1300), st.integers(0, 1300))
def test_the_ledger_only_grows_with_the_day(rows, a, b):
    facts = [taiwan_case(k, START + timedelta(days=d), v) for k, (d, v) in enumerate(rows)]
    early, late = sorted((START + timedelta(days=a), START + timedelta(days=b)))

    def merits(day):
        return sum(r["totals"].get("merit", 0) for r in derive(facts, day)["persons"])

    assert merits(early) <= merits(late)


@given(st.dates(min_value=date(1888, 2, 12), max_value=date(1911, 1, 1)), st.integers(1, 5))
def test_lunar_years_keep_the_lunar_month_and_day(start, years):
    end = cal.add_lunar_years(start, years)
    a, b = cal.to_lunar(start), cal.to_lunar(end)
    assert b.year == a.year + years and b.month == a.month and not b.leap
    assert b.day == a.day or (b.day < a.day and cal.month_of(end).last == end)   # the month's last day
    assert 354 * years - 30 <= (end - start).days <= 385 * years + 30
