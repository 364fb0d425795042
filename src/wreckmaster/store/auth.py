"""The users of the service and their credentials (CASE.md: ``wreckmaster user``): API tokens,
passwords, the web logins' back-off and when sessions end — the one public face of auth in the
store. :class:`AuthMethods` is the users' half of :class:`~wreckmaster.store.store.Store` (it
provides ``_tx``); the passwords' hashing and the back-off are :mod:`.logins`'. The service's side
(the bearer token on a request, its short cache) is ``service/auth.py``; the web session's cookie
is ``web/session.py``.

A token is stored as its keyed hash (HMAC-SHA-256 with the database's ``token_secret``), shown
once when made; a password as its argon2 hash.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from . import logins, passwords
from .errors import InvalidEntry, NotFound
from .models import offices, settings, users
from .repository import now_text

ROLES = ("clerk", "supervisor")


@dataclass(frozen=True)
class User:
    """A user of the service: a clerk (書記) or a supervisor of one office."""

    name: str
    office: str
    role: str


class AuthMethods:
    """The users' half of :class:`~wreckmaster.store.store.Store` (it provides ``_tx``)."""

    _secret: bytes | None = None   # the database's token secret, read once

    def _token_hash(self, conn: Connection | None, token: str) -> str:
        if self._secret is None:
            if conn is None:
                with self._tx() as c:
                    return self._token_hash(c, token)
            self._secret = conn.execute(select(settings.c.value).where(settings.c.key == "token_secret")).scalar_one().encode()
        return hmac.new(self._secret, token.encode("utf-8"), hashlib.sha256).hexdigest()

    def add_user(self, name: str, office: str, role: str = "clerk", password: str | None = None) -> str:
        """Create a user; returns its API token (shown once: only a keyed hash is stored)."""
        problems = []
        if not isinstance(name, str) or not name.strip() or len(name) > 128:
            problems.append(("/user", "expected a user name of 1 to 128 characters"))
        if role not in ROLES:
            problems.append(("/role", f"expected clerk or supervisor, got {role!r}"))
        if password is not None:
            problems += passwords.problems(password, name)   # the policy (OWASP ASVS V2.1)
        if problems:
            raise InvalidEntry(problems)
        password_hash = None
        if password is not None:
            password_hash = logins.hash_password(password)
        token = secrets.token_urlsafe(32)  # 256 random bits
        try:
            with self._tx(write=True) as conn:
                if conn.execute(select(offices.c.id).where(offices.c.id == office)).first() is None:
                    raise NotFound("office", office)
                if conn.execute(select(users.c.name).where(users.c.name == name)).first():
                    raise InvalidEntry([("/user", f"user {name!r} exists already")])
                conn.execute(insert(users).values(name=name, office=office, role=role,
                                                  token_hash=self._token_hash(conn, token),
                                                  password_hash=password_hash, created_at=now_text()))
        except IntegrityError:
            raise InvalidEntry([("/user", f"user {name!r} exists already")]) from None
        return token

    def users(self, office: str | None = None) -> list[dict]:
        """The users, never their tokens: ``[{user, office, role, active}]``."""
        with self._tx() as conn:
            q = select(users.c.name, users.c.office, users.c.role, users.c.revoked_at).order_by(users.c.name)
            if office is not None:
                q = q.where(users.c.office == office)
            return [{"user": r.name, "office": r.office, "role": r.role, "active": r.revoked_at is None}
                    for r in conn.execute(q)]

    def _set_token(self, name: str, *, revoke: bool) -> str:
        """Replace the user's token by a new one (returned; stored as its keyed hash) and either
        revoke the user (``revoked_at`` set, password cleared) or make it active again."""
        token = secrets.token_urlsafe(32)
        with self._tx(write=True) as conn:
            values: dict[str, Any] = {"token_hash": self._token_hash(conn, token),
                                      "revoked_at": now_text() if revoke else None,
                                      "session_epoch": users.c.session_epoch + 1}   # every web session ends
            if revoke:
                values["password_hash"] = None
            done = conn.execute(update(users).where(users.c.name == name).values(**values))
            if done.rowcount != 1:
                raise NotFound("user", name)
        return token

    def revoke_user(self, name: str) -> None:
        """The user's token and password stop working (the service's cache forgets within
        seconds: ``service/auth.py``); what it recorded keeps its name."""
        self._set_token(name, revoke=True)

    def new_token(self, name: str) -> str:
        """A new token for the user (shown once), which makes a revoked user active again; the
        old token stops working."""
        return self._set_token(name, revoke=False)

    def active_user(self, name: str) -> User | None:
        """The user of that name if it exists and is not revoked (web sessions ask it)."""
        with self._tx() as conn:
            r = conn.execute(select(users).where(users.c.name == name, users.c.revoked_at.is_(None))).first()
            return User(r.name, r.office, r.role) if r is not None else None

    def user_for_token(self, token: str) -> User | None:
        if not isinstance(token, str) or not token:
            return None
        with self._tx() as conn:
            r = conn.execute(select(users).where(users.c.token_hash == self._token_hash(conn, token),
                                                 users.c.revoked_at.is_(None))).first()
            return User(r.name, r.office, r.role) if r is not None else None

    def user_for_password(self, name: str, password: str) -> User | None:
        """The active user whose password this is; an unknown name costs the same argon2 check
        (``logins.verify``). The service's logins go through :meth:`login_started` instead."""
        stored, user, _ = self.login_started(name, None)
        return user if logins.verify(stored, password) else None

    # --- web logins and sessions (issue 24: store/logins.py) ------------------------------
    def login_started(self, name: str | None, address: str | None) -> tuple[str | None, User | None, float]:
        """``(password hash, user, wait)`` for a login attempt: the hash is None for a name that
        does not exist or is revoked (check the password against the dummy all the same); ``wait``
        the seconds the back-off still asks of this name or address (0: go on)."""
        with self._tx() as conn:
            wait = logins.blocked(conn, name, address)
            if name is None:
                return None, None, wait
            r = conn.execute(select(users).where(users.c.name == name)).first()
        if r is None or r.revoked_at is not None or not r.password_hash:
            return None, None, wait
        return r.password_hash, User(r.name, r.office, r.role), wait

    def login_finished(self, name: str | None, address: str | None, ok: bool) -> None:
        """Count a failed login against the name and the address, or clear both after a good one."""
        with self._tx(write=True) as conn:
            (logins.succeeded if ok else logins.failed)(conn, name, address)

    def set_password(self, name: str, password: str) -> None:
        """A new password for the user (argon2); every web session issued before ends."""
        problems = passwords.problems(password, name)   # the policy (OWASP ASVS V2.1)
        if problems:
            raise InvalidEntry(problems)
        digest = logins.hash_password(password)
        with self._tx(write=True) as conn:
            done = conn.execute(update(users).where(users.c.name == name, users.c.revoked_at.is_(None)).values(
                password_hash=digest, session_epoch=users.c.session_epoch + 1))
            if done.rowcount != 1:
                raise NotFound("user", name)

    def end_sessions(self, name: str) -> None:
        """Every web session of the user issued until now ends (logout)."""
        with self._tx(write=True) as conn:
            logins.end_sessions(conn, name)

    def session_user(self, name: str) -> tuple[User, int] | None:
        """``(user, session epoch)`` of an active user, None for a missing or revoked one."""
        with self._tx() as conn:
            found = logins.session_epoch(conn, name)
        if found is None:
            return None
        r, epoch = found
        return User(r.name, r.office, r.role), epoch
