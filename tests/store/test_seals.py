"""Seals (issue 24 point 10; CASE.md 1.1 "Seals"): every edit a database administrator can make
behind wreckmaster's back is reported by ``case verify`` in its JSON form ``{"ok", "tampered":
[{case, seq}]}``, and nothing is read from or built on a case that fails its seal — on SQLite and
PostgreSQL. Each test makes the edit with plain SQL, as the administrator would.

Expected ``seq`` (CASE.md 1.1): the first failing entry for a rewrite with the later hashes
recomputed; the checkpoint's (= the sealed) seq for a deleted tail and for a database behind its
checkpoint; null for a deleted case, a moved case and a deleted seal.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from sqlalchemy import delete, insert, select, text, update

from wreckmaster.store import canonical
from wreckmaster.store.errors import CorruptData, NotFound, Tampered
from wreckmaster.store.models import case_count, cases, projections, seals
from wreckmaster.store.models import entries as log_table

from .conftest import drift_doc

NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}
PARTY = {"add": "party", "value": {"id": "owner", "name": "荷主 次郎", "roles": ["owner"]}}
ITEM = {"add": "item", "value": {"id": "i2", "description": "網 (a net)", "kind": "cargo", "value": "0.75",
                                 "found": {"date": "1876-03-02", "by": ["finder"], "state": "ashore"}}}


def four_entries(store) -> str:
    case, _ = store.open_case(drift_doc())
    for e in (NOTICE, PARTY, ITEM):
        store.record(case, e)
    return case


def rebuild(store, case: str) -> None:
    """The administrator also makes the read models agree (so only the seals can tell)."""
    from wreckmaster.store.backup import rebuild_case

    with store.engine.begin() as conn:
        rebuild_case(conn, case)


def recompute_from(conn, case: str, seq: int) -> None:
    """Recompute the hash of entry ``seq`` and of every later one (CASE.md's definition)."""
    rows = conn.execute(select(log_table).where(log_table.c.case_id == case).order_by(log_table.c.seq)).all()
    previous = canonical.GENESIS
    for r in rows:
        digest = canonical.entry_hash(previous, case, r.seq, r.recorded_at, r.recorded_by, r.entry)
        if r.seq >= seq:
            conn.execute(update(log_table).where(log_table.c.case_id == case, log_table.c.seq == r.seq)
                         .values(hash=digest))
        previous = digest


def refused(store, case: str, office: str | None = None) -> None:
    """Nothing is read from the case or built on it; its version stays."""
    with pytest.raises(Tampered) as exc:
        store.version(case, office=office)
    assert f"case {case} fails its seal" in str(exc.value) and "case verify" in str(exc.value)
    with pytest.raises(Tampered):
        store.export(case, office=office)
    with pytest.raises(Tampered):
        store.record(case, {"event": {"type": "notice_posted", "date": "1876-04-01", "items": ["i1"]}},
                     office=office)
    assert case in store.tampered


def test_an_intact_log_verifies_as_before(store):
    case = four_entries(store)
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}
    assert store.verify(case) == {"ok": True, "tampered": [], "projections": []}


def test_an_entry_rewritten_with_the_later_hashes_recomputed(store):
    """The chain is intact after the edit (every hash recomputed): entry 2's seal names it."""
    case = four_entries(store)
    with store.engine.begin() as conn:
        forged = canonical.dumps({"event": {"type": "notice_posted", "date": "1876-09-30", "items": ["i1"]}})
        conn.execute(update(log_table).where(log_table.c.case_id == case, log_table.c.seq == 2).values(entry=forged))
        recompute_from(conn, case, 2)
    rebuild(store, case)
    result = store.verify()
    assert result["tampered"] == [{"case": case, "seq": 2}] and not result["ok"]
    assert result["projections"] == []
    refused(store, case)


def test_an_entry_edited_with_its_hash_kept_is_still_found_by_the_chain(store):
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(update(log_table).where(log_table.c.case_id == case, log_table.c.seq == 3)
                     .values(entry=canonical.dumps({"add": "party", "value": {"id": "x", "name": "x", "roles": []}})))
    assert store.verify(case)["tampered"] == [{"case": case, "seq": 3}]


def test_the_last_entries_deleted(store):
    """Entries 3 and 4 deleted, the case's version and projection set back to 2: the sealed head
    (and this host's checkpoint) are at 4."""
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(delete(log_table).where(log_table.c.case_id == case, log_table.c.seq > 2))
        conn.execute(update(cases).where(cases.c.id == case).values(version=2))
    rebuild(store, case)
    assert store.verify()["tampered"] == [{"case": case, "seq": 4}]
    refused(store, case)


def test_the_last_entries_deleted_and_an_old_seal_copied_back(store):
    """The administrator kept the seal of version 2 and puts it back: every seal in the database
    is genuine, only this host's checkpoint remembers seq 4."""
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    with store.engine.begin() as conn:
        old_seal = dict(conn.execute(select(seals).where(seals.c.case_id == case)).mappings().one())
    store.record(case, PARTY)
    store.record(case, ITEM)
    with store.engine.begin() as conn:
        conn.execute(delete(log_table).where(log_table.c.case_id == case, log_table.c.seq > 2))
        conn.execute(update(cases).where(cases.c.id == case).values(version=2))
        conn.execute(update(seals).where(seals.c.case_id == case).values(**old_seal))
    rebuild(store, case)
    assert store.version(case) == 2      # the database alone is consistent ...
    result = store.verify()              # ... the checkpoint is ahead of it
    assert result["tampered"] == [{"case": case, "seq": 4}]
    assert "checkpoint" in result["seals"][0]["problem"]


def _delete_case(conn, case: str, seal: bool = True) -> None:
    for table in (log_table, projections):
        conn.execute(delete(table).where(table.c.case_id == case))
    if seal:
        conn.execute(delete(seals).where(seals.c.case_id == case))
    conn.execute(delete(cases).where(cases.c.id == case))


def test_a_deleted_case_and_its_id_never_reused(store):
    first, _ = store.open_case(drift_doc())
    second, _ = store.open_case(drift_doc())
    store.record(second, NOTICE)
    with store.engine.begin() as conn:
        _delete_case(conn, second)
    third, _ = store.open_case(drift_doc())
    assert third != second and third.endswith("-0003") and second.endswith("-0002")
    result = store.verify()
    assert result["tampered"] == [{"case": second, "seq": None}] and not result["ok"]
    assert store.verify(second)["tampered"] == [{"case": second, "seq": None}]
    with pytest.raises(NotFound):
        store.version(second)
    assert store.version(first) == 1 and store.version(third) == 1


def test_a_deleted_case_on_another_host_is_a_gap_in_the_sealed_count(store, tmp_path, monkeypatch):
    """Without this host's checkpoint (another host verifies) the id is not known: the sealed
    count still shows a case missing."""
    store.open_case(drift_doc())
    second, _ = store.open_case(drift_doc())
    with store.engine.begin() as conn:
        _delete_case(conn, second)
    shared = open_secret()       # the other host shares the secret, not this host's data folder
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-host"))
    monkeypatch.setenv("WRECKMASTER_SECRET", shared)
    from wreckmaster.store import open_store

    elsewhere = open_store(store.engine.url.render_as_string(hide_password=False))
    try:
        result = elsewhere.verify()
    finally:
        elsewhere.close()
    assert result["tampered"] == [{"case": None, "seq": None}]
    assert "case number 2" in result["seals"][0]["problem"]


def open_secret() -> str:
    from wreckmaster import secret

    return secret.master_secret().decode()


def test_a_deleted_seal_counts_as_tampered(store):
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(delete(seals).where(seals.c.case_id == case))
    assert store.verify()["tampered"] == [{"case": case, "seq": None}]
    refused(store, case)


def test_a_deleted_count_counts_as_tampered(store):
    store.open_case(drift_doc())
    with store.engine.begin() as conn:
        conn.execute(delete(case_count))
    result = store.verify()
    assert result["tampered"] == [{"case": None, "seq": None}] and "count" in result["seals"][0]["problem"]


def test_a_case_moved_to_another_office_behind_wreckmasters_back(store):
    store.add_office("uraga", "浦賀")
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(update(cases).where(cases.c.id == case).values(office="uraga"))
        conn.execute(update(log_table).where(log_table.c.case_id == case).values(office="uraga"))
    assert store.verify()["tampered"] == [{"case": case, "seq": None}]
    refused(store, case, office="uraga")    # the other office cannot read it


def test_a_logged_move(store):
    """``{"move": OFFICE}`` is an entry of its own: the case's office changes, the scenario not."""
    store.add_office("uraga", "浦賀")
    case = four_entries(store)
    before = store.export(case)
    assert store.record(case, {"move": "uraga"}, expect_version=4) == 5
    assert store.export(case, office="uraga") == before
    with pytest.raises(NotFound):
        store.version(case, office="local")
    assert store.history(case, office="uraga")[-1]["entry"] == {"move": "uraga"}
    assert store.list_cases(office="uraga")[0]["case"] == case
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}
    # a move is not retracted (another move takes the case back), and is a supervisor's
    from wreckmaster.store.errors import Forbidden, InvalidEntry

    with pytest.raises(InvalidEntry, match="move the case back"):
        store.record(case, {"retract": 5, "reason": "wrong office"}, office="uraga")
    with pytest.raises(Forbidden):
        store.record(case, {"move": "local"}, office="uraga", role="clerk")
    with pytest.raises(NotFound, match="office nowhere"):
        store.record(case, {"move": "nowhere"})
    with pytest.raises(InvalidEntry, match="already"):
        store.record(case, {"move": "uraga"})
    assert store.record(case, {"move": "local"}) == 6 and store.version(case, office="local") == 6


def test_seals_made_with_another_secret_fail(store, monkeypatch):
    case = four_entries(store)
    monkeypatch.setenv("WRECKMASTER_SECRET", "a different secret of at least thirty-two characters")
    result = store.verify()
    assert result["tampered"] == [{"case": None, "seq": None}, {"case": case, "seq": 1}]   # the count, the case
    with pytest.raises(Tampered, match="secret"):
        store.version(case)


def test_a_list_reads_the_secret_once_and_the_next_list_sees_it_changed(store, monkeypatch):
    """seals.batch: one list read looks up the configured secret once, not once a seal; the
    secret changed between two reads is the second read's (its cases fail their seals)."""
    from wreckmaster.store import seals as s

    made = [store.open_case(drift_doc())[0] for _ in range(3)]
    lookups = []
    real = s._secret_names
    monkeypatch.setattr(s, "_secret_names", lambda: lookups.append(1) or real())
    assert [r["case"] for r in store.list_cases()] == made
    assert len(lookups) == 1
    monkeypatch.setenv("WRECKMASTER_SECRET", "a different secret of at least thirty-two characters")
    assert store.list_cases() == []
    assert len(lookups) == 2


def test_a_new_seal_key_id_keeps_the_old_seals_valid(store, monkeypatch):
    case = four_entries(store)
    monkeypatch.setenv("WRECKMASTER_SEAL_KEY_ID", "2026-12")
    store.record(case, {"event": {"type": "notice_posted", "date": "1876-04-01", "items": ["i1"]}})
    with store.engine.begin() as conn:
        key_ids = {r.seal.split(":")[0] for r in conn.execute(select(log_table.c.seal))}
        assert conn.execute(select(seals.c.key_id).where(seals.c.case_id == case)).scalar() == "2026-12"
    assert key_ids == {"1", "2026-12"}
    assert store.verify()["ok"]


def test_rotating_the_session_key_never_breaks_a_seal():
    from wreckmaster import secret
    from wreckmaster.store import seals as s

    row = s.head_row(s.Head("2026-0001", 3, "ab" * 32, "local"), key_id="1")
    assert secret.derive("session", "2") != secret.derive("seal", "1")
    assert s.head_ok(type("R", (), row)())


def test_a_corrupt_row_is_a_clear_error(store, wm):
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(update(log_table).where(log_table.c.case_id == case, log_table.c.seq == 3)
                     .values(entry="{not json"))
    with pytest.raises(CorruptData, match=f"entry 3 of case {case} is not JSON"):
        store.history(case)
    r = wm("case", "history", case)
    assert r.returncode == 5 and r.stderr.startswith("database: stored data is corrupt: entry 3") \
        and "Traceback" not in r.stderr
    r = wm("case", "verify", case, "--format", "json")
    assert r.returncode == 1 and json.loads(r.stdout)["tampered"] == [{"case": case, "seq": 3}]
    with store.engine.begin() as conn:
        conn.execute(update(projections).where(projections.c.case_id == case).values(scenario="nope"))
    r = wm("case", "show", case)
    assert r.returncode == 5 and "the projection of case" in r.stderr and "Traceback" not in r.stderr


def test_the_cli_refuses_a_tampered_case_with_exit_5(store, wm):
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(delete(seals).where(seals.c.case_id == case))
    r = wm("case", "record", case, "-", stdin=json.dumps(NOTICE))
    assert r.returncode == 5 and f"case {case} fails its seal" in r.stderr
    assert store.verify(case)["tampered"] == [{"case": case, "seq": None}]
    r = wm("case", "verify")
    assert r.returncode == 1 and f"seal: case {case}: no seal" in r.stdout


def test_upgrade_seals_the_heads_of_an_old_database(tmp_path):
    """A log written before the seals (schema 0002) verifies as before once upgraded; from then on
    a deleted seal is tampering, not an old log."""
    from alembic import command
    from alembic.config import Config

    from wreckmaster.store import db, open_store

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = db.make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(db.MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    at, entry_text = "2026-01-05T09:00:00.000000Z", canonical.dumps({"open": drift_doc()})
    digest = canonical.entry_hash(canonical.GENESIS, "2026-0001", 1, at, "local", entry_text)
    with engine.begin() as conn:   # what wreckmaster before the seals wrote
        conn.execute(text("INSERT INTO cases VALUES ('2026-0001', 1, 'local', 'jp-1875', '1876-03-01', "
                          "'相良村 浜', 1, :at)"), {"at": at})
        conn.execute(text("INSERT INTO entries (case_id, seq, position, form, entry, schema_version, recorded_at,"
                          " recorded_by, office, hash) VALUES ('2026-0001', 1, 1, 'open', :e, 1, :at, 'local',"
                          " 'local', :h)"), {"e": entry_text, "at": at, "h": digest})
    engine.dispose()
    db.upgrade(db.make_engine(url))
    store = open_store(url)
    try:
        with store.engine.begin() as conn:
            from wreckmaster.store.backup import rebuild_case

            rebuild_case(conn, "2026-0001")
        assert store.verify() == {"ok": True, "tampered": [], "projections": []}
        assert store.history("2026-0001")[0]["hash"] == digest     # CASE.md's hash, unchanged
        assert store.open_case(drift_doc())[0].endswith("-0002")
        with store.engine.begin() as conn:
            conn.execute(delete(seals).where(seals.c.case_id == "2026-0001"))
        assert store.verify()["tampered"] == [{"case": "2026-0001", "seq": None}]
    finally:
        store.close()


def test_concurrent_writers_keep_the_checkpoint_at_the_head(store, db_url):
    """Two processes and four threads append to one case: the checkpoint ends at its version."""
    import threading

    case, _ = store.open_case(drift_doc())
    script = ("import sys\nfrom wreckmaster.store import open_store\ns = open_store(sys.argv[1])\n"
              "for i in range(8):\n"
              "    s.record(sys.argv[2], {'event': {'type': 'notice_posted', 'date': '1876-04-01', 'items': ['i1']}})\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, db_url, case], env=os.environ.copy())
             for _ in range(2)]

    def appends() -> None:
        for _ in range(4):
            store.record(case, {"event": {"type": "notice_posted", "date": "1876-04-02", "items": ["i1"]}})

    threads = [threading.Thread(target=appends) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for p in procs:
        assert p.wait(timeout=120) == 0
    version = store.version(case)
    assert version == 1 + 2 * 8 + 4 * 4
    mark = store.checkpoint.marks()[case]
    assert mark.seq == version and mark.hash == store.history(case)[-1]["hash"]
    assert store.verify()["ok"]


def test_a_bad_seal_key_id_is_a_clear_error_and_stores_nothing(store, monkeypatch):
    from wreckmaster.store.errors import DatabaseProblem

    case, _ = store.open_case(drift_doc())
    monkeypatch.setenv("WRECKMASTER_SEAL_KEY_ID", "a key id far too long for the column")
    with pytest.raises(DatabaseProblem, match="WRECKMASTER_SEAL_KEY_ID must be 1 to 16"):
        store.record(case, NOTICE)
    monkeypatch.delenv("WRECKMASTER_SEAL_KEY_ID")
    assert store.version(case) == 1 and store.verify()["ok"]


def test_the_last_entries_deleted_with_their_seal(store):
    """Tail and seal deleted: this host's checkpoint still names the sealed seq (a tail comes first)."""
    case = four_entries(store)
    with store.engine.begin() as conn:
        conn.execute(delete(log_table).where(log_table.c.case_id == case, log_table.c.seq > 1))
        conn.execute(update(cases).where(cases.c.id == case).values(version=1))
        conn.execute(delete(seals).where(seals.c.case_id == case))
    rebuild(store, case)
    result = store.verify()
    assert result["tampered"] == [{"case": case, "seq": 4}]
    assert [p["seq"] for p in result["seals"]] == [4, None]      # and the missing seal, in words
