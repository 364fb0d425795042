"""Real ``wreckmaster serve`` processes for the tests of several workers, nginx and the replica."""
from __future__ import annotations

import os
import signal
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.conftest import EXE, ROOT

from .conftest import free_port, wait_healthy

#: a secret of the kind several hosts share as WRECKMASTER_SECRET (the servers of a test read the
#: test session's key file instead, so that the seals the test checks in process are theirs)
SECRET = "test-secret-shared-by-every-worker-0123456789"


@contextmanager
def serving(url: str, *args: str, log: Path, port: int | None = None,
            env: dict[str, str] | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """``wreckmaster serve --db URL ARGS`` on 127.0.0.1: (its base URL, the process), stopped by
    SIGTERM (then killed, if it has not stopped in 30 s) on exit."""
    port = port or free_port()
    out = log.open("a")
    proc = subprocess.Popen([str(EXE), "serve", "--db", url, "--port", str(port), "--log-level", "warning", *args],
                            stdout=subprocess.DEVNULL, stderr=out, cwd=ROOT,
                            env={**os.environ, **(env or {})})   # the test's own secret: its key file (the seals)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, proc)
        yield base, proc
    finally:
        stop(proc)
        out.close()


def stop(proc: subprocess.Popen) -> int:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode
