"""Rendered reads by (what, case, version, as_of): a version of a case never changes.

The log is append-only, so the scenario and the assessment of a case at version N on a date
are the same every time they are computed (by this process's engine). Reads still ask the
store for the case's version first — which checks the user's office, so another office's case
is never served from here — and then answer from this cache when they can.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Hashable, Optional

SIZE = 512


class ReadCache:
    def __init__(self, size: int = SIZE):
        self.size = size
        self._d: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Optional[bytes]:
        with self._lock:
            body = self._d.get(key)
            if body is not None:
                self._d.move_to_end(key)
            return body

    def put(self, key: Hashable, body: bytes) -> None:
        with self._lock:
            self._d[key] = body
            self._d.move_to_end(key)
            while len(self._d) > self.size:
                self._d.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._d.clear()
