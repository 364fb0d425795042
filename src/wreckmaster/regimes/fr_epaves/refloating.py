"""Stranded vessels: the owner's duty to refloat, and the State's power — art 1.

Article premier. … les propriétaires de navires et embarcations de tout tonnage, échoués sur
  les côtes, sont tenus d'en entreprendre le renflouement dans un délai de vingt jours, à
  dater de l'avis qui leur aura été donné du sinistre.
  (The owners of ships and boats of any tonnage stranded on the coasts are bound to
  undertake their refloating within twenty days from the notice given to them of the
  casualty.)
  Faute d'un commencement d'exécution effectif dans ce délai, l'Etat y pourvoit chaque fois
  qu'il le juge nécessaire, Il peut même y pourvoir avant l'expiration du délai s'il estime
  qu'il y aura urgence.
  (Failing an actual start within that period, the State provides for it whenever it deems
  it necessary. It may even do so before the period expires if it considers it urgent.)

→ refloating: a deadline for the owner (``owner_notified`` + 20 days; met by
  ``refloating_started``), a warning when it is missed and an info finding that the State
  may act; ``state_intervened`` events are judged against the deadline and ``urgent``.
"""
from __future__ import annotations

from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import STATUS_FR, applies, duty_applies, fr_date


@rule(cites=["fr-epaves:1.1", "fr-epaves:1.2"],
      reads=["event:owner_notified", "event:refloating_started", "event:state_intervened",
            "case.hypothetical", "case.kind", "case.vessel", "expense.date", "found.date", "item.kind",
            "item.owner", "item.value", "party.name", "person.name", "vessel.name", "vessel.owner",
            "param:after_hostilities_period", "param:cessation_of_hostilities", "param:refloat_period_days",
            "param:war_start"])
def refloating(ctx: Context) -> None:
    """Art 1 ¶1: begin refloating within 20 days of the notice (stranding cases only)."""
    if not applies(ctx) or ctx.case.kind != "stranding":
        return
    period = ctx.param("refloat_period_days")
    owner = ctx.case.vessel.owner if ctx.case.vessel else None
    vessel = (ctx.case.vessel.name if ctx.case.vessel and ctx.case.vessel.name else None) or "the stranded vessel"
    vessel_fr = "du navire échoué" if vessel == "the stranded vessel" else vessel
    notice = ctx.scenario.first("owner_notified")
    start = ctx.scenario.first("refloating_started")
    if notice is None:
        ctx.finding("info", "owner-notice-not-recorded", "fr-epaves:1.1", vessel=str(vessel))
        ctx.step("refloating", "fr-epaves:1.1", "refloating-period-not-begun", vessel=vessel, period=period.text,
                 params=[period], readings=["fr-epaves-1-twenty-days", "fr-epaves-1-stranding-kind"])
        _interventions(ctx, None, None)
        return
    if not duty_applies(ctx, notice.date, "fr-epaves:1.1", "notified", vessel=str(vessel)):
        return
    due = period.value.due(notice.date)
    d = ctx.deadline("begin-refloating", owner, due, start.date if start else None, "fr-epaves:1.1",
                     vessel=vessel, vessel_fr=vessel_fr)
    ctx.step("refloating", "fr-epaves:1.1", "refloating-period", variant=None if start else "not-begun",
             vessel=vessel, notice=notice.date, notice_fr=fr_date(notice.date), period=period.text, due=due,
             due_fr=fr_date(due), started=start.date if start else None,
             started_fr=fr_date(start.date) if start else None, status=d.status, status_fr=STATUS_FR[d.status],
             inputs={"notice": notice.date, "refloating_started": start.date if start else None, "owner": owner},
             params=[period], readings=["fr-epaves-1-twenty-days", "fr-epaves-1-commencement",
                                        "fr-epaves-1-stranding-kind"])
    if d.status == "missed":
        values = {"vessel": str(vessel), "date": str(notice.date), "due": str(due)}
        values |= {"owner": owner} if owner else {}
        values |= {"started": str(start.date)} if start else {}
        variant = shape(("no-owner", not owner), ("not-begun", not start))
        ctx.finding("warning", "refloating-not-started", "fr-epaves:1.1", **values,
                    **({"variant": variant} if variant else {}))
        ctx.finding("info", "state-may-intervene", "fr-epaves:1.2", vessel=str(vessel), due=str(due))
    _interventions(ctx, due, d.status)


def _interventions(ctx: Context, due, status) -> None:
    """Art 1 ¶2: the State acts after the period without a start, or before it if urgent."""
    for ev in ctx.scenario.events_of("state_intervened"):
        urgent = bool(ev.get("urgent"))
        readings = ["fr-epaves-1-state-action", "fr-epaves-1-early-intervention"]
        if due is None:
            ctx.finding("info", "state-intervention-not-judged", "fr-epaves:1.2", date=str(ev.date),
                        **({"variant": "urgent"} if urgent else {}))
            continue
        if ev.date <= due:
            if urgent:
                ctx.finding("info", "state-intervened-urgency", "fr-epaves:1.2", date=str(ev.date), due=str(due))
                judged = "early-urgent"
            else:
                ctx.finding("warning", "state-intervened-early", "fr-epaves:1.2", date=str(ev.date), due=str(due))
                judged = "early"
        elif status == "met" and not urgent:
            ctx.finding("warning", "state-intervention-without-ground", "fr-epaves:1.2", date=str(ev.date),
                        due=str(due))
            readings.append("fr-epaves-1-intervention-without-ground")
            judged = "without-ground"
        else:
            ctx.finding("info", "state-intervened", "fr-epaves:1.2", date=str(ev.date),
                        **({"variant": "urgent"} if urgent else {"due": str(due)}))
            judged = "after-urgent" if urgent else "after"
        ctx.step("state_intervention", "fr-epaves:1.2", "state-intervention", variant=judged, date=ev.date,
                 date_fr=fr_date(ev.date), inputs={"date": ev.date, "urgent": urgent, "due": due}, readings=readings)
