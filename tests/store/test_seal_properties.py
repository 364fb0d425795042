"""Invariants of the seals (issue 24 point 10), with hypothesis, on logs in memory (no database):
whichever entry of a log is rewritten, with every later hash recomputed as CASE.md defines it,
``case verify``'s chain check names exactly that entry; an untouched log passes; a seal checks
only with the secret and key id it was made with.
"""
from __future__ import annotations

from collections import namedtuple

from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster import secret
from wreckmaster.store import audit, canonical, seals

secret.ensure_key_file()   # the test session's own data folder (tests/conftest.py)

Row = namedtuple("Row", "seq recorded_at recorded_by form entry hash seal")
CASE = "2026-0042"


def log_of(texts: list[str]) -> list[Row]:
    rows, previous = [], canonical.GENESIS
    for seq, text in enumerate(texts, 1):
        entry = canonical.dumps({"open": {"note": text}} if seq == 1 else {"event": {"type": "x", "note": text}})
        digest = canonical.entry_hash(previous, CASE, seq, "2026-12-01T00:00:00.000000Z", "local", entry)
        rows.append(Row(seq, "2026-12-01T00:00:00.000000Z", "local", "open" if seq == 1 else "event", entry,
                        digest, seals.entry_seal(CASE, seq, digest)))
        previous = digest
    return rows


def rewritten(rows: list[Row], k: int, text: str) -> list[Row]:
    """Entry k's note replaced, and every hash from k on recomputed (the seals kept: the
    administrator cannot make them)."""
    out, previous = [], canonical.GENESIS
    for r in rows:
        entry = r.entry
        if r.seq == k:
            entry = canonical.dumps({"open": {"note": text}} if k == 1 else {"event": {"type": "x", "note": text}})
        digest = canonical.entry_hash(previous, CASE, r.seq, r.recorded_at, r.recorded_by, entry)
        out.append(r._replace(entry=entry, hash=digest))
        previous = digest
    return out


notes = st.lists(st.text(max_size=12), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(notes, st.data())
def test_a_rewrite_is_named_by_its_seq(texts, data):
    rows = log_of(texts)
    found = audit.Findings()
    assert audit.chain(found, CASE, len(rows), rows) and found.tampered == []
    k = data.draw(st.integers(1, len(rows)))
    new = data.draw(st.text(max_size=12).filter(lambda t: t != texts[k - 1]))
    found = audit.Findings()
    assert not audit.chain(found, CASE, len(rows), rewritten(rows, k, new))
    assert found.tampered == [{"case": CASE, "seq": k}]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10 ** 6), st.text(min_size=1, max_size=8), st.text(min_size=1, max_size=8))
def test_a_head_seal_checks_only_what_it_sealed(seq, office, key_id):
    head = seals.Head(CASE, seq, "ab" * 32, office)
    row = type("Row", (), seals.head_row(head, key_id=key_id))
    assert seals.head_ok(row)
    assert seals.problem_of_head(row, seq, "ab" * 32, office) is None
    assert seals.problem_of_head(row, seq + 1, "ab" * 32, office) is not None
    assert seals.problem_of_head(row, seq, "cd" * 32, office) is not None
    assert seals.problem_of_head(row, seq, "ab" * 32, office + "x") is not None
    forged = type("Row", (), {**seals.head_row(head, key_id=key_id), "seq": seq + 1})
    assert not seals.head_ok(forged)
