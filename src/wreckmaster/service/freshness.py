"""A clerk reads his own writes, when lagging reads go to a replica (``serve --read-db``).

Installed only when the store has a replica (:mod:`wreckmaster.store.replica`); without one the
service answers exactly as before. A pure ASGI middleware:

- a change that succeeds (any method but GET, HEAD, OPTIONS; a status below 400) answers with
  the primary's WAL position after it: header ``X-Wreckmaster-LSN`` and cookie
  ``wreckmaster_lsn`` (HttpOnly, SameSite=Lax, for :data:`COOKIE_SECONDS`);
- a request that carries a position back (the header, else the cookie), on any worker, reads
  what may lag from the replica only once the replica has replayed that far
  (``READ_AFTER``), else from the primary.

The position is no secret and grants nothing: a forged one can only send its own reads to the
primary.
"""
from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any

import anyio

from wreckmaster.store.replica import READ_AFTER, valid_lsn

HEADER = "x-wreckmaster-lsn"
COOKIE = "wreckmaster_lsn"
#: a replica further behind than this is an outage, not lag: its reads would miss the clerk's
#: writes after the cookie expires (the header, sent back by an API client, holds as long as it likes)
COOKIE_SECONDS = 3600
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


def _position(scope: dict[str, Any]) -> str | None:
    cookie = None
    for name, value in scope.get("headers", ()):
        if name == HEADER.encode():
            return valid_lsn(value.decode("latin-1").strip())
        if name == b"cookie":
            cookie = value.decode("latin-1")
    if cookie:
        jar = SimpleCookie()
        try:
            jar.load(cookie)
        except Exception:  # noqa: BLE001 - a malformed Cookie header carries no position
            return None
        if COOKIE in jar:
            return valid_lsn(jar[COOKIE].value)
    return None


class ReadYourWrites:
    def __init__(self, app, store: Any):
        self.app, self.store = app, store

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = READ_AFTER.set(_position(scope))
        changes = scope.get("method", "GET") not in SAFE

        async def sending(message) -> None:
            if changes and message["type"] == "http.response.start" and message["status"] < 400:
                lsn = await anyio.to_thread.run_sync(self.store.write_position)
                if lsn:
                    secure = "; Secure" if scope.get("scheme") == "https" else ""
                    message = {**message, "headers": [
                        *message.get("headers", []), (HEADER.encode(), lsn.encode()),
                        (b"set-cookie", f"{COOKIE}={lsn}; Max-Age={COOKIE_SECONDS}; Path=/; HttpOnly; "
                                        f"SameSite=Lax{secure}".encode())]}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            READ_AFTER.reset(token)


def install(app: Any, store: Any) -> None:
    """Add the middleware when ``store`` sends lagging reads to a replica."""
    if getattr(store, "replica", None) is not None:
        app.add_middleware(ReadYourWrites, store=store)
