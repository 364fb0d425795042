"""Where and when the law applies: art 5 (territories) and the war period (arts 1, 2).

Article premier. Pendant la durée de la guerre et les six mois qui suivront la cessation
  des hostilités, … (During the war and the six months that will follow the cessation of
  hostilities, …)
Art. 2. Pendant la durée de la guerre et les six mois qui suivent la cessation des
  hostilités, … (the same period for the declaration of finds)
  → temporal_scope: the case's day (the generic period in force, law/scope.py: parameters
    in_force.start/end) and each find, from 1914-08-02 to 1920-04-24 inclusive (parameters
    war_start, cessation_of_hostilities, after_hostilities_period); outside it, an error
    finding and no computation (for the whole case, or for that item) — with
    ``case.hypothetical``, a warning and the computation proceeds.
Ant. 5. Les présentes dispositions sont applicables à l'Algérie, Un décret pourra les rendre
  applicables aux colonies et aux pays de protectorat.
  (The present provisions apply to Algeria. A decree may make them applicable to the
  colonies and the protectorates.)
  → territory: France and Algeria; a colony or protectorate only with ``case.decree``; an
    error finding and no computation otherwise.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import EXCLUDED_ITEMS, OUT_OF_SCOPE, find_date, fr_date, in_war_period, regime_end

TERRITORY_FR = {"france": "France", "algeria": "Algérie", "colony": "colonie",
                "protectorate": "pays de protectorat", "other": "autre territoire"}


@rule(cites=["fr-epaves:5.1"],
      reads=["case.decree", "case.territory", "item.value", "param:territories_by_decree",
            "param:territories_direct"])
def territory(ctx: Context) -> None:
    """Art 5: France and Algeria directly; colonies and protectorates only by decree."""
    where = ctx.case.territory
    direct = ctx.param("territories_direct")
    by_decree = ctx.param("territories_by_decree")
    if where in direct.value:
        ctx.step("territory", "fr-epaves:5.1", "territory-direct", where=where, where_fr=TERRITORY_FR[where],
                 inputs={"territory": where}, params=[direct], readings=["fr-epaves-5-territory"])
        return
    if where in by_decree.value:
        if ctx.case.decree:
            ctx.finding("info", "applied-by-decree", "fr-epaves:5.1", variant=where)
            ctx.step("territory", "fr-epaves:5.1", "territory-by-decree", where=where, where_fr=TERRITORY_FR[where],
                     inputs={"territory": where, "decree": True}, params=[by_decree],
                     readings=["fr-epaves-5-territory"])
            return
        ctx.finding("error", "decree-missing", "fr-epaves:5.1", variant=where)
        ctx.step("territory", "fr-epaves:5.1", "territory-by-decree", variant="no-decree", where=where,
                 where_fr=TERRITORY_FR[where], inputs={"territory": where, "decree": False}, params=[by_decree],
                 readings=["fr-epaves-5-territory"])
    else:
        ctx.finding("error", "territory-not-covered", "fr-epaves:5.1", where=repr(where))
        ctx.step("territory", "fr-epaves:5.1", "territory-outside", inputs={"territory": where},
                 params=[direct, by_decree], readings=["fr-epaves-5-territory"])
    ctx[OUT_OF_SCOPE] = True


@rule(cites=["fr-epaves:1.1", "fr-epaves:2.1"],
      reads=["case.hypothetical", "case.occurred", "expense.date", "found.date", "item.found", "item.value",
            "param:after_hostilities_period", "param:cessation_of_hostilities", "param:war_start"])
def temporal_scope(ctx: Context) -> None:
    """Arts 1 ¶1 and 2 ¶1: the war and the six months after the cessation of hostilities.

    The case's own day is checked first by the generic period in force (law/scope.py, parameters
    in_force.start/end, reading fr-epaves-in-force): outside it nothing runs here unless the case
    is hypothetical. This rule checks each find (reading fr-epaves-scope-each-event).
    """
    start, cessation = ctx.param("war_start"), ctx.param("cessation_of_hostilities")
    after = ctx.param("after_hostilities_period")
    end = regime_end(ctx)
    cites = ["fr-epaves:1.1", "fr-epaves:2.1"]
    readings = ["fr-epaves-temporal-scope"]
    occurred = ctx.case.occurred
    hypothetical = ctx.case.hypothetical
    case_inside = in_war_period(ctx, occurred)
    ctx.step("temporal_scope", cites, "case-in-period", variant=None if case_inside else "hypothetical",
             occurred=occurred, occurred_fr=fr_date(occurred), start=start.value, start_fr=fr_date(start.value),
             end=end, end_fr=fr_date(end), cessation=cessation.value, cessation_fr=fr_date(cessation.value),
             after=after.text, inputs={"occurred": occurred}, params=[start, cessation, after], readings=readings)
    if case_inside and not ctx[OUT_OF_SCOPE]:  # else art 5 or the period already said why
        ctx.finding("info", "enactment-date-unverified", "fr-epaves:1.1", start=str(start.value))
    excluded: set[str] = set()
    for item in ctx.scenario.items:
        if item.found is None:
            continue
        if item.found.date is None:
            ctx.finding("info", "find-date-assumed", "fr-epaves:2.1", item=repr(item.id), occurred=str(occurred))
        found_on = find_date(ctx, item)
        if in_war_period(ctx, found_on):
            continue
        if hypothetical:
            ctx.finding("warning", "out-of-temporal-scope", cites, variant="found-hypothetical", item=repr(item.id),
                        found_on=str(found_on), start=str(start.value), end=str(end))
            continue
        excluded.add(item.id)
        ctx.finding("error", "out-of-temporal-scope", cites, variant="found", item=repr(item.id),
                    found_on=str(found_on), start=str(start.value), end=str(end))
        ctx.step("temporal_scope", cites, "item-outside-period", item=item.id, found=found_on,
                 found_fr=fr_date(found_on), inputs={"item": item.id, "found": found_on},
                 readings=readings + ["fr-epaves-scope-each-event"])
    ctx[EXCLUDED_ITEMS] = excluded
