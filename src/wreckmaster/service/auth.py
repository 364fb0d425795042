"""Who is calling: ``Authorization: Bearer TOKEN`` on every ``/api/`` request but the notices.

The token is looked up through the store (which keeps only a hash of it). A short cache keyed
by the SHA-256 of the token spares the store's hash on every request; the token itself is never
kept, logged or echoed. Without a valid token: 401 with ``WWW-Authenticate: Bearer``.
"""
from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass
from typing import Any, Optional

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from .errors import ApiError

bearer = HTTPBearer(auto_error=False, scheme_name="bearer",
                    description="The API token printed once by `wreckmaster user add`.")

CACHE_SECONDS = 5.0   # a revoked token (`wreckmaster user revoke`) stops working within this time
CACHE_SIZE = 1024


@dataclass(frozen=True)
class Caller:
    """The user of a request: its name, office and role (clerk | supervisor)."""
    name: str
    office: str
    role: str


def unauthorized(message: str = "a valid API token is required (Authorization: Bearer TOKEN)") -> ApiError:
    return ApiError(401, [("/headers/Authorization", message)], {"WWW-Authenticate": 'Bearer realm="wreckmaster"'})


class TokenCache:
    """Users of recently seen tokens, by the SHA-256 of the token, for a few seconds."""

    def __init__(self, seconds: float = CACHE_SECONDS, size: int = CACHE_SIZE):
        self.seconds, self.size = seconds, size
        self._d: dict[bytes, tuple[float, Caller]] = {}
        self._lock = threading.Lock()

    def get(self, key: bytes) -> Optional[Caller]:
        with self._lock:
            hit = self._d.get(key)
            if hit is None:
                return None
            if hit[0] < time.monotonic():
                del self._d[key]
                return None
            return hit[1]

    def put(self, key: bytes, caller: Caller) -> None:
        with self._lock:
            if len(self._d) >= self.size:
                self._d.clear()
            self._d[key] = (time.monotonic() + self.seconds, caller)

    def clear(self) -> None:
        with self._lock:
            self._d.clear()


def _looks_like_token(token: str) -> bool:
    return 0 < len(token) <= 512 and token.isascii() and token.isprintable() and " " not in token


def _cache_key(token: str) -> Optional[bytes]:
    return hashlib.sha256(token.encode("ascii")).digest() if _looks_like_token(token) else None


def resolve(store: Any, cache: TokenCache, token: str) -> Optional[Caller]:
    key = _cache_key(token)
    if key is None:
        return None
    caller = cache.get(key)
    if caller is not None:
        return caller
    user = store.user_for_token(token)
    if user is None:
        return None
    caller = Caller(str(user.name), str(user.office), str(getattr(user, "role", "clerk")))
    cache.put(key, caller)
    return caller


async def current_user(request: Request,
                       credentials: Optional[HTTPAuthorizationCredentials] = Depends(bearer)) -> Caller:
    """The calling user, or 401. A token seen in the last seconds is answered from the cache, on
    the event loop; only a lookup in the database goes to the thread pool (a sync dependency
    would cost every request a trip there)."""
    if credentials is None or credentials.scheme.lower() != "bearer" or not credentials.credentials:
        raise unauthorized()
    token = credentials.credentials.strip()
    cache = request.app.state.token_cache
    key = _cache_key(token)
    caller = cache.get(key) if key is not None else None
    if caller is None:
        caller = await run_in_threadpool(resolve, request.app.state.store, cache, token)
    if caller is None:
        raise unauthorized()
    request.state.user = caller.name  # for the access log (a name, never the token)
    return caller
