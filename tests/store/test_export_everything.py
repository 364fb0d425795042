"""``db export`` / ``db import`` carry everything a restore needs (issue 24 point 11, issue 27):
the offices with their details and closing days, the users (without their secrets), the
photographs (base64, their SHA-256 checked on import), the case logs, the persons register,
the finders' reports (with the hash of the finder's secret: the finder still checks the status
after a restore) and the owners' requests.

The round trip SQLite → PostgreSQL → SQLite gives the same export byte for byte, and every
log verifies (``case verify``, the persons register's ``verify``) on each database.
"""
from __future__ import annotations

import base64
import io
import json
from datetime import date, timedelta

import pytest

from tests.public.conftest import jpeg_with_gps

from .conftest import pg_database

FOUND = (date.today() - timedelta(days=2)).isoformat()
REPORT = {"description": "赤い浮き玉 三個", "found_on": FOUND, "state": "ashore", "place": "城ヶ島の浜",
          "finder_name": "山田 太郎", "finder_contact": "090-1234-5678"}


@pytest.fixture
def pg_empty(pg_template):
    yield from pg_database(pg_template)


def _sqlite(sqlite_template, path) -> str:
    import shutil

    shutil.copy(sqlite_template, path)
    return f"sqlite:///{path}"


def _filled(store) -> dict:
    """An office with its details and a closing day, a user, a finder's report with a photograph
    accepted into a case, an owner's request on it, a declined report, a person with an edit."""
    from wreckmaster.public import service as public_service
    from wreckmaster.store import public as db

    store.add_office("misaki", "三崎町役場", lang="ja", telephone="046-881-1111", **{"head-title": "三崎町長"})
    store.office_closed("misaki", "add", "2026-08-14")
    store.add_user("tanaka", "misaki", role="clerk")
    report, secret = public_service.file_report(store, {**REPORT, "office": "misaki"}, [jpeg_with_gps()], date.today())
    case = db.accept_report(store, report, "misaki", "tanaka")
    request = db.add_request(store, case, "i1", "misaki", {"description": "my float, marked 三崎丸", "contact": "owner@example.org"})
    declined, _ = db.add_report(store, {**REPORT, "description": "a plank"}, "misaki")
    db.decline_report(store, declined, "misaki", "tanaka", "too small to report")
    store.persons.add("misaki", "kocho", "戸長 一郎", post="戸長")
    store.persons.edit("misaki", "kocho", {"station": "三崎"})
    return {"case": case, "report": report, "secret": secret, "request": request}


def _export(store) -> str:
    from wreckmaster.store import backup

    out = io.StringIO()
    backup.export(store, out)
    return out.getvalue()


def _import(url: str, text: str) -> dict:
    from wreckmaster.store import backup, open_store

    store = open_store(url)
    try:
        return backup.import_(store, io.StringIO(text), "export.jsonl")
    finally:
        store.close()


def _checked(url: str, made: dict) -> str:
    """The database's export, after checking that its logs verify and the restored rows serve."""
    from wreckmaster.store import open_store
    from wreckmaster.store import public as db

    store = open_store(url)
    try:
        assert store.verify() == {"ok": True, "tampered": [], "projections": []}
        assert store.persons.verify()["ok"]
        assert store.persons.get("misaki", "kocho")["station"] == "三崎"
        assert db.report_status(store, made["report"], made["secret"])["status"] == "accepted"
        (photo,) = store.scenario(made["case"]).items[0].photos
        media, data = db.photo(store, photo)
        assert media == "image/jpeg" and b"FinderCam" not in data
        assert [r["request"] for r in db.inbox(store, "misaki")["requests"]] == [made["request"]]
        return _export(store)
    finally:
        store.close()


def test_sqlite_to_postgresql_and_back_gives_the_same_export(sqlite_template, pg_empty, tmp_path):
    from wreckmaster.store import open_store

    first = _sqlite(sqlite_template, tmp_path / "first.db")
    store = open_store(first)
    made = _filled(store)
    exported = _export(store)
    store.close()
    lines = [json.loads(x) for x in exported.splitlines()]
    kinds = [next(k for k in ("photograph", "person", "report", "request", "case", "user", "office") if k in d)
             for d in lines]
    # CASE.md's order first (offices, users, photographs, entries), then what this wreckmaster adds
    assert kinds == ["office", "office", "user", "photograph", "case", "person", "person", "report", "report",
                     "request"]
    photo = lines[3]
    assert set(photo) == {"photograph", "media_type", "width", "height", "stored_at", "data"}
    assert not any(k.endswith("password_hash") or k == "token_hash" for d in lines for k in d)
    assert all("secret_hash" in d for d in lines if "report" in d)

    counts = _import(pg_empty, exported)
    assert counts == {"offices": 2, "users": 1, "cases": 1, "entries": 1, "photographs": 1, "persons": 1,
                      "reports": 2, "requests": 1}
    assert _checked(pg_empty, made) == exported
    back = _sqlite(sqlite_template, tmp_path / "back.db")
    _import(back, exported)
    assert _checked(back, made) == exported


def _tampered(text: str, kind: str, change) -> str:
    lines = text.splitlines()
    n = next(i for i, x in enumerate(lines) if f'"{kind}":' in x.split(",")[0])
    d = json.loads(lines[n])
    change(d)
    lines[n] = json.dumps(d, ensure_ascii=False)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind, change, message", [
    ("photograph", lambda d: d.update(data=base64.b64encode(base64.b64decode(d["data"])[:-1] + b"x").decode()),
     "line 4 /photograph: does not match its bytes"),
    ("photograph", lambda d: d.update(data="not base64!"), "line 4 /data: not base64"),
    ("person", lambda d: d["entry"]["add"].update(name="偽 太郎"), "line 6 /hash: does not match entry 1 of person kocho"),
    ("report", lambda d: d.update(case="2099-0042"), "/case: no case '2099-0042' in the file"),
    ("request", lambda d: d.pop("item"), "line 10 /item: required"),
])
def test_an_import_checks_what_it_loads_and_stores_nothing_when_refused(sqlite_template, tmp_path, kind, change,
                                                                         message):
    from wreckmaster.store import open_store
    from wreckmaster.store.errors import InvalidEntry

    store = open_store(_sqlite(sqlite_template, tmp_path / "first.db"))
    _filled(store)
    exported = _export(store)
    store.close()
    target = _sqlite(sqlite_template, tmp_path / "target.db")
    with pytest.raises(InvalidEntry) as refused:
        _import(target, _tampered(exported, kind, change))
    (pointer, why), = refused.value.problems
    assert message in f"{pointer}: {why}"
    after = open_store(target)
    try:
        assert after.list_cases() == [] and after.persons.list() == []
    finally:
        after.close()
    assert _import(target, exported)["cases"] == 1     # the untouched file loads
