"""The service's one configured secret, and the keys derived from it (CASE.md 1.1, "Workers").

- ``WRECKMASTER_SECRET`` (any text, at least 32 characters) is the secret. Workers on several
  hosts share it; the database never holds it.
- Without the variable, a key file ``secret.key`` in the data folder (``data_dir()``) holds it:
  ``ensure_key_file()`` (called by ``db upgrade``) creates it once, mode 0600, and never
  overwrites it. Every process on that host then reads the same secret.
- Each use gets its own key, derived with HKDF-SHA256 (RFC 5869) from the secret, a purpose
  (``b"session"``, ``b"seal"``, …) and a key id, so rotating one purpose's key id never
  changes another's key: rotating the session key never breaks a seal.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets as _random
from pathlib import Path

ENV = "WRECKMASTER_SECRET"
KEY_FILE = "secret.key"
MIN_LENGTH = 32


class SecretMissing(RuntimeError):
    """No secret is configured: neither the variable nor the key file."""


def data_dir() -> Path:
    """The user's data folder (CASE.md "Storage"): ``$XDG_DATA_HOME/wreckmaster``, else
    ``~/.local/share/wreckmaster``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "wreckmaster"


def key_file() -> Path:
    return data_dir() / KEY_FILE


def ensure_key_file() -> Path | None:
    """Create the key file once (mode 0600) when ``WRECKMASTER_SECRET`` is absent; return its
    path, or None when the variable is set. An existing file is kept as it is."""
    if os.environ.get(ENV):
        return None
    path = key_file()
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(_random.token_hex(32) + "\n")
    return path


def master_secret() -> bytes:
    """The configured secret: ``WRECKMASTER_SECRET``, else the key file's content."""
    env = os.environ.get(ENV)
    if env:
        if len(env) < MIN_LENGTH:
            raise SecretMissing(f"{ENV} must be at least {MIN_LENGTH} characters long")
        return env.encode("utf-8")
    path = key_file()
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise SecretMissing(f"no secret: set {ENV} (shared by every worker) or run "
                            f"`wreckmaster db upgrade`, which creates {path}") from None
    if len(text) < MIN_LENGTH:
        raise SecretMissing(f"{path} holds no usable secret")
    return text.encode("ascii")


def hkdf(ikm: bytes, info: bytes, length: int = 32, salt: bytes = b"") -> bytes:
    """HKDF-SHA256 (RFC 5869): extract, then expand to ``length`` bytes."""
    prk = hmac.new(salt or b"\x00" * 32, ikm, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def derive(purpose: str, key_id: str = "1") -> bytes:
    """The key for ``purpose`` (``"session"``, ``"seal"``, …) with ``key_id``: HKDF of the
    configured secret with info ``wreckmaster/<purpose>/<key_id>``."""
    return hkdf(master_secret(), f"wreckmaster/{purpose}/{key_id}".encode("utf-8"))
