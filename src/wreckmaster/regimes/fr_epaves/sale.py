"""Public sale of the wreck — art 3.

Art. 3.— Si le propriétaire des épaves ne les a pas réclamées, ou si, les ayant réclamées il
  n'a pas remis au sauveteur le montant des sommes qui lui sont dues pour le sauvetage, il
  est procédé à la vente publique deux mois après la déclaration. S'il s'agit de denrées
  périssables, il peut y être procédé sans délai.
  (If the owner has not claimed the wreck, or has claimed it without paying the salvor what
  is due to him, it is sold at public sale two months after the declaration. Perishable
  goods may be sold without delay.)

→ public_sale: a ``sold`` event dated before the declaration + 2 months (same day number,
  the month's last day when it has none) is an early sale (a warning) unless the item is
  perishable (an info finding: sold « sans délai », even before its declaration). An early sale
  does not take away the salvor's share: art 4 is computed on its gross proceeds.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import DECLARED_ON, fr_date, items_in_scope, owner_of, sale


@rule(cites=["fr-epaves:3.1"],
      reads=["event:declared", "event:sold", "expense.date", "found.date", "item.found", "item.owner",
            "item.perishable", "item.value", "vessel.owner", "param:sale_delay_months"])
def public_sale(ctx: Context) -> None:
    """Art 3: when the wreck may be sold, and whether a recorded sale came too early."""
    delay = ctx.param("sale_delay_months")
    declared_on = ctx[DECLARED_ON]
    for item in items_in_scope(ctx):
        sold = sale(ctx, item)
        decl = declared_on.get(item.id)
        if decl is None:
            if sold is not None:
                ctx.finding("warning", "sale-without-declaration", "fr-epaves:3.1", item=repr(item.id),
                            date=str(sold.date))
                ctx.step("public_sale", "fr-epaves:3.1", "sale-date-unchecked", item=item.id, date=sold.date,
                         date_fr=fr_date(sold.date), params=[delay], readings=["fr-epaves-3-sale-date"])
            continue
        sale_from = delay.value.due(decl)
        if sold is None:
            if owner_of(ctx, item) is None:
                ctx.step("public_sale", "fr-epaves:3.1", "sale-allowed-from",
                         variant="perishable" if item.perishable else None, item=item.id, decl=decl,
                         decl_fr=fr_date(decl), sale_from=sale_from, sale_from_fr=fr_date(sale_from),
                         inputs={"item": item.id, "declared": decl}, params=[delay],
                         readings=["fr-epaves-3-sale-date"]
                         + (["fr-epaves-3-perishables"] if item.perishable else []))
            continue
        _check_sale(ctx, item, sold, decl, sale_from, delay)


def _check_sale(ctx: Context, item, sold, decl, sale_from, delay) -> None:
    owner = owner_of(ctx, item)
    readings = ["fr-epaves-3-sale-date"]
    if sold.date < decl and not item.perishable:
        verdict = "early-before-declaration"
        ctx.finding("warning", "sale-early", "fr-epaves:3.1", item=repr(item.id), date=str(sold.date), decl=str(decl))
        readings.append("fr-epaves-3-early-sale")
    elif sold.date < sale_from and not item.perishable:
        verdict = "early"
        ctx.finding("warning", "sale-early", "fr-epaves:3.1", item=repr(item.id), date=str(sold.date), decl=str(decl),
                    variant="within-two-months", sale_from=str(sale_from))
        readings.append("fr-epaves-3-early-sale")
    elif sold.date < sale_from:
        verdict = "perishable-at-once"
        before = sold.date < decl
        ctx.finding("info", "perishable-sold-at-once", "fr-epaves:3.1", item=repr(item.id), date=str(sold.date),
                    decl=str(decl), **({} if before else {"variant": "after-declaration"}))
        readings.append("fr-epaves-3-perishables")
    else:
        verdict = "perishable-in-time" if item.perishable else "in-time"
    if owner is not None:
        ctx.finding("info", "sale-ground-assumed", "fr-epaves:3.1", item=repr(item.id), owner=str(owner))
        readings.append("fr-epaves-3-grounds-assumed")
    ctx.step("public_sale", "fr-epaves:3.1", "sale-checked", variant=verdict, item=item.id, decl=decl,
             decl_fr=fr_date(decl), sale_from=sale_from, sale_from_fr=fr_date(sale_from), date=sold.date,
             date_fr=fr_date(sold.date), price=sold.get("price"),
             inputs={"item": item.id, "declared": decl, "sold": sold.date, "price": sold.get("price"),
                     "perishable": item.perishable, "owner": owner},
             params=[delay], readings=readings)
