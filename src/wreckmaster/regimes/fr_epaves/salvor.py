"""The salvor's remuneration — art 4 ¶2 (the scale of 40 % and 30 %).

Art. 4.— … Le sauveteur à droit, lorsque les dépenses par lui faites pour le sauvetage ne
  sont point supérieures aux sommes ainsi fixées, à :
  à 40 p. 100 de l'épave où de son produit brut pour tous objets trouvés en mer au delà d'un
  mille de la côte, Cette distance étant calculée à partir du lais de la plus basse mer.
  b) 30 p. 100 de l'épave où de son produit brut pour tous objets trouvés sur le rivage ou à
  moins d'un mille de la côte.
  (The salvor is entitled, when his salvage expenses are not greater than the sums so fixed,
  to (a) 40 % of the wreck or of its gross proceeds for objects found at sea beyond one mile
  from the coast, measured from the lowest low-water line; (b) 30 % for objects found on the
  shore or within one mile of the coast.)

→ salvor_award: per item, the rate (on the shore: 30 %; at sea: 40 % beyond 1,852 m, 30 % at
  1,852 m or less; at sea without a distance: an error, no award) × the value, or the gross
  proceeds when sold; split equally among ``found.by``.
→ scale_not_applicable (an exception to salvor_award): the salvor's expenses exceed the scale
  sum — an error finding, no award for the item.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import SALVOR_AWARDS, fr_amount, frf, items_in_scope, on_shore, pct, sale


@rule(cites=["fr-epaves:4.2", "fr-epaves:4.2#2", "fr-epaves:4.2#1"],
      reads=["event:sold", "case.distance_computed", "expense.amount", "found.by", "found.distance_computed",
            "found.distance_from_coast_m", "found.state", "item.found", "item.salvor_expenses", "item.value",
            "param:mile_m", "param:rate_beyond_mile", "param:rate_shore_or_within_mile"])
def salvor_award(ctx: Context) -> None:
    """Art 4 ¶2: 40 % beyond one mile at sea, 30 % on the shore or within the mile."""
    awards: dict[str, list] = {}
    for item in items_in_scope(ctx):
        salvors = list(item.found.by)
        if not salvors:
            ctx.finding("error", "salvor-missing", "fr-epaves:4.2", item=repr(item.id))
            continue
        sold = sale(ctx, item)
        if sold is not None:
            base = Fraction(sold.get("price"))
        elif item.value is not None:
            base = Fraction(item.value)
        else:
            ctx.finding("error", "value-missing", "fr-epaves:4.2", item=repr(item.id))
            continue
        chosen = _rate(ctx, item)
        if chosen is None:
            continue
        rate, cite, place, place_values, place_readings = chosen
        exact = base * rate.value
        scale_sum = ctx.out.round(exact)
        expenses = item.salvor_expenses
        readings = place_readings + ["fr-epaves-4-wreck-or-proceeds"]
        if expenses is None:
            ctx.finding("info", "salvor-expenses-not-given", "fr-epaves:4.2", item=repr(item.id),
                        scale_sum=str(scale_sum))
            readings.append("fr-epaves-4-expenses-not-given")
        elif exceptions.applied(ctx, [SCALE_NOT_APPLICABLE], item, cite, expenses, scale_sum, exact):
            continue
        made = ctx.out.award(salvors, item.id, "salvage_award", exact, cite)
        awards[item.id] = made
        total = sum(a.amount for a in made)
        # the optional tails of the sentence: the equal parts of several salvors, the expenses compared
        split = "" if len(made) <= 1 else " split equally: " + ", ".join(f"{a.to} {a.amount}" for a in made)
        split_fr = "" if len(made) <= 1 else ", partagés par parts égales : " + ", ".join(
            f"{a.to} {fr_amount(a.amount)}" for a in made)
        exp = f"; expenses {expenses} FRF not greater" if expenses is not None else ""
        exp_fr = f" ; dépenses {fr_amount(expenses)} non supérieures" if expenses is not None else ""
        ctx.step("salvor_award", [cite, "fr-epaves:4.2"], "salvor-share",
                 variant=f"{place}-sold" if sold is not None else place, item=item.id, **place_values,
                 rate=pct(rate.value), base=frf(base), base_fr=fr_amount(base), product=frf(exact),
                 product_fr=fr_amount(exact), total=total, total_fr=fr_amount(total), salvors=', '.join(salvors),
                 split=split, split_fr=split_fr, expenses=exp, expenses_fr=exp_fr,
                 inputs={"item": item.id, "base": base, "sold": sold is not None, "state": item.found.state,
                         "distance_from_coast_m": item.found.distance_from_coast_m,
                         "salvor_expenses": expenses, "salvors": salvors},
                 params=[rate] + ([ctx.param("mile_m")] if not on_shore(item) else []),
                 exact=exact, amount=total, readings=readings)
    ctx[SALVOR_AWARDS] = awards


def _rate(ctx: Context, item: Item):
    """(rate, citation, place — the step's ``shore``, ``beyond-mile`` or ``within-mile`` —, its values,
    readings) or ``None`` (an error)."""
    mile = ctx.param("mile_m")
    if on_shore(item):
        return ctx.param("rate_shore_or_within_mile"), "fr-epaves:4.2#2", "shore", {}, ["fr-epaves-4-within-one-mile"]
    distance = item.found.distance_from_coast_m
    if item.found.distance_computed is not None:  # issue 15: computed by wreckmaster.geo, a fact with its source
        distance = _computed_distance(ctx, item, distance, mile)
        if distance is False:
            return None
    if distance is None:
        ctx.finding("error", "distance-missing", ["fr-epaves:4.2#1", "fr-epaves:4.2#2"], item=repr(item.id),
                    mile=str(mile.value))
        ctx.step("salvor_award", ["fr-epaves:4.2#1", "fr-epaves:4.2#2"], "distance-unknown", item=item.id,
                 params=[mile], readings=["fr-epaves-4-no-distance"])
        return None
    values = {"distance": distance, "mile": mile.value}
    if Fraction(distance) > mile.value:
        return (ctx.param("rate_beyond_mile"), "fr-epaves:4.2#1", "beyond-mile", values,
                ["fr-epaves-4-beyond-one-mile", "fr-epaves-4-no-distance"])
    return (ctx.param("rate_shore_or_within_mile"), "fr-epaves:4.2#2", "within-mile", values,
            ["fr-epaves-4-within-one-mile", "fr-epaves-4-no-distance"])


def _computed_distance(ctx: Context, item: Item, typed, mile):
    """The distance computed from the item's position (reading fr-epaves-4-computed-distance): the
    typed-in distance wins and the computed one is shown beside it; a position on land, or a
    mile boundary within the computation's uncertainty, is an error (the official determines)."""
    c = item.found.distance_computed
    cites = ["fr-epaves:4.2#1", "fr-epaves:4.2#2"]
    parts = ", ".join(f"{k} {v} m" for k, v in c.components.items())
    computed = {"distance": str(c.distance_m), "uncertainty": str(c.uncertainty_m), "parts": parts,
                "source": str(c.source), "data_version": str(c.data_version)}  # the findings' {about}
    if typed is not None:
        ctx.finding("info", "distance-computed-beside", cites, item=repr(item.id), typed=str(typed), **computed,
                    **({"variant": "on-land"} if c.on_land else {}))
        return typed
    if c.on_land:
        ctx.finding("error", "position-on-land", cites, item=repr(item.id), **computed)
        problem = "on-land"
    elif abs(Fraction(c.distance_m) - mile.value) <= Fraction(c.uncertainty_m):
        ctx.finding("error", "mile-within-uncertainty", cites, item=repr(item.id), **computed, mile=str(mile.value))
        problem = "mile-within-uncertainty"
    else:
        ctx.finding("info", "distance-computed", cites, item=repr(item.id), **computed, mile=str(mile.value))
        return c.distance_m
    ctx.step("salvor_award", cites, "computed-distance-undecided", variant=problem, item=item.id, **computed,
             inputs={"item": item.id, "distance_computed": c.distance_m, "uncertainty_m": c.uncertainty_m,
                     "on_land": c.on_land, "data_version": c.data_version},
             params=[mile], readings=["fr-epaves-4-computed-distance"])
    return False


def scale_not_applicable(ctx: Context, item: Item, cite: str, expenses, scale_sum, exact) -> None:
    """Art 4 ¶2, its condition: expenses above the scale sum — the scale does not apply."""
    ctx.finding("error", "scale-not-applicable", [cite, "fr-epaves:4.2"], item=repr(item.id), expenses=str(expenses),
                scale_sum=str(scale_sum))
    ctx.step("scale_not_applicable", [cite, "fr-epaves:4.2"], "scale-not-applicable", item=item.id,
             expenses=expenses, expenses_fr=fr_amount(expenses), scale_sum=scale_sum, scale_sum_fr=fr_amount(scale_sum),
             inputs={"item": item.id, "salvor_expenses": expenses}, exact=exact, amount=scale_sum,
             readings=["fr-epaves-4-expenses-cap", "fr-epaves-4-expenses-compare-rounded"])


#: art 4 ¶2's condition as an exception to the scale (law/exceptions.py): the expenses exceed the scale sum
SCALE_NOT_APPLICABLE = Exception_("scale_not_applicable", overrides="salvor_award",
                                  condition=lambda ctx, item, cite, expenses, scale_sum, exact: expenses > scale_sum,
                                  apply=scale_not_applicable)
