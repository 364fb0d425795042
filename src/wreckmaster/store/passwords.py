"""The password policy (OWASP ASVS 4.0 level 2, V2.1), for every path that sets a password:
``user add --password-stdin``, ``user password`` (``Store.add_user``, ``Store.set_password``).

- At least :data:`MIN_LENGTH` (12) characters, counted as Unicode code points, and at most
  :data:`MAX_LENGTH` (128; ASVS asks for at least 64). Spaces and every script are allowed;
  a password is stored (as its argon2 hash) exactly as given: never truncated, never trimmed.
- No composition rules (no "a digit and a capital").
- Not one of the common passwords in ``data/common-passwords.txt`` (the 30,000 most common,
  from zxcvbn's list: ``data/README.md`` says where from and under which licence), compared
  case-insensitively and also with the spaces taken out ("qwerty 123456" is "qwerty123456").
- Not the user's name (the same comparison).

:func:`problems` answers ``[("/password", why)]``, empty for a good password; the callers raise
:class:`~.errors.InvalidEntry` with it, so the command line says ``error: --password-stdin: …``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

MIN_LENGTH = 12
MAX_LENGTH = 128
LIST = Path(__file__).parent / "data" / "common-passwords.txt"


@lru_cache(maxsize=1)
def common() -> frozenset[str]:
    """The common passwords, lower case."""
    return frozenset(line for line in LIST.read_text(encoding="utf-8").splitlines() if line)


def _forms(text: str) -> set[str]:
    folded = text.casefold()
    return {folded, "".join(folded.split())}


def problems(password: object, name: str | None = None) -> list[tuple[str, str]]:
    """Why ``password`` may not be set for the user ``name``: ``[("/password", message)]``."""
    if not isinstance(password, str):
        return [("/password", "expected a text")]
    n = len(password)   # code points
    if n < MIN_LENGTH:
        return [("/password", f"expected at least {MIN_LENGTH} characters, got {n}")]
    if n > MAX_LENGTH:
        return [("/password", f"expected at most {MAX_LENGTH} characters, got {n}")]
    forms = _forms(password)
    if isinstance(name, str) and name and forms & _forms(name):
        return [("/password", "is the user's name: choose another")]
    if forms & common():
        return [("/password", f"is one of the {len(common()):,} most common passwords: choose another")]
    return []
