"""Custody of the ship and the salvaged goods, art 9.

第九條 市町村長ハ遭難船舶其ノ他救上ケタル物件及前條ノ規定ニ依リ差押ヘタル物件ヲ保管スヘシ
  前項ノ物件中ニ郵便物アルトキハ市町村長ハ遲滯ナク最近ノ郵便局ニ引渡スヘシ
  (The mayor keeps the ship, the goods saved and the goods seized under art 8; postal matter among
  them he hands without delay to the nearest post office.)

What is held, and how it leaves custody (reading ``jp-1899-9-custody``): every item saved
(``found``) and every item seized (art 8) is held; it leaves custody when mail is handed to the
post office (``mail_handed_over``), when it is sold (``sold``: arts 11, 17; or
``held_goods_disposed`` with ``act: sale``: art 16 ¶4), or when it is delivered against security
(``security_furnished``: arts 11 ¶2, 16 ¶2). :func:`goods` is what the other rules ask.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import competent, duty, event_actors


@dataclass(frozen=True)
class Held:
    item: Item
    since: date | None
    left: str | None          # why it left custody: posted | sold | disposed | delivered
    left_on: date | None


def goods(ctx: Context) -> dict[str, Held]:
    """Every item that came into the mayor's custody, with whether and how it left it (:data:`HELD_GOODS`)."""
    return ctx[HELD_GOODS]


def _held_goods(ctx: Context) -> dict[str, Held]:
    sc = ctx.scenario
    seized: dict[str, date] = {}
    for ev in sc.events_of("seized"):
        for i in event_actors(ev.get("items")):
            seized.setdefault(i, ev.date)
    out: dict[str, Held] = {}
    for item in sc.items:
        if item.found is None and item.id not in seized:
            continue
        since = item.found.date if item.found and item.found.date else seized.get(item.id, ctx.case.occurred)
        leaving: list[tuple[date, str]] = []
        for ev in sc.events_of("mail_handed_over"):
            if item.id in event_actors(ev.get("items")):
                leaving.append((ev.date, "posted"))
        sale = sc.first("sold", item=item.id)
        if sale is not None:
            leaving.append((sale.date, "sold"))
        for ev in sc.events_of("held_goods_disposed"):
            if item.id in event_actors(ev.get("items")) and ev.get("act") == "sale":
                leaving.append((ev.date, "disposed"))
        for ev in sc.events_of("security_furnished"):
            if item.id in event_actors(ev.get("items")):
                leaving.append((ev.date, "delivered"))
        first = min(leaving, key=lambda x: x[0]) if leaving else (None, None)
        out[item.id] = Held(item, since, first[1], first[0])
    return out


#: the goods that came into the mayor's custody (art 9 ¶1), worked out when first asked
HELD_GOODS = Value("held_goods", dict, compute=_held_goods)


def still_held(ctx: Context) -> list[Held]:
    return [h for h in goods(ctx).values() if h.left is None]


@rule(cites=["jp-1899:9.1"],
      reads=["event:held_goods_disposed", "event:mail_handed_over",
            "event:security_furnished", "event:seized", "event:sold", "case.occurred", "expense.date",
            "found.date", "item.found"])
def custody(ctx: Context) -> None:
    """Art 9 ¶1: the mayor keeps the ship and the goods saved or seized."""
    held = goods(ctx)
    if not held:
        return
    listed = ", ".join(f"{h.item.id}" + (f" (left custody: {h.left} {h.left_on})" if h.left else "")
                       for h in held.values())
    ctx.step("custody", "jp-1899:9.1", "in-custody", listed=listed, inputs={"items": list(held)},
             readings=["jp-1899-9-custody"])


@rule(cites=["jp-1899:9.2"],
      reads=["event:held_goods_disposed", "event:mail_handed_over",
            "event:security_furnished", "event:seized", "event:sold", "case.kind", "case.occurred",
            "expense.date", "found.date", "item.found", "item.kind", "item.value",
            "param:timing.mail_handover"])
def mail(ctx: Context) -> None:
    """Art 9 ¶2: postal matter (items of kind ``mail``) goes without delay to the nearest post office."""
    timing = ctx.param("timing.mail_handover")
    for h in goods(ctx).values():
        if h.item.kind != "mail":
            continue
        handed = ctx.scenario.first("mail_handed_over", items=h.item.id)
        if handed is not None:
            duty(ctx, "hand-mail-to-post-office", competent(ctx).mayor, timing.value, "done", handed.date,
                 ["jp-1899:9.2"], item=h.item.id)
            ctx.step("mail", "jp-1899:9.2", "mail-handed-over", item=h.item.id, date=handed.date, params=[timing],
                     readings=["jp-1899-9-2-mail"])
            continue
        duty(ctx, "hand-mail-to-post-office", competent(ctx).mayor, timing.value, "outstanding", None,
             ["jp-1899:9.2"], item=h.item.id)
        if h.left == "sold" or h.left == "disposed":
            ctx.finding("warning", "mail-sold", "jp-1899:9.2", item=h.item.id, date=str(h.left_on))
        else:
            ctx.finding("warning", "mail-not-handed-over", "jp-1899:9.2", item=h.item.id)
        ctx.step("mail", "jp-1899:9.2", "mail-not-recorded-handed-over", item=h.item.id, params=[timing],
                 readings=["jp-1899-9-2-mail"])
