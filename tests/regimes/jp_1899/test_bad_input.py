"""Bad input for the fields and event types jp-1899 adds (docs/scenario-extensions.md, "jp-1899"):
exit status 2, ``error: <JSON pointer>: <what is wrong>`` on stderr, nothing on stdout."""
from __future__ import annotations


import pytest

from ...conftest import changed, run_cli

GOOD = {
    "format": "wreckmaster.scenario/1",
    "regime": "jp-1899",
    "as_of": "1900-12-31",
    "case": {"occurred": "1900-05-01", "kind": "wreck", "vessel": {"owner": "o", "master": "k"}},
    "parties": [{"id": "o"}, {"id": "k"}, {"id": "m", "roles": ["mayor"]}, {"id": "a"}],
    "items": [{"id": "x", "value": "10", "found": {"by": ["a"]}}],
    "events": [
        {"type": "reported", "date": "1900-05-01", "by": "a", "to": "m"},
        {"type": "at_scene", "date": "1900-05-01", "by": "m"},
        {"type": "master_refused", "date": "1900-05-01", "by": "k"},
        {"type": "mayor_override", "date": "1900-05-01", "by": "m", "ground": "bad-faith"},
        {"type": "summoned", "date": "1900-05-01", "by": "m", "to": ["a"]},
        {"type": "requisitioned", "date": "1900-05-01", "by": "m", "what": "horse", "from": ["a"]},
        {"type": "sale_notice", "date": "1900-05-02", "to": "k", "items": ["x"], "due": "1900-05-04"},
        {"type": "held_goods_disposed", "date": "1900-05-03", "by": "k", "items": ["x"], "act": "pledge",
         "approved": True, "proceeds": "3"},
        {"type": "claim_filed", "date": "1900-05-05", "by": "a", "amount": "4"},
    ],
}


def broken(path: str, value=None, delete: bool = False) -> dict:
    return changed(GOOD, path, value, delete)


CASES = [
    ("case.treaty must be a boolean", broken("/case/treaty", "yes"), "/case/treaty"),
    ("case.mayor_not_involved must be a boolean", broken("/case/mayor_not_involved", 1), "/case/mayor_not_involved"),
    ("vessel.inland_waters_only must be a boolean", broken("/case/vessel/inland_waters_only", "true"),
     "/case/vessel/inland_waters_only"),
    ("vessel.no_nationality_certificate must be a boolean", broken("/case/vessel/no_nationality_certificate", 0),
     "/case/vessel/no_nationality_certificate"),
    ("item.freight_paid must be a boolean", broken("/items/0/freight_paid", "no"), "/items/0/freight_paid"),
    ("at_scene by an unknown party", broken("/events/1/by", "nobody"), "/events/1/by"),
    ("mayor_override with an unknown ground", broken("/events/3/ground", "whim"), "/events/3/ground"),
    ("mayor_override without a ground", broken("/events/3/ground", delete=True), "/events/3/ground"),
    ("summoned without anyone summoned", broken("/events/4/to", delete=True), "/events/4/to"),
    ("requisitioned with an unknown kind of thing", broken("/events/5/what", "elephant"), "/events/5/what"),
    ("sale_notice with a bad date", broken("/events/6/due", "1900-02-30"), "/events/6/due"),
    ("sale_notice naming an unknown item", broken("/events/6/items", ["y"]), "/events/6/items/0"),
    ("held_goods_disposed without approval stated", broken("/events/7/approved", delete=True), "/events/7/approved"),
    ("held_goods_disposed with negative proceeds", broken("/events/7/proceeds", "-1"), "/events/7/proceeds"),
    ("held_goods_disposed with an unknown act", broken("/events/7/act", "gift"), "/events/7/act"),
    ("an unknown key on a jp-1899 event", broken("/events/2/colour", "red"), "/events/2/colour"),
]


@pytest.mark.parametrize("title, doc, pointer", CASES, ids=[c[0] for c in CASES])
def test_bad_input_exits_2_with_the_pointer(write_scenario, title, doc, pointer):
    r = run_cli("assess", write_scenario(doc), "--format", "json")
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert any(line.startswith(f"error: {pointer}: ") for line in lines), lines


def test_the_good_document_is_good(write_scenario):
    r = run_cli("assess", write_scenario(GOOD), "--format", "json")
    assert r.returncode == 0, r.stderr
