"""The persons register (issue 28) on SQLite and PostgreSQL: its own hash-chained log, the CLI,
and the ledger over the office's cases."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from wreckmaster.store.errors import InvalidEntry, NotFound


def taiwan(occurred: str, value: str, reported: str) -> dict:
    return {"format": "wreckmaster.scenario/1", "regime": "qing-taiwan",
            "case": {"occurred": occurred, "kind": "wreck", "place": "淡水廳滬尾", "vessel": {"owner": "own"}},
            "parties": [{"id": "own"}, {"id": "boatmen"},
                        {"id": "tongzhi", "name": "林同知", "roles": ["official"], "person": "lin"}],
            "items": [{"id": "cargo", "kind": "cargo", "value": value, "found": {"by": ["boatmen"]}}],
            "events": [{"type": "case_reported", "date": reported}]}


def test_add_edit_list_history_and_the_chain(store):
    store.add_office("tamsui", "淡水廳")
    row = store.persons.add("tamsui", "lin", "林", post="淡水同知", station="滬尾", recorded_by="clerk1")
    assert row == {"office": "tamsui", "person": "lin", "name": "林", "post": "淡水同知", "station": "滬尾",
                   "version": 1}
    row = store.persons.edit("tamsui", "lin", {"post": "臺北知府", "station": None})
    assert row["post"] == "臺北知府" and row["station"] is None and row["version"] == 2
    assert store.persons.list("tamsui") == [{"office": "tamsui", "person": "lin", "name": "林", "post": "臺北知府",
                                             "station": None, "version": 2}]
    hist = store.persons.history("tamsui", "lin")
    assert [h["entry"] for h in hist] == [
        {"add": {"person": "lin", "name": "林", "post": "淡水同知", "station": "滬尾"}},
        {"edit": {"post": "臺北知府", "station": None}}]
    assert hist[0]["recorded_by"] == "clerk1" and hist[0]["hash"] != hist[1]["hash"]
    from wreckmaster.store import canonical
    from wreckmaster.store.persons import chain_id

    first = canonical.entry_hash(canonical.GENESIS, chain_id("tamsui", "lin"), 1, hist[0]["recorded_at"], "clerk1",
                                 canonical.dumps(hist[0]["entry"]))
    assert first == hist[0]["hash"]
    assert store.persons.verify() == {"ok": True, "tampered": [], "projections": []}


def test_bad_input_and_not_found_change_nothing(store):
    store.add_office("tamsui", "淡水廳")
    with pytest.raises(NotFound):
        store.persons.add("nowhere", "lin", "林")
    with pytest.raises(InvalidEntry) as exc:
        store.persons.add("tamsui", "l in", "")
    assert {p for p, _ in exc.value.problems} == {"/person", "/name"}
    store.persons.add("tamsui", "lin", "林")
    with pytest.raises(InvalidEntry, match="already"):
        store.persons.add("tamsui", "lin", "林")
    with pytest.raises(InvalidEntry):
        store.persons.edit("tamsui", "lin", {"rank": "x"})
    with pytest.raises(NotFound):
        store.persons.edit("tamsui", "wang", {"name": "王"})
    assert [h["seq"] for h in store.persons.history("tamsui", "lin")] == [1]
    store.persons.add("local", "lin", "林 (another office's)")   # ids are per office
    assert len(store.persons.list()) == 2


def test_a_rewritten_entry_and_a_changed_row_are_found(store):
    store.add_office("tamsui", "淡水廳")
    store.persons.add("tamsui", "lin", "林")
    store.persons.edit("tamsui", "lin", {"post": "同知"})
    store.persons.add("tamsui", "wang", "王")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE person_entries SET entry = :e WHERE person = 'lin' AND seq = 2"),
                     {"e": '{"edit":{"post":"知府"}}'})
        conn.execute(text("UPDATE persons SET name = '汪' WHERE id = 'wang'"))
    got = store.persons.verify()
    assert got["ok"] is False
    assert got["tampered"] == [{"office": "tamsui", "person": "lin", "seq": 2}]
    assert got["projections"] == [{"office": "tamsui", "person": "wang",
                                   "problem": "register row differs from the fold of its log"}]


def test_the_ledger_over_the_office_cases_as_of_a_day(store):
    store.add_office("tamsui", "淡水廳")
    store.persons.add("tamsui", "lin", "林", post="淡水同知")
    ids = [store.open_case(taiwan(d, v, r), office="tamsui")[0]
           for d, v, r in (("1891-06-10", "12000", "1891-06-20"), ("1892-02-14", "500", "1892-02-24"),
                           ("1892-07-01", "10000", "1892-07-10"), ("1893-03-03", "30000", "1893-03-12"))]
    store.open_case(taiwan("1892-01-01", "50000", "1892-01-05"), office="local")   # another office's case
    from datetime import date

    got = store.ledger(date(1893, 12, 31), office="tamsui")
    (lin,) = got["persons"]
    assert lin["name"] == "林" and lin["post"] == "淡水同知" and lin["totals"] == {"merit": 3}
    assert [e["case"] for e in lin["entries"]] == [ids[0], ids[2], ids[3]]
    assert lin["entries"][0]["source"] == {"case": ids[0], "version": 1}
    assert [(f["code"], f["case"]) for f in lin["findings"]] == [("merit-further-reward", ids[3])]
    # on 1892-07-05 the third case has happened but its report (07-10) is not yet known: its merit is
    # dated from the casualty; the fourth case has not happened
    early = store.ledger(date(1892, 7, 5), office="tamsui")
    assert early["persons"][0]["totals"] == {"merit": 2} and early["cases"] == 3
    assert early["persons"][0]["entries"][-1]["date_from"] == "occurred"
    assert early["persons"][0]["findings"] == []


def test_cli_person_and_ledger(wm, tmp_path):
    assert wm("office", "add", "tamsui", "--name", "淡水廳").returncode == 0
    r = wm("person", "add", "lin", "--office", "tamsui", "--name", "林", "--post", "淡水同知", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["version"] == 1
    r = wm("person", "add", "lin", "--office", "tamsui", "--name", "林")
    assert r.returncode == 2 and "error: ID: person 'lin' is registered in office 'tamsui' already" in r.stderr
    r = wm("person", "edit", "lin", "--office", "tamsui", "--post", "")
    assert r.returncode == 0 and "v2" in r.stdout
    r = wm("person", "edit", "nobody", "--office", "tamsui", "--name", "x")
    assert r.returncode == 4 and "not found: person nobody" in r.stderr
    r = wm("person", "list", "--office", "tamsui", "--format", "json")
    assert json.loads(r.stdout)[0]["post"] is None
    assert wm("person", "verify").returncode == 0
    r = wm("person", "history", "lin", "--office", "tamsui", "--format", "json")
    assert [h["seq"] for h in json.loads(r.stdout)] == [1, 2]
    r = wm("ledger", "--office", "tamsui", "--as-of", "1893-01-01", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["persons"][0]["person"] == "lin"
    for k, (d, v, rep) in enumerate((("1891-06-10", "12000", "1891-06-20"), ("1892-02-14", "10000", "1892-02-24"),
                                     ("1892-07-01", "10000", "1892-07-10"))):
        path = tmp_path / f"case{k}.json"
        path.write_text(json.dumps(taiwan(d, v, rep), ensure_ascii=False), encoding="utf-8")
        assert wm("case", "open", str(path), "--office", "tamsui").returncode == 0
    r = wm("ledger", "--office", "tamsui", "--as-of", "1893-01-01")
    assert r.returncode == 0, r.stderr
    assert "lin 林  [merit 3]" in r.stdout and "1892-07-10  merit" in r.stdout
    assert "▶ merit-further-reward" in r.stdout and "三功以上者，詳酌記外獎" in r.stdout
    r = wm("ledger", "--office", "tamsui", "--as-of", "not-a-day")
    assert r.returncode == 2 and "--as-of" in r.stderr
    r = wm("ledger", "--office", "nowhere")
    assert r.returncode == 4


def test_a_case_naming_an_unregistered_person_is_a_ledger_finding(store):
    from datetime import date

    store.add_office("tamsui", "淡水廳")
    doc = taiwan("1891-06-10", "12000", "1891-06-20")
    doc["parties"][2]["person"] = "wang"
    case, _ = store.open_case(doc, office="tamsui")
    got = store.ledger(date(1892, 1, 1), office="tamsui")
    assert [(f["code"], f["case"], f["person"]) for f in got["findings"]] == [("person-not-registered", case, "wang")]
    assert got["persons"][0]["person"] == "wang" and got["persons"][0]["registered"] is False


@pytest.mark.parametrize("seed", range(3))
def test_any_rewritten_entry_of_the_register_is_named(store, seed):
    """Tamper evidence: after a random run of edits, rewriting any one entry (even to a valid
    one) names that person and seq; nothing else."""
    import random

    rnd = random.Random(seed)
    store.add_office("tamsui", "淡水廳")
    people = [f"p{k}" for k in range(3)]
    for p in people:
        store.persons.add("tamsui", p, f"name {p}")
    for _ in range(8):
        store.persons.edit("tamsui", rnd.choice(people), {rnd.choice(["post", "station"]): f"x{rnd.randint(0, 9)}"})
    assert store.persons.verify()["ok"]
    victim = rnd.choice(people)
    seq = rnd.randint(1, store.persons.get("tamsui", victim)["version"])
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE person_entries SET recorded_by = 'someone else' "
                          "WHERE office = 'tamsui' AND person = :p AND seq = :s"), {"p": victim, "s": seq})
    got = store.persons.verify()
    assert got["tampered"] == [{"office": "tamsui", "person": victim, "seq": seq}] and not got["ok"]


def test_a_deleted_last_entry_is_named(store):
    store.add_office("tamsui", "淡水廳")
    store.persons.add("tamsui", "lin", "林")
    store.persons.edit("tamsui", "lin", {"post": "同知"})
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM person_entries WHERE person = 'lin' AND seq = 2"))
    assert store.persons.verify()["tampered"] == [{"office": "tamsui", "person": "lin", "seq": 2}]
