"""Issue 25: every event type of every regime is recorded through its form (no browser: the form
is posted with the test client), and the pages answer a clerk's mistakes next to the field.

The forms come from the regime's declarations (``events.yaml``, ``forms.event_types``): fr-epaves
offers ``landed`` and ``notice_posted``; each event, field and enumerated value is labelled in the
regime's language (issue 22). Each form is read (GET), filled with a value of each field's
kind, and posted: the answer is the POST-redirect-GET to the case with the "recorded"
confirmation, and the store has the event exactly as the form gave it.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from html import unescape

import pytest
from fastapi.testclient import TestClient

from wreckmaster.law.regime import available, get
from wreckmaster.web import forms
from tests.service.conftest import web_login
from tests.conftest import PASSWORD, PASSWORD_2

OCCURRED = {"fr-epaves": "1917-04-18", "jp-1875": "1880-05-01", "jp-1899": "1905-03-01",
            "jp-1899-2025": "2026-03-01", "jp-village-ferry": "1880-08-01", "qing-shandong": "1890-07-01",
            "qing-taiwan": "1891-04-03"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from wreckmaster import web
    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('walk') / 'walk.db'}")
    store.add_office("misaki", "三崎町役場")
    store.add_user("tanaka", "misaki", role="clerk", password=PASSWORD)
    app = create_app(store, routers=web.routers())
    web.mount_static(app)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        r = web_login(c, "tanaka", PASSWORD)   # with the login form's CSRF token (issue 24)
        assert r.status_code == 303
        c.store = store  # type: ignore[attr-defined]
        yield c


def _open(store, regime: str) -> str:
    coast = {"coast": {"case_segment": "seg", "segments": [{"id": "seg", "name": "八斗子段", "station": {"headman": "finder"}}],
                       "patrol": [{"id": "ship-1", "name": "巡船"}]}} \
        if regime.startswith("qing") else {}
    case_id, _ = store.open_case({**coast,
        "format": "wreckmaster.scenario/1", "regime": regime,
        "case": {"occurred": OCCURRED[regime], "kind": "wreck", "waters": "sea", "place": "浜"},
        "parties": [{"id": "finder", "name": "漁師 太助", "roles": ["finder", "salvor"]},
                    {"id": "owner", "name": "船主", "roles": ["owner"]}],
        "items": [{"id": "cask", "description": "barrique", "kind": "cargo", "value": "400",
                   "found": {"date": OCCURRED[regime], "by": ["finder"], "state": "floating",
                             "distance_from_coast_m": "500"}}]}, office="misaki", recorded_by="tanaka")
    return case_id


def _csrf_and_version(html: str) -> tuple[str, str]:
    csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    version = re.search(r'name="version" value="([^"]+)"', html).group(1)
    return unescape(csrf), version


def _value(f: forms.FormField, day: str) -> list[str]:
    if f.choices:
        return [f.choices[0][0]]
    return {"amount": ["10"], "amounts": ["10, 12"], "ratio": ["1/4"], "fraction": ["1/3"], "date": [day],
            "bool": ["on"], "count": ["1"], "texts": ["a, b"]}.get(f.kind, ["text"])


@pytest.mark.parametrize("regime", sorted(available()))
def test_every_event_type_through_its_form(client, regime):
    store = client.store
    case_id = _open(store, regime)
    day = (date.fromisoformat(OCCURRED[regime]) + timedelta(days=2)).isoformat()
    types = forms.event_types(regime)
    assert types, regime
    for etype in types:
        page = client.get(f"/cases/{case_id}", params={"event_type": etype})
        assert page.status_code == 200, (regime, etype)
        assert f'name="event_type" value="{etype}"' in page.text
        csrf, version = _csrf_and_version(page.text)
        scenario = store.scenario(case_id, office="misaki")
        data: dict[str, list[str] | str] = {"csrf": csrf, "version": version, "lang": "en",
                                            "event_type": etype, "date": day}
        for f in forms.event_fields(etype, scenario):
            if f.required or f.kind in ("bool",):
                data[f.name] = _value(f, day)
        r = client.post(f"/cases/{case_id}/entries/event", data=data, follow_redirects=False)
        assert r.status_code == 303, (regime, etype, r.status_code, re.findall(r'class="field-error"[^>]*>([^<]*)', r.text),
                                      re.findall(r"<li><code>([^<]*)</code>: ([^<]*)</li>", r.text))
        assert "saved=event" in r.headers["location"]
        landed = client.get(r.headers["location"])
        assert 'id="saved"' in landed.text
        last = store.history(case_id, office="misaki")[-1]["entry"]["event"]
        assert last["type"] == etype and last["date"] == day


@pytest.mark.parametrize("regime", sorted(available()))
def test_every_event_form_is_labelled_in_the_regimes_language(client, regime):
    """Issue 22: the form of every event the regime offers shows the event, each field and each
    enumerated value by its declared label in the regime's language, which is not the English one."""
    declared, lang = get(regime).events, get(regime).language
    case_id = _open(client.store, regime)
    scenario = client.store.scenario(case_id, office="misaki")
    for etype in forms.event_types(regime):
        page = unescape(client.get(f"/cases/{case_id}", params={"event_type": etype, "lang": lang}).text)
        assert f"selected>{declared.event_label(etype, lang)}</option>" in page, (regime, etype)
        for f in forms.event_fields(etype, scenario):
            label = declared.field_label(f.name, lang)
            assert label and label != declared.field_label(f.name, "en"), (regime, etype, f.name)
            assert f">{label}" in page or f"> {label}</label>" in page, (regime, etype, f.name, label)
            for value, _ in f.choices if f.kind.startswith("enum:") else ():
                assert f">{declared.value_label(value, lang)}</option>" in page, (regime, etype, value)


def test_fr_epaves_offers_landing_and_notice(client):
    types = forms.event_types("fr-epaves")
    assert {"landed", "notice_posted", "declared", "sold"} <= set(types)


def _post_event(client, case_id: str, lang: str, **fields: str):
    page = client.get(f"/cases/{case_id}", params={"event_type": "notice_posted", "lang": lang})
    csrf, version = _csrf_and_version(page.text)
    data = {"csrf": csrf, "version": version, "lang": lang, "event_type": "notice_posted", **fields}
    return client.post(f"/cases/{case_id}/entries/event", data=data, follow_redirects=False)


def test_an_era_date_is_read_and_a_future_act_is_questioned(client):
    store = client.store
    case_id = _open(store, "jp-1899-2025")
    before = store.version(case_id, office="misaki")
    r = _post_event(client, case_id, "ja", date="令和8年3月3日", items="cask")
    assert r.status_code == 303
    assert store.history(case_id, office="misaki")[-1]["entry"]["event"]["date"] == "2026-03-03"
    # after today: questioned, kept, nothing stored; ticking the box records it
    future = (date.today() + timedelta(days=30)).isoformat()
    r = _post_event(client, case_id, "ja", date=future, items="cask")
    assert r.status_code == 422
    assert 'aria-invalid="true"' in r.text and 'id="err-ev-date"' in r.text
    assert f'value="{future}"' in r.text                      # the form keeps what was typed
    assert 'name="confirm_future"' in r.text
    assert store.version(case_id, office="misaki") == before + 1
    r = _post_event(client, case_id, "ja", date=future, items="cask", confirm_future="on")
    assert r.status_code == 303


def test_a_bad_era_date_answers_next_to_the_field_in_a_japanese_page(client):
    case_id = _open(client.store, "jp-1899-2025")
    r = _post_event(client, case_id, "ja", date="明治九年", items="cask")
    assert r.status_code == 422 and 'lang="ja"' in r.text
    assert re.search(r'id="ev-date"[^>]*aria-invalid="true"', r.text)
    assert "月と日" in r.text or "month and day" in r.text


def test_an_item_by_position_and_cables_gets_an_id_and_the_conversion(client):
    store = client.store
    case_id = _open(store, "fr-epaves")
    page = client.get(f"/cases/{case_id}", params={"lang": "fr"})
    csrf, version = _csrf_and_version(page.text)
    r = client.post(f"/cases/{case_id}/entries/item", data={
        "csrf": csrf, "version": version, "lang": "fr", "description": "buoy of cork", "kind": "cargo",
        "value": "50", "found_date": "1917-04-19", "found_by": "finder", "state": "floating",
        "position": "48°39,6′ N 4°36′ W", "distance": "2", "distance_unit": "cable"}, follow_redirects=False)
    assert r.status_code == 303
    landed = client.get(r.headers["location"])
    assert "2 encablures × 185,2 m = 370,4 m" in unescape(landed.text)
    item = store.export(case_id, office="misaki")["items"][-1]
    assert item["id"] == "buoy-1"
    assert item["found"]["position"] == {"lat": "48.66", "lon": "-4.6"}
    assert str(item["found"]["distance_from_coast_m"]) == "370.4"


def test_a_conflict_keeps_the_second_clerks_input(client):
    store = client.store
    case_id = _open(store, "jp-1899-2025")
    page = client.get(f"/cases/{case_id}", params={"event_type": "notice_posted", "lang": "ja"})
    csrf, version = _csrf_and_version(page.text)
    store.record(case_id, [{"add": "party", "value": {"id": "mayor", "name": "町長", "roles": ["mayor"]}}],
                 recorded_by="suzuki", office="misaki")
    r = client.post(f"/cases/{case_id}/entries/event", data={
        "csrf": csrf, "version": version, "lang": "ja", "event_type": "notice_posted", "date": "2026-03-04",
        "items": "cask"}, follow_redirects=False)
    assert r.status_code == 409
    assert 'value="2026-03-04"' in r.text and "その間の記録" in r.text and "町長" in r.text


def _open_from_the_pages(client, regime: str, occurred: str) -> str:
    page = client.get("/cases/new")
    csrf = unescape(re.search(r'name="csrf" value="([^"]+)"', page.text).group(1))
    r = client.post("/cases/new", data={"csrf": csrf, "regime": regime, "occurred": occurred, "kind": "drift",
                                        "waters": "sea", "place": "三崎 浜", "reporter": "漁師 太助"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def test_the_mayor_is_in_a_case_opened_from_the_pages_and_the_office_named(client):
    case_id = _open_from_the_pages(client, "jp-1899-2025", "令和8年3月1日")
    doc = client.store.export(case_id, office="misaki")
    assert doc["case"]["occurred"] == "2026-03-01"
    assert {"id": "mayor", "name": "三崎町役場", "roles": ["mayor"]} in doc["parties"]
    page = client.get(f"/cases/{case_id}")
    assert 'lang="ja"' in page.text and "三崎町役場" in page.text
    assert "市町村長" in page.text                       # the role, in the case's language
    assert "Add an item saved or found" not in page.text  # no English unless asked
    assert "Add an item saved or found" in client.get(f"/cases/{case_id}", params={"both": "1"}).text


def test_a_supervisors_correction_picks_the_field(client):
    case_id = _open(client.store, "jp-1899-2025")
    client.store.add_user("suzuki", "misaki", role="supervisor", password=PASSWORD_2)
    with TestClient(client.app, base_url="http://127.0.0.1") as sup:
        assert web_login(sup, "suzuki", PASSWORD_2).status_code == 303   # the login form's CSRF token (issue 24)
        page = sup.get(f"/cases/{case_id}")
        assert '<select id="am-ptr" name="pointer"' in page.text
        assert 'value="/items/cask/value"' in page.text          # a field of the case as it stands
        csrf, version = _csrf_and_version(page.text)
        r = sup.post(f"/cases/{case_id}/entries/amend", data={"csrf": csrf, "version": version, "lang": "ja",
                                                               "pointer": "/items/cask/value", "value": "450"},
                     follow_redirects=False)
        assert r.status_code == 303
    assert str(client.store.export(case_id, office="misaki")["items"][0]["value"]) == "450"


def test_the_case_as_it_stood_and_its_document_links(client):
    store = client.store
    case_id = _open(store, "jp-1899-2025")
    store.record(case_id, [{"add": "item", "value": {"id": "net-1", "description": "漁網", "kind": "gear",
                                                     "found": {"date": "2026-03-20", "by": ["finder"]}}},
                           {"event": {"type": "notice_posted", "date": "2026-03-21", "items": ["cask"]}}],
                 recorded_by="tanaka", office="misaki")
    early = client.get(f"/cases/{case_id}", params={"as_of": "2026-03-10"})
    inventory = lambda html: html[html.index('id="inv-h"'):].split("</section>")[0]  # noqa: E731
    assert early.status_code == 200 and "漁網" not in inventory(early.text)   # found later: not in the inventory
    assert 'name="as_of"' in early.text and 'value="2026-03-10"' in early.text
    assert "as_of=2026-03-10" in early.text                          # the document links carry it
    assert "漁網" in inventory(client.get(f"/cases/{case_id}", params={"as_of": "2026-03-25"}).text)
    listed = client.get("/cases", params={"as_of": "2026-02-01"})
    assert f"/cases/{case_id}" not in listed.text                    # opened for a later casualty


def test_a_document_that_needs_a_fact_answers_with_a_page_not_plain_text(client):
    case_id = _open(client.store, "fr-epaves")
    r = client.get(f"/cases/{case_id}/documents/notice.pdf")
    assert r.status_code == 422 and r.headers["content-type"].startswith("text/html")
    assert 'lang="fr"' in r.text and "notice_posted" in r.text
