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

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import applies, event_actors, name, release_ground, yen
from .custody import goods
from .expenses import sale_cost

ACT_EN = {"sale": "sale", "mortgage": "mortgage", "pledge": "pledge"}
ACT_JA = {"sale": "賣却", "mortgage": "抵當", "pledge": "質入"}


def _not_for_government(ctx: Context) -> bool:
    if applies(ctx, "16"):
        return False
    if ctx.scenario.events_of("held_goods_disposed", "security_furnished"):
        ctx.out.step("government_vessel", ["jp-1899:22", "jp-1899:16.4"],
                     "Government ship: art 16 (delivery against payment or security, dealings with held goods) is "
                     "not among the provisions art 22 applies.", "官廳ノ船舶 — 第十六條ハ準用セス",
                     overrides="held_goods", readings=["jp-1899-22-government-ships"])
    return True


@rule(cites=["jp-1899:16.2", "jp-1899:22", "jp-1899:16.4"],
      reads=["event:held_goods_disposed", "event:sale_notice", "event:security_furnished", "case.vessel",
            "expense.date", "found.by", "found.date", "item.government", "vessel.government",
            "param:government_vessels.provisions"])
def delivery_against_security(ctx: Context) -> None:
    """Art 16 ¶2: goods delivered to the master or owner against security, outside an art 11 notice."""
    if _not_for_government(ctx):
        return
    for ev in ctx.scenario.events_of("security_furnished"):
        items = event_actors(ev.get("items"))
        if any(ctx.scenario.first("sale_notice", items=i) for i in items):
            continue  # an art 11 ¶2 request: :func:`.public_sale.sale_notices`
        security = ev.get("security")
        ctx.out.step("delivery_against_security", "jp-1899:16.2",
                     f"{ev.date}: {ev.get('by')} furnished security"
                     + (f" of {yen(Fraction(security))} yen" if security is not None else "")
                     + f" and takes delivery of {', '.join(items)} before paying.",
                     f"{ev.date}: 擔保ヲ供シ {', '.join(items)} ノ引渡ヲ受ク", readings=["jp-1899-16-2-security"])


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
    if not applies(ctx, "16"):
        return
    kinds = ctx.param("release_unpaid.kinds")
    for h in goods(ctx).values():
        cite = release_ground(ctx, h.item)
        if cite is None:
            if h.item.kind == "baggage" and h.item.freight_paid:
                ctx.out.step("free_baggage", "jp-1899:16.3#3",
                             f"{h.item.id}: baggage carried for freight — not under art 16 ¶3 item 3; held like the cargo.",
                             f"{h.item.id}: 運送賃ヲ支拂ヒタル手荷物 — 第十六條第三項第三號ニ該當セス", params=[kinds],
                             readings=["jp-1899-16-3-baggage"])
            cost = sale_cost(ctx, h.item.id)
            if cost is not None and h.item.value is not None and Fraction(h.item.value) < cost:
                ctx.finding("info", "not-worth-selling-released", ["jp-1899:16.3#4", "jp-1899:17.2"],
                            item=h.item.id, value=str(h.item.value), cost=yen(cost))
                ctx.out.step("free_baggage", ["jp-1899:16.3#4", "jp-1899:17.2"],
                             f"{h.item.id}: not worth selling (art 17 ¶2) — delivered notwithstanding ¶1–2.",
                             f"{h.item.id}: 第十七條第二項ニ揭クル物件 — 其ノ引渡ヲ受クルコトヲ得",
                             readings=["jp-1899-16-3-today-wording"])
            continue
        owner = h.item.owner
        what = {"jp-1899:16.3#1": ("a crew member's personal belongings", "item 1", "crew-belongings-released",
                                   "船員ノ所持品"),
                "jp-1899:16.3#2": ("food of the crew and passengers", "item 2", "provisions-released", "船員及旅客ノ食料"),
                "jp-1899:16.3#3": ("a passenger's baggage carried without freight", "item 3", "baggage-released",
                                   "運送賃ヲ支拂フコトナクシテ船中ニ携帶スル旅客ノ手荷物")}[cite]
        ctx.finding("info", what[2], cite, item=h.item.id, **({"variant": "owner", "owner": name(ctx, owner)}
                                                             if owner else {}))
        ctx.out.step("free_baggage", cite, f"{h.item.id}: {what[0]} — delivered notwithstanding ¶1–2.",
                     f"{h.item.id}: {what[3]} — 其ノ引渡ヲ受クルコトヲ得", params=[kinds],
                     readings=["jp-1899-16-3-baggage"] if cite.endswith("#3") else ["jp-1899-16-3-today-wording"])


@rule(cites=["jp-1899:16.4", "jp-1899:16.5", "jp-1899:22"],
      reads=["event:held_goods_disposed", "event:security_furnished", "case.vessel", "expense.date",
            "found.by", "found.date", "item.government", "party.name", "party.person", "person.name",
            "vessel.government", "vessel.name", "param:government_vessels.provisions"])
def disposals(ctx: Context) -> None:
    """Art 16 ¶4: a sale, mortgage or pledge of the held ship or cargo needs the mayor's approval;
    ¶5: the money or goods it brings in are held by the mayor."""
    if _not_for_government(ctx):
        return
    for ev in ctx.scenario.events_of("held_goods_disposed"):
        items = event_actors(ev.get("items"))
        act = ev.get("act")
        proceeds = ev.get("proceeds")
        if not ev.get("approved"):
            ctx.finding("warning", "disposal-not-approved", "jp-1899:16.4", by=name(ctx, ev.get("by")),
                        act=ACT_EN[act], act_ja=ACT_JA[act], items=", ".join(items), date=str(ev.date))
            ctx.out.step("disposals", "jp-1899:16.4", f"{ev.date}: {act} of {', '.join(items)} without approval.",
                         f"{ev.date}: {', '.join(items)} ノ{ACT_JA[act]} — 市町村長ノ認可ナシ",
                         readings=["jp-1899-16-4-approval"])
            continue
        cites = ["jp-1899:16.4"] + (["jp-1899:16.5"] if proceeds is not None else [])
        ctx.out.step("disposals", cites,
                     f"{ev.date}: {act} of {', '.join(items)} by {ev.get('by')} with the mayor's approval"
                     + (f"; the {yen(Fraction(proceeds))} yen it brought in are held by the mayor (art 16 ¶5)."
                        if proceeds is not None else "."),
                     f"{ev.date}: 市町村長ノ認可ヲ受ケ {', '.join(items)} ヲ{ACT_JA[act]}"
                     + (f" — 取得シタル金錢 {yen(Fraction(proceeds))} 円ハ市町村長之ヲ保管" if proceeds is not None else ""),
                     inputs={"items": items, "act": act, "proceeds": proceeds},
                     readings=["jp-1899-16-4-approval"])
        if proceeds is None:
            ctx.finding("info", "disposal-proceeds-unknown", "jp-1899:16.5", act=ACT_EN[act], act_ja=ACT_JA[act],
                        items=", ".join(items), date=str(ev.date))
