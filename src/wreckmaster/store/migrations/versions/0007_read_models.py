"""Read models (issue 23): each case's deadlines, its items under notice and its row, kept in the
append's transaction (``store/readmodels.py``); a trigram index for the notice board's ``q``.

SQLite: an FTS5 table with the trigram tokenizer over ``rm_notices.search`` (external content,
kept by triggers). PostgreSQL: ``pg_trgm`` and a GIN index. The rows are filled by
``wreckmaster db upgrade`` (:func:`wreckmaster.store.readmodels.rebuild`, run when the law's
fingerprint differs from the one stored, as it does right after this migration).

Revision ID: 0007
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_cases",
        sa.Column("case_id", sa.String(32), primary_key=True),
        sa.Column("num", sa.Integer, nullable=False),
        sa.Column("office", sa.String(64), nullable=False),
        sa.Column("occurred", sa.String(10)),
        sa.Column("latest", sa.String(10)),
        sa.Column("mode", sa.String(8), nullable=False))
    op.create_index("ix_rm_cases_num", "rm_cases", ["num"])
    op.create_index("ix_rm_cases_office_mode_latest", "rm_cases", ["office", "mode", "latest"])
    op.create_index("ix_rm_cases_mode_latest", "rm_cases", ["mode", "latest"])
    op.create_table(
        "rm_deadlines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("case_id", sa.String(32), nullable=False),
        sa.Column("num", sa.Integer, nullable=False),
        sa.Column("office", sa.String(64), nullable=False),
        sa.Column("ord", sa.Integer, nullable=False),
        sa.Column("valid_from", sa.String(10), nullable=False),
        sa.Column("valid_to", sa.String(10), nullable=False),
        sa.Column("due", sa.String(10), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("duty", sa.Text, nullable=False),
        sa.Column("party", sa.Text),
        sa.Column("cites", sa.Text, nullable=False),
        sa.Column("duty_local", sa.Text),
        sa.Column("lang", sa.String(8)))
    op.create_index("ix_rm_deadlines_case_id", "rm_deadlines", ["case_id"])
    op.create_index("ix_rm_deadlines_office_status_to", "rm_deadlines", ["office", "status", "valid_to"])
    op.create_index("ix_rm_deadlines_status_to", "rm_deadlines", ["status", "valid_to"])
    op.create_table(
        "rm_notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("case_id", sa.String(32), nullable=False),
        sa.Column("num", sa.Integer, nullable=False),
        sa.Column("ord", sa.Integer, nullable=False),
        sa.Column("office", sa.String(64), nullable=False),
        sa.Column("item", sa.Text, nullable=False),
        sa.Column("description", sa.Text),
        sa.Column("kind", sa.String(32)),
        sa.Column("item_class", sa.String(16)),
        sa.Column("found_on", sa.String(10)),
        sa.Column("place", sa.Text),
        sa.Column("lat", sa.Float),
        sa.Column("lon", sa.Float),
        sa.Column("claim_until", sa.String(10)),
        sa.Column("notice_start", sa.String(10), nullable=False),
        sa.Column("notice_end", sa.String(10)),
        sa.Column("search", sa.Text, nullable=False))
    op.create_index("ix_rm_notices_case_id", "rm_notices", ["case_id"])
    op.create_index("ix_rm_notices_office_num_ord", "rm_notices", ["office", "num", "ord"])
    op.create_index("ix_rm_notices_found_on", "rm_notices", ["found_on"])
    op.create_index("ix_rm_notices_num_ord", "rm_notices", ["num", "ord"])
    op.create_index("ix_rm_notices_lat_lon", "rm_notices", ["lat", "lon"])
    if op.get_bind().dialect.name == "sqlite":
        op.execute("CREATE VIRTUAL TABLE rm_notices_fts USING fts5(search, content='rm_notices', "
                   "content_rowid='id', tokenize='trigram')")
        op.execute("CREATE TRIGGER rm_notices_ai AFTER INSERT ON rm_notices BEGIN "
                   "INSERT INTO rm_notices_fts(rowid, search) VALUES (new.id, new.search); END")
        op.execute("CREATE TRIGGER rm_notices_ad AFTER DELETE ON rm_notices BEGIN "
                   "INSERT INTO rm_notices_fts(rm_notices_fts, rowid, search) VALUES ('delete', old.id, old.search); END")
    else:
        op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        op.execute("CREATE INDEX ix_rm_notices_search_trgm ON rm_notices USING gin (search gin_trgm_ops)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS rm_notices_ai")
        op.execute("DROP TRIGGER IF EXISTS rm_notices_ad")
        op.execute("DROP TABLE IF EXISTS rm_notices_fts")
    op.drop_table("rm_notices")
    op.drop_table("rm_deadlines")
    op.drop_table("rm_cases")
    op.execute("DELETE FROM settings WHERE key = 'readmodels_fingerprint'")
