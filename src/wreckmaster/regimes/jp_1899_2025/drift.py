"""Drifting and sunken goods handed in by a finder, arts 24–28 (chapter 2, 漂流物及沈没品).

第二十四条 漂流物又ハ沈没品ヲ拾得シタル者ハ遅滞ナク之ヲ市町村長ニ引渡スヘシ但シ其ノ物件ノ所有者分明ナル場合ニ於テハ
  拾得ノ日ヨリ七日以内ニ限リ直ニ其ノ所有者ニ引渡スコトヲ得 / 前項但書ノ場合ニ於テハ拾得者ハ所有者ヨリ … 金額以内ノ
  報酬ヲ受クルコトヲ得 (hand the goods to the mayor without delay, or straight to a known owner within
  seven days of the find, for a reward up to 1/15, 1/10 or 1/3 of the value) → :func:`direct_return`
第二十五条 市町村長ハ引渡ヲ受ケタル物件ヲ保管スヘシ / … 公告スヘシ但シ其ノ所有者知レタルトキハ … 告知スヘシ
  (custody; public notice, or information of the known owner) → :func:`custody_and_notice`
第二十六条 第十一条第一項ノ規定ハ漂流物及沈没品ニ之ヲ準用ス (sale of perishables) → :func:`perishable_sale`
第二十七条 … 六箇月（沈没品中政令ヲ以テ定ムルモノニ在リテハ一箇年）以内ニ限リ所有者ハ … 相当スル金額並公告、保管、
  公売又ハ評価ニ要シタル費用ヲ市町村長ニ納付シテ物件ノ引渡ヲ受クルコトヲ得 / … 拾得者ニ … 支給ス / 物件ノ価格ハ
  市町村長之ヲ定ム (the owner's claim against the reward and the costs; the reward to the finder; the
  value fixed by the mayor) → :func:`owner_claim`
第二十八条 (the finder informed with a period; he acquires the goods paying the costs; else sale, the
  rest to the municipality) → :func:`finder_or_sale`
"""
from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.messages import shape
from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from . import common, police
from .common import (LOCAL, claim_due, costs, duty, event_actors, events_for, finders, first_for, found_on, item_class,
                     name, notice_event, office_day, order_goods, pay_out, record, sale_of, yen)

REWARD_24 = {"river_timber": "reward.river_timber", "drifting": "reward.drifting", "sunken": "reward.sunken"}
REWARD_27 = {"river_timber": "owner_claim.reward.river_timber", "drifting": "owner_claim.reward.drifting",
             "sunken": "owner_claim.reward.sunken"}
SALE_GROUND = {"perishable": "jp-1899-2025:11.1#1", "dangerous": "jp-1899-2025:11.1#2",
               "costly": "jp-1899-2025:11.1#3"}


def chapter_two_goods(ctx: Context) -> list[Item]:
    """The items of chapter 2, in the case's order: in a drift case every item found; in any case an
    item that is delivered or returned by its finder, or removed by the police (art 29)."""
    named = {i for e in ctx.scenario.events_of("delivered", "returned_to_owner", "removed_by_police")
             for i in event_actors(e.get("items"))}
    return [item for item in ctx.scenario.items
            if item.id in named or (ctx.case.kind == "drift" and item.found is not None)]


def chapter_items(ctx: Context) -> list[Item]:
    """The items chapter 2 takes from a finder (arts 24–28): its goods but those removed by the police,
    which arts 29–30 govern instead (:data:`.police.REMOVED`)."""
    return [item for item in chapter_two_goods(ctx) if not police.removed_by_police(ctx, item)]


@rule(cites=["jp-1899-2025:24.2", "jp-1899-2025:order", "jp-1899-2025:27.1", "jp-1899-2025:28.2",
            "jp-1899-2025:28.1", "jp-1899-2025:28.3", "jp-1899-2025:26", "jp-1899-2025:27.3",
            "jp-1899-2025:27.2", "jp-1899-2025:24.1", "jp-1899-2025:25.1", "jp-1899-2025:25.2",
            "jp-1899-2025:24", "jp-1899-2025:11.1", "jp-1899-2025:11.1#1", "jp-1899-2025:11.1#2",
            "jp-1899-2025:11.1#3", *police.CITES],
      reads=[*police.READS, "event:decided", "event:delivered", "event:finder_notified", "event:finder_took",
            "event:finder_waived", "event:notice_posted", "event:owner_claimed", "event:owner_informed",
            "event:owner_waived", "event:removed_by_police", "event:returned_to_owner",
            "event:reward_decided", "event:sale_decided", "event:sold", "case.closed_days", "case.kind",
            "case.occurred", "case.vessel", "case.waters", "expense.amount", "expense.category",
            "expense.date", "expense.for", "expense.payee", "found.by", "found.date", "found.state",
            "found.waters", "item.dangerous", "item.found", "item.in_vessel", "item.kept_sunk", "item.kind",
            "item.owner", "item.perishable", "item.value", "party.name", "party.person", "person.name",
            "vessel.name", "vessel.owner", "param:direct_return.period", "param:finder.costs",
            "param:owner_claim.costs", "param:owner_claim.period", "param:owner_claim.period_sunk",
            "param:owner_claim.reward.drifting", "param:owner_claim.reward.river_timber",
            "param:owner_claim.reward.sunken", "param:reward.drifting", "param:reward.river_timber",
            "param:reward.sunken", "param:sale.grounds", "param:timing.delivery", "param:timing.finder_notice",
            "param:timing.notice"])
def drift_goods(ctx: Context) -> None:
    """Arts 24–28, item by item; goods removed by the police by arts 29–30 instead (:data:`.police.REMOVED`),
    and goods handed straight to their known owner by art 24 ¶1's proviso (:data:`DIRECT_RETURN`)."""
    for item in chapter_two_goods(ctx):
        if exceptions.applied(ctx, [police.REMOVED], item):
            continue
        klass = item_class(ctx, item)
        record(ctx, item.id, **{"class": klass.key, "finders": finders(ctx, item)})
        if item.found is None or item.found.state is None:
            ctx.finding("info", "state-not-given", "jp-1899-2025:24.2", item=item.id)
        if item.kept_sunk and not order_goods(item):
            ctx.finding("info", "kept-sunk-not-order-goods", ["jp-1899-2025:order", "jp-1899-2025:27.1"],
                        item=item.id)
        if exceptions.applied(ctx, [DIRECT_RETURN], item, klass):
            continue
        if not custody_and_notice(ctx, item):
            continue
        early_takes(ctx, item)
        perishable_sale(ctx, item)
        if not owner_claim(ctx, item, klass):
            finder_or_sale(ctx, item)


# --- art 24 -----------------------------------------------------------------------------------
def returned_to_owner(ctx: Context, item: Item, klass=None) -> bool:
    """Art 24 ¶1 proviso: the finder handed the goods straight to their owner (``returned_to_owner``);
    whether the proviso allowed it (a known owner, seven days) :func:`direct_return` says."""
    return first_for(ctx, "returned_to_owner", item.id) is not None


def direct_return(ctx: Context, item: Item, klass) -> None:
    """Art 24 ¶1 proviso and ¶2: the finder hands the goods straight to their known owner within
    seven days of the find, and may receive a reward up to the rate of the value from him."""
    returned = first_for(ctx, "returned_to_owner", item.id)
    period = ctx.param("direct_return.period")
    who = finders(ctx, item)
    by = event_actors(returned.get("by")) or who
    owner = returned.get("to") or ctx.scenario.owner_of(item)
    due = period.value.due(found_on(ctx, item))
    ctx.deadline("hand-straight-to-owner", by[0] if by else None, due, returned.date, "jp-1899-2025:24.1",
                 item=item.id, period=period.text, days=period.value.count)
    record(ctx, item.id, outcome="returned", returned_on=returned.date, owner=owner)
    ctx.step("direct_return", "jp-1899-2025:24.1", "handed-straight-to-owner", item=item.id,
             found=found_on(ctx, item), by=", ".join(by), owner=owner or "(not named)", returned=returned.date,
             due=due, period=period.text,
             inputs={"found": found_on(ctx, item), "returned": returned.date, "owner": owner}, params=[period],
             readings=["jp-1899-2025-24-seven-days", "jp-1899-2025-periods"])
    if owner is None:
        ctx.finding("warning", "returned-owner-unknown", "jp-1899-2025:24.1", item=item.id)
        return
    if returned.date > due:
        ctx.finding("warning", "returned-after-seven-days", "jp-1899-2025:24.1", item=item.id,
                    owner=name(ctx, owner), date=str(returned.date), due=str(due))
        return
    rate = ctx.param(REWARD_24[klass.key])
    if item.value is None:
        ctx.finding("error", "value-missing", "jp-1899-2025:24.2", item=item.id)
        return
    if not who:
        ctx.finding("info", "no-finder", "jp-1899-2025:24.2", item=item.id)
        return
    ceiling = Fraction(item.value) * rate.value
    limit = ctx.out.round(ceiling)
    decided, amount, joint = agreed_reward(ctx, item, who)
    record(ctx, item.id, rate=rate.text, value=yen(Fraction(item.value)), reward_ceiling=yen(limit))
    if decided is not None and amount is None:
        agreed = Fraction(decided.get("amount"))
        over = (f"the reward agreed on {decided.date} for {joint['finder']}'s items {', '.join(joint['items'])} together "
                f"({yen(agreed)} yen) is above their ceilings together ({yen(joint['ceilings'])} yen)" if joint
                else f"the reward agreed for {item.id!r} ({yen(agreed)} yen, {decided.date}) is above the ceiling")
        ctx.finding("error", "reward-above-ceiling", "jp-1899-2025:24.2", item=item.id, over=over,
                    variant="together" if joint else "alone", agreed=yen(agreed), date=str(decided.date),
                    klass=klass.en, klass_ja=klass.ja, rate=rate.text, value=yen(Fraction(item.value)),
                    limit=yen(limit))
        ctx.step("reward_ceiling", "jp-1899-2025:24.2", "reward-above-ceiling", item=item.id,
                 agreed=decided.get("amount"), ceiling=yen(joint["ceilings"] if joint else limit), rate=rate.text,
                 params=[rate],
                 readings=["jp-1899-2025-24-ceiling"] + (["jp-1899-2025-24-joint-reward"] if joint else []))
        return
    cites = ["jp-1899-2025:24.2"]
    if decided is None:
        ceiling_only(ctx, item, klass, rate, who, owner, ceiling)
        return
    made = ctx.out.award(who, item.id, "finder_reward", amount, cites)
    ctx.out.charge_awards(made, owner, cites)
    record(ctx, item.id, reward=yen(sum(a.amount for a in made)), reward_decided=True)
    ctx.step("direct_return_reward", cites, "reward-agreed", variant="together" if joint else None, item=item.id,
             date=decided.date, reward=yen(amount), rate=rate.text, value=item.value, klass_ja=klass.ja,
             limit=yen(limit), finder=joint["finder"] if joint else None, total=decided.get("amount"),
             ceilings=yen(joint["ceilings"]) if joint else None,
             inputs={"value": item.value, "class": klass.key, "decided": decided.get("amount"),
                     "together": joint["items"] if joint else None},
             params=[rate], exact=amount, amount=ctx.out.round(amount),
             readings=["jp-1899-2025-24-rates", "jp-1899-2025-24-ceiling"]
             + (["jp-1899-2025-24-joint-reward"] if joint else []))



#: art 24 ¶1 proviso (但シ … 直ニ其ノ所有者ニ引渡スコトヲ得): the exception to the delivery to the mayor and
#: his custody (arts 24 ¶1, 25–28). Its steps keep their names (``direct_return``, ``reward_ceiling``,
#: ``direct_return_reward``), none the exception's, so they carry no ``overrides`` (as before).
DIRECT_RETURN = Exception_("returned_to_owner", overrides="custody", condition=returned_to_owner, apply=direct_return)


def ceiling_only(ctx: Context, item: Item, klass, rate, who: list[str], owner: str, ceiling: Fraction) -> None:
    """Art 24 ¶2 with nothing agreed: the law fixes no amount, only a limit (金額以内ノ報酬). The limit is
    shown — an info finding and the output key ``reward_limits`` (the finder's statement prints it) —
    and nothing is awarded or charged to the owner (reading ``jp-1899-2025-24-ceiling``)."""
    limit = ctx.out.round(ceiling)
    cites = ["jp-1899-2025:24.2"]
    ctx.finding("info", "reward-is-ceiling", cites, item=item.id, limit=yen(limit), finders=", ".join(who),
                owner=name(ctx, owner), rate=rate.text)
    ctx.out.outputs.setdefault("reward_limits", []).append(
        {"to": list(who), "payer": owner, "for": item.id, "kind": "finder_reward_ceiling",
         "amount": ctx.out.fmt(limit, ctx.out.currency.code), "currency": ctx.out.currency.code, "cites": cites})
    record(ctx, item.id, reward=None, reward_decided=False)
    ctx.step("direct_return_reward", cites, "reward-ceiling-only", item=item.id, klass=klass.en, klass_ja=klass.ja,
             value=item.value, rate=rate.text, limit=yen(limit),
             inputs={"value": item.value, "class": klass.key, "decided": None}, params=[rate], exact=ceiling,
             amount=limit, readings=["jp-1899-2025-24-rates", "jp-1899-2025-24-ceiling"])


def _reward_eligible(ctx: Context, item: Item) -> bool:
    """An item handed straight to its known owner within the seven days, with a value and a finder: the
    items a reward of art 24 ¶2 can be agreed for."""
    returned = first_for(ctx, "returned_to_owner", item.id)
    if returned is None or item.value is None or not finders(ctx, item):
        return False
    if (returned.get("to") or ctx.scenario.owner_of(item)) is None:
        return False
    return returned.date <= ctx.param("direct_return.period").value.due(found_on(ctx, item))


def agreed_reward(ctx: Context, item: Item, who: list[str]):
    """The reward agreed under art 24 ¶2 for ``item``: (event, amount, joint) — a ``reward_decided`` ``for``
    the item (joint None); else the item's part of one ``reward_decided`` without ``for`` to one of its
    finders, which fixes the total for that finder's items together (joint: the finder, the items,
    their ceilings together), split in proportion to their ceilings by largest remainder (reading
    ``jp-1899-2025-24-joint-reward``). The amount is None when the agreed total is above the ceiling(s);
    (None, None, None) when nothing is agreed."""
    own = next((e for e in ctx.scenario.events_of("reward_decided") if e.get("for") == item.id), None)
    if own is not None:
        agreed = Fraction(own.get("amount"))
        return own, (None if agreed > Fraction(item.value) * ctx.param(REWARD_24[item_class(ctx, item).key]).value
                     else agreed), None
    return _joint_rewards(ctx).get(item.id, (None, None, None))


def _joint_rewards(ctx: Context) -> dict:
    """The rewards decided jointly for several items of one finder (:data:`JOINT_REWARDS`)."""
    return ctx[JOINT_REWARDS]


def _compute_joint_rewards(ctx: Context) -> dict:
    from wreckmaster.law import money

    out: dict = {}
    own = {e.get("for") for e in ctx.scenario.events_of("reward_decided") if e.get("for") is not None}
    done: set[str] = set()
    for e in ctx.scenario.events_of("reward_decided"):
        finder = e.get("to")
        if e.get("for") is not None or finder in done:
            continue
        done.add(finder)
        items = [i for i in chapter_items(ctx) if i.id not in own and i.id not in out
                 and finder in finders(ctx, i) and _reward_eligible(ctx, i)]
        if not items:
            continue
        limits = [Fraction(ctx.out.round(Fraction(i.value) * ctx.param(REWARD_24[item_class(ctx, i).key]).value))
                  for i in items]
        total, agreed = sum(limits, Fraction(0)), Fraction(e.get("amount"))
        joint = {"finder": finder, "items": [i.id for i in items], "ceilings": total}
        if agreed > total or total == 0:
            parts = [None] * len(items) if agreed > total else [Fraction(0)] * len(items)
        else:
            parts = [Fraction(p) for p in money.split(agreed, [w / total for w in limits], ctx.out.currency)]
        for i, part in zip(items, parts):
            out[i.id] = (e, part, joint)
    return out


#: item → (the reward_decided event, its part, the joint decision) for rewards decided for several items at once
JOINT_REWARDS = Value("joint_rewards", dict, compute=_compute_joint_rewards)


# --- art 25 -----------------------------------------------------------------------------------
def custody_and_notice(ctx: Context, item: Item) -> bool:
    """Art 24 ¶1 (delivery without delay), art 25 ¶1 (custody) and ¶2 (notice, or information of the
    known owner). Returns whether the mayor holds the item."""
    timing = ctx.param("timing.delivery")
    delivered = first_for(ctx, "delivered", item.id)
    who = finders(ctx, item)
    handled = any(first_for(ctx, t, item.id) for t in ("notice_posted", "owner_informed", "owner_claimed",
                                                         "finder_notified", "finder_took")) or sale_of(ctx, item.id)
    if delivered is None:
        duty(ctx, "deliver-to-mayor", who[0] if who else None, timing.value,
             "done" if handled else "outstanding", None, ["jp-1899-2025:24.1"], item=item.id)
        if not handled:
            ctx.finding("warning", "not-delivered", "jp-1899-2025:24.1", item=item.id, found=str(found_on(ctx, item)),
                        finders=", ".join(who) or "a finder", finders_ja="、".join(who) or "拾得者")
            ctx.step("delivery", "jp-1899-2025:24.1", "not-delivered", item=item.id, params=[timing],
                     readings=["jp-1899-2025-24-without-delay"])
            record(ctx, item.id, outcome="with-finder")
            return False
    else:
        to = event_actors(delivered.get("to"))
        duty(ctx, "deliver-to-mayor", who[0] if who else None, timing.value, "done", delivered.date,
             ["jp-1899-2025:24.1"], to=to or None, item=item.id)
    day = delivered.date if delivered else None
    record(ctx, item.id, delivered_on=day)
    ctx.step("custody", ["jp-1899-2025:24.1", "jp-1899-2025:25.1"], "custody",
             variant=None if day else "day-not-recorded", item=item.id, found=found_on(ctx, item), day=day,
             timing=timing.value,
             inputs={"found": found_on(ctx, item), "delivered": day}, params=[timing],
             readings=["jp-1899-2025-24-without-delay"])
    notice = notice_event(ctx, item.id)
    owner = ctx.scenario.owner_of(item)
    if notice is None:
        duty(ctx, "notice-found-goods", None, ctx.param("timing.notice").value, "outstanding", None,
             ["jp-1899-2025:25.2"], item=item.id)
        ctx.finding("warning", "notice-missing", "jp-1899-2025:25.2", variant="found", item=item.id)
        return True
    duty(ctx, "notice-found-goods", None, ctx.param("timing.notice").value, "done", notice.date,
         ["jp-1899-2025:25.2"], item=item.id)
    informed = notice.type == "owner_informed"
    if informed and owner is None and not event_actors(notice.get("to")):
        ctx.finding("info", "informed-owner-unknown", "jp-1899-2025:25.2", item=item.id, date=str(notice.date))
    period, sunk = claim_period(ctx, item)
    last = claim_due(ctx, period.name, notice.date)
    due = last.day
    record(ctx, item.id, notice_on=notice.date, notice=("information" if informed else "public notice"),
           claim_until=due, order_goods=sunk)
    ctx.step("notice", ["jp-1899-2025:25.2", "jp-1899-2025:27.1"] + (["jp-1899-2025:order"] if sunk else []),
             "notice", variant=shape(("office-day", last.moved), ("order-goods", sunk)),
             item=item.id, how="owner informed" if informed else "public notice",
             how_ja="所有者ニ告知" if informed else "公告", date=notice.date, period=period.text, due=due,
             period_end=last.period_end, closed=", ".join(f"{h.day} {h.en}" for h in last.skipped),
             closed_ja="、".join(h.ja for h in last.skipped),
             inputs={"notice": notice.date, "order_goods": sunk}, params=[period],
             readings=["jp-1899-2025-25-notice-day", "jp-1899-2025-periods"]
             + (["jp-1899-2025-municipal-holidays"] if last.moved else [])
             + (["jp-1899-2025-order-goods"] if sunk else []))
    return True


def claim_period(ctx: Context, item: Item):
    """Art 27 ¶1: six months, one year for the Cabinet Order's sunken goods."""
    sunk = order_goods(item)
    return ctx.param("owner_claim.period_sunk" if sunk else "owner_claim.period"), sunk


# --- art 26 -----------------------------------------------------------------------------------
def sale_kind(ctx: Context, item: Item) -> str | None:
    """``art26`` (a sale of perishables while the goods wait for their owner) or ``art28`` (the sale of
    art 28 ¶3: after the finder's period, or his waiver); None when not sold."""
    sale = sale_of(ctx, item.id)
    if sale is None:
        return None
    fn = first_for(ctx, "finder_notified", item.id)
    waived = first_for(ctx, "finder_waived", item.id)
    if (fn is not None and sale.date > fn.get("due")) or (waived is not None and sale.date >= waived.date):
        return "art28"
    return "art26"


def sale_ground(ctx: Context, item: Item) -> str | None:
    """The ground of art 11 ¶1 for selling the item while its owner may still claim it: a
    ``sale_decided`` event's, else perishable, dangerous, or custody costs above the value; None."""
    decided = first_for(ctx, "sale_decided", item.id)
    keep, _ = costs(ctx, item.id, ["custody"])
    return (decided.get("ground") if decided else "perishable" if item.perishable
            else "dangerous" if item.dangerous
            else "costly" if keep and item.value is not None and sum(c.amount for c in keep) > Fraction(item.value)
            else None)


def perishable_sale(ctx: Context, item: Item) -> None:
    """Art 26 → art 11 ¶1: goods that cannot keep, are dangerous, or cost too much to keep are sold and
    the proceeds held (reading ``jp-1899-2025-26-sale``)."""
    if sale_kind(ctx, item) != "art26":
        return
    sale = sale_of(ctx, item.id)
    grounds = ctx.param("sale.grounds")
    ground = sale_ground(ctx, item)
    price = Fraction(sale.get("price"))
    record(ctx, item.id, sold_on=sale.date, price=yen(price), sale="art 26")
    cites = ["jp-1899-2025:26", "jp-1899-2025:11.1"] + ([SALE_GROUND[ground]] if ground else [])
    if ground is None:
        ctx.finding("warning", "sale-without-ground", ["jp-1899-2025:26", "jp-1899-2025:11.1"], variant="found",
                    item=item.id, date=str(sale.date), price=yen(price))
    ctx.step("perishable_sale", cites, "sale-proceeds-held", variant=None if ground else "no-ground", item=item.id,
             date=sale.date, price=yen(price), ground=ground, inputs={"price": price, "ground": ground},
             params=[grounds], readings=["jp-1899-2025-26-sale"])


# --- art 27 -----------------------------------------------------------------------------------
def owner_claim(ctx: Context, item: Item, klass) -> bool:
    """Art 27: the owner who claims within the period pays the reward (the rate of the value the mayor
    fixed, ¶3) and the costs, and takes the goods (or the proceeds); the reward goes to the finder (¶2).
    Returns whether the claim settles the item."""
    claim = first_for(ctx, "owner_claimed", item.id)
    notice = notice_event(ctx, item.id)
    period, _ = claim_period(ctx, item)
    last = claim_due(ctx, period.name, notice.date) if notice is not None else None
    due = last.day if last is not None else None
    owner = claim.get("by") if claim is not None else ctx.scenario.owner_of(item)
    if due is not None:
        ended = None if claim is not None else owner_right_ended(ctx, item, due)
        note = "-".join(v for v in ((ended or {}).get("ended"), "office-day" if last.moved else None) if v)
        ctx.deadline("claim-from-mayor", owner, due, claim.date if claim else None, ["jp-1899-2025:27.1"]
                     + (["jp-1899-2025:order"] if period.name.endswith("_sunk") else [])
                     + (["jp-1899-2025:28.1"] if ended else []),
                     status="ended" if ended else None, note=note or None, item=item.id,
                     **(ended or {}), **office_day(last))
    if claim is None:
        return False
    if due is not None and claim.date > due:
        ctx.finding("warning", "claim-out-of-time", "jp-1899-2025:27.1", variant="found", owner=name(ctx, owner),
                    item=item.id, date=str(claim.date), due=str(due))
        return False
    if item.value is None:
        ctx.finding("error", "value-missing", ["jp-1899-2025:27.3", "jp-1899-2025:27.1"], variant="owner-claim",
                    item=item.id)
        return True
    rate = ctx.param(REWARD_27[klass.key])
    reward = Fraction(item.value) * rate.value
    heads = ctx.param("owner_claim.costs")
    mine, others = costs(ctx, item.id, heads.value)
    _other_costs(ctx, item, others, "jp-1899-2025:27.1")
    sale = sale_of(ctx, item.id) if sale_kind(ctx, item) == "art26" else None
    proceeds = Fraction(sale.get("price")) if sale is not None else None
    payer = "custody" if sale is not None else owner
    who = finders(ctx, item)
    reward_cites = ["jp-1899-2025:27.1", "jp-1899-2025:27.2"]
    lines = []
    if who:
        made = ctx.out.award(who, item.id, "finder_reward", reward, ["jp-1899-2025:27.2", "jp-1899-2025:27.1"])
        lines += [(a.to, item.id, Fraction(a.amount), reward_cites) for a in made]
    else:
        ctx.finding("info", "no-finder", "jp-1899-2025:27.2", variant="owner-claim", item=item.id)
    lines += [(c.payee, item.id, c.amount, ["jp-1899-2025:27.1"]) for c in mine]
    left = pay_out(ctx, payer, proceeds, lines, shortfall_payer=owner)
    if sale is not None and left > 0:
        ctx.out.charge("custody", owner or "unclaimed", item.id, left, ["jp-1899-2025:27.1", "jp-1899-2025:26"])
    total_costs = sum((c.amount for c in mine), Fraction(0))
    record(ctx, item.id, outcome="claimed", claimed_on=claim.date, owner=owner, rate=rate.text,
           value=yen(Fraction(item.value)), reward=yen(ctx.out.round(reward)), costs=yen(total_costs))
    ctx.step("owner_claim", reward_cites + (["jp-1899-2025:27.3"]), "owner-claims",
             variant=shape(("no-notice", due is None), ("proceeds", sale is not None)),
             item=item.id, owner=owner, date=claim.date, due=due, rate=rate.text, value=item.value,
             klass_ja=klass.ja, reward=yen(ctx.out.round(reward)), finders=", ".join(who) or "none named",
             costs=yen(total_costs), cost_lines=", ".join(f"{c.category} {yen(c.amount)}" for c in mine) or "none recorded",
             proceeds=yen(proceeds) if proceeds is not None else None,
             inputs={"value": item.value, "costs": [(c.id, c.category, yen(c.amount), c.payee) for c in mine],
                     "proceeds": proceeds},
             params=[rate, heads], exact=reward, amount=ctx.out.round(reward),
             readings=["jp-1899-2025-27-amount", "jp-1899-2025-27-costs"])
    return True


def _other_costs(ctx: Context, item: Item, others, cite: str) -> None:
    for e in others:
        ctx.finding("info", "cost-not-recoverable", cite, expense=e.id, category=str(e.category), item=item.id)


# --- art 28 -----------------------------------------------------------------------------------
def acquisition_opens(ctx: Context, item: Item) -> date | None:
    """Art 28 ¶1 step 1 (:func:`.common.acquisition_opens`)."""
    return common.acquisition_opens(ctx.scenario, item, ctx.param)


def takes(ctx: Context, item: Item) -> tuple[list, object | None]:
    """The ``finder_took`` events of the item: those before the owner's right ended (they acquire
    nothing) and the first one after it (art 28 ¶2), or None."""
    opens = acquisition_opens(ctx, item)
    every = events_for(ctx, "finder_took", item.id)
    early = [t for t in every if opens is None or t.date < opens]
    lawful = next((t for t in every if opens is not None and t.date >= opens), None)
    return early, lawful


def early_takes(ctx: Context, item: Item) -> None:
    """Art 28: a finder who takes the goods before the owner's period ended (or his waiver) acquires
    nothing; the owner's right, its deadline and the notice stand (a warning)."""
    early, _ = takes(ctx, item)
    if not early:
        return
    opens = acquisition_opens(ctx, item)
    until = (f"his period runs until {opens - timedelta(days=1)} and he has not waived" if opens is not None
             else "no notice is recorded, so his period has not even begun")
    until_ja = (f"所有者の期間は{opens - timedelta(days=1)}まであり、権利を放棄していない" if opens is not None
                else "公告が記録されていないので、所有者の期間はまだ始まっていない")
    for t in early:
        taker = event_actors(t.get("by")) or finders(ctx, item)
        takers = ", ".join(name(ctx, x) for x in taker)
        ctx.finding("warning", "finder-took-too-early", ["jp-1899-2025:28.1", "jp-1899-2025:28.2", "jp-1899-2025:27.1"],
                    taker=takers or "The finder", taker_ja=takers or "拾得者", item=item.id, date=str(t.date),
                    until=until, until_ja=until_ja)
    record(ctx, item.id, taken_too_early_on=early[0].date)
    ctx.step("finder_took_too_early", ["jp-1899-2025:28.1", "jp-1899-2025:28.2"], "finder-took-too-early",
             item=item.id, date=early[0].date,
             inputs={"took": early[0].date, "opens": opens}, readings=["jp-1899-2025-28-order"])


def owner_right_ended(ctx: Context, item: Item, due: date) -> dict | None:
    """Why the owner's claim (art 27 ¶1) ended before its last day, or None: he waived (owner_waived)
    on or before ``due``, and after that the finder may have lawfully taken the goods (art 28 ¶2). The
    deadline's note (``messages.yaml``, ``notes:``): its id (``ended``) and values."""
    waived = first_for(ctx, "owner_waived", item.id)
    if waived is None or waived.date > due:
        return None
    _, lawful = takes(ctx, item)
    gave_up = first_for(ctx, "finder_waived", item.id)
    if lawful is not None and gave_up is None:
        return {"ended": "owner-waived-finder-acquired", "waived": waived.date, "took": lawful.date,
                "finder": ", ".join(event_actors(lawful.get("by")) or finders(ctx, item))}
    return {"ended": "owner-waived", "waived": waived.date}



def finder_or_sale(ctx: Context, item: Item) -> None:
    """Art 28: once the owner's period ran out unclaimed (or he waived), the finder is informed with a
    period; taking the goods within it and paying the costs, he owns them; else they are sold, the
    costs deducted and the rest acquired by the municipality."""
    notice = notice_event(ctx, item.id)
    period, _ = claim_period(ctx, item)
    waived = first_for(ctx, "owner_waived", item.id)
    lapsed_on = claim_due(ctx, period.name, notice.date).day if notice is not None else None
    open_ = waived is not None or (lapsed_on is not None and ctx.as_of > lapsed_on)
    if not open_:
        if notice is not None:
            record(ctx, item.id, outcome="under-notice")
        return
    why = (f"the owner declared on {waived.date} that he will not claim it" if waived is not None
           else f"the owner's period ended on {lapsed_on} without a claim")
    why_ja = (f"所有者は{waived.date}に引渡しを請求しない旨を申し出た" if waived is not None
              else f"所有者の期間は{lapsed_on}に請求なく満了した")
    who = finders(ctx, item)
    fn = first_for(ctx, "finder_notified", item.id)
    _, took = takes(ctx, item)
    gave_up = first_for(ctx, "finder_waived", item.id)
    heads = ctx.param("finder.costs")
    mine, others = costs(ctx, item.id, heads.value)
    _other_costs(ctx, item, others, "jp-1899-2025:28.2")
    if fn is None and gave_up is None:
        duty(ctx, "inform-finder", None, ctx.param("timing.finder_notice").value, "done" if took else "outstanding",
             None, ["jp-1899-2025:28.1"], to=who or None, item=item.id)
        if took is None:
            ctx.finding("warning", "finder-not-notified", "jp-1899-2025:28.1", item=item.id, why=why, why_ja=why_ja)
            record(ctx, item.id, outcome="finder-to-be-informed")
            return
    if fn is not None:
        finder_ended = (gave_up is not None and took is None and gave_up.date <= fn.get("due"))
        ctx.deadline("finder-take-delivery", who[0] if who else None, fn.get("due"), took.date if took else None,
                     ["jp-1899-2025:28.1", "jp-1899-2025:28.2"] + (["jp-1899-2025:28.3"] if finder_ended else []),
                     status="ended" if finder_ended else None, note="finder-waived" if finder_ended else None,
                     item=item.id, waived=gave_up.date if finder_ended else None)
    in_time = took is not None and (fn is None or took.date <= fn.get("due")) and gave_up is None
    if took is not None and not in_time and gave_up is None:
        ctx.finding("warning", "finder-took-late", ["jp-1899-2025:28.3", "jp-1899-2025:28.2"], item=item.id,
                    date=str(took.date), due=str(fn.get("due")))
    if in_time:
        taker = event_actors(took.get("by")) or who
        if fn is None or fn.date > took.date:
            ctx.finding("info", "finder-notice-not-recorded", ["jp-1899-2025:28.1", "jp-1899-2025:28.2"],
                        item=item.id, date=str(took.date), why=why, why_ja=why_ja)
        sale = sale_of(ctx, item.id) if sale_kind(ctx, item) == "art26" else None
        proceeds = Fraction(sale.get("price")) if sale is not None else None
        payer = "custody" if sale is not None else taker[0]
        lines = [(c.payee, item.id, c.amount, ["jp-1899-2025:28.2"]) for c in mine]
        left = pay_out(ctx, payer, proceeds, lines, shortfall_payer=taker[0])
        if sale is not None and left > 0:
            ctx.out.charge("custody", taker[0], item.id, left, ["jp-1899-2025:28.2", "jp-1899-2025:26"])
        total = sum((c.amount for c in mine), Fraction(0))
        record(ctx, item.id, outcome="finder-acquired", acquired_on=took.date, acquired_by=taker, costs=yen(total))
        ctx.finding("info", "finder-acquired", "jp-1899-2025:28.2", taker=", ".join(name(ctx, t) for t in taker),
                    item=item.id, date=str(took.date), costs=yen(total), why=why, why_ja=why_ja)
        ctx.step("finder_acquires", ["jp-1899-2025:28.1", "jp-1899-2025:28.2"], "finder-acquires",
                 variant=None if fn is not None else "not-notified", item=item.id, why=why, taker=", ".join(taker),
                 date=took.date, due=fn.get("due") if fn is not None else None, costs=yen(total),
                 inputs={"costs": [(c.id, c.category, yen(c.amount), c.payee) for c in mine]}, params=[heads],
                 readings=["jp-1899-2025-28-finder", "jp-1899-2025-27-costs"])
        return
    ended = gave_up is not None or (fn is not None and ctx.as_of > fn.get("due"))
    if not ended:
        record(ctx, item.id, outcome="finder-informed", finder_due=fn.get("due") if fn else None)
        return
    reason = (f"the finder gave up his rights on {gave_up.date}" if gave_up is not None
              else f"the finder did not take it by {fn.get('due')}")
    reason_ja = (f"拾得者は{gave_up.date}にその権利を放棄した" if gave_up is not None
                 else f"拾得者は{fn.get('due')}までに引取りをしなかった")
    sale = sale_of(ctx, item.id)
    if sale is None:
        record(ctx, item.id, outcome="to-be-sold")
        ctx.finding("info", "to-be-sold", "jp-1899-2025:28.3", variant="found", item=item.id, why=why,
                    why_ja=why_ja, reason=reason, reason_ja=reason_ja)
        return
    price = Fraction(sale.get("price"))
    lines = [(c.payee, item.id, c.amount, ["jp-1899-2025:28.3"]) for c in mine]
    left = pay_out(ctx, "custody", price, lines)
    if left > 0:
        ctx.out.charge("custody", LOCAL, item.id, left, ["jp-1899-2025:28.3"])
    total = sum((c.amount for c in mine), Fraction(0))
    if total > price:
        ctx.finding("info", "proceeds-below-costs", "jp-1899-2025:28.3", item=item.id, price=yen(price),
                    costs=yen(total))
    record(ctx, item.id, outcome="sold", sold_on=sale.date, price=yen(price), costs=yen(total),
           to_municipality=yen(max(left, Fraction(0))), sale="art 28 ¶3")
    ctx.step("sale_for_municipality", "jp-1899-2025:28.3", "sold-for-municipality", item=item.id, why=why,
             reason=reason, date=sale.date, price=yen(price), costs=yen(total), rest=yen(max(left, Fraction(0))),
             inputs={"price": price},
             params=[heads], readings=["jp-1899-2025-28-finder", "jp-1899-2025-27-costs"])
