"""Schemathesis 4 fuzzes the whole API from its own OpenAPI document, against SQLite: every check,
at least 100 examples per operation, and stateful sequences (open a case → append → read) through
the document's OpenAPI links. The run must find nothing.

Two checks are configured, not disabled, because the contract says so:
- ``positive_data_acceptance`` also accepts 422: a request the schema allows can still be refused by
  the law's own validation (an item found by a party that does not exist, a case dated after
  ``as_of``), which JSON Schema cannot express; CASE.md answers it with 422.
- ``missing_required_header`` also accepts 428: CASE.md answers a missing ``If-Match`` with 428
  Precondition Required (RFC 6585), the status made for it.
"""
from __future__ import annotations

import itertools
import os

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from .conftest import make_office, scenario

EXAMPLES = max(100, int(os.environ.get("WRECKMASTER_FUZZ_EXAMPLES", "100")))  # more for a deeper run


@pytest.fixture(scope="module")
def fuzz_env(sqlite_url):
    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(sqlite_url)
    office = make_office(store, "fuzz")
    app = create_app(store)
    # every fuzzed request reaches its handler: the public routes' rate limits (429) are tested in
    # tests/public/test_limits.py
    app.state.public_limits = {"read": 10**9, "report": 10**9, "request": 10**9, "status": 10**9}
    return app, office, store


def _config(token: str) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict({
        "headers": {"Authorization": f"Bearer {token}"},
        "generation": {"max-examples": EXAMPLES},
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "422"]},
            "missing_required_header": {"expected-statuses": ["400", "401", "403", "406", "415", "422", "428"]},
        },
    })


@pytest.fixture(scope="module")
def api_schema(fuzz_env):
    app, office, _ = fuzz_env
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=_config(office.supervisor))


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@hypothesis.settings(deadline=None, database=None, suppress_health_check=list(hypothesis.HealthCheck))
def test_every_operation_answers_as_documented(case, fuzz_env):
    _, office, _ = fuzz_env
    case.call_and_validate(headers={"Authorization": f"Bearer {office.supervisor}"})


def _even(body) -> bool:
    import hashlib
    import json

    text = json.dumps(body, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).digest()[0] % 2 == 0


def test_stateful_open_append_read(api_schema, fuzz_env):
    _, office, store = fuzz_env
    counter = itertools.count()
    calls: list[tuple[str, int]] = []

    class Machine(api_schema.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case):
            # open with a lawful scenario (the random ones are nearly all refused by the law's validation,
            # and that is fuzzed above); append a lawful entry for about half of the drawn bodies (decided
            # by the drawn body itself, so that a replayed example behaves the same)
            n = next(counter)  # fresh ids only: never decides anything
            if case.operation.label == "POST /api/cases":
                case.body = scenario()
            elif case.operation.label == "POST /api/cases/{id}/entries" and _even(case.body):
                case.body = {"add": "party", "value": {"id": f"p{n}", "roles": ["salvor"]}}

        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Bearer {office.supervisor}"}}

        def after_call(self, response, case):
            calls.append((case.operation.label, response.status_code))

    # no example database: a sequence saved by an earlier run would replay against other data
    Machine.run(settings=hypothesis.settings(max_examples=60, stateful_step_count=6, deadline=None, database=None,
                                             suppress_health_check=list(hypothesis.HealthCheck)))
    seen = set(calls)
    assert ("POST /api/cases", 201) in seen
    assert ("POST /api/cases/{id}/entries", 201) in seen, sorted(seen)
    assert any(label.startswith("GET /api/cases/{id}/") and status == 200 for label, status in seen), sorted(seen)
    assert store.verify()["ok"]
