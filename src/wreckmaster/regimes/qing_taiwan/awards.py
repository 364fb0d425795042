"""Awards for goods and persons saved, art 4.

凡救起之貨須候文武汛官驗報，如係外國船貨，則並報明附近領事官會同查核，將貨估價，按照出力多寡難易，抽撥充賞，
多至三分之一，以賞救護之人。… 倘無貨有人，則須將人救護，無論中國、外國之人，均先行給以衣食，就近送交地方官、
領事官，妥給船夫資分別送回籍。倘係外國人，無領事可交者，即報明通商局資給盤川，俾令自行回國。其小船出力救護，
倘本人無力可以酬謝者，即就近禀報地方官。小船每救一名，賞給洋銀十元，就近地方官先行核給，按月禀報通商局發還；
虛捏者嚴究。
  (Goods saved are valued by the officials — with the consul for a foreign ship — and up to
  one third is taken to reward the rescuers. Castaways are clothed, fed and sent home; a
  foreigner without a consul gets his journey money from the commerce bureau. For each person
  a small boat saves who cannot reward it, ten silver dollars, advanced by the local official
  and repaid monthly by the commerce bureau.)

- :func:`goods_award` — the decided fraction (``item.award_fraction``, default the maximum
  1/3) of each item's value, all to the rescuers; :func:`fraction_above_cap`, the exception: a
  fraction above 1/3 is refused. Charged to the item's owner, else the vessel's owner.
- :func:`foreign_valuation` — a foreign ship's goods are valued with the consul.
- :func:`small_boat_award` — 10 dollars a person, ``government`` (the local official's
  advance, repaid by the commerce bureau: one final charge).
- :func:`castaways` — the ``passage`` expenses of sending castaways home.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.messages import shape
from wreckmaster.law.money import DOLLAR
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .._qing.awards import award_facts, consul_valuation, send_castaways_home
from .._qing.common import expense_categories, item_owner, saved_items, tael



@rule(cites=["qing-taiwan:4"],
      reads=["event:owner_identified", "case.kind", "case.vessel", "expense.amount", "found.by",
            "item.award_fraction", "item.found", "item.kind", "item.owner", "item.value", "vessel.owner",
            "param:goods_award.default_share", "param:goods_award.max_share"])
def goods_award(ctx: Context) -> None:
    """Art 4: up to one third of the goods' assessed value, all to the rescuers."""
    cap = ctx.param("goods_award.max_share")
    for item in saved_items(ctx):
        if item.kind == "vessel":
            ctx.finding("info", "no-award-for-hull", "qing-taiwan:4", item=repr(item.id))
            ctx.step("goods_award", "qing-taiwan:4", "no-award-for-hull", item=item.id,
                     readings=["qing-taiwan-4-goods-only"])
            continue
        if not award_facts(ctx, item, "qing-taiwan:4"):
            continue
        if item.award_fraction is None:
            rate = ctx.param("goods_award.default_share")
            fraction = rate.value
            ctx.finding("info", "award-fraction-default", "qing-taiwan:4", item=repr(item.id), rate=str(rate.text))
        else:
            fraction = item.award_fraction
            if exceptions.applied(ctx, [FRACTION_ABOVE_CAP], item, cap):
                continue
        _award(ctx, item, fraction, cap)


def fraction_above_cap(ctx: Context, item: Item, cap) -> None:
    """Art 4, the exception: 多至三分之一 — a decided share above one third is outside the law;
    no award is computed for the item."""
    ctx.finding("error", "award-fraction-above-cap", "qing-taiwan:4", item=repr(item.id),
                award_fraction=str(item.award_fraction), cap=str(cap.text))
    ctx.step("fraction_above_cap", "qing-taiwan:4", "fraction-above-cap", item=item.id,
             fraction=item.award_fraction, cap=cap.text, params=[cap], readings=["qing-taiwan-4-share-maximum"])

def above_cap(ctx: Context, item: Item, cap) -> bool:
    """Art 4's condition for its exception: the decided share is above 多至三分之一."""
    return item.award_fraction > cap.value


#: art 4, the exception to the decided share (law/exceptions.py)
FRACTION_ABOVE_CAP = Exception_("fraction_above_cap", overrides="goods_award", condition=above_cap,
                                apply=fraction_above_cap)


def _award(ctx: Context, item: Item, fraction: Fraction, cap) -> None:
    rescuers = list(item.found.by)
    exact = Fraction(item.value) * fraction
    awards = ctx.out.award(rescuers, item.id, "goods_award", exact, "qing-taiwan:4")
    total = ctx.out.round(exact)
    payer = item_owner(ctx, item)
    frac_text = f"{fraction.numerator}/{fraction.denominator}" if fraction.denominator != 1 else str(fraction)
    ctx.step(
        "goods_award", "qing-taiwan:4", "goods-award",
        variant=shape(("shared", len(awards) >= 2), ("no-payer", not payer)),
        item=item.id, value=item.value, fraction=frac_text, cap=cap.text, product=tael(exact), total=total,
        rescuers=", ".join(rescuers), shares=", ".join(f"{a.to} {a.amount}" for a in awards), payer=payer,
        inputs={"item": item.id, "value": item.value, "fraction": fraction, "rescuers": rescuers, "payer": payer},
        params=[cap], exact=exact, amount=total,
        readings=["qing-taiwan-4-share-maximum"]
        + (["qing-taiwan-4-default-fraction"] if item.award_fraction is None else []))
    if payer is None:
        ctx.finding("error", "owner-unknown", "qing-taiwan:4", variant="goods", item=repr(item.id))
    else:
        ctx.out.charge_awards(awards, payer, "qing-taiwan:4")


@rule(cites=["qing-taiwan:4"],
      reads=["event:goods_valued", "case.kind", "case.vessel", "expense.date", "found.by", "found.date",
            "item.found", "item.kind", "vessel.foreign"])
def foreign_valuation(ctx: Context) -> None:
    """Art 4: a foreign ship's goods are reported to the nearest consul and valued together
    with him (如係外國船貨，則並報明附近領事官會同查核)."""
    consul_valuation(ctx, "qing-taiwan:4")


@rule(cites=["qing-taiwan:4"],
      reads=["expense.amount", "item.government", "item.value", "party.can_pay", "party.person",
            "person.can_pay", "person.rescued_by", "person.small_boat", "vessel.government",
            "param:person_award.small_boat"])
def small_boat_award(ctx: Context) -> None:
    """Art 4: ten silver dollars for each person a small boat saves who cannot reward it,
    advanced by the local official and repaid by the commerce bureau: ``government``."""
    rate = ctx.param("person_award.small_boat")
    unfixed = []
    for person in ctx.scenario.persons:
        if not person.small_boat or person.can_pay:
            unfixed.append(person.id)
            continue
        if not person.rescued_by:
            ctx.finding("error", "rescuers-missing", "qing-taiwan:4", variant="person", person=repr(person.id))
            continue
        awards = ctx.out.award(person.rescued_by, person.id, "person_award", rate.value, "qing-taiwan:4",
                               currency=DOLLAR)
        ctx.out.charge_awards(awards, "government", "qing-taiwan:4")
        amount = DOLLAR.format(sum((a.amount for a in awards), Decimal(0)))
        ctx.step("small_boat_award", "qing-taiwan:4", "small-boat-award", person=person.id,
                 rescuers=", ".join(person.rescued_by), dollars=amount,
                 inputs={"person": person.id, "rescuers": list(person.rescued_by), "currency": "DOLLAR"},
                 params=[rate], readings=["qing-taiwan-4-person-award"])
    if unfixed:
        ctx.finding("info", "person-award-not-fixed", "qing-taiwan:4", unfixed=', '.join(unfixed), rate=str(rate.text))


@rule(cites=["qing-taiwan:4"],
      reads=["case.vessel", "expense.amount", "expense.category", "expense.for", "expense.payee",
            "item.government", "vessel.foreign", "vessel.government"])
def castaways(ctx: Context) -> None:
    """Art 4: castaways are clothed, fed and sent home; a foreigner with no consul gets his
    journey money (盤川) from the commerce bureau (通商局, the provincial government)."""
    send_castaways_home(ctx, "qing-taiwan:4", expense_categories(ctx)["passage"], "qing-taiwan-4-castaways")
