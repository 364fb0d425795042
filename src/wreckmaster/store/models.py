"""The case log's tables (SQLAlchemy 2 typed declarations). The schema itself is made by the
Alembic migrations in ``migrations/versions`` (these classes must agree with them; a test checks).

- ``offices`` — a mayor's office, a quartier, a coast station; ``local`` always exists.
- ``users`` — name, office, role (clerk | supervisor), a keyed hash of the API token, an argon2
  hash of the password.
- ``cases`` — one row per case: its office, regime, occurred, place and version (last seq).
- ``entries`` — the append-only log: ``(case_id, seq)`` is the primary key (the optimistic
  concurrency check), ``position`` is global, ``entry`` the canonical JSON text, ``hash`` the chain.
- ``projections`` — the cached fold of each case at its version, updated in the same transaction.
- ``settings`` — the per-database secret that keys token hashes.
- ``photos``, ``reports``, ``owner_requests``, ``rate_hits`` — the public's side (issue 27,
  migration 0008, ``store/public.py``).
"""
from __future__ import annotations

from typing import Optional

from sqlalchemy import BigInteger, ForeignKey, Identity, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: the schema version of entries validated by this wreckmaster (SCENARIO.md version 1, CASE.md version 1)
SCHEMA_VERSION = 1
#: the Alembic revision this code expects
HEAD = "0008"


class Base(DeclarativeBase):
    pass


class Office(Base):
    __tablename__ = "offices"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(Text)


class UserRow(Base):
    __tablename__ = "users"
    name: Mapped[str] = mapped_column(String(128), primary_key=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"))
    role: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[Optional[str]] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32))
    revoked_at: Mapped[Optional[str]] = mapped_column(String(32))   # 0002: NULL while the user is active


class CaseRow(Base):
    __tablename__ = "cases"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    num: Mapped[int] = mapped_column(Integer, unique=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"), index=True)
    regime: Mapped[str] = mapped_column(String(64))
    occurred: Mapped[Optional[str]] = mapped_column(String(10))
    place: Mapped[Optional[str]] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    opened_at: Mapped[str] = mapped_column(String(32))


class EntryRow(Base):
    __tablename__ = "entries"
    case_id: Mapped[str] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(BigInteger, Identity(), unique=True)
    form: Mapped[str] = mapped_column(String(16))
    entry: Mapped[str] = mapped_column(Text)
    schema_version: Mapped[int] = mapped_column(Integer)
    recorded_at: Mapped[str] = mapped_column(String(32))
    recorded_by: Mapped[str] = mapped_column(String(128))
    office: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class ProjectionRow(Base):
    __tablename__ = "projections"
    case_id: Mapped[str] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    scenario: Mapped[str] = mapped_column(Text)      # canonical JSON of the fold (without as_of)
    problems: Mapped[str] = mapped_column(Text)      # canonical JSON [[pointer, message]] of a stored log that no longer validates
    last_hash: Mapped[str] = mapped_column(String(64))


class Setting(Base):
    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class PhotoRow(Base):
    __tablename__ = "photos"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    media_type: Mapped[str] = mapped_column(String(32))
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    stored_at: Mapped[str] = mapped_column(String(32))


class ReportRow(Base):
    __tablename__ = "reports"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"), index=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    fields: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    case_id: Mapped[Optional[str]] = mapped_column(String(32))
    reason: Mapped[Optional[str]] = mapped_column(Text)
    received_at: Mapped[str] = mapped_column(String(32))
    decided_at: Mapped[Optional[str]] = mapped_column(String(32))
    decided_by: Mapped[Optional[str]] = mapped_column(String(128))


class OwnerRequestRow(Base):
    __tablename__ = "owner_requests"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    case_id: Mapped[str] = mapped_column(ForeignKey("cases.id"), index=True)
    item: Mapped[str] = mapped_column(String(128))
    office: Mapped[str] = mapped_column(String(64), index=True)
    fields: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    reason: Mapped[Optional[str]] = mapped_column(Text)
    received_at: Mapped[str] = mapped_column(String(32))
    decided_at: Mapped[Optional[str]] = mapped_column(String(32))
    decided_by: Mapped[Optional[str]] = mapped_column(String(128))


class RateHitRow(Base):
    __tablename__ = "rate_hits"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    minute: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    count: Mapped[int] = mapped_column(Integer)


offices = Office.__table__
users = UserRow.__table__
cases = CaseRow.__table__
entries = EntryRow.__table__
projections = ProjectionRow.__table__
settings = Setting.__table__
photos = PhotoRow.__table__
reports = ReportRow.__table__
owner_requests = OwnerRequestRow.__table__
rate_hits = RateHitRow.__table__
