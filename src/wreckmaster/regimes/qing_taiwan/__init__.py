"""qing-taiwan — Proclamation No. 39 of 劉銘傳, governor of Taiwan, 光緒十七年二月二十五日 (1891),
with its five articles of rescue regulations (救護章程五條).

Art 1 segments, headmen, the signal, messengers' costs; art 2 officials' merits, headmen's
rewards, the first reporter's 花紅; art 3 the master's will, plunder, informers; art 4 the
award on goods (up to one third), castaways, ten silver dollars a person saved by a small
boat; art 5 publication (nothing to compute). One module per concept; each rule cites its
articles (``articles.yaml``) and reads its numbers from ``parameters.yaml``. Amounts in
taels (to the 釐) and silver dollars (洋銀元, to 0.01).
"""
from pathlib import Path

from wreckmaster.law.money import DOLLAR, TAEL
from wreckmaster.law.contributes import Calendar, MapLayers
from wreckmaster.law.eras import QING
from wreckmaster.law.regime import Regime, register
from wreckmaster.regimes._qing import COUNTY_REPORT, WORDS

from . import awards, conduct, merits, stations

REGIME = register(Regime(
    id="qing-taiwan",
    folder=Path(__file__).parent,
    currency=TAEL,
    language="zh",
    other_currencies=[DOLLAR],
    rules=[
        stations.case_dates,           # era dates
        stations.segment_station,      # art 1
        stations.signal,               # arts 1, 3
        stations.dispatch,             # art 1
        conduct.masters_will,          # art 3
        conduct.plunder,               # art 3
        awards.foreign_valuation,      # art 4
        awards.goods_award,            # art 4
        awards.small_boat_award,       # art 4
        awards.castaways,              # art 4
        merits.first_reporter,         # art 2
        merits.officials_merits,       # art 2
        merits.headman_rewards,        # art 2
        merits.headman_plunder,        # art 2
        merits.neglect,                # art 2
        stations.messengers,           # art 1
    ],
    documents=["statement", "notice", COUNTY_REPORT],
    words=WORDS,
    map_layers=MapLayers(regions=("taiwan",), stations="stations.yaml"),   # art 1: a station every ten li
    calendar=Calendar(eras=QING, months="lunar"),   # 光緒 era dates; lunar months and years (時憲書)
))
