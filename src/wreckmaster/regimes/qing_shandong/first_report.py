"""The first reporter's reward (花紅), art 2.

如望見船隻危險，首先報知公所及文武衙門者為首功，由失事船主給以花紅：大船多至三十兩，小船以十兩為度。
如船主以無力酬給者，準在局費內照給。若局費無款，先由州縣墊發報明，由東海關道籌款給領。
  (Whoever first reports a ship in danger to the station and the yamen earns the first merit
  and is given a reward by the owner of the wrecked ship: up to 30 taels for a large ship, at
  most 10 for a small one. If the owner cannot pay, the station fund pays it; if the station
  fund has no money, the county advances it and the customs intendant raises the funds.)

- :func:`first_reporter` — the maximum (or the lower sum an authority decided, a
  ``reward_decided`` event to the reporter), to the ``by`` of the earliest ``reported`` event,
  paid by the vessel's owner; :func:`owner_unable`, an exception: ``station-fund`` pays, or
  ``customs`` when the station's fund is empty (``coast`` … ``station.fund_empty``).
"""
from __future__ import annotations

from decimal import Decimal

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import case_segment
from .._qing.first_report import Terms, first_report_reward

TERMS = Terms(reading="qing-shandong-2-first-report", size_unknown="qing-shandong-2-size-unknown",
                  decided_input=True)

@rule(cites=["qing-shandong:2"],
      reads=["event:decided", "event:paid", "event:reported", "event:reward_decided", "case.vessel",
            "expense.amount", "expense.date", "expense.for", "found.by", "found.date", "item.owner",
            "item.value", "party.can_pay", "party.roles", "person.can_pay", "vessel.owner", "vessel.size",
            "param:first_report.max.large", "param:first_report.max.other", "param:first_report.offices"])
def first_reporter(ctx: Context) -> None:
    """Art 2: the first reporter's reward, at most 30 taels (large ship) or 10 (otherwise)."""
    got = first_report_reward(ctx, "qing-shandong:2", TERMS)
    if got is None:
        return
    owner, awards = got
    if exceptions.applied(ctx, [OWNER_UNABLE], owner, awards):
        return
    ctx.out.charge_awards(awards, owner, "qing-shandong:2")


def cannot_pay(ctx: Context, owner: str, awards) -> bool:
    """Art 2's condition for its exception: 如船主以無力酬給者 — the owner cannot pay (``can_pay: false``)."""
    party = ctx.scenario.party(owner)
    return party is not None and not party.can_pay


def owner_unable(ctx: Context, owner: str, awards) -> None:
    """Art 2, the exception: 如船主以無力酬給者，準在局費內照給 — the station fund pays; 若局費無款，
    先由州縣墊發報明，由東海關道籌款給領 — when it is empty, the customs intendant's funds."""
    seg = case_segment(ctx)
    empty = bool(seg and seg.station and seg.station.fund_empty)
    payer = "customs" if empty else "station-fund"
    ctx.out.charge_awards(awards, payer, ["qing-shandong:2"])
    amount = sum((a.amount for a in awards), Decimal(0))
    ctx.step("owner_unable", "qing-shandong:2", "owner-unable", variant="fund-empty" if empty else "fund",
             owner=owner, reward=amount, inputs={"owner": owner, "station_fund_empty": empty}, amount=amount,
             readings=["qing-shandong-2-first-report"])

#: art 2, the exception to the owner's paying (law/exceptions.py)
OWNER_UNABLE = Exception_("owner_unable", overrides="first_reporter", condition=cannot_pay, apply=owner_unable)
