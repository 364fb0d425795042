"""Request bodies on every route (issue 24, points 2 and 6): a size limit, a read deadline, and
a client that went away.

:class:`BodyLimits` is a pure ASGI middleware in front of every route — the API, the web forms,
``POST /login`` alike:

- a ``Content-Length`` above the route's limit answers **413** before a byte of the body is read;
- a body without a length (chunked) that grows past the limit stops the handler reading it:
  :class:`BodyTooLarge`, answered 413;
- the whole body must arrive within ``BODY_TIMEOUT`` seconds of the handler's first read:
  :class:`BodyTimeout`, answered 408.

A client that closes its connection while its request is being read or answered is a client
close, not a server defect: the access log shows status 499 (nginx's "client closed request")
and ``service`` logs one line at INFO, never a traceback (``errors.install``).
"""
from __future__ import annotations

import asyncio
from typing import Any

from . import params

# the API's and the web forms' limit and deadline are params.MAX_BODY (1 MiB) and
# params.BODY_TIMEOUT (30 s), read at each request
LOGIN_BODY = 16 * 1024      # bytes: POST /login and /logout carry a name, a password, a token
CLIENT_CLOSED = 499         # the status the access log gives a request whose client went away


class BodyTooLarge(Exception):
    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(f"body larger than {limit} bytes")


class BodyTimeout(Exception):
    def __init__(self, seconds: float):
        self.seconds = seconds
        super().__init__(f"body not received within {seconds:g} seconds")


def limit_for(path: str) -> int:
    return LOGIN_BODY if path in ("/login", "/logout") else params.MAX_BODY


class BodyLimits:
    def __init__(self, app: Any, timeout: float | None = None):
        self.app = app
        self.timeout = timeout

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = limit_for(scope.get("path", ""))
        length = next((v for k, v in scope.get("headers", ()) if k == b"content-length"), None)
        if length is not None and length.isdigit() and int(length) > limit:
            await _too_large(scope, send, limit)
            return
        timeout = self.timeout if self.timeout is not None else params.BODY_TIMEOUT
        loop = asyncio.get_running_loop()
        state = {"received": 0, "deadline": None, "done": False}

        async def limited() -> dict:
            if state["done"]:          # the body is in: later reads wait for a disconnect, unbounded
                return await receive()
            if state["deadline"] is None:
                state["deadline"] = loop.time() + timeout
            try:
                async with asyncio.timeout_at(state["deadline"]):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout(timeout) from None
            if message["type"] == "http.request":
                state["received"] += len(message.get("body", b""))
                if state["received"] > limit:
                    raise BodyTooLarge(limit)
                if not message.get("more_body", False):
                    state["done"] = True
            return message

        await self.app(scope, limited, send)


async def _too_large(scope: dict, send: Any, limit: int) -> None:
    from .errors import errors_body
    from .jsonio import dumps

    body = dumps(errors_body([("", f"body larger than {limit} bytes")])).encode("utf-8")
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
