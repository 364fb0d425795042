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
        ctx.out.finding("info", "owner-notice-not-recorded",
                        f"{vessel} is stranded, but no notice to its owner (owner_notified) is recorded: "
                        "the twenty days of art 1 run from that notice, so no deadline is computed.",
                        "fr-epaves:1.1")
        ctx.out.step("refloating", "fr-epaves:1.1",
                     f"{vessel}: stranded; no notice to the owner recorded — the {period.text} have not begun.",
                     f"{vessel} : échoué ; aucun avis au propriétaire — le délai de vingt jours n’a pas couru.",
                     params=[period], readings=["fr-epaves-1-twenty-days", "fr-epaves-1-stranding-kind"])
        _interventions(ctx, None, None)
        return
    if not duty_applies(ctx, notice.date, f"The owner of {vessel} was notified", "1", "fr-epaves:1.1"):
        return
    due = period.value.due(notice.date)
    d = ctx.out.deadline(f"begin refloating {vessel} (commencement d’exécution effectif)", owner, due,
                         start.date if start else None, "fr-epaves:1.1",
                         local=f"commencer effectivement le renflouement de {vessel_fr}")
    began = f", refloating began on {start.date}" if start else ", no start of refloating recorded"
    began_fr = f", renflouement commencé le {fr_date(start.date)}" if start else ", aucun commencement de renflouement"
    ctx.out.step("refloating", "fr-epaves:1.1",
                 f"{vessel}: owner notified on {notice.date}; {period.text} from then (the day of notice not "
                 f"counted) end on {due}{began}: {d.status}.",
                 f"{vessel} : avis au propriétaire le {fr_date(notice.date)} ; vingt jours à dater de l’avis "
                 f"(le jour de l’avis non compté) jusqu’au {fr_date(due)} inclus{began_fr} : "
                 f"{STATUS_FR[d.status]}.",
                 inputs={"notice": notice.date, "refloating_started": start.date if start else None,
                         "owner": owner},
                 params=[period], readings=["fr-epaves-1-twenty-days", "fr-epaves-1-commencement",
                                            "fr-epaves-1-stranding-kind"])
    if d.status == "missed":
        late = f"began only on {start.date}" if start else "has not begun"
        ctx.out.finding("warning", "refloating-not-started",
                        f"The owner{' ' + owner if owner else ''} of {vessel} was notified on {notice.date}; "
                        f"refloating {late}, after the twenty days ending {due} (art 1 ¶1).", "fr-epaves:1.1")
        ctx.out.finding("info", "state-may-intervene",
                        f"No effective start of refloating of {vessel} within the period ending {due}: the State "
                        "may provide for the refloating whenever it deems it necessary (art 1 ¶2; a power, "
                        "not a duty).", "fr-epaves:1.2")
    _interventions(ctx, due, d.status)


def _interventions(ctx: Context, due, status) -> None:
    """Art 1 ¶2: the State acts after the period without a start, or before it if urgent."""
    for ev in ctx.scenario.events_of("state_intervened"):
        urgent = bool(ev.get("urgent"))
        readings = ["fr-epaves-1-state-action", "fr-epaves-1-early-intervention"]
        if due is None:
            ctx.out.finding("info", "state-intervention-not-judged",
                            f"The State intervened on {ev.date}"
                            + (" on grounds of urgency" if urgent else "")
                            + ", but without a recorded notice to the owner the twenty-day period is unknown: "
                            "whether it acted before its expiry cannot be judged (art 1 ¶2).", "fr-epaves:1.2")
            continue
        if ev.date <= due:
            if urgent:
                ctx.out.finding("info", "state-intervened-urgency",
                                f"The State intervened on {ev.date}, before the period ending {due} expired, "
                                "on grounds of urgency: art 1 ¶2 allows it (the State judges the urgency).",
                                "fr-epaves:1.2")
                en, fr = "before the period expired, for urgency: allowed", \
                    "avant l’expiration du délai, pour urgence : permis"
            else:
                ctx.out.finding("warning", "state-intervened-early",
                                f"The State intervened on {ev.date}, before the owner's twenty days ending {due} "
                                "expired, without urgency: art 1 ¶2 allows action before the expiry only if the "
                                "State considers it urgent.", "fr-epaves:1.2")
                en, fr = "before the period expired, without urgency: not allowed", \
                    "avant l’expiration du délai, sans urgence : non permis"
        elif status == "met" and not urgent:
            ctx.out.finding("warning", "state-intervention-without-ground",
                            f"The State intervened on {ev.date}, but the owner had begun refloating within the "
                            f"period ending {due}: art 1 ¶2 lets the State act only failing an effective start "
                            "(or for urgency).", "fr-epaves:1.2")
            readings.append("fr-epaves-1-intervention-without-ground")
            en, fr = "after the period, but the owner had started in time: no ground", \
                "après le délai, mais le propriétaire avait commencé à temps : sans fondement"
        else:
            ctx.out.finding("info", "state-intervened",
                            f"The State intervened on {ev.date}"
                            + (", for urgency" if urgent else f", after the period ending {due} without an "
                               "effective start by the owner")
                            + ": art 1 ¶2 allows it.", "fr-epaves:1.2")
            en, fr = "after the period: allowed", "après le délai : permis"
        ctx.out.step("state_intervention", "fr-epaves:1.2",
                     f"State intervention on {ev.date} ({'urgent' if urgent else 'not urgent'}): {en}.",
                     f"Intervention de l’État le {fr_date(ev.date)} ({'urgence' if urgent else 'sans urgence'}) : "
                     f"{fr}.",
                     inputs={"date": ev.date, "urgent": urgent, "due": due}, readings=readings)
