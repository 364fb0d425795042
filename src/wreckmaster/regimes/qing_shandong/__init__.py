"""qing-shandong — the six articles for the Shandong coast (東海關道, 榮成), probably of 光緒14 (1888).

Art 1 segments, stations, boats and the bamboo tally; art 2 rewards and punishments (the
first reporter's 花紅, officials' merits, directors' rewards); art 3 signals, the master's
will, the hire fee, plunder; art 4 the award scale, the station's tenth, persons saved,
castaways; art 5 licences and the county's report within five (lunar) months; art 6 the naval
patrol and lookouts of Rongcheng. One module per concept; each rule cites its articles
(``articles.yaml``) and reads its numbers from ``parameters.yaml``. Amounts in taels, exact
to the 釐 (0.001 tael).
"""
from pathlib import Path

from wreckmaster.law.money import TAEL
from wreckmaster.law.contributes import Calendar, MapLayers
from wreckmaster.law.eras import QING
from wreckmaster.law.regime import Regime, register
from wreckmaster.regimes._qing import COUNTY_REPORT, WORDS

from . import conduct, county_report, first_report, goods_awards, honours, persons, stations

REGIME = register(Regime(
    id="qing-shandong",
    folder=Path(__file__).parent,
    currency=TAEL,
    language="zh",
    rules=[
        stations.segment_station,      # art 1
        conduct.signal,                # arts 1, 3
        stations.dispatch,             # arts 1, 5
        stations.bureau,               # art 1
        stations.patrol,               # art 6
        conduct.aground_sound,         # art 3
        conduct.breached,              # art 3
        conduct.hire_fee,              # art 3
        conduct.guarding,              # art 3
        conduct.plunder,               # art 3
        goods_awards.foreign_valuation,  # art 4
        goods_awards.goods_award,      # art 4
        persons.person_awards,         # art 4
        persons.castaways,             # art 4
        first_report.first_reporter,   # art 2
        honours.officials_merits,      # art 2
        honours.directors_rewards,     # art 2
        honours.station_plunder,       # art 2
        honours.neglect,               # art 2
        stations.bureau_costs,         # art 1
        county_report.county_report,   # art 5
    ],
    documents=["statement", "notice", COUNTY_REPORT],
    words=WORDS,
    map_layers=MapLayers(regions=("shandong-zhili",), stations="stations.yaml"),   # art 1: a station every ten li
    calendar=Calendar(eras=QING, months="lunar"),   # 光緒 era dates; lunar months and years (時憲書)
))
