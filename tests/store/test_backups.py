"""Backups (issue 24 point 11; CASE.md 1.1 "Backups"), on SQLite and PostgreSQL:

- ``db backup FILE`` → restore gives the same logs, and they verify;
- a restore that went back in time is reported by ``case verify`` (this host's checkpoint is
  ahead of the database: ``seq`` = the checkpoint's), until ``db accept-restore``;
- ``db export`` → ``db import`` gives the same export again, byte for byte (``1.50`` stays
  ``1.50``), every hash checked and sealed again; a database with cases is refused (exit 2);
  a line whose hash does not match is refused (exit 2) and nothing is stored.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from .conftest import drift_doc, pg_admin, pg_url

NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}
PARTY = {"add": "party", "value": {"id": "owner", "name": "荷主 次郎", "roles": ["owner"]}}


@pytest.fixture
def empty_url(db_url, tmp_path):
    """A second fresh, migrated database of the same kind as ``db_url``."""
    if db_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path / 'second.db'}"
        from wreckmaster.store import db

        db.upgrade(db.make_engine(url))
        yield url
        return
    name = f"wm_test_{uuid.uuid4().hex[:12]}"
    admin = pg_admin()
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        from wreckmaster.store import db

        engine = db.make_engine(pg_url(name))
        db.upgrade(engine)
        engine.dispose()
        yield pg_url(name)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def filled(store) -> str:
    """Two offices, a user, a case with a moved office and a literal 1.50."""
    store.add_office("uraga", "浦賀")
    store.add_user("kocho", "uraga", role="supervisor")
    store.open_case(drift_doc())
    case, _ = store.open_case(drift_doc())
    store.record(case, NOTICE)
    store.record(case, {"move": "uraga"})
    store.record(case, PARTY, office="uraga")
    return case


def restore(db_url: str, backup_file, store) -> None:
    """Put the backup back over the database, as the routine in docs/deployment.md does."""
    store.close()
    if db_url.startswith("sqlite"):
        path = db_url.removeprefix("sqlite:///")
        for suffix in ("-wal", "-shm"):   # the service is stopped: its journal goes with the old file
            Path(path + suffix).unlink(missing_ok=True)
        shutil.copyfile(backup_file, path)
        return
    from wreckmaster.store.backup import libpq_url
    from wreckmaster.store import db

    done = subprocess.run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
                           "--dbname", libpq_url(db.make_engine(db_url)), str(backup_file)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_backup_and_restore_round_trip(store, db_url, wm, tmp_path):
    case = filled(store)
    history = store.history(case, office="uraga")
    target = tmp_path / "cases.backup"
    r = wm("db", "backup", str(target), "--format", "json")
    assert r.returncode == 0, r.stderr
    done = json.loads(r.stdout)
    assert done["file"] == str(target) and done["bytes"] == target.stat().st_size > 0
    assert done["method"] == ("sqlite online backup" if db_url.startswith("sqlite") else "pg_dump --format=custom")
    r = wm("db", "backup", str(target))
    assert r.returncode == 2 and "exists already" in r.stderr           # never overwrites
    restore(db_url, target, store)
    from wreckmaster.store import open_store

    again = open_store(db_url)
    try:
        assert again.history(case, office="uraga") == history
        assert again.verify() == {"ok": True, "tampered": [], "projections": []}
    finally:
        again.close()


def test_a_restore_that_went_back_in_time_and_accept_restore(store, db_url, wm, tmp_path):
    case = filled(store)
    target = tmp_path / "cases.backup"
    assert wm("db", "backup", str(target)).returncode == 0
    store.record(case, {"event": {"type": "notice_posted", "date": "1876-04-01", "items": ["i1"]}}, office="uraga")
    later, _ = store.open_case(drift_doc())             # opened after the backup
    version = store.version(case)
    restore(db_url, target, store)
    r = wm("case", "verify", "--format", "json")
    assert r.returncode == 1
    result = json.loads(r.stdout)
    assert sorted(result["tampered"], key=lambda t: t["case"]) == [{"case": case, "seq": version},
                                                                   {"case": later, "seq": 1}]
    assert all("restore went back in time" in p["problem"] for p in result["seals"])
    # nothing is built on a case the restore set back, and no id this host gave is given again
    r = wm("case", "record", case, "-", stdin=json.dumps(NOTICE))
    assert r.returncode == 5 and "a restore went back in time" in r.stderr
    r = wm("case", "open", "-", stdin=json.dumps(drift_doc()))
    assert r.returncode == 5 and f"case {later} fails its seal (this host gave that id already" in r.stderr
    r = wm("db", "accept-restore", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"accepted": [
        {"case": case, "checkpoint": version, "database": version - 1},
        {"case": later, "checkpoint": 1, "database": None}]}
    r = wm("case", "verify", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"ok": True, "tampered": [], "projections": []}
    # the log goes on from the restored head; the later case's id is not given again
    from wreckmaster.store import open_store

    again = open_store(db_url)
    try:
        assert again.record(case, NOTICE, office="uraga") == version
        assert again.open_case(drift_doc())[0] != later
        assert again.verify()["ok"]
    finally:
        again.close()


def test_export_import_round_trip(store, wm, empty_url, tmp_path):
    case = filled(store)
    exported = tmp_path / "cases.jsonl"
    r = wm("db", "export", "-o", str(exported))
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == {"office": "local", "name": "local"} and lines[1] == {"office": "uraga", "name": "浦賀"}
    assert {k for k in lines[2]} >= {"user", "office", "role"} and not any("hash" in k for k in lines[2])
    entry_lines = [d for d in lines if "case" in d]
    assert list(entry_lines[0]) == ["case", "office", "seq", "recorded_at", "recorded_by", "schema_version",
                                    "entry", "hash"]
    assert '"value":"1.50"' in exported.read_text(encoding="utf-8")   # the literal, exactly as stored
    assert [d["entry"] for d in entry_lines if d["case"] == case][2] == {"move": "uraga"}

    r = wm("db", "import", str(exported), "--db", empty_url, "--format", "json", db=False)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"offices": 2, "users": 1, "cases": 2, "entries": 5, "photographs": 0,
                                    "persons": 0, "reports": 0, "requests": 0}
    again = tmp_path / "again.jsonl"
    assert wm("db", "export", "-o", str(again), "--db", empty_url, db=False).returncode == 0
    assert again.read_bytes() == exported.read_bytes()
    r = wm("case", "verify", "--db", empty_url, "--format", "json", db=False)
    assert r.returncode == 0 and json.loads(r.stdout)["ok"]
    # read models rebuilt: the list and the scenario are the original's
    r1 = wm("case", "list", "--format", "json")
    r2 = wm("case", "list", "--db", empty_url, "--format", "json", db=False)
    assert r1.stdout == r2.stdout
    assert wm("case", "show", case, "--format", "json").stdout == \
        wm("case", "show", case, "--db", empty_url, "--format", "json", db=False).stdout
    # the next case gets a new number there too
    r = wm("case", "open", "-", "--db", empty_url, "--format", "json", db=False, stdin=json.dumps(drift_doc()))
    assert json.loads(r.stdout)["case"].endswith("-0003")

    # a database with cases is refused, and nothing changes
    r = wm("db", "import", str(exported), "--db", empty_url, db=False)
    assert r.returncode == 2 and "already holds cases" in r.stderr


def test_import_checks_every_hash(store, wm, empty_url, tmp_path):
    filled(store)
    exported = tmp_path / "cases.jsonl"
    assert wm("db", "export", "-o", str(exported)).returncode == 0
    lines = exported.read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if '"seq":2' in line)
    lines[n] = lines[n].replace('"1876-03-03"', '"1876-03-04"')
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = wm("db", "import", str(forged), "--db", empty_url, db=False)
    assert r.returncode == 2 and r.stderr.startswith(f"error: {forged} line {n + 1} /hash: does not match entry 2")
    r = wm("case", "list", "--db", empty_url, "--format", "json", db=False)
    assert json.loads(r.stdout) == []                                  # nothing stored
    (tmp_path / "bad.jsonl").write_text('{"office": "x", "name": "x"}\nnot json\n', encoding="utf-8")
    r = wm("db", "import", str(tmp_path / "bad.jsonl"), "--db", empty_url, db=False)
    assert r.returncode == 2 and "line 2: not JSON" in r.stderr


def test_rebuild(store, wm):
    from sqlalchemy import update

    from wreckmaster.store.models import projections

    case = filled(store)
    with store.engine.begin() as conn:
        conn.execute(update(projections).where(projections.c.case_id == case).values(scenario="{}"))
    assert not store.verify()["ok"]
    r = wm("db", "rebuild", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"rebuilt": 2}
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}


def test_an_office_travels_with_its_details_and_closing_days(store, wm, empty_url, tmp_path):
    """CASE.md 1.1: an export carries what an office is (address, head, telephone, language, …) and
    its own closing days, which `case export` writes as `case.closed_days`; an import restores them."""
    store.add_office("misaki", "三崎町役場", lang="ja", telephone="046-881-1111", **{"head-title": "三崎町長"})
    store.office_closed("misaki", "add", "2026-08-14")
    exported = tmp_path / "cases.jsonl"
    assert wm("db", "export", "-o", str(exported)).returncode == 0
    line = next(json.loads(x) for x in exported.read_text(encoding="utf-8").splitlines() if '"misaki"' in x)
    assert line == {"office": "misaki", "name": "三崎町役場", "lang": "ja", "head_title": "三崎町長",
                    "telephone": "046-881-1111", "closed_days": ["2026-08-14"]}
    r = wm("db", "import", str(exported), "--db", empty_url, db=False)
    assert r.returncode == 0, r.stderr
    again = tmp_path / "again.jsonl"
    assert wm("db", "export", "-o", str(again), "--db", empty_url, db=False).returncode == 0
    assert again.read_bytes() == exported.read_bytes()
