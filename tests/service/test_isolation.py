"""A user sees only its office's cases: another office's case answers 404, exactly as a missing one,
on every path (CASE.md), on SQLite and PostgreSQL."""
from __future__ import annotations

from .conftest import open_case

PARTY = {"add": "party", "value": {"id": "salvor", "roles": ["salvor"]}}

CASE_PATHS = [
    ("GET", "/api/cases/{c}/scenario", {}), ("GET", "/api/cases/{c}/scenario", {"version": "1"}),
    ("GET", "/api/cases/{c}/assessment", {}), ("GET", "/api/cases/{c}/assessment", {"as_of": "1877-01-01"}),
    ("GET", "/api/cases/{c}/entries", {}),
    ("POST", "/api/cases/{c}/entries", {}),
]


def _answer(client, method, path, params, headers, if_match='"1"', body=PARTY):
    h = dict(headers)
    if if_match is not None:
        h["If-Match"] = if_match
    r = client.request(method, path, params=params, headers=h, json=body if method == "POST" else None)
    return r.status_code, r.json(), {k: v for k, v in r.headers.items() if k.lower() not in ("content-length", "date")}


def test_another_offices_case_is_exactly_a_missing_one_on_every_path(client, store, office, other):
    theirs = open_case(client, other)
    missing = "no-such-case-" + theirs[-6:]
    for method, path, params in CASE_PATHS:
        variants = [dict(if_match='"1"'), dict(if_match=None), dict(if_match="junk"), dict(if_match='"7"'),
                    dict(if_match='"1"', body={"amend": "/case/place", "value": "x"})] if method == "POST" else [{}]
        for v in variants:
            a = _answer(client, method, path.format(c=theirs), params, office.sup, **v)
            b = _answer(client, method, path.format(c=missing), params, office.sup, **v)
            assert a[0] == 404, (method, path, v, a)
            assert a[0] == b[0] and a[2] == b[2]
            assert a[1] == {"errors": [{"pointer": "", "message": f"not found: case {theirs}"}]}
            assert b[1] == {"errors": [{"pointer": "", "message": f"not found: case {missing}"}]}
    # nothing was stored in their case, and their own users still see it
    assert store.version(theirs, office=other.id) == 1
    assert client.get(f"/api/cases/{theirs}/scenario", headers=other.h).status_code == 200


def test_lists_and_due_show_only_the_offices_cases(client, store, office, other):
    mine, theirs = open_case(client, office), open_case(client, other)
    listed = {c["case"] for c in client.get("/api/cases", headers=office.h).json()}
    assert mine in listed and theirs not in listed
    due = client.get("/api/due", params={"as_of": "1876-03-10", "within": 365}, headers=office.h).json()
    assert {d["case"] for d in due} == {mine} or (mine in {d["case"] for d in due} and theirs not in {d["case"] for d in due})
    assert theirs not in {d["case"] for d in due}
    their_due = client.get("/api/due", params={"as_of": "1876-03-10", "within": 365}, headers=other.h).json()
    assert theirs in {d["case"] for d in their_due} and mine not in {d["case"] for d in their_due}


def test_notices_are_of_every_office(client, office, other):
    mine, theirs = open_case(client, office), open_case(client, other)
    cases = {n["case"] for n in client.get("/api/notices", params={"as_of": "1876-03-10"}).json()}
    assert {mine, theirs} <= cases
