"""The HTTP/1.1 connection guard ``wreckmaster serve`` runs (issue 24, point 1: slow clients).

uvicorn's own h11 protocol has no header read timeout: a client that sends half a request line
and then nothing holds its connection (and a slot of ``limit_concurrency``) for ever, and its
keep-alive timer is cancelled by every byte. :class:`GuardedH11` is uvicorn's h11 protocol with
three bounds of its own, all counted per connection on the event loop (no thread, no task):

- **header read timeout** — the request line and headers must be complete within
  ``header_timeout`` seconds of the connection (or of the previous response); a byte now and
  then does not reset it. Otherwise the connection is closed.
- **body read timeout** — once the headers are in, the whole body must arrive within
  ``body_timeout`` seconds (the API and the forms answer 408 before that: ``params.BODY_TIMEOUT``;
  this is the backstop for a route that never reads its body).
- **connections per client address** — at most ``per_client`` open connections from one
  address; one more is closed as soon as it is accepted. Addresses of trusted proxies
  (``trusted``, the ``--forwarded-allow-ips`` of ``serve``) are not counted: behind nginx every
  connection comes from nginx, which bounds the clients itself (docs/deployment.md).

``configure(...)`` sets the bounds (class attributes: uvicorn makes one protocol object per
connection and passes it no options of ours).
"""
from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0     # seconds for the request line and headers
BODY_TIMEOUT = 40.0       # seconds for the whole body (the app's own 408 comes at 30 s)
PER_CLIENT = 32           # open connections per client address

log = logging.getLogger("wreckmaster.service")


class GuardedH11(H11Protocol):
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT
    per_client: int = PER_CLIENT
    trusted: frozenset[str] = frozenset()
    #: open connections by client address, in this process (the event loop is single-threaded)
    open_by_address: Counter = Counter()
    refused: int = 0
    timed_out: int = 0

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._read_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None

    # --- connections per address -------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if address is not None and address not in self.trusted:
            if self.open_by_address[address] >= self.per_client:
                type(self).refused += 1
                if type(self).refused % 100 == 1:
                    log.warning("refused connections from %s: more than %d open", address, self.per_client)
                transport.abort()
                return
            self.open_by_address[address] += 1
            self._counted = address
        self._arm(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted is not None:
            left = self.open_by_address[self._counted] - 1
            if left > 0:
                self.open_by_address[self._counted] = left
            else:
                del self.open_by_address[self._counted]
            self._counted = None
        super().connection_lost(exc)

    # --- read timeouts -------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm(self.header_timeout)   # the next request's headers, on a kept-alive connection
            self._follow()

    def _follow(self) -> None:
        """Move the read timer on with the request's state: headers in → the body's deadline;
        the whole request in → no deadline (the response is the server's business)."""
        state = self.conn.their_state
        if state is h11.SEND_BODY and self._phase != "body":
            self._arm(self.body_timeout, "body")
        elif state not in (h11.IDLE, h11.SEND_BODY):
            self._disarm()

    _phase: str | None = None

    def _arm(self, seconds: float, phase: str = "headers") -> None:
        self._disarm()
        self._phase = phase
        self._read_timer = self.loop.call_later(seconds, self._timed_out)

    def _disarm(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None
        self._phase = None

    def _timed_out(self) -> None:
        self._read_timer = None
        if self.transport.is_closing():
            return
        if self._phase == "headers" and self.conn.their_state is h11.IDLE and self.cycle is not None \
                and not self.cycle.response_complete:
            return  # a response is being written (pipelining): not a slow client
        type(self).timed_out += 1
        if type(self).timed_out % 100 == 1:   # the first, then one line per hundred
            log.info("closed a connection from %s: request %s not received in time (%d so far)",
                     self.client[0] if self.client else "?", self._phase, type(self).timed_out)
        self.transport.close()


def configure(*, header_timeout: float = HEADER_TIMEOUT, body_timeout: float = BODY_TIMEOUT,
              per_client: int = PER_CLIENT, trusted: frozenset[str] | set[str] = frozenset()) -> type[GuardedH11]:
    """A protocol class with these bounds (for ``uvicorn.Config(http=…)``)."""
    return type("GuardedH11", (GuardedH11,), {
        "header_timeout": header_timeout, "body_timeout": body_timeout, "per_client": per_client,
        "trusted": frozenset(trusted), "open_by_address": Counter(), "refused": 0, "timed_out": 0})
