"""Browser hardening and request bodies (issue 24, points 2, 6 and 9), on SQLite and PostgreSQL.

- Every response carries the CSP (with frame-ancestors), nosniff and Referrer-Policy; no
  `/docs` (it would load swagger-ui from a CDN).
- Login needs the login form's CSRF token; logout the session's.
- `Content-Disposition` is RFC 6266 / 5987: a party id with `"` or CR LF cannot break it.
- The web forms apply the API's text checks (a NUL is 422, not 503) and an append without a
  version is refused.
- Every route has a body limit (413), `POST /login` a small one; a client that goes away is
  a client close (499), not a 500 defect.
"""
from __future__ import annotations

import json
import logging
import re
import uuid

import pytest
from fastapi.testclient import TestClient
from tests.conftest import PASSWORD

from .conftest import make_office, web_login


@pytest.fixture
def web(store):
    from wreckmaster.service.app import create_full_app

    address = f"10.200.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"
    with TestClient(create_full_app(store), client=(address, 50000), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def clerk(store, web):
    office = make_office(store, "harden")
    name = f"clerk-{uuid.uuid4().hex[:8]}"
    store.add_user(name, office.id, role="clerk", password=PASSWORD)
    assert web_login(web, name, PASSWORD).status_code == 303
    return name, office


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


@pytest.mark.parametrize("path", ["/login", "/notices", "/health", "/api/notices", "/openapi.json", "/nowhere"])
def test_every_response_carries_the_browser_headers(web, path):
    r = web.get(path)
    csp = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "same-origin"
    assert r.headers["X-Frame-Options"] == "DENY"


def test_no_docs_page_and_no_inline_script(web, clerk):
    assert web.get("/docs").status_code == 404
    page = web.get("/cases").text
    assert "onchange=" not in page and "<script>" not in page     # the CSP allows no inline script
    assert all(src.startswith("/static/") for src in re.findall(r'<script src="([^"]+)"', page))


def test_login_needs_the_login_forms_csrf_token(store, web):
    office = make_office(store, "csrf")
    name = f"pw-{uuid.uuid4().hex[:8]}"
    store.add_user(name, office.id, password=PASSWORD)
    bare = web.post("/login", data={"name": name, "password": PASSWORD}, follow_redirects=False)
    assert bare.status_code == 403 and "wreckmaster_session" not in bare.cookies
    web.get("/login")
    forged = web.post("/login", data={"name": name, "password": PASSWORD, "csrf": "forged"}, follow_redirects=False)
    assert forged.status_code == 403
    assert web_login(web, name, PASSWORD).status_code == 303


def test_content_disposition_is_rfc_6266_and_user_text_cannot_break_it():
    from wreckmaster.service.headers import content_disposition

    value = content_disposition('1876-0001-statement-a"b\r\nSet-Cookie: x=1-船主.pdf')
    assert "\r" not in value and "\n" not in value and value.count('"') == 2
    assert value.startswith('inline; filename="1876-0001-statement-a_b__Set-Cookie__x_1-__.pdf"; ')
    assert value.endswith("filename*=UTF-8''1876-0001-statement-a%22b%0D%0ASet-Cookie%3A%20x%3D1-%E8%88%B9%E4%B8%BB.pdf")
    assert content_disposition("2026-0001-notice.pdf") == \
        "inline; filename=\"2026-0001-notice.pdf\"; filename*=UTF-8''2026-0001-notice.pdf"


def _new_case(web, clerk) -> tuple[str, str]:
    page = web.get("/cases/new").text
    r = web.post("/cases/new", data={"csrf": _csrf(page), "regime": "jp-1875", "occurred": "1876-03-02",
                                     "kind": "drift", "waters": "sea", "place": "Shimoda"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    case_url = r.headers["location"]
    return case_url, web.get(case_url).text


def test_web_forms_apply_the_apis_text_checks(store, web, clerk):
    name, office = clerk
    page = web.get("/cases/new").text
    r = web.post("/cases/new", data={"csrf": _csrf(page), "regime": "jp-1875", "occurred": "1876-03-02",
                                     "place": "Shimo\x00da"})
    assert r.status_code == 422 and "NUL" in r.text
    assert store.list_cases(office=office.id) == []
    case_url, page = _new_case(web, clerk)
    case_id = case_url.rsplit("/", 1)[1]
    version = store.version(case_id, office=office.id)
    r = web.post(f"{case_url}/entries/party", data={"csrf": _csrf(page), "version": str(version),
                                                    "id": "fin\x00der", "roles": "finder"})
    assert r.status_code == 422 and "NUL" in r.text
    assert store.version(case_id, office=office.id) == version


def test_a_web_append_without_a_version_is_refused(store, web, clerk):
    name, office = clerk
    case_url, page = _new_case(web, clerk)
    case_id = case_url.rsplit("/", 1)[1]
    r = web.post(f"{case_url}/entries/party", data={"csrf": _csrf(page), "id": "finder", "roles": "finder"})
    assert r.status_code == 422 and "version" in r.text
    assert store.version(case_id, office=office.id) == 1
    r = web.post(f"{case_url}/entries/party", data={"csrf": _csrf(page), "id": "finder", "roles": "finder",
                                                    "version": "1"}, follow_redirects=False)
    assert r.status_code == 303 and store.version(case_id, office=office.id) == 2


@pytest.mark.parametrize("path", ["/login", "/logout", "/cases/new", "/cases/x/entries/party", "/api/cases"])
def test_every_route_has_a_body_limit(web, path):
    from wreckmaster.service import limits, params

    limit = limits.limit_for(path)
    assert limit == (limits.LOGIN_BODY if path in ("/login", "/logout") else params.MAX_BODY)
    r = web.post(path, content=b"a=" + b"x" * limit, headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413, (path, r.status_code)
    assert r.json() == {"errors": [{"pointer": "", "message": f"body larger than {limit} bytes"}]}


def test_a_chunked_body_past_the_limit_is_413(web):
    from wreckmaster.service import limits

    def chunks():
        for _ in range(limits.LOGIN_BODY // 1024 + 2):
            yield b"x" * 1024

    r = web.post("/login", content=chunks(), headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413


def test_a_client_that_goes_away_is_a_client_close_not_a_defect(store, caplog):
    """The ASGI app is called as a server calls it; the client disconnects halfway through its body."""
    import asyncio

    from wreckmaster.service.app import create_full_app

    app = create_full_app(store)
    office = make_office(store, "gone")
    sent = []

    async def run() -> None:
        messages = [{"type": "http.request", "body": b'{"format": ', "more_body": True},
                    {"type": "http.disconnect"}]

        async def receive():
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                 "scheme": "http", "path": "/api/cases", "raw_path": b"/api/cases", "query_string": b"",
                 "root_path": "", "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 80),
                 "headers": [(b"authorization", f"Bearer {office.clerk}".encode()),
                             (b"content-type", b"application/json")]}
        await app(scope, receive, send)

    with caplog.at_level(logging.INFO):
        asyncio.run(run())
    access = [json.loads(r.getMessage()) for r in caplog.records if r.name == "wreckmaster.access"]
    assert [a["status"] for a in access] == [499]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]      # no defect, no traceback
    assert any("client closed the connection" in r.getMessage() for r in caplog.records)
    assert store.list_cases(office=office.id) == []


def test_any_file_name_makes_one_safe_header_value_that_gives_the_name_back():
    from urllib.parse import unquote

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from wreckmaster.service.headers import content_disposition

    @settings(max_examples=300, deadline=None)
    @given(st.text(st.characters(codec="utf-8"), max_size=80))
    def check(name: str) -> None:
        value = content_disposition(name)
        assert value.isascii() and value.isprintable()           # no CR, LF, NUL: one header line
        plain = value.split('filename="', 1)[1].split('"', 1)[0]
        assert value.count('"') == 2 and '"' not in plain and ";" not in plain
        assert unquote(value.split("filename*=UTF-8''", 1)[1], errors="strict") == name

    check()


def test_a_party_id_with_a_quote_or_cr_lf_cannot_break_the_pdfs_response(store, web, clerk, monkeypatch):
    from wreckmaster import documents

    monkeypatch.setattr(documents, "render_pdf", lambda *a, **k: b"%PDF-1.4 fake")
    case_url, _ = _new_case(web, clerk)
    r = web.get(f"{case_url}/documents/statement.pdf", params={"party": 'own"er\r\nSet-Cookie: stolen=1'})
    assert r.status_code == 200 and r.content == b"%PDF-1.4 fake"
    assert "stolen" not in r.cookies and "set-cookie" not in {k.lower() for k in r.headers}
    disposition = r.headers["Content-Disposition"]
    assert "\r" not in disposition and "\n" not in disposition and disposition.count('"') == 2
    assert disposition.endswith("-statement-own%22er%0D%0ASet-Cookie%3A%20stolen%3D1.pdf")
