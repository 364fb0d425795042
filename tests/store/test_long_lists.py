"""Long lists of entries (issue 24, point 3): validated in linear time, before the write lock,
bounded in length, and given up when the client has gone.

Linear time is shown by counting, not timing: a refused list of any length is validated by
the engine a fixed number of times (before: once per entry of the list, each over a scenario
growing with it — N = 1,000 took 8.9 s, N = 2,000 34 s, under the write lock).
"""
from __future__ import annotations

import threading

import pytest

from wreckmaster.store.errors import InvalidEntry

DRIFT = {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
         "case": {"occurred": "1876-03-02", "place": "Shimoda", "waters": "sea", "kind": "drift"},
         "parties": [{"id": "finder", "roles": ["finder"]}]}


def _items(n: int, tag: str = "x") -> list[dict]:
    return [{"add": "item", "value": {"id": f"{tag}{i}", "description": "a cask", "kind": "cargo", "value": "1"}}
            for i in range(n)]


@pytest.fixture
def counted(monkeypatch):
    from wreckmaster.store import engine_bridge

    calls = [0]
    checked = engine_bridge.checked   # every validation of the store goes through it (problems_of too)

    def counting(doc):
        calls[0] += 1
        return checked(doc)

    monkeypatch.setattr(engine_bridge, "checked", counting)
    return calls


@pytest.mark.parametrize("n", [10, 1000])
def test_a_refused_list_is_validated_a_fixed_number_of_times(store, counted, n):
    case, _ = store.open_case(DRIFT)
    bad = _items(n - 1) + [{"add": "item", "value": {"id": "bad", "kind": "cargo", "value": "-5"}}]
    counted[0] = 0
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, bad)
    assert exc.value.problems == [(f"/items/{n - 1}/value", f"must not be negative, got '-5' (entry {n - 1} of the list)")]
    assert counted[0] <= 3             # the result, and the log before it (once), whatever n is
    assert store.version(case) == 1


def test_each_problem_names_the_entry_that_put_it_there(store):
    """A worked example: an item with a bad value at entry 1, an amend that makes another item's
    value bad at entry 3, an event naming an unknown item at entry 4 (K from 0)."""
    case, _ = store.open_case({**DRIFT, "items": [{"id": "i1", "kind": "cargo", "value": "3"}]})
    entries = [{"add": "party", "value": {"id": "owner", "roles": ["owner"]}},
               {"add": "item", "value": {"id": "i2", "kind": "cargo", "value": "-1"}},
               {"add": "item", "value": {"id": "i3", "kind": "cargo", "value": "2"}},
               {"amend": "/items/i1/value", "value": "-7"},
               {"event": {"type": "owner_identified", "date": "1876-04-01", "item": "nope", "owner": "owner"}}]
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, entries)
    by_pointer = {p: m.rsplit(" (entry ", 1)[1] for p, m in exc.value.problems}
    assert by_pointer["/items/1/value"] == "1 of the list)"
    assert by_pointer["/items/0/value"] == "3 of the list)"
    assert [k for p, k in by_pointer.items() if p.startswith("/events/")] == ["4 of the list)"]
    assert store.version(case) == 1


def test_a_list_is_bounded_and_the_bound_is_in_the_openapi_document(store):
    from wreckmaster.service.schemas import entries_request_schema
    from wreckmaster.store.store import MAX_ENTRIES

    case, _ = store.open_case(DRIFT)
    with pytest.raises(InvalidEntry) as exc:
        store.record(case, _items(MAX_ENTRIES + 1))
    assert exc.value.problems == [("", f"at most {MAX_ENTRIES} entries in one list, got {MAX_ENTRIES + 1}")]
    assert store.record(case, _items(MAX_ENTRIES)) == 1 + MAX_ENTRIES
    assert entries_request_schema()["oneOf"][1]["maxItems"] == MAX_ENTRIES == 1000


def test_work_for_a_client_that_has_gone_stops_and_stores_nothing(store):
    from wreckmaster.store.attribution import CHECK_EVERY, Cancelled

    case, _ = store.open_case(DRIFT)
    looked = [0]

    def gone() -> bool:
        looked[0] += 1
        return True

    with pytest.raises(Cancelled):
        store.record(case, _items(500), cancelled=gone)
    assert looked[0] == 1 and 500 > CHECK_EVERY
    assert store.version(case) == 1


def test_the_validation_is_done_before_the_write_lock_and_redone_after_a_concurrent_append(store, monkeypatch):
    """An append validated on version 1 while another append lands: under the lock the version is
    checked again, the list is validated again on version 2 and stored after it."""
    from wreckmaster.store.store import Store

    case, _ = store.open_case(DRIFT)
    validate = Store._validate_append
    seen: list[int] = []
    interfered = threading.Event()

    def spying(self, conn, row, batch, single, cancelled=None):
        seen.append(row.version)
        result = validate(self, conn, row, batch, single, cancelled)
        if not interfered.is_set():      # another writer appends between the validation and the lock
            interfered.set()
            t = threading.Thread(target=lambda: store.record(case, _items(1, "other")))
            t.start()
            t.join()
        return result

    monkeypatch.setattr(Store, "_validate_append", spying)
    assert store.record(case, _items(3)) == 5
    assert seen == [1, 1, 2]    # ours on 1 (outside the lock); the other's on 1; ours again on 2, under it
    assert [e["entry"]["value"]["id"] for e in store.history(case)[1:]] == ["other0", "x0", "x1", "x2"]
