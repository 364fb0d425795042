"""Issue 25: the event picker and the event forms speak the page's language, whatever the case's
regime. Every event type, field and enumerated value a regime declares has a label in ja, fr and
zh — the regime's own (``events.yaml``) where it writes that language, else the shared
``law/labels.yaml`` — and a case of one regime on a page in another language shows them, with
the English beside them only when the user asks for both (``?both=1``)."""
from __future__ import annotations

import pytest

from wreckmaster.law.events import common_fields
from wreckmaster.law.regime import available, get
from tests.web.english_scan import english_words
from tests.web.test_forms_walk import OCCURRED, _open, client  # noqa: F401 - the module's client
from tests.web.test_no_english import DATA, _data_words

LANGS = ("ja", "fr", "zh")


def _declared(regime: str):
    """(section, key) of every event type, field and enumerated value the regime offers."""
    ev = get(regime).events
    for etype in ev:
        yield "events", etype
        for f in (*ev.spec(etype).fields, *common_fields()):
            yield "fields", f.name
            for v in f.values:
                yield "values", v


@pytest.mark.parametrize("regime", sorted(available()))
def test_every_declared_event_field_and_value_has_a_label_in_every_page_language(regime):
    ev = get(regime).events
    look = {"events": ev.event_label, "fields": ev.field_label, "values": ev.value_label}
    missing = sorted({f"{section}/{key}:{lang}" for section, key in _declared(regime) for lang in LANGS
                      if not look[section](key, lang)})
    assert missing == []
    english = {"events": ev.event_label, "fields": ev.field_label, "values": ev.value_label}
    assert all(english[s](k, "en") for s, k in _declared(regime)), "every label has its English (for ?both=1)"


def test_the_shared_labels_are_consulted_after_the_regime_s_own():
    """A regime's own words win (jp-1875 calls its ``ship`` field 船体); the shared table fills the
    languages it lacks (French and Chinese for jp-1875, Japanese for fr-epaves)."""
    jp, fr = get("jp-1875").events, get("fr-epaves").events
    assert jp.field_label("ship", "ja") == "船体"
    assert jp.field_label("ship", "fr") == "navire" and jp.event_label("sea_protest_issued", "fr") == "rapport de mer délivré"
    assert fr.event_label("advance_paid", "fr") == "avance versée"          # its own
    assert fr.event_label("advance_paid", "ja") == "前払金の支払"            # the shared table
    assert get("jp-1899").events.value_label("horse", "zh") == "馬"          # values fall back too


#: (regime of the case, page language, event types whose form is checked)
CROSS = [("fr-epaves", "ja", ("advance_paid", "excuse_offered", "state_intervened", "landed")),
         ("jp-1899-2025", "fr", ("requisitioned", "held_goods_disposed", "sold", "owner_informed")),
         ("jp-village-ferry", "zh", ("disposed", "theft", "request_refused")),
         ("qing-shandong", "ja", ("master_directed", "boats_dispatched", "goods_concealed", "patrol_joined")),
         ("qing-taiwan", "fr", ("goods_stored", "accused", "rescue_neglected"))]


@pytest.fixture(scope="module")
def cases(client):  # noqa: F811
    return {regime: _open(client.store, regime) for regime, _, _ in CROSS}


@pytest.mark.parametrize("regime,lang,etypes", CROSS, ids=[f"{r}-on-{lang}" for r, lang, _ in CROSS])
def test_a_case_on_a_page_in_another_language_shows_its_events_in_the_page_s(client, cases, regime, lang, etypes):  # noqa: F811
    case_id = cases[regime]
    allowed = DATA | _data_words(client.store, case_id)
    ev = get(regime).events
    for etype in etypes:
        page = client.get(f"/cases/{case_id}", params={"event_type": etype, "lang": lang})
        partial = client.get(f"/cases/{case_id}/event-fields", params={"event_type": etype, "lang": lang})
        assert page.status_code == partial.status_code == 200, (etype, partial.status_code)
        for html in (page.text, partial.text):
            assert english_words(html, allowed, lang) == [], etype
            assert f">{ev.event_label(etype, lang)}<" in page.text          # the picker, in the page's language
            for f in ev.spec(etype).fields:
                assert ev.field_label(f.name, lang) in html, (etype, f.name)
                for v in f.values:
                    assert f">{ev.value_label(v, lang)}</option>" in html, (etype, v)
        # English beside the local words only when asked for
        en = ev.event_label(etype, "en")
        assert f"{ev.event_label(etype, lang)} · {en}" not in page.text
        both = client.get(f"/cases/{case_id}", params={"event_type": etype, "lang": lang, "both": "1"})
        assert f"{ev.event_label(etype, lang)} · {en}" in both.text


def test_the_scan_reads_the_event_forms():
    """The picker and the fields are scanned (they were left out until the labels were complete):
    an English event name in the picker of a Japanese page is found."""
    page = ('<select id="event_type"><option value="x">advance paid</option></select>'
            '<div id="event-fields"><label for="a">amount</label></div>')
    assert english_words(page, lang="ja") == ["advance", "paid", "amount"]
