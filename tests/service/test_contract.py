"""The API of CASE.md ("Offices, users and the service"), row by row, on SQLite and PostgreSQL."""
from __future__ import annotations

import json

import pytest

from .conftest import open_case, scenario
from tests.conftest import run_cli

PARTY = {"add": "party", "value": {"id": "salvor", "roles": ["salvor"]}}


def plain(data):
    """What the CLI prints: the store's data through JSON."""
    from wreckmaster.service.jsonio import dumps

    return json.loads(dumps(data))


# --- POST /api/cases ---------------------------------------------------------------------
def test_open_answers_201_case_and_version_with_etag(client, store, office):
    r = client.post("/api/cases", json=scenario(), headers=office.h)
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"case", "version"} and body["version"] == 1 and isinstance(body["case"], str)
    assert r.headers["ETag"] == '"1"'
    assert r.headers["content-type"].startswith("application/json")
    assert store.version(body["case"], office=office.id) == 1
    assert any(c["case"] == body["case"] for c in store.list_cases(office=office.id))


def test_open_bad_scenario_is_422_with_the_engines_pointers_and_stores_nothing(client, store, office):
    before = len(store.list_cases(office=office.id))
    doc = scenario()
    doc["items"][0]["found"]["by"] = ["nobody"]
    doc["case"]["occurred"] = 18760302  # a date is never a number
    r = client.post("/api/cases", json=doc, headers=office.h)
    assert r.status_code == 422
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import InvalidScenario, validate

    with pytest.raises(InvalidScenario) as exc:
        validate(doc, set(registry.available()))
    assert r.json() == {"errors": [{"pointer": p, "message": m} for p, m in exc.value.problems]}
    assert len(store.list_cases(office=office.id)) == before


def test_an_amount_is_never_a_float_and_keeps_its_literal_text(client, office):
    raw = json.dumps(scenario()).replace('"value": "12.50"', '"value": 12.50')
    assert '"value": 12.50' in raw
    r = client.post("/api/cases", content=raw.encode(), headers={**office.h, "Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    got = client.get(f"/api/cases/{r.json()['case']}/scenario", headers=office.h)
    assert got.status_code == 200
    assert '"value":12.50' in got.text.replace(" ", "")


def test_a_body_that_is_not_json_has_the_pointer_empty(client, office):
    for body in (b"{nope", b"", b"\xff\xfe", b"[1,", "NaN".encode()):
        r = client.post("/api/cases", content=body, headers={**office.h, "Content-Type": "application/json"})
        assert r.status_code == 422, body
        errors = r.json()["errors"]
        assert errors and errors[0]["pointer"] in ("", "/"), (body, errors)
    r = client.post("/api/cases", content=b"{nope", headers=office.h)
    assert r.json()["errors"][0]["pointer"] == ""



def test_a_key_written_twice_is_422_with_its_pointer_and_stores_nothing(client, store, office):
    """Issue 21 point 8: `regime` twice in the body is bad input, not the last value winning."""
    before = len(store.list_cases(office=office.id))
    raw = json.dumps(scenario())[:-1] + ', "regime": "jp-1899"}'
    r = client.post("/api/cases", content=raw.encode(), headers={**office.h, "Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json() == {"errors": [{"pointer": "/regime", "message": "duplicate key 'regime': a key may be "
                                                                     "written only once in a mapping"}]}
    assert len(store.list_cases(office=office.id)) == before
    case = open_case(client, office)
    entry = '{"add": "party", "value": {"id": "salvor", "id": "finder"}}'
    for body, pointer in ((entry, "/value/id"), (f"[{entry}]", "/0/value/id")):
        r = client.post(f"/api/cases/{case}/entries", content=body.encode(),
                        headers={**office.h, "If-Match": '"1"', "Content-Type": "application/json"})
        assert r.status_code == 422, r.text
        assert [e["pointer"] for e in r.json()["errors"]] == [pointer]
    # a stale version is still a conflict first (CASE.md), and nothing was stored
    r = client.post(f"/api/cases/{case}/entries", content=entry.encode(),
                    headers={**office.h, "If-Match": '"7"', "Content-Type": "application/json"})
    assert r.status_code == 409
    assert store.version(case, office=office.id) == 1

# --- GET /api/cases ----------------------------------------------------------------------
def test_list_is_the_offices_cases_as_case_list(client, store, office):
    case = open_case(client, office)
    r = client.get("/api/cases", headers=office.h)
    assert r.status_code == 200
    assert r.json() == plain(store.list_cases(office=office.id))
    row = next(c for c in r.json() if c["case"] == case)
    assert {"case", "regime", "office", "place", "occurred", "version"} <= set(row)
    assert row["office"] == office.id and row["version"] == 1


# --- GET scenario / assessment -----------------------------------------------------------
def test_scenario_is_case_export_with_etag_of_the_version_shown(client, store, office):
    case = open_case(client, office)
    assert client.post(f"/api/cases/{case}/entries", json=PARTY, headers={**office.h, "If-Match": '"1"'}).status_code == 201
    r = client.get(f"/api/cases/{case}/scenario", headers=office.h)
    assert r.status_code == 200 and r.headers["ETag"] == '"2"'
    assert r.json() == plain(store.export(case, office=office.id))
    assert any(p["id"] == "salvor" for p in r.json()["parties"])
    old = client.get(f"/api/cases/{case}/scenario", params={"version": 1, "as_of": "1876-03-04"}, headers=office.h)
    assert old.status_code == 200 and old.headers["ETag"] == '"1"'
    assert old.json() == plain(store.export(case, as_of=__import__("datetime").date(1876, 3, 4), version=1,
                                            office=office.id))
    assert old.json()["as_of"] == "1876-03-04"
    assert not any(p["id"] == "salvor" for p in old.json()["parties"])


def test_assessment_is_case_show_exactly_assess_of_the_export(client, store, office):
    from datetime import date

    from tests.conftest import assess_json

    case = open_case(client, office)
    r = client.get(f"/api/cases/{case}/assessment", params={"as_of": "1877-06-01"}, headers=office.h)
    assert r.status_code == 200 and r.headers["ETag"] == '"1"'
    assert r.json() == plain(store.assessment(case, as_of=date(1877, 6, 1), office=office.id))
    exported = store.export(case, as_of=date(1877, 6, 1), office=office.id)
    assert r.json() == assess_json(exported, date(1877, 6, 1))


@pytest.mark.parametrize("query, pointer", [
    ({"as_of": "1876-13-01"}, "/query/as_of"), ({"as_of": "yesterday"}, "/query/as_of"),
    ({"as_of": "18760301"}, "/query/as_of"), ({"version": "two"}, "/query/version"),
    ({"version": "0"}, "/query/version"), ({"version": "99"}, "/query/version"),
])
def test_bad_query_parameters_are_422_with_their_pointer(client, office, query, pointer):
    case = open_case(client, office)
    for path in ("scenario", "assessment"):
        r = client.get(f"/api/cases/{case}/{path}", params=query, headers=office.h)
        assert r.status_code == 422, r.text
        assert [e["pointer"] for e in r.json()["errors"]] == [pointer]


def test_as_of_date_message_is_the_clis(client, office):
    case = open_case(client, office)
    r = client.get(f"/api/cases/{case}/assessment", params={"as_of": "soon"}, headers=office.h)
    assert r.json()["errors"] == [{"pointer": "/query/as_of", "message": "expected a date YYYY-MM-DD, got 'soon'"}]


# --- POST entries --------------------------------------------------------------------------
@pytest.mark.parametrize("form", ['"{v}"', 'W/"{v}"', "{v}"])
def test_append_accepts_each_if_match_form_and_answers_the_new_etag(client, store, office, form):
    case = open_case(client, office)
    r = client.post(f"/api/cases/{case}/entries", json=PARTY, headers={**office.h, "If-Match": form.format(v=1)})
    assert r.status_code == 201, r.text
    assert r.json() == {"case": case, "version": 2} and r.headers["ETag"] == '"2"'
    history = store.history(case, office=office.id)
    assert [e["seq"] for e in history] == [1, 2]
    assert history[-1]["recorded_by"] == office.clerk_name and history[0]["recorded_by"] == office.clerk_name


def test_append_a_list_all_or_none(client, store, office):
    case = open_case(client, office)
    more = [PARTY, {"event": {"type": "owner_identified", "date": "1876-04-01", "item": "i1", "owner": "salvor"}}]
    r = client.post(f"/api/cases/{case}/entries", json=more, headers={**office.h, "If-Match": '"1"'})
    assert r.status_code == 201, r.text
    assert r.json()["version"] == 3
    bad = [{"add": "party", "value": {"id": "p2"}}, {"event": {"type": "sold", "date": "1876-05-01", "item": "nope",
                                                              "price": "3"}}]
    r = client.post(f"/api/cases/{case}/entries", json=bad, headers={**office.h, "If-Match": '"3"'})
    assert r.status_code == 422
    assert all(e["message"].endswith("(entry 1 of the list)") for e in r.json()["errors"]), r.text
    assert store.version(case, office=office.id) == 3


def test_append_problems_are_the_clis_lines(client, store, office, tmp_path, db_url):
    case = open_case(client, office)
    bad = [{"add": "party", "value": {"id": "finder"}}, {"add": "item", "value": {"id": "i2", "value": "-1"}}]
    r = client.post(f"/api/cases/{case}/entries", json=bad, headers={**office.h, "If-Match": '"1"'})
    assert r.status_code == 422
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    done = run_cli("case", "record", case, str(f), "--db", db_url)
    assert done.returncode == 2
    assert [f"error: {e['pointer']}: {e['message']}" for e in r.json()["errors"]] == done.stderr.splitlines()
    # one entry (not a list): the same lines, without "(entry K of the list)"
    one = {"add": "item", "value": {"id": "i2", "value": "-1", "found": {"by": ["nobody"]}}}
    r = client.post(f"/api/cases/{case}/entries", json=one, headers={**office.h, "If-Match": '"1"'})
    f.write_text(json.dumps(one))
    done = run_cli("case", "record", case, str(f), "--db", db_url)
    assert r.status_code == 422 and done.returncode == 2
    lines = [f"error: {e['pointer']}: {e['message']}" for e in r.json()["errors"]]
    assert lines == done.stderr.splitlines() and not any("of the list" in x for x in lines)
    assert store.version(case, office=office.id) == 1


def test_as_of_before_the_casualty_or_out_of_range_is_bad_input(client, office):
    case = open_case(client, office)
    r = client.get(f"/api/cases/{case}/assessment", params={"as_of": "1600-01-01"}, headers=office.h)
    assert r.status_code == 422 and r.json()["errors"]
    r = client.get(f"/api/cases/{case}/assessment", params={"as_of": "3500-01-01"}, headers=office.h)
    assert r.status_code == 422 and [e["pointer"] for e in r.json()["errors"]] == ["/query/as_of"]


def test_stale_if_match_is_409_with_the_current_version_nothing_stored(client, store, office):
    case = open_case(client, office)
    client.post(f"/api/cases/{case}/entries", json=PARTY, headers={**office.h, "If-Match": '"1"'})
    r = client.post(f"/api/cases/{case}/entries", json={"add": "party", "value": {"id": "x2"}},
                    headers={**office.h, "If-Match": '"1"'})
    assert r.status_code == 409 and r.json() == {"case": case, "version": 2}
    # a conflict even when the entry is also invalid, or not JSON at all
    for body in (b'{"add": "party", "value": {"id": "finder"}}', b"{nope", b"[]"):
        r = client.post(f"/api/cases/{case}/entries", content=body, headers={**office.h, "If-Match": '"1"'})
        assert r.status_code == 409 and r.json() == {"case": case, "version": 2}, body
    assert store.version(case, office=office.id) == 2


def test_missing_if_match_is_428_and_a_bad_one_422(client, store, office):
    case = open_case(client, office)
    r = client.post(f"/api/cases/{case}/entries", json=PARTY, headers=office.h)
    assert r.status_code == 428
    assert r.json()["errors"][0]["pointer"] == "/headers/If-Match"
    for bad in ("one", '"1', "W/1", '"0"', "-1", "1.0", '"1", "2"', "*"):
        r = client.post(f"/api/cases/{case}/entries", json=PARTY, headers={**office.h, "If-Match": bad})
        assert r.status_code == 422, bad
        assert [e["pointer"] for e in r.json()["errors"]] == ["/headers/If-Match"]
    assert store.version(case, office=office.id) == 1


def test_empty_list_and_non_json_bodies_are_bad_input(client, store, office):
    case = open_case(client, office)
    for body in (b"[]", b"{nope", b""):
        r = client.post(f"/api/cases/{case}/entries", content=body, headers={**office.h, "If-Match": '"1"'})
        assert r.status_code == 422, body
    r = client.post(f"/api/cases/{case}/entries", content=b"{nope", headers={**office.h, "If-Match": '"1"'})
    assert r.json()["errors"][0]["pointer"] == ""
    assert store.version(case, office=office.id) == 1


def test_amend_and_retract_need_a_supervisor(client, store, office):
    case = open_case(client, office)
    amend = {"amend": "/items/i1/value", "value": "20"}
    r = client.post(f"/api/cases/{case}/entries", json=amend, headers={**office.h, "If-Match": '"1"'})
    assert r.status_code == 403 and r.json()["errors"]
    assert store.version(case, office=office.id) == 1
    r = client.post(f"/api/cases/{case}/entries", json=amend, headers={**office.sup, "If-Match": '"1"'})
    assert r.status_code == 201, r.text
    retract = {"retract": 2, "reason": "valued twice"}
    assert client.post(f"/api/cases/{case}/entries", json=retract,
                       headers={**office.h, "If-Match": '"2"'}).status_code == 403
    r = client.post(f"/api/cases/{case}/entries", json=retract, headers={**office.sup, "If-Match": '"2"'})
    assert r.status_code == 201
    assert store.history(case, office=office.id)[-1]["recorded_by"] == office.supervisor_name


# --- GET entries, due, notices -------------------------------------------------------------
def test_entries_are_case_history(client, store, office):
    case = open_case(client, office)
    client.post(f"/api/cases/{case}/entries", json=PARTY, headers={**office.sup, "If-Match": '"1"'})
    r = client.get(f"/api/cases/{case}/entries", headers=office.h)
    assert r.status_code == 200 and r.headers["ETag"] == '"2"'
    assert r.json() == plain(store.history(case, office=office.id))
    assert [e["recorded_by"] for e in r.json()] == [office.clerk_name, office.supervisor_name]
    assert all(set(e) >= {"seq", "recorded_at", "recorded_by", "entry", "hash"} for e in r.json())


def test_due_is_case_due_of_the_office(client, store, office):
    from datetime import date

    open_case(client, office)
    r = client.get("/api/due", params={"as_of": "1876-03-10", "within": 90}, headers=office.h)
    assert r.status_code == 200
    assert r.json() == plain(store.due(date(1876, 3, 10), within=90, office=office.id))
    assert r.json(), "the posting of the notice is due within 90 days"
    default = client.get("/api/due", params={"as_of": "1876-03-10"}, headers=office.h)
    assert default.json() == plain(store.due(date(1876, 3, 10), within=30, office=office.id))
    for q, p in (({"within": "-1"}, "/query/within"), ({"within": "x"}, "/query/within"),
                 ({"as_of": "x"}, "/query/as_of"), ({"as_of": "9999-12-31"}, "/query/within")):
        r = client.get("/api/due", params=q, headers=office.h)
        assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == p, (q, r.text)


def test_notices_are_public_and_never_name_a_person(client, store, office):
    from datetime import date

    case = open_case(client, office)
    r = client.get("/api/notices", params={"as_of": "1876-03-10"})
    assert r.status_code == 200
    mine = [n for n in r.json() if n["case"] == case]
    assert len(mine) == 1
    n = mine[0]
    assert set(n) == {"office", "case", "item", "description", "kind", "found_on", "place", "claim_until"}
    assert n["office"] == office.id and n["item"] == "i1" and n["description"] == "a cask of sake"
    assert n["found_on"] == "1876-03-02" and n["claim_until"] == "1877-03-02"  # jp-1875 art 31: a year from the find
    assert "Kisaburo" not in r.text and office.clerk_name not in r.text
    page = client.get("/notices", params={"as_of": "1876-03-10"})
    assert page.status_code == 200 and "a cask of sake" in page.text and "Kisaburo" not in page.text
    assert page.headers["content-type"].startswith("text/html")
    assert client.get("/api/notices", params={"as_of": "x"}).status_code == 422
    assert r.json() == plain([{k: x.get(k) for k in n} for x in store.notices(date(1876, 3, 10))])


# --- authentication, OpenAPI, health -------------------------------------------------------
API = [("get", "/api/cases"), ("post", "/api/cases"), ("get", "/api/cases/{c}/scenario"),
       ("get", "/api/cases/{c}/assessment"), ("get", "/api/cases/{c}/entries"),
       ("post", "/api/cases/{c}/entries"), ("get", "/api/due")]


@pytest.mark.parametrize("auth", [None, "Bearer", "Bearer not-a-token", "Basic dXNlcjpwYXNz", "Token abc"])
def test_every_api_path_but_notices_needs_a_valid_token(client, office, auth):
    case = open_case(client, office)
    headers = {"If-Match": '"1"'}
    if auth:
        headers["Authorization"] = auth
    for method, path in API:
        r = client.request(method.upper(), path.format(c=case), headers=headers, json=PARTY)
        assert r.status_code == 401, (method, path, r.text)
        assert r.headers["WWW-Authenticate"].startswith("Bearer")
        assert r.json()["errors"][0]["pointer"] == "/headers/Authorization"


def test_openapi_describes_every_path_and_status(client):
    doc = client.get("/openapi.json").json()
    ops = {(m.upper(), p): op for p, item in doc["paths"].items() for m, op in item.items()}
    want = {
        ("POST", "/api/cases"): {"201", "401", "422"},
        ("GET", "/api/cases"): {"200", "401"},
        ("GET", "/api/cases/{id}/scenario"): {"200", "401", "404", "422"},
        ("GET", "/api/cases/{id}/assessment"): {"200", "401", "404", "422"},
        ("POST", "/api/cases/{id}/entries"): {"201", "401", "403", "404", "409", "422", "428"},
        ("GET", "/api/cases/{id}/entries"): {"200", "401", "404"},
        ("GET", "/api/due"): {"200", "401", "422"},
        ("GET", "/api/notices"): {"200", "422"},
        ("GET", "/health"): {"200", "503"},
    }
    for key, statuses in want.items():
        assert key in ops, key
        assert statuses <= set(ops[key]["responses"]), (key, set(ops[key]["responses"]))
    assert ops[("GET", "/api/notices")]["security"] == []
    assert ops[("GET", "/api/cases")]["security"] == [{"bearer": []}]
    post = ops[("POST", "/api/cases/{id}/entries")]
    assert any(p["name"] == "If-Match" and p["in"] == "header" and p["required"] for p in post["parameters"])
    assert "ETag" in post["responses"]["201"]["headers"]
    assert "ETag" in ops[("GET", "/api/cases/{id}/scenario")]["responses"]["200"]["headers"]


def test_health_checks_the_database(db_url):
    """With a store of its own on the session's database: the session's store reads lists over
    every office (the board), which hold cases other tests tamper with on purpose, and so its
    /health is rightly "degraded" (the lists check the seals: issue 24)."""
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(db_url)
    try:
        with TestClient(create_app(store)) as own:
            r = own.get("/health")
    finally:
        store.close()
    assert r.status_code == 200 and r.json() == {"status": "ok", "database": "ok"}


def test_no_500_a_broken_database_answers_503(store):
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.store.errors import DatabaseProblem

    class Down:
        def __getattr__(self, name):
            def fail(*a, **k):
                raise DatabaseProblem("connection refused")
            return fail

    with TestClient(create_app(Down()), raise_server_exceptions=False) as c:
        assert c.get("/health").status_code == 503
        r = c.get("/api/notices")
        assert r.status_code == 503 and r.json()["errors"][0]["message"].startswith("database")
        assert c.get("/api/cases", headers={"Authorization": "Bearer x"}).status_code == 503


def test_a_method_the_path_does_not_serve_is_405_naming_every_method_it_does(client, office):
    for method, path, allow in (("PUT", "/api/cases", "GET, POST"), ("DELETE", "/api/cases/x/entries", "GET, POST"),
                                ("POST", "/api/cases/x/assessment", "GET"), ("POST", "/api/notices", "GET")):
        r = client.request(method, path, headers=office.h)
        assert r.status_code == 405 and r.headers["Allow"] == allow, (method, path, r.headers.get("Allow"))
        assert r.json()["errors"]


def test_the_full_app_serves_the_api_and_the_pages(store):
    """What `wreckmaster serve` serves: the API plus the parts built beside it (web pages, documents)."""
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_full_app

    with TestClient(create_full_app(store), raise_server_exceptions=False) as c:
        assert c.get("/health").status_code == 200
        assert c.get("/api/notices").status_code == 200
        assert c.get("/notices").status_code == 200
        assert "/api/cases/{id}/entries" in c.get("/openapi.json").json()["paths"]
