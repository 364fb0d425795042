"""The print queue (issue 24, point 5): bounded, fair between offices, 503 with Retry-After when
full. The queue on its own (asyncio, a fake print of fixed length), then the API with a slow
fake Chromium: office A's flood is refused beyond its share while office B prints and reads.

Before: every print held one of the 40 threads of the default pool while it waited for the
one Chromium; 45 clients printing in office A raised office B's `GET /api/cases` to 4.4 s.
"""
from __future__ import annotations

import asyncio
import threading
import time

import httpx
from .conftest import LiveServer, make_office


def _run(coro):
    return asyncio.run(coro)


def test_offices_take_turns_when_the_slots_are_busy():
    from wreckmaster.service.printing import PrintQueue

    order: list[str] = []

    def job(tag: str) -> str:
        time.sleep(0.05)
        order.append(tag)
        return tag

    async def main() -> list[str]:
        q = PrintQueue(slots=1, per_user=10, per_office=10, waiting=20)
        a = [asyncio.create_task(q.run("A", f"a{i}", job, f"A{i}")) for i in range(6)]
        await asyncio.sleep(0.01)          # A's six are in: one printing, five waiting
        b = [asyncio.create_task(q.run("B", "b", job, "B0"))]
        return await asyncio.gather(*a, *b)

    assert sorted(_run(main())) == sorted([f"A{i}" for i in range(6)] + ["B0"])
    # B waited for one of A's jobs, not for all five: it is printed second, right after A0 … A1
    assert order.index("B0") <= 2, order


def test_a_full_queue_refuses_at_once_with_a_retry_after():
    from wreckmaster.service.printing import PrintQueue, QueueFull

    gate = threading.Event()

    def job() -> None:
        gate.wait(5)

    async def main() -> list[str]:
        q = PrintQueue(slots=1, per_user=2, per_office=3, waiting=3)
        held = [asyncio.create_task(q.run("A", "ann", job)), asyncio.create_task(q.run("A", "bob", job))]
        await asyncio.sleep(0.05)
        refused = []
        for office, user in (("A", "ann"), ("A", "ann"), ("A", "cat"), ("A", "dan"), ("B", "eve"), ("C", "fay"),
                             ("D", "gus")):
            try:
                held.append(asyncio.create_task(q.run(office, user, job)))
                await asyncio.sleep(0.01)
                if held[-1].done() and isinstance(held[-1].exception(), QueueFull):
                    raise held[-1].exception()
            except QueueFull as exc:
                assert exc.retry_after == 5 and "try again in 5 seconds" in str(exc)
                refused.append(f"{office}:{user}:{exc.why}")
                held.pop()
        gate.set()
        await asyncio.gather(*held)
        return refused

    refused = _run(main())
    # ann prints, bob waits; ann's second waits (A: 3 jobs); B's waits (3 waiting in all)
    assert refused == ["A:ann:2 documents of this user are being printed",
                       "A:cat:3 documents of this office are being printed",
                       "A:dan:3 documents of this office are being printed",
                       "C:fay:3 documents are waiting",
                       "D:gus:3 documents are waiting"]


def test_the_api_answers_503_with_retry_after_beyond_a_users_share_and_other_offices_go_on(store, monkeypatch):
    from wreckmaster import documents
    from wreckmaster.service import printing
    from wreckmaster.service.app import create_full_app

    def slow_pdf(*args, **kwargs) -> bytes:    # Chromium at its slowest: one page a second
        time.sleep(1.0)
        return b"%PDF-1.4 fake"

    monkeypatch.setattr(documents, "render_pdf", slow_pdf)
    a, b = make_office(store, "printA"), make_office(store, "printB")
    with LiveServer(create_full_app(store)) as live:
        with httpx.Client(base_url=live.url, timeout=30) as c:
            case_a = c.post("/api/cases", json=_scenario(), headers=a.h).json()["case"]
            case_b = c.post("/api/cases", json=_scenario(), headers=b.h).json()["case"]
        statuses: list[tuple[int, str | None]] = []

        def print_a() -> None:
            with httpx.Client(base_url=live.url, timeout=30) as c:
                r = c.get(f"/api/cases/{case_a}/documents/notice.pdf", headers=a.h)
                statuses.append((r.status_code, r.headers.get("Retry-After")))

        flood = [threading.Thread(target=print_a) for _ in range(12)]
        for t in flood:
            t.start()
        time.sleep(0.3)
        with httpx.Client(base_url=live.url, timeout=30) as c:
            assert c.get("/api/cases", headers=b.h).status_code == 200
            mine = c.get(f"/api/cases/{case_b}/documents/notice.pdf", headers=b.h)
        for t in flood:
            t.join(timeout=30)
    assert mine.status_code == 200 and mine.content == b"%PDF-1.4 fake"
    done = [s for s, _ in statuses if s == 200]
    refused = [(s, r) for s, r in statuses if s != 200]
    assert len(done) == printing.PER_USER and refused == [(503, "5")] * (12 - printing.PER_USER)


def _scenario() -> dict:
    from .conftest import scenario

    return scenario()


def test_whatever_comes_never_more_than_the_slots_print_and_every_admitted_job_ends():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from wreckmaster.service.printing import PrintQueue, QueueFull

    @settings(max_examples=40, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from("ABC"), st.sampled_from("uvwxyz")), min_size=1, max_size=30),
           st.integers(1, 3))
    def check(requests, slots):
        running, most = [0], [0]
        lock = threading.Lock()

        def job() -> str:
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
            time.sleep(0.002)
            with lock:
                running[0] -= 1
            return "printed"

        async def main():
            q = PrintQueue(slots=slots, per_user=2, per_office=4, waiting=5)

            async def one(office, user):
                try:
                    return await q.run(office, user, job)
                except QueueFull:
                    return "refused"

            out = await asyncio.gather(*(one(o, u) for o, u in requests))
            return out, q

        out, q = asyncio.run(main())
        assert most[0] <= slots and set(out) <= {"printed", "refused"} and "printed" in out
        assert q.free == slots and q.queued == 0 and not q.turns           # everything released
        assert sum(q.by_user.values()) == 0 and sum(q.by_office.values()) == 0

    check()
