"""The web session: a signed cookie (HttpOnly, SameSite=Lax) and a CSRF token for every form.

The cookie holds the user's name, office and role, the user's **session epoch** when it was
issued and a random CSRF token, signed (HMAC, ``itsdangerous``) with the key
``wreckmaster.secret.derive("session", KEY_ID)``: the configured secret (``WRECKMASTER_SECRET``
or the key file ``db upgrade`` makes), so every worker and every restart shares it. Without a
configured secret, a random key per process (logged as a warning: one worker only, users log
in again after a restart).

A session is valid for at most :data:`MAX_AGE` and only while the user is active and its
``session_epoch`` in the database is still the one the cookie carries: logout, ``user token``,
``user password`` and ``user revoke`` each add one to it (``store/logins.py``), which ends
every session issued before them, in every worker.

Every form carries the session's CSRF token in a hidden field; a POST whose token does not
match is refused (403) and changes nothing. The login form, before there is a session, has
its own: a random token in a short-lived signed cookie (``wreckmaster_login``,
SameSite=Strict) that the form must repeat.
"""
from __future__ import annotations

import hmac
import logging
import os
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "wreckmaster_session"
LOGIN_COOKIE = "wreckmaster_login"
MAX_AGE = 12 * 3600      # a working day and a half
LOGIN_MAX_AGE = 3600     # a login form is good for an hour
KEY_ID = os.environ.get("WRECKMASTER_SESSION_KEY_ID", "1")   # a new id ends every session (rotation)

log = logging.getLogger("wreckmaster.service")


@dataclass(frozen=True)
class WebUser:
    name: str
    office: str
    role: str
    csrf: str
    epoch: int = 0


def session_key(key_id: str = KEY_ID) -> bytes:
    from wreckmaster import secret

    try:
        return secret.derive("session", key_id)
    except secret.SecretMissing as exc:
        try:   # no secret yet on this host: the key file, made once (0600), shared by every worker
            if secret.ensure_key_file() is not None:
                return secret.derive("session", key_id)
        except (OSError, secret.SecretMissing):
            pass
        log.warning("web sessions: %s; using a random key for this process only", exc)
        return secrets.token_bytes(32)


class Sessions:
    def __init__(self, key: bytes | str | None = None):
        key = key if key is not None else session_key()
        self._s = URLSafeTimedSerializer(key, salt="wreckmaster.web.session")
        self._login = URLSafeTimedSerializer(key, salt="wreckmaster.web.login")

    def issue(self, name: str, office: str, role: str, epoch: int = 0) -> str:
        return self._s.dumps({"u": name, "o": office, "r": role, "c": secrets.token_urlsafe(24), "g": int(epoch)})

    def read(self, cookie: str | None) -> WebUser | None:
        if not cookie or len(cookie) > 4096:
            return None
        try:
            data = self._s.loads(cookie, max_age=MAX_AGE)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in "uorc") \
                or not isinstance(data.get("g"), int):
            return None
        return WebUser(data["u"], data["o"], data["r"], data["c"], data["g"])

    # --- the login form's CSRF token (no session yet) -----------------------------------
    def login_token(self) -> tuple[str, str]:
        """``(token for the form, value of the login cookie)``."""
        token = secrets.token_urlsafe(24)
        return token, self._login.dumps(token)

    def login_ok(self, cookie: str | None, token: str | None) -> bool:
        if not cookie or not token or len(cookie) > 1024:
            return False
        try:
            expected = self._login.loads(cookie, max_age=LOGIN_MAX_AGE)
        except BadSignature:
            return False
        return isinstance(expected, str) and _same(expected, token)


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def csrf_ok(user: WebUser | None, token: str | None) -> bool:
    return user is not None and token is not None and _same(user.csrf, token)
