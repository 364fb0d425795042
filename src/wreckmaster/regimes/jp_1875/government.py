"""Government ships, government cargo and mail: arts 22–24.

第二十二条 軍艦其他ノ官有船困難候節ハ早速助船ヲ出シ精々尽力シテ救助ス可シ且其難破ノ大小ニ拘ハラス其旨ヲ直チニ管庁ヘ報知ス可シ
  (a warship or other government ship: rescue at once, and report to the competent office
  whatever the size of the wreck) → government_ship_report.
第二十三条 前条ノ救助ニ属スル諸費用ハ船将又ハ其筋ノ士官ヨリ直チニ受取ヘシト雖モ総テ管庁ノ指揮ヲ受クヘシ
  但シ第十一条ニ記載スル保安物ニ就テハ別段相当ノ手当ヲ与フ可シ
  (its costs are received from the commanding officer, under the office's direction; for
  secured goods an appropriate allowance instead) → government_ship_costs (the exceptions
  ``costs.GOVERNMENT_SHIP_COSTS`` to owner_costs and ``costs.GOVERNMENT_SHIP_PUBLIC_COSTS`` to
  public_costs) and allowance_instead_of_fee (``salvage_fees.GOVERNMENT_ALLOWANCE``, an exception to salvage_fee).
第二十四条 貢米及ヒ其他ノ官物ヲ積入候船難破ニ及ヒ候節現場救助ヲ除クノ外総テノ処置ハ管庁ヘ申立ノ上其指揮ヲ受ク可シ
  但郵便物ヲ積込候船ハ其最寄郵便役所又ハ取扱所ヘ郵便行嚢ヲ至急引渡ス可シ
  (tribute rice and government goods: everything beyond the rescue under the office's
  direction; mailbags handed to the nearest post office urgently) → government_cargo, mail_bags.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import drift_case, expense_amount, expenses_for, government_ship, ids, wages_withheld, yen


def _referral(ctx: Context):
    return ctx.scenario.first("referred_to_authority")


@rule(cites=["jp-1875:22"],
      reads=["event:referred_to_authority", "case.flood", "case.kind", "case.vessel", "expense.date",
            "found.date", "item.government", "item.kind", "vessel.government"])
def government_ship_report(ctx: Context) -> None:
    """Art 22: a government ship in difficulty is reported at once to the competent office."""
    if drift_case(ctx) or not government_ship(ctx):
        return
    ref = _referral(ctx)
    if ref is None:
        ctx.finding("warning", "government-ship-not-reported", "jp-1875:22")
        return
    ctx.step("government_ship_report", "jp-1875:22", "government-ship-reported", date=ref.date, to=ref.get("to"),
             variant="to" if ref.get("to") else None, readings=["jp-1875-22-report"])


def allowance_instead_of_fee(ctx: Context, item, base_cite: str, rate, exact: Fraction) -> None:
    """Art 23 proviso, an exception to art 8 (``salvage_fees.GOVERNMENT_ALLOWANCE``): goods secured from
    a government ship earn an appropriate allowance (別段相当ノ手当) set under the office's direction,
    not the fee. The engine marks its steps as overriding ``salvage_fee``."""
    cites = ["jp-1875:23", "jp-1875:11#1", base_cite]
    ctx.step("salvage_fee", base_cite, "fee-art-8-would-give", item=item.id, rate=rate.text, value=item.value,
             fee=yen(exact), params=[rate], exact=exact)
    decided = next((e for e in ctx.scenario.events_of("reward_decided") if e.get("for") == item.id), None)
    if decided is None:
        ctx.finding("info", "government-allowance-pending", cites, item=repr(item.id))
        ctx.step("government_ship_allowance", cites, "allowance-not-yet-set", item=item.id,
                 readings=["jp-1875-23-allowance"])
        return
    to = decided.get("to")
    awarded = ctx.out.award(to, item.id, "allowance", Fraction(decided.get("amount")), cites)
    ctx.out.charge_awards(awarded, "government", cites)
    ctx.step("government_ship_allowance", cites, "allowance-instead-of-fee", item=item.id,
             allowance=decided.get("amount"), to=to, date=decided.date, amount=sum(a.amount for a in awarded),
                 readings=["jp-1875-23-allowance", "jp-1875-23-costs"])


def government_ship_costs(ctx: Context, base: str) -> None:
    """Art 23, an exception to arts 11 and 12 (``costs.GOVERNMENT_SHIP_COSTS`` overrides ``owner_costs``,
    ``costs.GOVERNMENT_SHIP_PUBLIC_COSTS`` ``public_costs``): the costs of rescuing a government ship
    are received from its commanding officer (船将) under the office's direction — the government
    bears all those of the ``base`` rule, not the owner side and local public funds. The engine
    marks its steps as overriding ``base``."""
    if drift_case(ctx):
        return   # drift goods: arts 29–37 (no art 23 costs)
    from .costs import official_daily_pay

    for e, cat in expenses_for(ctx, base):
        if wages_withheld(ctx, e):
            continue
        if base == "public_costs":
            official_daily_pay(ctx, e)
        exact = expense_amount(ctx, e)
        if exact is None:
            continue
        cites = [cat["cite"], "jp-1875:23"]
        made = ctx.out.charge("government", e.payee, e.for_ or e.id, exact, cites)
        ctx.step("government_ship_costs", cites, "government-bears-the-costs", category=e.category, expense=e.id,
                 category_ja=cat["ja"], exact_yen=yen(exact), total=sum(c.amount for c in made),
                 variant=base.replace("_", "-"), exact=exact, amount=ctx.out.round(exact),
                 readings=["jp-1875-23-costs"])


@rule(cites=["jp-1875:24"],
      reads=["event:referred_to_authority", "case.flood", "case.kind", "expense.date", "found.date",
            "item.government", "item.kind", "vessel.government"])
def government_cargo(ctx: Context) -> None:
    """Art 24: a ship carrying tribute rice or other government goods — every measure beyond the
    rescue on the spot is put to the competent office and done under its direction."""
    if drift_case(ctx):
        return
    goods = [i.id for i in ctx.scenario.items if i.government]
    if not goods:
        return
    ref = _referral(ctx)
    if ref is None:
        ctx.finding("warning", "government-cargo-not-referred", "jp-1875:24", goods=str(ids(goods)))
        return
    ctx.step("government_cargo", "jp-1875:24", "government-goods-referred", goods=ids(goods), date=ref.date,
             readings=["jp-1875-24-government-goods"])


@rule(cites=["jp-1875:24"],
      reads=["event:mail_handed_over", "case.flood", "case.kind", "case.occurred", "expense.date",
            "expense.days", "found.date", "item.kind"])
def mail_bags(ctx: Context) -> None:
    """Art 24 proviso: the mailbags go urgently to the nearest post office or postal agency."""
    if drift_case(ctx):
        return
    for item in ctx.scenario.items:
        if item.kind != "mail":
            continue
        ev = ctx.scenario.first("mail_handed_over", items=item.id)
        if ev is None:
            ctx.finding("warning", "mail-not-handed-over", "jp-1875:24", item=repr(item.id))
            continue
        days = (ev.date - ctx.case.occurred).days
        ctx.step("mail_bags", "jp-1875:24", "mailbags-handed-over", item=item.id, date=ev.date, to=ev.get("to"),
                 days=days, variant="to" if ev.get("to") else None, readings=["jp-1875-24-government-goods"])
