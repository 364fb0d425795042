"""The board's ``q`` of one or two characters on an index (issue 23, round 2).

``pg_trgm`` finds a substring of three characters or more (migration 0007's GIN index on
``rm_notices.search``); a shorter ``q`` (浮子, 港) had no index, and a board whose matches are
old finds was read row by row in the board's order to the end. On PostgreSQL,
``wm_short_grams(search)`` — every distinct substring of one and of two characters of the text,
an immutable function — is indexed by GIN, and ``readmodels._where`` asks
``wm_short_grams(search) @> ARRAY[q]`` for such a ``q`` (the exact substring test stays beside it).
PostgreSQL keeps the index itself: no writer changes. SQLite keeps reading the rows (its scan is
in the process, over the short texts); SQLAlchemy declares neither the function nor the index:
``readmodel_tables.NOT_DECLARED`` names it.

Revision ID: 0010
Revises: 0009
"""
from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""CREATE FUNCTION wm_short_grams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
        SELECT substr(s, i, 1) AS g FROM generate_series(1, length(s)) AS i
        UNION SELECT substr(s, i, 2) FROM generate_series(1, length(s) - 1) AS i) AS grams
$$""")
    op.execute("CREATE INDEX ix_rm_notices_search_short ON rm_notices USING gin (wm_short_grams(search))")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP INDEX ix_rm_notices_search_short")
    op.execute("DROP FUNCTION wm_short_grams(text)")
