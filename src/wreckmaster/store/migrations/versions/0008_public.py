"""The public's side (issue 27): finders' reports, owners' requests, photographs, rate limits.

- ``photos`` — a photograph re-encoded without its metadata (``public/photos.py``), stored once
  by the SHA-256 of its bytes (content-addressed: a log entry that names the hash names exactly
  these bytes); ``data`` is a blob on SQLite and PostgreSQL alike, so every worker sees it and
  ``db backup``/``db export`` carry it.
- ``reports`` — a finder's report (``POST /api/reports``): its fields as canonical JSON, the
  office whose inbox it waits in, a keyed hash of its secret, its status (received, accepted,
  declined), the case it was accepted into or the reason it was declined.
- ``owner_requests`` — "this may be mine": the item, the marks and a contact; never public.
- ``rate_hits`` — requests per address and route in the current minute (state in the database,
  so the limit holds across workers).

Revision ID: 0008
Revises: 0002 (the lead re-chains at merge)
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "photos",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("media_type", sa.String(32), nullable=False),
        sa.Column("width", sa.Integer, nullable=False),
        sa.Column("height", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("stored_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("office", sa.String(64), sa.ForeignKey("offices.id"), nullable=False, index=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("case_id", sa.String(32), nullable=True),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("received_at", sa.String(32), nullable=False),
        sa.Column("decided_at", sa.String(32), nullable=True),
        sa.Column("decided_by", sa.String(128), nullable=True),
    )
    op.create_table(
        "owner_requests",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("case_id", sa.String(32), sa.ForeignKey("cases.id"), nullable=False, index=True),
        sa.Column("item", sa.String(128), nullable=False),
        sa.Column("office", sa.String(64), nullable=False, index=True),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("received_at", sa.String(32), nullable=False),
        sa.Column("decided_at", sa.String(32), nullable=True),
        sa.Column("decided_by", sa.String(128), nullable=True),
    )
    op.create_table(
        "rate_hits",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("minute", sa.BigInteger, primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for name in ("rate_hits", "owner_requests", "reports", "photos"):
        op.drop_table(name)
