"""Who pays the salvor, and where the proceeds of a sale go — art 4 ¶1 and ¶3.

Art. 4.— Les sommes dues au sauveteur pour le sauvetage des épaves sont payées sur le prix à
  en provenir par préférence au droit de douane.
  (The sums due to the salvor are paid out of the price the wreck fetches, in preference to
  the customs duty.)
  … Les administrateurs de l'inscription maritime sont autorisés à consentir des avances aux
  sauveteurs dès le jour de la déclaration.
  (The administrators of maritime registration may grant advances to salvors from the day of
  the declaration.)

→ incidence: sold — out of the gross proceeds (payer ``custody``) the salvor first, then
  ``customs`` (``item.customs_duty``, as far as what is left covers it), then the rest to the
  owner or ``unclaimed``: the proceeds are always fully distributed. Unsold — the owner (or
  ``unclaimed``) pays the salvor's award.
→ advances (art 4 ¶3): an ``advance_paid`` event is a charge ``government`` → salvor on its
  day; the same amount of the salvor's award is then paid back to ``government`` by whoever
  pays the award (``custody`` or the owner), and only the rest goes to the salvor (reading
  fr-epaves-4-advances-incidence). An advance above the award is repaid by the salvor.
"""
from __future__ import annotations

from decimal import Decimal

from wreckmaster.law.assessment import Award
from wreckmaster.law.events import Event
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import DECLARED_ON, SALVOR_AWARDS, fr_amount, fr_date, frf, items_in_scope, owner_of, sale


@rule(cites=["fr-epaves:4.2", "fr-epaves:4.3", "fr-epaves:4.1"],
      reads=["event:advance_paid", "event:declared", "event:sold", "expense.amount", "expense.date",
            "expense.for", "found.by", "found.date", "item.customs_duty", "item.found", "item.government",
            "item.owner", "vessel.government", "vessel.owner"])
def incidence(ctx: Context) -> None:
    """Art 4 ¶1 (and ¶3): pay the salvor from the proceeds before customs; else the owner pays."""
    awards: dict[str, list[Award]] = ctx[SALVOR_AWARDS]
    for item in items_in_scope(ctx):
        sold = sale(ctx, item)
        advances = _advances(ctx, item)
        made = awards.get(item.id)
        if made is None:
            _unsettled(ctx, item, sold, advances)
            continue
        if sold is not None:
            _from_proceeds(ctx, item, sold, made, advances)
        else:
            _from_owner(ctx, item, made, advances)
        _unmatched_advances(ctx, item, made, advances)


def _advances(ctx: Context, item: Item) -> list[Event]:
    """Art 4 ¶3: the advances made on this item, each recorded as a charge government → salvor."""
    out = []
    declared = ctx[DECLARED_ON].get(item.id)
    for ev in ctx.scenario.events_of("advance_paid"):
        if ev.get("item") != item.id:
            continue
        to, amount = ev.get("to"), ev.get("amount")
        out.append(ev)
        ctx.out.charge("government", to, item.id, amount, "fr-epaves:4.3")
        if to not in item.found.by:
            ctx.finding("warning", "advance-to-non-salvor", "fr-epaves:4.3", amount=str(amount), item=repr(item.id),
                        date=str(ev.date), to=str(to))
        if declared is None or ev.date < declared:
            ctx.finding("warning", "advance-before-declaration", "fr-epaves:4.3", amount=str(amount),
                        item=repr(item.id), to=str(to), date=str(ev.date),
                        **({"declared": str(declared)} if declared else {"variant": "undeclared"}))
        ctx.step("advance", "fr-epaves:4.3", "advance-paid", variant=None if declared else "undeclared",
                 item=item.id, advance=amount, advance_fr=fr_amount(amount), to=to, date=ev.date,
                 date_fr=fr_date(ev.date), declared=declared, declared_fr=fr_date(declared) if declared else None,
                 inputs={"item": item.id, "to": to, "amount": amount, "date": ev.date, "declared": declared},
                 amount=amount, readings=["fr-epaves-4-advances", "fr-epaves-4-advances-incidence"])
    return out


def _pay_salvor(ctx: Context, payer: str, award: Award, advances: list[Event], cites: list[str]) -> Decimal:
    """Pay one salvor's award: the part advanced goes back to ``government``, the rest to the
    salvor. Returns the advance set off."""
    advanced = sum((ev.get("amount") for ev in advances if ev.get("to") == award.to), Decimal(0))
    set_off = min(advanced, award.amount)
    if set_off:
        ctx.out.charge(payer, "government", award.for_, set_off, cites + ["fr-epaves:4.3"])
    if award.amount - set_off:
        ctx.out.charge(payer, award.to, award.for_, award.amount - set_off, cites)
    if advanced > award.amount:
        excess = advanced - award.amount
        ctx.finding("warning", "advance-exceeds-award", ["fr-epaves:4.3", "fr-epaves:4.2"], item=repr(award.for_),
                    to=str(award.to), advanced=str(advanced), amount=str(award.amount), excess=str(excess))
        ctx.out.charge(award.to, "government", award.for_, excess, ["fr-epaves:4.3"])
    return set_off


def _unmatched_advances(ctx: Context, item: Item, made: list[Award], advances: list[Event]) -> None:
    """Advances to someone with no (or a zero) award on the item: all of it is owed back."""
    paid = {a.to for a in made}
    for to in dict.fromkeys(ev.get("to") for ev in advances if ev.get("to") not in paid):
        advanced = sum((ev.get("amount") for ev in advances if ev.get("to") == to), Decimal(0))
        if not advanced:
            continue
        ctx.finding("warning", "advance-exceeds-award", ["fr-epaves:4.3", "fr-epaves:4.2"], variant="no-share",
                    item=repr(item.id), to=str(to), advanced=str(advanced))
        ctx.out.charge(to, "government", item.id, advanced, ["fr-epaves:4.3"])


def _from_proceeds(ctx: Context, item: Item, sold: Event, made: list[Award], advances: list[Event]) -> None:
    """Art 4 ¶1: salvor first, then customs, then the owner (or unclaimed)."""
    price: Decimal = sold.get("price")
    salvor_total = sum((a.amount for a in made), Decimal(0))
    cites = ["fr-epaves:4.1"] + (list(made[0].cites) if made else [])
    set_off = sum((_pay_salvor(ctx, "custody", a, advances, cites) for a in made), Decimal(0))
    left = price - salvor_total
    duty = item.customs_duty
    readings = ["fr-epaves-4-payment-order"]
    if duty is None:
        ctx.finding("info", "customs-duty-not-given", "fr-epaves:4.1", item=repr(item.id))
        duty = Decimal(0)
    to_customs = min(duty, left)
    if to_customs:
        ctx.out.charge("custody", "customs", item.id, to_customs, "fr-epaves:4.1")
    if to_customs < duty:
        ctx.finding("info", "customs-duty-not-covered", "fr-epaves:4.1", item=repr(item.id),
                    salvor_total=str(salvor_total), left=str(left), price=str(price), duty=str(duty),
                    to_customs=str(to_customs))
        readings.append("fr-epaves-4-customs-shortfall")
    left -= to_customs
    owner = owner_of(ctx, item)
    rest_to = owner or "unclaimed"
    if left:
        ctx.out.charge("custody", rest_to, item.id, left, "fr-epaves:4.1")
    if owner is None:
        readings.append("fr-epaves-4-unclaimed")
    ctx.step("incidence", ["fr-epaves:4.1"] + (["fr-epaves:4.3"] if set_off else []), "proceeds-distributed",
             variant=_shape(set_off, owner),
             item=item.id, price=frf(price), price_fr=fr_amount(price), salvor=salvor_total,
             salvor_fr=fr_amount(salvor_total), set_off=set_off, set_off_fr=fr_amount(set_off),
             to_customs=to_customs, to_customs_fr=fr_amount(to_customs), duty=duty, duty_fr=fr_amount(duty),
             left=left, left_fr=fr_amount(left), owner=owner,
             inputs={"item": item.id, "price": price, "salvor": salvor_total, "customs_duty": duty, "owner": owner},
             amount=price, readings=readings)


def _from_owner(ctx: Context, item: Item, made: list[Award], advances: list[Event]) -> None:
    """Not sold: the owner who takes the wreck back pays the salvor (or ``unclaimed``)."""
    if not made:
        return  # a zero award: nothing to pay
    owner = owner_of(ctx, item)
    payer = owner or "unclaimed"
    cites = list(made[0].cites) + ["fr-epaves:4.2"]
    set_off = sum((_pay_salvor(ctx, payer, a, advances, cites) for a in made), Decimal(0))
    total = sum((a.amount for a in made), Decimal(0))
    ctx.step("incidence", cites + (["fr-epaves:4.3"] if set_off else []), "borne-by-owner",
             variant=_shape(set_off, owner),
             item=item.id, total=total, total_fr=fr_amount(total), owner=owner, set_off=set_off,
             set_off_fr=fr_amount(set_off), inputs={"item": item.id, "owner": owner}, amount=total,
             readings=["fr-epaves-4-unsold-incidence"])


def _shape(set_off: Decimal, owner: str | None) -> str | None:
    """The variant of an incidence step: part of it repays an advance (``advance``), the owner is
    not known (``unclaimed``), both, or neither (None)."""
    return shape(("advance", set_off), ("unclaimed", not owner))


def _unsettled(ctx: Context, item: Item, sold: Event | None, advances: list[Event]) -> None:
    """No award computed for the item (an error finding says why): nothing can be paid out."""
    if sold is not None:
        ctx.finding("info", "proceeds-held", "fr-epaves:4.1", item=repr(item.id), price=str(sold.get('price')))
        ctx.step("incidence", "fr-epaves:4.1", "proceeds-held", item=item.id, price=sold.get("price"),
                 price_fr=fr_amount(sold.get("price")), readings=["fr-epaves-4-proceeds-held"])
    if advances:
        ctx.finding("info", "advance-not-settled", "fr-epaves:4.3", item=repr(item.id),
                    amounts=', '.join(str(e.get('amount')) for e in advances))

