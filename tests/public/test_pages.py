"""The public pages (issue 27): the board's form as the board's filters, the language of the
pages, paging links, bad values, and the item page's contents. On SQLite and PostgreSQL."""
from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from starlette.datastructures import QueryParams

from wreckmaster.web.public import board_query
from tests.public.conftest import make_office, tag
from tests.public.test_board import find


class _Req:
    def __init__(self, query: str):
        self.query_params = QueryParams(query)


@pytest.mark.parametrize("query,expect", [
    ("found=on&day=2026-05-10", {"found_from": "2026-05-10", "found_to": "2026-05-10"}),
    ("found=before&day=2026-05-10", {"found_to": "2026-05-09"}),
    ("found=after&day=2026-05-10", {"found_from": "2026-05-11"}),
    ("found=between&day=2026-05-02&day2=2026-05-10", {"found_from": "2026-05-02", "found_to": "2026-05-10"}),
    ("found=on&day=", {}),
    ("lat=35.1&lon=139.6&radius_km=2", {"near": "35.1,139.6", "radius_km": "2"}),
    ("q=浮き玉&kind=&office=", {"q": "浮き玉"}),
])
def test_the_boards_form_becomes_the_boards_filters(query, expect):
    assert board_query(_Req(query)) == expect


def test_a_bad_value_on_the_board_is_a_page_naming_the_parameter(web):
    r = web.get("/notices?limit=500")
    assert r.status_code == 422 and "/query/limit" in r.text
    r = web.get("/notices?found=on&day=2026-02-30")
    assert r.status_code == 422 and "/query/found_from" in r.text


def test_pages_of_fifty_with_a_next_link(web, store):
    office = make_office(store, "many")
    day = (date.today() - timedelta(days=5)).isoformat()
    for n in range(52):
        store.open_case(find(f"f{n}", f"流木 {n}", day, "floating", "三崎"), office=office.id)
    first = web.get(f"/notices?office={office.id}")
    rows = re.findall(r'<tr><td>\d+</td>', first.text)
    assert len(rows) == 50
    nxt = re.search(r'<a rel="next" href="([^"]+)"', first.text).group(1).replace("&amp;", "&")
    second = web.get(nxt)
    assert len(re.findall(r'<tr><td>\d+</td>', second.text)) == 2 and 'rel="next"' not in second.text


def test_pages_follow_the_laws_language_with_the_others_one_click_away(web, store):
    office = make_office(store, "lang")
    day = (date.today() - timedelta(days=3)).isoformat()
    case, _ = store.open_case(find("buoy", f"浮き玉 {tag()}", day, "floating", "三崎"), office=office.id)
    ja = web.get(f"/notices/{case}/buoy")
    assert '<html lang="ja">' in ja.text and "所有者の請求期限" in ja.text
    assert 'hreflang="en"' in ja.text and "lang=en" in ja.text and 'hreflang="fr"' in ja.text
    en = web.get(f"/notices/{case}/buoy?lang=en")
    assert '<html lang="en">' in en.text and "Owner may claim until" in en.text
    # the law's words stand in every language: art 25's original and its gloss, art 24 ¶2's class
    assert "市町村長ハ" in en.text and "jp-1899-2025:25" in en.text and "漂流物" in en.text
    assert web.get("/notices", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text.count('<html lang="fr">') == 1


def test_the_item_page_shows_the_claim_day_and_the_office(web, store):
    office = make_office(store, "claim")
    day = (date.today() - timedelta(days=3)).isoformat()
    case, _ = store.open_case(find("anchor", "錨", day, "sunk", "城ヶ島沖"), office=office.id)
    (row,) = [n for n in store.notices(date.today()) if n["case"] == case]
    page = web.get(f"/notices/{case}/anchor?lang=en").text
    assert f'<dd class="claim-until">{row["claim_until"]}</dd>' in page
    assert f"Office claim" in page and "沈没品" in page
