"""jp-village-ferry — the village ferry's conditions of carriage of goods, baggage and parcels
(三島村, Kagoshima; ordinance No. 7 of 1955, identified, not verified in the seed).

Amounts in modern yen, to 1 yen. One module per concept; each rule cites its articles
(``articles.yaml``) and reads its numbers from ``parameters.yaml``. General average (art 23)
is adjusted by :mod:`wreckmaster.average` (``wreckmaster average``).
"""
from pathlib import Path

from wreckmaster.law.money import JPY_YEN
from wreckmaster.law.contributes import Calendar, DocumentWords, MapLayers
from wreckmaster.law.eras import JAPANESE
from wreckmaster.law.regime import Regime, register

from . import baggage, claims, compensation, general_average, shipment, unclaimed, voyage

REGIME = register(Regime(
    id="jp-village-ferry",
    folder=Path(__file__).parent,
    currency=JPY_YEN,
    language="ja",
    rules=[
        baggage.baggage_limits,                 # art 13
        baggage.listed_articles,                # art 13 proviso
        baggage.inspection,                     # art 14
        shipment.who_accepts,                   # art 10
        baggage.day_of_sailing,                 # art 17
        shipment.dangerous_goods,               # art 5 ¶1
        shipment.heavy_goods,                   # art 6
        shipment.disposal,                      # arts 5 ¶2, 6, 7
        voyage.refused_requests,                # art 8
        voyage.discharge_elsewhere,             # art 9
        compensation.compensation,              # arts 1–4, 9, 11, 12, 16, 18, 19
        baggage.harm_by_dangerous_articles,     # art 15
        claims.period_of_grace,                 # art 20
        unclaimed.unclaimed_goods,              # arts 21, 22
        general_average.general_average,        # art 23
        general_average.sister_ship_salvage,    # art 24
    ],
    documents=["statement"],
    words=DocumentWords(funds={"local-public": "村"}),
    map_layers=MapLayers(regions=("japan",)),
    commands=[f"{__name__}.cli.average", f"{__name__}.cli.check_baggage"],
    calendar=Calendar(eras=JAPANESE),  # dates in the Japanese era (明治…); periods: parameters.yaml
))
