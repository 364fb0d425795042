"""Who bears the costs of a rescue: arts 11, 12, 13, 15 and 25.

第十一条 保安物ヲ売払ヒタルトキハ其代価金高ノ内ヲ以テ左ニ掲載シタル諸費用ヲ其船主荷主ヨリ出サシムヘシ
  (the salvage fee, labour and boats, sheds and guards, crew medical, search and burial) …
  若シ物品売払金高諸費ノ高ヨリ少キトキハ其金高限リ出サシメ不足ノ分及ヒ売払フヘキモノモ之レナキトキハ
  第十五条ニ照準シテ処置ス可シ
  → owner_costs: the owner side bears them; out of the sale proceeds when goods were sold
    (payer ``custody``) and only up to them; the shortfall, and everything when nothing
    was saved, as art 15 says (``government``).
第十二条 左ニ掲載シタル諸入費ハ之ヲ三分シ其二分ハ船主荷主ヨリ出サシメ其一分ハ之ヲ其管内民費トナス可シ
  → public_costs: two thirds owner side, one third ``local-public``.
第十三条 … 貸遣シタル時ハ … 追テ本人ヨリ償却セシム可シ  → crew_loans: the borrower repays.
第十五条 船体積荷ヲ併セテ悉皆沈没ニ至ルノ大難船ハ … 船主荷主ヨリ之ヲ取立ルヲ得ス … 官費ヲ以テ支給スヘキ
  → total_loss, an exception to arts 11 and 12: the owner side's part goes to ``government``.
第二十五条 難船取扱ノ間浦役人ノ日給ハ一日五拾銭ヨリ多カラス拾銭ヨリ少ナカラサルモノトス
  → official_daily_pay: a finding when the daily rate is outside 10–50 sen.
第二十三条 前条ノ救助ニ属スル諸費用ハ船将又ハ其筋ノ士官ヨリ直チニ受取ヘシト雖モ総テ管庁ノ指揮ヲ受クヘシ
  → GOVERNMENT_SHIP_COSTS and GOVERNMENT_SHIP_PUBLIC_COSTS, exceptions to arts 11 and 12: the costs of
    rescuing a government ship are the government's (:func:`.government.government_ship_costs`).
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Sequence

from functools import partial

from wreckmaster.law.money import exact_sum, split
from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import (SALVAGE_FEES, drift_case, expense_amount, expenses_for, government_ship, hull_saved, require_owner_side,
                     wages_withheld, yen)
from .government import government_ship_costs

ONE = (Fraction(1),)  #: the shares of a single bearer


def nothing_saved(ctx: Context) -> bool:
    """Nothing to sell (売払フヘキモノモ之レナキ): a total loss, or neither an item nor the hull was
    saved. A saved hull is something that can be sold (arts 11, 15): "no item recorded" is not
    "nothing to sell" (reading ``jp-1875-11-nothing-to-sell``)."""
    if ctx.case.total_loss:
        return True
    return not any(i.found for i in ctx.scenario.items) and not hull_saved(ctx)


def _proceeds(ctx: Context) -> tuple[Decimal, list[tuple[str, Decimal]]]:
    """The proceeds of the saved goods sold, and each sale's (item, price)."""
    sales = [(e.get("item"), e.get("price")) for e in ctx.scenario.events_of("sold")]
    return sum((p for _, p in sales), Decimal(0)), sales


def bearers_of(ctx: Context, item_id: str | None) -> tuple[Sequence[str], Sequence[Fraction], list[str]] | None:
    """Who finally bears an art 11 cost (payers, shares, extra cites), reading ``jp-1875-11-item-owner``:
    a cost tied to one item (its salvage fee, an expense ``for`` it) is borne by that item's known
    owner (荷主; for 官物 such as tribute rice, 貢米, with no other owner, the ``government``, art 24);
    the vessel's own hull and gear by the owner side; any other cost by the owner side
    (``cost_bearers``, else the vessel's owner)."""
    item = ctx.scenario.item(item_id) if item_id else None
    if item is not None and item.kind != "vessel":
        owner = ctx.scenario.owner_of(item)
        if owner is not None:
            return (owner,), ONE, []
        if item.government:
            return ("government",), ONE, ["jp-1875:24"]
    side = require_owner_side(ctx, "jp-1875:11")
    if side is None:
        return None
    return side[0], side[1], []


#: art 23, an exception to arts 11 and 12 (law/exceptions.py): a government ship's costs are received
#: from its commanding officer — the government bears them, not the owner side nor local public funds
GOVERNMENT_SHIP_COSTS = Exception_("government_ship_costs", overrides="owner_costs",
                                   condition=government_ship, apply=partial(government_ship_costs, base="owner_costs"))
GOVERNMENT_SHIP_PUBLIC_COSTS = Exception_("government_ship_costs", overrides="public_costs", condition=government_ship,
                                          apply=partial(government_ship_costs, base="public_costs"))


@rule(cites=["jp-1875:11#1", "jp-1875:11", "jp-1875:24", "jp-1875:15", "jp-1875:23"],
      reads=["event:sold", "case.cost_bearers", "case.flood", "case.hull", "case.kind", "case.total_loss",
            "case.vessel", "expense.amount", "expense.category", "expense.daily_rate", "expense.days",
            "expense.for", "expense.payee", "found.by", "item.effort_evidenced", "item.found",
            "item.government", "item.kind", "item.owner", "vessel.government", "vessel.owner",
            "param:effort.withheld_categories"])
def owner_costs(ctx: Context) -> None:
    """Art 11: the salvage fees and the art 11 expenses (a government ship's: art 23, GOVERNMENT_SHIP_COSTS)."""
    if drift_case(ctx):
        return  # drift goods: art 34
    if exceptions.applied(ctx, [GOVERNMENT_SHIP_COSTS]):   # art 23
        return
    costs: list[tuple[str | None, str | None, Decimal, str, str, str | None]] = []  # payee, for, amount, cite, label, item
    for fee in ctx[SALVAGE_FEES]:
        if fee.amount:
            costs.append((fee.to, fee.for_, fee.amount, "jp-1875:11#1", f"salvage fee of {fee.for_} to {fee.to}",
                          fee.for_))
    for e, cat in expenses_for(ctx, "owner_costs"):
        if wages_withheld(ctx, e):
            continue
        amount = expense_amount(ctx, e)
        if amount is not None:
            costs.append((e.payee, e.for_ or e.id, ctx.out.round(amount), cat["cite"], f"{e.category} ({e.id})",
                          e.for_))
    if not costs:
        if not nothing_saved(ctx):
            proceeds, sales = _proceeds(ctx)
            if sales:  # no costs to pay: all of the proceeds go back to the owners
                _from_proceeds(ctx, costs, proceeds, sales)
        return
    if exceptions.applied(ctx, [TOTAL_LOSS], costs):   # art 15
        return
    proceeds, sales = _proceeds(ctx)
    if sales:
        _from_proceeds(ctx, costs, proceeds, sales)
        return
    for payee, for_, amount, cite, label, item_id in costs:
        bearers = bearers_of(ctx, item_id)
        if bearers is None:
            return
        payers, shares, extra = bearers
        ctx.out.charge(payers, payee, for_, amount, [cite, "jp-1875:11"] + extra, shares)
        ctx.step("owner_costs", [cite, "jp-1875:11"] + extra, "cost-borne", label=label, cost=amount, item=item_id,
                 payers=", ".join(payers),
                 variant="item-owner" if item_id and _tied(ctx, item_id, payers) else "owner-side", amount=amount,
                 readings=["jp-1875-11-owner-side", "jp-1875-11-item-owner"])


def _tied(ctx: Context, item_id: str, payers: list[str]) -> bool:
    item = ctx.scenario.item(item_id)
    return item is not None and item.kind != "vessel" and (
        ctx.scenario.owner_of(item) is not None or item.government)


def _to_government(ctx: Context, costs) -> None:
    """Art 15 (and art 11's last sentence): nothing to take from the owner side."""
    why = "total-loss" if ctx.case.total_loss else "nothing-saved"
    for payee, for_, amount, cite, label, _item in costs:
        ctx.out.charge("government", payee, for_, amount, [cite, "jp-1875:11", "jp-1875:15"])
        ctx.step("total_loss", [cite, "jp-1875:11", "jp-1875:15"], "cost-to-government", label=label, cost=amount,
                 variant=why, amount=amount, readings=["jp-1875-15-total-loss", "jp-1875-11-nothing-to-sell"])
    ctx.finding("info", "costs-to-government", ["jp-1875:11", "jp-1875:15"],
                variant=why)


#: art 15 (and art 11's last sentence), an exception to art 11: nothing saved to be sold, so the
#: government bears the owner side's costs (law/exceptions.py)
TOTAL_LOSS = Exception_("total_loss", overrides="owner_costs", condition=lambda ctx, costs: nothing_saved(ctx),
                        apply=_to_government)


class _Pooled:
    """Amounts owed by (or to) groups of parties by shares, pooled per group and shared once.

    Cost by cost, each party's total is ``Σ amount × share``; pooling sums the amounts of a group
    exactly first and multiplies once, which is the same fraction (and puts each party in the
    same place, where its first amount put it), without a fraction per amount.
    """

    def __init__(self) -> None:
        self.groups: dict[tuple[str, ...], list[tuple[Sequence[Fraction], list[Decimal]]]] = {}

    def add(self, parties: Sequence[str], shares: Sequence[Fraction], amount: Decimal) -> None:
        subs = self.groups.setdefault(tuple(parties), [])
        for known, amounts in subs:
            if known is shares or tuple(known) == tuple(shares):
                amounts.append(amount)
                return
        subs.append((shares, [amount]))

    def totals(self) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for parties, subs in self.groups.items():
            for shares, amounts in subs:
                total = exact_sum(amounts)
                for who, share in zip(parties, shares):
                    out[who] = out.get(who, Fraction(0)) + total * share
        return out


def _proceeds_owners(ctx: Context, sales) -> dict[str, Fraction]:
    """Whose money the proceeds are: each sold item's owner (else the owner side), by price."""
    owners = _Pooled()
    for item_id, price in sales:
        owner = ctx.scenario.owner_of(item_id)
        item = ctx.scenario.item(item_id)
        if owner is None and item is not None and item.government:
            owner = "government"
        if owner is None:
            side = require_owner_side(ctx, "jp-1875:11")
            if side is None:
                continue
            owners.add(side[0], side[1], price)
        else:
            owners.add((owner,), ONE, price)
    return owners.totals()


def _from_proceeds(ctx: Context, costs, proceeds: Decimal, sales) -> None:
    """Art 11: costs come out of the sale proceeds (``custody``), only up to them; the
    shortfall goes to the government (art 15); what is left goes back to the owners.
    The proceeds are the fund, not the incidence: whoever bears a cost under art 11
    (:func:`bearers_of`) but whose part was paid out of another owner's proceeds repays that
    owner (reading ``jp-1875-11-proceeds-fund``)."""
    left = proceeds
    ctx.step("owner_costs", "jp-1875:11", "proceeds-pay-the-costs", proceeds=proceeds, inputs={"sales": sales})
    paid: list[Decimal] = []
    borne = _Pooled()   # who finally bears what was paid out of the proceeds
    for payee, for_, amount, cite, label, item_id in costs:
        from_custody = min(amount, left)
        shortfall = amount - from_custody
        left -= from_custody
        if from_custody:
            ctx.out.charge("custody", payee, for_, from_custody, (cite, "jp-1875:11"))
            paid.append(from_custody)
            bearers = bearers_of(ctx, item_id)
            if bearers is not None:
                borne.add(bearers[0], bearers[1], from_custody)
        if shortfall:
            ctx.out.charge("government", payee, for_, shortfall, [cite, "jp-1875:11", "jp-1875:15"])
        ctx.step("owner_costs", (cite, "jp-1875:11", "jp-1875:15") if shortfall else (cite, "jp-1875:11"),
                 "cost-paid-from-proceeds", label=label, cost=amount, from_proceeds=from_custody,
                 shortfall=shortfall, variant="shortfall" if shortfall else None,
                 amount=amount, readings=SHORTFALL_READINGS if shortfall else ())
    used = exact_sum(paid)
    if used:
        _settle_between_owners(ctx, borne.totals(), used, sales)
    if left > 0:
        _return_surplus(ctx, left, sales)


SHORTFALL_READINGS = ("jp-1875-11-shortfall",)


def _settle_between_owners(ctx: Context, burden: dict[str, Fraction], used: Fraction, sales) -> None:
    """The final incidence within the owner side: each owner's proceeds paid ``used × its share
    of the proceeds``; each bearer owed its ``burden``. Who bore less than its proceeds paid is
    repaid by those who bore more, in proportion (one charge per pair, rounded once)."""
    owners = _proceeds_owners(ctx, sales)
    total = sum(owners.values(), Fraction(0))
    if not total:
        return
    net = dict(burden)
    for o, w in owners.items():
        net[o] = net.get(o, Fraction(0)) - used * w / total
    debtors = [(p, v) for p, v in net.items() if v > 0]
    creditors = [(p, -v) for p, v in net.items() if v < 0]
    credit = sum((v for _, v in creditors), Fraction(0))
    if not debtors or not credit:
        return
    for d, owe in debtors:
        for c, due in creditors:
            made = ctx.out.charge(d, c, "reimbursement", owe * due / credit, ["jp-1875:11"])
            for m in made:
                ctx.step("owner_costs", "jp-1875:11", "owner-repays-owner", debtor=d, creditor=c, bears=yen(owe),
                         repays=m.amount, exact=owe * due / credit, amount=m.amount,
                         readings=["jp-1875-11-proceeds-fund", "jp-1875-11-owner-side"])


def _return_surplus(ctx: Context, left: Decimal, sales) -> None:
    """What is left of the proceeds goes back to the sold goods' owners, pro rata to price."""
    owners = _proceeds_owners(ctx, sales)
    if not owners:
        return
    names = list(owners)
    for name, amount in zip(names, split(Fraction(left), [owners[n] for n in names], ctx.out.currency)):
        if amount:
            ctx.out.charge("custody", name, "surplus", amount, "jp-1875:11")
    ctx.step("owner_costs", "jp-1875:11", "proceeds-surplus-returned", left=left, owners=", ".join(names),
             amount=left)


@rule(cites=["jp-1875:12", "jp-1875:15", "jp-1875:25.1", "jp-1875:23"],
      reads=["case.cost_bearers", "case.flood", "case.kind", "case.total_loss", "case.vessel", "expense.amount",
            "expense.category", "expense.daily_rate", "expense.days", "expense.for", "expense.payee", "found.by",
            "item.effort_evidenced", "item.found", "item.government", "item.owner", "item.value",
            "vessel.government", "vessel.owner", "param:effort.withheld_categories", "param:official_daily_pay.max",
            "param:official_daily_pay.min", "param:public_costs.local_public_share",
            "param:public_costs.owner_side_share"])
def public_costs(ctx: Context) -> None:
    """Art 12: two thirds owner side, one third local public funds (民費); art 15 moves the
    owner side's part to the government on a total loss (a government ship's: art 23,
    GOVERNMENT_SHIP_PUBLIC_COSTS)."""
    items = expenses_for(ctx, "public_costs")
    if not items or exceptions.applied(ctx, [GOVERNMENT_SHIP_PUBLIC_COSTS]):   # art 23
        return
    owner_share = ctx.param("public_costs.owner_side_share")
    local_share = ctx.param("public_costs.local_public_share")
    total_loss = ctx.case.total_loss
    if total_loss:
        payers, shares = ["government"], [Fraction(1)]
    else:
        side = require_owner_side(ctx, "jp-1875:12")
        if side is None:
            return
        payers, shares = side
    for e, cat in items:
        official_daily_pay(ctx, e)
        exact = expense_amount(ctx, e)
        if exact is None:
            continue
        cites = [cat["cite"], "jp-1875:12"] + (["jp-1875:15"] if total_loss else [])
        made = ctx.out.charge([*payers, "local-public"], e.payee, e.for_ or e.id, exact, cites,
                              [owner_share.value * s for s in shares] + [local_share.value])
        rounded = ctx.out.round(exact)
        ctx.step("public_costs", cites, "public-cost-in-thirds", category=e.category, expense=e.id,
                 category_ja=cat["ja"], exact_yen=yen(exact), rounded=rounded, owner_share=owner_share.text,
                 local_share=local_share.text, parts=", ".join(f"{c.payer} {c.amount}" for c in made),
                 variant="total-loss" if total_loss else None,
                 inputs={"expense": e.id, "days": e.days, "daily_rate": e.daily_rate, "amount": e.amount},
                 params=[owner_share, local_share], exact=exact, amount=rounded,
                 readings=["jp-1875-12-thirds"] + (["jp-1875-12-total-loss"] if total_loss else []),
                 overrides="public_costs" if total_loss else None)


def official_daily_pay(ctx: Context, e) -> None:
    """Art 25 ¶1: an official's daily pay is from 10 to 50 sen a day, both included."""
    if e.category != "official-wages" or e.daily_rate is None:
        return
    low, high = ctx.param("official_daily_pay.min"), ctx.param("official_daily_pay.max")
    rate = Fraction(e.daily_rate)
    ctx.step("official_daily_pay", "jp-1875:25.1", "official-daily-pay", expense=e.id, days=e.days,
             daily_rate=e.daily_rate, low=yen(low.value), high=yen(high.value), params=[low, high],
             readings=["jp-1875-25-daily-pay"])
    if not low.value <= rate <= high.value:
        ctx.finding("warning", "daily-pay-out-of-bounds", "jp-1875:25.1", expense=repr(e.id),
                    rate=str(e.daily_rate), low=str(yen(low.value)), high=str(yen(high.value)))


@rule(cites=["jp-1875:13", "jp-1875:35"],
      reads=["expense.amount", "expense.borrower", "expense.category", "expense.daily_rate", "expense.days",
            "expense.payee", "party.person", "person.castaway"])
def crew_loans(ctx: Context) -> None:
    """Art 13: what the coast village lent the crew is repaid by the borrower himself."""
    for e, cat in expenses_for(ctx, "crew_loans"):
        exact = expense_amount(ctx, e)
        if exact is None:
            continue
        if e.borrower is None:
            ctx.finding("error", "borrower-missing", "jp-1875:13", expense=repr(e.id))
            continue
        payee = e.payee or "local-public"
        person = ctx.scenario.person(e.borrower)
        cites = ["jp-1875:13", "jp-1875:35"] if person is not None and person.castaway else "jp-1875:13"
        ctx.out.charge(e.borrower, payee, e.id, exact, cites)
        ctx.step("crew_loans", cites, "crew-loan-repaid", expense=e.id, lent=yen(exact), borrower=e.borrower,
                 payee=payee, amount=ctx.out.round(exact))
