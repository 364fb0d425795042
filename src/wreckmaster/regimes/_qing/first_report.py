"""The first reporter's reward (花紅), as both Qing texts give it in their art 2: the first to
report a ship in danger is rewarded by the owner of the wrecked ship, at most 30 taels for a
large ship and 10 for a smaller one.

:func:`first_report_reward` computes the reward (the maximum, or the lower sum an authority
decided: a ``reward_decided`` event to the reporter) and explains it; who pays it, when the
owner cannot, is each regime's own rule. The citation and the wording come from the calling
rule (:class:`Wording`).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wreckmaster.law.assessment import Award
from wreckmaster.law.regime import Context

from .common import first_report, report_offices, reported_to_office, tael


@dataclass(frozen=True)
class Wording:
    """What the regimes word differently. A pair is (large ship, any other ship)."""

    reading: str               # the reading every step names
    size_unknown: str          # the step's extra reading when the vessel's size is not given
    assumed: tuple[str, str]   # the size-assumed finding: (how an unknown size is read, the reading it names)
    ship: tuple[str, str]      # the step: the kind of ship
    ship_zh: tuple[str, str]   # the step: the text's words for its maximum
    above_cap: tuple[str, str]  # after the maximum in the above-cap finding
    reporters_zh: str          # the step: the reporters, ``{reporters}`` and ``{date}``
    decided_zh: str            # the step: a decided sum, ``{total}`` and ``{cap}``
    decided_input: bool        # the step's inputs show the decisions
    owner_verb: str            # the owner-unknown finding: how the owner gives the reward


def first_report_reward(ctx: Context, cite: str, w: Wording) -> tuple[str, list[Award]] | None:
    """The reward to the reporters of the earliest ``reported`` event, and its explanation:
    the owner who is to pay it and the awards; None when there is no first report, the decided
    sum is above the maximum, or the owner is not known (each with its finding)."""
    ev = first_report(ctx)
    reading_office = f"{ctx.regime.id}-2-first-report-office"
    skipped = [e for e in ctx.scenario.events_of("reported") if reported_to_office(ctx, e) is False
               and (ev is None or e.date <= ev.date) and e is not ev]
    for e in skipped:
        ctx.out.finding("info", "report-not-to-office",
                        f"The report of {e.date} by {', '.join(e.get('by'))} went to {', '.join(e.get('to'))}, none of "
                        f"them one of the offices art 2 names (roles: {', '.join(sorted(report_offices(ctx) or []))}): "
                        f"it does not make the first reporter (reading {reading_office}).", cite)
    if ev is None:
        return None
    if reported_to_office(ctx, ev) is None:
        ctx.out.finding("info", "report-recipient-not-recorded",
                        f"The first report, of {ev.date} by {', '.join(ev.get('by'))}, does not say to whom it was made "
                        f"(reported `to`): it is taken as made to the offices art 2 names (reading {reading_office}).",
                        cite)
    reporters = list(ev.get("by"))
    vessel = ctx.case.vessel
    size = vessel.size if vessel else None
    large = size == "large"
    cap = ctx.param("first_report.max.large" if large else "first_report.max.other")
    if size is None:
        ctx.out.finding("info", "vessel-size-assumed",
                        f"The vessel's size is not given: read as {w.assumed[0]}, so the first reporter's reward is at "
                        f"most {cap.text} taels (art 2; reading {w.assumed[1]}).", cite)
    decided = {}
    for d in ctx.scenario.events_of("reward_decided"):
        if d.get("to") in reporters and d.get("for") is None:
            decided[d.get("to")] = d  # the latest decision for each reporter
    if decided:
        total = sum((Fraction(d.get("amount")) for d in decided.values()), Fraction(0))
        if total > cap.value:
            ctx.out.finding("error", "first-report-above-cap",
                            f"The reward decided for the first report ({tael(total)} taels) is above the art 2 maximum "
                            f"of {cap.text} taels{w.above_cap[0 if large else 1]}; no reward is computed.", cite)
            return None
        awards = []
        for who, d in decided.items():
            awards += ctx.out.award(who, None, "first_report", Fraction(d.get("amount")), cite)
        how_en = f"decided {tael(total)} taels (within the maximum {cap.text})"
        how_zh = w.decided_zh.format(total=tael(total), cap=cap.text)
        exact = total
    else:
        awards = ctx.out.award(reporters, None, "first_report", cap.value, cite)
        how_en, how_zh, exact = f"the maximum, {cap.text} taels", f"{cap.text} 兩為度", cap.value
        ctx.out.finding("info", "ceiling-shown",
                        f"The first reporter's reward shown, {cap.text} taels, is the ceiling art 2 sets (多至, 以…為度), "
                        "not a sum decided: no decision is recorded (reward_decided); the authority may give less.",
                        cite)
    inputs = {"reporters": reporters, "size": size}
    if w.decided_input:
        inputs["decided"] = {k: str(v.get("amount")) for k, v in decided.items()}
    ctx.out.step("first_reporter", cite,
                 f"First report on {ev.date} by {', '.join(reporters)}: {w.ship[0 if large else 1]} ship → {how_en}.",
                 w.reporters_zh.format(reporters=", ".join(reporters), date=ev.date)
                 + f"：{w.ship_zh[0 if large else 1]} → {how_zh}",
                 inputs=inputs, params=[cap], exact=exact, amount=ctx.out.round(exact),
                 readings=[w.reading] + ([w.size_unknown] if size is None else []))
    owner = vessel.owner if vessel else None
    if owner is None:
        ctx.out.finding("error", "owner-unknown",
                        f"The first reporter's reward is {w.owner_verb} by the owner of the wrecked ship (art 2), but "
                        "case.vessel.owner is not given.", cite)
        return None
    return owner, awards
