"""The configured secret and its derived keys (CASE.md 1.1, "Workers")."""
import os
import stat

import pytest

from wreckmaster import secret


def test_hkdf_matches_rfc5869_test_case_1():
    okm = secret.hkdf(bytes([0x0B] * 22), bytes(range(0xF0, 0xFA)), 42, salt=bytes(range(0x0D)))
    assert okm.hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                         "34007208d5b887185865")


def test_key_file_is_made_once_with_mode_0600_and_keys_differ_by_purpose(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv(secret.ENV, raising=False)
    with pytest.raises(secret.SecretMissing):
        secret.master_secret()
    path = secret.ensure_key_file()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    first = path.read_text()
    secret.ensure_key_file()
    assert path.read_text() == first
    assert secret.derive("session") != secret.derive("seal")
    assert secret.derive("session", "2") != secret.derive("session", "1")
    assert secret.derive("seal") == secret.derive("seal")


def test_the_variable_wins_and_must_be_long_enough(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv(secret.ENV, "x" * 40)
    assert secret.ensure_key_file() is None
    assert secret.master_secret() == b"x" * 40
    monkeypatch.setenv(secret.ENV, "short")
    with pytest.raises(secret.SecretMissing, match="at least 32"):
        secret.master_secret()
