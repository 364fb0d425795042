"""The password policy (OWASP ASVS 4.0 level 2, V2.1; ``store/passwords.py``), on every path
that sets a password (``user add --password-stdin``, ``user password``), on SQLite and PostgreSQL.

Worked examples: 11 code points refused and 12 taken, counted as code points (海 is one, not
three bytes); 128 taken, 129 refused (V2.1.2: at least 64 allowed); spaces kept and never
trimmed (V2.1.3); no composition rule (V2.1.9: all lower-case letters and spaces is fine);
``qwerty123456`` (on the list, which is zxcvbn's) refused also as ``QWERTY 123456`` (V2.1.7);
the user's own name refused.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wreckmaster.store import passwords
from wreckmaster.store.errors import InvalidEntry

from ..conftest import NEW_PASSWORD, PASSWORD, run_cli


@pytest.mark.parametrize("password, why", [
    ("海" * 11, "expected at least 12 characters, got 11"),
    ("a" * 129, "expected at most 128 characters, got 129"),
    ("qwerty123456", "is one of the 30,000 most common passwords: choose another"),
    ("QWERTY 123456", "is one of the 30,000 most common passwords: choose another"),
    ("leavemealone", "is one of the 30,000 most common passwords: choose another"),
    ("harbourmaster-kobe", "is the user's name: choose another"),
    ("Harbourmaster-Kobe ", "is the user's name: choose another"),
])
def test_refused_with_the_field_named(password, why):
    assert passwords.problems(password, "harbourmaster-kobe") == [("/password", why)]


@pytest.mark.parametrize("password", ["海" * 12, "a" * 128, " lead and trail ", "only lower case words", PASSWORD])
def test_taken(password):
    assert passwords.problems(password, "hanako") == []


def test_the_list_is_the_shipped_one():
    listed = passwords.common()
    assert len(listed) == 30_000 and "123456" in listed and "password" in listed
    assert all(p == p.lower() and p.strip() == p and p for p in listed)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=11))
def test_every_password_under_twelve_code_points_is_refused(password):
    assert passwords.problems(password, "x")[0][0] == "/password"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=12, max_size=128))
def test_nothing_else_refuses_a_long_unusual_password(password):
    """A password of 12 to 128 code points is refused only for the list or the name."""
    found = passwords.problems(password, "x")
    forms = {password.casefold(), "".join(password.casefold().split())}
    assert (found != []) == bool(forms & (passwords.common() | {"x"}))


def test_the_store_and_the_command_line_apply_it(store, db_url):
    store.add_office("sagara", "相良")
    with pytest.raises(InvalidEntry) as short:
        store.add_user("hanako", "sagara", password="kaigan-2")
    assert short.value.problems == [("/password", "expected at least 12 characters, got 8")]
    assert store.users() == []                                            # nothing stored
    store.add_user("hanako", "sagara", password=PASSWORD)
    store.add_user("harbourmaster-kobe", "sagara")
    with pytest.raises(InvalidEntry, match="the user's name"):
        store.set_password("harbourmaster-kobe", "Harbourmaster-Kobe")
    r = run_cli("user", "password", "hanako", "--password-stdin", "--db", db_url, stdin="password1234\n")
    assert r.returncode == 2 and r.stderr.startswith("error: --password-stdin: is one of the 30,000 most common")
    r = run_cli("user", "add", "taro", "--office", "sagara", "--password-stdin", "--db", db_url, stdin="umi-no-hi\n")
    assert r.returncode == 2 and r.stderr.startswith("error: --password-stdin: expected at least 12 characters")
    assert [u["user"] for u in store.users()] == ["hanako", "harbourmaster-kobe"]
    assert store.user_for_password("hanako", PASSWORD) is not None        # the refused ones changed nothing
    r = run_cli("user", "password", "hanako", "--password-stdin", "--db", db_url, stdin=f"  {NEW_PASSWORD}  \n")
    assert r.returncode == 0, r.stderr
    assert store.user_for_password("hanako", f"  {NEW_PASSWORD}  ") is not None   # kept as typed, spaces and all
    assert store.user_for_password("hanako", NEW_PASSWORD) is None
