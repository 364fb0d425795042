"""Sessions end when they should, and logins back off (issue 24, points 7 and 8).

- ``users.session_epoch`` (integer, 0 at first): a web session carries the epoch it was issued
  at and is valid only while the user's epoch is still that number. Logging out, a new token
  (``user token``), a new password (``user password``) and ``user revoke`` each add one, so
  every session issued before them ends, in every worker at once (they all read the row).
- ``login_failures``: failed logins by key (``user:NAME`` or ``address:IP``), the count and
  until when (UTC epoch seconds) that key must wait: the back-off holds across workers.

Revision ID: 0005
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("session_epoch", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "login_failures",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("blocked_until", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("login_failures")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("session_epoch")
