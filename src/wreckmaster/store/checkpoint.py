"""The checkpoint file: each case's last sealed seq and hash, kept on this host, outside the
database (CASE.md 1.1, "Seals").

A seal shows an edit; it cannot show a database put back as it was earlier (an older backup
restored, or old seal rows copied back), since every old seal was genuine. The checkpoint is
the memory of the host: ``case verify`` reports a case whose database is *behind* it.

Where: ``data_dir()/checkpoints/<database key>/`` (:func:`wreckmaster.secret.data_dir`), the
database key being the SHA-256 of the database's URL without its password (an SQLite file by
its real path). ``db backup`` copies the database only, never this folder. One small JSON file
per case, ``<case>.json`` = ``{"case", "num", "seq", "hash"}``, so a writer rewrites a few
dozen bytes whatever the number of cases.

Writers refuse to build on a case this host's checkpoint has further than the database (an
append), or to give an id the checkpoint knows (an open): a restore went back in time, and
``db accept-restore`` must acknowledge it first. They advance the checkpoint after their commit (a checkpoint ahead of a commit that failed would be a false
alarm), under an exclusive ``flock`` of the folder's ``.lock`` (every process on the host) and
a thread lock (the threads of one process share an open file), a writer replaces a case's
file only when its seq is higher than the file's: two writers finishing out of order never
move it back. The file is written to a temporary name and renamed over the old one (atomic
on POSIX), so a reader sees the old or the new file, never half of one.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, unquote

_GUARDS: dict[str, threading.Lock] = {}
_GUARDS_GUARD = threading.Lock()


@dataclass(frozen=True)
class Mark:
    """What the checkpoint holds of one case."""

    case: str
    num: int | None
    seq: int
    hash: str


def database_key(engine) -> str:
    """A stable name of the database: its URL without the password (an SQLite file by its real path)."""
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        name = "sqlite:" + os.path.realpath(url.database)
    else:
        name = url.set(password=None).render_as_string(hide_password=False)
        name = name.replace("+psycopg", "").replace("+psycopg2", "")
    return name


class Checkpoint:
    """The checkpoint of one database on this host."""

    def __init__(self, engine):
        from wreckmaster.secret import data_dir

        self.name = database_key(engine)
        self.folder = data_dir() / "checkpoints" / hashlib.sha256(self.name.encode("utf-8")).hexdigest()[:24]

    def _file(self, case: str) -> Path:
        return self.folder / f"{quote(case, safe='')}.json"

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self.folder.mkdir(parents=True, exist_ok=True)
        key = str(self.folder)
        with _GUARDS_GUARD:
            guard = _GUARDS.setdefault(key, threading.Lock())
        with guard:
            fd = os.open(self.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)   # closing releases the flock

    def _write(self, mark: Mark) -> None:
        tmp = self.folder / f".{quote(mark.case, safe='')}.{os.getpid()}.{threading.get_ident()}.tmp"
        tmp.write_text(json.dumps({"case": mark.case, "num": mark.num, "seq": mark.seq, "hash": mark.hash},
                                  ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self._file(mark.case))

    def advance(self, marks: list[Mark]) -> None:
        """Record the heads just committed (a head behind the file's is left out)."""
        if not marks:
            return
        with self._locked():
            if not (self.folder / "database").exists():
                (self.folder / "database").write_text(self.name + "\n", encoding="utf-8")
            for mark in marks:
                old = self._read(self._file(mark.case))
                if old is None or old.seq < mark.seq:
                    self._write(mark)

    def reset(self, marks: list[Mark]) -> None:
        """Make the checkpoint exactly ``marks`` (``db accept-restore``, ``db import``)."""
        with self._locked():
            for path in self.folder.glob("*.json"):
                path.unlink()
            (self.folder / "database").write_text(self.name + "\n", encoding="utf-8")
            for mark in marks:
                self._write(mark)

    def mark(self, case: str) -> Mark | None:
        """The case's mark, or None (one small file read, no lock: files are replaced whole)."""
        mark = self._read(self._file(case))
        return mark if mark is not None and mark.seq > 0 else None

    @staticmethod
    def _read(path: Path) -> Mark | None:
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            return Mark(str(d["case"]), d.get("num"), int(d["seq"]), str(d["hash"]))
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError):
            return Mark(unquote(path.stem), None, 0, "")   # unreadable: it says nothing

    def marks(self) -> dict[str, Mark]:
        """Every case's mark (none when this host has never written this database)."""
        if not self.folder.is_dir():
            return {}
        out = {}
        for path in sorted(self.folder.glob("*.json")):
            mark = self._read(path)
            if mark is not None and mark.seq > 0:
                out[mark.case] = mark
        return out
