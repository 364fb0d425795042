"""Seals (CASE.md 1.1, "Seals"; ``store/seals.py``): ``entries.seal``, ``seals`` and ``case_count``.

- ``entries.seal`` — ``KEY_ID:HEX``, the HMAC of the entry's ``{"case", "seq", "hash"}``;
- ``seals`` — one row per case: its sealed head (seq, hash, office), the key id and the MAC;
  no foreign key, so a seal outlives a case deleted behind wreckmaster's back;
- ``case_count`` — one row: the count of cases ever opened, sealed; case numbers come from it.

The upgrade creates the key file when no ``WRECKMASTER_SECRET`` is set
(``secret.ensure_key_file``) and seals what exists: every entry, every case's head, the count.
From then on an unsealed case counts as tampered.

Revision ID: 0006
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from wreckmaster import secret
    from wreckmaster.store import seals

    secret.ensure_key_file()
    op.add_column("entries", sa.Column("seal", sa.String(96), nullable=True))
    seal_table = op.create_table(
        "seals",
        sa.Column("case_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("office", sa.String(64), nullable=False),
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("mac", sa.String(64), nullable=False),
    )
    count_table = op.create_table(
        "case_count",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("cases", sa.Integer, nullable=False),
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("mac", sa.String(64), nullable=False),
    )
    conn = op.get_bind()
    entries = sa.table("entries", sa.column("case_id"), sa.column("seq"), sa.column("hash"), sa.column("seal"))
    rows = conn.execute(sa.select(entries.c.case_id, entries.c.seq, entries.c.hash)).all()
    for r in rows:
        conn.execute(sa.update(entries).where(entries.c.case_id == r.case_id, entries.c.seq == r.seq)
                     .values(seal=seals.entry_seal(r.case_id, r.seq, r.hash)))
    heads = conn.execute(sa.text(
        "SELECT c.id, c.version, c.office, c.num, e.hash FROM cases c "
        "JOIN entries e ON e.case_id = c.id AND e.seq = c.version")).all()
    if heads:
        op.bulk_insert(seal_table, [seals.head_row(seals.Head(h.id, h.version, h.hash, h.office)) for h in heads])
    most = conn.execute(sa.text("SELECT COALESCE(MAX(num), 0) FROM cases")).scalar()
    op.bulk_insert(count_table, [seals.count_row(int(most))])


def downgrade() -> None:
    op.drop_table("case_count")
    op.drop_table("seals")
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("seal")
