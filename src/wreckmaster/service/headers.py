"""Browser hardening on every response (issue 24, point 9; OWASP ASVS 14.4).

- ``Content-Security-Policy``: scripts, styles, images and forms from this origin only (htmx
  and ``forms.js`` are static files; no inline script or handler), no plugins, no ``<base>``,
  and ``frame-ancestors 'none'`` (with ``X-Frame-Options: DENY`` for older browsers): no page
  can be framed.
- ``X-Content-Type-Options: nosniff``; ``Referrer-Policy: same-origin`` (a case id in a URL
  never leaves for another site); ``Strict-Transport-Security`` when the request came over
  HTTPS (directly or through a trusted proxy's ``X-Forwarded-Proto``).

A header a route set itself is kept. The service serves no ``/docs`` (swagger-ui would load
from a CDN): ``/openapi.json`` is the API's description, for any OpenAPI viewer.
"""
from __future__ import annotations

from typing import Any

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = (
    (b"content-security-policy", CSP.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = HEADERS + ((HSTS,) if scope.get("scheme") == "https" else ())

        async def _send(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                have = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in extra if k not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, _send)


def content_disposition(filename: str, disposition: str = "inline") -> str:
    """``Content-Disposition`` for a file name made of user text (a case id, a party id):
    RFC 6266 with an ASCII ``filename`` (every other character ``_``) and the exact name in
    RFC 5987's ``filename*=UTF-8''…``. No quote, CR or LF of the name reaches the header."""
    from urllib.parse import quote

    plain = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in filename) or "download"
    return f"{disposition}; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"
