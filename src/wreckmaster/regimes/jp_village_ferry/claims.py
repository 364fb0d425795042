"""Time to pay a claim for damages: art 20.

第20条 損害賠償の請求に対しては、本村は必要と認める期間の猶予を求めることがある。
  (In answer to a claim for damages, the village may ask for such period of grace as it deems
  necessary.)

The terms fix no time to pay. When the village asks for a period of grace
(``grace_requested`` with ``until``), the compensation computed under arts 18–19 is due by
that day: a deadline for the carrier, met when ``compensation_paid`` events by the carrier add
up to the compensation by then (reading jp-village-ferry-20-grace).
"""
from __future__ import annotations

from decimal import Decimal

from wreckmaster.law.periods import late_payment_note
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import COMPENSATION, carrier


@rule(cites=["jp-village-ferry:20"],
      reads=["event:compensation_paid", "event:grace_requested", "event:paid", "case.vessel",
            "expense.amount", "expense.date", "found.by", "found.date", "item.owner", "vessel.owner"])
def period_of_grace(ctx: Context) -> None:
    """Art 20: the period of grace the village asked for is the time to pay."""
    requests = ctx.scenario.events_of("grace_requested")
    if not requests:
        return
    village = carrier(ctx)
    owed = sum((a.amount for a in ctx[COMPENSATION]), Decimal(0))
    grace = requests[-1]
    until = grace.get("until")
    paid, done_on = Decimal(0), None
    payments = []
    for ev in ctx.scenario.events_of("compensation_paid"):
        if village is not None and ev.get("by") != village:
            continue
        paid += ev.get("amount")
        payments.append((ev.date, str(ev.get("amount"))))
        if done_on is None and paid >= owed:
            done_on = ev.date
    if owed == 0:
        done_on = done_on or grace.date
    late = late_payment_note(until, [p for p in payments if done_on is None or p[0] <= done_on], str(owed), "yen") \
        if done_on is not None and done_on > until else None
    d = ctx.deadline("pay-compensation", village, until, done_on, "jp-village-ferry:20",
                     note="paid-late" if late else None, owed=owed, asked_on=grace.date, late=late)
    ctx.finding("info", "grace-requested", "jp-village-ferry:20", asked_on=str(grace.date), until=str(until),
                paid=str(paid), owed=str(owed), **({"variant": "late", "status": str(d.status), "late": late} if late
                                                   else {"variant": d.status}))
    ctx.step("period_of_grace", "jp-village-ferry:20", "period-of-grace", asked_on=grace.date, until=until,
             owed=owed, paid=paid, status=d.status,
             inputs={"until": until, "owed": owed, "paid": paid}, readings=["jp-village-ferry-20-grace"])
