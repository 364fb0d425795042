"""jp-1875 — 難破船救助規則, Dajōkan proclamation of Meiji 8 (1875).

Arts 1–28 rescue of wrecked ships; arts 29–37 drift goods (漂着物) and unmanned drifting
ships. One module per concept; each rule cites its articles (``articles.yaml``) and reads
its numbers from ``parameters.yaml``.
"""
from pathlib import Path

from wreckmaster.law.money import JPY_RIN
from wreckmaster.law.regime import Regime, register

from . import costs, drift_goods, salvage_fees

REGIME = register(Regime(
    id="jp-1875",
    folder=Path(__file__).parent,
    currency=JPY_RIN,
    language="ja",
    rules=[
        salvage_fees.salvage_fee,      # arts 8–9
        costs.owner_costs,             # arts 11, 15
        costs.public_costs,            # arts 12, 15, 25
        costs.crew_loans,              # art 13
        drift_goods.posting,           # art 30
        drift_goods.wide_notice,       # art 30
        drift_goods.finder_shares,     # arts 31, 32, 34
    ],
))
