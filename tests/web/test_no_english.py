"""Issue 25: ``ja``, ``fr`` and ``zh`` pages carry no English, office and public (``english_scan``),
every page type: the cases, a case of every regime with each of its event forms, a refused
entry, the new case, the persons register, the inbox, the notice board, a notice, the finder's
report and its status, a page not found, a document that needs a fact first."""
from __future__ import annotations

import re

import pytest

from wreckmaster.law.regime import available
from tests.web.english_scan import english_words, untranslated
from tests.web.test_forms_walk import OCCURRED, _csrf_and_version, _open, client  # noqa: F401 - the module's client

LANGS = ("ja", "fr", "zh")
#: the user's name and the offices' ids and names the store was given: data, not the page's words
DATA = {"tanaka", "misaki", "local"}


def _data_words(store, case_id: str) -> set[str]:
    """The words the clerk typed (names, descriptions, places): the case's data, not the page's
    (enumerated values, roles and states are the page's words, and are scanned)."""
    doc = store.export(case_id, office="misaki")
    texts = [doc["case"].get("place") or "", (doc["case"].get("vessel") or {}).get("name") or ""]
    texts += [x.get("name") or "" for x in doc.get("parties", []) + doc.get("persons", [])]
    texts += [x.get("description") or "" for x in doc.get("items", [])]
    # the ids the case gives (parties, persons, items, the coast's segments): a finding's sentence
    # names them as the case does
    texts += _ids(doc)
    return set(re.findall(r"[A-Za-z]+", " ".join(texts)))


def _ids(node) -> list[str]:
    if isinstance(node, dict):
        return ([str(node["id"])] if isinstance(node.get("id"), str) else []) + [i for v in node.values() for i in _ids(v)]
    if isinstance(node, list):
        return [i for v in node for i in _ids(v)]
    return []


@pytest.fixture(scope="module")
def cases(client):  # noqa: F811
    store = client.store
    out = {}
    for regime in sorted(available()):
        case_id = _open(store, regime)
        store.record(case_id, [{"event": {"type": "notice_posted", "date": OCCURRED[regime], "items": ["cask"]}}],
                     recorded_by="tanaka", office="misaki")
        out[regime] = case_id
    return out


def _pages(client, cases):  # noqa: F811
    from wreckmaster.web import forms

    yield "/cases", set()
    yield "/cases/new", set()
    yield "/persons", set()
    yield "/inbox", set()
    yield "/notices", set().union(*(_data_words(client.store, c) for c in cases.values()))
    yield "/report", set()
    yield "/report/status", set()
    yield "/cases/no-such-case", set()
    yield "/login", set()
    for regime, case_id in cases.items():
        words = _data_words(client.store, case_id)
        yield f"/cases/{case_id}", words
        yield f"/cases/{case_id}/documents/notice.pdf", words
        yield f"/notices/{case_id}/cask", words
        for etype in forms.event_types(regime):
            yield f"/cases/{case_id}?event_type={etype}", words


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_on_the_pages(client, cases, lang):  # noqa: F811
    found, fallbacks = {}, 0
    for path, allowed in _pages(client, cases):
        allowed = allowed | DATA
        r = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}")
        if not r.headers.get("content-type", "").startswith("text/html"):
            continue
        words = english_words(r.text, allowed, lang)
        fallbacks += untranslated(r.text, lang)
        if words:
            found[path.split("?")[0] if "event_type" not in path else path] = words
    # a refused entry: the refusal next to its field and at the form's top, in the page's language
    case_id = cases["jp-1899-2025"]
    page = client.get(f"/cases/{case_id}", params={"event_type": "owner_claimed", "lang": lang})
    csrf, version = _csrf_and_version(page.text)
    refused = client.post(f"/cases/{case_id}/entries/event", data={
        "csrf": csrf, "version": version, "lang": lang, "event_type": "owner_claimed", "date": "2026-03-05"})
    assert refused.status_code == 422
    words = english_words(refused.text, DATA | _data_words(client.store, case_id), lang)
    if words:
        found["a refused entry"] = words
    assert found == {}, "\n".join(f"{p}: {' '.join(w)}" for p, w in found.items())
    print(f"{lang}: {fallbacks} messages in English for want of a local template")


def test_the_scan_finds_english():
    """The scan is evidence: English in a Japanese or French page is found, the law's own words
    in a third language (lang="fr" on a Japanese page), codes and ids are not."""
    page = ('<html lang="ja"><body><p>所有者 <code>buoy-1</code> jp-1899-2025:24 <span lang="fr">épave</span></p>'
            '<p>Record the owner</p><input placeholder="pick one"></body></html>')
    assert english_words(page, lang="ja") == ["Record", "the", "owner", "pick", "one"]
    assert english_words('<p lang="fr">Inscrire la remise</p><p>the owner may claim</p>', lang="fr") == \
        ["the", "owner", "may", "claim"]
