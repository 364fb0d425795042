"""The web session: a signed cookie (HttpOnly, SameSite=Lax) and a CSRF token for every form.

The cookie holds the user's name, office and role and a random CSRF token, signed with the
server's secret (``WRECKMASTER_SECRET``; without it, a random secret per server start — users
then log in again after a restart). Every form carries the token in a hidden field; a POST
whose token does not match the session's is refused (403) and changes nothing.
"""
from __future__ import annotations

import hmac
import os
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "wreckmaster_session"
MAX_AGE = 12 * 3600  # a working day and a half


@dataclass(frozen=True)
class WebUser:
    name: str
    office: str
    role: str
    csrf: str


class Sessions:
    def __init__(self, secret: str | None = None):
        self._s = URLSafeTimedSerializer(secret or os.environ.get("WRECKMASTER_SECRET") or secrets.token_hex(32),
                                         salt="wreckmaster.web.session")

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
