"""Offices carry what their documents and the public pages print (CASE.md 1.1, "Offices"):
the office's language, regime, address, the title of its head (三崎町長), telephone, position
and time zone (all optional), and its own closing days (``office_closed_days``: one row per
office and ISO date), which ``case export`` writes as ``case.closed_days``.

Revision ID: 0003
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

COLUMNS = (("lang", sa.String(2)), ("regime", sa.String(64)), ("address", sa.Text), ("head_title", sa.Text),
           ("telephone", sa.Text), ("lat", sa.Text), ("lon", sa.Text), ("timezone", sa.String(64)))


def upgrade() -> None:
    for name, kind in COLUMNS:
        op.add_column("offices", sa.Column(name, kind, nullable=True))
    op.create_table(
        "office_closed_days",
        sa.Column("office", sa.String(64), sa.ForeignKey("offices.id"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("office_closed_days")
    with op.batch_alter_table("offices") as batch:   # SQLite drops a column by copying the table
        for name, _ in reversed(COLUMNS):
            batch.drop_column(name)
