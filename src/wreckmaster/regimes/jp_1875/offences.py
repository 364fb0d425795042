"""Offences: arts 27, 28 and 36. The penalties are the criminal code's (律), which is not in
the seed; the rules here record the offence as a finding.

第二十七条 浦役人船長其他救助ノ者ト申合セ其保安シタル難船物ヲ沈没ト偽リ窃カニ売買スル者ハ律ニ照シテ処分ス可シ
  (secured goods falsely said to have sunk and sold in secret, by agreement) → secret_sale.
第二十八条 凡テ難船ノ節救助ニ托シテ積荷船具其他ノ物品ヲ窃盗或ハ掠奪スル者又ハ其窃盗掠奪ニ与スル者或ハ
  其本犯ヲ陰匿スル者又ハ窃盗物ト知テ之ヲ売買スル者ハ律ニ照シテ処分ス可シ
  (theft or plunder under pretext of rescue, taking part, hiding the offender, dealing in the
  stolen goods) → theft.
第三十六条 凡漂着物ヲ見附ケタル者之ヲ浦役人ニ報知スルコトナク其物品ヲ私カニ使用シ又ハ之ヲ売買スル者ハ
  第二十八条ニ照シテ処分ス可シ
  (a finder of drift goods who uses or sells them without reporting) → unreported_use.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import ids

def _items(ev) -> dict[str, str]:
    """The goods an offence names, as the finding's value (its template's variant says whether any are)."""
    return {"items": str(ids(ev.get("items")))} if ev.get("items") else {}


@rule(cites=["jp-1875:27", "jp-1875:28", "jp-1875:36", "jp-1875:29"],
      reads=["event:concealed_sale", "event:sold", "event:theft", "event:unreported_use", "expense.date",
            "found.by", "found.date"])
def offences(ctx: Context) -> None:
    """Arts 27, 28, 36: each recorded offence is a warning citing its article."""
    for ev in ctx.scenario.events_of("concealed_sale"):
        ctx.finding("warning", "secret-sale", "jp-1875:27", by=str(ids(ev.get("by"))), date=str(ev.date),
                    **_items(ev), **({"variant": "items"} if ev.get("items") else {}))
        ctx.step("offences", "jp-1875:27", "secret-sale", date=ev.date, by=ids(ev.get("by")),
                 readings=["jp-1875-27-penalties"])
    for ev in ctx.scenario.events_of("theft"):
        items = _items(ev)
        ctx.finding("warning", "theft-at-wreck", "jp-1875:28", by=str(ids(ev.get("by"))), date=str(ev.date),
                    **items, variant=(ev.get("part") or "principal") + ("-items" if items else ""))
        ctx.step("offences", "jp-1875:28", "theft-at-wreck", date=ev.date, by=ids(ev.get("by")),
                 variant=ev.get("part") or "principal", readings=["jp-1875-27-penalties"])
    for ev in ctx.scenario.events_of("unreported_use"):
        act = "sold" if ev.get("sold") else "used"
        ctx.finding("warning", "drift-goods-used-unreported", ["jp-1875:36", "jp-1875:28", "jp-1875:29"],
                    variant=act, by=str(ids(ev.get('by'))), items=str(ids(ev.get('items'))),
                    date=str(ev.date))
        ctx.step("offences", ["jp-1875:36", "jp-1875:28"], "drift-goods-used-unreported", date=ev.date,
                 by=ids(ev.get("by")), items=ids(ev.get("items")), variant=act,
                 readings=["jp-1875-36-finder-share", "jp-1875-27-penalties"])
