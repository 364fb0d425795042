"""``wreckmaster serve --workers N``: N server processes on one listening socket and one database.

The supervisor (this process) binds the address once, then forks N workers; each opens its own
database connections and serves requests from the shared socket (the kernel hands each new
connection to one of them). Nothing a worker needs lives only in its memory or on its disk:

- the case log, users, tokens and photographs are in the database;
- web sessions and their CSRF tokens are signed with a key derived from the one configured
  secret (``wreckmaster.secret``: ``WRECKMASTER_SECRET``, else the data folder's key file), so a
  login on one worker holds on the next, and a restart logs nobody out;
- the caches of a worker (rendered reads by version, tokens for a few seconds) are only caches.

Writers of several workers meet in the database: PostgreSQL orders them by its locks (a
deadlock between two workers' groups is retried inside the server, ``store/groupcommit.py``),
SQLite by ``BEGIN IMMEDIATE`` on the file.

SIGTERM or SIGINT to the supervisor stops every worker gracefully (each finishes its requests
in flight) and then the supervisor. A worker that dies otherwise is started again; one that
dies again and again at start (:data:`FAST_DEATHS` times within :data:`FAST_SECONDS` of its
start) stops the service with exit status 1 rather than loop.
"""
from __future__ import annotations

import errno
import logging
import os
import signal
import socket
import sys
import time
import traceback
from typing import Callable

log = logging.getLogger("wreckmaster.service")

MAX_WORKERS = 64
FAST_SECONDS = 5.0
FAST_DEATHS = 5
#: after SIGTERM, workers that have not finished within this many seconds are killed
STOP_SECONDS = 20.0
BACKLOG = 2048


def listen(host: str, port: int) -> socket.socket:
    """The listening socket every worker accepts on (IPv6 when ``host`` is an IPv6 address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def supervise(count: int, sock: socket.socket, serve: Callable[[socket.socket], None]) -> int:
    """Run ``serve(sock)`` in ``count`` forked workers until SIGTERM/SIGINT; the exit status."""
    children: dict[int, tuple[int, float]] = {}  # pid -> (worker number, started at)
    stopping: list[int] = []
    fast: dict[int, int] = {}

    def spawn(number: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 0
            try:
                serve(sock)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:  # noqa: BLE001 - reported, and the supervisor starts another
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)
        children[pid] = (number, time.monotonic())
        log.info("worker %d started (pid %d)", number, pid)

    def stop(signum, _frame) -> None:
        if not stopping:
            stopping.append(signum)
            log.info("stopping %d workers", len(children))
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
    status = 0
    try:
        for number in range(1, count + 1):
            spawn(number)
        deadline = None
        while children:
            if stopping and deadline is None:
                deadline = time.monotonic() + STOP_SECONDS
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG if deadline else 0)
            except ChildProcessError:
                break
            except OSError as exc:  # pragma: no cover - EINTR is retried by Python itself
                if exc.errno != errno.EINTR:
                    raise
                continue
            if pid == 0:  # stopping: none has exited yet
                if time.monotonic() > deadline:
                    for other in list(children):
                        log.warning("worker pid %d did not stop in time: killed", other)
                        os.kill(other, signal.SIGKILL)
                    deadline = time.monotonic() + STOP_SECONDS
                time.sleep(0.05)
                continue
            number, started = children.pop(pid, (None, 0.0))
            if number is None or stopping:
                continue
            quick = time.monotonic() - started < FAST_SECONDS
            fast[number] = fast.get(number, 0) + 1 if quick else 0
            if fast[number] >= FAST_DEATHS:
                log.error("worker %d died %d times at start: stopping the service", number, fast[number])
                status = 1
                stop(signal.SIGTERM, None)
                continue
            log.warning("worker %d (pid %d) died: starting it again", number, pid)
            time.sleep(min(0.2 * fast[number], 1.0))
            spawn(number)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        sock.close()
    log.info("all workers stopped")
    return status
