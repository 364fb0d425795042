"""The public's side in a real browser (issue 27), Debian's Chromium through Playwright:
1. a finder reports a find with a photograph (its GPS position is dropped on the way in);
2. the clerk accepts the report into a case and posts the notice (水難救護法 art 25 ¶2);
3. the item is found on the board by searching in Japanese (浮き玉, no spaces);
4. its owner asks for it from the item's page;
5. the clerk records the claim: the claimant becomes a party and owner_claimed is in the log.
The finder then reads the status with the reference and the secret.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from tests.public.conftest import jpeg_with_gps
from tests.conftest import PASSWORD

from .conftest import login, shot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web-site")]

FOUND = (date.today() - timedelta(days=2)).isoformat()
POSTED = (date.today() - timedelta(days=1)).isoformat()


def loaded(img) -> bool:
    """The photograph has arrived: it is ``loading="lazy"``, so bring it into view and wait for its
    pixels (a bounded wait; a photograph that never comes fails here)."""
    img.scroll_into_view_if_needed()
    img.page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=img.element_handle(), timeout=10_000)
    return True


def test_a_find_from_the_finders_report_to_the_owners_claim(site, browser):
    url = site["url"]
    # 1. the finder, with no account
    finder = browser.new_context(viewport={"width": 390, "height": 900}, permissions=["geolocation"],
                                 geolocation={"latitude": 35.1347, "longitude": 139.6153}).new_page()
    finder.goto(f"{url}/report?lang=ja")
    finder.locator("#r-description").fill("赤い浮き玉 三個（網元の印あり）")
    finder.locator("#r-found-on").fill(FOUND)
    finder.locator("input[name=state][value=ashore]").check()
    finder.locator("#r-place").fill("城ヶ島 長津呂の浜")
    finder.get_by_role("button", name="現在地を使う").click()          # the phone's position, on a click
    expect(finder.locator("#r-lat")).to_have_value("35.13470")
    expect(finder.locator("#r-lon")).to_have_value("139.61530")
    finder.locator("#r-office").select_option("misaki")
    finder.locator("#r-photo").set_input_files(files=[{"name": "buoy.jpg", "mimeType": "image/jpeg",
                                                        "buffer": jpeg_with_gps(size=(320, 240))}])
    finder.locator("#r-name").fill("漁師 太助")
    finder.locator("#r-contact").fill("090-0000-1111")
    finder.locator("form.report button[type=submit]").click()
    expect(finder.locator("#report-id")).to_have_text(re.compile(r"^R[0-9A-F]{12}$"))
    report, secret = finder.locator("#report-id").inner_text(), finder.locator("#report-secret").inner_text()
    shot(finder, "public-report-sent-390")

    # 2. the clerk opens a case from the report and posts the notice
    clerk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(clerk, url, "tanaka", PASSWORD)
    clerk.goto(f"{url}/inbox")
    card = clerk.locator(f"#report-{report}")
    expect(card).to_contain_text("赤い浮き玉")
    assert loaded(card.locator("img").first)
    shot(clerk, "public-inbox-1280")
    card.get_by_role("button", name="Open a case from it").click()
    expect(clerk).to_have_url(re.compile(r"/cases/[^/?]+$"))
    case_url = clerk.url
    clerk.goto(case_url + "?both=1")   # the case's page in Japanese with the English beside (issue 25)
    expect(clerk.locator("#inv-h + div")).to_contain_text("赤い浮き玉")
    photo = clerk.locator(".item-photos img").first
    expect(photo).to_be_visible()
    assert loaded(photo)
    clerk.get_by_text("Record an event").click()
    clerk.locator("#event_type").select_option("notice_posted")
    clerk.wait_for_selector("#ev-items")
    clerk.locator("#ev-date").fill(POSTED)
    clerk.locator("#ev-items").select_option("i1")
    clerk.locator("form[action$='/entries/event'] button").click()
    expect(clerk.locator("#timeline")).to_contain_text("notice_posted")

    # 3. the owner finds it on the board, searching in Japanese
    owner = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    owner.goto(f"{url}/notices?lang=ja")
    owner.locator("#b-q").fill("浮き玉")
    owner.locator("form.board-search button[type=submit]").click()
    row = owner.locator("table.notices tbody tr", has_text="赤い浮き玉")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("漂流物")                      # drifting goods, in the law's words (art 24 ¶2)
    shot(owner, "public-board-1280")
    row.locator("a").click()
    expect(owner.locator("h1")).to_contain_text("赤い浮き玉")
    expect(owner.locator(".office")).to_contain_text("三崎町役場")
    expect(owner.locator("body")).to_contain_text("jp-1899-2025:25")
    expect(owner.locator(".claim-until")).to_have_text(re.compile(r"^\d{4}-\d{2}-\d{2}$"))
    assert loaded(owner.locator(".photos img").first)
    assert "太助" not in owner.content() and "090-0000-1111" not in owner.content()

    # 4. the owner asks for it
    owner.locator("#a-marks").fill("浮き玉に「丸に三」の焼印")
    owner.locator("#a-name").fill("網元 権兵衛")
    owner.locator("#a-contact").fill("gonbei@example.jp")
    owner.locator("form.ask button[type=submit]").click()
    expect(owner.locator("p.saved")).to_be_visible()
    assert "権兵衛" not in owner.content()
    shot(owner, "public-item-asked-1280")

    # 5. the clerk records the claim
    clerk.goto(f"{url}/inbox")
    request = clerk.locator("section.request", has_text="丸に三")
    expect(request).to_contain_text("網元 権兵衛")
    request.get_by_role("button", name="Record the owner's claim").click()
    expect(clerk).to_have_url(re.compile(re.escape(case_url)))
    expect(clerk.locator("#timeline")).to_contain_text("owner_claimed")
    expect(clerk.locator("body")).to_contain_text("網元 権兵衛")

    # the finder reads the status; the claimed item has left the board
    finder.goto(f"{url}/report/status")
    finder.locator("#s-report").fill(report)
    finder.locator("#s-secret").fill(secret)
    finder.locator("form button[type=submit]").click()
    expect(finder.locator(".report-status")).to_have_attribute("data-status", "accepted")
    owner.goto(f"{url}/notices?q=浮き玉")
    expect(owner.locator("table.notices tbody tr", has_text="赤い浮き玉")).to_have_count(0)
