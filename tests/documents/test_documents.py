"""The documents read back from their PDFs: every figure and date the assessment gives is on the
page (after NFKC), the text comes out in reading order, A4, vertical where it must be."""
from __future__ import annotations

from datetime import date

import pytest

from wreckmaster.documents import DOCUMENTS, DocumentProblem, build, documents_for, render_pdf

from .conftest import CASES, EXAMPLES, assessment, load, page_size, pdf_pages, pdf_text, shown, squash

pytestmark = pytest.mark.browser

KOTOBUKI = EXAMPLES / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
TENJIN = EXAMPLES / "jp-1875-jettison-of-the-tenjin-maru.yaml"
KANNON = EXAMPLES / "jp-1899-stranding-of-the-daini-kannon-maru.yaml"
PORT_WINE = EXAMPLES / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml"
KEELUNG = CASES / "qing-taiwan-keelung.yaml"
WRECK_REPORT = CASES / "jp-1899-wreck-report.yaml"
DRIFT = CASES / "jp-1875-drift-notice.yaml"
A4 = (595.0, 842.0)


def figure(x: dict, lang: str) -> str:
    """An award's or charge's amount as the page shows it once NFKC-normalised and without spaces
    (kanji on a vertical page: issue 26)."""
    return shown(x["amount"], x["currency"], lang)


def assert_on_page(text: str, wanted: list[str]) -> None:
    missing = [w for w in wanted if squash(w) not in text]
    assert not missing, f"not on the page: {missing}"


# --- the settlement statement (精算書) ------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_settlement_has_every_charge_and_total(lang):
    from wreckmaster.regimes.jp_1875.settlement import statement

    s = load(KOTOBUKI)
    data = statement(s, s.as_of)
    pdf = render_pdf("settlement", s, lang=lang)
    text = pdf_text(pdf)
    wanted = [ln["amount"] for g in data["groups"] for ln in g["lines"]] + [g["total"] for g in data["groups"] if g["lines"]]
    wanted = [shown(w, "JPY", lang) for w in wanted + [data["total"]]]
    wanted += [s.case.occurred.isoformat(), data["as_of"]]
    assert_on_page(text, wanted)
    ids = [x.id for x in (*s.parties, *s.items, *s.expenses) if len(x.id) > 1]
    assert not [i for i in ids if f"({i})" in text]     # names and descriptions, never bare ids
    if lang == "ja":
        assert "明治九年" in text          # era dates, with the ISO date in a note
        assert "第十一条" in text and "第十二条" in text
    names = [p.name for p in s.parties if p.name and any(
        p.id in (c["payer"], c["payee"]) for c in assessment(s)["charges"])]
    assert_on_page(text, names)
    w, h = page_size(pdf)
    assert abs(w - A4[0]) < 2 and abs(h - A4[1]) < 2


def test_settlement_is_set_vertically_with_upright_figures():
    """pdfminer: the title's characters stand one under the other (same column, going down), and
    the full-width figures of an amount are upright (unrotated glyphs) in one column."""
    from .conftest import vertical_chars

    s = load(KOTOBUKI)
    chars = vertical_chars(render_pdf("settlement", s), first_page_only=True)
    title = [c for c in chars if c.get_text() in "精算書" and c.size > 14]
    assert len(title) == 3
    assert max(c.x0 for c in title) - min(c.x0 for c in title) < 1          # one column
    assert title[0].y0 > title[1].y0 > title[2].y0                          # read downwards
    digits = [c for c in chars if c.get_text() in "０１２３４５６７８９"]
    assert digits, "no full-width figures"
    assert all(abs(c.matrix[1]) < 1e-6 and abs(c.matrix[2]) < 1e-6 for c in digits)   # upright
    # the columns run from right to left: the title is right of every amount
    assert min(c.x0 for c in title) > max(c.x0 for c in digits)


def test_vertical_text_reads_in_order():
    """In a vertical document the text extracts in reading order: labels in the model's order,
    era dates whole, columns right to left."""
    s = load(WRECK_REPORT)
    pdf = render_pdf("wreck-report", s)
    text = pdf_text(pdf)
    labels = ["船難報吿書", "船名", "總噸數", "船籍港", "船舶所有者", "船長", "遭難ノ日", "遭難ノ場所",
              "遭難ノ顚末", "船體ノ損害", "死亡者", "負傷者", "喪失シタル積荷", "救助シタル物件", "認證"]
    where = [text.find(x) for x in labels]
    assert -1 not in where, dict(zip(labels, where))
    assert where == sorted(where)
    assert "明治三十六年二月十一日(1903-02-11)" in text


# --- the wreck report (船難報吿書) ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_wreck_report_particulars_and_certification(lang):
    s = load(WRECK_REPORT)
    text = pdf_text(render_pdf("wreck-report", s, lang=lang))
    assert_on_page(text, ["第三榮福丸", "187", "石巻", "佐藤 喜兵衞", "阿部 長三郎", "北西ノ烈風ニテ舵ヲ損シ",
                          "船底大破", "鮎川村長 平塚 善藏", "白米 三百俵", "◯に佐", "俵", "鹽 五十叺", "山に一",
                          shown("840.000", "JPY", lang), shown("45.000", "JPY", lang), "1903-02-11", "1903-02-13",
                          "1903-02-16", "水夫 菅野 留吉"])
    # the dead: one named crew member killed plus case.dead 1; the injured: case.injured 2
    assert ("2名" if lang == "ja" else "Dead2") in text
    if lang == "ja":
        assert "右報吿書ノ事實ヲ審査シ相當ト認ムルニ依リ之ヲ認證ス" in text


# --- the sea protest (浦証文) -----------------------------------------------------------------
def test_sea_protest_has_the_particulars_and_the_examined_crew():
    from wreckmaster.regimes.jp_1875.sea_protest import certificate

    s = load(TENJIN)
    data = certificate(s, s.as_of)
    text = pdf_text(render_pdf("sea-protest", s))
    crew = [s.party(p).name for p in data["examination"]["crew"]]
    assert crew
    assert_on_page(text, crew + [data["vessel"]] + [d for d in (data["requested"], data["issued"]) if d])
    assert_on_page(text, [it["original"] for it in data["items"]])


def test_sea_protest_draft_is_marked():
    s = load(KOTOBUKI)
    text = pdf_text(render_pdf("sea-protest", s))
    assert "草案" in text


# --- one party's statement: every regime -------------------------------------------------------
STATEMENTS = [
    (KOTOBUKI, None), (TENJIN, None), (KANNON, None), (PORT_WINE, None), (KEELUNG, None),
    (EXAMPLES / "jp-village-ferry-typhoon-off-kuroshima.yaml", None),
    (EXAMPLES / "fr-epaves-stranded-collier-cherchell-1918.yaml", None),
]


def _busiest(a: dict) -> str:
    counts: dict[str, int] = {}
    for x in a["awards"]:
        counts[x["to"]] = counts.get(x["to"], 0) + 1
    for x in a["charges"]:
        for k in ("payer", "payee"):
            counts[x[k]] = counts.get(x[k], 0) + 1
    from wreckmaster.law.events import FUNDS

    return max((p for p in counts if p not in FUNDS), key=lambda p: counts[p])


@pytest.mark.parametrize("path", [p for p, _ in STATEMENTS], ids=lambda p: p.stem)
def test_statement_has_every_figure_of_the_party(path):
    s = load(path)
    a = assessment(s)
    party = _busiest(a)
    lang = build("statement", s, a, party)["lang"]
    text = pdf_text(render_pdf("statement", s, a, party=party))
    wanted = [figure(x, lang) for x in a["awards"] if x["to"] == party]
    wanted += [figure(x, lang) for x in a["charges"] if party in (x["payer"], x["payee"])]
    wanted += [d["due"] for d in a["deadlines"] if d["party"] == party] + [a["as_of"]]
    assert len(wanted) > 1
    assert_on_page(text, wanted)
    who = s.party(party)
    assert squash(who.name or party) in text


def test_a_statements_duties_are_in_the_documents_language():
    """A deadline's duty is printed in the case's words (duty_local) on a Japanese statement and in
    English on the English one — names for ids in both."""
    from wreckmaster.documents.common import Ctx

    s = load(KANNON)
    a = assessment(s)
    mine = [d for d in a["deadlines"] if d["party"]]
    assert mine and all(d.get("duty_local") for d in mine)
    party = mine[0]["party"]
    ja = pdf_text(render_pdf("statement", s, a, party=party, lang="ja"))
    en = pdf_text(render_pdf("statement", s, a, party=party, lang="en"))
    duties = [d for d in mine if d["party"] == party]
    assert_on_page(ja, [Ctx(s, a, "ja").duty(d) for d in duties])
    assert_on_page(en, [Ctx(s, a, "en").duty(d) for d in duties])
    assert squash(duties[0]["duty_local"].split()[-1]) in ja and squash(duties[0]["duty_local"]) not in en


def test_statement_in_english_of_a_japanese_case():
    from wreckmaster.documents.common import Ctx

    s = load(KANNON)
    a = assessment(s)
    party = _busiest(a)
    owes = [x for x in a["charges"] if x["payer"] == party]
    owed = [x for x in a["charges"] if x["payee"] == party]
    assert owes or owed
    text = pdf_text(render_pdf("statement", s, a, party=party, lang="en"))
    assert "Statementofaccount" in text and "Whatitowes" in text
    assert_on_page(text, [x["amount"] + "yen" for x in owes + owed])
    ctx = Ctx(s, a, "en")
    assert_on_page(text, [ctx.cite(c) for x in owes + owed for c in x["cites"]])
    assert "(Meiji35)" in text                       # English dates of a Japanese case carry the era


# --- notices, declarations, the county report ------------------------------------------------
def test_notice_lists_only_the_items_under_notice_with_claim_until():
    s = load(DRIFT)
    text = pdf_text(render_pdf("notice", s))
    assert "櫓二挺" in text                       # still under notice
    assert "茶一箱" not in text                    # the owner was identified: no longer
    # art 31: one year from the find (1880-03-02)
    assert_on_page(text, ["1881-03-02", "1880-03-02", "1880-03-03", "三崎村 浦役人 鈴木"])
    assert "掲示" in text


def test_notice_of_sunken_goods_gives_the_regimes_year_from_the_notice():
    """jp-1899-2025 art 27 ¶1 and the Cabinet Order: goods kept sunk may be claimed for one year
    from the notice (2025-06-20; the first day not counted, Civil Code art 140) — the year ends on
    Saturday 2026-06-20, so the claim towards the mayor may be made until Monday 2026-06-22 (地方自治法
    art 4-2 ¶4; issue 21), as the regime's claim_until hook and the service's notice board say."""
    s = load(EXAMPLES / "jp-1899-2025-sunken-outboard-motor-acquired-by-finder.yaml")
    table = next(x for x in build("notice", s, as_of=date(2026, 1, 1))["sections"] if x["kind"] == "table")
    assert [(row[3].iso, row[4].iso) for row in table["rows"]] == [("2025-06-20", "2026-06-22")] * 2


def test_notice_without_items_under_notice_is_bad_input():
    s = load(DRIFT)
    with pytest.raises(DocumentProblem) as exc:
        build("notice", s, as_of=date(1880, 3, 2))
    assert "no item is under notice" in exc.value.message


@pytest.mark.parametrize("name", ["declaration", "receipt"])
def test_declaration_and_receipt(name):
    s = load(PORT_WINE)
    a = assessment(s)
    pdf = render_pdf(name, s, a)
    pages = pdf_pages(pdf)
    text = "".join(pages)
    salvors = {p for i in s.items if i.found for p in i.found.by}
    assert len(pages) >= len(salvors)             # one page (at least) per salvor
    assert_on_page(text, [s.party(p).name for p in salvors])
    assert_on_page(text, [shown(f"{i.value:.2f}", "FRF", "fr")
                          for i in s.items if i.value is not None])
    assert_on_page(text, [d["due"] for d in a["deadlines"] if any(c.startswith("fr-epaves:2") for c in d["cites"])])
    if name == "receipt":
        assert_on_page(text, [figure(x, "fr") for x in a["awards"] if x["to"] in salvors])
        assert "Récépissé" in text
    else:
        assert "Déclarationd’épave" in text


def test_county_report_in_guangxu_dates():
    s = load(KEELUNG)
    a = assessment(s)
    pdf = render_pdf("county-report", s, a)
    text = pdf_text(pdf)
    from wreckmaster.law.chinese_calendar import era_date

    assert era_date(s.case.occurred) in text
    assert s.case.occurred.isoformat() in text
    assert_on_page(text, [shown(x["amount"], x["currency"], "zh") for x in a["awards"]])
    assert "稟" in text


def test_county_report_lists_the_merits_the_case_adds():
    """Issue 28: the report lists the lines the case adds to the officials' ledger (藩司注冊記功 for
    each official: hull and goods above 10,000 taels; the headman's 頂戴匾額), with names and the article."""
    s = load(KEELUNG)
    a = assessment(s)
    assert [m["to"] for m in a["merits"]] == ["keelung", "garrison"]
    model = build("county-report", s, lang="zh")
    (table,) = [x for x in model["sections"] if x.get("heading") == "本案功過（東海關查登）"]
    assert [r[:2] for r in table["rows"]] == [["基隆廳通判", "藩司注冊記功"], ["基隆汛 千總", "藩司注冊記功"],
                                              ["八斗子 地甲", "賞給頂戴匾額"]]   # and the headman's honour
    text = pdf_text(render_pdf("county-report", s, a))
    assert "藩司注冊記功" in text and "基隆廳通判" in text


# --- which documents a case has --------------------------------------------------------------
def test_every_regime_has_a_statement_and_names_are_checked():
    for regime in ("jp-1875", "jp-1899", "jp-village-ferry", "qing-shandong", "qing-taiwan", "fr-epaves"):
        assert "statement" in documents_for(regime)
    s = load(KANNON)
    for bad, pointer in (("settlement", "NAME"), ("declaration", "NAME"), ("nonsense", "NAME")):
        with pytest.raises(DocumentProblem) as exc:
            build(bad, s)
        assert exc.value.pointer == pointer
    with pytest.raises(DocumentProblem) as exc:
        build("statement", s)
    assert exc.value.pointer == "--party"
    with pytest.raises(DocumentProblem) as exc:
        build("statement", s, party="nobody")
    assert exc.value.pointer == "--party"
    with pytest.raises(DocumentProblem) as exc:
        build("wreck-report", s, lang="fr")
    assert exc.value.pointer == "--lang"
    assert set(DOCUMENTS) >= {"settlement", "sea-protest", "statement", "notice", "wreck-report", "declaration",
                              "receipt", "county-report", "found-report", "delivery-receipt", "claim", "handover",
                              "owner-receipt"}


def test_no_bare_ids_in_a_statement():
    """Names and descriptions, never ids: the ids of this case do not appear on the page."""
    s = load(KANNON)
    text = pdf_text(render_pdf("statement", s, party="ishii", lang="en"))
    for ident in ("gyofu1", "gyofu2", "funanushi", "jinushi", "yakuba", "ishii"):
        assert ident not in text


def test_avis_in_french():
    """The French notice (avis): horizontal, French dates, no time limit set by this law."""
    import yaml

    from wreckmaster.law.scenario import validate

    doc = yaml.safe_load(PORT_WINE.read_text(encoding="utf-8"))
    doc["events"].append({"type": "notice_posted", "date": "1917-04-25", "items": ["pipes-beach"]})
    s = validate(doc)
    when = date(1917, 5, 1)                      # before the sale ends the notice
    html_doc = build("notice", s, as_of=when)
    assert html_doc["lang"] == "fr" and not html_doc["vertical"]
    text = pdf_text(render_pdf("notice", s, as_of=when))
    assert_on_page(text, ["Avis", "2 pipes stranded on the beach of Lilia", "25 avril 1917", "1917-04-25",
                          "sur le rivage", "sans délai fixé", "L’administrateur de l’inscription maritime"])
    assert "12 pipes" not in text
