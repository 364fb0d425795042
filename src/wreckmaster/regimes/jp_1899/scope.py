"""When chapter 1 applies at all: treaties (art 23), government ships (art 22), drift goods.

第二十三條 本章ノ規定ハ條約ニ別段ノ定アル場合ニハ之ヲ適用セス
  (The provisions of this chapter do not apply where a treaty provides otherwise.)
  → treaty: ``case.treaty`` — an error finding and no computation.
第二十二條 第一條乃至第四條、第五條第一項、第六條乃至第九條、第十二條乃至第十四條、第十五條第一項第二項、
  第十八條、第十九條第一項、第二十條及第二十一條ノ規定ハ海軍艦船其ノ他官廳ノ所有スル船舶ニ亦之ヲ準用ス
  (Only the listed provisions apply to naval vessels and other government ships.)
  → government_vessel: a named exception; each rule that gives way declares it next to itself
    (law/exceptions.py: ``GOVERNMENT_SHIP`` in wreck_report, public_sale and held_goods, the
    ``GOVERNMENT_SHIP_…`` of expenses), its condition asking :func:`.common.applies`.
Chapter 2 (drifting and sunken goods) is not in the seed: a drift case is out of scope.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import OUT_OF_SCOPE, name


@rule(cites=["jp-1899:23"],
      reads=["case.treaty", "case.vessel", "party.name", "person.name", "vessel.foreign", "vessel.name"])
def treaty(ctx: Context) -> None:
    """Art 23: where a treaty provides otherwise, the chapter does not apply."""
    if ctx.case.treaty:
        ctx[OUT_OF_SCOPE] = True
        ctx.finding("error", "treaty-prevails", "jp-1899:23")
        ctx.step("treaty", "jp-1899:23", "chapter-set-aside-by-treaty", inputs={"treaty": True},
                 readings=["jp-1899-23-treaty"])
        return
    vessel = ctx.case.vessel
    if vessel is not None and vessel.foreign:
        ctx.finding("info", "treaty-check", "jp-1899:23",
                    **({"variant": "named", "vessel": vessel.name} if vessel.name else {}))
        ctx.step("treaty", "jp-1899:23", "foreign-ship-no-treaty", readings=["jp-1899-23-treaty"])


@rule(cites=["jp-1899:1"],
      reads=["case.kind", "item.kind"])
def drift(ctx: Context) -> None:
    """Chapter 1 is about ships in distress; drifting and sunken goods are chapter 2, not in the seed."""
    if ctx[OUT_OF_SCOPE] or ctx.case.kind != "drift":
        return
    ctx[OUT_OF_SCOPE] = True
    ctx.finding("error", "drift-not-covered", "jp-1899:1")
    ctx.step("scope", "jp-1899:1", "drift-outside-chapter-one", readings=["jp-1899-1-chapter-one"])


@rule(cites=["jp-1899:22"],
      reads=["case.vessel", "item.government", "item.owner", "item.value", "party.name", "party.person",
            "person.name", "vessel.government", "vessel.name", "vessel.owner",
            "param:government_vessels.provisions"])
def government_vessel(ctx: Context) -> None:
    """Art 22, an exception to the chapter: for a naval vessel or other government ship only the
    listed provisions apply. The rules that give way say so in their own steps."""
    vessel = ctx.case.vessel
    if ctx[OUT_OF_SCOPE] or vessel is None or not vessel.government:
        return
    listed = ctx.param("government_vessels.provisions")
    ctx.finding("info", "government-vessel", "jp-1899:22", **({"variant": "named", "vessel": vessel.name}
                                                              if vessel.name else {}))
    ctx.step("government_vessel", "jp-1899:22", "only-listed-provisions-apply", provisions=", ".join(listed.value),
             inputs={"vessel": vessel.name, "owner": name(ctx, vessel.owner)}, params=[listed],
             readings=["jp-1899-22-government-ships"], overrides="chapter 1 (arts 5 ¶2, 10, 11, 15 ¶3, 16, 17, 19 ¶2)")
