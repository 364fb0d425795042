"""Government ships, government cargo and mail: arts 22–24.

第二十二条 軍艦其他ノ官有船困難候節ハ早速助船ヲ出シ精々尽力シテ救助ス可シ且其難破ノ大小ニ拘ハラス其旨ヲ直チニ管庁ヘ報知ス可シ
  (a warship or other government ship: rescue at once, and report to the competent office
  whatever the size of the wreck) → government_ship_report.
第二十三条 前条ノ救助ニ属スル諸費用ハ船将又ハ其筋ノ士官ヨリ直チニ受取ヘシト雖モ総テ管庁ノ指揮ヲ受クヘシ
  但シ第十一条ニ記載スル保安物ニ就テハ別段相当ノ手当ヲ与フ可シ
  (its costs are received from the commanding officer, under the office's direction; for
  secured goods an appropriate allowance instead) → government_ship_costs (an exception to
  owner_costs and public_costs) and allowance_instead_of_fee (an exception to salvage_fee).
第二十四条 貢米及ヒ其他ノ官物ヲ積入候船難破ニ及ヒ候節現場救助ヲ除クノ外総テノ処置ハ管庁ヘ申立ノ上其指揮ヲ受ク可シ
  但郵便物ヲ積込候船ハ其最寄郵便役所又ハ取扱所ヘ郵便行嚢ヲ至急引渡ス可シ
  (tribute rice and government goods: everything beyond the rescue under the office's
  direction; mailbags handed to the nearest post office urgently) → government_cargo, mail_bags.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import drift_case, expense_amount, expense_categories, government_ship, ids, wages_withheld, yen


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
    ctx.out.step("government_ship_report", "jp-1875:22",
                 f"Government ship: reported to the competent office on {ref.date}"
                 + (f" ({ref.get('to')})" if ref.get("to") else "") + ".",
                 f"官有船 — {ref.date} 管庁ヘ報知", readings=["jp-1875-22-report"])


def allowance_instead_of_fee(ctx: Context, item, base_cite: str, rate, exact: Fraction) -> None:
    """Art 23 proviso, an exception to art 8 (``salvage_fees.GOVERNMENT_ALLOWANCE``): goods secured from
    a government ship earn an appropriate allowance (別段相当ノ手当) set under the office's direction,
    not the fee. The engine marks its steps as overriding ``salvage_fee``."""
    cites = ["jp-1875:23", "jp-1875:11#1", base_cite]
    ctx.out.step("salvage_fee", base_cite,
                 f"{item.id}: art 8 would give {rate.text} of {item.value} yen = {yen(exact)} yen.",
                 f"{item.id}: 第八条ニ依レハ {item.value} 円ノ{rate.text} = {yen(exact)} 円", params=[rate], exact=exact)
    decided = next((e for e in ctx.scenario.events_of("reward_decided") if e.get("for") == item.id), None)
    if decided is None:
        ctx.finding("info", "government-allowance-pending", cites, item=repr(item.id))
        ctx.out.step("government_ship_allowance", cites,
                     f"{item.id}: government ship — art 23 overrides art 8: no fee; an allowance is to be set by the "
                     "competent office (not yet recorded).",
                     f"{item.id}: 官有船 — 第二十三条但書ニ依リ保安料ニ代ヘ別段相当ノ手当 (未定)",
                     readings=["jp-1875-23-allowance"])
        return
    to = decided.get("to")
    awarded = ctx.out.award(to, item.id, "allowance", Fraction(decided.get("amount")), cites)
    ctx.out.charge_awards(awarded, "government", cites)
    ctx.out.step("government_ship_allowance", cites,
                 f"{item.id}: government ship — art 23 overrides art 8: the competent office set an allowance of "
                 f"{decided.get('amount')} yen for {to} on {decided.date}, paid on the government's account.",
                 f"{item.id}: 官有船 — 保安料ニ代ヘ別段相当ノ手当 {decided.get('amount')} 円ヲ {to} ニ与フ",
                 amount=sum(a.amount for a in awarded),
                 readings=["jp-1875-23-allowance", "jp-1875-23-costs"])


@rule(cites=["jp-1875:23"],
      reads=["case.flood", "case.kind", "case.vessel", "expense.amount", "expense.category",
            "expense.daily_rate", "expense.days", "expense.for", "expense.payee", "found.by",
            "item.effort_evidenced", "item.found", "item.government", "item.kind", "vessel.government",
            "param:effort.withheld_categories"])
def government_ship_costs(ctx: Context) -> None:
    """Art 23, an exception to arts 11 and 12: the costs of rescuing a government ship are
    received from its commanding officer (船将) under the office's direction — the government
    bears them all, not the owner side and local public funds."""
    if drift_case(ctx) or not government_ship(ctx):
        return
    from .costs import official_daily_pay

    cats = expense_categories()
    for e in ctx.scenario.expenses:
        cat = cats.get(e.category)
        if cat is None or cat["rule"] not in ("owner_costs", "public_costs") or wages_withheld(ctx, e):
            continue
        if cat["rule"] == "public_costs":
            official_daily_pay(ctx, e)
        exact = expense_amount(ctx, e)
        if exact is None:
            continue
        cites = [cat["cite"], "jp-1875:23"]
        made = ctx.out.charge("government", e.payee, e.for_ or e.id, exact, cites)
        base = ("art 11: the owner side" if cat["rule"] == "owner_costs"
                else "art 12: two thirds owner side, one third local public funds")
        ctx.out.step("government_ship_costs", cites,
                     f"{e.category} ({e.id}): {yen(exact)} yen — {base} would bear it; art 23 overrides: the costs of "
                     "rescuing a government ship are received from its commanding officer, so the government bears "
                     f"all of it ({sum(c.amount for c in made)} yen).",
                     f"{cat['ja']}: {yen(exact)} 円 — 官有船ノ救助ニ属スル諸費用ハ船将又ハ其筋ノ士官ヨリ受取ル (官費)",
                     exact=exact, amount=ctx.out.round(exact), overrides=cat["rule"],
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
    ctx.out.step("government_cargo", "jp-1875:24",
                 f"Government goods {ids(goods)}: the case was put to the competent office on {ref.date}; "
                 "everything beyond the rescue on the spot follows its directions.",
                 f"貢米官物 {ids(goods)} — {ref.date} 管庁ヘ申立、其指揮ヲ受ク", readings=["jp-1875-24-government-goods"])


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
        ctx.out.step("mail_bags", "jp-1875:24",
                     f"{item.id}: mailbags handed over on {ev.date}" + (f" to {ev.get('to')}" if ev.get("to") else "")
                     + f", {days} day(s) after the casualty ('urgently', 至急: no number of days is fixed).",
                     f"{item.id}: {ev.date} 最寄郵便役所ヘ郵便行嚢ヲ引渡ス", readings=["jp-1875-24-government-goods"])
