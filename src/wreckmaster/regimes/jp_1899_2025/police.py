"""Goods removed by the police, arts 29–30.

第二十九条 警察官吏ニ於テ航路、錨地又ハ建造物ニ障害ヲ為スト認メタル漂流物又ハ沈没品ヲ取除キタル場合ニ於テハ
  警察官吏ハ其ノ物件ヲ市町村長ニ引渡スヘシ / 前項ニ依リ市町村長ニ於テ引渡ヲ受ケタル物件ニ付テハ第十一条第一項及
  第二十五条第二項ノ規定ヲ適用ス (goods obstructing a sea lane, anchorage or structure, removed by the
  police, go to the mayor; art 11 ¶1 sale and art 25 ¶2 notice apply)
第三十条 前条ニ依リ公告若ハ告知ヲ為シタル日ヨリ六箇月以内ニ所有者物件ノ引渡ヲ請求シタルトキハ市町村長ハ所有者ヲシテ
  取除、保管及公告ニ要シタル費用ヲ納付セシメ之ニ其ノ物件ヲ引渡スヘシ / … 公売シ其ノ代金ヲ以テ取除、保管、公告及
  公売ニ要シタル費用ヲ支弁スヘシ此ノ場合ニ於テ残余アルトキハ市町村ノ取得トス (the owner claims within six
  months against the costs of removal, custody and notice; else sale, the costs paid from the
  proceeds, the rest to the municipality)
No finder's reward (reading ``jp-1899-2025-29-police``).

Arts 29–30 set aside arts 24–28 for the goods they govern: :data:`REMOVED` is the exception to
:func:`.drift.drift_goods` (``law/exceptions.py``), which asks for it item by item.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context

from .common import (LOCAL, claim_due, costs, duty, event_actors, first_for, name, notice_event, office_day, pay_out,
                     record, sale_of, yen)


def early_sale(ctx: Context, item, sale, due) -> None:
    """Art 29 ¶2 → art 11 ¶1: goods removed by the police may be sold before the owner's six months end
    only on a ground of art 11 ¶1 (perishable, dangerous, keeping too costly); without one, the same
    warning ``sale-without-ground`` as drifting goods get (reading ``jp-1899-2025-29-police``)."""
    from .drift import SALE_GROUND, sale_ground

    ground = sale_ground(ctx, item)
    if ground is not None:
        ctx.step("removal_early_sale", ["jp-1899-2025:29.2", "jp-1899-2025:11.1", SALE_GROUND[ground]],
                 "removed-goods-sold-early", item=item.id, date=sale.date, due=due, ground=ground,
                 inputs={"ground": ground}, readings=["jp-1899-2025-29-police"])
        return
    ctx.finding("warning", "sale-without-ground", ["jp-1899-2025:29.2", "jp-1899-2025:11.1", "jp-1899-2025:30.2"],
                variant="removed", item=item.id, date=str(sale.date), price=yen(Fraction(sale.get("price"))),
                due=str(due))


#: what :func:`.drift.drift_goods` declares it reads and cites for :data:`REMOVED`
CITES = ["jp-1899-2025:29.1", "jp-1899-2025:29.2", "jp-1899-2025:25.2", "jp-1899-2025:30.1", "jp-1899-2025:30.2",
         "jp-1899-2025:11.1"]
READS = ["event:notice_posted", "event:owner_claimed", "event:owner_informed", "event:removed",
         "event:removed_by_police", "event:sold", "case.closed_days", "expense.amount", "expense.category",
         "expense.date", "expense.for", "expense.payee", "found.by", "found.date", "item.value", "party.name",
         "person.name", "vessel.name", "param:removal.claim_costs", "param:removal.claim_period",
         "param:removal.sale_costs", "param:timing.removed_handover", "param:timing.removed_notice"]


def removed_by_police(ctx: Context, item) -> bool:
    """Art 29 ¶1: the police removed the goods as obstructing a sea lane, anchorage or structure
    (a ``removed_by_police`` event names the item)."""
    return first_for(ctx, "removed_by_police", item.id) is not None


def removed_goods(ctx: Context, item) -> None:
    """Arts 29–30 for one item, from the first ``removed_by_police`` event that names it."""
    ev = first_for(ctx, "removed_by_police", item.id)
    by = event_actors(ev.get("by"))
    to = event_actors(ev.get("to"))
    record(ctx, item.id, **{"class": "removed-by-police", "removed_on": ev.date, "removed_by": by})
    duty(ctx, "hand-removed-goods-to-mayor", by[0] if by else None, ctx.param("timing.removed_handover").value, "done",
         ev.date,
         ["jp-1899-2025:29.1"], to=to or None, item=item.id)
    ctx.step("police_removal", ["jp-1899-2025:29.1", "jp-1899-2025:29.2"], "removed-by-police", item=item.id,
             by=", ".join(by), date=ev.date,
             inputs={"removed": ev.date, "by": by}, readings=["jp-1899-2025-29-police"])
    notice = notice_event(ctx, item.id)
    if notice is None:
        duty(ctx, "notice-removed-goods", None, ctx.param("timing.removed_notice").value, "outstanding", None,
             ["jp-1899-2025:29.2", "jp-1899-2025:25.2"], item=item.id)
        ctx.finding("warning", "notice-missing", ["jp-1899-2025:29.2", "jp-1899-2025:25.2"], variant="removed",
                    item=item.id)
        return
    duty(ctx, "notice-removed-goods", None, ctx.param("timing.removed_notice").value, "done", notice.date,
         ["jp-1899-2025:29.2", "jp-1899-2025:25.2"], item=item.id)
    period = ctx.param("removal.claim_period")
    last = claim_due(ctx, period.name, notice.date)
    due = last.day
    claim = first_for(ctx, "owner_claimed", item.id)
    owner = claim.get("by") if claim is not None else ctx.scenario.owner_of(item)
    ctx.deadline("claim-removed-goods", owner, due, claim.date if claim else None, "jp-1899-2025:30.1",
                 note="office-day" if last.moved else None, item=item.id, **office_day(last))
    record(ctx, item.id, notice_on=notice.date, claim_until=due)
    sale = sale_of(ctx, item.id)
    if sale is not None and sale.date <= due:
        early_sale(ctx, item, sale, due)
    if claim is not None and claim.date <= due:
        heads = ctx.param("removal.claim_costs")
        mine, _ = costs(ctx, item.id, heads.value)
        proceeds = Fraction(sale.get("price")) if sale is not None and sale.date <= claim.date else None
        lines = [(c.payee, item.id, c.amount, ["jp-1899-2025:30.1"]) for c in mine]
        left = pay_out(ctx, "custody" if proceeds is not None else owner, proceeds, lines, shortfall_payer=owner)
        if proceeds is not None and left > 0:
            ctx.out.charge("custody", owner, item.id, left, ["jp-1899-2025:30.1", "jp-1899-2025:29.2"])
        total = sum((c.amount for c in mine), Fraction(0))
        record(ctx, item.id, outcome="claimed", claimed_on=claim.date, owner=owner, costs=yen(total))
        ctx.step("removal_claim", "jp-1899-2025:30.1", "removed-goods-claimed", item=item.id, owner=owner,
                 date=claim.date, due=due, costs=yen(total), params=[heads, period],
                 readings=["jp-1899-2025-27-costs", "jp-1899-2025-periods"])
        return
    if claim is not None:
        ctx.finding("warning", "claim-out-of-time", "jp-1899-2025:30.1", variant="removed", owner=name(ctx, owner),
                    item=item.id, date=str(claim.date), due=str(due))
    if ctx.as_of <= due and claim is None:
        record(ctx, item.id, outcome="under-notice")
        return
    if sale is None:
        record(ctx, item.id, outcome="to-be-sold")
        ctx.finding("info", "to-be-sold", "jp-1899-2025:30.2", variant="removed", item=item.id, due=str(due))
        return
    heads = ctx.param("removal.sale_costs")
    mine, _ = costs(ctx, item.id, heads.value)
    price = Fraction(sale.get("price"))
    left = pay_out(ctx, "custody", price, [(c.payee, item.id, c.amount, ["jp-1899-2025:30.2"]) for c in mine])
    if left > 0:
        ctx.out.charge("custody", LOCAL, item.id, left, ["jp-1899-2025:30.2"])
    total = sum((c.amount for c in mine), Fraction(0))
    record(ctx, item.id, outcome="sold", sold_on=sale.date, price=yen(price), costs=yen(total),
           to_municipality=yen(max(left, Fraction(0))))
    ctx.step("removal_sale", "jp-1899-2025:30.2", "removed-goods-sold", item=item.id, due=due, date=sale.date,
             price=yen(price), costs=yen(total), rest=yen(max(left, Fraction(0))),
             params=[heads], readings=["jp-1899-2025-29-police"])


#: arts 29–30: goods removed by the police are not a finder's goods of arts 24–28 (no reward, the
#: costs of removal, six months from the notice); the exception to ``drift_goods``, item by item
REMOVED = Exception_("removed_by_police", overrides="drift_goods", condition=removed_by_police, apply=removed_goods)
