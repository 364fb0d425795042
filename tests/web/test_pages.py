"""The web pages in a real browser: a clerk's day from the first report to the sale.

The case: drift timber at 城ヶ島 under jp-1875 (arts 29–31, 34). Art 30 has the notice posted
for 60 days: until the notice is recorded, a warning says it is not posted; once it is, the
posting deadline shows as met. Art 31 item 2: sold
after a year, the finder gets half of the proceeds — 28 yen × 1/2 = 14.000 yen — which appears
as an award once the sale is recorded.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.conftest import PASSWORD, PASSWORD_2

from .conftest import login, shot

#: one worker for the whole module: the pages after the first test show the case that the clerk's
#: day opens (the site fixture is per module and per worker)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web-site")]


def test_a_clerks_day_from_first_report_to_sale(site, browser):
    url = site["url"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, url, "tanaka", PASSWORD)
    expect(page).to_have_url(re.compile(r"/cases$"))
    shot(page, "cases-1280")

    # a first report opens the case
    page.goto(f"{url}/cases/new")
    page.get_by_label("Law").select_option("jp-1875")
    page.get_by_label("Occurred").fill("1880-05-01")
    page.get_by_label("Place").fill("相模国 三浦郡 城ヶ島")
    page.get_by_label("Kind").select_option("drift")
    page.get_by_label("Who reported").fill("漁師 太助")
    page.get_by_role("button", name="Open a case").click()
    # a form's POST is a navigation: the assertions below wait for the new page (expect retries)
    expect(page).to_have_url(re.compile(r"/cases/[^/?]+(\?.*)?$"))
    case_url = page.url.split("?")[0]
    expect(page.locator("body")).to_contain_text("明治十三年五月一日")   # the era date beside the ISO date

    # the find: an item found floating by the reporter
    page.get_by_text("救助・拾得物件を加える").click()   # the case page is in the case's language (issue 25)
    page.locator("#it-id").fill("timber")
    page.locator("#it-desc").fill("檜材 二十本")
    page.locator("#it-value").fill("30")
    page.locator("#it-fdate").fill("1880-05-01")
    page.locator("#it-fby").select_option("reporter")
    page.locator("#it-state").select_option("floating")
    page.locator("form[action$='/entries/item'] button").click()
    expect(page.locator("#inv-h + div")).to_contain_text("檜材 二十本")
    # no notice yet: the law's posting duty is a warning, and no posting deadline runs yet
    expect(page.locator("ul.findings")).to_contain_text("notice-not-posted")
    expect(page.locator("tr", has_text="timber ノ拾得ヲ掲示ス")).to_have_count(0)

    # the notice (art 30): the event form shows only notice_posted's fields, with its article
    page.get_by_text("出来事を記録する").click()
    page.locator("#event_type").select_option("notice_posted")
    page.wait_for_selector("#ev-items")                    # htmx swapped the fields in
    expect(page.locator("#event-fields")).to_contain_text("jp-1875:30")
    page.locator("#ev-date").fill("1880-05-03")
    page.locator("#ev-items").select_option("timber")
    page.locator("form[action$='/entries/event'] button").click()
    deadline = page.locator("tr", has_text="timber ノ拾得ヲ掲示ス")
    expect(deadline.locator(".badge")).to_have_attribute("data-status", "met")
    expect(page.locator("ul.findings")).not_to_contain_text("notice-not-posted")

    # the sale after a year (art 31 item 2): the finder's half appears as an award
    page.goto(f"{case_url}?event_type=sold")               # the same form without JavaScript
    page.locator("#ev-date").fill("1881-05-10")
    page.locator("#ev-item").select_option("timber")
    page.locator("#ev-price").fill("28")
    page.locator("form[action$='/entries/event'] button").click()
    award = page.locator("tr.award", has_text="漁師 太助")
    expect(award).to_contain_text("14.000 JPY")
    award.locator("summary").first.click()                 # the figure opens its explanation
    expect(award).to_contain_text("jp-1875:31#2")
    shot(page, "case-1280")
    timeline = page.locator("#timeline").inner_text()
    assert "tanaka" in timeline and "#4" in timeline

    # the phone-sized screen
    small = browser.new_page(viewport={"width": 390, "height": 844})
    small.context.add_cookies(page.context.cookies())
    small.goto(case_url)
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page is {width}px wide on a 390-px screen"
    shot(small, "case-390")

    # bad input stays a form with the pointer's message; nothing is stored
    version = site["store"].version(case_url.rsplit("/", 1)[1], office="misaki")
    page.goto(case_url)
    page.get_by_text("救助・拾得物件を加える").click()   # the case page is in the case's language (issue 25)
    page.locator("#it-id").fill("timber")                  # a duplicate id
    page.locator("form[action$='/entries/item'] button").click()
    # the store's refusal in the page's language (issue 25: web/refusals.py), the API's English unchanged
    expect(page.locator(".error")).to_contain_text("識別子「timber」はすでに使われています")
    assert site["store"].version(case_url.rsplit("/", 1)[1], office="misaki") == version


def test_another_offices_case_is_refused_like_a_missing_one(site, browser):
    page = browser.new_page()
    login(page, site["url"], "tanaka", PASSWORD)
    r = page.goto(f"{site['url']}/cases/{site['foreign']}")
    assert r.status == 404
    missing = page.goto(f"{site['url']}/cases/no-such-case")
    assert missing.status == 404 and page.locator("h1").inner_text()


def test_the_notice_board_needs_no_login_and_names_no_person(site, browser):
    # its own case (the board is of every office), so that it runs alone as well as after the clerk's day
    site["store"].open_case({
        "format": "wreckmaster.scenario/1", "regime": "jp-1875",
        "case": {"occurred": "1880-04-01", "kind": "drift", "place": "相模国 三浦郡 三崎"},
        "parties": [{"id": "gonbei", "name": "漁師 権兵衛", "roles": ["finder"]}],
        "items": [{"id": "oars", "description": "櫓 二挺", "value": "2",
                   "found": {"date": "1880-04-01", "by": ["gonbei"], "state": "ashore"}}],
        "events": [{"type": "notice_posted", "date": "1880-04-02", "items": ["oars"]},
                   {"type": "owner_identified", "date": "1880-09-01", "item": "oars", "owner": "gonbei"}]},
        office="misaki", recorded_by="tanaka")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{site['url']}/notices?as_of=1880-06-01")
    table = page.locator("table.notices").inner_text()
    assert "櫓 二挺" in table and "三崎町役場" in table   # the office by its name, not its id (issue 25)
    assert "権兵衛" not in page.content() and "太助" not in page.content()   # never a person's name
    shot(page, "notices-1280")
    page.goto(f"{site['url']}/notices?as_of=1880-10-01")   # the owner came forward: no longer under notice
    assert "櫓 二挺" not in page.content()


def test_forms_are_refused_without_the_csrf_token(site, browser):
    page = browser.new_page()
    login(page, site["url"], "tanaka", PASSWORD)
    r = page.request.post(f"{site['url']}/cases/new", form={"regime": "jp-1875", "occurred": "1880-01-01"})
    assert r.status == 403


def test_every_field_has_a_label(site, browser):
    page = browser.new_page()
    login(page, site["url"], "suzuki", PASSWORD_2)
    page.goto(f"{site['url']}/cases")
    href = page.locator("a[href^='/cases/']:not([href='/cases/new'])").first.get_attribute("href")
    page.goto(f"{site['url']}{href}")                      # goto returns once the page has loaded
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('input:not([type=hidden]), select')]
        .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map(e => e.name || e.id)""")
    assert unlabelled == []


def test_the_case_page_shows_its_map(site, browser):
    """A case with a position gets the coast map drawn from the shipped coastline (geo/)."""
    store = site["store"]
    case, _ = store.open_case({
        "format": "wreckmaster.scenario/1", "regime": "fr-epaves",
        "case": {"occurred": "1917-04-18", "kind": "wreck", "place": "rade de Brest",
                 "position": {"lat": "48.36", "lon": "-4.55"}}}, office="misaki", recorded_by="suzuki")
    from wreckmaster.geo import map_svg

    map_svg(store.export(case))   # the first use builds the regional coastline cache (tens of seconds)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, site["url"], "suzuki", PASSWORD_2)
    page.goto(f"{site['url']}/cases/{case}")
    svg = page.locator("figure.map svg")
    assert svg.count() == 1 and svg.locator("path").count() > 0
    shot(page, "case-map-1280")


def test_the_case_page_links_print_its_documents(site, browser):
    """The links on the case page print the case's documents to PDF, for the logged-in office only."""
    case_id, _ = site["store"].open_case({
        "format": "wreckmaster.scenario/1", "regime": "jp-1875",
        "case": {"occurred": "1880-05-01", "kind": "drift", "place": "城ヶ島"},
        "parties": [{"id": "f", "name": "漁師 太助", "roles": ["finder"]}],
        "items": [{"id": "cask", "description": "酒樽 一個", "value": "4",
                   "found": {"date": "1880-05-01", "by": ["f"], "state": "floating"}}],
        "events": [{"type": "notice_posted", "date": "1880-05-02", "items": ["cask"]}]},
        office="misaki", recorded_by="tanaka")
    case = f"/cases/{case_id}"
    page = browser.new_page()
    login(page, site["url"], "tanaka", PASSWORD)
    page.goto(f"{site['url']}{case}")
    links = page.locator("details.docs a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert any("/documents/notice.pdf" in h for h in hrefs)
    r = page.request.get(f"{site['url']}{case}/documents/notice.pdf")
    assert r.status == 200 and r.headers["content-type"] == "application/pdf" and r.body()[:5] == b"%PDF-"
    r = page.request.get(f"{site['url']}/cases/{site['foreign']}/documents/statement.pdf?party=x")
    assert r.status == 404


def test_the_due_list_gives_each_duty_in_the_cases_language_too(site, browser):
    """jp-1875 art 31 item 1: the owner of drift goods has a year from the find to come forward;
    for a find of 1880 that duty is long missed, and the office's list shows it in the case's
    words (Japanese, marked lang="ja") above the English."""
    site["store"].open_case({
        "format": "wreckmaster.scenario/1", "regime": "jp-1875",
        "case": {"occurred": "1880-05-01", "kind": "drift", "place": "城ヶ島"},
        "parties": [{"id": "f", "name": "漁師 太助", "roles": ["finder"]}],
        "items": [{"id": "oar", "description": "櫓 一挺", "value": "1",
                   "found": {"date": "1880-05-01", "by": ["f"], "state": "floating"}}]},
        office="misaki", recorded_by="tanaka")
    page = browser.new_page()
    login(page, site["url"], "tanaka", PASSWORD)
    page.goto(f"{site['url']}/cases?both=1")   # issue 25: the English beside it only when asked
    row = page.locator("#due-h + div tr", has_text="owner of oar to appear within a year of the find")
    expect(row.locator("span[lang='ja']")).to_have_text("oar ノ持主拾得ヨリ一ケ年以内ニ申出ツ")
    expect(row.locator(".badge")).to_have_class(re.compile("missed"))
