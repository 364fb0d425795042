"""``case verify``: the hash chains, the seals, the count of cases and this host's checkpoint
(CASE.md "The log" and 1.1 "Seals").

``tampered`` names each case once, at its first failure, as CASE.md 1.1 gives:

| edit | ``seq`` |
|---|---|
| an entry edited, its hash kept (the chain breaks) | that entry |
| an entry rewritten with every later hash recomputed (its seal fails) | that entry |
| the last entries deleted (the sealed head is ahead) | the sealed seq |
| a database behind its checkpoint (a restore that went back in time) | the checkpoint's seq |
| a case deleted, moved to another office, or without a (valid) seal | null |

A case lost in a restore acknowledged with ``db accept-restore`` leaves a sealed tombstone
(``seals.lost_row``): its number is accounted for, and never given again.

``seals`` says why, in words, for each of them (and for what names no case: the count of
cases, a case number missing whose id nobody remembers).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from . import canonical, fold, seals
from .checkpoint import Mark
from .models import case_count, cases
from .models import entries as log_table
from .models import seals as seal_table


class Findings:
    """What verify found: the first failure of each case, and every reason."""

    def __init__(self):
        self.tampered: list[dict[str, Any]] = []
        self.reasons: list[dict[str, Any]] = []
        self._named: set[str | None] = set()

    def add(self, case: str | None, seq: int | None, problem: str) -> None:
        self.reasons.append({"case": case, "seq": seq, "problem": problem})
        if case is None or case not in self._named:
            self._named.add(case)
            self.tampered.append({"case": case, "seq": seq})

    def named(self, case: str) -> bool:
        return case in self._named


def chain(found: Findings, case: str, version: int, rows: list) -> bool:
    """The hash chain and each entry's seal of one case (``rows`` in seq order); True if intact."""
    previous = canonical.GENESIS
    for e in rows:
        digest = canonical.entry_hash(previous, case, e.seq, e.recorded_at, e.recorded_by, e.entry)
        if digest != e.hash or fold.form_of(_try_loads(e.entry)) != e.form:
            found.add(case, e.seq, f"entry {e.seq}: its hash does not match its content")
            return False
        if not seals.entry_seal_ok(case, e.seq, e.hash, e.seal):
            found.add(case, e.seq, f"entry {e.seq}: its sealed hash is not this one (rewritten, later hashes "
                                   f"recomputed)" if e.seal else f"entry {e.seq}: not sealed")
            return False
        previous = e.hash
    seqs = [e.seq for e in rows]
    if seqs != list(range(1, len(seqs) + 1)):
        missing = next(i for i, s in enumerate(seqs + [None], 1) if s != i)
        found.add(case, missing, f"entry {missing} is missing")
        return False
    if len(rows) != version:
        seq = version if version > len(rows) else len(rows)
        found.add(case, seq, f"the case is at version {version} and its log has {len(rows)} entries")
        return False
    return True


def head(found: Findings, row, sealed, head_hash: str | None) -> bool:
    """The case's head against its seal; True if they agree."""
    problem = seals.problem_of_head(sealed, row.version, head_hash, row.office)
    if problem is None:
        return True
    tail = sealed is not None and seals.head_ok(sealed) and sealed.seq > row.version and sealed.office == row.office
    found.add(row.id, sealed.seq if tail else None, problem)
    return False


def checkpoint(found: Findings, row, mark: Mark | None, hash_at) -> bool:
    """The case against this host's checkpoint; True if it is not behind it."""
    if mark is None:
        return True
    if mark.seq > row.version:
        found.add(row.id, mark.seq, f"the checkpoint of this host has it at seq {mark.seq}, the database at "
                                    f"{row.version}: entries deleted, or a restore went back in time "
                                    "(`db accept-restore` if on purpose)")
        return False
    if hash_at(mark.seq) != mark.hash:
        found.add(row.id, mark.seq, f"entry {mark.seq} differs from this host's checkpoint")
        return False
    return True


def missing_cases(found: Findings, conn: Connection, present: dict[str, int], sealed: dict[str, Any],
                  marks: dict[str, Mark], whole: bool = True) -> None:
    """Cases the seals, the sealed count or the checkpoint know of and the database does not
    (``whole``: the whole database is verified, so the count's gaps are looked for too)."""
    count = conn.execute(select(case_count).where(case_count.c.id == 1)).first()
    count_ok = seals.count_ok(count)
    if whole and not count_ok:
        found.add(None, None, "the count of cases is not sealed with this service's secret" if count is not None
                  else "the sealed count of cases is missing")
    lost = {c: n for c, n in ((c, seals.lost_num(r)) for c, r in sealed.items()) if n is not None}
    for case_id in sorted(set(sealed) - set(present) - set(lost)):
        found.add(case_id, None, "sealed, but not in the database: deleted")
    by_num = {m.num: m.case for m in marks.values() if m.num is not None}
    if whole and count_ok:
        nums = set(present.values()) | set(lost.values())
        for num in sorted(set(range(1, count.cases + 1)) - nums):
            case_id = by_num.get(num)
            if case_id is not None and case_id in sealed:
                continue   # named above
            found.add(case_id, None, f"case number {num} was opened and is not in the database: deleted")
        for case_id, num in sorted(present.items()):
            if num > count.cases:
                found.add(case_id, None, f"case number {num} is beyond the sealed count {count.cases}: "
                                         "not opened by wreckmaster")
    for case_id, mark in sorted(marks.items()):
        if case_id in present or found.named(case_id):
            continue
        if count_ok and mark.num is not None and mark.num <= count.cases:
            found.add(case_id, None, "in this host's checkpoint, not in the database: deleted")
        else:
            found.add(case_id, mark.seq, f"in this host's checkpoint at seq {mark.seq}, not in the database: "
                                         "a restore went back in time (`db accept-restore` if on purpose)")


def log_rows(conn: Connection, case_id: str) -> list:
    return conn.execute(select(log_table).where(log_table.c.case_id == case_id).order_by(log_table.c.seq)).all()


def seal_rows(conn: Connection, case_id: str | None) -> dict[str, Any]:
    q = select(seal_table)
    if case_id is not None:
        q = q.where(seal_table.c.case_id == case_id)
    return {r.case_id: r for r in conn.execute(q)}


def case_rows(conn: Connection, case_id: str | None) -> list:
    q = select(cases).order_by(cases.c.num)
    if case_id is not None:
        q = q.where(cases.c.id == case_id)
    return conn.execute(q).all()


def _try_loads(text_: str) -> Any:
    try:
        return canonical.loads(text_)
    except ValueError:
        return None
