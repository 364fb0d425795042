"""Seals: what a database administrator cannot quietly rewrite (CASE.md 1.1, "Seals"; issue 24).

The hash chain (CASE.md "The log") shows an entry edited with its hash kept; it cannot show a
log rewritten with every later hash recomputed, a deleted tail, a deleted case or a case moved
to another office, because anyone who can write the database can recompute SHA-256. A seal is
an HMAC-SHA256 that only a holder of the configured secret can make (封印, *fūin*):

- each entry's hash is sealed in its own row (``entries.seal``: ``KEY_ID:HEX`` of the HMAC of
  ``{"case", "seq", "hash"}``), so a rewritten entry is named by its seq even when the later
  hashes were recomputed;
- each case's **head** (case, seq, hash, office) is sealed in ``seals`` (one row per case,
  updated by every append in the same transaction; it outlives a deleted case);
- the **count of cases** ever opened is sealed in ``case_count`` (one row): case numbers are
  taken from it, so an id is never reused, and a deleted case leaves a gap.

Keys are derived from the configured secret (:func:`wreckmaster.secret.derive` with purpose
``seal`` and a key id; the database holds only the key id). New seals use the key id
``$WRECKMASTER_SEAL_KEY_ID`` (default ``1``); a seal is checked with the key id stored beside
it, so rotating the seal key (or the session key, a different purpose) never breaks a seal.

The message of a MAC is canonical JSON (keys sorted, no spaces, as :mod:`.canonical`), so
the seals are the same whoever computes them.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

KEY_ID_ENV = "WRECKMASTER_SEAL_KEY_ID"
_KEY_ID = re.compile(r"^[A-Za-z0-9._-]{1,16}$")
DEFAULT_KEY_ID = "1"

_KEYS: dict[tuple[str, str, str], bytes] = {}
_KEYS_GUARD = threading.Lock()


def current_key_id() -> str:
    """The key id new seals use: ``$WRECKMASTER_SEAL_KEY_ID`` (1 to 16 letters, digits, ``.``,
    ``_``, ``-``), default ``1``."""
    key_id = os.environ.get(KEY_ID_ENV) or DEFAULT_KEY_ID
    if not _KEY_ID.match(key_id):
        from .errors import DatabaseProblem

        raise DatabaseProblem(f"{KEY_ID_ENV} must be 1 to 16 letters, digits, '.', '_' or '-', not {key_id!r}")
    return key_id


#: the secret's names read once for the seals a batch checks (:func:`batch`), per thread
_PINNED = threading.local()


def _secret_names() -> tuple[str, str, str]:
    """What names the configured secret without reading it: the variable, else where the key
    file is (``secret.data_dir``'s inputs)."""
    env = os.environ
    return (env.get("WRECKMASTER_SECRET") or "", env.get("XDG_DATA_HOME") or "", env.get("HOME") or "")


@contextmanager
def batch():
    """The seals checked inside (one list read's) use the secret as configured when it began:
    the environment is read once, not for every seal. Outside a batch each check reads it, so a
    secret rotated between two reads is the next read's."""
    if getattr(_PINNED, "names", None) is not None:   # already inside one
        yield
        return
    _PINNED.names = _secret_names()
    try:
        yield
    finally:
        _PINNED.names = None


def _secret_ident(key_id: str) -> tuple[str, str, str, str]:
    """:func:`_secret_names` (the batch's, inside :func:`batch`) and the key id."""
    return (*(getattr(_PINNED, "names", None) or _secret_names()), key_id)


def _key(key_id: str) -> bytes:
    """The seal key of ``key_id``: ``secret.derive("seal", key_id)``, derived once per configured
    secret (the variable's value, or the key file's path: the file is never rewritten) and key
    id, so an append reads no file."""
    from wreckmaster import secret

    from .errors import DatabaseProblem

    ident = _secret_ident(key_id)
    key = _KEYS.get(ident)
    if key is None:
        try:
            key = secret.derive("seal", key_id)
        except secret.SecretMissing as exc:
            raise DatabaseProblem(f"the seals need the secret: {exc}") from None
        with _KEYS_GUARD:
            _KEYS[ident] = key
    return key


def _message(fields: dict[str, Any]) -> bytes:
    return json.dumps(fields, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def mac(fields: dict[str, Any], key_id: str) -> str:
    return hmac.new(_key(key_id), _message(fields), hashlib.sha256).hexdigest()


#: MACs found valid, by (secret, key id, message, MAC): a read checks the same head many times
_VALID: dict[tuple, bool] = {}
_VALID_SIZE = 4096


def _valid(fields: dict[str, Any], key_id: str | None, given: str | None) -> bool:
    if not key_id or not given:
        return False
    try:
        memo = (_secret_ident(key_id), given, *fields.items())
        if memo in _VALID:
            return True
        ok = hmac.compare_digest(hmac.new(_key(key_id), _message(fields), hashlib.sha256).hexdigest(), given)
    except (TypeError, ValueError):
        return False
    if ok:
        if len(_VALID) >= _VALID_SIZE:
            _VALID.clear()
        _VALID[memo] = True
    return ok


# --- one entry --------------------------------------------------------------------------
def entry_seal(case: str, seq: int, digest: str, key_id: str | None = None) -> str:
    """``KEY_ID:HEX``: the seal of one entry's hash, stored in its row."""
    key_id = key_id or current_key_id()
    return f"{key_id}:{mac({'case': case, 'seq': seq, 'hash': digest}, key_id)}"


def entry_seal_ok(case: str, seq: int, digest: str, seal: str | None) -> bool:
    if not seal or ":" not in seal:
        return False
    key_id, given = seal.rsplit(":", 1)
    return _valid({"case": case, "seq": seq, "hash": digest}, key_id, given)


# --- a case's head ----------------------------------------------------------------------
@dataclass(frozen=True)
class Head:
    """A case's head as sealed: its last seq and hash, and its office."""

    case: str
    seq: int
    hash: str
    office: str

    def fields(self) -> dict[str, Any]:
        return {"case": self.case, "seq": self.seq, "hash": self.hash, "office": self.office}


def head_row(head: Head, key_id: str | None = None) -> dict[str, Any]:
    """The ``seals`` row of a head: ``{case_id, seq, hash, office, key_id, mac}``."""
    key_id = key_id or current_key_id()
    return {"case_id": head.case, "seq": head.seq, "hash": head.hash, "office": head.office,
            "key_id": key_id, "mac": mac(head.fields(), key_id)}


def head_ok(row: Any) -> bool:
    """Whether a ``seals`` row (attributes ``case_id, seq, hash, office, key_id, mac``) is
    a seal made with the secret."""
    if row is None:
        return False
    return _valid(Head(row.case_id, row.seq, row.hash, row.office).fields(), row.key_id, row.mac)


def lost_row(case: str, num: int, key_id: str | None = None) -> dict[str, Any]:
    """A tombstone: case number ``num`` was lost in a restore acknowledged on purpose (``db
    accept-restore``); seq 0, hash ``lost:NUM``, no office. Its number is never given again."""
    return head_row(Head(case, 0, f"lost:{num}", ""), key_id)


def lost_num(row: Any) -> int | None:
    """The case number of a genuine tombstone, else None."""
    if row is None or row.seq != 0 or not str(row.hash).startswith("lost:") or not head_ok(row):
        return None
    try:
        return int(row.hash[5:])
    except ValueError:
        return None


# --- the count of cases -----------------------------------------------------------------
def count_row(n: int, key_id: str | None = None) -> dict[str, Any]:
    """The ``case_count`` row: ``{id: 1, cases, key_id, mac}``."""
    key_id = key_id or current_key_id()
    return {"id": 1, "cases": n, "key_id": key_id, "mac": mac({"cases": n}, key_id)}


def count_ok(row: Any) -> bool:
    return row is not None and _valid({"cases": row.cases}, row.key_id, row.mac)


def problem_of_head(sealed: Any, version: int, head_hash: str | None, office: str) -> str | None:
    """Why a case's row (its ``version``, the hash of its entry at that seq, its ``office``)
    fails its seal ``sealed`` (a ``seals`` row or None), or None when it agrees."""
    if sealed is None or sealed.seq is None:
        return "no seal: the case was not written by wreckmaster, or its seal was deleted"
    if not _valid({"case": sealed.case_id, "seq": sealed.seq, "hash": sealed.hash, "office": sealed.office},
                  sealed.key_id, sealed.mac):
        return "its seal was not made with this service's secret"
    if sealed.office != office:
        return f"sealed in office {sealed.office!r}, now in {office!r}: moved outside wreckmaster"
    if sealed.seq != version:
        return f"sealed at seq {sealed.seq}, the database has it at version {version}"
    if sealed.hash != head_hash:
        return f"the hash of its entry {version} is not the sealed one: the log was rewritten"
    return None
