"""Issue 22's proof: a regime that lives only under ``tests/toy_regime/`` (toy-1900, a fictional
law of three articles, ``law.py``) registers, validates, assesses, has forms, prints its
document and shows on the notice board, and nothing outside its folder names it.

The fixture registers it (``law.register``) and forgets it afterwards (``law.unregister``), so
the tests parametrized over the registry elsewhere see the package's seven regimes only. The
entry point group ``wreckmaster.regimes`` — what a plug-in's ``pyproject.toml`` names — is
shown in a process of its own (the installed ``wreckmaster`` command), with a ``.dist-info``
folder on its path as ``pip install`` would leave it.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
from datetime import date
from html import unescape
from pathlib import Path

import pytest

from wreckmaster.law import citations
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import InvalidScenario, validate
from wreckmaster.law.yamlio import load_yaml

from tests.conftest import EXE, PASSWORD, ROOT, assert_cites_and_readings, assess_json
from tests.engine import test_declarations as declarations
from tests.test_cases import test_case as check_worked_case

TOY = "toy-1900"
HERE = Path(__file__).parent
CASES = sorted((HERE / "cases").glob("*.yaml"))
LATE = HERE / "cases" / "declared-late-and-tenth.yaml"


def _scenario(path: Path = LATE) -> dict:
    return load_yaml(path.read_text(encoding="utf-8"))["scenario"]


@pytest.fixture(scope="module")
def toy():
    from tests.toy_regime import law

    registry.register(law.REGIME)     # again, where another module's fixture forgot it
    yield law.REGIME
    registry.unregister(TOY)


# --- registers ---------------------------------------------------------------------------------
def test_it_registers_from_outside_the_package_and_is_forgotten(toy):
    assert TOY in registry.available() and registry.get(TOY) is toy
    assert citations.law(TOY)["regime"] == TOY                    # its own articles.yaml
    assert "toy_declared" in toy.events                            # its own events.yaml
    registry.unregister(TOY)
    try:
        assert TOY not in registry.available()
        with pytest.raises(KeyError):
            registry.get(TOY)
        with pytest.raises(InvalidScenario, match=r"/regime: unknown regime 'toy-1900'"):
            validate(_scenario(), set(registry.available()))
    finally:
        registry.register(toy)
    assert registry.get(TOY) is toy


def test_a_plugin_names_it_under_the_entry_point_group(tmp_path):
    """``[project.entry-points."wreckmaster.regimes"] toy-1900 = "tests.toy_regime.law"``, installed."""
    dist = tmp_path / "wreckmaster_toy-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: wreckmaster-toy\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[wreckmaster.regimes]\ntoy-1900 = tests.toy_regime.law\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT), os.environ.get("PYTHONPATH", "")])}

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(EXE), *args], capture_output=True, text=True, cwd=ROOT, env=env)

    listed = cli("regimes")
    assert listed.returncode == 0, listed.stderr
    assert TOY in listed.stdout
    case = tmp_path / "case.yaml"
    case.write_text(json.dumps({**_scenario(), "as_of": "1901-07-01"}), encoding="utf-8")
    out = cli("assess", str(case), "--format", "json")
    assert out.returncode == 0, out.stderr
    assert [a["amount"] for a in json.loads(out.stdout)["awards"]] == ["25.00"]
    without = subprocess.run([str(EXE), "regimes"], capture_output=True, text=True, cwd=ROOT)
    assert TOY not in without.stdout                                # not installed: not there


# --- validates ---------------------------------------------------------------------------------
@pytest.mark.parametrize("event, pointer", [
    ({"type": "toy_declared", "date": "1901-06-05", "by": ["pierre"]}, "/events/0/items"),
    ({"type": "toy_declared", "date": "1901-06-05", "by": ["pierre"], "items": ["barque"], "office": "pub"},
     "/events/0/office"),
    ({"type": "toy_declared", "date": "1901-06-05", "by": ["pierre"], "items": ["canoe"]}, "/events/0/items/0"),
])
def test_bad_input_names_the_field(toy, event, pointer):
    doc = {**_scenario(), "events": [event]}
    with pytest.raises(InvalidScenario) as exc:
        validate(doc, set(registry.available()))
    assert pointer in [p for p, _ in exc.value.problems], exc.value.problems


def test_its_event_comes_after_the_find(toy):
    doc = {**_scenario(), "events": [{"type": "toy_declared", "date": "1901-05-30", "by": ["pierre"],
                                      "items": ["barque"]}]}
    with pytest.raises(InvalidScenario) as exc:
        validate(doc, set(registry.available()))
    assert [p for p, _ in exc.value.problems] == ["/events/0/date"], exc.value.problems


# --- assesses ----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_worked_cases(toy, path):
    check_worked_case(path)                                        # tests/test_cases.py's check
    from tests.engine.test_duty_local import test_each_duty_is_also_in_the_cases_language as check_duty_local

    case = load_yaml(path.read_text(encoding="utf-8"))
    out = assess_json(case["scenario"], date.fromisoformat(str(case["as_of"])))
    assert_cites_and_readings(out, TOY)
    for deadline in out["deadlines"]:
        check_duty_local(path.name, TOY, deadline)                  # duty_local in French


@pytest.mark.parametrize("check", [
    declarations.test_every_rule_declares_citations_that_resolve,
    declarations.test_every_event_a_rule_reads_is_offered_and_every_parameter_exists,
    declarations.test_the_articles_an_event_declares_resolve,
    declarations.test_every_event_field_and_value_has_labels_in_the_regimes_language_and_english,
], ids=lambda f: f.__name__)
def test_the_checks_every_regime_passes(toy, check):
    check(TOY)


def test_coverage_comes_from_its_declarations(toy):
    from wreckmaster.coverage import coverage

    rows = coverage(TOY)
    assert [(r.article, r.status) for r in rows] == [("1", "implemented"), ("2", "implemented"), ("3", "implemented")]
    assert "tests.toy_regime.rules.finder_reward" in rows[2].rules


def test_a_citation_with_a_typo_fails_where_it_is_written(toy, monkeypatch):
    from tests.toy_regime import rules

    monkeypatch.setattr(rules, "ART_3", "toy-1900:9.1")
    with pytest.raises(citations.CitationError):
        assess_json(_scenario(), date(1901, 7, 1))


# --- forms -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def site(toy, tmp_path_factory):
    """The service with its pages on a store of its own (SQLite), a clerk logged in, one toy case."""
    from fastapi.testclient import TestClient

    from tests.service.conftest import web_login
    from wreckmaster import web
    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('toy') / 'toy.db'}")
    store.add_office("port", "Mairie du port")
    store.add_user("marie", "port", role="clerk", password=PASSWORD)
    case_id, _ = store.open_case(_scenario(), office="port", recorded_by="marie")
    app = create_app(store, routers=web.routers())
    web.mount_static(app)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        assert web_login(c, "marie", PASSWORD).status_code == 303
        c.store, c.case_id = store, case_id  # type: ignore[attr-defined]
        yield c


def test_the_form_of_its_event_renders_with_its_labels(site):
    from wreckmaster.web import forms

    assert "toy_declared" in forms.event_types(TOY)
    page = site.get(f"/cases/{site.case_id}", params={"event_type": "toy_declared", "lang": "fr"})
    assert page.status_code == 200
    text = unescape(page.text)
    assert 'name="event_type" value="toy_declared"' in text
    assert "selected>déclaration à la mairie</option>" in text
    for label in ("par", "épaves", "déclarée à", "la mairie", "la capitainerie"):
        assert f">{label}" in text or f"> {label}</label>" in text, label
    assert "toy-1900" in text and re.search(r"art\. 1", text)     # "asked for by" its article


def test_new_offers_its_event_and_the_fields_it_reads(toy):
    from wreckmaster import starter

    text = starter.template(TOY)
    assert "regime: toy-1900" in text and "FRF" in text
    assert "#  - {type: toy_declared, date: YYYY-MM-DD, by!, items!, office}" in text
    assert "value:" in text and "owner:" in text                   # item.value, item.owner (art 3)


# --- prints its document -----------------------------------------------------------------------
def test_it_prints_its_receipt(toy):
    from wreckmaster import documents

    assert documents.documents_for(TOY) == ["notice", "toy_receipt"]
    scenario = validate(_scenario(), set(registry.available()))
    html = documents.render_html("toy_receipt", scenario, lang="fr", as_of=date(1901, 7, 1))
    assert "Récépissé de déclaration d’épave" in html
    assert "une barque" in html and "Pierre Martin" in html
    assert re.search(r"25,00|25\.00", html)                          # the tenth of 250.00 F (art 3)
    with pytest.raises(documents.DocumentProblem, match="/events"):
        documents.render_html("toy_receipt", validate({**_scenario(), "events": []}, set(registry.available())))


@pytest.mark.browser
def test_it_prints_its_receipt_to_pdf(toy):
    from tests.documents.conftest import pdf_pages
    from wreckmaster import documents

    scenario = validate(_scenario(), set(registry.available()))
    [page] = pdf_pages(documents.render_pdf("toy_receipt", scenario, lang="fr", as_of=date(1901, 7, 1)))
    assert "Récépissé" in page and "unebarque" in page                # white space removed by pdf_pages


def test_its_receipt_page_is_served(site):
    page = site.get(f"/cases/{site.case_id}")
    assert "toy_receipt" in page.text                               # the case page links it


# --- the notice board --------------------------------------------------------------------------
def test_its_notice_is_on_the_board(site):
    r = site.get("/api/notices", params={"as_of": "1901-06-10", "office": "port"})
    assert r.status_code == 200, r.text
    rows = r.json()["notices"] if isinstance(r.json(), dict) else r.json()
    [row] = [n for n in rows if n["case"] == site.case_id]
    assert row["item"] == "barque"
    assert row["claim_until"] == "1901-07-06"                        # posted 06-06 + 30 days (art 2)
    before = site.get("/api/notices", params={"as_of": "1901-06-05", "office": "port"}).json()
    rows = before["notices"] if isinstance(before, dict) else before
    assert not [n for n in rows if n["case"] == site.case_id]       # not yet posted


# --- its calendar (issue 22: "its holiday calendar and period counting") --------------------------
MOVED = HERE / "cases" / "declared-after-a-sunday-and-a-feast.yaml"


def _assess(toy, path: Path = LATE, **changes):
    case = load_yaml(path.read_text(encoding="utf-8"))
    scenario = validate({**case["scenario"], **changes}, set(registry.available()))
    return toy.assess(scenario, date.fromisoformat(str(case["as_of"])))


def test_its_calendar_is_declared_and_moves_its_deadline(toy, monkeypatch):
    """Art 1 ¶3: the town hall's closed days are the calendar's holidays (``law.py``); the rule
    asks the calendar, so the declared holidays move the last day — and without them it stays."""
    from tests.toy_regime import rules
    from wreckmaster.law.contributes import Calendar

    assert toy.calendar.holidays is rules.holiday and toy.calendar.eras is None
    scenario = validate(_scenario(MOVED), set(registry.available()))
    assert toy.calendar.next_open_day(scenario, date(1902, 7, 13)) == (date(1902, 7, 15), ("sunday", "feast"))
    assert toy.calendar.next_open_day(scenario, date(1902, 7, 16)) == (date(1902, 7, 16), ())
    [d] = _assess(toy, MOVED).deadlines
    assert (d.due, d.status, d.cites) == (date(1902, 7, 15), "met", ("toy-1900:1.1", "toy-1900:1.3"))
    monkeypatch.setattr(toy, "calendar", Calendar())                 # a calendar without holidays
    [d] = _assess(toy, MOVED).deadlines
    assert (d.due, d.status, d.cites) == (date(1902, 7, 13), "missed", ("toy-1900:1.1",))


def test_its_dates_carry_no_era(toy):
    from wreckmaster.web import i18n

    assert i18n.era("1901-06-01", TOY) is None                       # Gregorian, as it declares
    assert i18n.era("1901-06-01", "jp-1899") == "明治三十四年六月一日"
    assert i18n.fmt_date("1901-06-01", "fr", TOY) == "1901-06-01 (1 juin 1901)"


# --- a new language: Japanese, added in its folder only (docs/developing.md's checklist) ----------
def test_its_steps_findings_and_duties_render_in_japanese(toy):
    templates, seen = toy.messages, set()
    for path in (LATE, MOVED):
        out = _assess(toy, path)
        steps = [s for s in out.explanation if s.message]
        seen |= {(s.message, dict(s.values).get("variant")) for s in steps}
        for s in steps:
            ja = templates.render_in("steps", s.message, "ja", s.values)
            assert ja and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), (s.message, ja)
        for d in out.deadlines:
            assert templates.render_in("duties", d.message, "ja", d.values) == f"{dict(d.values)['item']}ノ拾得ヲ役場ニ届出ヅルコト"
        for f in out.findings:
            assert re.search(r"[\u4e00-\u9fff]", templates.render(f.code, "ja", dict(f.values)) or ""), f.code
    assert seen == {("declaration-due", None), ("declaration-due", "moved"), ("claim-until", None), ("reward", None)}
    late = _assess(toy)
    [f] = late.findings
    assert templates.render(f.code, "ja", dict(f.values)) == "barque：1901-06-05ニ届出、期限1901-06-04ヲ過グ（第一条）。"
    [moved] = [s for s in _assess(toy, MOVED).explanation if s.message == "declaration-due"]
    assert templates.render_in("steps", moved.message, "ja", moved.values) == \
        "rame：1902-07-10拾得、三日ノ末日1902-07-13ハ日曜日、祝祭日ニシテ役場閉庁ニ付、1902-07-15マデニ届出ヅベシ"
    [step] = [s for s in assess_json(_scenario(MOVED), date(1902, 7, 20))["explanation"] if s["rule"] == "declaration"]
    assert step["text_local"].startswith("rame : trouvée le 1902-07-10 ; les trois jours finissent le 1902-07-13, "
                                         "dimanche, jour de fête, mairie fermée")            # French, the case's language
    assert "Sunday, a feast day, when the town hall is closed: to be declared by 1902-07-15" in step["text"]


def test_the_form_of_its_event_has_japanese_labels(site):
    page = site.get(f"/cases/{site.case_id}", params={"event_type": "toy_declared", "lang": "ja"})
    assert page.status_code == 200
    text = unescape(page.text)
    assert "selected>役場ヘノ拾得届</option>" in text
    for label in ("届出人", "物件", "届出先", "町役場", "港長"):
        assert f">{label}" in text or f"> {label}</label>" in text, label


def test_its_receipt_prints_in_japanese(toy):
    from wreckmaster import documents

    scenario = validate(_scenario(), set(registry.available()))
    html = documents.render_html("toy_receipt", scenario, lang="ja", as_of=date(1901, 7, 1))
    assert "漂流物届出受領証" in html and "拾得者" in html and "十分ノ一（第三条）" in html
    assert "明治三十四年七月一日" in html                            # a Japanese reader's era (contributes.eras_in)


# --- the read models' fingerprint takes a regime from outside the package -------------------------
def test_the_read_models_fingerprint_hashes_its_law(toy, tmp_path):
    """A regime registered from outside the package (a plug-in's, the toy) is in the fingerprint: a
    change to one of its files changes it, so the rows are rebuilt (``store/readmodels.py``)."""
    import shutil
    from dataclasses import replace

    from wreckmaster.store import readmodels

    registry.unregister(TOY)
    try:
        alone = readmodels.fingerprint()                              # the package's law only
        copy = tmp_path / "toy_regime"
        shutil.copytree(HERE, copy, ignore=shutil.ignore_patterns("__pycache__"))
        registry.register(replace(toy, folder=copy))
        with_toy = readmodels.fingerprint()
        assert with_toy != alone
        params = copy / "parameters.yaml"
        text = params.read_text(encoding="utf-8")
        params.write_text(text.replace("value: {count: 3, unit: days}", "value: {count: 4, unit: days}"), encoding="utf-8")
        changed = readmodels.fingerprint()
        assert changed not in (alone, with_toy)
        params.write_text(text, encoding="utf-8")
        assert readmodels.fingerprint() == with_toy                  # the same law, the same fingerprint
        registry.unregister(TOY)
        assert readmodels.fingerprint() == alone
    finally:
        if TOY in registry._REGISTRY:
            registry.unregister(TOY)
        registry.register(toy)
