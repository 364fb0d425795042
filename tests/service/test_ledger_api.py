"""``GET /api/ledger`` (issue 28): the ledger of the user's office, as `wreckmaster ledger --format json`."""
from __future__ import annotations

from datetime import date

from ..store.test_persons import taiwan
from .conftest import open_case


def test_the_office_ledger_as_the_cli_gives_it(client, store, office, other):
    store.persons.add(office.id, "lin", "林", post="淡水同知")
    mine = [open_case(client, office, taiwan(d, v, r)) for d, v, r in
            (("1891-06-10", "12000", "1891-06-20"), ("1892-02-14", "10000", "1892-02-24"),
             ("1892-07-01", "10000", "1892-07-10"))]
    open_case(client, other, taiwan("1892-01-01", "50000", "1892-01-05"))   # never in office's ledger
    r = client.get("/api/ledger", params={"as_of": "1893-01-01"}, headers=office.h)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body == store.ledger(date(1893, 1, 1), office=office.id)
    (lin,) = body["persons"]
    assert [e["case"] for e in lin["entries"]] == mine and lin["totals"] == {"merit": 3}
    assert [(f["code"], f["case"]) for f in lin["findings"]] == [("merit-further-reward", mine[2])]
    assert client.get("/api/ledger", params={"as_of": "1893-01-01", "person": "wang"},
                      headers=office.h).json()["persons"] == []
    assert client.get("/api/ledger", params={"as_of": "1893-01-01"}, headers=other.h).json()["persons"][0][
        "office"] == other.id


def test_bad_query_and_no_token(client, office):
    r = client.get("/api/ledger", params={"as_of": "1893-13-01"}, headers=office.h)
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/as_of"
    r = client.get("/api/ledger", params={"person": "a b"}, headers=office.h)
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/person"
    assert client.get("/api/ledger").status_code == 401
