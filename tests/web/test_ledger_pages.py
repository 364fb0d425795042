"""The persons register page and a page per person with his ledger (issue 28), through the app
in-process (no browser needed: plain pages, no script)."""
from __future__ import annotations

import pytest

from ..store.test_persons import taiwan
from tests.service.conftest import web_login
from tests.conftest import PASSWORD, PASSWORD_2


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    from wreckmaster import web
    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('ledger-web') / 'web.db'}")
    store.add_office("tamsui", "淡水廳")
    store.add_office("keelung", "基隆廳")
    store.add_user("clerk", "tamsui", password=PASSWORD)
    store.add_user("stranger", "keelung", password=PASSWORD_2)
    store.persons.add("tamsui", "lin", "林", post="淡水同知", station="滬尾")
    store.persons.add("keelung", "huang", "黃")
    cases = [store.open_case(taiwan(d, v, r), office="tamsui")[0]
             for d, v, r in (("1891-06-10", "12000", "1891-06-20"), ("1892-02-14", "10000", "1892-02-24"),
                             ("1892-07-01", "10000", "1892-07-10"))]
    app = create_app(store, routers=web.routers())
    web.mount_static(app)
    with TestClient(app) as c:
        c.case_ids = cases
        yield c
    store.close()


def login(client, name, password):
    client.cookies.clear()
    r = web_login(client, name, password, next="/persons")   # with the login form's CSRF token (issue 24)
    assert r.status_code == 303


def test_the_register_and_a_persons_record_in_chinese_with_english_beside(client):
    login(client, "clerk", PASSWORD)
    r = client.get("/persons")
    assert r.status_code == 200 and "官董名冊" in r.text and 'href="/persons/lin?lang=zh"' in r.text
    r = client.get("/persons/lin", params={"as_of": "1893-01-01"})
    assert r.status_code == 200
    assert "林 · 淡水同知 · 滬尾" in r.text and "藩司注冊記功" in r.text
    assert "光緒" in r.text                                    # era dates beside the ISO ones
    assert "三功以上者，詳酌記外獎" in r.text and "third merit" in r.text
    assert r.text.count("qing-taiwan:2") >= 3
    en = client.get("/persons/lin", params={"as_of": "1893-01-01", "lang": "en"})
    assert "a merit registered (注冊記功)" in en.text
    early = client.get("/persons/lin", params={"as_of": "1891-12-31"})
    assert "詳酌記外獎" not in early.text


def test_the_case_page_links_a_party_to_his_ledger(client):
    login(client, "clerk", PASSWORD)
    r = client.get(f"/cases/{client.case_ids[0]}")
    assert r.status_code == 200, r.text
    assert 'href="/persons/lin?lang=' in r.text


def test_another_offices_person_is_not_found_and_login_is_needed(client):
    login(client, "clerk", PASSWORD)
    assert client.get("/persons/huang").status_code == 404
    login(client, "stranger", PASSWORD_2)
    assert "林" not in client.get("/persons").text
    client.cookies.clear()
    r = client.get("/persons/lin", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
