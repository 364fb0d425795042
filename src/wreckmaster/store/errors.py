"""What the case log refuses, as exceptions the adapters map to exit statuses and HTTP answers.

| exception | CLI exit | HTTP |
|---|---|---|
| :class:`InvalidEntry` (bad input, nothing stored) | 2 | 422 |
| :class:`Conflict` (stale expected version, nothing stored) | 3 | 409 |
| :class:`NotFound` (a case, an office, a user; or another office's case) | 4 | 404 |
| :class:`DatabaseProblem` (unreachable, not migrated) | 5 | 503 |
| :class:`Tampered` (a case fails its seal; a DatabaseProblem) | 5 | 503 |
| :class:`CorruptData` (a stored row that is not JSON; a DatabaseProblem) | 5 | 503 |
| :class:`Forbidden` (a clerk amends or retracts) | 2 | 403 |

A Conflict and a Forbidden carry a ``code`` and ``values``, as each problem of an InvalidEntry
has one (``web/refusals.py``): the pages write the refusal in their language from them; the
command line and the API give the English as before.
"""
from __future__ import annotations


class StoreError(Exception):
    """Base of the case log's errors."""


class NotFound(StoreError):
    """A case, office or user that does not exist (or belongs to another office)."""

    def __init__(self, what: str, ident: str):
        super().__init__(f"{what} {ident}")
        self.what, self.ident = what, ident


class Conflict(StoreError):
    """``expect_version`` is stale: the case is at ``current``."""

    def __init__(self, case: str, current: int, expected: int):
        super().__init__(f"case {case} is at version {current}, not {expected}")
        self.case, self.current, self.expected = case, current, expected
        #: what the pages write the refusal from, in their language (web/refusals.py)
        self.code, self.values = "version-conflict", {"case": case, "current": current, "expected": expected}


class InvalidEntry(StoreError):
    """Bad input: every problem as ``(JSON pointer, message)``, exactly as ``assess`` prints them."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


class Forbidden(StoreError):
    """The user's role may not do this (a clerk amends or retracts)."""

    code = "supervisor-only"
    values: dict = {}


class DatabaseProblem(StoreError):
    """The database is unreachable, not migrated, or failed."""


class Tampered(DatabaseProblem):
    """A case's head does not agree with its seal (``seals.py``): it was changed outside
    wreckmaster, so nothing is read from it or built on it."""

    def __init__(self, case: str, problem: str):
        super().__init__(f"case {case} fails its seal ({problem}); nothing is read from it or recorded on it "
                         f"until it is examined: run `wreckmaster case verify {case}`")
        self.case, self.problem = case, problem


class CorruptData(DatabaseProblem):
    """A stored row that is not what wreckmaster wrote (not JSON)."""

    def __init__(self, what: str):
        super().__init__(f"stored data is corrupt: {what} is not JSON (run `wreckmaster case verify`)")
        self.what = what
