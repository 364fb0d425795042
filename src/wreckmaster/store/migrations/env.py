"""Alembic environment of the case log: run programmatically by :func:`wreckmaster.store.db.upgrade`
with an open connection in ``config.attributes["connection"]``."""
from __future__ import annotations

from alembic import context

from wreckmaster.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only run through wreckmaster.store.db.upgrade
    raise RuntimeError("run migrations with `wreckmaster db upgrade`")
context.configure(connection=connection, target_metadata=Base.metadata, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
