"""Who receives rescue expenses, and on what claim: arts 12, 13, 14 and 20.

第十二條 救護ニ關係シタル者ハ市町村長ヨリ救護費用ノ支給ヲ受クルコトヲ得
  前項ノ規定ハ左ニ揭クル者ニハ之ヲ適用セス … 四 救護ニ際シ妨害ヲ爲シ又ハ不正ノ行爲ヲ爲シタル者
  (Those who took part in the rescue receive rescue expenses from the mayor; not those who
  obstructed it or acted wrongfully — items 1–3 are not in the seed.) → admitted_claims
第十三條 [absent from the seed; seeds README] Rescue expenses: pay for labour; compensation for
  requisitions and land use under art 6; costs of transporting, storing and selling salvaged goods.
  → expense_heads
第十四條 救護費用ノ支給ヲ受ケントスル者ハ市町村長ノ指定スル期間內ニ其ノ金額ヲ申立ツヘシ
  前項ノ手續ヲ爲ササル者ハ救護費用ノ支給ヲ受クルコトヲ得ス
  (Claim the amount within the mayor's period; no claim, no payment.) → admitted_claims
第二十條 本章ノ規定ハ市町村長ノ招集ヲ待タスシテ救護ニ從事シタル者ニ亦之ヲ適用ス但シ市町村長ニ於テ救護ニ干與セサル
  トキハ此ノ限ニアラス
  (Volunteers are covered too, unless the mayor took no part in the rescue.) → admitted_claims

An admitted claim (``claim_filed``: by, amount) is an award of kind ``rescue_expenses`` to the
claimant; :mod:`.expenses` says who pays it.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.chinese_calendar import number_zh
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import CLAIM_EXCLUSIONS, CLAIMS, EXCLUDED_CONDUCT, SUMMONED, event_actors, name, yen
from .expenses import is_mayor_outlay


@rule(cites=["jp-1899:12.2", "jp-1899:14.1", "jp-1899:20", "jp-1899:12.1", "jp-1899:14.2", "jp-1899:12.2#4"],
      reads=["event:claim_filed", "event:claim_period_set", "event:requisitioned", "event:summoned",
            "case.mayor_not_involved", "expense.amount", "expense.date", "found.by", "found.date",
            "party.name", "party.obstructed", "party.person", "party.roles", "person.name", "vessel.name"])
def admitted_claims(ctx: Context) -> None:
    """Arts 12, 14, 20: each claim filed is admitted unless late (art 14 ¶2), made by someone who
    obstructed or acted wrongfully (art 12 ¶2 item 4) or by a volunteer when the mayor took no part
    (art 20 proviso). Admitted claims are awards; :data:`.common.CLAIMS` keeps them for the payers."""
    claims = ctx.scenario.events_of("claim_filed")
    admitted: list[tuple[str, int]] = []
    ctx[CLAIMS] = admitted
    if not claims:
        return
    unit = ctx.out.currency.unit
    period = ctx.scenario.first("claim_period_set")
    summoned = _summoned(ctx)
    ctx.finding("info", "exclusions-not-in-seed", "jp-1899:12.2")
    ctx.step("admitted_claims", "jp-1899:12.2", "only-item-4-in-seed", readings=["jp-1899-12-2-items-1-3-unknown"])
    if period is None:
        ctx.finding("info", "claim-period-not-set", "jp-1899:14.1")
        ctx.step("admitted_claims", "jp-1899:14.1", "no-claim-period", readings=["jp-1899-14-no-period"])
    for ev in claims:
        by, amount = ev.get("by"), ev.get("amount")
        if period is not None:
            ctx.deadline("file-rescue-expense-claim", by, period.get("due"), ev.date, "jp-1899:14.1", claimant=by)
        if exceptions.applied(ctx, EXCLUDED, ev):   # arts 14 ¶2, 12 ¶2, 20 proviso: no rescue expenses
            continue
        volunteer = by not in summoned
        cites = ["jp-1899:12.1", "jp-1899:14.1"] + (["jp-1899:20"] if volunteer else [])
        made = ctx.out.award(by, None, "rescue_expenses", Fraction(amount), cites)
        units = sum(int(Fraction(a.amount) / unit) for a in made)
        if units:
            admitted.append((by, units))
        ctx.step("admitted_claims", cites, "claim-admitted",
                 variant=shape(("in-period", period is not None), ("volunteer", volunteer)), claimant=by,
                 claimed=amount, filed=ev.date, due=period.get("due") if period is not None else None,
                 admitted=yen(Fraction(amount)),
                 inputs={"claimant": by, "filed": ev.date, "amount": amount,
                         "due": period.get("due") if period is not None else None, "summoned": not volunteer},
                 amount=made[0].amount if made else None,
                 readings=["jp-1899-14-late-claim", "jp-1899-15-1-amount-by-ordinance"]
                 + (["jp-1899-20-volunteers"] if volunteer else []))


def _summoned(ctx: Context) -> set[str]:
    """Those the mayor called in (art 6 ¶1: summoned, or their things or land requisitioned) and the
    officials: not volunteers (art 20)."""
    summoned = set(ctx[SUMMONED])
    for ev in ctx.scenario.events_of("requisitioned"):   # art 6 ¶1: their things or land were taken
        summoned.update(event_actors(ev.get("from")))
    summoned.update(p.id for p in ctx.scenario.parties if {"mayor", "police", "official"} & set(p.roles))
    return summoned


def _late(ctx: Context, ev) -> bool:
    period = ctx.scenario.first("claim_period_set")
    return period is not None and ev.date > period.get("due")


def _late_claim(ctx: Context, ev) -> None:
    """Art 14 ¶2: a claim after the mayor's period is not paid."""
    by, amount, due = ev.get("by"), ev.get("amount"), ctx.scenario.first("claim_period_set").get("due")
    ctx.finding("warning", "claim-filed-late", ["jp-1899:14.2", "jp-1899:14.1"], claimant=name(ctx, by),
                amount=str(amount), filed=str(ev.date), due=str(due))
    ctx.step("late_claim", ["jp-1899:14.2", "jp-1899:14.1"], "claim-late", claimant=by, claimed=amount, filed=ev.date,
             due=due, inputs={"filed": ev.date, "due": due, "amount": amount}, readings=["jp-1899-14-late-claim"])


def _excluded(ctx: Context, ev) -> None:
    """Today's art 12 ¶2 items 1–3, 5 (jp_1899_2025/exclusions.py); none under the seed."""
    by, amount = ev.get("by"), ev.get("amount")
    item, why, cite = ctx[CLAIM_EXCLUSIONS][by]
    ctx.finding("warning", "claim-excluded", [cite, "jp-1899:12.1"], claimant=name(ctx, by),
                amount=str(amount), why=why, item=str(item), item_ja=number_zh(item))
    ctx.step("claim_excluded", [cite, "jp-1899:12.1"], "claim-excluded", claimant=by, why=why, item=item,
             item_ja=number_zh(item), inputs={"claimant": by, "amount": amount},
             readings=["jp-1899-2025-12-2-exclusions"])


def _obstructed(ctx: Context, ev) -> bool:
    party = ctx.scenario.party(ev.get("by"))
    return bool(party is not None and party.obstructed)


def _obstructor(ctx: Context, ev) -> None:
    """Art 12 ¶2 item 4: those who obstructed the rescue or acted wrongfully during it."""
    by, amount = ev.get("by"), ev.get("amount")
    why, cite, why_ja = (("he obstructed the rescue or acted wrongfully (party.obstructed)", "jp-1899:12.2#4",
                          "救護を妨害し又は不正の行為をした（party.obstructed）")
                         if _obstructed(ctx, ev) else ctx[EXCLUDED_CONDUCT][by])
    ctx.finding("warning", "claim-excluded-obstruction", ["jp-1899:12.2#4", cite], claimant=name(ctx, by),
                amount=str(amount), why=why, why_ja=why_ja)
    ctx.step("obstructor", ["jp-1899:12.2#4", cite], "claim-excluded-obstructor", claimant=by, why=why,
             inputs={"claimant": by, "amount": amount},
             readings=["jp-1899-12-2-4-obstructor", "jp-1899-12-2-4-acts"])


def _volunteer_not_covered(ctx: Context, ev) -> None:
    """Art 20 proviso: a volunteer is not covered when the mayor took no part in the rescue."""
    by, amount = ev.get("by"), ev.get("amount")
    ctx.finding("info", "volunteer-not-covered", "jp-1899:20", claimant=name(ctx, by), amount=str(amount))
    ctx.step("volunteer_not_covered", "jp-1899:20", "volunteer-not-covered", claimant=by,
             readings=["jp-1899-20-volunteers"])


#: the exceptions to art 12 ¶1 (a claim filed is paid), in this order: the first that holds is applied
EXCLUDED = [
    Exception_("late_claim", overrides="admitted_claims", condition=_late, apply=_late_claim),          # art 14 ¶2
    Exception_("claim_excluded", overrides="admitted_claims", apply=_excluded,                         # art 12 ¶2 (today)
               condition=lambda ctx, ev: ev.get("by") in ctx[CLAIM_EXCLUSIONS]),
    Exception_("obstructor", overrides="admitted_claims", apply=_obstructor,                           # art 12 ¶2 item 4
               condition=lambda ctx, ev: _obstructed(ctx, ev) or ev.get("by") in ctx[EXCLUDED_CONDUCT]),
    Exception_("volunteer_not_covered", overrides="admitted_claims", apply=_volunteer_not_covered,     # art 20 proviso
               condition=lambda ctx, ev: ev.get("by") not in _summoned(ctx) and bool(ctx.case.mayor_not_involved)),
]

@rule(cites=["jp-1899:13", "jp-1899:14.2"],
      reads=["event:claim_filed", "event:sold", "expense.amount", "expense.category", "expense.for",
            "expense.payee", "found.by", "item.value", "party.name", "party.person", "person.name",
            "vessel.name", "param:rescue_expenses.heads", "param:rescue_expenses.mayor_outlays"])
def expense_heads(ctx: Context) -> None:
    """Art 13 (from the seeds README): what counts as rescue expenses. The scenario's ``expenses``
    itemise them; a category outside the heads is not a rescue expense, and an expense whose payee
    filed no claim is not paid (art 14 ¶2)."""
    heads = ctx.param("rescue_expenses.heads")
    claimants = {e.get("by") for e in ctx.scenario.events_of("claim_filed")}
    for e in ctx.scenario.expenses:
        if e.category not in heads.value:
            ctx.finding("info", "not-a-rescue-expense", "jp-1899:13", expense=e.id, category=str(e.category))
            ctx.step("expense_heads", "jp-1899:13", "not-an-expense-head", expense=e.id, category=e.category,
                     params=[heads], readings=["jp-1899-13-expense-heads", "jp-1899-13-outside-heads"])
            continue
        ctx.step("expense_heads", "jp-1899:13", "expense-head",
                 variant=shape(("amount", e.amount is not None), ("payee", e.payee)),
                 expense=e.id, category=e.category, cost=e.amount, payee=e.payee, params=[heads],
                 readings=["jp-1899-13-expense-heads"])
        if e.payee is not None and e.payee not in claimants and ctx.scenario.party(e.payee) is not None \
                and not is_mayor_outlay(ctx, e):   # the mayor's own outlay needs no claim (expenses.mayor_outlays)
            ctx.finding("info", "expense-not-claimed", ["jp-1899:14.2", "jp-1899:13"], expense=e.id,
                        category=str(e.category), payee=name(ctx, e.payee))
