"""jp-1875 — 難破船救助規則, Dajōkan proclamation of Meiji 8 (1875).

Arts 1–28 rescue of wrecked ships; arts 29–37 drift goods (漂着物) and unmanned drifting
ships. One module per concept; each rule cites its articles (``articles.yaml``) and reads
its numbers from ``parameters.yaml``.
"""
from pathlib import Path

from wreckmaster.law.money import JPY_RIN
from wreckmaster.law.contributes import Calendar, Document, DocumentWords, MapLayers
from wreckmaster.law.eras import JAPANESE
from wreckmaster.law.regime import Regime, register

from . import claims  # art 31: claim_until of items under notice (CASE.md)
from . import (castaways, costs, decisions, drift_goods, government, liability, offences, rescue, rescuers,
               salvage_fees, sea_protest, settlement, tender_sale)

REGIME = register(Regime(
    id="jp-1875",
    folder=Path(__file__).parent,
    currency=JPY_RIN,
    language="ja",
    rules=[
        rescue.coast_officials,        # art 2
        rescue.distress_report,        # art 3
        rescue.transshipment,          # art 3 proviso
        rescue.major_wreck_callout,    # art 4
        rescue.safe_keeping,           # art 6
        rescue.notify_owners,          # art 7
        salvage_fees.salvage_fee,      # arts 8–9 (art 23 proviso: government.allowance_instead_of_fee)
        salvage_fees.fee_in_kind,      # art 8 proviso
        tender_sale.sale_by_tender,    # art 10 (with arts 17, 18)
        decisions.major_or_minor_wreck,  # art 14 (with arts 17, 18)
        costs.owner_costs,             # arts 11, 15 (art 23: costs.GOVERNMENT_SHIP_COSTS)
        costs.public_costs,            # arts 12, 15, 25 (art 23: costs.GOVERNMENT_SHIP_PUBLIC_COSTS)
        costs.crew_loans,              # art 13 (art 35 for castaways)
        government.government_ship_report,  # art 22
        government.government_cargo,   # art 24
        government.mail_bags,          # art 24 proviso
        rescue.economy_and_dismissal,  # art 5
        rescuers.rescuer_rewards,      # art 16
        liability.negligent_master,    # art 26
        offences.offences,             # arts 27, 28, 36
        castaways.castaways,           # art 35
        sea_protest.sea_protest,       # art 21
        drift_goods.storm_flood,       # art 37
        drift_goods.drift_report,      # art 29
        drift_goods.posting,           # art 30
        drift_goods.wide_notice,       # art 30
        drift_goods.finder_shares,     # arts 31, 32, 34
        settlement.settlement_review,  # arts 19, 20 (after every charge is made)
    ],
    claim_until=claims.claim_until,    # art 31
    # arts 30–32 post each thing and count its owner's periods from its own find: a drift case's
    # deadlines are those of each item (reading jp-1875-item-by-item)
    assessed_by_item=("drift",),
    notice_articles=("jp-1875:30", "jp-1875:31"),   # the notice posted (art 30), the owner's year (art 31)
    documents=[
        Document("settlement", ("ja", "en"), f"{__name__}.documents:settlement",
                 "精算書 settlement statement (jp-1875 arts 19–20)", templates=Path(__file__).parent / "templates"),
        Document("sea-protest", ("ja", "en"), f"{__name__}.documents:sea_protest", "浦証文 sea protest (jp-1875 art 21)",
                 templates=Path(__file__).parent / "templates"),
        "statement", "notice",
    ],
    words=DocumentWords(notice_title="掲示", notice_cite="jp-1875:30",
                        expense_names=f"{__name__}.common:expense_categories"),
    map_layers=MapLayers(regions=("japan",), nearest_office_year=1880),   # arts 2–3: the village whose coast officials receive the report
    commands=[f"{__name__}.cli.sea_protest", f"{__name__}.cli.settlement"],
    calendar=Calendar(eras=JAPANESE),  # dates in the Japanese era (明治…); periods: parameters.yaml
    example={   # a drift find posted (arts 29, 30): the API's example case
        "format": "wreckmaster.scenario/1",
        "regime": "jp-1875",
        "case": {"occurred": "1876-03-02", "place": "Shimoda", "waters": "sea", "kind": "drift"},
        "parties": [{"id": "finder", "name": "Kisaburo", "roles": ["finder"]}],
        "items": [{"id": "i1", "description": "a cask of sake", "kind": "cargo", "value": "12.50",
                   "found": {"date": "1876-03-02", "by": ["finder"], "waters": "sea", "state": "floating"}}],
        "events": [{"type": "notice_posted", "date": "1876-03-05", "items": ["i1"]}],
    },
))
