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
                ctx.out.finding("warning", "boarded-without-consent",
                                f"{', '.join(ev.get('by'))} boarded on {ev.date} a ship still able to save itself, "
                                "against the master's wish (救援之人不得混行上船, art 3).", "qing-taiwan:3")
    if sig == "breached":
        order = {"ship": ("the ship", "先救船"), "goods": ("the goods", "先救貨"), "persons": ("the persons", "先救人")}
        for ev in ctx.scenario.events_of("master_directed"):
            en, zh = order[ev.get("first")]
            ctx.out.step("masters_will", "qing-taiwan:3", f"The master directed that {en} be saved first.",
                         f"應{zh}，均聽船主指揮", inputs={"first": ev.get("first")}, readings=["qing-taiwan-3-conduct"])
        for ev in ctx.scenario.events_of("acted_without_direction"):
            ctx.out.finding("warning", "acted-without-direction",
                            f"{', '.join(ev.get('by'))} acted on their own on {ev.date}: everything is at the master's "
                            "direction (不得自行動手, art 3).", "qing-taiwan:3")
    master = ctx.case.vessel.master if ctx.case.vessel else None
    for ev in ctx.scenario.events_of("goods_stored"):
        by = ev.get("decided_by")
        if by is not None and by != master:
            ctx.out.finding("warning", "storage-not-masters-choice",
                            f"Where {', '.join(ev.get('items'))} were stored ({ev.get('place') or 'unnamed place'}) was "
                            f"decided by {by}, not the master: art 3 leaves it to him (亦由船主作主).", "qing-taiwan:3")


@rule(cites=["qing-taiwan:3"],
      reads=["event:accused", "event:goods_concealed", "expense.date", "found.by", "found.date"])
def plunder(ctx: Context) -> None:
    """Art 3: goods taken or hidden are pursued; the informer is rewarded; false accusers
    take the penalty (反坐)."""
    for ev in ctx.scenario.events_of("goods_concealed"):
        how = "took away" if ev.get("how") == "carried-off" else "hid"
        ctx.out.finding("warning", "plunder",
                        f"{', '.join(ev.get('by'))} {how} {', '.join(ev.get('items') or []) or 'goods'} ({ev.date}): "
                        "once pointed out and proved, pursued and punished by the officials (即行由官追究治罪, art 3).",
                        "qing-taiwan:3")
        if ev.get("exposed_by"):
            _informer(ctx, ev.get("exposed_by"), ev.date)
    for ev in ctx.scenario.events_of("accused"):
        if ev.get("founded"):
            _informer(ctx, ev.get("by"), ev.date)
        else:
            ctx.out.finding("warning", "false-accusation",
                            f"{', '.join(ev.get('by'))} falsely accused {', '.join(ev.get('against'))} ({ev.date}): not "
                            "heard, and the accuser takes the penalty of the crime alleged (誣告者不準，並行反坐, art 3).",
                            "qing-taiwan:3")


def _informer(ctx: Context, who: list[str], when) -> None:
    ctx.out.finding("info", "informer-reward",
                    f"{', '.join(who)} came forward with firm proof ({when}): given the reward that is due "
                    "(亦賞以應賞之款, art 3); the text fixes no sum.", "qing-taiwan:3")
