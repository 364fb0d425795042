"""Baggage (手荷物), arts 13–15 and 17.

第13条 手荷物とは、カバン、旅行用具、自転車、ベビーカーその他旅行に必要なものであって、3辺の長さの和が
  2メートル以下で、かつ、重量が30キログラム以下のものに限る。ただし、次の物品は本村において特に認めた場合の
  ほかは、手荷物として受託しないものとする。
  (Baggage is limited to things needed for travel whose three sides add up to 2 m or less
  and which weigh 30 kg or less. The articles listed — the list is not in the seed — are
  not accepted as baggage unless the village specially allows it.)
  → :func:`check` (also ``wreckmaster check-baggage``), :func:`baggage_limits`,
    :func:`listed_articles`.
第14条 手荷物及び小荷物中に前条各号に掲げる物品を収容している疑いがある場合は、本人又は第三者の立会いを求めて
  その内容を調査することができる。
  (Suspected baggage and parcels may be examined in the presence of the person or a third party.)
  → :func:`inspection`.
第15条 第13条の危険物によつて他に及ぼした損害の一切は、当該乗客の負担とする。
  (All harm that art 13's dangerous articles do to others is borne by the passenger.)
  → :func:`harm_by_dangerous_articles`.
第17条 手荷物及び小荷物は、出帆当日、本村又は村長指定の請負人に差し出さねばならない。
  (Baggage and parcels must be handed in on the day of sailing.)  → :func:`day_of_sailing`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Sequence

from wreckmaster.law.parameters import Param
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import OVER_LIMITS, is_baggage, owner_of, what, what_ja, what_values, yen


@dataclass(frozen=True)
class Reason:
    code: str
    message: str
    message_ja: str


@dataclass(frozen=True)
class BaggageCheck:
    """The answer at the counter: accepted as baggage or not, and why."""

    accepted: bool
    sides_sum_m: Fraction
    weight_kg: Fraction
    max_sides_sum_m: Param
    max_weight_kg: Param
    reasons: tuple[Reason, ...] = field(default=())
    cites: tuple[str, ...] = ("jp-village-ferry:13",)


def check(sides_m: Sequence[Decimal | Fraction], weight_kg: Decimal | Fraction, max_sum: Param,
          max_weight: Param, *, listed: bool = False, specially_allowed: bool = False) -> BaggageCheck:
    """Art 13: is a piece with these three sides (m) and this weight (kg) baggage?

    Both limits include their figure (以下, reading jp-village-ferry-13-limits) and both must
    hold (かつ). Exact decimal arithmetic: ``0.7 + 0.7 + 0.6`` is exactly 2.
    """
    total = sum((Fraction(s) for s in sides_m), Fraction(0))
    weight = Fraction(weight_kg)
    reasons: list[Reason] = []
    if total > max_sum.value:
        reasons.append(Reason(
            "sides-over-limit",
            f"the three sides add up to {yen(total)} m, over the {max_sum.text} m of art 13",
            f"3辺の長さの和 {yen(total)} メートルが{max_sum.text}メートルを超える（第13条）"))
    if weight > max_weight.value:
        reasons.append(Reason(
            "weight-over-limit",
            f"it weighs {yen(weight)} kg, over the {max_weight.text} kg of art 13",
            f"重量 {yen(weight)} キログラムが{max_weight.text}キログラムを超える（第13条）"))
    if listed and not specially_allowed:
        reasons.append(Reason(
            "listed-article",
            "it is one of the articles art 13's proviso lists (among them dangerous articles), which are "
            "not accepted as baggage unless the village specially allows it",
            "第13条ただし書の物品であり、本村が特に認めた場合のほかは手荷物として受託しない"))
    cites = ("jp-village-ferry:13",) + (("jp-village-ferry:13#1",) if listed else ())
    return BaggageCheck(not reasons, total, weight, max_sum, max_weight, tuple(reasons), cites)


def limits(ctx: Context) -> tuple[Param, Param]:
    return ctx.param("baggage.max_sides_sum_m"), ctx.param("baggage.max_weight_kg")


@rule(cites=["jp-village-ferry:13", "jp-village-ferry:18", "jp-village-ferry:13#1"],
      reads=["case.kind", "item.dimensions_m", "item.hand_carried", "item.kind", "item.parcel", "item.value",
            "item.weight_kg", "param:baggage.max_sides_sum_m", "param:baggage.max_weight_kg"])
def baggage_limits(ctx: Context) -> None:
    """Art 13: every piece of baggage within 2 m (sum of the sides) and 30 kg, limits included.

    A piece over either limit is not baggage: a finding, and its compensation is measured as
    goods under art 18 (reading jp-village-ferry-13-over-limits), recorded in
    ``common.OVER_LIMITS``.
    """
    over: set[str] = set()
    ctx[OVER_LIMITS] = over
    max_sum, max_weight = limits(ctx)
    for item in ctx.scenario.items:
        if not is_baggage(item):
            continue
        if item.dimensions_m is None or item.weight_kg is None:
            missing = " and ".join(n for n, v in (("dimensions_m", item.dimensions_m), ("weight_kg", item.weight_kg))
                                   if v is None)
            ctx.finding("info", "baggage-size-unknown", "jp-village-ferry:13", item=repr(item.id),
                        missing=str(missing), max_sum=str(max_sum.text),
                        max_weight=str(max_weight.text))
            ctx.step("baggage_limits", "jp-village-ferry:13", "baggage-size-not-given", item=item.id, missing=missing,
                     params=[max_sum, max_weight], readings=["jp-village-ferry-13-size-unknown"])
            continue
        result = check(item.dimensions_m, item.weight_kg, max_sum, max_weight)
        sides = " + ".join(str(s) for s in item.dimensions_m)
        if result.accepted:
            ctx.step("baggage_limits", "jp-village-ferry:13", "baggage-within-limits", item=item.id, sides=sides,
                     sides_sum=yen(result.sides_sum_m), weight=item.weight_kg, max_sum=max_sum.text,
                     max_weight=max_weight.text,
                     inputs={"dimensions_m": list(item.dimensions_m), "weight_kg": item.weight_kg},
                     params=[max_sum, max_weight], readings=["jp-village-ferry-13-limits"])
            continue
        over.add(item.id)
        why = "; ".join(r.message for r in result.reasons)
        why_ja = "、".join(r.message_ja for r in result.reasons)
        ctx.finding("warning", "baggage-over-limits", ["jp-village-ferry:13", "jp-village-ferry:18"],
                    item=repr(item.id), why=str(why), why_ja=why_ja)
        ctx.step("baggage_limits", ["jp-village-ferry:13", "jp-village-ferry:18"], "baggage-over-limits",
                 item=item.id, sides=sides, sides_sum=yen(result.sides_sum_m), weight=item.weight_kg, why=why,
                 why_ja=why_ja, inputs={"dimensions_m": list(item.dimensions_m), "weight_kg": item.weight_kg},
                 params=[max_sum, max_weight],
                 readings=["jp-village-ferry-13-limits", "jp-village-ferry-13-over-limits"])


@rule(cites=["jp-village-ferry:13#1", "jp-village-ferry:15"],
      reads=["event:shipment_accepted", "case.kind", "expense.date", "found.date", "item.dangerous",
            "item.hand_carried", "item.kind", "item.parcel"])
def listed_articles(ctx: Context) -> None:
    """Art 13 proviso: dangerous articles (among the listed ones, cf. art 15) are not accepted
    as baggage unless the village specially allows it (a ``shipment_accepted`` event)."""
    for item in ctx.scenario.items:
        if not (item.dangerous and item.kind == "baggage" and not item.parcel):
            continue
        allowed = ctx.scenario.first("shipment_accepted", items=item.id)
        if item.hand_carried:
            ctx.finding("warning", "dangerous-article-carried", ["jp-village-ferry:13#1", "jp-village-ferry:15"],
                        item=repr(item.id))
            continue
        if allowed is not None:
            ctx.step("listed_articles", "jp-village-ferry:13#1", "dangerous-article-allowed", item=item.id,
                     date=allowed.date, readings=["jp-village-ferry-13-listed"])
            continue
        ctx.finding("warning", "baggage-listed-article", ["jp-village-ferry:13#1"], item=repr(item.id))
        ctx.step("listed_articles", "jp-village-ferry:13#1", "dangerous-article-not-allowed", item=item.id,
                 readings=["jp-village-ferry-13-listed"])


@rule(cites=["jp-village-ferry:14", "jp-village-ferry:13#1"],
      reads=["event:inspected", "case.kind", "expense.date", "found.date", "item.kind", "item.parcel"])
def inspection(ctx: Context) -> None:
    """Art 14: an inspection needs a suspicion (``grounds``) and a witness (the person or a third party)."""
    for ev in ctx.scenario.events_of("inspected"):
        items = ev.get("items", [])
        names = ", ".join(items)
        witnesses = ev.get("witnesses") or []
        grounds = ev.get("grounds")
        not_covered = [i for i in items if (it := ctx.scenario.item(i)) is not None
                       and not (it.kind == "baggage" or it.parcel)]
        if not_covered:
            ctx.finding("info", "inspection-not-baggage", "jp-village-ferry:14",
                        items=str(', '.join(not_covered)), date=str(ev.date))
        if not witnesses:
            ctx.finding("warning", "inspection-without-witness", "jp-village-ferry:14", names=str(names),
                        date=str(ev.date))
        if not grounds:
            ctx.finding("warning", "inspection-without-grounds", ["jp-village-ferry:14", "jp-village-ferry:13#1"],
                        names=str(names), date=str(ev.date))
        ctx.step("inspection", "jp-village-ferry:14", "inspection", names=names, date=ev.date,
                 grounds=grounds or "— none recorded", grounds_ja=grounds or "なし",
                 witnesses=", ".join(witnesses) or "— none", witnesses_ja="、".join(witnesses) or "なし",
                 inputs={"items": items, "witnesses": witnesses, "grounds": grounds},
                 readings=["jp-village-ferry-14-inspection"])


@rule(cites=["jp-village-ferry:15", "jp-village-ferry:5"],
      reads=["event:harm_caused", "case.kind", "expense.amount", "expense.date", "found.date",
            "item.dangerous", "item.hand_carried", "item.kind", "item.parcel"])
def harm_by_dangerous_articles(ctx: Context) -> None:
    """Art 15: harm that a passenger's dangerous article does to others is the passenger's."""
    for ev in ctx.scenario.events_of("harm_caused"):
        item = ctx.scenario.item(ev.get("item"))
        victim, amount = ev.get("to"), ev.get("amount")
        if item is None:  # pragma: no cover - validation checks references
            continue
        if not item.dangerous:
            ctx.finding("info", "harm-not-by-dangerous-article", "jp-village-ferry:15", amount=str(amount),
                        victim=str(victim), item=repr(item.id), date=str(ev.date))
            continue
        if item.kind != "baggage" or item.parcel:
            ctx.finding("info", "harm-by-cargo-not-governed", ["jp-village-ferry:15", "jp-village-ferry:5"],
                        amount=str(amount), victim=str(victim), what=str(what(item)), what_ja=what_ja(item),
                        item=repr(item.id))
            continue
        passenger = owner_of(ctx, item)
        if passenger is None:
            ctx.finding("error", "passenger-unknown", "jp-village-ferry:15", item=repr(item.id))
            continue
        awarded = ctx.out.award(victim, item.id, "damages", Fraction(amount), "jp-village-ferry:15")
        ctx.out.charge_awards(awarded, passenger, "jp-village-ferry:15")
        ctx.step("harm_by_dangerous_articles", "jp-village-ferry:15", "harm-borne-by-passenger", item=item.id,
                 passenger=passenger, harm=amount, victim=victim, date=ev.date,
                 inputs={"item": item.id, "to": victim, "amount": amount}, exact=Fraction(amount),
                 amount=ctx.out.round(Fraction(amount)), readings=["jp-village-ferry-15-passenger"])


@rule(cites=["jp-village-ferry:17"],
      reads=["event:handed_in", "event:sailed", "case.kind", "expense.date", "found.date",
            "item.hand_carried", "item.kind", "item.parcel"])
def day_of_sailing(ctx: Context) -> None:
    """Art 17: baggage and parcels are handed in on the day of sailing (出帆当日).

    The day of sailing is the first ``sailed`` event on or after the handing in
    (reading jp-village-ferry-17-day-of-sailing).
    """
    sailings = [e.date for e in ctx.scenario.events_of("sailed")]
    for ev in ctx.scenario.events_of("handed_in"):
        for item_id in ev.get("items", []):
            item = ctx.scenario.item(item_id)
            if item is None or not (is_baggage(item) or (item.parcel and not item.hand_carried)):
                continue
            later = [d for d in sailings if d >= ev.date]
            if not later:
                ctx.finding("info", "sailing-day-unknown", "jp-village-ferry:17",
                            **what_values(item),
                            date=str(ev.date))
                continue
            sailing = later[0]
            if sailing != ev.date:
                ctx.finding("warning", "not-handed-in-on-sailing-day", "jp-village-ferry:17",
                            **what_values(item),
                            date=str(ev.date), sailing=str(sailing))
            ctx.step("day_of_sailing", "jp-village-ferry:17",
                     "handed-in-on-sailing-day" if sailing == ev.date else "handed-in-not-on-sailing-day",
                     item=item.id, date=ev.date, sailing=sailing, readings=["jp-village-ferry-17-day-of-sailing"])
