"""Logging in to the web pages: passwords, the back-off, and when sessions end (issue 24, 7–8).

**Passwords** are argon2 hashes (``argon2-cffi``'s defaults). A name that does not exist, a
revoked user and a user without a password are checked against a dummy hash of the same
parameters (:func:`verify`), so every refused name costs what a known one costs: the time of
an answer does not tell which names exist.

**Back-off** (OWASP ASVS 2.2.1), kept in ``login_failures`` so that it holds across workers and
restarts. Each failed login counts against two keys, ``user:NAME`` (also for a name that does
not exist) and ``address:IP``. A key that has failed more than its free tries
(:data:`FREE_TRIES`) must wait before the next attempt: 1 s, then 2, 4, … up to
:data:`MAX_WAIT` (15 minutes). A login while a key waits is refused without checking the
password (the service answers 429 with ``Retry-After``). A good login clears the user's key
and the address's.

**Sessions** carry the user's ``session_epoch`` of when they were issued; :func:`end_sessions`
adds one to it (logout, a new token, a new password, revocation), which ends every session
issued before, in every worker.
"""
from __future__ import annotations

import secrets
import time
from functools import lru_cache
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .models import login_failures, users

FREE_TRIES = {"user": 5, "address": 20}   # failures before a key has to wait
FIRST_WAIT = 1.0                          # seconds, doubled at each further failure
MAX_WAIT = 900.0                          # seconds


@lru_cache(maxsize=1)
def _hasher():
    from argon2 import PasswordHasher

    return PasswordHasher()


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return _hasher().hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify(stored_hash: str | None, password: str) -> bool:
    """True when ``password`` matches ``stored_hash``; without a hash, the same work against a
    dummy one, and False."""
    from argon2.exceptions import Argon2Error

    try:
        return _hasher().verify(stored_hash or _dummy_hash(), password) and stored_hash is not None
    except (Argon2Error, ValueError):
        return False


def wait_for(failures: int, kind: str) -> float:
    """Seconds a key must wait after ``failures`` failed logins."""
    over = failures - FREE_TRIES[kind]
    return 0.0 if over <= 0 else min(MAX_WAIT, FIRST_WAIT * 2 ** min(over - 1, 20))


def keys(name: str | None, address: str | None) -> list[tuple[str, str]]:
    """The back-off's keys of a login (a token login, ``name`` None, counts by address only)."""
    out = [] if name is None else [("user", f"user:{name[:180]}")]
    if address:
        out.append(("address", f"address:{address[:180]}"))
    return out


def blocked(conn: Any, name: str | None, address: str | None, now: float | None = None) -> float:
    """Seconds until a login with this name from this address may be tried (0: now)."""
    now = time.time() if now is None else now
    ks = [k for _, k in keys(name, address)]
    until = conn.execute(select(login_failures.c.blocked_until).where(login_failures.c.key.in_(ks))).scalars()
    return max([0.0, *(u - now for u in until)])


def failed(conn: Any, name: str | None, address: str | None, now: float | None = None) -> None:
    """Count a failed login against the name and the address."""
    now = time.time() if now is None else now
    for kind, key in keys(name, address):
        n = conn.execute(select(login_failures.c.failures).where(login_failures.c.key == key)).scalar()
        if n is None:
            try:
                with conn.begin_nested():
                    conn.execute(insert(login_failures).values(key=key, failures=1,
                                                               blocked_until=now + wait_for(1, kind)))
                continue
            except IntegrityError:  # another worker counted the first failure meanwhile
                n = conn.execute(select(login_failures.c.failures).where(login_failures.c.key == key)).scalar() or 0
        conn.execute(update(login_failures).where(login_failures.c.key == key).values(
            failures=login_failures.c.failures + 1, blocked_until=now + wait_for(n + 1, kind)))


def succeeded(conn: Any, name: str | None, address: str | None) -> None:
    conn.execute(delete(login_failures).where(login_failures.c.key.in_([k for _, k in keys(name, address)])))


def end_sessions(conn: Any, name: str) -> int:
    """Add one to the user's session epoch: every web session issued before ends. Rows changed."""
    return conn.execute(update(users).where(users.c.name == name).values(
        session_epoch=users.c.session_epoch + 1)).rowcount


def session_epoch(conn: Any, name: str) -> tuple[Any, int] | None:
    """``(row, epoch)`` of an active user, None for a missing or revoked one."""
    r = conn.execute(select(users).where(users.c.name == name, users.c.revoked_at.is_(None))).first()
    return None if r is None else (r, int(r.session_epoch or 0))
