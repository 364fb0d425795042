"""Who pays the rescue expenses: arts 15–19 (final incidence).

第十五條 救護費用ノ金額ハ命令ノ規定ニ依リ市町村長之ヲ定ム / 市町村長ハ救護費用ノ金額ヲ船長ニ吿知シ期間ヲ定メテ
  之ヲ納付セシムヘシ / 遭難船舶ノ所在地船籍港ナルトキ又ハ船長在ラサルトキハ前項ノ吿知ハ船舶所有者ニ之ヲ爲ヘシ
  → payment_due: the notice, to the master (to the owner at the home port or when the master is
    absent), and the day to pay by (a deadline).
第十六條第一項 船長又ハ船舶所有者ハ救護費用ヲ納付シテ市町村長ノ保管ニ係ル金錢其ノ他ノ物件ノ引渡ヲ受クヘシ
第十六條第六項 … 其ノ金錢救護費用ノ金額ニ達シタルトキハ直ニ其ノ金錢ヲ以テ救護費用ヲ支辨シ其ノ殘額ハ … 船長又ハ
  船舶所有者ニ引渡スヘシ
第十八條 市町村長ハ納付ヲ受ケタル金額又ハ其ノ保管ニ係ル金錢ヲ以テ救護費用ヲ支辨スヘシ
  → pay_rescue_expenses: the money held (``custody``) pays first, then what the master or owner
    paid, then the rest is the master's (owner's); any surplus of held money goes back to him.
第十七條 船長又ハ船舶所有者ニ於テ市町村長ノ定メタル期間內ニ救護費用ヲ納付セサルトキハ市町村長ハ保管ノ物件又ハ
  擔保トシテ差出シタル物件ヲ公賣シ其ノ代金ヲ保管スヘシ / 前項ノ規定ハ … 公賣ノ費用ヲ償フニ足ラスト認メタル物件ニハ
  之ヲ適用セス → unpaid_sale: unpaid by the day, the held goods are to be sold (except ¶2).
第十九條 救護其ノ效ヲ奏セサルトキハ救護費用ハ國庫ヨリ之ヲ支給ス
  → failed_rescue, an exception: ``government`` pays everything.
  船長又ハ船舶所有者救護費用ヲ納付セサル場合ニ於テ第十七條ニ定ムル手續ヲ爲シタル後市町村長ノ保管ニ係ル金錢ヲ以テ
  救護費用ヲ支辨スルニ足ラサルトキハ國庫ヨリ之ヲ補給シ殘餘アルトキハ船長又ハ船舶所有者ニ之ヲ還付ス
  → treasury_shortfall, an exception to the master paying the rest: after the art 17 sale the
    shortfall is the ``government``'s.

第十三條 [absent from the seed; today's item 3: 救上ケタル物件ノ運搬、保管又ハ公売ニ要シタル費用] → mayor_outlays:
  the costs of carrying, keeping and selling the goods saved that the mayor paid are rescue
  expenses without a claim (art 14 is for those who would receive them from the mayor); they
  join the ledger with the admitted claims, so the held money and the master or owner pay them
  (arts 15, 16 ¶1, 18), and a surplus goes back only after them (art 16 ¶6; reading
  ``jp-1899-13-mayor-outlays``; parameter ``rescue_expenses.mayor_outlays``).

The order (reading ``jp-1899-16-6-order``): (1) the money held from sales pays, up to the
expenses; (2) then what the master or owner actually paid, in the order paid; (3) the rest is
owed by the master (owner) — until, the notified day having passed unpaid and the art 17 sale
done, the treasury makes it up (art 19 ¶2); (4) held money beyond the expenses goes back by a
charge ``custody`` → master (owner). Each source pays the claimants pro rata to what is still
unpaid of each claim, in whole rin by largest remainder (reading ``jp-1899-18-pro-rata``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.money import round_half_up_units, split_units
from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import (CLAIMS, MAYOR_OUTLAYS, applies, event_actors, government_vessel, master, mayors, name, owner,
                     release_ground, responsible_party, yen)
from .custody import still_held


@dataclass
class Ledger:
    """The money of the rescue expenses, in whole rin."""

    claims: list[tuple[str, int]]
    total: int
    sales: list[tuple[date, str, Fraction]]
    disposals: list[tuple[date, list[str], Fraction]]
    held: int
    notice: object | None
    due: date | None
    held_at_due: int
    needed: int
    payments: list[tuple[str, int, date]] = field(default_factory=list)
    done_on: date | None = None

    def paid_before(self, day: date) -> int:
        """What was paid on or before ``day``."""
        return sum(u for _, u, d in self.payments if d <= day)


#: the heads of art 13 item 3 in the words of the steps (運搬, 保管, 公賣)
OUTLAY_JA = {"transport": "運搬", "storage": "保管", "sale": "公賣"}
#: the party notified of the rescue expenses (common.Responsible.role) in the findings' Japanese
ROLE_JA = {"master": "船長", "acting master": "船長の職務を行う者", "owner": "所有者"}


def ledger(ctx: Context) -> Ledger:
    """The money of the rescue expenses (:data:`LEDGER`)."""
    return ctx[LEDGER]


def _ledger(ctx: Context) -> Ledger:
    unit = ctx.out.currency.unit
    claims = list(ctx[CLAIMS])
    total = sum(u for _, u in claims)
    sales = [(e.date, e.get("item"), Fraction(e.get("price"))) for e in ctx.scenario.events_of("sold")]
    disposals = [(e.date, event_actors(e.get("items")), Fraction(e.get("proceeds")))
                 for e in ctx.scenario.events_of("held_goods_disposed") if e.get("approved") and e.get("proceeds")]
    money = [(d, p) for d, _, p in sales] + [(d, p) for d, _, p in disposals]
    held = round_half_up_units(sum((p for _, p in money), Fraction(0)), unit)
    notice = ctx.scenario.first("expenses_notified")
    due = notice.get("due") if notice is not None else None
    held_at_due = (round_half_up_units(sum((p for d, p in money if d <= due), Fraction(0)), unit)
                   if due is not None else held)
    offset = min(held_at_due, total) if custody_pays(ctx) else 0
    needed = total - offset
    payments = [(e.get("by"), round_half_up_units(Fraction(e.get("amount")), unit), e.date)
                for e in ctx.scenario.events_of("paid")]
    done_on, running = None, 0
    if needed > 0:
        for _, u, d in payments:
            running += u
            if running >= needed:
                done_on = d
                break
    return Ledger(claims, total, sales, disposals, held, notice, due, held_at_due, needed, payments, done_on)


#: the ledger of the rescue expenses, worked out when first asked (after the claims are admitted)
LEDGER = Value("ledger", Ledger, compute=_ledger)


def custody_pays(ctx: Context) -> bool:
    """Whether the money the mayor holds (``custody``) pays the rescue expenses: art 16 ¶6, and art
    18 (其ノ保管ニ係ル金錢ヲ以テ救護費用ヲ支辨スヘシ), which art 22 applies to government ships too
    (reading ``jp-1899-22-money``)."""
    return applies(ctx, "16") or applies(ctx, "18")


def final_bearers(ctx: Context, payer: str) -> tuple[list[str], list[Fraction]]:
    """Who finally bears what ``payer`` pays of the rescue expenses (SCENARIO.md: charges show final
    incidence). The master (or acting master) pays on the ship's account: the vessel's owner side
    bears it — ``case.cost_bearers``, else the vessel's owner (a government ship with no owner named:
    ``government``). Anyone else bears what he pays. Reading ``jp-1899-15-ship-account``."""
    if "rescue_expenses.final_bearer" not in ctx.regime.parameters or \
            ctx.p("rescue_expenses.final_bearer") != "owner-side":
        return [payer], [Fraction(1)]  # a regime sharing this code without the parameter: the payer bears it
    resp = responsible_party(ctx)
    m = master(ctx)
    if payer is None or payer not in {m.id, resp.id if resp.role != "owner" else None} - {None}:
        return [payer], [Fraction(1)]
    if ctx.case.cost_bearers:
        return [b.party for b in ctx.case.cost_bearers], [Fraction(b.share) for b in ctx.case.cost_bearers]
    vessel_owner = owner(ctx)
    if vessel_owner is None and government_vessel(ctx):
        vessel_owner = "government"
    if vessel_owner is None or vessel_owner == payer:
        return [payer], [Fraction(1)]
    return [vessel_owner], [Fraction(1)]


def treasury_pays_failed_rescue(ctx: Context) -> bool:
    """Art 19 ¶1 (1899): the rescue failed and the regime's law has the treasury pay for it (parameter
    ``treasury.cases``; today's art 19 has no such case, so jp-1899-2025 lists none)."""
    return not ctx.case.rescue_effective and "failed-rescue" in ctx.p("treasury.cases")


def overdue(ctx: Context) -> bool:
    """The notified day has passed without the expenses being paid by it (art 17 ¶1)."""
    led = ledger(ctx)
    if led.due is None or led.needed <= 0 or treasury_pays_failed_rescue(ctx):
        return False
    return (led.done_on is None and ctx.as_of > led.due) or (led.done_on is not None and led.done_on > led.due)


def is_art17_sale(ctx: Context, sale_date: date) -> bool:
    """A sale after the notified day while the expenses were still unpaid is an art 17 sale."""
    led = ledger(ctx)
    return (led.due is not None and not treasury_pays_failed_rescue(ctx) and applies(ctx, "17") and led.needed > 0
            and sale_date > led.due and led.paid_before(sale_date) < led.needed)


def _units(ctx: Context, units: int) -> Fraction:
    return Fraction(units) * ctx.out.currency.unit


def sale_cost(ctx: Context, item_id: str) -> Fraction | None:
    """The costs of selling an item (expenses of category ``sale`` for it), if any are given."""
    costs = [Fraction(e.amount) for e in ctx.scenario.expenses
             if e.category == "sale" and e.for_ == item_id and e.amount is not None]
    return sum(costs, Fraction(0)) if costs else None


def released_unpaid(ctx: Context, item) -> bool:
    """Art 16 ¶3 items 1–3: delivered even unpaid (:func:`.common.release_ground`)."""
    return release_ground(ctx, item) is not None


# --- art 13 item 3: what the mayor paid out -----------------------------------------------------
def is_mayor_outlay(ctx: Context, e) -> bool:
    """An expense of a head of parameter ``rescue_expenses.mayor_outlays`` (art 13 item 3: carrying,
    keeping, selling the goods saved) owed to the mayor — a party with role ``mayor``, or the
    municipality's fund ``local-public`` — who filed no claim himself (a claim he filed stands for
    it, as before). A cost of selling an item that was not sold is no outlay (要シタル費用: a cost
    incurred): it is the estimate art 17 ¶2 weighs. A regime without the parameter has none."""
    if "rescue_expenses.mayor_outlays" not in ctx.regime.parameters or e.amount is None:
        return False
    if e.category not in ctx.p("rescue_expenses.mayor_outlays"):
        return False
    if e.payee != "local-public" and e.payee not in mayors(ctx):
        return False
    if e.category == "sale" and e.for_ is not None and ctx.scenario.first("sold", item=e.for_) is None:
        return False
    return ctx.scenario.first("claim_filed", by=e.payee) is None


@rule(cites=["jp-1899:13#3", "jp-1899:15.1", "jp-1899:16.1", "jp-1899:18"],
      reads=["event:claim_filed", "event:sold", "expense.amount", "expense.category", "expense.for",
            "expense.payee", "party.name", "party.person", "person.name", "vessel.name",
            "param:rescue_expenses.mayor_outlays"])
def mayor_outlays(ctx: Context) -> None:
    """Art 13 item 3 with arts 15, 16 ¶1 and 18: the costs of carrying, keeping and selling the goods
    saved that the mayor paid are rescue expenses; no claim is needed for them (art 14 ¶1 is for
    those who would receive rescue expenses from the mayor, 救護費用ノ支給ヲ受ケントスル者). Each is an
    award to the mayor and joins the admitted claims (:data:`.common.CLAIMS`): the money held and
    the master or owner pay it like any other rescue expense, and a surplus of held money goes
    back only after it (art 16 ¶6). Reading ``jp-1899-13-mayor-outlays``."""
    outlays = [e for e in ctx.scenario.expenses if is_mayor_outlay(ctx, e)]
    if not outlays:
        return
    heads = ctx.param("rescue_expenses.mayor_outlays")
    claims = ctx[CLAIMS]
    ctx[MAYOR_OUTLAYS] = [e.id for e in outlays]
    unit = ctx.out.currency.unit
    cites = ["jp-1899:13#3", "jp-1899:15.1", "jp-1899:16.1", "jp-1899:18"]
    for e in outlays:
        made = ctx.out.award(e.payee, e.id, "rescue_expenses", Fraction(e.amount), cites)
        units = sum(int(Fraction(a.amount) / unit) for a in made)
        if units:
            claims.append((e.payee, units))
        ctx.step("mayor_outlays", cites, "mayor-outlay", expense=e.id, category=e.category,
                 category_ja=OUTLAY_JA.get(e.category, e.category), cost=yen(Fraction(e.amount)),
                 mayor=name(ctx, e.payee),
                 inputs={"expense": e.id, "category": e.category, "amount": e.amount, "payee": e.payee},
                 params=[heads], amount=made[0].amount if made else None,
                 readings=["jp-1899-13-mayor-outlays", "jp-1899-13-expense-heads"])


# --- art 15: notice and the day to pay by --------------------------------------------------
@rule(cites=["jp-1899:19.1", "jp-1899:15.1", "jp-1899:22", "jp-1899:15.3", "jp-1899:16.1", "jp-1899:15.2",
            "jp-1899:21"],
      reads=["event:expenses_notified", "event:held_goods_disposed", "event:paid", "event:sold",
            "case.at_home_port", "case.master_absent", "case.rescue_effective", "case.vessel",
            "expense.amount", "expense.date", "found.by", "found.date", "item.government", "item.owner",
            "party.name", "party.person", "person.name", "vessel.government", "vessel.master", "vessel.name",
            "vessel.owner", "param:government_vessels.provisions", "param:treasury.cases"])
def payment_due(ctx: Context) -> None:
    """Art 15 ¶2–3 (and art 16 ¶1): the responsible party is notified of the amount and pays it by
    the day the mayor fixes — a deadline; the amount needed is what the money held on that day
    does not cover."""
    led = ledger(ctx)
    if led.total == 0:
        return
    resp = responsible_party(ctx)
    if treasury_pays_failed_rescue(ctx):
        if led.notice is not None or led.payments:
            ctx.finding("info", "no-payment-due", "jp-1899:19.1")
        return
    ctx.step("payment_due", ["jp-1899:15.1"] + list(resp.cites), "expenses-notified",
             variant="with-outlays" if ctx[MAYOR_OUTLAYS] else None, total=yen(_units(ctx, led.total)),
             party=name(ctx, resp.id), responsible=resp.id, why=resp.why_en, why_ja=resp.why_ja,
             inputs={"responsible": resp.id, "at_home_port": ctx.case.at_home_port,
                     "master_absent": ctx.case.master_absent},
             readings=("jp-1899-15-1-amount-by-ordinance",) + resp.readings)
    exceptions.applied(ctx, [GOVERNMENT_SHIP_NOTICE])   # art 22: not art 15 ¶3, the master is notified
    if resp.id is None and led.total > (min(led.held, led.total) if custody_pays(ctx) else 0):
        ctx.finding("error", "payer-unknown", list(resp.cites), role=resp.role, role_ja=ROLE_JA[resp.role])
    if led.notice is None:
        ctx.finding("info", "expenses-not-notified", list(resp.cites), role=resp.role, role_ja=ROLE_JA[resp.role])
        return
    to = led.notice.get("to")
    if resp.id is not None and to != resp.id:
        ctx.finding("warning", "expenses-notice-wrong-party", list(resp.cites), to=name(ctx, to), why=resp.why_en,
                    why_ja=resp.why_ja, party=name(ctx, resp.id))
    cites = list(resp.cites) + ["jp-1899:16.1"]
    if led.needed <= 0:
        ctx.deadline("pay-rescue-expenses", resp.id, led.due, None, cites, status="met")
        ctx.step("payment_due", cites, "held-money-covers-expenses", due=led.due,
                 held=yen(_units(ctx, led.held_at_due)), readings=["jp-1899-16-6-order"])
        return
    if led.done_on is not None and led.done_on > led.due:
        ctx.deadline("pay-rescue-expenses", resp.id, led.due, led.done_on, cites, **_paid_late(ctx, led))
    else:
        ctx.deadline("pay-rescue-expenses", resp.id, led.due, led.done_on, cites)
    less_held = custody_pays(ctx) and led.held_at_due
    ctx.step("payment_due", cites, "amount-to-pay",
             variant=("held-" if less_held else "") + ("paid" if led.done_on else "unpaid"), due=led.due,
             needed=yen(_units(ctx, led.needed)), total=yen(_units(ctx, led.total)),
             held=yen(_units(ctx, min(led.held_at_due, led.total))), done_on=led.done_on,
             inputs={"due": led.due, "payments": [(p, yen(_units(ctx, u)), d) for p, u, d in led.payments]},
             readings=["jp-1899-16-6-order", "jp-1899-17-unpaid-sale"])


def _paid_late(ctx: Context, led: Ledger) -> dict:
    """The deadline's note when the amount was paid in full only after the day: the payments up to
    the one that completed it, in time and late."""
    paid = [(d, yen(_units(ctx, u))) for _, u, d in led.payments if d <= led.done_on]
    in_time = [(d, a) for d, a in paid if d <= led.due]
    late = [(d, a) for d, a in paid if d > led.due]
    return {"note": "paid-in-full-late-part-in-time" if in_time else "paid-in-full-late",
            "needed": yen(_units(ctx, led.needed)), "due": led.due, "paid_on": late[-1][0],
            "in_time": " and ".join(f"{a} yen on {d}" for d, a in in_time),
            "late": " and ".join(f"{a} yen on {d}" for d, a in late)}


def _notice_to_master(ctx: Context) -> None:
    """Art 22 lists art 15 ¶1–2 but not ¶3: the master of a government ship is notified even at the
    home port or when he is absent (:func:`.common.responsible_party`)."""
    ctx.step("government_vessel", ["jp-1899:22", "jp-1899:15.3"], "government-ship-master-notified",
             readings=["jp-1899-22-government-ships", "jp-1899-22-money"])


#: art 22 sets aside art 15 ¶3 (the owner notified at the home port or when the master is absent)
GOVERNMENT_SHIP_NOTICE = Exception_(
    "government_vessel", overrides="payment_due", apply=_notice_to_master,
    condition=lambda ctx: not applies(ctx, "15.3") and bool(ctx.case.at_home_port or ctx.case.master_absent))


# --- art 17: the sale of held goods when unpaid --------------------------------------------
@rule(cites=["jp-1899:17.1", "jp-1899:17.2", "jp-1899:16.3#3", "jp-1899:15.2", "jp-1899:22", "jp-1899:19.2",
            "jp-1899:16.3#2", "jp-1899:16.3#1"],
      reads=["event:expenses_notified", "event:held_goods_disposed",
            "event:mail_handed_over", "event:paid", "event:security_furnished", "event:seized", "event:sold",
            "case.kind", "case.occurred", "case.rescue_effective", "case.vessel", "expense.amount",
            "expense.category", "expense.date", "expense.for", "found.by", "found.date", "item.found",
            "item.freight_paid", "item.government", "item.kind", "item.provisions", "item.value",
            "party.roles", "vessel.government", "vessel.master", "param:government_vessels.provisions",
            "param:release_unpaid.kinds", "param:treasury.cases"])
def unpaid_sale(ctx: Context) -> None:
    """Art 17 ¶1: unpaid by the notified day, the held goods (and any security) are sold and the
    proceeds held; ¶2: not goods whose sale would not cover its own cost."""
    led = ledger(ctx)
    for sale_date, item_id, price in led.sales:
        if not is_art17_sale(ctx, sale_date):
            continue
        cost = sale_cost(ctx, item_id)
        item = ctx.scenario.item(item_id)
        ctx.step("unpaid_sale", "jp-1899:17.1", "art-17-sale", item=item_id, date=sale_date, price=yen(price),
                 due=led.due, readings=["jp-1899-17-unpaid-sale"])
        if cost is not None and price < cost:
            ctx.finding("warning", "sale-did-not-cover-costs", ["jp-1899:17.2"], item=item_id, price=yen(price),
                        cost=yen(cost))
        if item is not None and released_unpaid(ctx, item):
            ctx.finding("warning", "baggage-sold", ["jp-1899:16.3#3", "jp-1899:17.1"], item=item_id)
    if not overdue(ctx):
        return
    if exceptions.applied(ctx, [GOVERNMENT_SHIP_NO_SALE]):   # art 22: art 17 not applied
        return
    if led.done_on is not None:
        ctx.finding("warning", "expenses-paid-late", ["jp-1899:15.2", "jp-1899:17.1"], paid_on=str(led.done_on),
                    due=str(led.due))
        return
    pending = to_be_sold(ctx)
    excepted = [h for h in still_held(ctx) if h not in pending and _excepted(ctx, h)]
    for h in excepted:
        ctx.finding("info", "sale-would-not-cover-costs", "jp-1899:17.2", item=h.item.id, value=str(h.item.value),
                    cost=yen(sale_cost(ctx, h.item.id)))
        ctx.step("sale_not_covering_costs", "jp-1899:17.2", "not-sold-would-not-cover-costs", item=h.item.id,
                 value=h.item.value, cost=yen(sale_cost(ctx, h.item.id)), overrides="unpaid_sale",
                 readings=["jp-1899-17-2-cost"])
    securities = ctx.scenario.events_of("security_furnished")
    paid = led.paid_before(ctx.as_of)
    if pending or securities:
        names = [h.item.id for h in pending] + [f"the security furnished by {e.get('by')} on {e.date}"
                                                 for e in securities]
        names_ja = [h.item.id for h in pending] + [f"{e.get('by')}が{e.date}に提供した担保" for e in securities]
        ctx.finding("warning", "held-goods-to-be-sold", "jp-1899:17.1",
                    variant="treasury" if "shortfall" in ctx.p("treasury.cases") else "no-treasury",
                    due=str(led.due), paid=yen(_units(ctx, paid)), needed=yen(_units(ctx, led.needed)),
                    goods=", ".join(names), goods_ja="、".join(names_ja))
    else:
        shortfall = max(0, led.total - led.held - paid)
        ctx.finding("warning", "expenses-not-paid", ["jp-1899:17.1", "jp-1899:19.2"],
                    variant=("treasury-shortfall" if shortfall and "shortfall" in ctx.p("treasury.cases") else
                             "owed-shortfall" if shortfall else "covered"),
                    due=str(led.due), paid=yen(_units(ctx, paid)), needed=yen(_units(ctx, led.needed)),
                    shortfall=yen(_units(ctx, shortfall)))
    ctx.step("unpaid_sale", "jp-1899:17.1", "unpaid-held-goods-sold" if pending else "unpaid-nothing-to-sell",
             due=led.due, goods=", ".join(h.item.id for h in pending),
             readings=["jp-1899-17-unpaid-sale", "jp-1899-17-before-sale"])


def _no_sale_for_government(ctx: Context) -> None:
    """Art 22 does not list art 17: a government ship's held goods are not sold for non-payment."""
    ctx.finding("warning", "expenses-not-paid", ["jp-1899:15.2", "jp-1899:22"], variant="government-ship",
                due=str(ledger(ctx).due))
    ctx.step("government_vessel", ["jp-1899:22", "jp-1899:17.1"], "no-unpaid-sale-government-ship",
             readings=["jp-1899-22-government-ships", "jp-1899-22-money"])


#: art 22 sets aside art 17 (the sale of the held goods when the expenses are unpaid)
GOVERNMENT_SHIP_NO_SALE = Exception_("government_vessel", overrides="unpaid_sale", apply=_no_sale_for_government,
                                     condition=lambda ctx: not applies(ctx, "17"))


def _excepted(ctx: Context, h) -> bool:
    cost = sale_cost(ctx, h.item.id)
    return h.item.value is not None and cost is not None and Fraction(h.item.value) < cost


def to_be_sold(ctx: Context) -> list:
    """Held goods an art 17 sale takes: not mail (art 9 ¶2), not free baggage (art 16 ¶3 item 3),
    not goods whose sale would not cover its cost (art 17 ¶2)."""
    return [h for h in still_held(ctx) if h.item.kind != "mail" and not released_unpaid(ctx, h.item)
            and not _excepted(ctx, h)]


def art17_done(ctx: Context) -> bool:
    """The art 17 procedure is over: the day passed unpaid and nothing is left to sell."""
    return (overdue(ctx) and ledger(ctx).done_on is None and applies(ctx, "17")
            and not to_be_sold(ctx) and not ctx.scenario.events_of("security_furnished"))


# --- arts 16 ¶6, 18, 19: who finally pays each claimant ----------------------------------------
def _allocate(claims: list[tuple[str, int]], sources: list[tuple[str, int]]) -> list[tuple[int, str, int]]:
    """Each source, in order, pays the claims pro rata to what is still unpaid of each (whole
    units, largest remainder). A source never pays a claim more than is left of it. Returns
    (source index, claimant, units); one source's parts to the same claimant are added up."""
    remaining = [u for _, u in claims]
    out: dict[tuple[int, str], int] = {}
    for k, (_, amount) in enumerate(sources):
        if amount <= 0 or sum(remaining) == 0:
            continue
        parts = split_units(amount, [Fraction(r) for r in remaining])
        for j, part in enumerate(parts):
            if part:
                remaining[j] -= part
                key = (k, claims[j][0])
                out[key] = out.get(key, 0) + part
    return [(k, c, u) for (k, c), u in out.items()]


def _charge_all(ctx: Context, claims, sources: list[tuple[str, int, list[str]]]) -> None:
    """Charge each source's parts: payer → claimant, one charge per source (a separate payment or
    legal act stays a separate charge, SCENARIO.md). What the master pays, he pays on the ship's
    account: the charge shows its final bearer, the vessel's owner side (:func:`final_bearers`)."""
    for k, claimant, units in _allocate(claims, [(p, u) for p, u, _ in sources]):
        payer, _, cites = sources[k]
        payers, shares = final_bearers(ctx, payer)
        if payers != [payer]:
            cites = list(cites) + [c for c in ("jp-1899:15.2",) if c not in cites]
        ctx.out.charge(payers, claimant, "rescue_expenses", _units(ctx, units), cites, shares)


@rule(cites=["jp-1899:18", "jp-1899:17.1", "jp-1899:16.6", "jp-1899:22", "jp-1899:16.1", "jp-1899:19.2",
            "jp-1899:9.1", "jp-1899:15.2", "jp-1899:15.3", "jp-1899:21", "jp-1899:16.3#2", "jp-1899:16.3#1",
            "jp-1899:16.3#3", "jp-1899:19.1"],
      reads=["event:expenses_notified", "event:held_goods_disposed",
            "event:mail_handed_over", "event:paid", "event:security_furnished", "event:seized", "event:sold",
            "case.at_home_port", "case.cost_bearers", "case.kind", "case.master_absent", "case.occurred",
            "case.rescue_effective", "case.vessel", "expense.amount", "expense.category", "expense.date",
            "expense.for", "found.by", "found.date", "item.found", "item.freight_paid", "item.government",
            "item.kind", "item.owner", "item.provisions", "item.value", "party.name", "party.person",
            "party.roles", "person.name", "vessel.government", "vessel.master", "vessel.name",
            "vessel.owner", "param:government_vessels.provisions", "param:release_unpaid.kinds",
            "param:rescue_expenses.final_bearer", "param:treasury.cases"])
def pay_rescue_expenses(ctx: Context) -> None:
    """Arts 16 ¶6, 18 (and 19 ¶2): the base rule of who pays the admitted claims."""
    led = ledger(ctx)
    if led.total == 0 and led.held == 0:
        return
    if exceptions.applied(ctx, [FAILED_RESCUE]):     # art 19 ¶1
        return
    resp = responsible_party(ctx)
    use_custody = custody_pays(ctx)
    from_custody = min(led.held, led.total) if use_custody else 0
    rest = led.total - from_custody
    sources: list[tuple[str, int, list[str]]] = []
    art17 = any(is_art17_sale(ctx, d) for d, _, _ in led.sales)
    if from_custody:
        custody_cites = ["jp-1899:18"] + (["jp-1899:16.6"] if led.held >= led.total else []) \
            + (["jp-1899:17.1"] if art17 else [])
        sources.append(("custody", from_custody, custody_cites))
        ctx.step("pay_rescue_expenses", custody_cites, "held-money-pays",
                 variant="reaches-expenses" if led.held >= led.total else None, held=yen(_units(ctx, led.held)),
                 paid=yen(_units(ctx, from_custody)), total=yen(_units(ctx, led.total)),
                 inputs={"sales": [(i, yen(p), d) for d, i, p in led.sales],
                         "disposals": [(i, yen(p), d) for d, i, p in led.disposals]},
                 amount=ctx.out.round(_units(ctx, from_custody)),
                 readings=["jp-1899-16-6-order"])
    if from_custody and not applies(ctx, "16"):   # art 22 lists art 18: the base rule, for a government ship too
        ctx.step("government_vessel", ["jp-1899:22", "jp-1899:18"], "government-ship-held-money-pays",
                 readings=["jp-1899-22-government-ships", "jp-1899-22-money"])
    exceptions.applied(ctx, [GOVERNMENT_SHIP_HELD_MONEY])   # art 22 without arts 16 and 18: the money goes back
    left = rest
    for payer, units, day in led.payments:
        take = min(units, left)
        if take < units:
            ctx.finding("info", "payment-exceeds-expenses", ["jp-1899:16.1", "jp-1899:19.2"], payer=name(ctx, payer),
                        paid=yen(_units(ctx, units)), date=str(day), needed=yen(_units(ctx, take)))
        if take:
            sources.append((payer, take, ["jp-1899:16.1", "jp-1899:18"] + list(resp.cites)))
        left -= take
    paid = rest - left
    if paid:
        ctx.step("pay_rescue_expenses", ["jp-1899:16.1", "jp-1899:18"], "payments-pay-expenses",
                 paid=yen(_units(ctx, paid)), amount=ctx.out.round(_units(ctx, paid)), readings=["jp-1899-16-6-order"])
    if left > 0 and not exceptions.applied(ctx, [TREASURY_SHORTFALL], left, sources):   # art 19 ¶2
        if resp.id is not None:
            rest_cites = list(resp.cites) + ["jp-1899:16.1"]
            sources.append((resp.id, left, rest_cites))
            state = "overdue" if overdue(ctx) else "due" if led.notice is not None else "to-be-notified"
            ctx.step("master_pays_rest", rest_cites, "rest-owed", variant=state, rest=yen(_units(ctx, left)),
                     party=name(ctx, resp.id), why=resp.why_en, why_ja=resp.why_ja,
                     amount=ctx.out.round(_units(ctx, left)),
                     readings=list(resp.readings) + ["jp-1899-16-6-order"]
                     + (["jp-1899-17-before-sale"] if overdue(ctx) else []))
    _charge_all(ctx, led.claims, sources)
    _ship_account_step(ctx, sources)
    surplus = led.held - from_custody
    if surplus > 0:
        _return_surplus(ctx, surplus, resp, ["jp-1899:16.6"] if applies(ctx, "16") else ["jp-1899:22", "jp-1899:9.1"])
    if sources and len(led.claims) > 1:
        ctx.step("pro_rata", "jp-1899:18", "pro-rata", readings=["jp-1899-18-pro-rata"])


def _held_money_returned(ctx: Context) -> None:
    """Art 22 listing neither art 16 nor art 18: the money the mayor holds does not pay the rescue
    expenses of a government ship; it goes back (:func:`_return_surplus`)."""
    ctx.step("government_vessel", ["jp-1899:22", "jp-1899:16.6"], "government-ship-held-money-returned",
             readings=["jp-1899-22-government-ships", "jp-1899-22-money"])


#: art 22 sets aside arts 16 ¶6 and 18 (the held money pays first) where it lists neither (:func:`custody_pays`)
GOVERNMENT_SHIP_HELD_MONEY = Exception_("government_vessel", overrides="pay_rescue_expenses",
                                        apply=_held_money_returned,
                                        condition=lambda ctx: bool(ledger(ctx).held) and not custody_pays(ctx))


def _ship_account_step(ctx: Context, sources) -> None:
    """Say in the explanation who finally bears what the master pays (reading jp-1899-15-ship-account)."""
    shown = set()
    for payer, units, cites in sources:
        payers, _ = final_bearers(ctx, payer)
        if payers == [payer] or payer in shown:
            continue
        shown.add(payer)
        ctx.step("ship_account", ["jp-1899:15.2", "jp-1899:16.1"], "ship-account", party=name(ctx, payer),
                 payer=payer, bearers=", ".join(payers), readings=["jp-1899-15-ship-account"])


def treasury_shortfall(ctx: Context, left: int, sources: list) -> None:
    """Art 19 ¶2, an exception to the master paying the rest: unpaid by the day and the art 17 sale
    done, the treasury makes up what the held money does not cover."""
    cites = ["jp-1899:19.2", "jp-1899:17.1"]
    sources.append(("government", left, cites))
    led = ledger(ctx)
    resp = responsible_party(ctx)
    ctx.step("master_pays_rest", list(resp.cites) + ["jp-1899:16.1"], "rest-owed-base-rule",
             rest=yen(_units(ctx, left)), party=name(ctx, resp.id), why=resp.why_en, why_ja=resp.why_ja,
             readings=["jp-1899-16-6-order"])
    ctx.step("treasury_shortfall", cites, "treasury-makes-up-shortfall", due=led.due, shortfall=yen(_units(ctx, left)),
             amount=ctx.out.round(_units(ctx, left)), readings=["jp-1899-19-2-shortfall", "jp-1899-17-before-sale"])


def failed_rescue(ctx: Context) -> None:
    """Art 19 ¶1, an exception to arts 15–18: the rescue failed, so the treasury pays the rescue
    expenses in full; the money held goes back (reading ``jp-1899-19-1-held-money-returned``)."""
    led = ledger(ctx)
    if led.total:
        ctx.step("pay_rescue_expenses", ["jp-1899:18", "jp-1899:15.2", "jp-1899:16.1"], "expenses-base-rule",
                 total=yen(_units(ctx, led.total)), readings=["jp-1899-16-6-order"])
        _charge_all(ctx, led.claims, [("government", led.total, ["jp-1899:19.1"])])
        ctx.step("failed_rescue", "jp-1899:19.1", "treasury-pays-failed-rescue", total=yen(_units(ctx, led.total)),
                 amount=ctx.out.round(_units(ctx, led.total)), readings=["jp-1899-19-1-failed-rescue"])
    if led.held:
        _return_surplus(ctx, led.held, responsible_party(ctx), ["jp-1899:19.1", "jp-1899:16.6"],
                        reading="jp-1899-19-1-held-money-returned")


def shortfall_made_up(ctx: Context, left: int, sources: list) -> bool:
    """Art 19 ¶2's condition: the held money pays (arts 16 ¶6, 18), the art 17 procedure is over and
    the regime's treasury makes up a shortfall (parameter ``treasury.cases``)."""
    return custody_pays(ctx) and art17_done(ctx) and "shortfall" in ctx.p("treasury.cases")


#: the exceptions to the base rules of who pays (law/exceptions.py), each with its condition
FAILED_RESCUE = Exception_("failed_rescue", overrides="pay_rescue_expenses",
                           condition=treasury_pays_failed_rescue, apply=failed_rescue)
TREASURY_SHORTFALL = Exception_("treasury_shortfall", overrides="master_pays_rest",
                                condition=shortfall_made_up, apply=treasury_shortfall)


def _return_surplus(ctx: Context, units: int, resp, cites: list[str], reading: str = "jp-1899-16-6-surplus") -> None:
    """Held money beyond what pays the expenses goes back to the master or owner (art 16 ¶6; art 19 ¶2
    殘餘 … 還付); with neither known, it is held for them (``unclaimed``)."""
    to = resp.id or "unclaimed"
    ctx.out.charge("custody", to, "surplus", _units(ctx, units), cites)
    ctx.step("return_surplus", cites, "surplus-returned", variant=None if resp.id else "unclaimed",
             surplus=yen(_units(ctx, units)), to=name(ctx, to), why_ja=resp.why_ja,
             amount=ctx.out.round(_units(ctx, units)), readings=[reading])
    if resp.id is None:
        ctx.finding("info", "surplus-unclaimed", cites, amount=yen(_units(ctx, units)))

