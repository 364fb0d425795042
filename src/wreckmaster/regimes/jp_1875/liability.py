"""Liability of a negligent master: art 26.

第二十六条 船長及ヒ担任ノ者怠慢ニヨリ難破沈没其他ノ損害ヲ生スル時ハ右損失ヲ其者ヨリ償却セシム可シ
  若シ其災厄人智ノ前知ス可カラス人力ノ予防ス可カラサルニ出ルコトヲ瞭然明証スル時ハ此限ニアラス
  (the master or person in charge whose negligence caused the wreck makes good the loss,
  unless it is clearly proved that the disaster could be neither foreseen nor prevented)
  → negligent_master.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.money import split
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import master, name, owner_side


@rule(cites=["jp-1875:26"],
      reads=["case.cost_bearers", "case.loss", "case.negligence", "case.unforeseeable", "case.vessel",
            "item.owner", "party.name", "party.person", "person.name", "vessel.master", "vessel.name",
            "vessel.owner"])
def negligent_master(ctx: Context) -> None:
    """Art 26: the negligent master makes good the loss to the owner side, unless unforeseeable."""
    case = ctx.case
    if not case.negligence:
        return
    m = master(ctx)
    if case.unforeseeable:
        ctx.finding("info", "master-not-liable", "jp-1875:26", master=str(name(ctx, m)))
        ctx.step("negligent_master", "jp-1875:26", "master-not-liable", readings=["jp-1875-26-liability"])
        return
    if m is None:
        ctx.finding("error", "liable-master-unknown", "jp-1875:26")
        return
    loss = case.loss
    ctx.finding("warning", "master-liable", "jp-1875:26", master=str(name(ctx, m)),
                **({"variant": "amount", "loss": str(loss)} if loss is not None else {"variant": "no-amount"}))
    side = owner_side(ctx)
    if loss is None or side is None:
        ctx.step("negligent_master", "jp-1875:26", "master-liable-no-amount", master=m,
                 variant="no-loss" if loss is None else "no-owner-side", readings=["jp-1875-26-liability"])
        return
    payees, shares = side
    parts = split(Fraction(loss), shares, ctx.out.currency)
    for payee, amount in zip(payees, parts):
        if payee != m and amount:
            ctx.out.charge(m, payee, "loss", amount, "jp-1875:26")
    ctx.step("negligent_master", "jp-1875:26", "master-makes-good-the-loss", master=m, loss=loss,
             parts=", ".join(f"{p} {a}" + (" (himself: nothing to pay)" if p == m else "")
                             for p, a in zip(payees, parts)),
             inputs={"loss": loss, "master": m}, amount=sum(parts), readings=["jp-1875-26-liability"])
