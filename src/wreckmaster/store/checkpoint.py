"""The checkpoint file: each case's last sealed seq and hash, kept on this host, outside the
database (CASE.md 1.1, "Seals").

A seal shows an edit; it cannot show a database put back as it was earlier (an older backup
restored, or old seal rows copied back), since every old seal was genuine. The checkpoint is
the memory of the host: ``case verify`` reports a case whose database is *behind* it.

Where: ``data_dir()/checkpoints/<database key>/`` (:func:`wreckmaster.secret.data_dir`), the
database key being the SHA-256 of the database's URL without its password (an SQLite file by
its real path). ``db backup`` copies the database only, never this folder. Each case has a
folder of its own holding one small file, ``<seq>.json`` = ``{"case", "num", "seq", "hash"}``,
so a writer writes a few dozen bytes whatever the number of cases.

Writers refuse to build on a case this host's checkpoint has further than the database (an
append), or to give an id the checkpoint knows (an open): a restore went back in time, and
``db accept-restore`` must acknowledge it first. They advance the checkpoint after their commit
(a checkpoint ahead of a commit that failed would be a false alarm), under an exclusive
``flock`` of the folder's ``.lock`` (every process on the host) and a thread lock (the threads
of one process share an open file): a writer adds a case's new file only when its seq is higher
than the newest there, so two writers finishing out of order never move it back. The file is
written to a temporary name and renamed to its own new name (atomic on POSIX: a reader sees a
whole file or none), then the older ones are removed; a reader takes the highest seq it can
read. Renaming to a new name rather than over the old file matters: ext4 flushes a file renamed
*over* another to disk at once (``auto_da_alloc``), which cost 0.4 ms an append, ten times the
rest. A file lost in a power cut leaves the checkpoint behind, which is never a false alarm.
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
        self._ready = False   # the folder and its "database" file exist

    def _case_dir(self, case: str) -> Path:
        return self.folder / quote(case, safe="")

    @contextmanager
    def _locked(self) -> Iterator[None]:
        if not self._ready:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not (self.folder / "database").exists():
                (self.folder / "database").write_text(self.name + "\n", encoding="utf-8")
            self._ready = True
        with _GUARDS_GUARD:
            guard = _GUARDS.setdefault(str(self.folder), threading.Lock())
        with guard:
            fd = os.open(self.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)   # closing releases the flock

    def _write(self, mark: Mark, older: list[int]) -> None:
        folder = self._case_dir(mark.case)
        folder.mkdir(exist_ok=True)
        tmp = folder / f".{os.getpid()}.{threading.get_ident()}.tmp"
        tmp.write_text(json.dumps({"case": mark.case, "num": mark.num, "seq": mark.seq, "hash": mark.hash},
                                  ensure_ascii=False), encoding="utf-8")
        os.rename(tmp, folder / f"{mark.seq}.json")
        for seq in older:
            (folder / f"{seq}.json").unlink(missing_ok=True)

    def advance(self, marks: list[Mark]) -> None:
        """Record the heads just committed (a head behind the newest file's is left out)."""
        if not marks:
            return
        with self._locked():
            for mark in marks:
                seqs = self._seqs(mark.case)
                if not seqs or seqs[0] < mark.seq:
                    self._write(mark, seqs)

    def reset(self, marks: list[Mark]) -> None:
        """Make the checkpoint exactly ``marks`` (``db accept-restore``, ``db import``)."""
        import shutil

        with self._locked():
            for path in self.folder.iterdir():
                if path.is_dir():
                    shutil.rmtree(path)
            for mark in marks:
                self._write(mark, [])

    def _seqs(self, case: str) -> list[int]:
        """The seqs of the case's files, highest first."""
        try:
            names = os.listdir(self._case_dir(case))
        except FileNotFoundError:
            return []
        return sorted((int(n[:-5]) for n in names if n.endswith(".json") and n[:-5].isdigit()), reverse=True)

    def newest_seq(self, case: str) -> int | None:
        """The seq of the case's newest file (its name: one directory listing, no file read)."""
        seqs = self._seqs(case)
        return seqs[0] if seqs else None

    def mark(self, case: str) -> Mark | None:
        """The case's mark, or None (no lock: files appear whole, by rename)."""
        for _ in range(3):   # a writer may remove the file just listed: list again
            seqs = self._seqs(case)
            for seq in seqs:
                try:
                    d = json.loads((self._case_dir(case) / f"{seq}.json").read_text(encoding="utf-8"))
                except FileNotFoundError:
                    break
                except ValueError:
                    continue   # unreadable (a power cut): it says nothing
                try:
                    return Mark(str(d["case"]), d.get("num"), int(d["seq"]), str(d["hash"]))
                except (KeyError, TypeError, ValueError):
                    continue
            else:
                return None
        return None

    def marks(self) -> dict[str, Mark]:
        """Every case's mark (none when this host has never written this database)."""
        if not self.folder.is_dir():
            return {}
        out = {}
        for path in sorted(self.folder.iterdir()):
            if path.is_dir():
                mark = self.mark(unquote(path.name))
                if mark is not None:
                    out[mark.case] = mark
        return out
