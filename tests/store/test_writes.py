"""How writes reach the database: group commit (SQLite and PostgreSQL), the projection's text
kept by parts, an append's writes in one statement and one-statement reads on PostgreSQL. Each
is a speed measure (benchmarks/bench_service.py); these tests check that none of them changes
what is stored or answered."""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import pytest

from sqlalchemy import text

from wreckmaster.store import canonical, db, fold, groupcommit
from wreckmaster.store.errors import Conflict, DatabaseProblem, InvalidEntry
from wreckmaster.store.groupcommit import GroupCommit
from wreckmaster.store.projection_text import ProjectionTexts

from .conftest import drift_doc


# --- group commit ------------------------------------------------------------------------
@pytest.fixture
def table(db_url):
    """A table ``t`` in a fresh database of each kind (SQLite, PostgreSQL)."""
    engine = db.make_engine(db_url)
    with db.transaction(engine, write=True) as conn:
        conn.exec_driver_sql("CREATE TABLE t (k VARCHAR(32) PRIMARY KEY)")
    yield engine
    engine.dispose()


def _rows(engine) -> set[str]:
    with db.transaction(engine, write=False) as conn:
        return {k for (k,) in conn.exec_driver_sql("SELECT k FROM t")}


def _insert(k: str, fail: Exception | None = None):
    def work(conn):
        conn.execute(text("INSERT INTO t VALUES (:k)"), {"k": k})
        if fail is not None:
            raise fail
        return k
    return work


def _run_behind_a_leader(group: GroupCommit, works: dict[str, object]) -> dict[str, object]:
    """Run ``works`` while a first writer holds the group's transaction open, so that they queue
    (in the order given) and commit together after it; each name's result or exception."""
    entered, gate = threading.Event(), threading.Event()
    out: dict[str, object] = {}

    def leader(conn):
        entered.set()
        assert gate.wait(10)
        conn.exec_driver_sql("INSERT INTO t VALUES ('leader')")
        return "leader"

    def call(name, work):
        try:
            out[name] = group.run(work)
        except Exception as exc:  # noqa: BLE001 - what the caller would get
            out[name] = exc

    threads = [threading.Thread(target=call, args=("leader", leader))]
    threads[0].start()
    assert entered.wait(10)
    deadline = time.monotonic() + 10
    for queued, (name, work) in enumerate(works.items(), 1):
        threads.append(threading.Thread(target=call, args=(name, work)))
        threads[-1].start()
        while len(group._queue) < queued:  # queued behind the leader, in the order given
            assert time.monotonic() < deadline, "the writers did not queue"
            time.sleep(0.002)
    gate.set()
    for t in threads:
        t.join(10)
    return out


def test_writers_that_arrive_together_commit_together_each_with_its_own_outcome(table):
    transactions = []

    def tx():
        transactions.append(1)
        return db.transaction(table, write=True)

    group = GroupCommit(tx)
    out = _run_behind_a_leader(group, {
        "a": _insert("a"),
        "refused": _insert("refused", InvalidEntry([("/x", "bad")])),
        "c": _insert("c"),
        "duplicate": _insert("a"),  # an IntegrityError for this caller only
    })
    assert out["leader"] == "leader" and out["a"] == "a" and out["c"] == "c"
    assert isinstance(out["refused"], InvalidEntry) and out["refused"].problems == [("/x", "bad")]
    assert type(out["duplicate"]).__name__ == "IntegrityError"
    # the refused work was rolled back to its savepoint; the others of its group are stored
    assert _rows(table) == {"leader", "a", "c"}
    assert len(transactions) == 2  # the leader alone, then the four queued behind it in one


def test_a_unit_failing_in_the_database_is_rolled_back_alone_after_others_succeeded(table):
    """On PostgreSQL a failed statement aborts the whole transaction until ROLLBACK TO
    SAVEPOINT: the units after it must still be stored, those before it kept."""
    out = _run_behind_a_leader(GroupCommit(lambda: db.transaction(table, write=True)), {
        "a": _insert("a"), "dup1": _insert("leader"), "b": _insert("b"), "dup2": _insert("a"),
        "refused": _insert("r", InvalidEntry([("", "no")])), "c": _insert("c")})
    assert [out[k] for k in "abc"] == ["a", "b", "c"]
    assert all(type(out[k]).__name__ == "IntegrityError" for k in ("dup1", "dup2"))
    assert _rows(table) == {"leader", "a", "b", "c"}


def test_more_writers_than_a_group_holds_commit_in_several_groups_in_arrival_order(table, monkeypatch):
    monkeypatch.setattr(groupcommit, "MAX_GROUP", 2)
    transactions = []

    def tx():
        transactions.append(1)
        return db.transaction(table, write=True)

    order = []

    def insert(k):
        def work(conn):
            order.append(k)
            return _insert(k)(conn)
        return work

    names = [f"w{i}" for i in range(5)]
    out = _run_behind_a_leader(GroupCommit(tx), {k: insert(k) for k in names})
    assert [out[k] for k in names] == names
    assert _rows(table) == {"leader", *names}
    assert order == names  # the queue's order, whoever led each group
    assert len(transactions) == 4  # the leader alone, then 2 + 2 + 1


def test_a_group_whose_commit_fails_stores_nothing_and_tells_every_caller(table):
    fail = {"on": False}

    @contextmanager
    def tx():
        with db.transaction(table, write=True) as conn:
            yield conn
            if fail["on"]:
                raise DatabaseProblem("disk I/O error")
        fail["on"] = True  # the leader's transaction commits; the group's after it fails

    out = _run_behind_a_leader(GroupCommit(tx), {"a": _insert("a"), "b": _insert("b"),
                                                 "refused": _insert("x", Conflict("c", 2, 1))})
    assert out["leader"] == "leader"
    assert isinstance(out["a"], DatabaseProblem) and isinstance(out["b"], DatabaseProblem)
    assert out["a"] is not out["b"]  # each caller raises its own
    assert isinstance(out["refused"], Conflict)
    assert _rows(table) == {"leader"}


def test_a_lone_writer_has_its_own_transaction_rolled_back_whole(table):
    group = GroupCommit(lambda: db.transaction(table, write=True))
    with pytest.raises(InvalidEntry):
        group.run(_insert("a", InvalidEntry([("", "no")])))
    assert group.run(_insert("b")) == "b"
    assert _rows(table) == {"b"}


def test_the_server_path_threads_appending_at_once(store):
    """Many threads of one process appending to a few cases (grouped commits): every
    acknowledged entry is in the log exactly once, stale versions are conflicts, refused entries
    leave nothing, and the chains and projections verify."""
    cases = [store.open_case(drift_doc())[0] for _ in range(3)]
    acked: list[tuple[str, str]] = []
    outcomes: list[str] = []
    lock = threading.Lock()

    def client(k: int) -> None:
        case = cases[k % len(cases)]
        for i in range(15):
            pid = f"t{k}-{i}"
            entry = {"add": "party", "value": {"id": pid}}
            if i % 5 == 4:
                entry = {"add": "party", "value": {"id": "finder"}}  # a duplicate id: refused
            try:
                version = store.version(case)
                store.record(case, entry, expect_version=version)
            except (Conflict, InvalidEntry) as exc:
                with lock:
                    outcomes.append(type(exc).__name__)
                continue
            with lock:
                acked.append((case, pid))
                outcomes.append("stored")

    threads = [threading.Thread(target=client, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert "stored" in outcomes and "InvalidEntry" in outcomes
    for case in cases:
        history = store.history(case)
        ids = [e["entry"]["value"]["id"] for e in history[1:]]
        assert sorted(ids) == sorted(p for c, p in acked if c == case)
        assert [e["seq"] for e in history] == list(range(1, len(history) + 1)) == list(range(1, store.version(case) + 1))
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}


def test_an_appended_list_is_stored_as_entry_by_entry(store):
    """On PostgreSQL an append's writes are one statement (``_PG_APPEND``): the entries of a
    list get their global positions in seq order, each row holds what its entry says, and the
    case's row and projection move with them."""
    from sqlalchemy import select

    from wreckmaster.store.models import entries

    case, _ = store.open_case(drift_doc())
    other, _ = store.open_case(drift_doc())
    store.record(case, {"add": "party", "value": {"id": "a"}}, expect_version=1, recorded_by="clerk1")
    store.record(other, {"add": "party", "value": {"id": "x"}}, expect_version=1)
    batch = [{"add": "party", "value": {"id": "b"}}, {"amend": "/case/place", "value": "沖"},
             {"event": {"type": "notice_posted", "date": "1876-03-02", "items": ["i1"]}}]
    assert store.record(case, batch, expect_version=2, recorded_by="clerk2") == 5
    with db.transaction(store.engine, write=False) as conn:
        rows = conn.execute(select(entries).where(entries.c.case_id == case).order_by(entries.c.seq)).all()
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5]
    positions = [r.position for r in rows]
    assert positions == sorted(positions) and len(set(positions)) == 5
    assert [r.form for r in rows[2:]] == ["add", "amend", "event"]
    assert [canonical.loads(r.entry) for r in rows[2:]] == canonical.normalise(batch)
    assert {(r.recorded_by, r.recorded_at, r.office, r.schema_version) for r in rows[2:]} == \
        {("clerk2", rows[2].recorded_at, "local", 1)}
    assert [e["hash"] for e in store.history(case)] == [r.hash for r in rows]
    listed = {c["case"]: c for c in store.list_cases()}
    assert listed[case]["version"] == 5 and listed[case]["place"] == "沖" and listed[other]["version"] == 2
    assert store.export(case)["case"]["place"] == "沖"
    assert store.verify() == {"ok": True, "tampered": [], "projections": []}


# --- the projection's text by parts --------------------------------------------------------
OPENING = {"format": "wreckmaster.scenario/1", "regime": "jp-1875", "case": {"place": "浜"},
           "parties": [], "items": [{"id": "i1", "value": "1.50"}]}
STEPS = [
    [{"add": "party", "value": {"id": "p1", "name": "一"}}],                 # an empty list grows
    [{"add": "party", "value": {"id": "p2"}}, {"add": "party", "value": {"id": "p3"}}],
    [{"event": {"type": "notice_posted", "date": "1876-03-02", "items": ["i1"]}}],  # a new section
    [{"add": "expense", "value": {"id": "x1", "amount": "0.10"}}],           # another new section
    [{"amend": "/items/i1/value", "value": "2.00"}, {"add": "item", "value": {"id": "i2"}}],
    [{"amend": "/case/place", "value": "沖"}, {"add": "party", "value": {"id": "p4"}}],
    [{"amend": "/parties", "value": "not a list"}],                          # a list replaced
    [{"add": "party", "value": {"id": "p5"}}],                               # … and made a list again
    [{"amend": "/newkey", "value": {"a": 1}}],                               # a key appears
]


@pytest.mark.parametrize("memo", [True, False])
def test_projection_text_is_exactly_the_canonical_text(memo):
    texts = ProjectionTexts(size=8 if memo else 0)
    doc, _ = fold.apply(None, canonical.normalise({"open": OPENING}))
    text = canonical.dumps(doc)
    texts.after("c", "", doc, [])  # remember the opening (a no-op batch)
    for batch in STEPS:
        doc = canonical.loads(text)
        for entry in canonical.normalise(batch):
            doc, _ = fold.apply(doc, entry)
        text = texts.after("c", text, doc, canonical.normalise(batch))
        assert text == canonical.dumps(doc)


def test_projection_text_memo_is_used_only_for_the_exact_stored_text():
    texts = ProjectionTexts()
    doc = canonical.normalise({"parties": [{"id": "a"}], "regime": "x"})
    first = texts.after("c", "", doc, [])
    other = canonical.normalise({"parties": [{"id": "zzz"}], "regime": "y"})  # not what the memo holds
    other["parties"].append({"id": "b"})
    text = texts.after("c", first.replace("x", "y"), other, [{"add": "party", "value": {"id": "b"}}])
    assert text == canonical.dumps(other)


# --- one-statement reads -----------------------------------------------------------------
def test_a_one_statement_read_leaves_no_autocommit_behind(store):
    """On PostgreSQL ``version`` reads in autocommit; the pooled connection must come back to
    every later write transaction as a transaction (all or none)."""
    case, _ = store.open_case(drift_doc())
    for _ in range(3):
        assert store.version(case) == 1
        with db.transaction(store.engine, write=True) as conn:
            if conn.dialect.name == "postgresql":
                assert conn.connection.dbapi_connection.autocommit is False
                assert conn.exec_driver_sql("SELECT txid_current()").scalar() is not None
                assert conn.exec_driver_sql("SELECT txid_current()").scalar() == \
                    conn.exec_driver_sql("SELECT txid_current()").scalar()  # one transaction
    with pytest.raises(InvalidEntry):  # a refused entry in a list stores none of it (rolled back)
        store.record(case, [{"add": "party", "value": {"id": "new"}}, {"add": "party", "value": {"id": "new"}}],
                     expect_version=1)
    assert store.version(case) == 1
