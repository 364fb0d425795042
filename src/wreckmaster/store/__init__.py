"""The case log (CASE.md): cases that grow day by day, in SQLite or PostgreSQL.

The surface other adapters use::

    from wreckmaster.store import open_store, Store, User
    from wreckmaster.store.errors import NotFound, Conflict, InvalidEntry, DatabaseProblem, Forbidden
"""
from .store import Store, User, open_store

__all__ = ["Store", "User", "open_store"]
