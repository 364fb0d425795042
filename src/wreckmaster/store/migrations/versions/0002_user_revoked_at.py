"""Users can be revoked: ``users.revoked_at`` (UTC, as ``recorded_at``), NULL while active.

A revoked user's token and password no longer open anything (the service, the web pages); the
entries it recorded keep its name in ``recorded_by``. ``wreckmaster user token NAME`` gives a
new token and makes the user active again.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("revoked_at", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:   # SQLite drops a column by copying the table
        batch.drop_column("revoked_at")
