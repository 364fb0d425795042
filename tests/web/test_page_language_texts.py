"""Issue 25: a case page in a language other than the case's shows the steps, duties, deadline
notes and findings in the page's language where the regime has templates in it
(``messages.yaml``, ``Templates.render_in``), else in the case's language (``lang=`` of the case)
as before; a deadline's note is in the case's language (``note_local``) where the regime writes
one, not English marked untranslated.

The regime is toy-1900 (``tests/toy_regime``, French), from a temporary copy of its folder whose
``messages.yaml`` adds Japanese templates for its steps, its duty and a finding, and a note in
French and Japanese that one extra rule (declared here) writes on a deadline."""
from __future__ import annotations

import dataclasses
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient

from wreckmaster.law import regime as registry
from wreckmaster.law.rules import rule

from tests.conftest import PASSWORD
from tests.service.conftest import web_login

TOY = "toy-1900"
HERE = Path(__file__).resolve().parents[1] / "toy_regime"

JA = {"steps": {"declaration-due": "{item}：{found}拾得、{due}までに届出",
                "claim-until": "{item}：{posted}掲示、所有者は{due}まで請求できる"},
      "duties": {"declare-find": "{item}の拾得を役場に届け出る"},
      "findings": {"declaration-late": "{item}：{declared}に届出、期限{due}の後（第1条）"},
      "notes": {"kept-by-finder": "拾得者が{item}を保管"}}
NOTE_FR = "{item} : gardée par l’inventeur"
NOTE_EN = "{item}: kept by the finder"


@rule(cites=["toy-1900:1.1"], reads=["item.found"])
def kept_note(ctx) -> None:
    """Art 1 ¶1 (the toy's), a deadline with a note: written by the note's template (tests only)."""
    from datetime import timedelta

    for item in ctx.scenario.items:
        if item.found and item.found.date:
            ctx.deadline("declare-find", None, item.found.date + timedelta(days=3), None, ["toy-1900:1.1"],
                         note="kept-by-finder", item=item.id)


@pytest.fixture(scope="module")
def toy_ja(tmp_path_factory):
    """toy-1900 from a copy of its folder with the Japanese templates (and the note) added."""
    was = registry.get(TOY) if TOY in registry.available() else None   # before the import registers it
    from tests.toy_regime import law

    folder = tmp_path_factory.mktemp("toy") / "toy_regime"
    shutil.copytree(HERE, folder, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    data = yaml.safe_load((folder / "messages.yaml").read_text(encoding="utf-8"))
    for section, rows in JA.items():
        for key, text in rows.items():
            data.setdefault(section, {}).setdefault(key, {})["ja"] = text
    data["notes"]["kept-by-finder"].update(en=NOTE_EN, fr=NOTE_FR)
    (folder / "messages.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    if TOY in registry.available():
        registry.unregister(TOY)      # its events would be declared twice
    toy = registry.register(dataclasses.replace(law.REGIME, folder=folder, rules=[*law.REGIME.rules, kept_note]))
    yield toy
    registry.unregister(TOY)          # the other tests see the package's regimes only
    if was is not None:
        registry.register(was)


@pytest.fixture(scope="module")
def page_client(toy_ja, tmp_path_factory):
    from wreckmaster import web
    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('toyweb') / 'toy.db'}")
    store.add_office("rive", "Mairie de la rivière")
    store.add_user("martin", "rive", role="clerk", password=PASSWORD)
    app = create_app(store, routers=web.routers())
    with TestClient(app, base_url="http://127.0.0.1") as c:
        assert web_login(c, "martin", PASSWORD).status_code == 303
        case = yaml.safe_load((HERE / "cases" / "declared-late-and-tenth.yaml").read_text(encoding="utf-8"))
        case_id, _ = store.open_case(case["scenario"], office="rive", recorded_by="martin")
        c.case_id = case_id
        yield c


def _texts(html: str, lang: str) -> list[str]:
    """The texts the page marks as written in ``lang`` (``<span lang=…>``, ``<small lang=…>``)."""
    return [unescape(t) for t in re.findall(rf'<(?:span|small) lang="{lang}"[^>]*>([^<]*)</', html)]


def test_a_japanese_page_of_a_french_case_shows_the_japanese_templates(page_client):
    html = page_client.get(f"/cases/{page_client.case_id}", params={"lang": "ja", "as_of": "1901-07-01"}).text
    ja = _texts(html, "ja")
    assert "barqueの拾得を役場に届け出る" in ja                              # the duty
    assert "barque：1901-06-01拾得、1901-06-04までに届出" in ja              # a step
    assert "barque：1901-06-05に届出、期限1901-06-04の後（第1条）" in ja      # the finding
    assert "拾得者がbarqueを保管" in ja                                       # the deadline's note
    fr = _texts(html, "fr")
    assert "déclarer la découverte de barque à la mairie" not in fr         # not the case's language beside it
    assert "barque : trouvée le 1901-06-01, à déclarer au plus tard le 1901-06-04" not in fr
    # the reward's step: the toy's own Japanese template (tests/toy_regime/messages.yaml), not the French
    assert "barque：250.00ノ1/10" in ja
    assert not any(t.startswith("barque : ") and " de 250" in t for t in fr), fr
    assert "declare the find of barque at the town hall" not in html          # no English unless asked
    both = page_client.get(f"/cases/{page_client.case_id}", params={"lang": "ja", "both": "1", "as_of": "1901-07-01"}).text
    assert "barqueの拾得を役場に届け出る" in _texts(both, "ja")
    assert "declare the find of barque at the town hall" in _texts(both, "en")


def test_a_page_in_a_language_the_regime_has_no_template_in_shows_the_case_s_language(page_client):
    html = page_client.get(f"/cases/{page_client.case_id}", params={"lang": "zh", "as_of": "1901-07-01"}).text
    fr = _texts(html, "fr")
    assert "déclarer la découverte de barque à la mairie" in fr
    assert "barque : trouvée le 1901-06-01, à déclarer au plus tard le 1901-06-04" in fr
    assert "barque : gardée par l’inventeur" in fr                          # the note, in the case's language
    assert _texts(html, "ja") == [] and _texts(html, "zh-Hant") == []


def test_the_note_is_in_the_case_s_language_not_english_marked_untranslated(page_client):
    html = page_client.get(f"/cases/{page_client.case_id}", params={"lang": "fr", "as_of": "1901-07-01"}).text
    assert "barque : gardée par l’inventeur" in _texts(html, "fr")
    assert "barque: kept by the finder" not in html
    assert "barque: kept by the finder" in _texts(page_client.get(f"/cases/{page_client.case_id}",
                                                                 params={"lang": "en", "as_of": "1901-07-01"}).text, "en")
