"""The `case`, `office`, `user` and `db` commands: CASE.md's JSON shapes and exit statuses, on
SQLite and PostgreSQL, run as a user runs them."""
from __future__ import annotations

import json
from datetime import date

from ..conftest import PASSWORD
from .conftest import drift_doc

NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}


def _open(wm, write_scenario, doc=None, *extra):
    r = wm("case", "open", write_scenario(doc or drift_doc()), "--format", "json", *extra)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_open_record_show_export_history_list(wm, write_scenario, tmp_path):
    opened = _open(wm, write_scenario)
    case = opened["case"]
    assert opened == {"case": case, "version": 1}
    r = wm("case", "record", case, write_scenario(NOTICE, "e.json"), "--expect-version", "1", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"case": case, "version": 2}
    # a list: all or none
    entries = ('[{"add": "party", "value": {"id": "owner", "name": "荷主", "roles": ["owner"]}},'
               ' {"amend": "/items/i1/value", "value": 2.50}]')
    r = wm("case", "record", case, write_scenario(entries, "l.json"), "--format", "json")
    assert json.loads(r.stdout)["version"] == 4
    # show ≡ assess of export, byte for byte
    for args in (["--as-of", "1876-03-10"], ["--version", "2", "--as-of", "1876-04-01"]):
        show = wm("case", "show", case, "--format", "json", *args, process=True)
        export = wm("case", "export", case, *args, process=True)
        assert show.returncode == 0 and export.returncode == 0, show.stderr + export.stderr
        f = tmp_path / "export.json"
        f.write_text(export.stdout, encoding="utf-8")
        assessed = wm("assess", str(f), "--format", "json", db=False, process=True)
        assert assessed.returncode == 0, assessed.stderr
        assert show.stdout == assessed.stdout
    exported = json.loads(wm("case", "export", case, "--as-of", "1876-03-10").stdout)
    assert exported["as_of"] == "1876-03-10"
    assert '"value": 2.50' in wm("case", "export", case).stdout           # the literal text kept
    assert wm("case", "show", case, "--format", "json").returncode == 0   # as_of today by default
    log = json.loads(wm("case", "history", case, "--format", "json").stdout)
    assert [e["seq"] for e in log] == [1, 2, 3, 4]
    assert all(set(e) == {"seq", "recorded_at", "recorded_by", "entry", "hash"} for e in log)
    assert log[3]["entry"] == {"amend": "/items/i1/value", "value": 2.5} and log[0]["recorded_by"] == "local"
    assert wm("case", "history", case).returncode == 0
    listed = json.loads(wm("case", "list", "--format", "json").stdout)
    assert listed == [{"case": case, "regime": "jp-1875", "office": "local", "place": "相良村 浜",
                       "occurred": "1876-03-01", "version": 4}]
    assert case in wm("case", "list").stdout
    shown = wm("case", "show", case, "--as-of", "1876-03-10")
    assert shown.returncode == 0 and "jp-1875" in shown.stdout


def _assess_line(write_scenario, wm, pointer, value="-3", index=1):
    """The line `assess` prints for a negative item value (the same words the store must print)."""
    doc = drift_doc()
    item = {"id": "i2", "kind": "cargo", "value": value}
    if index == 1:
        doc["items"].append(item)
    else:
        doc["items"][0]["value"] = value
    r = wm("assess", write_scenario(doc, "assess.json"), db=False)
    assert r.returncode == 2
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"error: {pointer}: ")
    return line


def test_exit_statuses(wm, write_scenario):
    case = _open(wm, write_scenario)["case"]
    e = write_scenario(NOTICE, "e.json")
    assert wm("case", "record", case, e, "--expect-version", "1").returncode == 0
    # stale: exit 3, message exactly as CASE.md, checked before validity, nothing stored
    r = wm("case", "record", case, write_scenario({"bad": 1}, "b.json"), "--expect-version", "1", process=True)
    assert r.returncode == 3 and r.stdout == ""
    assert r.stderr.strip() == f"conflict: case {case} is at version 2, not 1"
    # bad input: exit 2, assess's lines, nothing stored
    bad = {"add": "item", "value": {"id": "i2", "kind": "cargo", "value": "-3"}}
    r = wm("case", "record", case, write_scenario(bad, "b.json"))
    assert r.returncode == 2 and r.stdout == ""
    line = _assess_line(write_scenario, wm, "/items/1/value")
    assert r.stderr.strip() == line
    r = wm("case", "record", case, write_scenario([NOTICE, bad], "b.json"))
    assert r.returncode == 2
    assert r.stderr.strip() == line + " (entry 1 of the list)"
    assert wm("case", "record", case, write_scenario([], "b.json")).returncode == 2
    assert wm("case", "record", case, "/nonexistent.json").returncode == 2
    assert wm("case", "show", case, "--as-of", "yesterday").returncode == 2
    assert wm("case", "show", case, "--version", "99").returncode == 2
    assert wm("case", "due", "--within", "-1").returncode == 2
    assert wm("case", "show", case, "--format", "xml").returncode == 2
    bad_open = drift_doc()
    bad_open["items"][0]["value"] = "-1"
    r = wm("case", "open", write_scenario(bad_open, "o.json"))
    assert r.returncode == 2 and r.stderr.strip() == _assess_line(write_scenario, wm, "/items/0/value", "-1", 0)
    assert json.loads(wm("case", "history", case, "--format", "json").stdout)[-1]["seq"] == 2
    # not found: exit 4
    for args in (("case", "show", "nope"), ("case", "export", "nope"), ("case", "history", "nope"),
                 ("case", "record", "nope", e), ("case", "verify", "nope")):
        r = wm(*args)
        assert r.returncode == 4 and r.stderr.startswith("not found: case nope"), (args, r.stderr)
    r = wm("case", "open", write_scenario(drift_doc(), "x.json"), "--office", "nowhere")
    assert r.returncode == 4 and r.stderr.strip() == "not found: office nowhere"
    assert wm("user", "add", "x", "--office", "nowhere").returncode == 4
    assert wm("case", "list", "--office", "nowhere").returncode == 4
    assert wm("case", "due", "--office", "nowhere").returncode == 4


def test_database_problems_exit_5(wm, write_scenario, tmp_path):
    r = wm("case", "list", "--db", "postgresql+psycopg://postgres@127.0.0.1:1/none", db=False)
    assert r.returncode == 5 and r.stderr.startswith("database: ")
    # an existing database without the schema: not migrated until `db upgrade`
    import sqlite3

    path = tmp_path / "other.db"
    sqlite3.connect(path).execute("CREATE TABLE something (x)").connection.commit()
    r = wm("case", "list", "--db", f"sqlite:///{path}", db=False)
    assert r.returncode == 5 and "not migrated" in r.stderr


def test_db_upgrade_and_a_new_sqlite_file(wm, tmp_path):
    from wreckmaster.store.models import HEAD

    r = wm("db", "upgrade", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"from": HEAD, "to": HEAD} and HEAD == "0013"
    fresh = f"sqlite:///{tmp_path / 'new' / 'cases.db'}"
    r = wm("case", "list", "--format", "json", "--db", fresh, db=False)
    assert r.returncode == 0 and json.loads(r.stdout) == []


def _deadlines(wm, case, as_of):
    return json.loads(wm("case", "show", case, "--as-of", as_of, "--format", "json").stdout)["deadlines"]


def test_due_list_and_ics(wm, write_scenario):
    case = _open(wm, write_scenario)["case"]
    wm("case", "record", case, write_scenario(NOTICE, "e.json"))
    r = wm("case", "due", "--as-of", "1876-04-10", "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert rows and all(set(x) == {"case", "duty", "party", "due", "status", "cites"} for x in rows)
    assert rows[0] == {"case": case, "duty": "post notice of i1 for 60 days", "party": None, "due": "1876-05-02",
                       "status": "pending", "cites": ["jp-1875:30"]}
    assert [x["due"] for x in rows] == sorted(x["due"] for x in rows)
    # the year for the owner (due 1877-03-01) is beyond 30 days: listed only with a wider window
    assert not any(x["due"] == "1877-03-01" for x in rows)
    wide = json.loads(wm("case", "due", "--as-of", "1876-04-10", "--within", "400", "--format", "json").stdout)
    assert any(x["due"] == "1877-03-01" for x in wide)
    # missed duties are always listed
    late = json.loads(wm("case", "due", "--as-of", "1876-06-01", "--within", "0", "--format", "json").stdout)
    assert [x["status"] for x in late] == ["missed"] * len(late)
    missed = [d for d in _deadlines(wm, case, "1876-06-01") if d["status"] == "missed"]
    assert len(late) == len(missed)
    # before the casualty: nothing
    assert json.loads(wm("case", "due", "--as-of", "1876-02-01", "--format", "json").stdout) == []
    ics = wm("case", "due", "--as-of", "1876-04-10", "--format", "ics")
    assert ics.returncode == 0 and ics.stdout.startswith("BEGIN:VCALENDAR")
    assert "DTSTART;VALUE=DATE:18760502" in ics.stdout and "jp-1875:30" in ics.stdout
    # what people read has the duty in the case's language too (the JSON rows above keep CASE.md's shape)
    unfolded = ics.stdout.replace("\r\n", "\n").replace("\n ", "")     # RFC 5545 folds long lines
    assert "SUMMARY:i1 ノ拾得ヲ掲示ス（60日間） / post notice of i1 for 60 days [jp-1875:30]" in unfolded
    table = wm("case", "due", "--as-of", "1876-04-10")
    assert table.returncode == 0 and "i1 ノ拾得ヲ掲示ス（60日間）" in table.stdout, table.stdout
    assert wm("case", "due", "--as-of", "1876-03-10").returncode == 0
    assert wm("case", "due", "--office", "local", "--format", "json").returncode == 0


def test_due_leaves_out_a_right_that_ended_and_lists_the_moved_day(wm, write_scenario):
    # issue 21: the owner waived and the finder lawfully took the goods (art 28): the owner's claim is
    # `ended`, not on the clerk's list; a pending claim is listed with its day moved past holidays
    from pathlib import Path

    from wreckmaster.law.yamlio import load_yaml

    cases = Path(__file__).resolve().parent.parent / "regimes" / "jp_1899_2025" / "cases"
    ended = load_yaml((cases / "owner-waived-right-ended.yaml").read_text(encoding="utf-8"))["scenario"]
    case = _open(wm, write_scenario, ended)["case"]
    assert any(d["status"] == "ended" for d in _deadlines(wm, case, "2026-03-01"))
    rows = json.loads(wm("case", "due", "--as-of", "2026-03-01", "--within", "400", "--format", "json").stdout)
    assert [r for r in rows if r["case"] == case] == []
    silver = load_yaml((cases / "municipal-holidays-silver-week.yaml").read_text(encoding="utf-8"))["scenario"]
    silver["events"] = silver["events"][:2]      # no claim yet
    other = _open(wm, write_scenario, silver)["case"]
    rows = json.loads(wm("case", "due", "--as-of", "2026-09-15", "--format", "json").stdout)
    assert [(r["due"], r["status"]) for r in rows if r["case"] == other] == [("2026-09-24", "pending")]


def test_offices_users_tokens(wm):
    r = wm("office", "add", "sagara", "--name", "相良村役場", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"office": "sagara", "name": "相良村役場"}
    assert wm("office", "add", "sagara", "--name", "again").returncode == 2
    offices = json.loads(wm("office", "list", "--format", "json").stdout)
    assert {o["office"] for o in offices} == {"local", "sagara"}
    r = wm("user", "add", "hanako", "--office", "sagara", process=True)
    assert r.returncode == 0
    token = r.stdout.strip()
    assert r.stdout == token + "\n" and len(token) >= 43
    r = wm("user", "add", "taro", "--office", "sagara", "--role", "supervisor", "--password-stdin",
           "--format", "json", stdin=PASSWORD + "\n")
    made = json.loads(r.stdout)
    assert set(made) == {"user", "office", "role", "token"} and made["role"] == "supervisor"
    assert wm("user", "add", "taro", "--office", "sagara").returncode == 2      # names are unique
    assert wm("user", "add", "jiro", "--office", "sagara", "--role", "boss").returncode == 2
    users = json.loads(wm("user", "list", "--format", "json").stdout)
    assert [u["user"] for u in users] == ["hanako", "taro"] and "token" not in users[0]


def test_verify_passes_and_exits_1_on_tampering(wm, write_scenario, db_url):
    from sqlalchemy import create_engine, text

    case = _open(wm, write_scenario)["case"]
    wm("case", "record", case, write_scenario([NOTICE, {"add": "party", "value": {"id": "o", "name": "x"}}], "e.json"))
    r = wm("case", "verify", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"ok": True, "tampered": [], "projections": []}
    assert wm("case", "verify", case).returncode == 0
    engine = create_engine(db_url)
    with engine.begin() as conn:  # behind the program's back
        conn.execute(text("UPDATE entries SET entry = replace(entry, '1876-03-03', '1876-03-02') "
                          "WHERE case_id = :c AND seq = 2"), {"c": case})
    engine.dispose()
    r = wm("case", "verify", "--format", "json", process=True)
    assert r.returncode == 1
    assert json.loads(r.stdout)["tampered"] == [{"case": case, "seq": 2}]
    r = wm("case", "verify", case)
    assert r.returncode == 1 and f"case {case} seq 2" in r.stdout


def test_help_of_every_command(wm):
    for args in (("case",), ("case", "open"), ("case", "record"), ("case", "show"), ("case", "export"),
                 ("case", "history"), ("case", "list"), ("case", "due"), ("case", "verify"), ("office", "add"),
                 ("user", "add"), ("db", "upgrade")):
        r = wm(*args, "--help", db=False)
        assert r.returncode == 0 and "Usage" in r.stdout, args


def test_a_key_written_twice_is_bad_input_with_its_pointer_and_nothing_is_stored(wm, write_scenario):
    """Issue 21 point 8: `case open` and `case record` refuse a key written twice (JSON or YAML, a
    file or stdin) with exit 2 and the pointer; before, the last value silently won."""
    text = json.dumps(drift_doc(), ensure_ascii=False)
    twice = text[:-1] + ', "regime": "jp-1899"}'
    r = wm("case", "open", write_scenario(twice, "twice.json"))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: /regime: duplicate key 'regime'"), r.stderr
    import yaml
    as_yaml = yaml.safe_dump(drift_doc(), allow_unicode=True) + "regime: jp-1899\n"
    r = wm("case", "open", write_scenario(as_yaml, "twice.yaml"))
    assert r.returncode == 2 and r.stderr.startswith("error: /regime: duplicate key 'regime' (line "), r.stderr
    assert json.loads(wm("case", "list", "--format", "json").stdout) == []
    case = _open(wm, write_scenario)["case"]
    entry = '{"event": {"type": "notice_posted", "date": "1876-03-03", "date": "1876-03-04", "items": ["i1"]}}'
    for name, content, stdin in (("e.json", entry, None), ("l.json", f"[{entry}]", None), ("-", None, entry),
                                 ("-", None, "event: {type: notice_posted, date: 1876-03-03, items: [i1]}\nevent: {}\n")):
        path = name if content is None else write_scenario(content, name)
        r = wm("case", "record", case, path, stdin=stdin)
        assert r.returncode == 2 and r.stdout == "", (name, r.stderr)
        pointer = "/0/event/date" if name == "l.json" else ("/event" if "event: {}" in (stdin or "") else "/event/date")
        assert r.stderr.startswith(f"error: {pointer}: duplicate key"), (name, r.stderr)
    assert json.loads(wm("case", "history", case, "--format", "json").stdout)[-1]["seq"] == 1
