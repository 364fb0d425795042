"""Drift goods (漂着物) and unmanned drifting ships (乗組人ナキ漂着船), arts 29–34.

第三十条 … 掲示場及ヒ舶改所ヘ六十日間張出ス可シ尤モ漂着物ノ代価弐拾円以上ト思量シ或ハ … 必要ノ品柄ト
  思量スル時ハ … 三府五港ノ管庁及ヒ税関ヘ報告シテ張出ヲナシ或ハ新聞紙ニ載セナ公告ス可シ
  → posting (60 days) and wide_notice (20 yen or more, or needed goods).
第三十一条 漂着物ノ持主知レタル時ハ … 第一 一ケ年以内ハ其見積代価ノ三分一ヲ取揚主ニ与ヘ其現品ハ持主ニ返還スル事
  但持主ノ情願ニヨリ現品売払ヒ其代金ニテ受取ルコトヲ得可シ (at the owner's request the goods may be sold and the
  owner take the money: :func:`_sold_for_owner`)
  第二 一ケ年ヲ過クレハ之レヲ公売シ其代価ヲ平分シ一半ハ其取揚主ニ与ヘ一半ハ官ニ収ムル事
  但三ケ年以内ニ其持主知レタル時ハ官ニ収メシ部分ハ下戻ス可シ
第三十二条 (the same for an unmanned ship: 1/10 within a year; after it 1/3 to the finder, 2/3 to the government;
  但書ハ前条第一項ニ同シ — the owner's sale too)
第三十四条 凡漂着物ヲ保存シ及ヒ之ヲ公告スル等ノ事ニ付費用アルモノハ … 代価ノ全部中ヨリ之ヲ償却ス可シ
  → the custody and notice costs come off the whole value before the shares (net).

Each rule makes a step per item: its texts are the templates of ``messages.yaml``, written when the
explanation is first read (:meth:`~wreckmaster.law.regime.Context.step`), not while assessing. The
values are passed as the strings they are written as (an amount in yen is a short string; an object
per value put off until the text is read costs more in garbage collection than it saves: 10,000 items).
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from wreckmaster.law.chinese_calendar import number_zh
from wreckmaster.law.money import split
from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import drift_case, expense_amount, expenses_for, ids, name, officials, step_params, yen

#: The citations of arts 31 and 32, written out so that a code scan finds each one
#: (the rules below pick them by article and item).
CITES = {
    (31, None): "jp-1875:31", (31, 1): "jp-1875:31#1", (31, 2): "jp-1875:31#2",
    (32, None): "jp-1875:32", (32, 1): "jp-1875:32#1", (32, 2): "jp-1875:32#2",
}


def _kind(item: Item) -> tuple[str, int, str]:
    """(parameter group, article, Japanese name): an unmanned ship (art 32) or goods (art 31)."""
    return ("vessel", 32, "漂着船") if item.kind == "vessel" else ("goods", 31, "漂着物")


def _find_date(ctx: Context, item: Item):
    return item.found.date if item.found and item.found.date else ctx.case.occurred


def _owner(ctx: Context, item: Item):
    """(owner, date known): from an ``owner_identified`` event, or ``item.owner`` known from the find."""
    ev = ctx.scenario.first("owner_identified", item=item.id)
    if ev:
        return ev.get("owner"), ev.date
    if item.owner:
        return item.owner, _find_date(ctx, item)
    return None, None


def drift_items(ctx: Context) -> list[Item]:
    return list(ctx.scenario.items) if drift_case(ctx) else []


@rule(cites=["jp-1875:30"],
      reads=["event:notice_posted", "case.flood", "case.kind", "expense.date", "found.date", "item.kind",
            "item.value", "param:drift.posting_period"])
def posting(ctx: Context) -> None:
    """Art 30: posted at the notice board and the ship inspection office for 60 days."""
    period = ctx.param("drift.posting_period")
    described, days_zh = period.value.describe(), number_zh(period.value.count)   # the same for every item
    for item in drift_items(ctx):
        ev = ctx.scenario.first("notice_posted", items=item.id)
        if ev is None:
            ctx.finding("warning", "notice-not-posted", "jp-1875:30", item=repr(item.id))
            continue
        due = period.value.due(ev.date)
        status = "met" if ctx.as_of > due else "pending"
        ctx.deadline("post-notice", None, due, None, "jp-1875:30", status=status, item=item.id, period=described,
                     days=period.value.count)
        ctx.step("posting", "jp-1875:30", "notice-posted", item=item.id, posted=ev.date, period=described,
                 days_zh=days_zh, due=due, params=step_params(ctx, "drift.posting_period"),
                 readings=("jp-1875-30-sixty-days",))


@rule(cites=["jp-1875:30"],
      reads=["event:notice_wide", "case.flood", "case.kind", "case.vessel", "item.important", "item.kind",
            "item.value", "param:drift.wide_notice_threshold"])
def wide_notice(ctx: Context) -> None:
    """Art 30: wider notice when the value is 20 yen or more, or the goods are needed ones.
    The wider notice is for drift goods (漂着物ノ代価弐拾円以上), not for an unmanned ship (乗組人ナキ船),
    which gets the sixty days' posting only (reading ``jp-1875-30-goods-only``)."""
    threshold = ctx.param("drift.wide_notice_threshold")
    threshold_yen = yen(threshold.value)
    for item in drift_items(ctx):
        if _kind(item)[0] == "vessel":
            ctx.step("wide_notice", "jp-1875:30", "unmanned-ship-posted-only", item=item.id,
                     readings=["jp-1875-30-goods-only"])
            continue
        big = item.value is not None and Fraction(item.value) >= threshold.value
        if not (big or item.important):
            continue
        if ctx.scenario.first("notice_wide", items=item.id) is None:
            ctx.finding("warning", "wide-notice-missing", "jp-1875:30", item=repr(item.id),
                        **({"variant": "value", "value": str(item.value), "threshold": str(threshold_yen)} if big
                           else {"variant": "needed"}))
        ctx.step("wide_notice", "jp-1875:30", "wider-notice", item=item.id, value=item.value,
                 threshold=threshold_yen, variant="value" if big else "needed",
                 params=step_params(ctx, "drift.wide_notice_threshold"), readings=("jp-1875-30-twenty-yen",))


def _costs_by_item(ctx: Context) -> dict[str | None, list]:
    """The art 34 expenses by the item they are for (indexed once: a case with many items and
    expenses stays linear)."""
    by_item: dict[str | None, list] = {}
    for e, _ in expenses_for(ctx, "drift_costs"):
        by_item.setdefault(e.for_, []).append(e)
    return by_item


#: item → its art 34 expenses (:func:`_costs_by_item`)
DRIFT_COSTS = Value("drift_costs", dict, compute=_costs_by_item)
#: (group, finders) → the finders' and the government's weights (:func:`_weights`), one table per assessment
DRIFT_WEIGHTS = Value("drift_weights", dict, compute=lambda ctx: {})


def _costs(ctx: Context, item: Item) -> list[tuple[str | None, str, Fraction]]:
    """Art 34 costs of keeping and giving notice of this item: (payee, expense id, amount)."""
    out = []
    for e in ctx[DRIFT_COSTS].get(item.id, ()):
        amount = expense_amount(ctx, e)
        if amount is not None:
            out.append((e.payee, e.id, amount))
    return out


@rule(cites=["jp-1875:31", "jp-1875:31#1", "jp-1875:31#2", "jp-1875:32", "jp-1875:32#1", "jp-1875:32#2",
            "jp-1875:34", "jp-1875:11", "jp-1875:15"],
      reads=["event:owner_identified", "event:sold", "case.flood", "case.kind", "case.occurred",
            "case.vessel", "expense.amount", "expense.category", "expense.daily_rate", "expense.date",
            "expense.days", "expense.for", "expense.payee", "found.by", "found.date", "item.found",
            "item.government", "item.kind", "item.owner", "item.value", "vessel.government", "vessel.owner",
            "param:drift.owner_period", "param:drift.repayment_period"])
def finder_shares(ctx: Context) -> None:
    """Arts 31, 32 and 34: the finder's share, the government's part, and its repayment."""
    for item in drift_items(ctx):
        group, art, name_ja = _kind(item)
        finders = item.found.by if item.found else []
        if not finders:
            ctx.finding("error", "finder-missing", CITES[(art, None)], variant="share", item=repr(item.id), art=str(art))
            continue
        found_on = _find_date(ctx, item)
        owner_period = ctx.param("drift.owner_period")
        year_end = owner_period.value.due(found_on)
        owner, known_on = _owner(ctx, item)
        within = known_on is not None and known_on <= year_end
        ctx.deadline("owner-to-appear", owner, year_end, known_on, CITES[(art, 1)], item=item.id)
        if within:
            _returned_to_owner(ctx, item, group, art, name_ja, finders, owner, known_on)
        elif ctx.as_of <= year_end:
            ctx.step("finder_share", CITES[(art, 1)], "shares-not-yet-fixed", item=item.id, found=found_on,
                     year_end=year_end)
        else:
            _sold_after_year(ctx, item, group, art, name_ja, finders, owner, known_on, found_on, year_end)


def _net(ctx: Context, item: Item, base: Fraction, art: int) -> tuple[Fraction, list]:
    costs = _costs(ctx, item)
    total = sum((c for _, _, c in costs), Fraction(0))
    net = base - total if costs else base
    if net < 0:
        ctx.finding("warning", "costs-exceed-value", ["jp-1875:34", CITES[(art, None)]], item=repr(item.id),
                    total=str(yen(total)), base=str(yen(base)))
        net = Fraction(0)
    if costs:
        ctx.step("drift_costs", "jp-1875:34", "costs-off-the-whole-value", item=item.id, value=yen(base),
                 costs=yen(total), net=yen(net), exact=net, readings=("jp-1875-34-whole-value",))
    return net, costs


def _returned_to_owner(ctx, item, group, art, name_ja, finders, owner, known_on) -> None:
    """Art 31 item 1 / art 32 item 1: the thing goes back to its owner, who pays the finder."""
    cite = CITES[(art, 1)]
    if item.value is None:
        ctx.finding("error", "value-missing", cite, variant="estimate", item=repr(item.id))
        return
    share_name = f"drift.{group}.finder_share_within_year"
    share = ctx.param(share_name)
    net, costs = _net(ctx, item, Fraction(item.value), art)
    exact = net * share.value
    awarded = ctx.out.award(finders, item.id, "finder_share", exact, [cite, "jp-1875:34"])
    total = sum(a.amount for a in awarded)
    sale = ctx.scenario.first("sold", item=item.id)
    if sale is not None and sale.date >= known_on:
        _sold_for_owner(ctx, item, art, owner, sale, costs, awarded)
    else:
        for payee, exp_id, amount in costs:
            ctx.out.charge(owner, payee, exp_id, amount, "jp-1875:34")
        ctx.out.charge_awards(awarded, owner, [cite, "jp-1875:34"])
    ctx.step("finder_share", (cite, "jp-1875:34"), "returned-to-owner", item=item.id, owner=owner,
             known_on=known_on, share=share.text, net=yen(net), share_exact=yen(exact),
             total=total, inputs={"value": item.value, "owner": owner, "owner_known": known_on, "finders": finders},
             params=step_params(ctx, share_name), exact=exact, amount=total, readings=ONE_YEAR[art])


def _sold_for_owner(ctx, item, art, owner, sale, costs, awarded) -> None:
    """Art 31 item 1, proviso (art 32 item 1 by 但書ハ前条第一項ニ同シ): 但持主ノ情願ニヨリ現品売払ヒ其代金ニテ
    受取ルコトヲ得可シ — at the owner's request the goods are sold and the owner takes the money
    instead of the goods. A ``sold`` event on or after the day the owner became known (within the
    year) is that sale (reading ``jp-1875-31-owner-sale``). The price is the money the authority
    holds (``custody``), and pays, in this order: (1) the art 34 costs; (2) the finder's share of
    the estimated value net of those costs (item 1's share: the sale does not change its base);
    (3) the rest, to the owner. What the price cannot pay stays the owner's, as it is without a
    sale (item 1 charges the costs and the share to the owner)."""
    cite = CITES[(art, 1)]
    price = Fraction(sale.get("price"))
    left = price
    paid: list[tuple[str, str, Fraction]] = []   # (payer, what, amount): for the step
    for payee, exp_id, amount in costs:
        from_price = min(amount, left)
        left -= from_price
        ctx.out.charge("custody", payee, exp_id, from_price, ["jp-1875:34", cite])
        if amount > from_price:
            ctx.out.charge(owner, payee, exp_id, amount - from_price, ["jp-1875:34", cite])
        paid.append(("custody", exp_id, from_price))
    for a in awarded:
        from_price = min(Fraction(a.amount), left)
        left -= from_price
        ctx.out.charge("custody", a.to, a.for_, from_price, [cite, "jp-1875:34"])
        if a.amount > from_price:
            ctx.out.charge(owner, a.to, a.for_, Fraction(a.amount) - from_price, [cite, "jp-1875:34"])
        paid.append(("custody", a.to, from_price))
    rest = ctx.out.charge("custody", owner, item.id, left, cite)
    owed = sum((c for _, _, c in costs), Fraction(0)) + sum((Fraction(a.amount) for a in awarded), Fraction(0))
    if owed > price:
        ctx.finding("info", "owner-sale-short", [cite, "jp-1875:34"], item=repr(item.id), price=str(yen(price)),
                    art=str(art))
    ctx.step("owner_sale", (cite, "jp-1875:34"), "sold-for-owner", item=item.id, owner=owner, sold=sale.date,
             price=yen(price), paid=", ".join(f"{what} {yen(amount)}" for _, what, amount in paid),
             rest=sum((r.amount for r in rest), Decimal(0)),
             inputs={"price": price, "owner": owner, "sold": sale.date}, exact=left,
             readings=("jp-1875-31-owner-sale",))


#: the reading of the year within which the owner may appear, by article
ONE_YEAR = {31: ("jp-1875-31-one-year",), 32: ("jp-1875-32-one-year",)}


def _sold_after_year(ctx, item, group, art, name_ja, finders, owner, known_on, found_on, year_end) -> None:
    """Art 31 item 2 / art 32 item 2: public sale; the price shared between the finder and the
    government; the government's part repaid to an owner who appears within three years."""
    cite = CITES[(art, 2)]
    sale = ctx.scenario.first("sold", item=item.id)
    if sale is not None:
        base = Fraction(sale.get("price"))
        if sale.date <= year_end:
            ctx.finding("warning", "sold-within-year", cite, item=repr(item.id), sold=str(sale.date),
                        year_end=str(year_end), art=str(art))
    elif item.value is not None:
        base = Fraction(item.value)
        ctx.finding("info", "sale-not-recorded", cite, item=repr(item.id), art=str(art))
    else:
        ctx.finding("error", "value-missing", cite, variant="sale", item=repr(item.id))
        return
    share_name = f"drift.{group}.finder_share_after_year"
    share = ctx.param(share_name)
    net, costs = _net(ctx, item, base, art)
    left = base
    for payee, exp_id, amount in costs:
        from_price = min(amount, left)
        left -= from_price
        ctx.out.charge("custody", payee, exp_id, from_price, "jp-1875:34")
        if amount > from_price:
            # the price cannot pay it all: as art 11 (to which art 34 refers), the shortfall is
            # treated under art 15 — at government expense
            ctx.out.charge("government", payee, exp_id, amount - from_price, ["jp-1875:34", "jp-1875:11", "jp-1875:15"])
    amounts = split(net, _weights(ctx, group, share.value, len(finders)), ctx.out.currency)
    cites = (cite, "jp-1875:34")
    # the parts are already rounded: each award is exactly its part
    finder_parts = [a for f, amt in zip(finders, amounts) for a in ctx.out.award(f, item.id, "finder_share", amt, cites)]
    gov_parts = ctx.out.award("government", item.id, "government_share", amounts[-1], cites)
    ctx.out.charge_awards(finder_parts + gov_parts, "custody", cites)
    ctx.step("finder_share", cites, "sold-after-the-year", item=item.id, year_end=year_end, price=yen(base),
             net=yen(net), share=share.text, finders=", ".join(f"{f} {a}" for f, a in zip(finders, amounts)),
             government=amounts[-1], inputs={"price": base, "found": found_on, "finders": finders},
             params=step_params(ctx, share_name), exact=net, amount=sum(amounts, Decimal(0)), readings=ONE_YEAR[art])
    _repayment(ctx, item, art, owner, known_on, found_on, amounts[-1])


def _weights(ctx: Context, group: str, share: Fraction, finders: int) -> list[Fraction]:
    """Each finder's equal part of the finder's share, then the government's part (the same for
    every item of a group with as many finders: worked out once)."""
    cache = ctx[DRIFT_WEIGHTS]
    key = (group, finders)
    if key not in cache:
        cache[key] = [share / finders] * finders + [1 - share]
    return cache[key]


def _repayment(ctx, item, art, owner, known_on, found_on, gov_amount: Decimal) -> None:
    """Art 31 item 2, proviso (applied to ships by art 32): repaid within three years of the find."""
    cite = CITES[(art, 2)]
    period = ctx.param("drift.repayment_period")
    due = period.value.due(found_on)
    ctx.deadline("owner-to-appear-for-repayment", owner, due, known_on, cite, item=item.id)
    if owner is None or known_on is None:
        return
    if known_on <= due:
        if gov_amount:
            ctx.out.award(owner, item.id, "repayment", Fraction(gov_amount), cite)
            ctx.out.charge("government", owner, item.id, gov_amount, cite)
        ctx.step("repayment", cite, "government-part-repaid", item=item.id, owner=owner, known_on=known_on, due=due,
                 government=gov_amount, params=step_params(ctx, "drift.repayment_period"), amount=gov_amount,
                 readings=("jp-1875-31-three-years",))
    else:
        ctx.finding("info", "repayment-too-late", cite, item=repr(item.id), known_on=str(known_on), due=str(due))


@rule(cites=["jp-1875:29"],
      reads=["event:declared", "event:reported", "case.flood", "case.kind", "expense.date", "found.by",
            "found.date", "item.found", "item.kind", "party.name", "party.person", "person.name",
            "vessel.name"])
def drift_report(ctx: Context) -> None:
    """Art 29: 凡原因ノ知レサル難船漂着物及ヒ乗組人ナキ漂着船ヲ見附ル者ハ之ヲ浦役人ニ報知ス可シ浦役人ハ其調書ヲ作リ
    之ヲ其管庁ヘ届出可シ — the finder reports to a coast official; the official makes a record
    (調書) and submits it to the competent office (a ``declared`` event naming the item)."""
    offs = set(officials(ctx))
    first_report: dict[str, object] = {}   # reporter → his earliest report (events_of is in date order)
    for r in ctx.scenario.events_of("reported"):
        for who in r.get("by"):
            first_report.setdefault(who, r)
    for item in drift_items(ctx):
        finders = list(item.found.by) if item.found else []
        reports = [first_report[f] for f in finders if f in first_report]
        report = min(reports, key=lambda r: (r.date, r.index)) if reports else None
        if report is None:
            ctx.finding("warning", "drift-find-not-reported", "jp-1875:29", item=repr(item.id),
                        finders=str(ids([name(ctx, f) for f in finders])))
        elif report.get("to") and not offs & set(report.get("to")):
            ctx.finding("warning", "report-not-to-official", "jp-1875:29", variant="find", item=repr(item.id),
                        to=str(ids(report.get('to'))))
        record = ctx.scenario.first("declared", items=item.id)
        if record is None:
            ctx.finding("warning", "drift-record-not-submitted", "jp-1875:29", item=repr(item.id))
        ctx.step("drift_report", "jp-1875:29", "drift-find-report", item=item.id,
                 by=ids(report.get("by")) if report else None, reported=report.date if report else None,
                 recorded=record.date if record else None, variant=REPORT_SHAPE[report is not None, record is not None],
                 readings=("jp-1875-29-report",))


#: (reported, record submitted) → the shape of the step ``drift-find-report``
REPORT_SHAPE = {(True, True): "reported-recorded", (True, False): "reported-not-recorded",
                (False, True): "not-reported-recorded", (False, False): "not-reported-not-recorded"}


@rule(cites=["jp-1875:37"],
      reads=["case.flood"])
def storm_flood(ctx: Context) -> None:
    """Art 37: 暴風洪水等ニテ漂流シタル材木物品等ヲ保安スル時ハ此漂着物ノ規則ヲ通シ用フ可シ — timber and
    goods carried off by storms or floods are dealt with under the drift-goods rules
    (``case.flood``: :func:`drift_items` then includes them whatever ``case.kind`` says)."""
    if not ctx.case.flood:
        return
    ctx.finding("info", "flood-goods-as-drift", "jp-1875:37")
    ctx.step("storm_flood", "jp-1875:37", "flood-goods-as-drift", items=ids([i.id for i in ctx.scenario.items]),
             readings=["jp-1875-37-flood"])
