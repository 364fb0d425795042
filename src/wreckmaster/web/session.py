"""The web session: a signed cookie (HttpOnly, SameSite=Lax) and a CSRF token for every form.

The cookie holds the user's name, office and role and a random CSRF token, signed with the
session key derived from the service's one secret (``wreckmaster.secret.derive("session")``:
``WRECKMASTER_SECRET``, else the data folder's key file, created once). Every worker of
``wreckmaster serve --workers N``, on every host that shares the secret, reads the same
cookies, so a login holds on every worker and a restart logs nobody out (CASE.md 1.1,
"Workers"). Every form carries the token in a hidden field; a POST whose token does not match
the session's is refused (403) and changes nothing.
"""
from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "wreckmaster_session"
MAX_AGE = 12 * 3600  # a working day and a half


def session_key() -> bytes:
    """The key sessions are signed with: HKDF of the configured secret for ``"session"``. On a
    host without ``WRECKMASTER_SECRET`` and without a key file yet, the key file is created
    (``secret.ensure_key_file``), as ``db upgrade`` and ``serve`` do."""
    from wreckmaster import secret

    try:
        return secret.derive("session")
    except secret.SecretMissing:
        if secret.ensure_key_file() is None:  # the variable is set, but unusable: say so
            raise
        return secret.derive("session")


@dataclass(frozen=True)
class WebUser:
    name: str
    office: str
    role: str
    csrf: str


class Sessions:
    def __init__(self, secret: str | bytes | None = None):
        self._s = URLSafeTimedSerializer(secret or session_key(), salt="wreckmaster.web.session")

    def issue(self, name: str, office: str, role: str) -> str:
        return self._s.dumps({"u": name, "o": office, "r": role, "c": secrets.token_urlsafe(24)})

    def read(self, cookie: str | None) -> WebUser | None:
        if not cookie:
            return None
        try:
            data = self._s.loads(cookie, max_age=MAX_AGE)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in "uorc"):
            return None
        return WebUser(data["u"], data["o"], data["r"], data["c"])


def csrf_ok(user: WebUser | None, token: str | None) -> bool:
    return user is not None and token is not None and hmac.compare_digest(user.csrf, token)
