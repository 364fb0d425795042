"""jp-1899-2025 — 水難救護法 (Law No. 95 of 1899) as in force from 2025-06-01, chapters 1–4, with its
Cabinet Order (水難救護法施行令, 昭和二十八年政令第二百三十七号).

Chapter 1 (ships in distress) runs the rules of ``jp-1899`` with this regime's data
(:mod:`.chapter_one`); chapter 2 (drifting and sunken goods) is :mod:`.drift` (arts 24–28) and
:mod:`.police` (arts 29–30); chapter 4 (penalties) is :mod:`.penalties`. Amounts in whole yen.
``claim_until`` (:mod:`.claims`) gives the owner's last day for items under notice.
"""
from pathlib import Path

from wreckmaster.law.money import JPY_YEN
from wreckmaster.law.regime import Regime, register

from . import chapter_one, claims, drift, penalties, police

REGIME = register(Regime(
    id="jp-1899-2025",
    folder=Path(__file__).parent,
    currency=JPY_YEN,
    language="ja",
    rules=[
        *chapter_one.RULES,            # arts 1–23 (jp-1899's rules, today's data)
        drift.drift_goods,             # arts 24–28, Cabinet Order
        police.removed_goods,          # arts 29–30
        penalties.penalties,           # arts 31–35ノ2
    ],
    claim_until=claims.claim_until,    # arts 27 ¶1, 30 ¶1
    ends_notice=claims.ends_notice,    # art 28: a finder's taking too early does not end the notice
    data={"item_class": claims.notice_class},   # arts 24 ¶2, 27 ¶1: the notice board's `class` filter
))
