"""The public board's order on the notice read model, and the digest of a case's rows (issue 23).

``rm_cases.digest``: a hash of the case's deadline and notice rows (``readmodels.digest``), so
that an append that leaves them as they were reads one row to know it. Filled by the rebuild
that the changed law fingerprint asks for (``readmodels.ensure_current``).

``ix_rm_notices_board``: an index that gives the rows
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

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rm_cases") as batch:
        batch.add_column(sa.Column("digest", sa.String(64)))
    if op.get_bind().dialect.name == "postgresql":
        op.execute('CREATE INDEX ix_rm_notices_board ON rm_notices '
                   '(found_on COLLATE "C" DESC NULLS LAST, case_id COLLATE "C", item COLLATE "C")')
    else:
        op.execute("CREATE INDEX ix_rm_notices_board ON rm_notices (found_on DESC, case_id, item)")


def downgrade() -> None:
    op.execute("DROP INDEX ix_rm_notices_board")
    with op.batch_alter_table("rm_cases") as batch:
        batch.drop_column("digest")
