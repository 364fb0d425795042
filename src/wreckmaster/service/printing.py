"""The print queue (issue 24, point 5): PDFs are printed by the process's one Chromium, a few at
a time, and the offices take turns.

A print job (the case read, the assessment and the PDF) runs in one of :data:`SLOTS` print
threads of its own (``service/pools.py``), never in the threads that serve the other requests:
45 clients printing in office A do not hold the threads office B's ``GET /api/cases`` needs.
While the slots are busy, jobs wait on the event loop (no thread) in a queue per office; a
freed slot goes to the next office in turn (round robin), so one busy office cannot starve
another. A request is refused at once — **503 with ``Retry-After``** — rather than queued
when its user already has :data:`PER_USER` jobs waiting or printing, its office
:data:`PER_OFFICE`, or :data:`WAITING` jobs wait in all.
"""
from __future__ import annotations

import asyncio
from collections import Counter, deque
from typing import Any, Callable, TypeVar

T = TypeVar("T")

SLOTS = 2          # jobs printing at once (one Chromium; the second prepares its page meanwhile)
PER_USER = 2       # jobs of one user, waiting or printing
PER_OFFICE = 6     # jobs of one office, waiting or printing
WAITING = 16       # jobs waiting, all offices together
RETRY_AFTER = 5    # seconds, in the 503's Retry-After


class QueueFull(Exception):
    def __init__(self, why: str, retry_after: int = RETRY_AFTER):
        self.why, self.retry_after = why, retry_after
        super().__init__(f"the printer is busy ({why}): try again in {retry_after} seconds")


class PrintQueue:
    def __init__(self, slots: int = SLOTS, per_user: int = PER_USER, per_office: int = PER_OFFICE,
                 waiting: int = WAITING):
        self.slots, self.per_user, self.per_office, self.waiting = slots, per_user, per_office, waiting
        self.free = slots
        self.by_user: Counter = Counter()
        self.by_office: Counter = Counter()
        self.queues: dict[str, deque[asyncio.Future]] = {}
        self.turns: deque[str] = deque()     # offices with jobs waiting, in the order of their turn

    @property
    def queued(self) -> int:
        return sum(len(q) for q in self.queues.values())

    async def run(self, office: str, user: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a print thread once this job's turn comes; QueueFull when refused."""
        from .pools import printing

        if self.by_user[user] >= self.per_user:
            raise QueueFull(f"{self.per_user} documents of this user are being printed")
        if self.by_office[office] >= self.per_office:
            raise QueueFull(f"{self.per_office} documents of this office are being printed")
        if self.free == 0 and self.queued >= self.waiting:
            raise QueueFull(f"{self.waiting} documents are waiting")
        self.by_user[user] += 1
        self.by_office[office] += 1
        try:
            await self._acquire(office)
            try:
                return await printing(fn, *args)
            finally:
                self._release()
        finally:
            self.by_user[user] -= 1
            self.by_office[office] -= 1

    async def _acquire(self, office: str) -> None:
        if self.free > 0 and not self.turns:
            self.free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        queue = self.queues.setdefault(office, deque())
        if not queue:
            self.turns.append(office)
        queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:   # the client went away while waiting
            if turn.done() and not turn.cancelled():
                self._release()          # the slot was handed over already: pass it on
            else:
                self._forget(office, turn)
            raise

    def _forget(self, office: str, turn: asyncio.Future) -> None:
        queue = self.queues.get(office)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self.queues[office]
                self.turns.remove(office)

    def _release(self) -> None:
        """Hand the freed slot to the first job of the office whose turn it is."""
        while self.turns:
            office = self.turns.popleft()
            queue = self.queues[office]
            turn = queue.popleft()
            if queue:
                self.turns.append(office)   # its next job waits for the office's next turn
            else:
                del self.queues[office]
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1
