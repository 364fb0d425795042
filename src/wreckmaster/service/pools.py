"""Where blocking work runs (issue 24, point 4): never on the event loop.

- :func:`blocking` — the store and the engine (a database round trip, a fold, an assessment):
  anyio's worker threads, at most :data:`BLOCKING_THREADS` at once for these calls.
- :func:`hashing` — argon2 (a login's password check, about 0.1 s of CPU and 64 MiB): its own
  :data:`HASHING_THREADS` threads, so a burst of logins waits for them and starves nothing else.
- :func:`printing` — print jobs (``service/printing.py``: its queue admits :data:`PRINTING_THREADS`
  at a time).
- :func:`probing` — ``/health``'s one query: its own small pool, so a monitor is answered while
  every other thread waits on a slow writer.

An ``async def`` handler calls ``await blocking(fn, *args, **kwargs)``; the event loop goes on
serving other requests meanwhile.
"""
from __future__ import annotations

import asyncio
import functools
import weakref
from typing import Any, Callable, TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")

BLOCKING_THREADS = 16
HASHING_THREADS = 2
PROBING_THREADS = 2
PRINTING_THREADS = 2   # = printing.SLOTS

# one set of limiters per event loop (a test client runs its own loop)
_limiters: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, anyio.CapacityLimiter]]" = \
    weakref.WeakKeyDictionary()


def limiter(name: str) -> anyio.CapacityLimiter:
    """The named pool's limiter (made on first use, in the running event loop)."""
    mine = _limiters.setdefault(asyncio.get_running_loop(), {})
    found = mine.get(name)
    if found is None:
        found = mine[name] = anyio.CapacityLimiter(
            {"blocking": BLOCKING_THREADS, "hashing": HASHING_THREADS, "probing": PROBING_THREADS,
             "printing": PRINTING_THREADS}[name])
    return found


async def _run(name: str, fn: Callable[..., T], args: tuple, kwargs: dict[str, Any]) -> T:
    call = functools.partial(fn, *args, **kwargs) if kwargs else (lambda: fn(*args))
    return await anyio.to_thread.run_sync(call, limiter=limiter(name))


async def blocking(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return await _run("blocking", fn, args, kwargs)


async def hashing(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return await _run("hashing", fn, args, kwargs)


async def probing(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return await _run("probing", fn, args, kwargs)


async def printing(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return await _run("printing", fn, args, kwargs)


async def while_connected(request: Any, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, cancelled=…, **kwargs)`` in the blocking pool, once the request's body is read;
    ``cancelled()`` turns true when the client disconnects, and the store stops the work for it
    (``store.attribution.Cancelled``, answered as a client close: 499)."""
    import threading

    from starlette.requests import ClientDisconnect

    from wreckmaster.store.attribution import Cancelled

    gone = threading.Event()

    async def watch() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass
        gone.set()

    watcher = asyncio.create_task(watch())
    try:
        return await blocking(fn, *args, cancelled=gone.is_set, **kwargs)
    except Cancelled:
        raise ClientDisconnect() from None
    finally:
        watcher.cancel()
