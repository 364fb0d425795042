"""The schema agrees with its migrations; the engine never imports the store; the store's
surface for the service: users and tokens, the due list across offices, the public notices."""
from __future__ import annotations

import ast
from datetime import date

from ..conftest import PASSWORD, ROOT
from .conftest import drift_doc

NOTICE = {"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["i1"]}}


def test_engine_never_imports_the_store():
    offenders = []
    for folder in ("law", "regimes", "average"):
        for path in (ROOT / "src" / "wreckmaster" / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
                offenders += [f"{path}: {n}" for n in names if n.startswith("wreckmaster.store")]
    assert offenders == []


def test_models_agree_with_the_migrations(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.config import Config
    from sqlalchemy import create_engine

    from wreckmaster.store.db import MIGRATIONS
    from wreckmaster.store.models import HEAD, Base

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD
    engine = create_engine(db_url)
    with engine.connect() as conn:
        # the read models' trigram index (FTS5 and its shadow tables, pg_trgm's GIN index) has no
        # SQLAlchemy form: readmodel_tables.NOT_DECLARED names it
        from wreckmaster.store.readmodel_tables import NOT_DECLARED

        ctx = MigrationContext.configure(conn, opts={"compare_type": False, "include_name": lambda name, type_, parents:
                                                     not (name or "").startswith(NOT_DECLARED)})
        diffs = compare_metadata(ctx, Base.metadata)
        assert ctx.get_current_revision() == HEAD
    engine.dispose()
    assert diffs == []


def test_a_database_of_schema_0001_is_refused_then_upgraded_with_its_users_active(tmp_path):
    """Migration 0002 (users.revoked_at): a file made by the first schema is not used silently —
    the store says to run `wreckmaster db upgrade` — and after it the users it had are active."""
    import pytest
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from wreckmaster.store import open_store
    from wreckmaster.store.db import MIGRATIONS
    from wreckmaster.store.errors import DatabaseProblem

    from ..conftest import run_cli

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(text("INSERT INTO offices (id, name) VALUES ('sagara', '相良村役場')"))
        conn.execute(text("INSERT INTO users (name, office, role, token_hash, created_at) "
                          "VALUES ('hanako', 'sagara', 'clerk', 'x', '2026-01-01T00:00:00.000000Z')"))
    engine.dispose()
    with pytest.raises(DatabaseProblem, match="schema 0001.*wreckmaster db upgrade"):
        open_store(url)
    done = run_cli("db", "upgrade", "--db", url)
    assert done.returncode == 0, done.stderr
    assert open_store(url).users() == [{"user": "hanako", "office": "sagara", "role": "clerk", "active": True}]


def test_users_tokens_and_passwords(store):
    from wreckmaster.store import User

    store.add_office("sagara", "相良村役場")
    token = store.add_user("hanako", "sagara", role="clerk", password=PASSWORD)
    assert store.user_for_token(token) == User("hanako", "sagara", "clerk")
    assert store.user_for_token(token + "x") is None and store.user_for_token("") is None
    assert store.user_for_password("hanako", PASSWORD) == User("hanako", "sagara", "clerk")
    assert store.user_for_password("hanako", "wrong") is None
    assert store.user_for_password("nobody", PASSWORD) is None
    other = store.add_user("taro", "sagara", role="supervisor")
    assert other != token and store.user_for_password("taro", "") is None
    # only hashes are stored
    from sqlalchemy import select

    from wreckmaster.store.models import users

    with store.engine.connect() as conn:
        stored = conn.execute(select(users.c.token_hash, users.c.password_hash)).all()
    assert all(token not in (t or "") and PASSWORD not in (p or "") for t, p in stored)


def test_due_across_offices_skips_cases_out_of_scope_or_not_yet_occurred(store):
    store.add_office("sagara", "相良村役場")
    a, _ = store.open_case(drift_doc(), office="sagara")
    store.record(a, NOTICE)
    b, _ = store.open_case(drift_doc())
    store.record(b, NOTICE)
    late = drift_doc()
    late["case"]["occurred"] = late["items"][0]["found"]["date"] = "1960-05-01"   # outside jp-1875's period
    store.open_case(late)
    on = date(1876, 4, 10)
    rows = store.due(on)
    assert {r["case"] for r in rows} == {a, b}
    assert [r["case"] for r in store.due(on, office="sagara")] == [a]
    assert store.due(date(1876, 2, 1)) == []
    assert all(r["due"] <= "1876-05-10" or r["status"] == "missed" for r in rows)
    assert [r["due"] for r in rows] == sorted(r["due"] for r in rows)


def test_notices_until_an_ending_event(store):
    store.add_office("sagara", "相良村役場")
    case, _ = store.open_case(drift_doc(), office="sagara")
    assert store.notices(date(1876, 3, 10)) == []
    store.record(case, NOTICE)
    rows = store.notices(date(1876, 3, 10))
    # jp-1875 art 31: the owner has one year from the find (1876-03-01)
    assert rows == [{"office": "sagara", "case": case, "item": "i1", "description": "酒樽 (a cask)", "kind": "cargo",
                     "found_on": "1876-03-01", "place": "相良村 浜", "claim_until": "1877-03-01"}]
    assert store.notices(date(1876, 3, 2)) == []          # before the notice
    store.record(case, [{"add": "party", "value": {"id": "owner", "name": "荷主"}},
                        {"event": {"type": "owner_identified", "date": "1876-05-01", "item": "i1", "owner": "owner"}}])
    assert len(store.notices(date(1876, 4, 30))) == 1
    assert store.notices(date(1876, 5, 1)) == []          # the owner identified ends the notice
    assert "拾得人" not in repr(store.notices(date(1876, 4, 30)))   # never a person's name


def test_a_finders_taking_too_early_does_not_end_the_notice(store):
    # issue 21 (jp-1899-2025 art 28): a finder_took before the owner's right ended acquires nothing; the
    # notice stands, with the owner's last day (Civil Code, moved past municipal holidays)
    from pathlib import Path

    from wreckmaster.law.yamlio import load_yaml

    cases = Path(__file__).resolve().parent.parent / "regimes" / "jp_1899_2025" / "cases"
    doc = load_yaml((cases / "finder-took-too-early.yaml").read_text(encoding="utf-8"))["scenario"]
    doc["events"] = doc["events"][:3]            # delivered, notice 2025-10-01, finder_took 2026-01-15
    case, _ = store.open_case(doc)
    rows = [r for r in store.notices(date(2026, 2, 1)) if r["case"] == case]
    assert [(r["item"], r["claim_until"]) for r in rows] == [("oar", "2026-04-01")]
    # a taking after the owner's right ended does end it
    store.record(case, {"event": {"type": "finder_took", "date": "2026-04-03", "by": "f", "items": ["oar"]}})
    assert [r for r in store.notices(date(2026, 4, 3)) if r["case"] == case] == []
    assert [r["item"] for r in store.notices(date(2026, 4, 2)) if r["case"] == case] == ["oar"]
