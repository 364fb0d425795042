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
            base, base_en, base_fr = Fraction(sold.get("price")), "gross proceeds of its sale", "du produit brut de la vente"
        elif item.value is not None:
            base, base_en, base_fr = Fraction(item.value), "value of the wreck", "de la valeur de l’épave"
        else:
            ctx.finding("error", "value-missing", "fr-epaves:4.2", item=repr(item.id))
            continue
        chosen = _rate(ctx, item)
        if chosen is None:
            continue
        rate, cite, where_en, where_fr, place_readings = chosen
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
        split = "" if len(made) <= 1 else " split equally: " + ", ".join(f"{a.to} {a.amount}" for a in made)
        split_fr = "" if len(made) <= 1 else ", partagés par parts égales : " + ", ".join(
            f"{a.to} {fr_amount(a.amount)}" for a in made)
        exp_en = f"; expenses {expenses} FRF not greater" if expenses is not None else ""
        exp_fr = f" ; dépenses {fr_amount(expenses)} non supérieures" if expenses is not None else ""
        ctx.out.step("salvor_award", [cite, "fr-epaves:4.2"],
                     f"{item.id}: {where_en} → {pct(rate.value)} of the {base_en} {frf(base)} = {frf(exact)} → "
                     f"{total} FRF to {', '.join(salvors)}{split}{exp_en}.",
                     f"{item.id} : {where_fr} → {pct(rate.value)} {base_fr} {fr_amount(base)} = "
                     f"{fr_amount(exact)} → {fr_amount(total)} au sauveteur{split_fr}{exp_fr}.",
                     inputs={"item": item.id, "base": base, "sold": sold is not None, "state": item.found.state,
                             "distance_from_coast_m": item.found.distance_from_coast_m,
                             "salvor_expenses": expenses, "salvors": salvors},
                     params=[rate] + ([ctx.param("mile_m")] if not on_shore(item) else []),
                     exact=exact, amount=total, readings=readings)
    ctx[SALVOR_AWARDS] = awards


def _rate(ctx: Context, item: Item):
    """(rate, citation, place in English, place in French, readings) or ``None`` (an error)."""
    mile = ctx.param("mile_m")
    if on_shore(item):
        return (ctx.param("rate_shore_or_within_mile"), "fr-epaves:4.2#2", "found on the shore",
                "trouvé sur le rivage", ["fr-epaves-4-within-one-mile"])
    distance = item.found.distance_from_coast_m
    if item.found.distance_computed is not None:  # issue 15: computed by wreckmaster.geo, a fact with its source
        distance = _computed_distance(ctx, item, distance, mile)
        if distance is False:
            return None
    if distance is None:
        ctx.finding("error", "distance-missing", ["fr-epaves:4.2#1", "fr-epaves:4.2#2"], item=repr(item.id),
                    mile=str(mile.value))
        ctx.out.step("salvor_award", ["fr-epaves:4.2#1", "fr-epaves:4.2#2"],
                     f"{item.id}: found at sea, distance from the coast unknown — no rate, no award.",
                     f"{item.id} : trouvé en mer, distance de la côte inconnue — pas de taux, pas de rémunération.",
                     params=[mile], readings=["fr-epaves-4-no-distance"])
        return None
    if Fraction(distance) > mile.value:
        return (ctx.param("rate_beyond_mile"), "fr-epaves:4.2#1",
                f"found at sea {distance} m from the coast, beyond one mile ({mile.value} m)",
                f"trouvé en mer à {distance} m de la côte, au delà d’un mille ({mile.value} m)",
                ["fr-epaves-4-beyond-one-mile", "fr-epaves-4-no-distance"])
    return (ctx.param("rate_shore_or_within_mile"), "fr-epaves:4.2#2",
            f"found at sea {distance} m from the coast, within one mile ({mile.value} m)",
            f"trouvé en mer à {distance} m de la côte, à moins d’un mille ({mile.value} m)",
            ["fr-epaves-4-within-one-mile", "fr-epaves-4-no-distance"])


def _computed_distance(ctx: Context, item: Item, typed, mile):
    """The distance computed from the item's position (reading fr-epaves-4-computed-distance): the
    typed-in distance wins and the computed one is shown beside it; a position on land, or a
    mile boundary within the computation's uncertainty, is an error (the official determines)."""
    c = item.found.distance_computed
    cites = ["fr-epaves:4.2#1", "fr-epaves:4.2#2"]
    parts = ", ".join(f"{k} {v} m" for k, v in c.components.items())
    about = (f"computed {c.distance_m} m ± {c.uncertainty_m} m ({parts}) from {c.source}, {c.data_version}"
             + (" — the position is on land" if c.on_land else ""))
    about_fr = f"distance calculée {c.distance_m} m ± {c.uncertainty_m} m" + (" — position à terre" if c.on_land else "")
    computed = {"distance": str(c.distance_m), "uncertainty": str(c.uncertainty_m), "parts": parts,
                "source": str(c.source), "data_version": str(c.data_version)}  # the findings' {about}
    if typed is not None:
        ctx.finding("info", "distance-computed-beside", cites, item=repr(item.id), typed=str(typed), **computed,
                    **({"variant": "on-land"} if c.on_land else {}))
        return typed
    if c.on_land:
        ctx.finding("error", "position-on-land", cites, item=repr(item.id), **computed)
        problem = "position on land"
    elif abs(Fraction(c.distance_m) - mile.value) <= Fraction(c.uncertainty_m):
        ctx.finding("error", "mile-within-uncertainty", cites, item=repr(item.id), **computed, mile=str(mile.value))
        problem = "the mile within the uncertainty"
    else:
        ctx.finding("info", "distance-computed", cites, item=repr(item.id), **computed, mile=str(mile.value))
        return c.distance_m
    ctx.out.step("salvor_award", cites,
                 f"{item.id}: found at sea, {about} — {problem}: no rate, no award.",
                 f"{item.id} : trouvé en mer, {about_fr} — pas de taux, pas de rémunération.",
                 inputs={"item": item.id, "distance_computed": c.distance_m, "uncertainty_m": c.uncertainty_m,
                         "on_land": c.on_land, "data_version": c.data_version},
                 params=[mile], readings=["fr-epaves-4-computed-distance"])
    return False


def scale_not_applicable(ctx: Context, item: Item, cite: str, expenses, scale_sum, exact) -> None:
    """Art 4 ¶2, its condition: expenses above the scale sum — the scale does not apply."""
    ctx.finding("error", "scale-not-applicable", [cite, "fr-epaves:4.2"], item=repr(item.id), expenses=str(expenses),
                scale_sum=str(scale_sum))
    ctx.out.step("scale_not_applicable", [cite, "fr-epaves:4.2"],
                 f"{item.id}: expenses {expenses} FRF > scale sum {scale_sum} FRF — the scale of art 4 does not apply; "
                 "no award.",
                 f"{item.id} : dépenses {fr_amount(expenses)} supérieures à la somme fixée {fr_amount(scale_sum)} — "
                 "le tarif de l’art. 4 ne s’applique pas ; pas de rémunération.",
                 inputs={"item": item.id, "salvor_expenses": expenses}, exact=exact, amount=scale_sum,
                 readings=["fr-epaves-4-expenses-cap", "fr-epaves-4-expenses-compare-rounded"])


#: art 4 ¶2's condition as an exception to the scale (law/exceptions.py): the expenses exceed the scale sum
SCALE_NOT_APPLICABLE = Exception_("scale_not_applicable", overrides="salvor_award",
                                  condition=lambda ctx, item, cite, expenses, scale_sum, exact: expenses > scale_sum,
                                  apply=scale_not_applicable)
