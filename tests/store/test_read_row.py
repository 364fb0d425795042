"""`db.read_row`, the one-statement read that every service read makes to learn a case's version
(on PostgreSQL straight to the driver, in autocommit): the same answer as a transaction's read,
a dead connection replaced. (That the pooled connection goes back in transaction mode is
test_writes.py's ``test_a_one_statement_read_leaves_no_autocommit_behind``.)"""
from __future__ import annotations

import pytest

from wreckmaster.store import db
from wreckmaster.store.errors import DatabaseProblem
from wreckmaster.store.store import _VERSION

from .conftest import drift_doc


def test_read_row_answers_as_a_transaction_does(store):
    case, _ = store.open_case(drift_doc(), office="local")
    row = db.read_row(store.engine, _VERSION, {"case_id": case})
    assert (row.version, row.office) == (1, "local")
    assert db.read_row(store.engine, _VERSION, {"case_id": "no-such-case"}) is None
    store.record(case, {"add": "party", "value": {"id": "p2"}})
    assert db.read_row(store.engine, _VERSION, {"case_id": case}).version == 2 == store.version(case)


#: what follows is about the PostgreSQL path (SQLite reads in a transaction of its own)
ON_POSTGRESQL = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@ON_POSTGRESQL
def test_a_dead_connection_is_a_database_problem_then_replaced(db_url):
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url, pool_size=1, max_overflow=0)
    try:
        with engine.connect() as conn:
            pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        with create_engine(db_url).connect() as admin:
            admin.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
            admin.commit()
        with pytest.raises(DatabaseProblem):
            db.read_row(engine, _VERSION, {"case_id": "x"})
        assert db.read_row(engine, _VERSION, {"case_id": "x"}) is None   # a new connection
    finally:
        engine.dispose()
