"""The public board's order on the notice read model (issue 23): an index that gives the rows
newest find first, then case and item — ``public/board.py``'s order, which
``readmodels.board`` asks with ``ORDER BY … LIMIT`` and a keyset cursor — so that a page costs
what it shows, not the whole board sorted.

Text is compared by code point, as Python compares it: SQLite's own way; on PostgreSQL the
``"C"`` collation, whatever the database's (and its ``NULLS LAST``, which SQLite does when
descending already). SQLAlchemy declares neither: ``readmodel_tables.NOT_DECLARED`` names it.

Revision ID: 0009
Revises: 0008
"""
from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute('CREATE INDEX ix_rm_notices_board ON rm_notices '
                   '(found_on COLLATE "C" DESC NULLS LAST, case_id COLLATE "C", item COLLATE "C")')
    else:
        op.execute("CREATE INDEX ix_rm_notices_board ON rm_notices (found_on DESC, case_id, item)")


def downgrade() -> None:
    op.execute("DROP INDEX ix_rm_notices_board")
