"""The read models (issue 23) against a fresh assessment of every case (hypothesis, many ``as_of``).

The reference below is what ``case due`` and ``GET /api/notices`` computed before the read
models: every case folded, validated on ``as_of`` and assessed (``due``), or read for its notice
events (``notices``). The corpus is every worked example of ``tests/regimes/*/cases`` (the
lawyer's YAML), opened without its events and given them by appends one at a time, so the rows
are kept by the append's transaction, not only by the open.
"""
from __future__ import annotations

import copy
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.law.yamlio import load_yaml
from wreckmaster.store import engine_bridge
from wreckmaster.store.errors import InvalidEntry

CASES = sorted((Path(__file__).parents[1] / "regimes").glob("*/cases/*.yaml"))
STARTS = ("notice_posted", "notice_wide")
ENDS = ("owner_identified", "returned_to_owner", "owner_claimed", "sold", "finder_took")


def reference_due(store, as_of: date, within: int, office=None) -> list[dict]:
    """CASE.md's ``case due`` by assessing every case on ``as_of`` (the rule before the read models)."""
    from wreckmaster.law.scenario import InvalidScenario

    rows = []
    for n, c in enumerate(store.list_cases(office)):
        if not c["occurred"] or c["occurred"] > as_of.isoformat():
            continue
        doc = store.export(c["case"], as_of=as_of)
        if engine_bridge.problems_of({k: v for k, v in doc.items() if k != "as_of"}):
            continue
        try:
            scenario = engine_bridge.validate_doc(doc)
        except InvalidScenario:
            continue
        result = engine_bridge.assess(scenario, as_of)
        if any(f.code == "out-of-temporal-scope" and f.severity == "error" for f in result.findings):
            continue
        for d in result.deadlines:
            if d.status == "missed" or (d.status == "pending" and d.due <= as_of + timedelta(days=within)):
                rows.append((d.due, n, d.duty, {"case": c["case"], "duty": d.duty, "party": d.party,
                                                "due": d.due.isoformat(), "status": d.status, "cites": list(d.cites)}))
    rows.sort(key=lambda t: t[:3])
    return [t[3] for t in rows]


def reference_notices(store, as_of: date) -> list[dict]:
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import InvalidScenario

    out = []
    for c in store.list_cases():
        if not c["occurred"] or c["occurred"] > as_of.isoformat():
            continue
        doc = store.export(c["case"], as_of=as_of)
        try:
            scenario = engine_bridge.validate_doc(doc)
            regime = registry.get(scenario.regime)
        except (InvalidScenario, KeyError):
            continue
        for item in scenario.items:
            begun = [e for t in STARTS for e in scenario.where(t, "items", item.id) if e.date <= as_of]
            ended = [e for t in ENDS for key in ("item", "items") for e in scenario.where(t, key, item.id)
                     if e.date <= as_of and (regime.ends_notice is None or regime.ends_notice(scenario, e, item.id))]
            if not begun or ended:
                continue
            claim = regime.claim_until(scenario, item.id, min(e.date for e in begun)) if regime.claim_until else None
            out.append({"office": c["office"], "case": c["case"], "item": item.id, "description": item.description,
                        "kind": item.kind, "found_on": item.found.date.isoformat() if item.found else None,
                        "place": scenario.case.place, "claim_until": claim.isoformat() if claim else None})
    return out


def _open_by_appends(store, doc: dict) -> str | None:
    """Open the case without its events, then append them one at a time (all at once if one of
    them alone is refused: the facts may need each other)."""
    doc = copy.deepcopy(doc)
    doc.pop("as_of", None)
    events = doc.pop("events", [])
    try:
        case, version = store.open_case(doc)
    except InvalidEntry:
        return None
    for k, event in enumerate(events):
        try:
            version = store.record(case, {"event": event}, expect_version=version)
        except InvalidEntry:
            try:
                version = store.record(case, [{"event": e} for e in events[k:]], expect_version=version)
            except InvalidEntry:
                pass
            break
    return case


@pytest.fixture
def corpus(store):
    opened = []
    for k, path in enumerate(CASES):
        case = load_yaml(path.read_text(encoding="utf-8"))
        if not isinstance(case, dict) or not isinstance(case.get("scenario"), dict) or k % 2:
            continue
        if _open_by_appends(store, case["scenario"]) is not None:
            opened.append(case["scenario"])
    assert len(opened) > 40
    return store, opened


def _days(opened) -> st.SearchStrategy[date]:
    anchors = sorted({date.fromisoformat(str(s["case"]["occurred"])) for s in opened if s.get("case", {}).get("occurred")})
    return st.builds(lambda a, d: a + timedelta(days=d), st.sampled_from(anchors), st.integers(-3, 900))


def test_the_read_models_agree_with_a_fresh_assessment_of_every_case_on_many_days(corpus):
    store, opened = corpus
    assert store.verify()["ok"]

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_days(opened), st.integers(0, 400))
    def agree(as_of, within):
        assert store.due(as_of, within=within) == reference_due(store, as_of, within)
        assert store.notices(as_of) == reference_notices(store, as_of)

    agree()


def test_the_rows_are_those_of_today_and_a_page_walk_gives_the_whole_board(corpus):
    store, _ = corpus
    today = date(2027, 6, 1)
    assert store.due(today, within=30) == reference_due(store, today, 30)
    for as_of in (date(1876, 6, 1), date(2026, 3, 1), date(2026, 9, 1), date(1918, 3, 1)):
        whole = store.notices(as_of)
        pages, after = [], None
        while True:
            page, after = store.notice_page(as_of, limit=2, after=after)
            pages += page
            if after is None:
                break
        assert pages == whole == reference_notices(store, as_of)


def test_db_rebuild_gives_the_same_rows_and_verify_sees_a_stale_row(corpus):
    from sqlalchemy import update

    from wreckmaster.store.readmodels import rm_deadlines

    store, _ = corpus
    day = date(2026, 6, 1)
    before = store.due(day, within=365), store.notices(day)
    assert store.rebuild_read_models() == len(store.list_cases())
    assert (store.due(day, within=365), store.notices(day)) == before
    with store.engine.begin() as conn:
        changed = conn.execute(update(rm_deadlines).where(rm_deadlines.c.ord == 0).values(status="ended"))
        assert changed.rowcount > 0
    report = store.verify()
    assert not report["ok"] and {p["problem"] for p in report["projections"]} == {"read-model deadlines differ from the log"}
    store.rebuild_read_models()
    assert store.verify()["ok"]


def test_db_upgrade_rebuilds_when_the_law_changed_and_db_rebuild_on_demand(wm, db_url):
    """The stored law fingerprint differs (a new wreckmaster): `db upgrade` rebuilds the rows;
    `db rebuild` always does; `case verify` is ok after each and sees rows that went missing."""
    import json

    from sqlalchemy import create_engine, text

    from wreckmaster.store import readmodels

    from .conftest import drift_doc

    doc = drift_doc()
    doc["events"] = [{"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}]
    from wreckmaster.store import open_store

    store = open_store(db_url)
    case, _ = store.open_case(doc)
    store.close()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM rm_notices"))
    r = wm("case", "verify", "--format", "json")
    assert r.returncode == 1 and json.loads(r.stdout)["projections"] == [
        {"case": case, "problem": "read-model notices differ from the log"}]
    with engine.begin() as conn:
        conn.execute(text("UPDATE settings SET value = 'an older law' WHERE key = :k"), {"k": readmodels.FINGERPRINT_KEY})
    engine.dispose()
    assert wm("db", "upgrade", "--format", "json").returncode == 0
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM settings WHERE key = :k"),
                            {"k": readmodels.FINGERPRINT_KEY}).scalar() == readmodels.fingerprint()
        assert conn.execute(text("SELECT item, notice_start, claim_until FROM rm_notices")).all() == [
            ("i1", "1876-03-03", "1877-03-01")]      # jp-1875 art 31: one year from the find (1876-03-01)
        conn.execute(text("DELETE FROM rm_notices"))
        conn.commit()
    engine.dispose()
    r = wm("db", "rebuild", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"rebuilt": 1}
    assert json.loads(wm("case", "verify", "--format", "json").stdout)["ok"] is True


def test_postgresql_indexes_every_substring_of_one_and_two_characters(store):
    """Migration 0010: ``wm_short_grams`` gives each distinct substring of one and two characters
    (a ``q`` shorter than pg_trgm's trigram asks its GIN index); SQLite has no such function."""
    from sqlalchemy import text

    with store.engine.connect() as conn:
        if conn.dialect.name != "postgresql":
            assert conn.execute(text("SELECT count(*) FROM sqlite_master WHERE name = "
                                     "'ix_rm_notices_search_short'")).scalar() == 0
            return
        grams = conn.execute(text("SELECT wm_short_grams('浮子浮\n')")).scalar()
        assert sorted(grams) == sorted(["浮", "子", "\n", "浮子", "子浮", "浮\n"])
        assert conn.execute(text("SELECT wm_short_grams('')")).scalar() == []
        assert conn.execute(text("SELECT count(*) FROM pg_indexes WHERE indexname = "
                                 "'ix_rm_notices_search_short'")).scalar() == 1


def _grams_of(text_: str) -> set[str]:
    return {text_[i:i + w] for w in (1, 2) for i in range(len(text_) - w + 1)}


def test_a_q_of_one_or_two_characters_finds_by_its_index_the_rows_a_full_scan_finds(store):
    """A ``q`` shorter than a trigram (「浮」, 「浮標」) on its index — SQLite's ``rm_notice_grams_fts``
    (migration 0013), PostgreSQL's ``wm_short_grams`` GIN index (0010) — finds the rows a full
    scan of the board finds, and those the descriptions say; the index follows an amended
    description and ``db rebuild``."""
    from sqlalchemy import text

    from wreckmaster.store.readmodels import NoticeFilter, normalise, short_token

    from .conftest import drift_doc

    descriptions = {"浮標 (a buoy)": "buoy", "定置網用浮子": "float", "標柱": "post", "酒樽": "cask",
                    "ＦＬＯＡＴ 浮": "latin"}
    cases = {}
    for description, name in descriptions.items():
        doc = drift_doc()
        doc["items"][0]["description"] = description
        doc["events"] = [{"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}]
        cases[name], _ = store.open_case(doc)
    as_of = date(1876, 4, 1)

    def found(q: str) -> list[str]:
        rows = store.notices(as_of, NoticeFilter(q=q))
        board, _ = store.board_page(as_of, NoticeFilter(q=q), limit=100)
        scan = [r for r in store.notices(as_of)
                if normalise(q) in normalise(f"{r['description'] or ''}\n{r['place'] or ''}")]
        board = sorted(({k: v for k, v in r.items() if k != "facts"} for r in board), key=lambda r: r["case"])
        assert rows == scan and board == sorted(scan, key=lambda r: r["case"])
        return sorted(name for name, case in cases.items() if any(r["case"] == case for r in rows))

    def agree() -> None:
        assert found("浮") == ["buoy", "float", "latin"]
        assert found("浮標") == ["buoy"]
        assert found("標") == ["buoy", "post"]
        assert found("浮子") == ["float"]
        assert found("fl") == ["latin"]                 # ＦＬＯＡＴ, NFKC and case-folded
        assert found("相良") == sorted(cases)           # the place, in every row
        assert found("標浮") == [] and found("樽浮") == []
        assert found("浮標 (") == ["buoy"]               # three characters: the trigram index
        if store.engine.dialect.name == "sqlite":       # each row's document holds its short substrings, no more
            with store.engine.connect() as conn:
                have = {notice: {bytes.fromhex(t).decode() for t in (grams or "").split()}
                        for notice, grams in conn.execute(text("SELECT rowid, grams FROM rm_notice_grams_fts"))}
                want = {i: _grams_of(s) for i, s in conn.execute(text("SELECT id, search FROM rm_notices"))}
                assert have == want
                assert short_token("浮") == '"e6b5ae"'   # 浮 is U+6D6E, E6 B5 AE in UTF-8
                plan = " ".join(str(r[-1]) for r in conn.execute(text(
                    "EXPLAIN QUERY PLAN SELECT id FROM rm_notices WHERE id IN "
                    "(SELECT rowid FROM rm_notice_grams_fts WHERE rm_notice_grams_fts MATCH '\"e6b5ae\"')")))
                assert "rm_notice_grams_fts VIRTUAL TABLE INDEX" in plan, plan

    agree()
    # an amended description: the row is deleted and inserted, its grams with it
    store.record(cases["cask"], {"amend": "/items/i1/description", "value": "浮樽"})
    assert found("浮") == ["buoy", "cask", "float", "latin"] and found("酒") == []
    store.record(cases["cask"], {"amend": "/items/i1/description", "value": "酒樽"})
    agree()
    assert store.rebuild_read_models() == len(cases)
    agree()


def test_an_append_computes_its_rows_with_the_closing_days_read_with_the_locked_case(store):
    """The office's closing days come with the case's locked row (both databases): an append
    whose rows change computes them with the days (a claim due on a closing day moves to the
    next open day), the rows a fresh computation gives (``case verify``)."""
    from sqlalchemy import text

    store.add_office("misaki", "Misaki")
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
           "case": {"occurred": "2026-05-10", "place": "三崎港", "waters": "sea", "kind": "drift"},
           "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}, {"id": "m", "name": "町長", "roles": ["mayor"]}],
           "items": [{"id": "i1", "description": "浮標", "kind": "gear", "value": "30000",
                      "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}}],
           "events": [{"type": "delivered", "date": "2026-05-11", "by": "f", "to": "m", "items": ["i1"]},
                      {"type": "notice_posted", "date": "2026-05-13", "items": ["i1"]}]}
    case, version = store.open_case(doc, office="misaki")
    claims = lambda: sorted((r["duty"][:8], r["due"]) for r in store.due(date(2026, 11, 1), within=60))  # noqa: E731
    assert claims() == [("claim i1", "2026-11-13")]
    for day in ("2026-11-16", "2026-11-13"):     # a Friday and the Monday after it, added out of order
        store.office_closed("misaki", "add", day)
    assert claims() == [("claim i1", "2026-11-17")]
    item = {"id": "i2", "description": "木箱", "kind": "cargo", "value": "100",
            "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}}
    store.record(case, [{"add": "item", "value": item},
                        {"event": {"type": "notice_posted", "date": "2026-05-13", "items": ["i2"]}}], expect_version=version)
    assert claims() == [("claim i1", "2026-11-17"), ("claim i2", "2026-11-17")]
    assert store.verify()["ok"]
    with store.engine.connect() as conn:        # the rows were written by the append, not the office's refresh
        assert conn.execute(text("SELECT count(*) FROM rm_notices WHERE case_id = :c"), {"c": case}).scalar() == 2


def test_a_common_short_q_is_tested_on_the_rows_in_order_and_finds_what_the_index_finds(store, monkeypatch):
    """On PostgreSQL a one- or two-character ``q`` in more than ``RARE_ROWS`` rows is not asked of
    migration 0010's index (which gives every such row to sort before the first page) but tested
    on the rows read in the page's order, or, in fewer than ``COMMON_ROWS`` by the planner's
    estimate, read from the index and sorted by an order no index holds: every way gives the same
    rows and pages. Here three of four rows hold 「浮」, two 「樽」 and one 「浮子」: with ``RARE_ROWS``
    = 1, 「浮」 and 「樽」 are common (``COMMON_ROWS`` = 0) or some (``COMMON_ROWS`` = 10**6), 「浮子」
    still rare; the count itself is checked at 2 and 3."""
    from wreckmaster.store import readmodels
    from wreckmaster.store.readmodels import NoticeFilter

    from .conftest import drift_doc

    for description in ("浮標", "定置網用浮子", "浮樽", "酒樽"):
        doc = drift_doc()
        doc["items"][0]["description"] = description
        doc["events"] = [{"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}]
        store.open_case(doc)
    as_of = date(1876, 4, 1)

    def pages(q: str) -> tuple[list, list]:
        first, cursor = store.board_page(as_of, NoticeFilter(q=q), limit=2)
        rest, _ = store.board_page(as_of, NoticeFilter(q=q), limit=2, after=cursor) if cursor else ([], None)
        return store.notices(as_of, NoticeFilter(q=q)), first + rest

    by_index = {q: pages(q) for q in ("浮", "樽", "浮子")}
    monkeypatch.setattr(readmodels, "RARE_ROWS", 1)
    for common in (0, 10**6):   # over one row: walked in the page's order; or read from the index and sorted
        monkeypatch.setattr(readmodels, "COMMON_ROWS", common)
        assert {q: pages(q) for q in by_index} == by_index
    assert [r["description"] for r in by_index["浮"][0]] == ["浮標", "定置網用浮子", "浮樽"]
    assert sorted(r["description"] for r in by_index["浮"][1]) == ["定置網用浮子", "浮標", "浮樽"]   # two pages
    if store.engine.dialect.name == "postgresql":
        with store.engine.connect() as conn:
            monkeypatch.setattr(readmodels, "RARE_ROWS", 2)   # 樽 in two rows, 浮 in three
            assert readmodels._rare_short(conn, "樽") and not readmodels._rare_short(conn, "浮")
            monkeypatch.setattr(readmodels, "RARE_ROWS", 3)
            assert readmodels._rare_short(conn, "浮")
            monkeypatch.setattr(readmodels, "RARE_ROWS", 1)
            plans = lambda: {q: readmodels._short_plan(conn, NoticeFilter(q=q)) for q in by_index}  # noqa: E731
            monkeypatch.setattr(readmodels, "COMMON_ROWS", 0)
            assert plans() == {"浮": "common", "樽": "common", "浮子": "rare"}
            monkeypatch.setattr(readmodels, "COMMON_ROWS", 10**6)
            assert plans() == {"浮": "some", "樽": "some", "浮子": "rare"}
            assert readmodels._short_plan(conn, NoticeFilter(q="浮子箱")) is None   # a trigram: pg_trgm's index


def test_an_append_writes_the_change_from_the_rows_last_written_and_compares_all_after_another_writer(store):
    """Both databases. An append whose stored case row carries the digest of the rows this process
    last wrote for the case sends only the change (rows deleted, rows inserted); one whose stored
    digest is another's (another worker appended since) compares every stored row. Worked example:
    item i1 under notice on 2026-05-13 (art 25), its owner's claim due 2026-11-13 (art 27 ¶1, six
    months), and i2 alike; the owner claims i1 on 2026-06-01: its notice ends (its row gets that end day)
    and its claim deadline is met from that day on (one span: the case is assessed group by group
    of items, so i2's rows stay as they are). The rows after each append are those a fresh
    computation gives (``case verify``), whichever way they were written."""
    from sqlalchemy import text

    from wreckmaster.store import readmodels

    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
           "case": {"occurred": "2026-05-10", "place": "三崎港", "waters": "sea", "kind": "drift"},
           "parties": [{"id": "f", "name": "拾得者", "roles": ["finder"]}, {"id": "o", "name": "所有者", "roles": ["owner"]}],
           "items": [{"id": f"i{k}", "description": "浮標", "kind": "gear", "value": "30000",
                      "found": {"date": "2026-05-10", "by": ["f"], "state": "floating"}} for k in (1, 2)],
           "events": [{"type": "notice_posted", "date": "2026-05-13", "items": [f"i{k}"]} for k in (1, 2)]}
    case, version = store.open_case(doc)

    def count(table: str) -> int:
        with store.engine.connect() as conn:
            return conn.execute(text(f"SELECT count(*) FROM {table} WHERE case_id = :c"), {"c": case}).scalar()

    assert (count("rm_deadlines"), count("rm_notices")) == (4, 2)   # two spans of two claims; two notices
    version = store.record(case, {"add": "party", "value": {"id": "p2", "name": "漁協"}}, expect_version=version)
    sent = []
    real = readmodels._change
    readmodels._change = lambda *a: sent.append(real(*a)) or sent[-1]
    try:
        version = store.record(case, {"event": {"type": "owner_claimed", "date": "2026-06-01", "by": "o",
                                                "items": ["i1"]}}, expect_version=version)
        (change,) = sent
        gone, new = change["rm_deadlines"]
        # i1's two rows go (pending to 11-13, missed from 11-14); i2's two stay as they were
        assert sorted((r["status"], r["duty"][:8], r["valid_from"]) for r in gone) == [
            ("missed", "claim i1", "2026-11-14"), ("pending", "claim i1", "2026-05-13")]
        # i1's group's latest day is 2026-06-01: met from then on, after its due day too (one span)
        assert sorted((r["status"], r["duty"][:8], r["valid_from"], r["valid_to"]) for r in new) == [
            ("met", "claim i1", "2026-06-01", readmodels.OPEN)]
        # i1's notice row now ends on 2026-06-01 (the board reads each day's from it)
        assert [(r["item"], r["notice_end"]) for r in change["rm_notices"][0]] == [("i1", None)]
        assert [(r["item"], r["notice_end"]) for r in change["rm_notices"][1]] == [("i1", "2026-06-01")]
        assert store.verify()["ok"] and (count("rm_deadlines"), count("rm_notices")) == (3, 2)
        # another writer since: the rows this process holds are not those stored, so all are compared
        last = readmodels._WRITTEN.get(case)
        readmodels._WRITTEN.put(case, readmodels.Rows({**last.case, "digest": "another's"}, [], []), 0)
        sent.clear()
        store.record(case, {"event": {"type": "owner_claimed", "date": "2026-06-02", "by": "o", "items": ["i2"]}},
                     expect_version=version)
        assert sent == [None]
        assert store.verify()["ok"] and (count("rm_deadlines"), count("rm_notices")) == (2, 2)
    finally:
        readmodels._change = real


def test_migration_0013_carries_the_short_substrings_of_the_rows_there_over_to_its_fts5_table(db_url):
    """Notices stored under migration 0012 (SQLite: 0011's B-tree table of short substrings) are
    found by a ``q`` of one character after ``db upgrade`` to 0013 (its FTS5 table, filled from
    the rows there), and again after a downgrade to 0012 (0011's table filled again); on
    PostgreSQL the migration does nothing and the same rows are found."""
    from alembic import command
    from sqlalchemy import text

    from wreckmaster.store import db, open_store
    from wreckmaster.store.readmodels import NoticeFilter

    from .conftest import drift_doc, migrate

    store = open_store(db_url)
    for description in ("浮標", "酒樽", "浮子"):
        doc = drift_doc()
        doc["items"][0]["description"] = description
        doc["events"] = [{"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}]
        store.open_case(doc)
    store.close()

    def found(q: str) -> list[str]:
        s = open_store(db_url)
        try:
            return sorted(r["description"] for r in s.notices(date(1876, 4, 1), NoticeFilter(q=q)))
        finally:
            s.close()

    sqlite = db_url.startswith("sqlite")
    tables = migrate(db_url, command.downgrade, "0012")
    assert ("rm_notice_grams" in tables and "rm_notice_grams_fts" not in tables) == sqlite
    if sqlite:
        engine = db.make_engine(db_url)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(DISTINCT notice_id) FROM rm_notice_grams WHERE gram = '浮'")).scalar() == 2
        engine.dispose()
    tables = migrate(db_url, command.upgrade, "0013")
    assert ("rm_notice_grams_fts" in tables and "rm_notice_grams" not in tables) == sqlite
    assert found("浮") == ["浮子", "浮標"] and found("樽") == ["酒樽"] and found("標浮") == []
