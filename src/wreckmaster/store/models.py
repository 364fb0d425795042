"""The case log's tables (SQLAlchemy 2 typed declarations). The schema itself is made by the
Alembic migrations in ``migrations/versions`` (these classes must agree with them; a test checks).

- ``offices`` — a mayor's office, a quartier, a coast station; ``local`` always exists.
- ``office_closed_days`` — an office's own closing days (0003).
- ``users`` — name, office, role (clerk | supervisor), a keyed hash of the API token, an argon2
  hash of the password.
- ``cases`` — one row per case: its office, regime, occurred, place and version (last seq).
- ``entries`` — the append-only log: ``(case_id, seq)`` is the primary key (the optimistic
  concurrency check), ``position`` is global, ``entry`` the canonical JSON text, ``hash`` the chain.
- ``projections`` — the cached fold of each case at its version, updated in the same transaction.
- ``settings`` — the per-database secret that keys token hashes.
- ``persons``, ``person_entries`` — the persons register of each office and its hash-chained
  log (0004, issue 28; :mod:`.persons`).
- ``seals``, ``case_count`` and ``entries.seal`` — the seals (0006, ``seals.py``): each case's
  sealed head, the sealed count of cases ever opened, each entry's sealed hash.
- ``login_failures`` — the login back-off (0005), per user name and per client address.
- ``photos``, ``reports``, ``owner_requests``, ``rate_hits`` — the public's side (issue 27,
  migration 0008, ``store/public.py``).
"""
from __future__ import annotations

from typing import Optional

from sqlalchemy import BigInteger, Float, ForeignKey, ForeignKeyConstraint, Identity, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: the schema version of entries validated by this wreckmaster (SCENARIO.md version 1, CASE.md version 1)
SCHEMA_VERSION = 1
#: the Alembic revision this code expects
HEAD = "0013"


class Base(DeclarativeBase):
    pass


class Office(Base):
    __tablename__ = "offices"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    # 0003 (CASE.md 1.1, "Offices"): all optional
    lang: Mapped[Optional[str]] = mapped_column(String(2))
    regime: Mapped[Optional[str]] = mapped_column(String(64))
    address: Mapped[Optional[str]] = mapped_column(Text)
    head_title: Mapped[Optional[str]] = mapped_column(Text)     # the title of its head: 三崎町長, le maire
    telephone: Mapped[Optional[str]] = mapped_column(Text)
    lat: Mapped[Optional[str]] = mapped_column(Text)            # decimal degrees as given (exact text)
    lon: Mapped[Optional[str]] = mapped_column(Text)
    timezone: Mapped[Optional[str]] = mapped_column(String(64))  # an IANA zone: "today" is the office's date there


class OfficeClosedDay(Base):
    """0003: an office's own closing days (ISO dates), written by ``case export`` as ``case.closed_days``."""
    __tablename__ = "office_closed_days"
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)


class UserRow(Base):
    __tablename__ = "users"
    name: Mapped[str] = mapped_column(String(128), primary_key=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"))
    role: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[Optional[str]] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32))
    revoked_at: Mapped[Optional[str]] = mapped_column(String(32))   # 0002: NULL while the user is active
    # 0005: web sessions issued at another epoch are over (logout, token, password, revoke add one)
    session_epoch: Mapped[int] = mapped_column(Integer, server_default="0")


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
    seal: Mapped[Optional[str]] = mapped_column(String(96))   # 0006: KEY_ID:HMAC of {case, seq, hash}


class ProjectionRow(Base):
    __tablename__ = "projections"
    case_id: Mapped[str] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    scenario: Mapped[str] = mapped_column(Text)      # canonical JSON of the fold (without as_of)
    problems: Mapped[str] = mapped_column(Text)      # canonical JSON [[pointer, message]] of a stored log that no longer validates
    last_hash: Mapped[str] = mapped_column(String(64))


class LoginFailure(Base):
    """0005: failed logins per ``user:NAME`` / ``address:IP`` and until when that key waits."""
    __tablename__ = "login_failures"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    blocked_until: Mapped[float] = mapped_column(Float)


class Setting(Base):
    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class PersonRow(Base):
    __tablename__ = "persons"
    office: Mapped[str] = mapped_column(ForeignKey("offices.id"), primary_key=True)
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    post: Mapped[Optional[str]] = mapped_column(Text)
    station: Mapped[Optional[str]] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    last_hash: Mapped[str] = mapped_column(String(64))


class PersonEntryRow(Base):
    __tablename__ = "person_entries"
    __table_args__ = (ForeignKeyConstraint(["office", "person"], ["persons.office", "persons.id"]),)
    office: Mapped[str] = mapped_column(String(64), primary_key=True)
    person: Mapped[str] = mapped_column(String(64), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[str] = mapped_column(String(32))
    recorded_by: Mapped[str] = mapped_column(String(128))
    hash: Mapped[str] = mapped_column(String(64))


class SealRow(Base):
    """A case's sealed head (0006); no foreign key: it outlives a case deleted behind our back."""

    __tablename__ = "seals"
    case_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    hash: Mapped[str] = mapped_column(String(64))
    office: Mapped[str] = mapped_column(String(64))
    key_id: Mapped[str] = mapped_column(String(32))
    mac: Mapped[str] = mapped_column(String(64))


class CaseCountRow(Base):
    """The sealed count of cases ever opened (0006): one row, id 1."""

    __tablename__ = "case_count"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    cases: Mapped[int] = mapped_column(Integer)
    key_id: Mapped[str] = mapped_column(String(32))
    mac: Mapped[str] = mapped_column(String(64))


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
office_closed_days = OfficeClosedDay.__table__
users = UserRow.__table__
cases = CaseRow.__table__
entries = EntryRow.__table__
projections = ProjectionRow.__table__
settings = Setting.__table__
persons = PersonRow.__table__
person_entries = PersonEntryRow.__table__
seals = SealRow.__table__
case_count = CaseCountRow.__table__
login_failures = LoginFailure.__table__

photos = PhotoRow.__table__
reports = ReportRow.__table__
owner_requests = OwnerRequestRow.__table__
rate_hits = RateHitRow.__table__


from . import readmodel_tables  # noqa: E402,F401  (issue 23: the read models' tables, migration 0007)
