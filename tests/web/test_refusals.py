"""Issue 25: a refused entry is shown in the page's language, next to its field (``aria-invalid``)
or at the form's top; the store and the API still give the English (CASE.md).

Each refusal has a code and values (``web/refusals.py``): the forms' own (a date that is not a
day, a future act), the store's Conflict and Forbidden, and the engine's sentences, read back
into a code by a pattern.
"""
from __future__ import annotations

import re
import string
from html import unescape

import pytest

from wreckmaster.store.errors import InvalidEntry
from wreckmaster.web import refusals
from tests.web.test_forms_walk import _csrf_and_version, _open, client  # noqa: F401 - the module's client

SAMPLE = {"type": "sold", "id": "buoy-1", "item": "buoy-1", "date": "2026-03-05", "found": "2026-03-06", "got": "-3",
          "first": "/items/0/id", "section": "items", "rest": "", "target": "9", "seq": "3", "current": "4",
          "today": "2026-03-01", "text": "x", "example": "明治九年三月二日", "era": "光緒", "years": "34",
          "first_year": "1875", "last": "1908", "year": "光緒十六年", "month": "閏三月", "leap_month": "閏二月",
          "days": "29", "day": "30", "case": "2026-0001", "expected": "3", "n": "2000", "bound": "90"}


def _names(template: str) -> set[str]:
    return {name for _t, name, _f, _c in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(refusals.MESSAGES))
def test_every_refusal_is_written_in_every_language_from_the_same_values(code):
    row = refusals.MESSAGES[code]
    assert set(row) == {"en", "ja", "zh", "fr"}, code
    names = _names(row["en"])
    for lang, template in row.items():
        assert _names(template) <= names | {"leap_note"}, (code, lang)
        text, shown_in = refusals.local(refusals.Refusal(code, **SAMPLE), lang)
        assert shown_in == lang and text


@pytest.mark.parametrize(("code", "rx"), refusals.PATTERNS, ids=[c for c, _ in refusals.PATTERNS])
def test_each_pattern_reads_its_own_english_back(code, rx):
    english = refusals.MESSAGES[code]["en"].format(**SAMPLE)
    found = refusals.read(english)
    assert found is not None and found.code == code, english


def test_a_message_with_no_code_stays_english():
    assert refusals.local("something the pages do not know", "ja") == ("something the pages do not know", "en")


def test_the_stores_sentences_are_the_ones_the_patterns_read(client):  # noqa: F811
    """The engine's refusals of a case's entries, as the API answers them, each read into a code."""
    store = client.store
    case_id = _open(store, "jp-1899-2025")
    bad = [{"event": {"type": "delivered", "date": "2026-02-27", "items": ["cask"], "by": ["finder"]}},
           {"event": {"type": "delivered", "date": "2026-03-05", "items": ["nope"], "by": ["ghost"]}},
           {"event": {"type": "owner_claimed", "date": "2026-03-05"}},
           {"event": {"type": "sold", "date": "2026-13-05", "item": "cask", "price": "abc"}},
           {"add": "item", "value": {"id": "cask", "description": "x"}},
           {"retract": 9, "reason": "x"}]
    codes = set()
    for entry in bad:
        with pytest.raises(InvalidEntry) as caught:
            store.record(case_id, entry, office="misaki")
        for _pointer, message in caught.value.problems:
            found = refusals.read(message)
            assert found is not None, message
            codes.add(found.code)
    assert codes >= {"before-find", "no-party-or-person", "no-item", "required-for-event", "not-a-valid-date",
                     "not-a-number", "duplicate-id", "no-earlier-entry"}


def _post(client, case_id, lang, **fields):  # noqa: F811
    page = client.get(f"/cases/{case_id}", params={"event_type": fields.get("event_type", "notice_posted"),
                                                   "lang": lang})
    csrf, version = _csrf_and_version(page.text)
    return client.post(f"/cases/{case_id}/entries/event", data={"csrf": csrf, "version": version, "lang": lang,
                                                                 **fields}, follow_redirects=False)


def test_a_refusal_of_the_store_is_next_to_its_field_in_japanese(client):  # noqa: F811
    case_id = _open(client.store, "jp-1899-2025")
    r = _post(client, case_id, "ja", event_type="owner_claimed", date="2026-03-05")
    assert r.status_code == 422
    html = unescape(r.text)
    assert re.search(r'id="ev-by"[^>]*aria-invalid="true"', html)
    assert '<span class="field-error" id="err-ev-by">「所有者の請求」には必須の項目です</span>' in html
    assert "required for" not in html                       # the English only when asked (?both=1 / English page)
    # the store's own sentence is unchanged for the API and the command line
    with pytest.raises(InvalidEntry) as caught:
        client.store.record(case_id, {"event": {"type": "owner_claimed", "date": "2026-03-05"}}, office="misaki")
    assert ("/events/0/by", "required for a 'owner_claimed' event") in caught.value.problems


def test_an_event_before_its_find_is_refused_in_french_and_in_english(client):  # noqa: F811
    case_id = _open(client.store, "fr-epaves")
    fields = {"event_type": "notice_posted", "date": "1917-04-10", "items": "cask"}
    fr = unescape(_post(client, case_id, "fr", **fields).text)
    assert "« barrique » n’a été trouvé que le 1917-04-18" in fr or "« cask » n’a été trouvé que le 1917-04-18" in fr
    en = unescape(_post(client, case_id, "en", **fields).text)
    assert "which was found only on 1917-04-18 (items[].found.date)" in en   # the API's sentence, as it is


def test_a_qing_date_that_does_not_exist_is_refused_in_chinese(client):  # noqa: F811
    case_id = _open(client.store, "qing-shandong")
    r = _post(client, case_id, "zh", event_type="notice_posted", date="光緒十六年閏三月初一日", items="cask")
    assert r.status_code == 422
    html = unescape(r.text)
    assert re.search(r'id="ev-date"[^>]*aria-invalid="true"', html)
    assert "光緒十六年無閏三月（是年閏月為閏二月）" in html
    assert _post(client, case_id, "zh", event_type="notice_posted", date="光緒十六年六月初二日",
                 items="cask").status_code == 303              # 1890-07-18, after the find of 1890-07-01
    assert client.store.history(case_id, office="misaki")[-1]["entry"]["event"]["date"] == "1890-07-18"


def test_a_future_act_is_questioned_in_the_pages_language(client):  # noqa: F811
    case_id = _open(client.store, "jp-1899-2025")
    r = _post(client, case_id, "fr", event_type="notice_posted", date="2999-01-01", items="cask")
    assert r.status_code == 422
    html = unescape(r.text)
    assert "le 2999-01-01 est postérieur à aujourd’hui" in html and 'name="confirm_future"' in html


def test_a_conflict_is_told_in_french_at_the_forms_top(client):  # noqa: F811
    store = client.store
    case_id = _open(store, "fr-epaves")
    page = client.get(f"/cases/{case_id}", params={"event_type": "notice_posted", "lang": "fr"})
    csrf, version = _csrf_and_version(page.text)
    store.record(case_id, [{"add": "party", "value": {"id": "maire", "name": "Le maire", "roles": ["mayor"]}}],
                 recorded_by="suzuki", office="misaki")
    r = client.post(f"/cases/{case_id}/entries/event", data={
        "csrf": csrf, "version": version, "lang": "fr", "event_type": "notice_posted", "date": "1917-04-19",
        "items": "cask"}, follow_redirects=False)
    assert r.status_code == 409
    top = unescape(r.text).split('class="error" role="alert"')[1].split("</div>")[0]
    assert 'lang="fr"' in top and "l’affaire est à la version 2" in top


def test_a_finders_report_is_refused_in_the_pages_language(client):  # noqa: F811
    """The public report form (issue 27): its refusals, at the form's top with their field's label."""
    r = client.post("/report", data={"lang": "ja", "description": "赤い浮き玉", "found_on": "2026-03-02",
                                     "state": "floating"}, files={"photo": ("", b"", "application/octet-stream")})
    assert r.status_code == 422, r.text[:300]
    top = unescape(r.text).split('class="error" role="alert"')[1].split("</div>")[0]
    assert "場所か、緯度・経度を入力してください" in top and "give lat and lon" not in top
