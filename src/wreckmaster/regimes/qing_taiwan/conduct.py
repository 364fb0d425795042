"""The master's will and direction; taking or hiding goods; informers, art 3.

凡遇險船隻其力尚可自存，船主並不願他人上船者，則救援之人不得混行上船。倘船主須人援救，或係應先救船，或係應先救貨，
或係應先救人，均聽船主指揮，不得自行動手。救起貨物應寄頓何處，亦由船主作主。其有擅行搬取，或私自藏匿者，一經船主
及地甲、頭目指明，查有確據者，即行由官追究治罪。倘有人出首確鑿者，亦賞以應賞之款；誣告者不準，並行反坐。
  (Nobody boards a ship that can still save itself against the master's wish; at a ship that
  needs help, the master directs what is saved first and nobody acts on his own; the master
  decides where saved goods are stored; taking or hiding goods is pursued and punished; an
  informer with firm proof gets the reward due; a false accuser takes the penalty.)

:func:`masters_will` and :func:`plunder`: findings (the prohibitions of the article).
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule


@rule(cites=["qing-taiwan:3"],
      reads=["event:acted_without_direction", "event:boarded", "event:goods_stored", "event:master_directed",
            "case.place", "case.signal", "case.vessel", "expense.date", "found.by", "found.date",
            "vessel.master"])
def masters_will(ctx: Context) -> None:
    """Art 3: boarding, direction and storage are the master's."""
    sig = ctx.case.signal
    if sig == "aground-sound":
        for ev in ctx.scenario.events_of("boarded"):
            if not ev.get("consent"):
                ctx.finding("warning", "boarded-without-consent", "qing-taiwan:3", by=', '.join(ev.get('by')),
                            date=str(ev.date))
    if sig == "breached":
        for ev in ctx.scenario.events_of("master_directed"):
            ctx.step("masters_will", "qing-taiwan:3", "master-directed", variant=ev.get("first"),
                     inputs={"first": ev.get("first")}, readings=["qing-taiwan-3-conduct"])
        for ev in ctx.scenario.events_of("acted_without_direction"):
            ctx.finding("warning", "acted-without-direction", "qing-taiwan:3", by=', '.join(ev.get('by')),
                        date=str(ev.date))
    master = ctx.case.vessel.master if ctx.case.vessel else None
    for ev in ctx.scenario.events_of("goods_stored"):
        by = ev.get("decided_by")
        if by is not None and by != master:
            ctx.finding("warning", "storage-not-masters-choice", "qing-taiwan:3", items=', '.join(ev.get('items')),
                        place=str(ev.get('place') or 'unnamed place'), by=str(by))


@rule(cites=["qing-taiwan:3"],
      reads=["event:accused", "event:goods_concealed", "expense.date", "found.by", "found.date"])
def plunder(ctx: Context) -> None:
    """Art 3: goods taken or hidden are pursued; the informer is rewarded; false accusers
    take the penalty (反坐)."""
    for ev in ctx.scenario.events_of("goods_concealed"):
        ctx.finding("warning", "plunder", "qing-taiwan:3",
                    variant="carried-off" if ev.get("how") == "carried-off" else "hidden",
                    by=', '.join(ev.get('by')), items=', '.join(ev.get('items') or []) or 'goods', date=str(ev.date))
        if ev.get("exposed_by"):
            _informer(ctx, ev.get("exposed_by"), ev.date)
    for ev in ctx.scenario.events_of("accused"):
        if ev.get("founded"):
            _informer(ctx, ev.get("by"), ev.date)
        else:
            ctx.finding("warning", "false-accusation", "qing-taiwan:3", by=', '.join(ev.get('by')),
                        against=', '.join(ev.get('against')), date=str(ev.date))


def _informer(ctx: Context, who: list[str], when) -> None:
    ctx.finding("info", "informer-reward", "qing-taiwan:3", who=', '.join(who), when=str(when))
