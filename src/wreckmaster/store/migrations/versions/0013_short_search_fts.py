"""SQLite's index of the board's ``q`` of one or two characters as an FTS5 table (issue 23, the append's cost).

Migration 0011 kept, for each notice row, every distinct substring of one and of two characters
of its ``search`` as a row ``(gram, notice_id)`` of a B-tree (``rm_notice_grams``). In a register
of 100,000 cases each of a new notice's thirty-odd grams lands on a page of its own of that tree:
an append that posts a notice dirtied some thirty pages, and the trigger and the commit of those
pages took about 0.6 ms of the 1.7 ms an append spends on its read models (measured on the
benchmark's database of 100,000 cases: 0.3 ms in the trigger, 0.35 ms more at the commit).

Here the same substrings are the tokens of one document of an FTS5 table, ``rm_notice_grams_fts``
(``rowid`` = the notice row's ``id``): each substring written as the hexadecimal of its UTF-8
(``hex(substr(search, i, w))``; UTF-8 is prefix-free, so a token names exactly one string of one
or two characters), tokenized by FTS5's ``ascii`` tokenizer, with ``detail='none'`` (the rows
holding a token, no positions: all a ``q`` of one or two characters asks). FTS5 writes an
append's rows as one small segment and merges segments later, as it does for the trigram index
of ``rm_notices_fts`` (migration 0007), instead of updating thirty leaves of a large tree. A ``q``
of one or two characters is found by ``rm_notice_grams_fts MATCH '"<hex of q>"'``
(``readmodels._where``); the substring test on ``rm_notices.search`` stays beside it.

Kept by triggers, as before: after an insert into ``rm_notices`` the new row's document (the
positions ``0 … length`` from ``json_each``, as in 0011), after a delete its document goes, after
an update of ``search`` both. PostgreSQL: nothing (migration 0010's GIN index).

Revision ID: 0013
Revises: 0012
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

#: the hexadecimal of each one- and two-character substring of ``{row}.search``, space-separated
#: (NULL for an empty ``search``: a document without tokens)
GRAMS_OF = """SELECT group_concat(hex(substr({row}.search, p.key + 1, w.value)), ' ')
    FROM json_each('[' || replace(hex(zeroblob(length({row}.search))), '00', '0,') || '0]') AS p,
         json_each('[1,2]') AS w
    WHERE p.key + w.value <= length({row}.search)"""

_TRIGGERS_0011 = ("rm_notice_grams_ai", "rm_notice_grams_ad", "rm_notice_grams_au")
_TRIGGERS = ("rm_notice_grams_fts_ai", "rm_notice_grams_fts_ad", "rm_notice_grams_fts_au")


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for trigger in _TRIGGERS_0011:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS rm_notice_grams")
    op.execute("CREATE VIRTUAL TABLE rm_notice_grams_fts USING fts5(grams, tokenize='ascii', detail='none')")
    insert = f"INSERT INTO rm_notice_grams_fts (rowid, grams) VALUES (new.id, ({GRAMS_OF.format(row='new')}))"
    op.execute(f"CREATE TRIGGER rm_notice_grams_fts_ai AFTER INSERT ON rm_notices BEGIN {insert}; END")
    op.execute("CREATE TRIGGER rm_notice_grams_fts_ad AFTER DELETE ON rm_notices BEGIN "
               "DELETE FROM rm_notice_grams_fts WHERE rowid = old.id; END")
    op.execute("CREATE TRIGGER rm_notice_grams_fts_au AFTER UPDATE OF search ON rm_notices BEGIN "
               f"DELETE FROM rm_notice_grams_fts WHERE rowid = old.id; {insert}; END")
    op.execute("INSERT INTO rm_notice_grams_fts (rowid, grams) "
               f"SELECT rm_notices.id, ({GRAMS_OF.format(row='rm_notices')}) FROM rm_notices")


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for trigger in _TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS rm_notice_grams_fts")
    spec = importlib.util.spec_from_file_location("wm_0011", Path(__file__).with_name("0011_short_search_sqlite.py"))
    m0011 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m0011)
    m0011.upgrade()   # 0011's table and triggers again
