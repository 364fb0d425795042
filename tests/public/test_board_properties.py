"""Invariants of the board's paging (issue 27), for any rows: the pages together are every
matching row once, in the board's order (newest find first, then case and item).

The filters themselves (free text as an NFKC, case-folded substring, kind, class, office, days,
radius) are the notice read model's, tested on both databases in
``tests/service/test_notice_filters.py`` and ``tests/store/test_readmodels.py``."""
from __future__ import annotations

from datetime import date

from hypothesis import given, settings, strategies as st

from wreckmaster.public import board

DAYS = st.one_of(st.none(), st.dates(date(2020, 1, 1), date(2026, 12, 31)).map(date.isoformat))
TEXT = st.text(alphabet="浮き玉錨ｱイABCabc 　", max_size=6)
ROWS = st.lists(st.builds(lambda c, i, d, t, p: {"office": "o", "case": f"c{c}", "item": f"i{i}", "description": t,
                                              "kind": "cargo", "found_on": d, "place": p, "claim_until": None},
                          st.integers(0, 30), st.integers(0, 3), DAYS, TEXT, TEXT),
                unique_by=lambda r: (r["case"], r["item"]), max_size=40)


class _Board:
    """A store whose notice read model holds ``rows`` (the board asks it with the query's filters)."""

    def __init__(self, rows):
        self.rows = rows

    def notices(self, as_of, wanted):
        return [dict(r) for r in self.rows]


def _search(monkeypatch, rows, query, cursor=None, limit=50):
    monkeypatch.setattr(board, "_facts", lambda store, rs: {(r["case"], r["item"]): {"class": None, "position": None}
                                                            for r in rs})
    f, _, _ = board.parse(query, date(2026, 12, 31))
    assert not f.problems
    return board.search(_Board(rows), f, cursor, limit)


@settings(max_examples=60, deadline=None)
@given(rows=ROWS, limit=st.integers(1, 7))
def test_the_pages_together_are_every_row_once_in_order(rows, limit):
    import pytest

    with pytest.MonkeyPatch.context() as mp:
        seen, cursor = [], None
        while True:
            page, cursor, _ = _search(mp, rows, {}, cursor, limit)
            assert len(page) <= limit
            seen += page
            if cursor is None:
                break
    want = sorted(rows, key=lambda r: r["case"] + "\x00" + r["item"])
    want.sort(key=lambda r: r["found_on"] or "", reverse=True)
    want = [r for r in want if r["found_on"]] + [r for r in want if not r["found_on"]]
    assert [(r["case"], r["item"]) for r in seen] == [(r["case"], r["item"]) for r in want]
