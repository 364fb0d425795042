"""The case log, version 1: offices, users, cases, entries, projections, settings.

Revision ID: 0001
Revises:
"""
from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    offices = op.create_table(
        "offices",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
    )
    op.create_table(
        "users",
        sa.Column("name", sa.String(128), primary_key=True),
        sa.Column("office", sa.String(64), sa.ForeignKey("offices.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "cases",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("num", sa.Integer, nullable=False, unique=True),
        sa.Column("office", sa.String(64), sa.ForeignKey("offices.id"), nullable=False, index=True),
        sa.Column("regime", sa.String(64), nullable=False),
        sa.Column("occurred", sa.String(10), nullable=True),
        sa.Column("place", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("opened_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "entries",
        sa.Column("case_id", sa.String(32), sa.ForeignKey("cases.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("position", sa.BigInteger, sa.Identity(), nullable=False, unique=True),
        sa.Column("form", sa.String(16), nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("schema_version", sa.Integer, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("recorded_by", sa.String(128), nullable=False),
        sa.Column("office", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "projections",
        sa.Column("case_id", sa.String(32), sa.ForeignKey("cases.id"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("scenario", sa.Text, nullable=False),
        sa.Column("problems", sa.Text, nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
    )
    settings = op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.bulk_insert(offices, [{"id": "local", "name": "local"}])
    op.bulk_insert(settings, [{"key": "token_secret", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    for table in ("settings", "projections", "entries", "cases", "users", "offices"):
        op.drop_table(table)
