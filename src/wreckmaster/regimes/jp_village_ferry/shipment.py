"""Accepting goods for shipment, and the master's disposal of goods that endanger: arts 5–7, 10.

第5条 船体若しくは他の積荷又は人畜に危害を及ぼすおそれのある次に掲げる荷物は、あらかじめ、その種類及び特性を
  外部の見易い箇所に明記し、かつ、本村に提示して承諾を得た後でなければ船積みすることはできない。
  (Dangerous goods may be shipped only when marked outside, shown to the village and accepted.)
  ¶2 [not in the seed]: the master may dispose of dangerous goods shipped otherwise.
  → :func:`dangerous_goods`, :func:`disposal`.
第6条 重量1トン以上の貨物は本村にその旨を明示し、かつ、外部の見やすい箇所に明記した上船積みしなければならない。
  もしこれに反したときは、前条第2項の処分をすることができる。
  (Goods of 1 tonne or more: declared and marked, or art 5 ¶2 disposal.)  → :func:`heavy_goods`.
第7条 本村の承諾の上で船積みした場合であつても、船体又は他の積荷若しくは人畜に危害を及ぼすおそれがあると
  認めるときは、第5条第2項に準じて船長にこれを処分させることがある。
  (Even goods shipped with consent may be disposed of by the master when judged to endanger.)
  → :func:`disposal`.
第10条 貨物は、本村又は村長の指定した請負人においてこれを引き受けるものとする。
  (Goods are accepted by the village or by a contractor the village head designates.)
  → :func:`who_accepts`.

Facts: ``items[].dangerous``, ``items[].marked``, ``items[].weight_kg``; the events
``shipment_declared`` (shown/declared to the village), ``shipment_accepted`` (its consent),
``loaded``, ``handed_in`` and ``disposed``.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import UNAUTHORISED_DISPOSALS, carrier, first_date, in_time, is_carried, value_ja, what_values


def _unmet_art5(ctx: Context, item: Item) -> list[tuple[str, str]]:
    """What art 5 ¶1 requires and the item lacks: (English, Japanese)."""
    unmet = []
    if not item.marked:
        unmet.append(("its kind and properties are not marked outside", "外部に種類及び性質を明記していない"))
    if not in_time(first_date(ctx, "shipment_declared", item.id), item.id, ctx):
        unmet.append(("it was not shown (declared) to the village before loading", "船積前に本村に提示していない"))
    if not in_time(first_date(ctx, "shipment_accepted", item.id), item.id, ctx):
        unmet.append(("the village's consent before loading is not recorded", "船積前の本村の承諾が記録されていない"))
    return unmet


def _unmet_art6(ctx: Context, item: Item) -> list[tuple[str, str]]:
    """What art 6 requires and the item lacks: (English, Japanese)."""
    unmet = []
    if not in_time(first_date(ctx, "shipment_declared", item.id), item.id, ctx):
        unmet.append(("its weight was not declared to the village before loading", "船積前に本村に重量を明示していない"))
    if not item.marked:
        unmet.append(("it is not marked outside", "外部に明記していない"))
    return unmet


def _unmet(unmet: list[tuple[str, str]]) -> dict[str, str]:
    """The finding's values ``unmet`` and ``unmet_ja``."""
    return {"unmet": "; ".join(en for en, _ in unmet), "unmet_ja": "、".join(ja for _, ja in unmet)}


def _goods(item: Item) -> bool:
    """Goods shipped as cargo (貨物, parcels and valuables included), not baggage."""
    return is_carried(item) and (item.kind != "baggage" or item.parcel)


@rule(cites=["jp-village-ferry:5.1", "jp-village-ferry:5.2"],
      reads=["event:loaded", "event:shipment_accepted", "event:shipment_declared", "case.kind",
            "expense.date", "found.date", "item.dangerous", "item.hand_carried", "item.kind", "item.marked",
            "item.parcel"])
def dangerous_goods(ctx: Context) -> None:
    """Art 5 ¶1: dangerous goods shipped only when marked, declared and accepted beforehand."""
    for item in ctx.scenario.items:
        if not (item.dangerous and _goods(item)):
            continue
        unmet = _unmet_art5(ctx, item)
        if unmet:
            ctx.finding("warning", "dangerous-goods-not-cleared", ["jp-village-ferry:5.1", "jp-village-ferry:5.2"],
                        item=repr(item.id), **_unmet(unmet))
        ctx.step("dangerous_goods", "jp-village-ferry:5.1",
                 "dangerous-goods-not-cleared" if unmet else "dangerous-goods-cleared", item=item.id,
                 unmet=_unmet(unmet)["unmet"] if unmet else None,
                 inputs={"marked": item.marked}, readings=["jp-village-ferry-5-before-loading"])


@rule(cites=["jp-village-ferry:6", "jp-village-ferry:5.2"],
      reads=["event:loaded", "event:shipment_declared", "case.kind", "expense.date", "found.date",
            "item.hand_carried", "item.kind", "item.marked", "item.parcel", "item.value", "item.weight_kg",
            "param:heavy_goods.min_weight_kg"])
def heavy_goods(ctx: Context) -> None:
    """Art 6: goods of one tonne or more are declared and marked before shipment."""
    threshold = ctx.param("heavy_goods.min_weight_kg")
    for item in ctx.scenario.items:
        if not _goods(item) or item.weight_kg is None or Fraction(item.weight_kg) < threshold.value:
            continue
        unmet = _unmet_art6(ctx, item)
        if unmet:
            ctx.finding("warning", "heavy-goods-not-declared", ["jp-village-ferry:6", "jp-village-ferry:5.2"],
                        item=repr(item.id), weight=str(item.weight_kg),
                        threshold=str(threshold.text), **_unmet(unmet))
        ctx.step("heavy_goods", "jp-village-ferry:6", "heavy-goods-not-declared" if unmet else "heavy-goods-declared",
                 item=item.id, weight=item.weight_kg, threshold=threshold.text,
                 unmet=_unmet(unmet)["unmet"] if unmet else None,
                 inputs={"weight_kg": item.weight_kg, "marked": item.marked}, params=[threshold],
                 readings=["jp-village-ferry-6-one-tonne"])


@rule(cites=["jp-village-ferry:5.2", "jp-village-ferry:5.1", "jp-village-ferry:6", "jp-village-ferry:7"],
      reads=["event:disposed", "event:loaded", "event:shipment_accepted", "event:shipment_declared",
            "case.kind", "expense.date", "found.date", "item.dangerous", "item.hand_carried", "item.kind",
            "item.marked", "item.parcel", "item.value", "item.weight_kg", "param:heavy_goods.min_weight_kg"])
def disposal(ctx: Context) -> None:
    """Arts 5 ¶2, 6 and 7: the master's disposal of goods (``disposed`` events other than art 22's).

    An authorised disposal: a finding, and nothing is compensated for the goods disposed of
    (reading jp-village-ferry-5-2-disposal). A disposal without its ground: a warning, and the
    goods count as lost (damage ratio 1) through the village's act, compensated under arts 18–19
    (reading jp-village-ferry-5-2-unauthorised) — ``common.UNAUTHORISED_DISPOSALS``.
    """
    unauthorised: list[tuple[str, object]] = []
    ctx[UNAUTHORISED_DISPOSALS] = unauthorised
    heavy = ctx.param("heavy_goods.min_weight_kg")
    for ev in ctx.scenario.events_of("disposed"):
        reason = ev.get("reason")
        if reason == "unclaimed":
            continue  # art 22: see unclaimed.py
        for item_id in ev.get("items", []):
            item = ctx.scenario.item(item_id)
            if item is None:  # pragma: no cover - validation checks references
                continue
            if reason == "undeclared-dangerous":
                cites = ["jp-village-ferry:5.2", "jp-village-ferry:5.1"]
                ok = item.dangerous and bool(_unmet_art5(ctx, item))
                why, why_ja = (
                    ("dangerous goods shipped without marking, declaration and consent",
                     "明記、提示及び承諾なく船積みした危険物である") if ok else
                    ("the goods are not dangerous", "危険物ではない") if not item.dangerous else
                    ("the goods were marked, declared and accepted (art 7 needs a judgment that they endanger)",
                     "明記し提示して承諾を得た物品である（第七条によるには危険を及ぼすとの判断を要する）"))
            elif reason == "undeclared-heavy":
                cites = ["jp-village-ferry:6", "jp-village-ferry:5.2"]
                is_heavy = item.weight_kg is not None and Fraction(item.weight_kg) >= heavy.value
                ok = is_heavy and bool(_unmet_art6(ctx, item))
                why, why_ja = (
                    (f"goods of {heavy.text} kg or more shipped without declaration and marking",
                     f"明示及び明記なく船積みした{heavy.text}キログラム以上の物品である") if ok else
                    (f"the goods weigh less than {heavy.text} kg (or their weight is not given)",
                     f"重量が{heavy.text}キログラム未満である（又は重量が記されていない）") if not is_heavy else
                    ("the goods were declared and marked", "明示し明記した物品である"))
            else:  # endangering
                cites = ["jp-village-ferry:7", "jp-village-ferry:5.2"]
                ok = True
                why, why_ja = ("judged to endanger the hull, other cargo, people or animals (art 7), even if shipped "
                               "with consent", "承諾を得て船積みしたものであっても、船体、他の貨物又は人畜に危害を及ぼすと"
                               "認めた（第七条）")
            if ok:
                ctx.finding("info", "disposal-authorised", cites, **what_values(item), date=str(ev.date),
                            how=str(ev.get('how') or 'disposal'), how_ja=value_ja(ctx, ev.get("how"), "処分"),
                            why=why, why_ja=why_ja)
                ctx.step("disposal", cites, "disposal-authorised", item=item.id, date=ev.date, why=why,
                         inputs={"reason": reason, "how": ev.get("how")},
                         readings=["jp-village-ferry-5-2-disposal"]
                         + (["jp-village-ferry-7-endangering"] if reason == "endangering" else []))
            else:
                ctx.finding("warning", "disposal-not-authorised", cites,
                            **what_values(item),
                            date=str(ev.date), reason=str(reason), reason_ja=value_ja(ctx, reason, ""), why=why,
                            why_ja=why_ja)
                ctx.step("disposal", cites, "disposal-not-authorised", item=item.id, date=ev.date, reason=reason,
                         why=why,
                         inputs={"reason": reason, "how": ev.get("how")},
                         readings=["jp-village-ferry-5-2-unauthorised"])
                unauthorised.append((item_id, ev))


@rule(cites=["jp-village-ferry:10", "jp-village-ferry:17"],
      reads=["event:handed_in", "case.vessel", "expense.date", "found.date", "item.owner", "vessel.owner"])
def who_accepts(ctx: Context) -> None:
    """Art 10: goods are accepted by the village or by the contractor the village head designates
    (a party that is the carrier or has the role ``carrier`` or ``contractor``)."""
    village = carrier(ctx)
    for ev in ctx.scenario.events_of("handed_in"):
        for receiver in ev.get("to", []):
            party = ctx.scenario.party(receiver)
            if receiver == village or (party is not None and (party.has("carrier") or party.has("contractor"))):
                continue
            ctx.finding("warning", "not-accepted-by-carrier", ["jp-village-ferry:10", "jp-village-ferry:17"],
                        items=str(', '.join(ev.get('items', []))), date=str(ev.date),
                        receiver=str(receiver))
            ctx.step("who_accepts", "jp-village-ferry:10", "not-accepted-by-carrier",
                     items=", ".join(ev.get("items", [])), items_ja="、".join(ev.get("items", [])), receiver=receiver,
                     date=ev.date, readings=["jp-village-ferry-10-contractor"])

