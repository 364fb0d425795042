"""The French récépissé and déclaration as the administrator signs them (issue 26), from the
Glen Tarra example (examples/fr-epaves-port-wine-casks-plouguerneau-1917.yaml), by hand:

- Yves Kerbrat and Le Gall picked up 12 pipes 5556 m out (beyond one mile): art 4 a), 40 % of the
  gross proceeds of their sale, 5400 F → 2160 F, shared equally: 1080 F each;
- and 3 pipes 800 m out (within one mile): art 4 b), 30 % of their value 1200 F → 360 F, 180 F each.
  Kerbrat's share: 1080 + 180 = 1260 F.
"""
from __future__ import annotations

from datetime import date

import pytest

from wreckmaster.documents import render_pdf

from .conftest import EXAMPLES, assessment, load, pdf_text

pytestmark = pytest.mark.browser

PORT_WINE = EXAMPLES / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml"
QUARTIER = {"office": "brest", "name": "Inscription maritime, quartier de Brest",
            "address": "1 quai de la Douane, 29200 Brest"}


def test_receipt_gives_rate_basis_total_and_place_and_date_of_issue():
    s = load(PORT_WINE)
    when = date(1917, 12, 1)
    a = assessment(s, when)
    text = pdf_text(render_pdf("receipt", s, a, party="kerbrat", as_of=when, office=QUARTIER))
    for want in ("40%duproduitbrutdelavente(5400F)", "30%delavaleurdel’épave(1200F)",
                 "partagésparpartségalesentre2sauveteurs", "1080,00F", "180,00F", "Total1260,00F",
                 "art.4,a)", "art.4,b)", "reçud’YvesKerbrat(patron,Notre-Dame-des-Anges),sauveteur,",
                 "FaitàBrest,le1erdécembre1917.", "Arrêtéau1erdécembre1917"):
        assert want in text, want
    assert "al.2,1°" not in text and "reçude" not in text


def test_a_document_for_a_past_day_says_that_day():
    s = load(PORT_WINE)
    when = date(1917, 6, 22)          # after the first sale (21 June), before the second (25 June)
    a = assessment(s, when)
    text = pdf_text(render_pdf("receipt", s, a, party="kerbrat", as_of=when))
    assert "Arrêtéau22juin1917" in text and "le22juin1917." in text
    assert str(date.today().year) not in text.replace("1917", "")
    # without an office the quartier comes from the administrator's name
    assert "FaitàBrest," in text


def test_declaration_has_place_date_and_a_box_to_sign_in():
    s = load(PORT_WINE)
    when = date(1917, 4, 25)
    text = pdf_text(render_pdf("declaration", s, assessment(s, when), party="tanguy", as_of=when))
    assert "FaitàBrest,le25avril1917." in text and "Lesauveteur" in text
    html = __import__("wreckmaster.documents", fromlist=["render_html"]).render_html(
        "declaration", s, assessment(s, when), party="tanguy", as_of=when)
    assert html.count('class="blank"') == 1 and "sealbox" in html
