"""Salvage fee (保安料), arts 8–9.

第八条 難船物ヲ保安スル者ヘハ左ノ割合ヲ以テ保安料ヲ遣ハス可シ
  第一 海面ニ漂流スル物品ハ其二十分一 / 第二 海中ニ沈没スル物品ハ其十分一
  第三 川面ニ漂流スル物品ハ其三十分一 / 第四 川底ニ沈没スル物品ハ其十五分一
  (Whoever secures goods of a wrecked ship is given a salvage fee: 1/20 floating at sea,
  1/10 sunk at sea, 1/30 floating in a river, 1/15 sunk in a river.)
第九条 … 尽力シタル証跡顕然タラサルニ於テハ保安料及ヒ其他ノ賃銭等ヲ割渡ス可カラス
  (Exception to art 8: no fee where the effort is not evidenced.)

The fee is an art 11 cost (第十一条第一 保安料): :mod:`.costs` charges it.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.assessment import Award
from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import SALVAGE_FEES, drift_case, government_ship, ids, step_params, wages_withheld, yen
from .government import allowance_instead_of_fee

ITEM_OF = {("sea", "floating"): 1, ("sea", "sunk"): 2, ("river", "floating"): 3, ("river", "sunk"): 4}
PLACE_JA = {("sea", "floating"): "海面ニ漂流", ("sea", "sunk"): "海中ニ沈没",
            ("river", "floating"): "川面ニ漂流", ("river", "sunk"): "川底ニ沈没"}


@rule(cites=["jp-1875:8", "jp-1875:23", "jp-1875:11#1", "jp-1875:9"],
      reads=["event:reward_decided", "case.flood", "case.kind", "case.vessel", "case.waters",
            "expense.amount", "expense.category", "expense.date", "expense.for", "expense.payee", "found.by",
            "found.date", "found.state", "found.waters", "item.effort_evidenced", "item.found",
            "item.government", "item.kind", "item.value", "vessel.government",
            "param:effort.withheld_categories"])
def salvage_fee(ctx: Context) -> None:
    """Art 8: the fee on each item saved from a casualty (not for drift goods, arts 29–37)."""
    if drift_case(ctx):
        return
    fees: list[Award] = []
    for item in ctx.scenario.items:
        found = item.found
        if found is None:
            continue
        waters = found.waters or ctx.case.waters
        if found.state == "ashore":
            ctx.finding("info", "no-fee-ashore", "jp-1875:8", item=repr(item.id))
            ctx.step("salvage_fee", "jp-1875:8", "found-ashore-no-fee", item=item.id, readings=["jp-1875-8-ashore"])
            continue
        if found.state is None:
            ctx.finding("error", "found-state-missing", "jp-1875:8", item=repr(item.id))
            continue
        if item.value is None:
            ctx.finding("error", "value-missing", "jp-1875:8", variant="fee", item=repr(item.id))
            continue
        if not found.by:
            ctx.finding("error", "finder-missing", "jp-1875:8", variant="fee", item=repr(item.id))
            continue
        number = ITEM_OF[(waters, found.state)]
        cite = f"jp-1875:8#{number}"
        rate_name = f"salvage_fee.{waters}.{found.state}"
        rate = ctx.param(rate_name)
        if exceptions.applied(ctx, [EFFORT_NOT_EVIDENCED], item, cite):         # art 9
            continue
        exact = Fraction(item.value) * rate.value
        if exceptions.applied(ctx, [GOVERNMENT_ALLOWANCE], item, cite, rate, exact):   # art 23 proviso
            continue
        awarded = ctx.out.award(found.by, item.id, "salvage_fee", exact, cite)
        fees.extend(awarded)
        total = sum(a.amount for a in awarded)
        ctx.step("salvage_fee", cite, "salvage-fee", item=item.id, waters=waters, state=found.state,
                 place_ja=PLACE_JA[(waters, found.state)], value=item.value, rate=rate.text, fee=yen(exact),
                 total=total, finders=ids(found.by), shares=", ".join(f"{a.to} {a.amount}" for a in awarded),
                 variant=None if len(awarded) == 1 else "split",   # no award (a fee of 0): "split equally: ." as before
                 inputs={"item": item.id, "value": item.value, "waters": waters, "state": found.state,
                         "finders": found.by},
                 params=step_params(ctx, rate_name), exact=exact, amount=total, readings=FEE_READINGS)
    ctx[SALVAGE_FEES] = fees


FEE_READINGS = ("jp-1875-8-value-base",)


def fee_denied(ctx: Context, item_id: str, base_cite: str) -> None:
    """Art 9, an exception to art 8: no fee (nor other wages) where effort is not evidenced."""
    ctx.finding("error", "effort-not-evidenced", ["jp-1875:9", base_cite], item=repr(item_id))
    ctx.step("effort_not_evidenced", ["jp-1875:9", base_cite], "no-fee-without-effort", item=item_id)


def wages_denied(ctx: Context, item) -> None:
    """Art 9: 保安料及ヒ其他ノ賃銭等ヲ割渡ス可カラス — the finders' other wages for the item (labour,
    boats paid to them for it) are withheld too; :func:`.costs.owner_costs` leaves them out."""
    withheld = [e for e in ctx.scenario.expenses if wages_withheld(ctx, e)]
    if not withheld:
        return
    param = ctx.param("effort.withheld_categories")
    listed = ", ".join(f"{e.id} ({e.category} {e.amount if e.amount is not None else '?'} yen to {e.payee})"
                       for e in withheld)
    listed_ja = "、".join(f"{e.id}（{e.category}、{e.amount if e.amount is not None else '?'}円、{e.payee}へ）"
                          for e in withheld)
    ctx.finding("error", "wages-withheld", "jp-1875:9", item=repr(item.id), listed=str(listed), listed_ja=listed_ja)
    ctx.step("effort_not_evidenced", "jp-1875:9", "other-wages-withheld", item=item.id, listed=listed, params=[param],
             readings=["jp-1875-9-other-wages"])


def _no_effort(ctx: Context, item, base_cite: str) -> None:
    """Art 9 sets aside both the fee (art 8) and the finders' other wages (art 11 costs)."""
    fee_denied(ctx, item.id, base_cite)
    exceptions.applied(ctx, [WAGES_WITHHELD], item)


#: the exceptions to art 8 (law/exceptions.py), each with its condition: art 9 (effort not evidenced:
#: no fee, and no other wages in the art 11 costs) and art 23 proviso (a government ship: an allowance)
EFFORT_NOT_EVIDENCED = Exception_("effort_not_evidenced", overrides="salvage_fee",
                                  condition=lambda ctx, item, cite: not item.effort_evidenced, apply=_no_effort)
WAGES_WITHHELD = Exception_("effort_not_evidenced", overrides="owner_costs",
                            condition=lambda ctx, item: True, apply=wages_denied)
GOVERNMENT_ALLOWANCE = Exception_("government_ship_allowance", overrides="salvage_fee",
                                  condition=lambda ctx, *_: government_ship(ctx), apply=allowance_instead_of_fee)


@rule(cites=["jp-1875:8"],
      reads=["event:fee_in_kind", "expense.amount", "expense.date", "expense.for", "found.by", "found.date",
            "item.value"])
def fee_in_kind(ctx: Context) -> None:
    """Art 8, closing proviso: 但シ其所持主ノ都合ニ因リ代価又ハ現物ニテモ妨ケナシ — as suits the
    owner, the fee may be given in money or in kind. The award stays in money: it is the measure
    of the goods handed over (reading ``jp-1875-8-money-or-kind``)."""
    fees = ctx[SALVAGE_FEES]
    for ev in ctx.scenario.events_of("fee_in_kind"):
        for item_id in ev.get("items"):
            mine = [a for a in fees if a.for_ == item_id]
            if not mine:
                ctx.finding("info", "fee-in-kind-without-fee", "jp-1875:8", item=repr(item_id))
                continue
            total = sum(a.amount for a in mine)
            item = ctx.scenario.item(item_id)
            of_value = {"variant": "of-value", "value": str(item.value)} \
                if item is not None and item.value is not None else {}
            ctx.finding("info", "fee-paid-in-kind", "jp-1875:8", item=repr(item_id), date=str(ev.date),
                        total=str(total), to=str(ids([a.to for a in mine])), **of_value)
            ctx.step("fee_in_kind", "jp-1875:8", "fee-given-in-kind", item=item_id, by=ids(ev.get("by")), total=total,
                     amount=total, readings=["jp-1875-8-money-or-kind"])
