"""Hostile clients for the availability tests (issue 24 point 1): many connections from one
loopback address (127.0.0.2) that send a partial request and then nothing, while a monitor
on 127.0.0.1 probes ``/health``. Everything is bounded: every wait has a deadline."""
from __future__ import annotations

import socket
import threading
import time
import urllib.request
from dataclasses import dataclass, field

ATTACKER = "127.0.0.2"       # loopback too (127.0.0.0/8)
PARTIAL_HEADERS = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "          # never ends its headers
PARTIAL_LOGIN = (b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                 b"Content-Length: 100000\r\n\r\nname=a&password=")       # a body that never arrives


def open_slow(host: str, port: int, count: int, payload: bytes, source: str = ATTACKER) -> list[socket.socket]:
    """``count`` connections from ``source`` that each sent ``payload`` (a connection the server
    refused at once is simply not in the list)."""
    out = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(2)
        try:
            s.bind((source, 0))
            s.connect((host, port))
            s.sendall(payload)
            out.append(s)
        except OSError:
            s.close()
    return out


def closed_by_server(s: socket.socket) -> bool:
    """True once the server has closed (or reset) the connection."""
    s.settimeout(0.01)
    try:
        return s.recv(65536) == b""
    except (socket.timeout, BlockingIOError):
        return False
    except OSError:
        return True


def wait_all_closed(socks: list[socket.socket], seconds: float) -> float | None:
    """Seconds until the server closed every connection, None when some are open at the deadline."""
    start = time.monotonic()
    open_ = list(socks)
    while open_ and time.monotonic() - start < seconds:
        open_ = [s for s in open_ if not closed_by_server(s)]
        if open_:
            time.sleep(0.2)
    return None if open_ else time.monotonic() - start


@dataclass
class Probe:
    """``GET /health`` from 127.0.0.1 every ``every`` seconds: the latency of each (None: no 200 in
    ``limit`` seconds)."""
    url: str
    every: float = 0.25
    limit: float = 5.0
    latencies: list[float | None] = field(default_factory=list)
    statuses: list[int | str] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def _run(self) -> None:
        while not self._stop.is_set():
            start = time.monotonic()
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=self.limit) as r:
                    self.statuses.append(r.status)
                    self.latencies.append(time.monotonic() - start if r.status == 200 else None)
            except Exception as exc:  # a timeout, a 503, a refused connection: a failed probe
                self.statuses.append(getattr(exc, "code", type(exc).__name__))
                self.latencies.append(None)
            self._stop.wait(self.every)

    def __enter__(self) -> "Probe":
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=self.limit + 2)

    @property
    def worst(self) -> float | None:
        return None if any(x is None for x in self.latencies) else max(self.latencies, default=0.0)
