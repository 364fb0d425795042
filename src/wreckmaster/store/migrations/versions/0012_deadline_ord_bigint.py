"""A deadline row's ``ord`` as a 64-bit number (issue 23, the groups' rows).

A case its regime assesses item by item (``Regime.assessed_by_item``) is computed group by group
of items, and a deadline row's ``ord`` (``readmodels.group_ord``) is the place one assessment of
the whole case gives it, as one number in the order of (the rule that listed it, its item's place
in the case, its place among that rule's deadlines of the item): ``(rule × 2²⁸ + place) × 2¹² + k``,
so that the rows of the other groups keep theirs when an item is added. That needs more than 32
bits. PostgreSQL's ``integer`` becomes ``bigint``; SQLite's ``INTEGER`` already holds 64 bits. The
rows themselves are rebuilt by ``db upgrade`` (the law's fingerprint: ``readmodels.py`` changed).

Revision ID: 0012
Revises: 0011
"""
from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE rm_deadlines ALTER COLUMN ord TYPE bigint")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DELETE FROM rm_deadlines")   # an ord past 32 bits does not fit: db rebuild makes them again
        op.execute("ALTER TABLE rm_deadlines ALTER COLUMN ord TYPE integer")
