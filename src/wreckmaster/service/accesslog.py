"""Structured access logs: one JSON object per request on the ``wreckmaster.access`` logger.

Fields: ``ts`` (UTC), ``method``, ``path``, ``status``, ``ms``, ``bytes``, ``client`` and
``user`` (the user's name once authenticated). Headers, query strings and bodies are never
logged, so neither is a token or a password.
"""
from __future__ import annotations

import json
import logging
import sys
import time
from datetime import datetime, timezone
from typing import Any

access = logging.getLogger("wreckmaster.access")


class AccessLog:
    """A pure ASGI middleware (cheaper than BaseHTTPMiddleware)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not access.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        state = scope.setdefault("state", {})
        status = [500]
        size = [0]

        async def _send(message: dict) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            elif message["type"] == "http.response.body":
                size[0] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, _send)
        finally:
            client = scope.get("client")
            access.info(json.dumps({
                "ts": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "method": scope.get("method"),
                "path": scope.get("path"),
                "status": status[0],
                "ms": round((time.perf_counter() - start) * 1000, 2),
                "bytes": size[0],
                "client": client[0] if client else None,
                "user": state.get("user"),
            }, ensure_ascii=False))


class JsonLines(logging.Formatter):
    """Other records (errors, start and stop) as JSON lines too."""

    def format(self, record: logging.LogRecord) -> str:
        if record.name == "wreckmaster.access":
            return record.getMessage()
        out = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
               .replace("+00:00", "Z"), "level": record.levelname.lower(), "logger": record.name,
               "message": record.getMessage()}
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def configure(level: int = logging.INFO) -> None:
    """JSON lines on stderr for the service's and uvicorn's loggers (uvicorn's own access log is off)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    for name in ("wreckmaster.access", "wreckmaster.service", "uvicorn", "uvicorn.error"):
        lg = logging.getLogger(name)
        lg.handlers[:] = [handler]
        lg.setLevel(level)
        lg.propagate = False
