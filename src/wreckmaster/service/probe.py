"""Waiting for a service to come up: ``GET /health`` until it answers 200 (scripts, tests, benchmarks).

Standard library only, so that it can be used from anything that starts ``wreckmaster serve``.
"""
from __future__ import annotations

import time
import urllib.error
import urllib.request
from typing import Callable


def wait_healthy(base: str, alive: Callable[[], bool] = lambda: True, seconds: float = 30) -> None:
    """Return once ``{base}/health`` answers 200; RuntimeError when ``alive()`` turns false (the
    server process ended) or ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if not alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the server at {base} did not start")
        time.sleep(0.1)
