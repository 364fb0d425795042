"""jp-1899 — 水難救護法, Law No. 95 of Meiji 32 (1899), chapter 1 (遭難船舶救護), arts 1–23.

One module per concept; each rule cites its articles (``articles.yaml``) and reads the law's
lists and timing words from ``parameters.yaml``. Rules run in this order and pass results on
as named values (``common.py``, law/named.py: the competent mayor, the persons excluded for their
conduct, the admitted claims, the held goods, the money ledger).
"""
from pathlib import Path

from wreckmaster.law.money import JPY_RIN
from wreckmaster.law.contributes import Calendar, Document, DocumentWords, MapLayers
from wreckmaster.law.eras import JAPANESE
from wreckmaster.law.regime import Regime, register

from . import claims, competence, custody, expenses, held_goods, master_will, powers, public_sale, scope, wreck_report
from .common import guarded

#: the rules of chapter 1 after the scope checks, in order (jp-1899-2025 runs the same list)
CHAPTER_ONE = [
    scope.government_vessel,                # art 22
    competence.competent_mayor,             # art 1
    competence.finder_reports,              # art 2 ¶1
    competence.police_notice,               # art 2 ¶2
    competence.mayor_at_scene,              # arts 3, 4
    master_will.master_will,                # art 5
    powers.summons,                         # art 6
    powers.requisitions,                    # arts 6, 13, 14
    powers.removals,                        # art 7 ¶1
    powers.restraints,                      # art 7 ¶2–3
    powers.concealment,                     # art 8
    custody.custody,                        # art 9 ¶1
    custody.mail,                           # art 9 ¶2
    wreck_report.wreck_report,              # art 10
    claims.admitted_claims,                 # arts 12, 14, 20
    claims.expense_heads,                   # arts 13, 14
    expenses.mayor_outlays,                 # art 13 item 3, arts 15, 16 ¶1, 18 (jp-1899 only: its parameter)
    public_sale.public_sale,                # art 11
    public_sale.sale_notices,               # art 11 ¶2, ¶4
    held_goods.delivery_against_security,   # art 16 ¶2
    held_goods.free_baggage,                # art 16 ¶3
    held_goods.disposals,                   # art 16 ¶4–5
    expenses.payment_due,                   # arts 15, 16 ¶1
    expenses.unpaid_sale,                   # art 17
    expenses.pay_rescue_expenses,           # arts 16 ¶6, 18, 19
]

REGIME = register(Regime(
    id="jp-1899",
    folder=Path(__file__).parent,
    currency=JPY_RIN,
    language="ja",
    rules=[
        scope.treaty,                               # art 23
        scope.drift,                                # art 1 (chapter 2 not in the seed)
        *map(guarded, CHAPTER_ONE),
    ],
    documents=["statement", "notice",
               Document("wreck-report", ("ja", "en"), f"{__name__}.documents:wreck_report",
                        "船難報告書 wreck report (jp-1899 art 10)", templates=Path(__file__).parent / "templates")],
    words=DocumentWords(notice_title="公告", old_style=True, funds={"government": "國庫"}),
    map_layers=MapLayers(regions=("japan",), nearest_office_year=1900),   # art 2: the nearest mayor (最近地ノ市町村長)
    office_head="mayor",
    calendar=Calendar(eras=JAPANESE),  # dates in the Japanese era (明治…); periods: the Civil Code, parameters.yaml
))
