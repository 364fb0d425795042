"""The case log through the store's API (CASE.md "The log"), on SQLite and PostgreSQL."""
from __future__ import annotations

import hashlib
import json
from datetime import date
from decimal import Decimal

import pytest

from wreckmaster.store import canonical
from wreckmaster.store.errors import Conflict, Forbidden, InvalidEntry, NotFound

from ..conftest import assess_json
from .conftest import drift_doc

NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}
PARTY = {"add": "party", "value": {"id": "owner", "name": "荷主 次郎", "roles": ["owner"]}}


def test_open_record_history_and_chain(store):
    case, v = store.open_case(drift_doc())
    assert v == 1 and store.version(case) == 1
    assert store.record(case, NOTICE, expect_version=1) == 2
    assert store.record(case, [PARTY, {"event": {"type": "owner_identified", "date": "1876-04-01",
                                                 "item": "i1", "owner": "owner"}}], expect_version=2) == 4
    log = store.history(case)
    assert [e["seq"] for e in log] == [1, 2, 3, 4]
    assert set(log[0]) == {"seq", "recorded_at", "recorded_by", "entry", "hash"}
    assert log[0]["recorded_by"] == "local" and log[0]["recorded_at"].endswith("Z")
    # the chain, recomputed here by hand from CASE.md's words
    previous = "0" * 64
    for e in log:
        body = {"case": case, "seq": e["seq"], "recorded_at": e["recorded_at"], "recorded_by": e["recorded_by"],
                "entry": e["entry"]}
        text = canonical.dumps(body)
        assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        previous = hashlib.sha256((previous + text).encode("utf-8")).hexdigest()
        assert e["hash"] == previous
    assert store.verify(case) == {"ok": True, "tampered": [], "projections": []}


def test_numbers_keep_their_literal_text(store):
    doc = drift_doc()
    doc["items"][0]["value"] = canonical.loads("1.50")
    case, _ = store.open_case(doc)
    store.record(case, canonical.loads('{"add": "expense", "value": {"id": "e1", "category": "custody", '
                                       '"amount": 0.250, "payee": "kocho", "for": "i1"}}'))
    log = store.history(case)
    assert '"value":1.50' in canonical.dumps(log[0]["entry"])
    assert '"amount":0.250' in canonical.dumps(log[1]["entry"])
    exported = store.export(case, as_of=date(1876, 6, 1))
    assert canonical.dumps(exported["expenses"][0]["amount"]) == "0.250"
    assert exported["items"][0]["value"] == Decimal("1.50")


def test_export_sets_as_of_and_assessment_is_the_engines(store):
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    doc = store.export(case, as_of=date(1876, 3, 10))
    assert doc["as_of"] == "1876-03-10" and list(doc)[:3] == ["format", "regime", "as_of"]
    assert store.assessment(case, as_of=date(1876, 3, 10)) == assess_json(json.loads(canonical.dumps(doc)))
    assert store.export(case)["as_of"] == date.today().isoformat()


def test_version_reads_the_log_as_it_stood(store):
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    store.record(case, PARTY)
    assert "events" not in store.export(case, version=1)
    assert len(store.export(case, version=2)["events"]) == 1
    assert [p["id"] for p in store.export(case, version=2)["parties"]] == ["finder", "kocho"]
    assert store.assessment(case, version=1, as_of=date(1876, 3, 10))["deadlines"] != \
        store.assessment(case, version=2, as_of=date(1876, 3, 10))["deadlines"]
    with pytest.raises(InvalidEntry) as exc:
        store.export(case, version=9)
    assert exc.value.problems[0][0] == "/version"


def test_amend_by_id_and_retract(store):
    case, _ = store.open_case(drift_doc())
    store.record(case, [PARTY, NOTICE])
    store.record(case, {"amend": "/items/i1/value", "value": "3"})
    store.record(case, {"amend": "/parties/owner/name", "value": "荷主 三郎"})
    store.record(case, {"amend": "/case/place", "value": "相良村 沖"})
    doc = store.export(case)
    assert doc["items"][0]["value"] == "3"
    assert doc["parties"][2]["name"] == "荷主 三郎"
    assert store.list_cases()[0]["place"] == "相良村 沖"
    v = store.record(case, {"retract": 3, "reason": "the notice was posted at another village"})
    assert "events" not in store.export(case) or store.export(case)["events"] == []
    assert store.export(case, version=v - 1)["events"][0]["type"] == "notice_posted"  # the old value stays
    assert len(store.history(case)) == v
    assert store.verify(case)["ok"]


@pytest.mark.parametrize("entry, pointer", [
    ({"retract": 1, "reason": "x"}, "/retract"),
    ({"retract": 9, "reason": "x"}, "/retract"),
    ({"retract": 2}, "/reason"),
    ({"amend": "/format", "value": "x"}, "/amend"),
    ({"amend": "/events/0/date", "value": "1876-03-04"}, "/amend"),
    ({"amend": "/items/nope/value", "value": "3"}, "/amend"),
    ({"add": "ship", "value": {}}, "/add"),
    ({"open": {}}, "/open"),
    ({"event": {"type": "notice_posted"}, "extra": 1}, "/extra"),
    ({"nothing": 1}, ""),
])
def test_bad_entries_store_nothing(store, entry, pointer):
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, entry)
    assert pointer in [p for p, _ in exc.value.problems], exc.value.problems
    assert store.version(case) == 2 and len(store.history(case)) == 2


def test_retract_rules(store):
    case, _ = store.open_case(drift_doc())
    store.record(case, [NOTICE, {"retract": 2, "reason": "wrong day"}])
    with pytest.raises(InvalidEntry, match="already retracted"):
        store.record(case, {"retract": 2, "reason": "again"})
    with pytest.raises(InvalidEntry, match="is a retract"):
        store.record(case, {"retract": 3, "reason": "undo"})
    # a retract that would leave a later entry pointing at a removed id is refused
    store.record(case, [PARTY, {"event": {"type": "owner_identified", "date": "1876-04-01", "item": "i1",
                                          "owner": "owner"}}])
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, {"retract": 4, "reason": "no such owner"})
    assert any("owner" in m for _, m in exc.value.problems)
    assert store.version(case) == 5


def test_validation_messages_are_assess_messages(store):
    from wreckmaster.law.scenario import InvalidScenario, validate

    case, _ = store.open_case(drift_doc())
    bad = {"add": "item", "value": {"id": "i2", "kind": "cargo", "value": "-3", "found": {"by": ["ghost"]}}}
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, bad)
    doc = drift_doc()
    doc["items"].append(bad["value"])
    with pytest.raises(InvalidScenario) as direct:
        validate(doc, {"jp-1875"})
    assert exc.value.problems == direct.value.problems
    # in a list, every line names the entry of the list that brought it (K from 0)
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, [PARTY, bad])
    assert exc.value.problems == [(p, f"{m} (entry 1 of the list)") for p, m in direct.value.problems]
    assert store.version(case) == 1
    with pytest.raises(InvalidEntry, match="empty list"):
        store.record(case, [])


def test_open_refuses_a_bad_scenario_with_assess_pointers(store):
    doc = drift_doc()
    doc["items"][0]["value"] = "-1"
    with pytest.raises(InvalidEntry) as exc:
        store.open_case(doc)
    assert exc.value.problems[0][0] == "/items/0/value"
    assert store.list_cases() == []


def test_conflict_is_checked_first(store):
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    with pytest.raises(Conflict) as exc:
        store.record(case, {"bad": 1}, expect_version=1)
    assert (exc.value.case, exc.value.current, exc.value.expected) == (case, 2, 1)
    with pytest.raises(Conflict):
        store.record(case, [], expect_version=5)


def test_not_found_and_offices_see_only_their_cases(store):
    store.add_office("sagara", "相良村役場")
    case, _ = store.open_case(drift_doc(), office="sagara")
    other, _ = store.open_case(drift_doc())
    for call in (lambda: store.version("nope"), lambda: store.history("nope"), lambda: store.export("nope"),
                 lambda: store.record("nope", NOTICE), lambda: store.assessment("nope"),
                 lambda: store.history(other, office="sagara"), lambda: store.record(other, NOTICE, office="sagara"),
                 lambda: store.open_case(drift_doc(), office="nowhere")):
        with pytest.raises(NotFound):
            call()
    assert [c["case"] for c in store.list_cases(office="sagara")] == [case]
    assert {c["case"] for c in store.list_cases()} == {case, other}
    assert store.list_cases(office="sagara")[0] == {"case": case, "regime": "jp-1875", "office": "sagara",
                                                    "place": "相良村 浜", "occurred": "1876-03-01", "version": 1}


def test_clerks_do_not_amend_or_retract(store):
    case, _ = store.open_case(drift_doc())
    assert store.record(case, NOTICE, role="clerk", recorded_by="hanako") == 2
    with pytest.raises(Forbidden):
        store.record(case, {"amend": "/case/place", "value": "x"}, role="clerk")
    with pytest.raises(Forbidden):
        store.record(case, {"retract": 2, "reason": "x"}, role="clerk")
    assert store.history(case)[1]["recorded_by"] == "hanako"


def test_a_stored_log_is_never_refused_again(store, monkeypatch):
    """A newer wreckmaster that would refuse an old log reports findings; new entries still go in."""
    from wreckmaster.law.scenario import InvalidScenario
    from wreckmaster.store import engine_bridge

    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    real = engine_bridge.validate_doc

    def stricter(doc):
        problems = []
        if any(p.get("id") == "kocho" for p in doc.get("parties", [])):
            problems.append(("/parties/1/id", "a newer rule refuses this party"))
        try:
            scenario = real(doc)
        except InvalidScenario as exc:
            problems += exc.problems
        if problems:
            raise InvalidScenario(problems)
        return scenario

    monkeypatch.setattr(engine_bridge, "validate_doc", stricter)
    a = store.assessment(case, as_of=date(1876, 3, 10))
    assert [f["code"] for f in a["findings"]] == ["stored-log-invalid"]
    assert a["findings"][0]["severity"] == "error" and "newer rule" in a["findings"][0]["message"]
    assert store.record(case, PARTY) == 3          # a new entry that brings no new problem is stored
    with pytest.raises(InvalidEntry):
        store.record(case, {"add": "item", "value": {"id": "i9", "kind": "cargo", "value": "-1"}})
    assert store.verify(case)["ok"]


def test_verify_checks_projections(store):
    from sqlalchemy import update

    from wreckmaster.store.models import projections

    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    with store.engine.begin() as conn:
        conn.execute(update(projections).where(projections.c.case_id == case).values(scenario="{}"))
    result = store.verify()
    assert not result["ok"] and result["tampered"] == []
    assert result["projections"][0]["case"] == case
