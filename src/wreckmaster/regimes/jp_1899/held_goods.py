"""Dealings with the goods in custody, art 16 ¶2–5.

第十六條第二項 船長又ハ船舶所有者ニ於テ市町村長ノ相當ト認ムル擔保ヲ供スルトキハ前項ノ金錢其ノ他ノ物件ノ全部若ハ
  一部ノ引渡ヲ受クルコトヲ得 (delivery against adequate security) → delivery_against_security
第十六條第三項 左ニ揭クル物件ハ前二項ノ規定ニ拘ラス其ノ引渡ヲ受クルコトヲ得 … 三 運送賃ヲ支拂フコトナクシテ船中ニ
  携帶スル旅客ノ手荷物 (passengers' baggage carried free of freight is delivered even unpaid; items 1, 2, 4 in
  today's wording: crew's belongings, food, the goods of art 17 ¶2) → free_baggage
第十六條第四項 市町村長ノ保管スル船舶又ハ積荷ヲ賣却シ抵當ト爲シ又ハ質入セントスルトキハ市町村長ノ認可ヲ受クヘシ …
第十六條第五項 前項ノ處分ニ因リ取得シタル金錢其ノ他ノ物件ハ市町村長之ヲ保管スヘシ
  (selling, mortgaging or pledging held goods needs the mayor's approval; what it brings in is
  held) → disposals; the proceeds join the held money in :mod:`.expenses`.
Art 22 does not apply art 16 to government ships.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import applies, event_actors, name, release_ground, yen
from .custody import goods
from .expenses import sale_cost

ACT_EN = {"sale": "sale", "mortgage": "mortgage", "pledge": "pledge"}
ACT_JA = {"sale": "賣却", "mortgage": "抵當", "pledge": "質入"}


def _art_16_set_aside(ctx: Context) -> bool:
    return not applies(ctx, "16")


def _not_for_government(ctx: Context) -> None:
    """Art 22 does not list art 16: no delivery against security, no dealings with held goods for a
    government ship (said where the scenario records any)."""
    if ctx.scenario.events_of("held_goods_disposed", "security_furnished"):
        ctx.step("government_vessel", ["jp-1899:22", "jp-1899:16.4"], "government-ship-no-art-16",
                 readings=["jp-1899-22-government-ships"])


#: art 22 sets aside art 16 ¶2–5 for a government ship (its steps name the article's rules together:
#: ``held_goods``); ¶3's deliveries unpaid are set aside with it, without a step of their own
GOVERNMENT_SHIP = Exception_("government_vessel", overrides="held_goods", condition=_art_16_set_aside,
                             apply=_not_for_government)
GOVERNMENT_SHIP_RELEASES = Exception_("government_vessel", overrides="free_baggage", condition=_art_16_set_aside,
                                      apply=lambda ctx: None)


@rule(cites=["jp-1899:16.2", "jp-1899:22", "jp-1899:16.4"],
      reads=["event:held_goods_disposed", "event:sale_notice", "event:security_furnished", "case.vessel",
            "expense.date", "found.by", "found.date", "item.government", "vessel.government",
            "param:government_vessels.provisions"])
def delivery_against_security(ctx: Context) -> None:
    """Art 16 ¶2: goods delivered to the master or owner against security, outside an art 11 notice."""
    if exceptions.applied(ctx, [GOVERNMENT_SHIP]):   # art 22: art 16 not applied
        return
    for ev in ctx.scenario.events_of("security_furnished"):
        items = event_actors(ev.get("items"))
        if any(ctx.scenario.first("sale_notice", items=i) for i in items):
            continue  # an art 11 ¶2 request: :func:`.public_sale.sale_notices`
        security = ev.get("security")
        ctx.step("delivery_against_security", "jp-1899:16.2", "delivered-against-security",
                 variant="amount" if security is not None else None, date=ev.date, by=ev.get("by"),
                 security=yen(Fraction(security)) if security is not None else None, items=", ".join(items),
                 readings=["jp-1899-16-2-security"])


@rule(cites=["jp-1899:16.3#1", "jp-1899:16.3#2", "jp-1899:16.3#3", "jp-1899:16.3#4", "jp-1899:17.2"],
      reads=["event:held_goods_disposed", "event:mail_handed_over",
            "event:security_furnished", "event:seized", "event:sold", "case.kind", "case.occurred",
            "case.vessel", "expense.amount", "expense.category", "expense.date", "expense.for", "found.date",
            "item.found", "item.freight_paid", "item.government", "item.kind", "item.owner",
            "item.provisions", "item.value", "party.name", "party.person", "party.roles", "person.name",
            "vessel.government", "vessel.master", "vessel.name", "vessel.owner",
            "param:government_vessels.provisions", "param:release_unpaid.kinds"])
def free_baggage(ctx: Context) -> None:
    """Art 16 ¶3: goods delivered even unpaid — the crew's belongings (item 1), food (item 2),
    passengers' baggage carried free of freight (item 3) and the goods of art 17 ¶2, whose sale would
    not cover its cost (item 4). Items 1, 2 and 4 in today's wording (reading
    ``jp-1899-16-3-today-wording``)."""
    if exceptions.applied(ctx, [GOVERNMENT_SHIP_RELEASES]):   # art 22: art 16 not applied
        return
    kinds = ctx.param("release_unpaid.kinds")
    for h in goods(ctx).values():
        cite = release_ground(ctx, h.item)
        if cite is None:
            if h.item.kind == "baggage" and h.item.freight_paid:
                ctx.step("free_baggage", "jp-1899:16.3#3", "baggage-carried-for-freight", item=h.item.id,
                         params=[kinds], readings=["jp-1899-16-3-baggage"])
            cost = sale_cost(ctx, h.item.id)
            if cost is not None and h.item.value is not None and Fraction(h.item.value) < cost:
                ctx.finding("info", "not-worth-selling-released", ["jp-1899:16.3#4", "jp-1899:17.2"],
                            item=h.item.id, value=str(h.item.value), cost=yen(cost))
                ctx.step("free_baggage", ["jp-1899:16.3#4", "jp-1899:17.2"], "not-worth-selling-delivered",
                         item=h.item.id, readings=["jp-1899-16-3-today-wording"])
            continue
        owner = h.item.owner
        what, code = {"jp-1899:16.3#1": ("crew-belongings", "crew-belongings-released"),
                      "jp-1899:16.3#2": ("provisions", "provisions-released"),
                      "jp-1899:16.3#3": ("baggage", "baggage-released")}[cite]
        ctx.finding("info", code, cite, item=h.item.id, **({"variant": "owner", "owner": name(ctx, owner)}
                                                           if owner else {}))
        ctx.step("free_baggage", cite, "delivered-unpaid", variant=what, item=h.item.id, params=[kinds],
                 readings=["jp-1899-16-3-baggage"] if cite.endswith("#3") else ["jp-1899-16-3-today-wording"])


@rule(cites=["jp-1899:16.4", "jp-1899:16.5", "jp-1899:22"],
      reads=["event:held_goods_disposed", "event:security_furnished", "case.vessel", "expense.date",
            "found.by", "found.date", "item.government", "party.name", "party.person", "person.name",
            "vessel.government", "vessel.name", "param:government_vessels.provisions"])
def disposals(ctx: Context) -> None:
    """Art 16 ¶4: a sale, mortgage or pledge of the held ship or cargo needs the mayor's approval;
    ¶5: the money or goods it brings in are held by the mayor."""
    if exceptions.applied(ctx, [GOVERNMENT_SHIP]):   # art 22: art 16 not applied
        return
    for ev in ctx.scenario.events_of("held_goods_disposed"):
        items = event_actors(ev.get("items"))
        act = ev.get("act")
        proceeds = ev.get("proceeds")
        if not ev.get("approved"):
            ctx.finding("warning", "disposal-not-approved", "jp-1899:16.4", by=name(ctx, ev.get("by")),
                        act=ACT_EN[act], act_ja=ACT_JA[act], items=", ".join(items), date=str(ev.date))
            ctx.step("disposals", "jp-1899:16.4", "disposal-without-approval", date=ev.date, act=act,
                     act_ja=ACT_JA[act], items=", ".join(items), readings=["jp-1899-16-4-approval"])
            continue
        cites = ["jp-1899:16.4"] + (["jp-1899:16.5"] if proceeds is not None else [])
        ctx.step("disposals", cites, "disposal-approved", variant="proceeds" if proceeds is not None else None,
                 date=ev.date, act=act, act_ja=ACT_JA[act], items=", ".join(items), by=ev.get("by"),
                 proceeds=yen(Fraction(proceeds)) if proceeds is not None else None,
                 inputs={"items": items, "act": act, "proceeds": proceeds}, readings=["jp-1899-16-4-approval"])
        if proceeds is None:
            ctx.finding("info", "disposal-proceeds-unknown", "jp-1899:16.5", act=ACT_EN[act], act_ja=ACT_JA[act],
                        items=", ".join(items), date=str(ev.date))
