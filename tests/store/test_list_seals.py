"""The list reads check the seals too (issue 24 point 10): ``case list`` (``GET /api/cases``),
the due list (``GET /api/due``) and the notice board (``GET /api/notices``, the public pages)
leave out a case whose head fails its seal, and report it as a read of that case does — one
line in the log per case and process, and ``Store.tampered`` (``/health``). On SQLite and
PostgreSQL, each test with a database of its own; every edit is plain SQL, as a database
administrator would make it, with the read models made to agree where the edit allows.
"""
from __future__ import annotations

import logging
from datetime import date

import pytest
from sqlalchemy import delete, func, update

from wreckmaster.store.models import cases, projections, seals
from wreckmaster.store.models import entries as log_table

from .conftest import drift_doc
from .test_seals import NOTICE, rebuild, recompute_from

AS_OF = date(1876, 3, 10)   # the notice of 1876-03-03 (drift_doc, jp-1875) is up; deadlines are listed


def _rewrite(store, case):
    with store.engine.begin() as conn:
        conn.execute(update(log_table).where(log_table.c.case_id == case, log_table.c.seq == 2).values(
            entry=func.replace(log_table.c.entry, "1876-03-03", "1876-03-04")))
        recompute_from(conn, case, 2)
    rebuild(store, case)


def _unseal(store, case):
    with store.engine.begin() as conn:
        conn.execute(delete(seals).where(seals.c.case_id == case))


def _move(store, case):
    with store.engine.begin() as conn:
        conn.execute(update(cases).where(cases.c.id == case).values(office="elsewhere"))


def _delete(store, case):
    with store.engine.begin() as conn:    # the read models' rows of the case stay behind
        for table in (log_table, projections):
            conn.execute(delete(table).where(table.c.case_id == case))
        conn.execute(delete(cases).where(cases.c.id == case))


@pytest.mark.parametrize("tamper, why", [(_rewrite, "the log was rewritten"), (_unseal, "no seal"),
                                         (_move, "moved outside wreckmaster"), (_delete, "deleted outside")])
def test_a_tampered_case_is_left_out_of_every_list_and_reported(store, caplog, tamper, why):
    store.add_office("elsewhere", "elsewhere")
    a, b, c = (store.open_case(drift_doc())[0] for _ in range(3))
    for case in (a, b, c):
        store.record(case, NOTICE)

    def listed() -> tuple[list, set, set, list]:
        pages, after = [], None
        while True:
            page, after = store.notice_page(AS_OF, limit=1, after=after)
            pages += [r["case"] for r in page]
            if after is None:
                return ([r["case"] for r in store.list_cases()], {r["case"] for r in store.notices(AS_OF)},
                        {r["case"] for r in store.due(AS_OF, within=365)}, pages)

    assert listed() == ([a, b, c], {a, b, c}, {a, b, c}, [a, b, c])     # each list holds b before
    tamper(store, b)
    caplog.set_level(logging.ERROR, logger="wreckmaster.store")
    assert listed() == ([a, c], {a, c}, {a, c}, [a, c])
    assert store.list_cases(office="elsewhere") == []                      # a moved case is not the new office's
    assert store.tampered == {b}
    lines = [r.getMessage() for r in caplog.records if r.name == "wreckmaster.store"]
    assert len(lines) == 1 and lines[0].startswith(f"case {b} fails its seal") and why in lines[0]


def test_the_seals_of_a_list_are_read_in_one_statement(store):
    """Not one query per row: the due list and the board of 30 cases each read the seals once."""
    from sqlalchemy import event

    for _ in range(30):
        case, _ = store.open_case(drift_doc())
        store.record(case, NOTICE)
    statements: list[str] = []

    def seen(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        assert len(store.notices(AS_OF)) == 30 and len({r["case"] for r in store.due(AS_OF, within=365)}) == 30
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)
    assert sum(1 for s in statements if "seals" in s) == 2
