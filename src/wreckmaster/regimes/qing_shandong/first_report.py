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
from fractions import Fraction

from wreckmaster.law.regime import Context

from .common import case_segment, first_report, tael


def first_reporter(ctx: Context) -> None:
    """Art 2: the first reporter's reward, at most 30 taels (large ship) or 10 (otherwise)."""
    ev = first_report(ctx)
    if ev is None:
        return
    reporters = list(ev.get("by"))
    vessel = ctx.case.vessel
    size = vessel.size if vessel else None
    cap = ctx.param("first_report.max.large" if size == "large" else "first_report.max.other")
    cites = ["qing-shandong:2"]
    if size is None:
        ctx.out.finding("info", "vessel-size-assumed",
                        f"The vessel's size is not given: read as not large, so the first reporter's reward is at most "
                        f"{cap.text} taels (art 2; reading qing-shandong-2-first-report).", cites)
    decided = {}
    for d in ctx.scenario.events_of("reward_decided"):
        if d.get("to") in reporters and d.get("for") is None:
            decided[d.get("to")] = d  # the latest decision for each reporter
    if decided:
        total = sum((Fraction(d.get("amount")) for d in decided.values()), Fraction(0))
        if total > cap.value:
            ctx.out.finding("error", "first-report-above-cap",
                            f"The reward decided for the first report ({tael(total)} taels) is above the art 2 "
                            f"maximum of {cap.text} taels for a {'large' if size == 'large' else 'ship that is not large'}"
                            "; no reward is computed.", cites)
            return
        awards = []
        for who, d in decided.items():
            awards += ctx.out.award(who, None, "first_report", Fraction(d.get("amount")), cites)
        how_en = f"decided {tael(total)} taels (within the maximum {cap.text})"
        how_zh = f"酌定 {tael(total)} 兩 (不逾 {cap.text} 兩)"
        exact = total
    else:
        awards = ctx.out.award(reporters, None, "first_report", cap.value, cites)
        how_en, how_zh, exact = f"the maximum, {cap.text} taels", f"{cap.text} 兩為度", cap.value
    ctx.out.step("first_reporter", cites,
                 f"First report on {ev.date} by {', '.join(reporters)}: {'large' if size == 'large' else 'not a large'} "
                 f"ship → {how_en}.",
                 f"首先報知者 {', '.join(reporters)} ({ev.date})：{'大船多至三十兩' if size == 'large' else '小船以十兩為度'} → {how_zh}",
                 inputs={"reporters": reporters, "size": size, "decided": {k: str(v.get("amount")) for k, v in decided.items()}},
                 params=[cap], exact=exact, amount=ctx.out.round(exact),
                 readings=["qing-shandong-2-first-report"] + (["qing-shandong-2-size-unknown"] if size is None else []))
    owner = vessel.owner if vessel else None
    if owner is None:
        ctx.out.finding("error", "owner-unknown",
                        "The first reporter's reward is paid by the owner of the wrecked ship (art 2), but "
                        "case.vessel.owner is not given.", cites)
        return
    party = ctx.scenario.party(owner)
    if party is not None and not party.can_pay:
        owner_unable(ctx, owner, awards)
        return
    ctx.out.charge_awards(awards, owner, cites)


def owner_unable(ctx: Context, owner: str, awards) -> None:
    """Art 2, the exception: 如船主以無力酬給者，準在局費內照給 — the station fund pays; 若局費無款，
    先由州縣墊發報明，由東海關道籌款給領 — when it is empty, the customs intendant's funds."""
    seg = case_segment(ctx)
    empty = bool(seg and seg.station and seg.station.fund_empty)
    payer = "customs" if empty else "station-fund"
    ctx.out.charge_awards(awards, payer, ["qing-shandong:2"])
    amount = sum((a.amount for a in awards), Decimal(0))
    ctx.out.step("owner_unable", "qing-shandong:2",
                 f"The owner {owner} cannot pay: the reward of {amount} taels is paid from the station fund"
                 + (" — which is empty, so the county advances it and the customs intendant raises the funds "
                    "(payer: customs)." if empty else "."),
                 f"船主 {owner} 無力酬給：準在局費內照給"
                 + ("；局費無款，先由州縣墊發，由東海關道籌款給領" if empty else ""),
                 inputs={"owner": owner, "station_fund_empty": empty}, amount=amount,
                 overrides="first_reporter", readings=["qing-shandong-2-first-report"])
