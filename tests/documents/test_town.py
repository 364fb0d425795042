"""Today's Act (jp-1899-2025): the town's forms, read back from the PDF as a clerk reads them
before signing (issue 26). The case (cases/jp-1899-2025-misaki.yaml) is worked by hand:

- skiff (和船, drifting, value 80000): the owner 三崎漁業協同組合 claims it on 2026-03-20 and pays the
  mayor 1/10 of the value = 8000 (art 27 ¶1; passed to the finder, ¶2), the notice cost 1000 and
  custody 7000: total 16000;
- net (刺網, drifting, 40000): its known owner is informed (art 25 ¶2 proviso) and declares on
  2026-03-25 that he will not ask for it (owner_waived): the finder takes it (art 28 ¶1, the
  owner "declared that he would not"), paying custody 3000;
- motor (船外機, sunken, 120000): nobody claims it within six months of the notice of 2026-03-05
  (six months end on Saturday 2026-09-05, so until Monday 2026-09-07, a municipal holiday moving
  the day: 地方自治法 art 4-2 ¶4); the finder takes it on 2026-09-18, paying notice 1000 and custody 9000.
  The finder pays 3000 + 1000 + 9000 = 13000 for what he takes.
- The town (市町村) receives 1000 + 7000 + 3000 + 1000 + 9000 = 21000 of costs and passes the
  8000 on from the owner to the finder.
"""
from __future__ import annotations

import re
import unicodedata
from datetime import date

import pytest

from wreckmaster.documents import build, render_pdf

from .conftest import CASES, assessment, load, pdf_text, shown

pytestmark = pytest.mark.browser

MISAKI = CASES / "jp-1899-2025-misaki.yaml"
OFFICE = {"office": "misaki", "name": "三崎町役場", "head_title": "三崎町長", "address": "神奈川県三浦郡三崎町一丁目1番1号",
          "telephone": "046-881-1111"}
#: what wreckmaster writes in English (labels, duties, kinds, reasons): none of it on a Japanese page
ENGLISH = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(scope="module")
def misaki():
    s = load(MISAKI)
    return s, assessment(s)


def page(s, a, name, party=None, lang="ja", office=OFFICE) -> str:
    return pdf_text(render_pdf(name, s, a, party=party, lang=lang, office=office))


def yen(text: str) -> str:
    return shown(text, "JPY", "ja")


def test_the_hand_worked_figures_are_the_assessments(misaki):
    _, a = misaki
    by = {(c["payer"], c["for"]): [] for c in a["charges"]}
    for c in a["charges"]:
        by[(c["payer"], c["for"])].append(c["amount"])
    assert sorted(by[("owner", "skiff")]) == ["1000", "7000", "8000"]
    assert by[("finder", "net")] == ["3000"] and sorted(by[("finder", "motor")]) == ["1000", "9000"]


def test_claim_and_owner_receipt_say_what_each_line_is_for_and_add_up(misaki):
    s, a = misaki
    for name in ("claim", "owner-receipt"):
        text = page(s, a, name, "owner")
        for want in ("三崎漁業協同組合", "和船一隻", "報酬", "価格金八万円の十分の一", "公告費", "保管費", "合計",
                     yen("8000"), yen("1000"), yen("7000"), yen("16000"), "第二十七条第一項", "三崎町長"):
            assert want in text, (name, want)
        assert "報労金" not in text and "刺網" not in text and "船外機" not in text
        assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_the_owners_lines_add_up_to_the_total(misaki):
    s, a = misaki
    doc = build("claim", s, a, party="owner", office=OFFICE)
    table = next(x for x in doc["sections"] if x.get("foot"))
    assert len(table["rows"]) == 3
    total = sum(int(c["amount"]) for c in a["charges"] if c["payer"] == "owner")
    assert total == 16000 and str(table["foot"][0][2]) == "金" + "一万六千円"


def test_handover_lists_only_what_the_finder_takes_with_its_ground(misaki):
    s, a = misaki
    text = page(s, a, "handover")
    assert "和船" not in text                                         # the owner claimed it
    for want in ("刺網一張", "船外機一基", "所有者が引渡しを請求しない意思を表示したため",
                 "所有者が期間内に引渡しを請求しなかったため", yen("3000"), yen("9000"), yen("13000"), "合計",
                 "第二十八条第一項", "第二十八条第二項", "2026-09-18", "2026-09-30", "三崎町長", "三崎町役場",
                 "046-881-1111", "神奈川県三浦郡三崎町一丁目1番1号", "石井浩"):
        assert want in text, want
    assert "所有者が知れない" not in text
    assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_notice_cites_its_article_issuer_date_and_where_and_until_when(misaki):
    s, a = misaki
    s = s.replace(as_of=date(2026, 4, 1))
    a = assessment(s, date(2026, 4, 1))
    text = page(s, a, "notice")
    for want in ("公告", "第二十五条第二項", "公告日", "令和八年三月五日", "2026-03-05", "三崎町長", "三崎町役場",
                 "神奈川県三浦郡三崎町一丁目1番1号", "046-881-1111", "申出期限", "2026-09-07", "船外機一基(沈没品)",
                 "2026-04-01"):
        assert want in text, want
    assert "海上" not in text and "和船" not in text                 # claimed on 03-20: no longer under notice
    assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_found_report_and_receipt_give_the_class_the_place_and_the_finders_address(misaki):
    s, a = misaki
    finder = s.party("finder")
    s2 = s.replace(parties=[p.replace(**{"address": "神奈川県三浦郡三崎町二丁目3番4号",
                                                 "telephone": "090-1234-5678"}) if p.id == "finder" else p
                            for p in s.parties])
    assert finder.address is None
    for name in ("found-report", "delivery-receipt"):
        text = page(s2, a, name)
        for want in ("漂流物", "沈没品", "神奈川県三浦市三崎城ヶ島沖", "住所", "電話番号",
                     "神奈川県三浦郡三崎町二丁目3番4号", "090-1234-5678", "石井浩", "2026-03-02", "三崎町長"):
            assert want in text, (name, want)
        assert "海上" not in text and "海岸漂着" not in text
        assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_every_partys_statement_has_everything_it_receives_and_pays(misaki):
    """The finder, the owner and the mayor (the town's account: 市町村)."""
    s, a = misaki
    for party, receives, pays in (("finder", ["8000"], ["3000", "1000", "9000"]),
                                  ("owner", [], ["8000", "1000", "7000"]),
                                  ("mayor", ["1000", "7000", "3000", "1000", "9000", "8000"], ["8000"])):
        text = page(s, a, "statement", party)
        for amount in receives + pays:
            assert yen(amount) in text, (party, amount)
        for total in {sum(map(int, receives)), sum(map(int, pays))} - {0}:
            assert yen(str(total)) in text, (party, total)
        net = sum(map(int, receives)) - sum(map(int, pays))
        if receives and pays:
            assert "差引" + yen(str(net)) in text, (party, net)
        assert not ENGLISH.search(text), (party, ENGLISH.findall(text))
    assert "公告費" in page(s, a, "statement", "mayor") and "取次" in page(s, a, "statement", "mayor")


def test_the_english_forms_and_no_office():
    s = load(MISAKI)
    a = assessment(s)
    text = pdf_text(render_pdf("claim", s, a, party="owner", lang="en"))
    assert "Claimfordelivery" in text and "8000yen" in text and "16000yen" in text and "1/10ofthevalue" in text
    assert "船外機" not in text
    # without an office the mayor among the parties signs
    assert "三崎町長" in pdf_text(render_pdf("handover", s, a))


def test_iso_dates_are_whole_and_amounts_are_not_digit_columns(misaki):
    """pdfminer in vertical mode: an ISO date is one upright run in one column (never broken),
    and no amount is set as Arabic figures."""
    from .conftest import vertical_chars

    s, a = misaki
    chars = vertical_chars(render_pdf("handover", s, a, office=OFFICE))
    text = "".join(unicodedata.normalize("NFKC", c.get_text()) for c in chars)
    for iso in ("2026-09-18", "2026-09-30", "2026-03-02"):
        at = text.find(iso)
        assert at >= 0, iso
        run = chars[at:at + len(iso)]
        assert max(c.x0 for c in run) - min(c.x0 for c in run) < 1, iso        # one column
        digits = [c for c in run if unicodedata.normalize("NFKC", c.get_text()).isdigit()]
        assert len(digits) == 8 and all(abs(c.matrix[1]) < 1e-6 and abs(c.matrix[2]) < 1e-6 for c in digits), iso
    assert "13000" not in text and "9000" not in text


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(value=st.integers(min_value=1, max_value=10**9), notice=st.integers(min_value=0, max_value=10**6),
       custody=st.integers(min_value=0, max_value=10**6), sunk=st.booleans())
def test_the_claims_lines_always_add_up_to_its_total(value, notice, custody, sunk):
    """Whatever the value and the costs: one line per charge the owner pays, each line's amount
    the charge's, and the total their sum (the model; the page is checked above)."""
    from wreckmaster.documents.numerals import amount_kanji
    from wreckmaster.law.scenario import validate

    import yaml

    doc = yaml.safe_load(MISAKI.read_text(encoding="utf-8"))
    doc["items"][0]["value"] = str(value)
    doc["items"][0]["found"]["state"] = "sunk" if sunk else "floating"
    doc["expenses"][0]["amount"], doc["expenses"][1]["amount"] = str(notice), str(custody)
    s = validate(doc)
    a = assessment(s)
    model = build("claim", s, a, party="owner")
    table = next(x for x in model["sections"] if x.get("heading") == "納付する金額")
    mine = [c for c in a["charges"] if c["payer"] == "owner"]
    if not mine:                                  # nothing to pay (a reward that rounds to 0 yen, no costs)
        assert table["rows"] == [] and table["foot"] == []
        return
    assert [str(r[2]) for r in table["rows"]] == ["金" + amount_kanji(c["amount"], "JPY", "ja") for c in mine]
    assert str(table["foot"][0][2]) == "金" + amount_kanji(str(sum(int(c["amount"]) for c in mine)), "JPY", "ja")
    assert ("三分の一" if sunk else "十分の一") in table["rows"][0][1] or not any("報酬" in r[1] for r in table["rows"])
