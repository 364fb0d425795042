"""General average and salvage by a sister ship: arts 23 and 24.

第23条 共同海損の精算は、1974年「ヨーク・アントワープ規則」によるものとする。
  (General average is adjusted under the York-Antwerp Rules 1974.)
  → :func:`general_average`: the assessment links to the adjustment made with
    ``wreckmaster average FILE`` (``case.general_average`` names that file); the adjustment
    itself is computed by :mod:`wreckmaster.average`.
第24条 本村所有の他の船舶が本船を救助したときは、当該救助船を本村に属しないものとみなして救助費その他の計算を
  行うものとする。
  (Salvage by another of the village's ships is reckoned as if that ship were a stranger's.)
  → :func:`sister_ship_salvage`.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import carrier, require_carrier


@rule(cites=["jp-village-ferry:23", "yar-1974:A"],
      reads=["event:salvage_rendered", "case.general_average", "case.kind", "item.kind"])
def general_average(ctx: Context) -> None:
    """Art 23: when the case names an adjustment (``case.general_average``), or is a jettison or
    a salvage (general average acts), the assessment says general average is adjusted under
    the York-Antwerp Rules 1974 and names the adjustment (JSON key ``general_average``)."""
    path = ctx.case.general_average
    acts = ctx.case.kind == "jettison" or bool(ctx.scenario.events_of("salvage_rendered"))
    if path is None and not acts:
        return
    cites = ["jp-village-ferry:23", "yar-1974:A"]
    ctx.out.outputs["general_average"] = {
        "rules": "yar-1974",
        "adjustment": path,
        "command": f"wreckmaster average {path}" if path else None,
        "cites": cites,
    }
    if path:
        ctx.finding("info", "general-average", cites, adjustment=repr(path), path=str(path))
    else:
        ctx.finding("info", "general-average-not-adjusted", cites)
    ctx.step("general_average", cites, "general-average-adjustment" if path else "general-average-no-adjustment",
             path=path,
             inputs={"general_average": path, "kind": ctx.case.kind}, readings=["jp-village-ferry-23-yar-1974", "jp-village-ferry-23-link"])


@rule(cites=["jp-village-ferry:24", "yar-1974:VI"],
      reads=["event:salvage_rendered", "case.vessel", "expense.amount", "expense.date", "found.by",
            "found.date", "item.owner", "vessel.owner"])
def sister_ship_salvage(ctx: Context) -> None:
    """Art 24: salvage by another ship of the village (``salvage_rendered`` whose ``salvor_owner``
    is the carrier) is reckoned as if by a stranger: the remuneration is due in full, an award
    to the salvors charged to the salved ship's owner, and allowed in general average
    (yar-1974:VI)."""
    village = carrier(ctx)
    for ev in ctx.scenario.events_of("salvage_rendered"):
        salvors = ev.get("by", [])
        if ev.get("salvor_owner") is None or ev.get("salvor_owner") != village:
            continue
        cites = ["jp-village-ferry:24", "yar-1974:VI"]
        amount = ev.get("amount")
        ctx.finding("info", "sister-ship-salvage", cites, salvors=str(', '.join(salvors)), date=str(ev.date))
        if amount is not None:
            payer = require_carrier(ctx, cites)
            awards = ctx.out.award(salvors, None, "salvage_remuneration", Fraction(amount), cites)
            if payer is not None:
                ctx.out.charge_awards(awards, payer, cites)
        ctx.step("sister_ship_salvage", cites, "sister-ship-salvage",
                 variant="remuneration" if amount is not None else None, salvors=", ".join(salvors),
                 salvors_ja="、".join(salvors), date=ev.date, remuneration=amount,
                 inputs={"by": salvors, "salvor_owner": ev.get("salvor_owner"), "amount": amount},
                 readings=["jp-village-ferry-24-sister-ship", "jp-village-ferry-24-charge"])
