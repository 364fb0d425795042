"""The read models' tables (issue 23; ``store/readmodels.py`` keeps them): indexed rows of each
case's deadlines, its items under notice and its list row, written in the append's transaction.

Made by migration 0007 (and the board's order index, 0009; the deadlines' 64-bit ``ord``, 0012). On SQLite an FTS5 table with the trigram tokenizer (``rm_notices_fts``,
kept by triggers) indexes ``rm_notices.search``; on PostgreSQL a ``pg_trgm`` GIN index does. A ``q``
shorter than a trigram: on PostgreSQL a GIN index of ``wm_short_grams(search)`` (0010), on SQLite the
FTS5 table ``rm_notice_grams_fts`` of each row's one- and two-character substrings, kept by triggers
(0013; a B-tree table ``rm_notice_grams`` from 0011 to 0013). Neither
is declared here (SQLAlchemy has no such objects): :data:`NOT_DECLARED` names them.
"""
from __future__ import annotations

from typing import Optional

from sqlalchemy import BigInteger, Float, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base

#: objects of migrations 0007, 0009, 0010, 0011 and 0013 that the models do not declare (the schema
#: test leaves them out, by these prefixes): the trigram indexes, the board's order by code point
#: (``COLLATE "C"`` on PostgreSQL) and the indexes of the one- and two-character substrings
#: (PostgreSQL's GIN index, SQLite's FTS5 table ``rm_notice_grams_fts`` kept by triggers)
NOT_DECLARED = ("rm_notices_fts", "ix_rm_notices_search_trgm", "ix_rm_notices_board", "ix_rm_notices_search_short",
                "rm_notice_grams")


class ReadCase(Base):
    """A case's row for the read models: when its rows hold (``latest``: the latest legal date in its
    facts) and how it is read (``mode``: ``table`` — from the rows on or after ``latest``; ``fly`` —
    always assessed on the fly; ``none`` — no rows, the stored log does not validate)."""
    __tablename__ = "rm_cases"
    case_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    num: Mapped[int] = mapped_column(Integer, index=True)
    office: Mapped[str] = mapped_column(String(64))
    occurred: Mapped[Optional[str]] = mapped_column(String(10))
    latest: Mapped[Optional[str]] = mapped_column(String(10))
    mode: Mapped[str] = mapped_column(String(8))
    # readmodels.digest of the case's deadline and notice rows (migration 0009)
    digest: Mapped[Optional[str]] = mapped_column(String(64))
    # the cases read on the fly on a day: mode fly, or a latest date after it
    __table_args__ = (Index("ix_rm_cases_office_mode_latest", "office", "mode", "latest"),
                      Index("ix_rm_cases_mode_latest", "mode", "latest"))


class ReadDeadline(Base):
    """One deadline of a case as the assessment lists it (its ``ord``-th) on every day from
    ``valid_from`` until the day before ``valid_to`` (``9999-99-99``: from then on, after every
    date, so that one index range finds the rows of a day), with the ``status`` it
    has on those days. A deadline that changes status on the day after its due day (pending →
    missed, or met where a rule sets ``met`` without a dated act) has a row for each span. Of a
    case assessed group by group of items (``Regime.assessed_by_item``) the spans are its group's
    and ``ord`` is ``readmodels.group_ord``: the rows of a day, in ``ord``'s order, are still
    the case's list."""
    __tablename__ = "rm_deadlines"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    case_id: Mapped[str] = mapped_column(String(32), index=True)
    num: Mapped[int] = mapped_column(Integer)
    office: Mapped[str] = mapped_column(String(64))
    #: the place in the assessment's list; of a case assessed group by group, ``readmodels.group_ord`` (migration 0012)
    ord: Mapped[int] = mapped_column(BigInteger)
    valid_from: Mapped[str] = mapped_column(String(10))
    valid_to: Mapped[str] = mapped_column(String(10))
    due: Mapped[str] = mapped_column(String(10))
    status: Mapped[str] = mapped_column(String(16))
    duty: Mapped[str] = mapped_column(Text)
    party: Mapped[Optional[str]] = mapped_column(Text)
    cites: Mapped[str] = mapped_column(Text)          # canonical JSON list
    duty_local: Mapped[Optional[str]] = mapped_column(Text)
    lang: Mapped[Optional[str]] = mapped_column(String(8))
    # one office's list (and every office's): the rows of a status still listed on a day
    __table_args__ = (Index("ix_rm_deadlines_office_status_to", "office", "status", "valid_to"),
                      Index("ix_rm_deadlines_status_to", "status", "valid_to"))


class ReadNotice(Base):
    """An item under notice from ``notice_start`` until the day before ``notice_end`` (null: open):
    the public fields only (never a person's name); ``search`` is the NFKC, case-folded text of its
    description and place that ``q`` looks in."""
    __tablename__ = "rm_notices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    case_id: Mapped[str] = mapped_column(String(32), index=True)
    num: Mapped[int] = mapped_column(Integer)
    ord: Mapped[int] = mapped_column(Integer)
    office: Mapped[str] = mapped_column(String(64))
    item: Mapped[str] = mapped_column(Text)
    description: Mapped[Optional[str]] = mapped_column(Text)
    kind: Mapped[Optional[str]] = mapped_column(String(32))
    item_class: Mapped[Optional[str]] = mapped_column(String(16))
    found_on: Mapped[Optional[str]] = mapped_column(String(10), index=True)
    place: Mapped[Optional[str]] = mapped_column(Text)
    lat: Mapped[Optional[float]] = mapped_column(Float)     # degrees (geometry, not money)
    lon: Mapped[Optional[float]] = mapped_column(Float)
    claim_until: Mapped[Optional[str]] = mapped_column(String(10))
    notice_start: Mapped[str] = mapped_column(String(10))
    notice_end: Mapped[Optional[str]] = mapped_column(String(10))
    search: Mapped[str] = mapped_column(Text)
    __table_args__ = (Index("ix_rm_notices_num_ord", "num", "ord"), Index("ix_rm_notices_office_num_ord", "office", "num", "ord"),
                      Index("ix_rm_notices_lat_lon", "lat", "lon"))
