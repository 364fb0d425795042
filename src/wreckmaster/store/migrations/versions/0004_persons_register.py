"""The persons register (issue 28): an office's officials, directors and headmen, each with a
log of its own changes, hash-chained as a case's log is (CASE.md).

- ``persons`` — one row per person of an office: the fold of its log (name, post, station),
  its version (last seq) and the last hash.
- ``person_entries`` — the append-only log: ``(office, person, seq)`` is the primary key; the
  entry's canonical JSON, ``recorded_at``, ``recorded_by`` and the hash chained on the previous
  entry's (``canonical.entry_hash`` with ``person:OFFICE/ID`` in the place of the case id).

Revision ID: 0004
Revises: 0002 (the lead re-chains it after 0003 at merge; it depends on no table of 0003)
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "persons",
        sa.Column("office", sa.String(64), sa.ForeignKey("offices.id"), primary_key=True),
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("post", sa.Text, nullable=True),
        sa.Column("station", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "person_entries",
        sa.Column("office", sa.String(64), primary_key=True),
        sa.Column("person", sa.String(64), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("recorded_by", sa.String(128), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(["office", "person"], ["persons.office", "persons.id"]),
    )


def downgrade() -> None:
    op.drop_table("person_entries")
    op.drop_table("persons")
