"""Offices (CASE.md 1.1, "Offices"): `office add|edit|show|closed`, on SQLite and PostgreSQL —
the details stored as given, bad values refused naming their option (exit 2, nothing stored),
closing days written into every export of the office's cases as `case.closed_days` (and left
out when there are none, so exports stay byte for byte as they were), the migration up and down."""
from __future__ import annotations

import json

import pytest

from .conftest import drift_doc

TOWN = {
    "format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
    "case": {"occurred": "2026-03-02", "place": "三崎 城ヶ島沖", "waters": "sea", "kind": "drift"},
    "parties": [{"id": "finder", "name": "石井 浩", "roles": ["finder"], "address": "三崎町一丁目二番",
                 "telephone": "046-881-0000"}],
    "items": [{"id": "net", "description": "刺網 一張", "kind": "gear", "value": "40000",
               "found": {"date": "2026-03-02", "by": ["finder"], "waters": "sea", "state": "floating"}}],
    # a notice on Friday 2026-03-20 (春分の日): the six months end on Sunday 2026-09-20, and the
    # days after it are holidays too; the office's own closing day moves the deadline once more
    "events": [{"type": "delivered", "date": "2026-03-03", "by": "finder", "items": ["net"]},
               {"type": "notice_posted", "date": "2026-03-20", "items": ["net"]}],
}


def _add(wm, *args):
    return wm("office", "add", "misaki", "--name", "三崎町役場", *args, "--format", "json")


def test_add_edit_show_every_detail(wm):
    r = _add(wm, "--lang", "ja", "--regime", "jp-1899-2025", "--address", "神奈川県三浦郡三崎町一丁目1番1号",
             "--head-title", "三崎町長", "--telephone", "046-881-1111", "--position", "35.1415,139.6200",
             "--timezone", "Asia/Tokyo")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"office": "misaki", "name": "三崎町役場", "lang": "ja", "regime": "jp-1899-2025",
                                    "address": "神奈川県三浦郡三崎町一丁目1番1号", "head_title": "三崎町長",
                                    "telephone": "046-881-1111", "timezone": "Asia/Tokyo",
                                    "position": {"lat": "35.1415", "lon": "139.6200"}}
    r = wm("office", "edit", "misaki", "--telephone", "046-881-2222", "--name", "三崎町役場 本庁", "--format", "json")
    got = json.loads(r.stdout)
    assert r.returncode == 0 and got["telephone"] == "046-881-2222" and got["name"] == "三崎町役場 本庁"
    assert got["head_title"] == "三崎町長"                     # what was not given stays
    show = wm("office", "show", "misaki")
    assert show.returncode == 0 and "head-title  三崎町長" in show.stdout and "35.1415,139.6200" in show.stdout
    # an office without details lists as before: {office, name}
    assert {"office": "local", "name": "local"} in json.loads(wm("office", "list", "--format", "json").stdout)
    assert wm("office", "edit", "nowhere", "--name", "x").returncode == 4


@pytest.mark.parametrize("option, value, named", [
    ("--lang", "de", "--lang"), ("--regime", "jp-1950", "--regime"), ("--position", "35.1", "--position"),
    ("--position", "95,139", "--position"), ("--position", "nan,1", "--position"),
    ("--timezone", "Asia/Misaki", "--timezone"), ("--timezone", "../etc/passwd", "--timezone"),
])
def test_bad_values_name_their_option_and_store_nothing(wm, option, value, named):
    r = _add(wm, option, value)
    assert r.returncode == 2 and r.stderr.startswith(f"error: {named}: "), r.stderr
    assert "misaki" not in wm("office", "list").stdout
    assert _add(wm).returncode == 0
    r = wm("office", "edit", "misaki", "--telephone", "1", option, value)
    assert r.returncode == 2 and f"error: {named}: " in r.stderr
    assert "telephone" not in json.loads(wm("office", "show", "misaki", "--format", "json").stdout)


def test_closing_days_and_bad_dates(wm):
    assert _add(wm).returncode == 0
    for day in ("2026-09-25", "2026-08-14", "2026-09-25"):        # twice the same day: kept once
        r = wm("office", "closed", "misaki", "add", day, "--format", "json")
        assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"office": "misaki", "closed_days": ["2026-08-14", "2026-09-25"]}
    for args, named in ((("add", "2026-02-30"), "DATE"), (("add", "14/08/2026"), "DATE"),
                        (("remove", "2026-01-01"), "DATE"), (("shut", "2026-08-14"), "add|remove")):
        r = wm("office", "closed", "misaki", *args)
        assert r.returncode == 2 and r.stderr.startswith(f"error: {named}: "), (args, r.stderr)
    assert wm("office", "closed", "nowhere", "add", "2026-08-14").returncode == 4
    r = wm("office", "closed", "misaki", "remove", "2026-08-14", "--format", "json")
    assert json.loads(r.stdout)["closed_days"] == ["2026-09-25"]


def test_export_writes_the_offices_closing_days(wm, write_scenario):
    assert _add(wm, "--regime", "jp-1899-2025").returncode == 0
    plain = json.loads(wm("case", "open", write_scenario(drift_doc(), "d.json"), "--format", "json").stdout)["case"]
    before = wm("case", "export", plain, "--as-of", "1876-03-10", "--format", "json").stdout
    r = wm("case", "open", write_scenario(TOWN, "t.json"), "--office", "misaki", "--format", "json")
    assert r.returncode == 0, r.stderr
    case = json.loads(r.stdout)["case"]
    export = json.loads(wm("case", "export", case, "--as-of", "2026-12-01", "--format", "json").stdout)
    assert "closed_days" not in export["case"]                  # none: the key is left out

    for day in ("2026-09-24", "2026-08-14"):
        assert wm("office", "closed", "misaki", "add", day).returncode == 0
    export = json.loads(wm("case", "export", case, "--as-of", "2026-12-01", "--format", "json").stdout)
    assert export["case"]["closed_days"] == ["2026-08-14", "2026-09-24"]
    # case show is assess of the export, the closing days included
    assert wm("case", "show", case, "--as-of", "2026-12-01", "--format", "json").stdout == \
        _assess(wm, write_scenario, export)
    # another office's case is untouched, byte for byte
    assert wm("case", "export", plain, "--as-of", "1876-03-10", "--format", "json").stdout == before
    assert wm("case", "verify").returncode == 0


def _assess(wm, write_scenario, doc):
    return wm("assess", write_scenario(doc, "export.json"), "--format", "json", db=False).stdout


def test_migration_0003_down_and_up(db_url):
    from alembic import command
    from sqlalchemy import create_engine, inspect

    from .conftest import migrate

    def schema():
        engine = create_engine(db_url)
        tables = inspect(engine).get_table_names()
        columns = {c["name"] for c in inspect(engine).get_columns("offices")}
        engine.dispose()
        return tables, columns

    migrate(db_url, command.downgrade, "0002")
    tables, columns = schema()
    assert "office_closed_days" not in tables and columns == {"id", "name"}
    migrate(db_url, command.upgrade, "0003")
    tables, columns = schema()
    assert "office_closed_days" in tables
    assert columns == {"id", "name", "lang", "regime", "address", "head_title", "telephone", "lat", "lon", "timezone"}


def test_a_stored_cases_documents_are_issued_by_its_office(wm, write_scenario, tmp_path):
    import subprocess

    assert _add(wm, "--head-title", "三崎町長", "--address", "神奈川県三浦郡三崎町一丁目1番1号",
                "--telephone", "046-881-1111").returncode == 0
    case = json.loads(wm("case", "open", write_scenario(TOWN, "t.json"), "--office", "misaki",
                         "--format", "json").stdout)["case"]
    out = tmp_path / "notice.pdf"
    r = wm("document", "notice", "--case", case, "--as-of", "2026-04-01", "-o", str(out), process=True)
    assert r.returncode == 0, r.stderr
    text = "".join(subprocess.run(["pdftotext", "-raw", str(out), "-"], capture_output=True, text=True,
                                  check=True).stdout.split())
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    for want in ("三崎町長", "三崎町役場", "神奈川県三浦郡三崎町一丁目1番1号", "046-881-1111", "第二十五条第二項"):
        assert want in text, want
    # a scenario FILE printed for a stored office, and an office that does not exist
    out2 = tmp_path / "found.pdf"
    r = wm("document", "found-report", write_scenario(TOWN, "f.json"), "--office", "misaki", "-o", str(out2),
           process=True)
    assert r.returncode == 0, r.stderr
    found = unicodedata.normalize("NFKC", "".join(subprocess.run(["pdftotext", "-raw", str(out2), "-"],
                                                                 capture_output=True, text=True).stdout.split()))
    assert "三崎町長" in found and "三崎町一丁目二番" in found and "046-881-0000" in found   # the finder's own
    assert wm("document", "found-report", write_scenario(TOWN, "g.json"), "--office", "nowhere", "-o",
              str(out2), process=True).returncode == 4
