"""Revoking a user and giving it a new token (`wreckmaster user revoke|token`; migration 0002).

A revoked user's token answers 401 on the API and its web session is signed out, once the
service's short cache has forgotten it; its entries keep its name; a new token makes it active
again and the old one never works again. On SQLite and PostgreSQL (the ``store`` fixture).
"""
from __future__ import annotations

import json
import uuid

from fastapi.testclient import TestClient

from tests.conftest import PASSWORD, run_cli

from .conftest import make_office, open_case, web_login


def _forget(app) -> None:
    """What the cache's few seconds do in a running service: forget the users it has seen."""
    app.state.token_cache.clear()
    cache = getattr(app.state, "web_users", None)
    if cache is not None:
        cache.clear()


def test_a_revoked_token_answers_401_and_a_new_token_works(client, app, store):
    office = make_office(store, "revoke")
    case_id = open_case(client, office)
    assert client.get(f"/api/cases/{case_id}/scenario", headers=office.h).status_code == 200

    store.revoke_user(office.clerk_name)
    _forget(app)
    r = client.get(f"/api/cases/{case_id}/scenario", headers=office.h)
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert {"user": office.clerk_name, "office": office.id, "role": "clerk", "active": False} in store.users(office.id)
    # what it recorded keeps its name
    history = client.get(f"/api/cases/{case_id}/entries", headers=office.sup).json()
    assert history[0]["recorded_by"] == office.clerk_name

    token = store.new_token(office.clerk_name)
    _forget(app)
    assert token != office.clerk
    assert client.get(f"/api/cases/{case_id}/scenario", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert client.get(f"/api/cases/{case_id}/scenario", headers=office.h).status_code == 401   # the old one: never again
    assert store.users(office.id)[0]["active"] is True


def test_a_revoked_users_web_session_and_password_stop_working(app, store):
    from wreckmaster.service.app import create_full_app

    office = make_office(store, "websess")
    name = f"pw-{uuid.uuid4().hex[:6]}"
    store.add_user(name, office.id, role="clerk", password=PASSWORD)
    full = create_full_app(store)
    with TestClient(full) as web:
        r = web_login(web, name, PASSWORD)
        assert r.status_code == 303
        assert web.get("/cases", follow_redirects=False).status_code == 200
        store.revoke_user(name)
        _forget(full)
        assert web.get("/cases", follow_redirects=False).status_code in (303, 401)   # back to the login page
        r = web_login(web, name, PASSWORD)
        assert r.status_code == 401


def test_cli_revoke_and_token(db_url, store):
    office = make_office(store, "cli")
    done = run_cli("user", "revoke", office.clerk_name, "--db", db_url)
    assert done.returncode == 0 and f"user {office.clerk_name} revoked" in done.stdout
    listed = json.loads(run_cli("user", "list", "--office", office.id, "--db", db_url, "--format", "json").stdout)
    assert {r["user"]: r["active"] for r in listed} == {office.clerk_name: False, office.supervisor_name: True}
    assert store.user_for_token(office.clerk) is None
    done = run_cli("user", "token", office.clerk_name, "--db", db_url)
    token = done.stdout.strip()
    assert done.returncode == 0 and store.user_for_token(token).name == office.clerk_name
    missing = run_cli("user", "revoke", "nobody-at-all", "--db", db_url)
    assert missing.returncode == 4 and "not found: user nobody-at-all" in missing.stderr
