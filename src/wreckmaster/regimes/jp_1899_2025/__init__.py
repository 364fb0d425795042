"""jp-1899-2025 — 水難救護法 (Law No. 95 of 1899) as in force from 2025-06-01, chapters 1–4, with its
Cabinet Order (水難救護法施行令, 昭和二十八年政令第二百三十七号).

Chapter 1 (ships in distress) runs the rules of ``jp-1899`` with this regime's data
(:mod:`.chapter_one`); chapter 2 (drifting and sunken goods) is :mod:`.drift` (arts 24–28) and
:mod:`.police` (arts 29–30, the exception to arts 24–28 for goods the police removed); chapter 4
(penalties) is :mod:`.penalties`. Amounts in whole yen.
``claim_until`` (:mod:`.claims`) gives the owner's last day for items under notice.
"""
from pathlib import Path

from wreckmaster.law.money import JPY_YEN
from wreckmaster.law.contributes import Calendar, Document, DocumentWords, ItemClass, MapLayers
from wreckmaster.law.eras import JAPANESE
from wreckmaster.law.regime import Regime, register

from . import chapter_one, claims, drift, penalties
from . import municipal_days   # the calendar's holidays


def _municipal_holiday(scenario, day):
    """The municipal holiday ``day`` is for the case's office (地方自治法 art 4-2 ¶¶1–2), or None: the calendar's."""
    p = lambda name: REGIME.parameters.param(name, scenario.case.occurred).value  # noqa: E731
    return municipal_days.holiday(day, tuple(p("municipal_holidays.weekdays")), tuple(p("municipal_holidays.year_end")),
                                  frozenset(scenario.case.closed_days), p("municipal_holidays.national"))


REGIME = register(Regime(
    id="jp-1899-2025",
    folder=Path(__file__).parent,
    currency=JPY_YEN,
    language="ja",
    rules=[
        *chapter_one.RULES,            # arts 1–23 (jp-1899's rules, today's data)
        drift.drift_goods,             # arts 24–28, Cabinet Order; arts 29–30 its exception (police.REMOVED)
        penalties.penalties,           # arts 31–35ノ2
    ],
    claim_until=claims.claim_until,    # arts 27 ¶1, 30 ¶1
    ends_notice=claims.ends_notice,    # art 28: a finder's taking too early does not end the notice
    # arts 24 ¶2, 27 ¶1: the notice board's `class` filter, in the law's words
    item_classes=[ItemClass("drifting", "漂流物", "drifting goods", "jp-1899-2025:24"),
                  ItemClass("sunken", "沈没品", "sunken goods", "jp-1899-2025:24"),
                  ItemClass("river-timber", "河川ニ漂流スル材木", "timber drifting in a river", "jp-1899-2025:24")],
    item_class=claims.notice_class,
    # arts 24–28 speak of each thing found (「漂流物又ハ沈没品ヲ拾得シタル者ハ」, 「其ノ物件」): a drift case's
    # duties are those of each item, by its own find, delivery, notice and claim (reading
    # jp-1899-2025-item-by-item)
    assessed_by_item=("drift",),
    notice_articles=("jp-1899-2025:25", "jp-1899-2025:27"),   # art 27 counts from 「第二十五条ノ公告」
    documents=["statement", "notice", *(
        Document(name, ("ja", "en"), f"{__name__}.documents:{name.replace('-', '_')}", title,
                 templates=Path(__file__).parent / "templates") for name, title in (
            ("found-report", "拾得届 report of goods found (art 24)"),
            ("delivery-receipt", "受領書 receipt of goods delivered (art 24)"),
            ("claim", "引渡請求書 the owner's claim (art 27)"),
            ("handover", "交付書 handover to the finder (art 28)"),
            ("owner-receipt", "所有者受領書 the owner's receipt (art 27)")))],
    words=DocumentWords(
        notice_title="公告", notice_cite="jp-1899-2025:25.2",
        # arts 25 ¶2, 27 ¶1 in today's Japanese
        notice_body={
            "ja": "下記の物件を保管しています。所有者は、各物件の申出期限までに、下記の申出先に申し出て、報酬（物件の価格に応じた金額）"
                  "並びに公告、保管、公売又は評価に要した費用を納付し、その引渡しを受けることができます（水難救護法第二十五条第二項、"
                  "第二十七条第一項）。",
            "en": "The goods below are kept by the mayor. Their owner may, until the day shown for each, apply at the "
                  "office below and take delivery of them, paying the amount equal to the share of their value (the "
                  "finder's reward) and the costs of the notice, custody, sale or valuation (Water Rescue Act, arts "
                  "25(2) and 27(1)).",
        },
        notice_goods=f"{__name__}.documents:notice_goods",
        funds={"government": "国庫", "local-public": "市町村"},
        passed_on="jp-1899-2025:27.2",     # art 27 ¶2: 市町村長ハ拾得者ニ…支給ス
        line_purposes=f"{__name__}.documents:purposes"),
    office_head="mayor",
    reports_default=True,              # today's law: a case opened from a public report
    map_layers=MapLayers(regions=("japan",)),
    # dates in the Japanese era; the municipal holidays (地方自治法 art 4-2, :mod:`.municipal_days`)
    calendar=Calendar(eras=JAPANESE, holidays=_municipal_holiday),
))
