"""Arrival and unclaimed goods: arts 21 and 22.

第21条 到着した荷物に対しその通知を発しないことについて本村はその責任を負わない。
  (The village is not liable for not sending notice of arrival.)
第22条 引渡しの請求のない貨物並びに手荷物及び小荷物が陸揚後30日を経過した場合、その貨物並びに手荷物及び小荷物の
  性質又は状態によつて、荷送人又は荷受人若しくは荷主の不利益と認められるときは、随意売却し、若しくは積戻しその他
  適当の処分をするものとする。
  (Goods, baggage and parcels not claimed 30 days after unloading may be sold, carried back or
  otherwise disposed of, when by their nature or condition keeping them is to the cargo
  side's disadvantage.)

For every carried item with an ``unloaded`` event: a deadline for the cargo side to claim
delivery (``delivery_requested``), due on the 30th day after the unloading day (the day of
unloading not counted; reading jp-village-ferry-22-thirty-days). A ``disposed`` event with
``reason: unclaimed`` is checked against it.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import first_date, is_carried, owner_of, unloaded_on, value_ja, what_values


@rule(cites=["jp-village-ferry:22", "jp-village-ferry:21"],
      reads=["event:arrival_notified", "event:delivery_requested", "event:disposed", "event:unloaded",
            "case.kind", "expense.date", "found.date", "item.hand_carried", "item.kind", "item.parcel",
            "item.value", "param:unclaimed.period"])
def unclaimed_goods(ctx: Context) -> None:
    """Art 22 (with art 21): the 30-day deadline and the disposal of unclaimed goods."""
    period = ctx.param("unclaimed.period")
    period_ja = f"{period.value.count}日"   # the value period_ja of the findings' Japanese
    disposals = {}
    for ev in ctx.scenario.events_of("disposed"):
        if ev.get("reason") == "unclaimed":
            for i in ev.get("items", []):
                disposals.setdefault(i, ev)
    not_notified: list[str] = []
    for item in ctx.scenario.items:
        unloaded = unloaded_on(ctx, item.id)
        if unloaded is None or not is_carried(item):
            if item.id in disposals and unloaded is None:
                ctx.finding("warning", "unclaimed-disposal-not-authorised", "jp-village-ferry:22",
                            variant="not-unloaded", **what_values(item),
                            date=str(disposals[item.id].date),
                            period=str(period.text), period_ja=period_ja)
            continue
        due = period.value.due(unloaded)
        requested = first_date(ctx, "delivery_requested", item.id)
        owner = owner_of(ctx, item)
        d = ctx.deadline("claim-delivery", owner, due, requested, "jp-village-ferry:22", item=item.id,
                         days=period.value.count)
        ctx.step("unclaimed_goods", "jp-village-ferry:22",
                 "delivery-requested" if requested else "delivery-not-requested", item=item.id, unloaded=unloaded,
                 period=period.text, days=period.value.count, due=due, requested=requested, status=d.status,
                 inputs={"unloaded": unloaded, "delivery_requested": requested}, params=[period],
                 readings=["jp-village-ferry-22-thirty-days"])
        notified = first_date(ctx, "arrival_notified", item.id)
        disposal = disposals.get(item.id)
        if (d.status == "missed" or disposal is not None) and notified is None:
            not_notified.append(item.id)
        if disposal is None:
            if d.status == "missed" and requested is None:
                ctx.finding("info", "unclaimed-may-be-disposed", "jp-village-ferry:22",
                            **what_values(item),
                            due=str(due))
            continue
        problems, problems_ja = [], []
        if disposal.date <= due:
            problems.append(f"it was on or before the {due} end of the {period.text}")
            problems_ja.append(f"{period_ja}が満了する{due}以前の処分である")
        if requested is not None and requested <= disposal.date:
            problems.append(f"delivery had been requested on {requested}")
            problems_ja.append(f"{requested}に引渡しの請求があった")
        if not disposal.get("harmful"):
            problems.append("keeping the goods is not recorded as harmful to the cargo side (harmful: true)")
            problems_ja.append("保管が荷主等の不利益となること（harmful: true）が記録されていない")
        if problems:
            ctx.finding("warning", "unclaimed-disposal-not-authorised", "jp-village-ferry:22",
                        **what_values(item),
                        date=str(disposal.date), problems=str('; '.join(problems)),
                        problems_ja="、".join(problems_ja))
        else:
            ctx.finding("info", "unclaimed-disposal-authorised", "jp-village-ferry:22",
                        **what_values(item),
                        period=str(period.text), period_ja=period_ja,
                        how=str(disposal.get('how') or 'disposal'), how_ja=value_ja(ctx, disposal.get("how"), "処分"),
                        date=str(disposal.date))
        ctx.step("unclaimed_disposal", "jp-village-ferry:22",
                 "unclaimed-disposal-not-allowed" if problems else "unclaimed-disposal-allowed", item=item.id,
                 date=disposal.date, problems="; ".join(problems),
                 inputs={"how": disposal.get("how"), "harmful": disposal.get("harmful")},
                 readings=["jp-village-ferry-22-thirty-days"])
    if not_notified:
        names = ", ".join(not_notified)
        ctx.finding("info", "arrival-not-notified", ["jp-village-ferry:21", "jp-village-ferry:22"], names=str(names),
                    period=str(period.text), period_ja=period_ja)
        ctx.step("arrival_notice", ["jp-village-ferry:21", "jp-village-ferry:22"], "arrival-not-notified",
                 names=names, names_ja="、".join(not_notified), readings=["jp-village-ferry-21-notice"])
