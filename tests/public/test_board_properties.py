"""Invariants of the board's paging (issue 27), for any rows: the pages together are every
matching row once, in the board's order (newest find first, then case and item). The rows are
held by the notice read model of a store on SQLite and on PostgreSQL, which orders and pages
them (``readmodels.board``, migration 0009's index).

The filters themselves (free text as an NFKC, case-folded substring, kind, class, office, days,
radius) are the notice read model's, tested on both databases in
``tests/service/test_notice_filters.py`` and ``tests/store/test_readmodels.py``."""
from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.public import board

DAYS = st.one_of(st.none(), st.dates(date(2020, 1, 1), date(2026, 12, 31)).map(date.isoformat))
TEXT = st.text(alphabet="浮き玉錨ｱイABCabc 　", max_size=6)
ROWS = st.lists(st.builds(lambda c, i, d, t, p: {"office": "o", "case": f"c{c}", "item": f"i{i}", "description": t,
                                              "kind": "cargo", "found_on": d, "place": p, "claim_until": None},
                          st.integers(0, 30), st.integers(0, 3), DAYS, TEXT, TEXT),
                unique_by=lambda r: (r["case"], r["item"]), max_size=40)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def board_store(request, tmp_path_factory):
    """A store of its own (its read model holds each example's rows, and nothing else), on
    SQLite and PostgreSQL: the order and the pages are the database's."""
    from tests.service.conftest import _pg_database

    from wreckmaster.store import open_store

    if request.param == "sqlite":
        urls = iter([f"sqlite:///{tmp_path_factory.mktemp('board') / 'board.db'}"])
    else:
        urls = _pg_database()
    store = open_store(next(urls))
    yield store
    store.close()
    next(urls, None)   # the PostgreSQL database is dropped


def _hold(store, rows) -> None:
    """The notice read model holds exactly ``rows`` (each its own case, under notice since 2020)."""
    from sqlalchemy import delete, insert

    from wreckmaster.store import readmodels

    with store._tx(write=True) as conn:
        conn.execute(delete(readmodels.rm_notices))
        conn.execute(delete(readmodels.rm_cases))
        cases = sorted({r["case"] for r in rows})
        if cases:
            conn.execute(insert(readmodels.rm_cases), [
                {"case_id": c, "num": k, "office": "o", "occurred": "2020-01-01", "latest": "2020-01-01",
                 "mode": "table"} for k, c in enumerate(cases)])
        if rows:
            conn.execute(insert(readmodels.rm_notices), [
                {"case_id": r["case"], "num": cases.index(r["case"]), "ord": int(r["item"][1:]), "office": r["office"],
                 "item": r["item"], "description": r["description"], "kind": r["kind"], "item_class": None,
                 "found_on": r["found_on"], "place": r["place"], "lat": None, "lon": None,
                 "claim_until": r["claim_until"], "notice_start": "2020-01-01", "notice_end": None,
                 "search": readmodels.normalise(f"{r['description']}\n{r['place']}")} for r in rows])


def _search(monkeypatch, store, query, cursor=None, limit=50):
    monkeypatch.setattr(board, "_facts", lambda store, rs: {(r["case"], r["item"]): {"class": None, "position": None}
                                                            for r in rs})
    # the rows stand for cases the test does not write: the list reads' seal check (which leaves out
    # a case whose row is gone) is tested in tests/store/test_list_seals.py; here the paging
    monkeypatch.setattr(store, "_sealed_rows", lambda conn, rows: rows)
    f, _, _ = board.parse(query, date(2026, 12, 31))
    assert not f.problems
    return board.search(store, f, cursor, limit)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=ROWS, limit=st.integers(1, 7))
def test_the_pages_together_are_every_row_once_in_order(board_store, rows, limit):
    _hold(board_store, rows)
    with pytest.MonkeyPatch.context() as mp:
        seen, cursor = [], None
        while True:
            page, cursor, _ = _search(mp, board_store, {}, cursor, limit)
            assert len(page) <= limit
            seen += page
            if cursor is None:
                break
    want = sorted(rows, key=lambda r: r["case"] + "\x00" + r["item"])
    want.sort(key=lambda r: r["found_on"] or "", reverse=True)
    want = [r for r in want if r["found_on"]] + [r for r in want if not r["found_on"]]
    assert [(r["case"], r["item"]) for r in seen] == [(r["case"], r["item"]) for r in want]
