"""A case with 500 items: its documents run over many pages, each page with its running head and
the table's header repeated; everything stays on A4."""
from __future__ import annotations

import re

import pytest

from wreckmaster.documents import render_pdf

from .big import big_case
from .conftest import assessment, page_size, pdf_pages, shown

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def big():
    from wreckmaster.law.scenario import validate

    return validate(big_case(500))


def test_settlement_of_500_items_paginates_with_repeated_headers(big):
    a = assessment(big)
    pdf = render_pdf("settlement", big, a)
    pages = pdf_pages(pdf)
    assert len(pages) > 5
    total = len(pages)
    for n, page in enumerate(pages, 1):
        assert "精算書—大通丸" in page, n                 # the running head
        assert f"{n}/{total}" in page, n                   # page n of total
        # a table's header (thead) is repeated on every page the table runs over
        if re.search(r"(?<!保安料)積荷第\d+番", page):          # a row of the goods saved
            assert "品目状態價額売払代価" in page, n
        if "保安料積荷第" in page:                               # a row of the salvage fees (art 11)
            assert "事由支払人受取人金額條項" in page, n
    text = "".join(pages)
    for c in a["charges"][:: 25]:
        assert shown(c["amount"], c["currency"], "ja") in text     # in kanji (issue 26)
    assert "積荷第500番" in text
    w, h = page_size(pdf)
    assert abs(w - 595) < 2 and abs(h - 842) < 2


def test_statement_of_500_items_in_english(big):
    a = assessment(big)
    pdf = render_pdf("statement", big, a, party="owner", lang="en")
    pages = pdf_pages(pdf)
    assert len(pages) > 1
    for page in pages:
        assert "Statementofaccount" in page                    # the running head
    for page in pages[pages.index(next(p for p in pages if "Whatitowes" in p)) + 1:]:
        if "Salvagefee" in page or "yenart11" in page:        # the table of what it owes runs on
            assert "PaidtoForAmountArticles" in page
