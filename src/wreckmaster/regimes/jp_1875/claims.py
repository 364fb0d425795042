"""Art 31: until when the owner of drift goods under notice may claim them (CASE.md, public notices).

「一ケ年以内ニ其主アラハレ…」 — the owner who appears within one year of the find (the parameter
``drift.owner_period``, cited ``jp-1875:31#1``) gets the goods back; after that they are sold.
"""
from __future__ import annotations

from datetime import date

from wreckmaster.law.scenario import Scenario

CITE = "jp-1875:31#1"


def claim_until(scenario: Scenario, item_id: str, notice_date: date) -> date | None:
    """The last day of the owner's year from the find (from the notice, when the find has no date)."""
    from . import REGIME

    item = scenario.item(item_id)
    if item is None:
        return None
    found_on = item.found.date if item.found is not None and item.found.date is not None else notice_date
    period = REGIME.parameters.param("drift.owner_period", scenario.case.occurred)
    return period.value.due(found_on)
