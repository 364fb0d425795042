"""Web sessions across workers and restarts (issue 23): every process signs and reads cookies
with the key derived from the one configured secret, ``secret.derive("session")``."""
from __future__ import annotations

from wreckmaster.web.session import Sessions, csrf_ok


def test_a_cookie_of_one_process_is_read_by_another_and_only_with_the_same_secret(monkeypatch):
    monkeypatch.setenv("WRECKMASTER_SECRET", "the-secret-every-worker-shares-0123456789")
    cookie = Sessions().issue("hana", "kobe", "clerk")      # worker 1 (or before a restart)
    user = Sessions().read(cookie)                          # worker 2 (or after it)
    assert user is not None and (user.name, user.office, user.role) == ("hana", "kobe", "clerk")
    assert csrf_ok(user, user.csrf)                         # its forms' CSRF token holds there too
    monkeypatch.setenv("WRECKMASTER_SECRET", "another-secret-another-service-0123456789")
    assert Sessions().read(cookie) is None                  # another secret: not ours


def test_without_the_variable_the_key_file_is_made_once_and_shared(monkeypatch, tmp_path):
    monkeypatch.delenv("WRECKMASTER_SECRET", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    cookie = Sessions().issue("hana", "kobe", "clerk")
    key = tmp_path / "wreckmaster" / "secret.key"
    assert key.exists() and key.stat().st_mode & 0o777 == 0o600
    assert Sessions().read(cookie) is not None
