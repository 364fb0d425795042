"""Until when the owner of goods under notice may claim them (CASE.md, public notices; the
``claim_until`` hook of :class:`~wreckmaster.law.regime.Regime`).

第二十七条第一項 … 公告又ハ告知ヲ為シタル日ヨリ六箇月（沈没品中政令ヲ以テ定ムルモノニ在リテハ一箇年）以内ニ限リ …
第三十条第一項 前条ニ依リ公告若ハ告知ヲ為シタル日ヨリ六箇月以内ニ …
Six months from the notice; one year for the Cabinet Order's sunken goods; six months for goods
removed by the police (art 30 ¶1). Periods by the Civil Code (reading ``jp-1899-2025-periods``); a
last day on a municipal holiday moves to the next day the office is open (地方自治法 art 4-2 ¶4,
:mod:`.municipal_days`; the case's ``closed_days``).
"""
from __future__ import annotations

from datetime import date

from wreckmaster.law.scenario import Scenario

from . import municipal_days
from .common import order_goods

CITES = ("jp-1899-2025:27.1", "jp-1899-2025:order", "jp-1899-2025:30.1")


def notice_class(scenario: Scenario, item) -> str:
    """The class of goods under notice for the board's ``class`` filter (CASE.md 1.1): ``sunken``,
    ``river_timber`` or ``drifting``, as art 24 ¶2 and art 27 ¶1 class them (:func:`.common.item_class`,
    reading ``jp-1899-2025-24-rates``)."""
    from types import SimpleNamespace

    from .common import item_class

    return item_class(SimpleNamespace(case=scenario.case), item).key  # type: ignore[arg-type]


def ends_notice(scenario: Scenario, event, item_id: str) -> bool:
    """Whether ``event`` ends the notice of ``item_id`` (the ``ends_notice`` hook): a ``finder_took``
    before the owner's right ended acquires nothing, and the notice stands (art 28; reading
    ``jp-1899-2025-28-order``); every other ending event ends it."""
    from . import REGIME
    from .common import acquisition_opens

    if event.type != "finder_took":
        return True
    item = scenario.item(item_id)
    if item is None:
        return True
    opens = acquisition_opens(scenario, item, lambda n: REGIME.parameters.param(n, scenario.case.occurred))
    return opens is not None and event.date >= opens


def claim_until(scenario: Scenario, item_id: str, notice_date: date) -> date | None:
    from . import REGIME

    item = scenario.item(item_id)
    if item is None:
        return None
    police = any(item_id in ((e.get("items") if isinstance(e.get("items"), list) else [e.get("items")]))
                 for e in scenario.events_of("removed_by_police"))
    name = ("removal.claim_period" if police else "owner_claim.period_sunk" if order_goods(item)
            else "owner_claim.period")
    return municipal_days.claim_due(lambda n: REGIME.parameters.param(n, scenario.case.occurred), name, notice_date,
                                    scenario.case.closed_days).day
