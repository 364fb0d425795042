"""The first reporter's reward (花紅), as both Qing texts give it in their art 2: the first to
report a ship in danger is rewarded by the owner of the wrecked ship, at most 30 taels for a
large ship and 10 for a smaller one.

:func:`first_report_reward` computes the reward (the maximum, or the lower sum an authority
decided: a ``reward_decided`` event to the reporter) and explains it; who pays it, when the
owner cannot, is each regime's own rule. The citation and the readings come from the calling
rule (:class:`Terms`), the sentences from its ``messages.yaml``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wreckmaster.law.assessment import Award
from wreckmaster.law.regime import Context

from .common import first_report, report_offices, reported_to_office, tael


@dataclass(frozen=True)
class Terms:
    """What the regimes do differently in the step, besides its words. The sentences are each
    regime's ``messages.yaml``: the findings vessel-size-assumed, first-report-above-cap/large and
    /other, owner-unknown/first-report, and the step first-report-reward (its variants large, other,
    large-decided, other-decided: the kind of ship, and the maximum or a sum decided)."""

    reading: str               # the reading every step names
    size_unknown: str          # the step's extra reading when the vessel's size is not given
    decided_input: bool        # the step's inputs show the decisions


def first_report_reward(ctx: Context, cite: str, w: Terms) -> tuple[str, list[Award]] | None:
    """The reward to the reporters of the earliest ``reported`` event, and its explanation:
    the owner who is to pay it and the awards; None when there is no first report, the decided
    sum is above the maximum, or the owner is not known (each with its finding)."""
    ev = first_report(ctx)
    reading_office = f"{ctx.regime.id}-2-first-report-office"
    skipped = [e for e in ctx.scenario.events_of("reported") if reported_to_office(ctx, e) is False
               and (ev is None or e.date <= ev.date) and e is not ev]
    for e in skipped:
        ctx.finding("info", "report-not-to-office", cite, date=str(e.date), by=', '.join(e.get('by')),
                    to=', '.join(e.get('to')), offices=', '.join(sorted(report_offices(ctx) or [])),
                    reading=reading_office)
    if ev is None:
        return None
    if reported_to_office(ctx, ev) is None:
        ctx.finding("info", "report-recipient-not-recorded", cite, date=str(ev.date), by=', '.join(ev.get('by')),
                    reading=reading_office)
    reporters = list(ev.get("by"))
    vessel = ctx.case.vessel
    size = vessel.size if vessel else None
    large = size == "large"
    cap = ctx.param("first_report.max.large" if large else "first_report.max.other")
    if size is None:
        ctx.finding("info", "vessel-size-assumed", cite, cap=str(cap.text))
    decided = {}
    for d in ctx.scenario.events_of("reward_decided"):
        if d.get("to") in reporters and d.get("for") is None:
            decided[d.get("to")] = d  # the latest decision for each reporter
    if decided:
        total = sum((Fraction(d.get("amount")) for d in decided.values()), Fraction(0))
        if total > cap.value:
            ctx.finding("error", "first-report-above-cap", cite, variant="large" if large else "other",
                        total=tael(total), cap=str(cap.text))
            return None
        awards = []
        for who, d in decided.items():
            awards += ctx.out.award(who, None, "first_report", Fraction(d.get("amount")), cite)
        exact = total
    else:
        awards = ctx.out.award(reporters, None, "first_report", cap.value, cite)
        exact = cap.value
        ctx.finding("info", "ceiling-shown", cite, cap=str(cap.text))
    inputs = {"reporters": reporters, "size": size}
    if w.decided_input:
        inputs["decided"] = {k: str(v.get("amount")) for k, v in decided.items()}
    ctx.step("first_reporter", cite, "first-report-reward",
             variant=("large" if large else "other") + ("-decided" if decided else ""), date=ev.date,
             reporters=", ".join(reporters), cap=cap.text, total=tael(exact), inputs=inputs, params=[cap],
             exact=exact, amount=ctx.out.round(exact), readings=[w.reading] + ([w.size_unknown] if size is None else []))
    owner = vessel.owner if vessel else None
    if owner is None:
        ctx.finding("error", "owner-unknown", cite, variant="first-report")
        return None
    return owner, awards
