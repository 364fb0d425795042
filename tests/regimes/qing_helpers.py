"""What the tests of both Qing regimes (qing-shandong, qing-taiwan) share: a builder of
scenario documents, sums of output entries, and the check of every step's citations and
readings."""
from __future__ import annotations

from decimal import Decimal
from typing import Callable


def case_builder(regime: str, as_of: str, occurred: str, kind: str, rescuers: list[str]) -> Callable[..., dict]:
    """``case(items, persons, events, parties, coast, **case_fields)``: a scenario document of
    ``regime`` whose vessel is owned by ``own``, with the parties ``own`` and ``rescuers``."""

    def case(items=(), persons=(), events=(), parties=(), coast=None, **case_fields):
        doc = {
            "format": "wreckmaster.scenario/1", "regime": regime, "as_of": as_of,
            "case": {"occurred": occurred, "kind": kind, "vessel": {"owner": "own"}, **case_fields},
            "parties": [{"id": "own"}] + [{"id": r} for r in rescuers] + list(parties),
            "items": list(items), "persons": list(persons), "events": list(events),
        }
        if coast is not None:
            doc["coast"] = coast
        return doc

    return case


def total(entries, **match) -> Decimal:
    return sum((Decimal(e["amount"]) for e in entries if all(e.get(k) == v for k, v in match.items())), Decimal(0))


def assert_steps_cite_and_read_known_readings(out: dict, regime: str) -> None:
    """Every step of the explanation cites resolvable articles, has both texts, and names only
    readings the regime's ``articles.yaml`` knows (the one check: tests/conftest.py)."""
    from ..conftest import assert_cites_and_readings

    assert_cites_and_readings(out, regime)
