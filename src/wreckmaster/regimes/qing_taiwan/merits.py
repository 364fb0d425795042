"""Rewards and punishments, art 2: officials' merits, headmen's rewards, the first reporter.

查沿海文武汛官如有救護船貨至一萬兩以上，中外人等救至十名以上者，一經該管上司查明申報，及領事官照會關道有案，
藩司立即注冊記功。三功以上者，文武汛官詳酌記外獎；五功以上，分別詳請題升，以示優獎。其地甲、頭目亦分別上次勞績，
隨時賞給頂戴匾額，以昭激勸。… 地甲、頭目若有救援不力，甚至希冀分肥者，分別輕重嚴究。至有望見船隻危險，首先報知
地甲、頭目及文武汛官者，應以首報之人為首功，由失事船主給予花紅：大船多至三十兩，中、小船以十兩為度。
  (An official who saves ship and goods worth 10,000 taels or more, or ten persons or more,
  has a merit registered; three merits bring a further reward, five a request for promotion.
  Headmen and elders are rewarded with a button of rank and a tablet; one who hopes for a
  share of the spoils is severely dealt with. The first reporter is given a reward by the
  owner: up to 30 taels for a large ship, at most 10 for a medium or small one.)

- :func:`officials_merits` — a merit (``merits``) for each official when the case reaches a
  threshold; counted with earlier merits (``coast.records``): the ``honours`` key.
- :func:`headman_rewards` — the headman's (or elder's) button and tablet; :func:`headman_plunder`.
- :func:`neglect` — officials who did not act are punished (參懲); headmen who failed are
  dealt with (嚴究): the ``faults`` key, which the ledger across cases reads.
- :func:`first_reporter` — the reward, paid by the owner (no fallback in Taiwan).
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import case_segment, coast, fault, honour, neglected, saved_items, something_saved, tael
from .._qing.first_report import Terms, first_report_reward

TERMS = Terms(reading="qing-taiwan-2-first-report", size_unknown="qing-taiwan-2-size-unknown", decided_input=False)

@rule(cites=["qing-taiwan:2"],
      reads=["item.found", "item.value", "param:merit.goods_threshold", "param:merit.per_case",
            "param:merit.persons_threshold", "param:merit.promotion_at", "param:merit.reward_at"])
def officials_merits(ctx: Context) -> None:
    """Art 2: a merit when the case saves ship and goods of 10,000 taels or more, or ten
    persons or more (both thresholds inclusive: 以上)."""
    officials = [p.id for p in ctx.scenario.parties_with("official")]
    if not officials:
        return
    goods_t, persons_t = ctx.param("merit.goods_threshold"), ctx.param("merit.persons_threshold")
    per_case = ctx.param("merit.per_case")
    saved = saved_items(ctx)
    value = sum((Fraction(i.value) for i in saved if i.value is not None), Fraction(0))
    unvalued = [i.id for i in saved if i.value is None]
    persons = len(ctx.scenario.persons)
    by_goods, by_persons = value >= goods_t.value, persons >= persons_t.value
    earned = by_goods or by_persons
    ctx.step("officials_merits", "qing-taiwan:2", "merit-threshold", variant=None if earned else "not-reached",
             value=tael(value), goods_threshold=goods_t.text, persons=persons, persons_threshold=persons_t.text,
             officials=", ".join(officials), officials_zh="、".join(officials),
             inputs={"value": tael(value), "persons": persons, "officials": officials},
             params=[goods_t, persons_t, per_case],
             readings=["qing-taiwan-2-merit-threshold", "qing-taiwan-2-merit-value"])
    if not earned:
        if unvalued:
            ctx.finding("info", "merit-values-incomplete", "qing-taiwan:2", unvalued=', '.join(unvalued),
                        value=str(tael(value)), threshold=str(goods_t.text))
        return
    reward_at, promotion_at = ctx.param("merit.reward_at"), ctx.param("merit.promotion_at")
    c = coast(ctx)
    for o in officials:
        ctx.out.merit(o, per_case.value, "qing-taiwan:2")
        before = c.record(o).merits if c else 0
        total = before + per_case.value
        if total >= promotion_at.value:
            kind = "promotion"
        elif total >= reward_at.value:
            kind = "reward"
        else:
            continue
        honour(ctx, o, kind, total, ["qing-taiwan:2"], f"{total} merits")
        ctx.step("officials_merits", "qing-taiwan:2", "merits-counted", variant=kind, official=o, before=before,
                 total=total, inputs={"official": o, "earlier_merits": before}, params=[reward_at, promotion_at],
                 readings=["qing-taiwan-2-merit-threshold", "qing-taiwan-2-merit-value"])

def _plunderers(ctx: Context) -> set[str]:
    return {p for ev in ctx.scenario.events_of("goods_concealed") for p in ev.get("by")}


def _headmen(ctx: Context) -> list[str]:
    seg = case_segment(ctx)
    if seg is not None and seg.station is not None:
        who = seg.station.elder if seg.island else seg.station.headman
        if who:
            return [who]
    return [p.id for p in ctx.scenario.parties if p.has("headman") or p.has("elder")]


@rule(cites=["qing-taiwan:2"],
      reads=["event:goods_concealed", "found.by", "item.found"])
def headman_rewards(ctx: Context) -> None:
    """Art 2: 其地甲、頭目亦分別上次勞績，隨時賞給頂戴匾額 — a button and a tablet for the headman
    (or island elder) of a case in which goods or persons were saved."""
    if not something_saved(ctx):
        return
    bad = _plunderers(ctx)
    c = coast(ctx)
    for h in _headmen(ctx):
        if h in bad:
            continue
        times = (c.record(h).rewards if c else 0) + 1
        honour(ctx, h, "button-and-plaque", times, ["qing-taiwan:2"], "headman's services (勞績)")
        ctx.step("headman_rewards", "qing-taiwan:2", "headman-rewarded", headman=h, inputs={"headman": h, "times": times},
                 readings=["qing-taiwan-2-headman-reward"])

@rule(cites=["qing-taiwan:2"],
      reads=["event:goods_concealed", "found.by"])
def headman_plunder(ctx: Context) -> None:
    """Art 2: 地甲、頭目 … 甚至希冀分肥者，分別輕重嚴究."""
    c = coast(ctx)
    heads = {p.id for p in ctx.scenario.parties if p.has("headman") or p.has("elder")}
    if c is not None:
        for s in c.segments:
            if s.station:
                heads |= {x for x in (s.station.headman, s.station.elder) if x}
    for who in sorted(heads & _plunderers(ctx)):
        ctx.finding("warning", "headman-plunder", "qing-taiwan:2", who=str(who))
        fault(ctx, who, "prosecuted", ["qing-taiwan:2"], "headman sought a share of the spoils (希冀分肥)")


@rule(cites=["qing-taiwan:2"],
      reads=["event:rescue_neglected", "expense.date", "found.by", "found.date"])
def neglect(ctx: Context) -> None:
    """Art 2: 文武汛官 … 參懲 (officials who do not act are punished); 地甲、頭目若有救援不力 … 分別輕重嚴究
    (headmen who fail to help are dealt with according to the gravity): a ``rescue_neglected``
    event names them."""
    for who, grave, ev in neglected(ctx):
        party = ctx.scenario.party(who)
        if party is not None and party.has("official"):
            ctx.finding("warning", "official-inaction", "qing-taiwan:2", who=str(who), date=str(ev.date))
            fault(ctx, who, "punished", ["qing-taiwan:2"], "official did not act (參懲)")
        elif party is not None and (party.has("headman") or party.has("elder")):
            ctx.finding("warning", "headman-neglect", "qing-taiwan:2", who=str(who), date=str(ev.date))
            fault(ctx, who, "prosecuted", ["qing-taiwan:2"], "headman failed to help (救援不力)")


@rule(cites=["qing-taiwan:2"],
      reads=["event:decided", "event:reported", "event:reward_decided", "case.vessel", "expense.amount",
            "expense.date", "expense.for", "found.by", "found.date", "item.owner", "item.value",
            "party.can_pay", "party.roles", "person.can_pay", "vessel.owner", "vessel.size",
            "param:first_report.max.large", "param:first_report.max.other", "param:first_report.offices"])
def first_reporter(ctx: Context) -> None:
    """Art 2: the first reporter's reward (花紅), at most 30 taels for a large ship and 10 for a
    medium or small one, paid by the owner of the wrecked ship."""
    got = first_report_reward(ctx, "qing-taiwan:2", TERMS)
    if got is None:
        return
    owner, awards = got
    ctx.out.charge_awards(awards, owner, "qing-taiwan:2")
    party = ctx.scenario.party(owner)
    if party is not None and not party.can_pay:
        ctx.finding("info", "first-report-owner-unable", "qing-taiwan:2", owner=str(owner))
