"""Bad input under fr-epaves: exit status 2, ``error: <pointer>: <message>`` on stderr, nothing
on stdout (SCENARIO.md). Breaking the law is a finding, not bad input."""
from __future__ import annotations

import copy
import json

import pytest

from ...conftest import run_cli

BASE = {
    "format": "wreckmaster.scenario/1", "regime": "fr-epaves", "as_of": "1918-01-01",
    "case": {"occurred": "1917-03-10", "kind": "wreck"},
    "parties": [{"id": "s"}, {"id": "adm", "roles": ["administrator"]}],
    "items": [{"id": "x", "value": "100", "found": {"date": "1917-03-10", "by": ["s"], "state": "ashore"}}],
    "events": [],
}


def doc(**changes):
    d = copy.deepcopy(BASE)
    for path, value in changes.items():
        *head, last = path.split("__")
        node = d
        for key in head:
            node = node[int(key)] if key.isdigit() else node[key]
        node[last] = value
    return d


CASES = [
    (doc(case__territory="tunisia"), "/case/territory"),
    (doc(case__decree="yes"), "/case/decree"),
    (doc(items__0__found__distance_from_coast_m=-5), "/items/0/found/distance_from_coast_m"),
    (doc(items__0__customs_duty="-1"), "/items/0/customs_duty"),
    (doc(items__0__salvor_expenses="beaucoup"), "/items/0/salvor_expenses"),
    (doc(items__0__perishable="oui"), "/items/0/perishable"),
    (doc(events=[{"type": "advance_paid", "date": "1917-03-12", "to": "s", "item": "nope", "amount": "5"}]),
     "/events/0/item"),
    (doc(events=[{"type": "advance_paid", "date": "1917-03-12", "to": "s", "item": "x"}]), "/events/0/amount"),
    (doc(events=[{"type": "advance_paid", "date": "1917-03-12", "to": "s", "item": "x", "amount": "-5"}]),
     "/events/0/amount"),
    (doc(events=[{"type": "advance_paid", "date": "1917-03-12", "to": "ghost", "item": "x", "amount": "5"}]),
     "/events/0/to"),
    (doc(events=[{"type": "state_intervened", "date": "1917-03-12", "urgent": "yes"}]), "/events/0/urgent"),
    (doc(events=[{"type": "excuse_offered", "date": "1917-03-12", "by": "s"}]), "/events/0/reason"),
    (doc(events=[{"type": "declared", "date": "1917-13-01", "by": "s", "items": ["x"]}]), "/events/0/date"),
    (doc(events=[{"type": "landed", "date": "1917-03-11", "by": "s", "items": ["y"]}]), "/events/0/items/0"),
]


@pytest.mark.parametrize("scenario,pointer", CASES, ids=[p for _, p in CASES])
def test_bad_input_exits_2_with_the_pointer(write_scenario, scenario, pointer):
    result = run_cli("assess", write_scenario(scenario), "--format", "json")
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert any(line.startswith(f"error: {pointer}: ") for line in result.stderr.splitlines()), result.stderr


def test_breaking_the_law_is_not_bad_input(write_scenario):
    """A colony without a decree, a late declaration: findings, exit 0."""
    scenario = doc(case__territory="colony")
    result = run_cli("assess", write_scenario(scenario), "--format", "json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [f["code"] for f in out["findings"] if f["severity"] == "error"] == ["decree-missing"]
    assert out["awards"] == [] and out["charges"] == []


def test_amounts_are_exact_strings_in_francs_and_centimes(write_scenario):
    scenario = doc(items=[{"id": "x", "value": 0.1, "found": {"date": "1917-03-10", "by": ["s"], "state": "ashore"}}])
    result = run_cli("assess", write_scenario(scenario), "--format", "json")
    assert result.returncode == 0, result.stderr
    (award,) = json.loads(result.stdout)["awards"]
    assert award == {"to": "s", "for": "x", "kind": "salvage_award", "amount": "0.03", "currency": "FRF",
                     "cites": ["fr-epaves:4.2#2"]}
