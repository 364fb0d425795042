"""Merits and rewards of officials and directors, art 2.

凡沿海文武官員救護船貨，應責成東海關隨時查登，逐案詳報：有功則瘠缺調優，優缺保升；有過則輕必記過，重則撤參。
… 董事由州縣查明救護認真實在出力者，初次請賞給頂戴匾，積至三次者，保官階；疏懈失救者，即行撤換薄罰。倘有
身充董、保，同謀搶奪者，訊實以為首論。
  (Officials' rescues are recorded case by case by the Donghai customs: merit brings a better
  post or promotion, fault a demerit or dismissal. A director who truly exerted himself is
  rewarded the first time with a button of rank and a tablet; the third time he is
  recommended for an official rank. A director or warden who conspires to plunder is treated
  as the ringleader.)

- :func:`officials_merits` — a merit (``merits``) for each official of a case that saved
  goods or persons (reading ``qing-shandong-2-officials-merit``).
- :func:`directors_rewards` — the director's reward for this case, counted with his earlier
  ones (``coast.records``): the ``honours`` output key.
- :func:`station_plunder` — a director or warden among the plunderers.
- :func:`neglect` — an official's fault (記過, grave: 撤參); a negligent director replaced (撤換薄罰):
  the ``faults`` key, which the ledger across cases reads.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import case_segment, coast, fault, honour, neglected, something_saved


def _plunderers(ctx: Context) -> set[str]:
    return {p for ev in ctx.scenario.events_of("goods_concealed") for p in ev.get("by")}


@rule(cites=["qing-shandong:2"],
      reads=["item.found"])
def officials_merits(ctx: Context) -> None:
    """Art 2: 有功 — a merit for each official (role ``official``) of a case in which ship,
    goods or persons were saved, recorded case by case (逐案詳報)."""
    officials = [p.id for p in ctx.scenario.parties_with("official")]
    if not officials or not something_saved(ctx):
        return
    for o in officials:
        ctx.out.merit(o, 1, "qing-shandong:2")
    ctx.step("officials_merits", "qing-shandong:2", "officials-merit", officials=", ".join(officials),
             officials_zh="、".join(officials), inputs={"officials": officials},
             readings=["qing-shandong-2-officials-merit"])

def _directors(ctx: Context) -> list[str]:
    seg = case_segment(ctx)
    if seg is not None and seg.station is not None and seg.station.director:
        return [seg.station.director]
    return [p.id for p in ctx.scenario.parties_with("director")]


@rule(cites=["qing-shandong:2"],
      reads=["event:goods_concealed", "found.by", "item.found", "item.value", "param:director.plaque_at",
            "param:director.rank_at"])
def directors_rewards(ctx: Context) -> None:
    """Art 2: a director who truly exerted himself — first time a button of rank and a tablet
    (頂戴匾), the third time a recommendation for an official rank (官階)."""
    if not something_saved(ctx):
        return
    plaque, rank = ctx.param("director.plaque_at"), ctx.param("director.rank_at")
    c = coast(ctx)
    bad = _plunderers(ctx)
    for d in _directors(ctx):
        if d in bad:
            continue
        before = c.record(d).rewards if c else 0
        times = before + 1
        if times >= rank.value:
            kind = "official-rank"
        elif times == plaque.value:
            kind = "button-and-plaque"
        else:
            kind = "recorded"
        honour(ctx, d, kind, times, ["qing-shandong:2"], "director's earnest rescue (救護認真實在出力)")
        ctx.step("directors_rewards", "qing-shandong:2", "director-rewarded", variant=kind, director=d, times=times,
                 nth=f"{times}{_th(times)}", rank=f"{rank.text}{_th(rank.value)}",
                 inputs={"director": d, "earlier_rewards": before}, params=[plaque, rank],
                 readings=["qing-shandong-2-director-reward"])

def _th(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


@rule(cites=["qing-shandong:2"],
      reads=["event:goods_concealed", "found.by"])
def station_plunder(ctx: Context) -> None:
    """Art 2: 倘有身充董、保，同謀搶奪者，訊實以為首論 — a director or warden who plunders is the
    ringleader."""
    c = coast(ctx)
    officers = {p.id for p in ctx.scenario.parties if p.has("director") or p.has("warden")}
    if c is not None:
        for s in c.segments:
            if s.station:
                officers |= {x for x in (s.station.director, s.station.deputy, s.station.warden) if x}
    for who in sorted(officers & _plunderers(ctx)):
        ctx.finding("warning", "director-plunder", "qing-shandong:2", who=str(who))
        fault(ctx, who, "ringleader", ["qing-shandong:2"], "director or warden joined in plunder (同謀搶奪)")


@rule(cites=["qing-shandong:2"],
      reads=["event:rescue_neglected", "expense.date", "found.by", "found.date"])
def neglect(ctx: Context) -> None:
    """Art 2: 有過則輕必記過，重則撤參 (an official's fault: a demerit, or dismissal when grave);
    董事 … 疏懈失救者，即行撤換薄罰 (a director who failed to save through negligence is replaced and
    lightly punished): a ``rescue_neglected`` event names them (``grave``: the heavy case)."""
    for who, grave, ev in neglected(ctx):
        party = ctx.scenario.party(who)
        if party is not None and party.has("official"):
            kind, zh = ("dismissal", "重則撤參") if grave else ("demerit", "輕必記過")
            ctx.finding("warning", "official-fault", "qing-shandong:2", variant="grave" if grave else "light",
                        who=str(who), date=str(ev.date))
            fault(ctx, who, kind, ["qing-shandong:2"], f"official's fault (有過，{zh})")
        elif party is not None and (party.has("director") or party.has("warden")):
            ctx.finding("warning", "director-negligent", "qing-shandong:2", who=str(who), date=str(ev.date))
            fault(ctx, who, "replaced", ["qing-shandong:2"], "negligent, failed to save (疏懈失救)")
