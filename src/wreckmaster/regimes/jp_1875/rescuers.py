"""Rescuers who braved danger, and rescuers killed or injured: art 16.

第十六条 危難ヲ冒シテ乗組人ノ必死ヲ救フ者又ハ救助ノ為ニ尽力シテ死傷ニ至ル者アルトキハ必ス管庁ヘ届出可シ
  其事実ノ軽重ニヨリ相当ノ賞誉或ハ手当金ヲ給ス可シ
  (whoever braves danger to save crew from certain death, or is killed or injured in the
  rescue, must be reported to the competent office, which gives commendation or an allowance
  according to the facts) → rescuer_rewards.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import crew_member, name


def _why(party) -> tuple[str, str]:
    """What art 16 rewards in the party: (English, Japanese)."""
    parts = []
    if party.heroic:
        parts.append(("braved danger to save crew from certain death (危難ヲ冒シテ)", "危難を冒して乗組人を必死の中から救った"))
    if party.casualty and not party.has("crew") and not party.has("master"):
        parts.append((f"was {party.casualty} in the rescue (死傷)", f"救助の際に死傷した（{party.casualty}）"))
    return " and ".join(en for en, _ in parts), "、".join(ja for _, ja in parts)


@rule(cites=["jp-1875:16"],
      reads=["event:persons_reported", "event:reward_decided", "case.vessel", "expense.amount",
            "expense.date", "expense.for", "found.date", "item.government", "party.casualty", "party.heroic",
            "party.name", "party.person", "person.name", "vessel.government", "vessel.master", "vessel.name"])
def rescuer_rewards(ctx: Context) -> None:
    """Art 16: flagged rescuers reported to the competent office; an allowance it fixes is awarded."""
    flagged = [p for p in ctx.scenario.parties if p.heroic or (p.casualty and not crew_member(ctx, p.id))]
    if not flagged:
        return
    reported = {}
    for ev in ctx.scenario.events_of("persons_reported"):
        for who in ev.get("persons"):
            reported.setdefault(who, ev)
    items = {i.id for i in ctx.scenario.items}
    for p in flagged:
        why, why_ja = _why(p)
        ev = reported.get(p.id)
        if ev is None:
            ctx.finding("warning", "rescuer-not-reported", "jp-1875:16", party=str(name(ctx, p.id)), why=str(why),
                        why_ja=why_ja)
            continue
        ctx.step("rescuer_rewards", "jp-1875:16", "rescuer-reported", party=name(ctx, p.id), party_id=p.id, why=why,
                 date=ev.date, readings=["jp-1875-16-report"])
        decisions = [d for d in ctx.scenario.events_of("reward_decided") if d.get("to") == p.id and d.get("for") not in items]
        if not decisions:
            ctx.finding("info", "rescuer-reward-pending", "jp-1875:16", party=str(name(ctx, p.id)))
            continue
        for d in decisions:
            awarded = ctx.out.award(p.id, d.get("for"), "allowance", Fraction(d.get("amount")), "jp-1875:16")
            ctx.out.charge_awards(awarded, "government", "jp-1875:16")
            ctx.step("rescuer_rewards", "jp-1875:16", "rescuer-allowance", party=p.id, allowance=d.get("amount"),
                     date=d.date, amount=sum(a.amount for a in awarded),
                     readings=["jp-1875-16-allowance", "jp-1875-16-paid-by-government"])
