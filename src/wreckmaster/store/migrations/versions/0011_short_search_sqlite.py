"""The board's ``q`` of one or two characters on an index on SQLite too (issue 23, round 3).

FTS5's trigram tokenizer (migration 0007) finds a substring of three characters or more; a
shorter ``q`` (浮, 浮標, 港) had no index on SQLite and was read row by row in the board's order
to the end — on PostgreSQL migration 0010 indexes such substrings (``wm_short_grams``, GIN).
Here ``rm_notice_grams`` holds, for each notice row, every distinct substring of one and of two
characters of its ``search`` (the row's NFKC, case-folded description and place): ``(gram,
notice_id)``, the key, finds a ``q`` of one or two characters exactly (``q`` is a substring of
the text if and only if it is one of those), and ``readmodels._where`` asks
``rm_notices.id IN (SELECT notice_id FROM rm_notice_grams WHERE gram = q)`` for such a ``q``
(the substring test stays beside it).

Kept in the writer's transaction by triggers, as the FTS5 table is: after an insert the new
row's grams (SQLite counts characters, not bytes, in ``length`` and ``substr``; the positions
``0 … length`` come from ``json_each`` over a JSON array of that many zeros, since a trigger
cannot hold a ``WITH`` clause), after a delete its grams go, after an update of ``search``
both. ``db rebuild`` deletes and inserts every notice row, so the grams follow. SQLAlchemy
declares neither the table nor its triggers: ``readmodel_tables.NOT_DECLARED`` names them.
PostgreSQL: nothing (migration 0010).

Revision ID: 0011
Revises: 0010
"""
from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

#: the one- and two-character substrings of ``{row}.search`` as ``(gram, notice_id)`` rows (``{rows}``:
#: the table the rows come from, with its comma; empty in a trigger, whose row is ``new``)
GRAMS_OF = """SELECT substr({row}.search, p.key + 1, w.value), {row}.id
    FROM {rows}json_each('[' || replace(hex(zeroblob(length({row}.search))), '00', '0,') || '0]') AS p,
         json_each('[1,2]') AS w
    WHERE p.key + w.value <= length({row}.search)"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    op.execute("CREATE TABLE rm_notice_grams (gram TEXT NOT NULL, notice_id INTEGER NOT NULL, "
               "PRIMARY KEY (gram, notice_id)) WITHOUT ROWID")
    op.execute("CREATE INDEX rm_notice_grams_notice ON rm_notice_grams (notice_id)")
    op.execute("CREATE TRIGGER rm_notice_grams_ai AFTER INSERT ON rm_notices BEGIN "
               f"INSERT OR IGNORE INTO rm_notice_grams (gram, notice_id) {GRAMS_OF.format(row='new', rows='')}; END")
    op.execute("CREATE TRIGGER rm_notice_grams_ad AFTER DELETE ON rm_notices BEGIN "
               "DELETE FROM rm_notice_grams WHERE notice_id = old.id; END")
    op.execute("CREATE TRIGGER rm_notice_grams_au AFTER UPDATE OF search ON rm_notices BEGIN "
               "DELETE FROM rm_notice_grams WHERE notice_id = old.id; "
               f"INSERT OR IGNORE INTO rm_notice_grams (gram, notice_id) {GRAMS_OF.format(row='new', rows='')}; END")
    op.execute("INSERT OR IGNORE INTO rm_notice_grams (gram, notice_id) "
               + GRAMS_OF.format(row="rm_notices", rows="rm_notices, "))


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for trigger in ("rm_notice_grams_ai", "rm_notice_grams_ad", "rm_notice_grams_au"):
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS rm_notice_grams")
