"""Public sale of salvaged goods during custody, art 11.

第十一條 市町村長ハ救上ケタル物件左ニ揭クル事項ノ一ニ該當スト認メタルトキハ之ヲ公賣シ其ノ代金ヲ保管スヘシ
  一 物件久ニ耐ヘ難キコト又ハ著シク其ノ價格ヲ減スル虞アルコト
  二 爆發物、容易ニ燃燒スヘキ物又ハ其ノ他ノ物件ニシテ保管上危險ノ虞アルコト
  三 保管ノ費用其ノ物件ノ價格ニ超過シ又ハ其ノ價格ニ比シ不相當ナルコト
  前項ノ規定ニ依リ公賣ヲ爲サントスル場合ニ於テ船長其ノ地ニ在ルトキハ市町村長ハ期間ヲ定メ其ノ期間內ニ市町村長ノ
  相當ト認ムル擔保ヲ供シテ物件ノ引渡ヲ請求セサルトキハ公賣ニ付スヘキ旨ヲ船長ニ吿知スヘシ
  遭難船舶ノ所在地船籍港ナルトキハ前項ノ吿知ハ船舶所有者ニ之ヲ爲スヘシ
  船長又ハ船舶所有者ニ於テ第二項ノ規定ニ依リ物件ノ引渡ヲ請求シタルトキハ公賣ヲ爲スコトヲ得ス
  (The mayor sells salvaged goods that are perishable, dangerous to keep, or too costly to keep,
  and holds the proceeds; first he gives the master — the owner at the home port — a period to ask
  for delivery against security; when delivery is asked for, there is no sale.)

A ``sold`` event that is not an art 17 sale (after the notified day, unpaid: :mod:`.expenses`) is
an art 11 sale. Its ground: a ``sale_decided`` event, else ``item.perishable`` (item 1), else
``item.dangerous`` (item 2), else storage costs (expenses ``storage`` for the item) above its
value (item 3) — reading ``jp-1899-11-grounds``. Not for government ships (art 22).
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import applies, event_actors, master, name, owner, yen
from .expenses import is_art17_sale

GROUND_CITE = {"perishable": "jp-1899:11.1#1", "dangerous": "jp-1899:11.1#2", "costly": "jp-1899:11.1#3"}
GROUND_EN = {"perishable": "it cannot keep or would lose much of its value",
             "dangerous": "it is explosive, combustible or otherwise dangerous to keep",
             "costly": "keeping it costs more than it is worth, or out of proportion to it"}
GROUND_JA = {"perishable": "久ニ耐ヘ難ク又ハ著シク其ノ價格ヲ減スル虞アリ", "dangerous": "保管上危險ノ虞アリ",
             "costly": "保管ノ費用其ノ物件ノ價格ニ超過シ又ハ不相當"}


def _ground(ctx: Context, item) -> tuple[str | None, str]:
    decided = ctx.scenario.first("sale_decided", items=item.id)
    if decided is not None:
        return decided.get("ground"), f"found by the mayor on {decided.date}"
    if item.perishable:
        return "perishable", "item.perishable"
    if getattr(item, "dangerous", False):
        return "dangerous", "item.dangerous"
    storage = [Fraction(e.amount) for e in ctx.scenario.expenses
               if e.category == "storage" and e.for_ == item.id and e.amount is not None]
    if storage and item.value is not None and sum(storage) > Fraction(item.value):
        return "costly", f"storage costs {yen(sum(storage))} yen above its value {item.value} yen"
    return None, ""


def notice_recipient(ctx: Context) -> tuple[str | None, bool, str]:
    """Art 11 ¶2–3: (who is to be notified, whether a notice is required, why). At the home port the
    owner (¶3); else the master if he is in the locality (¶2, art 21); else no notice (reading
    ``jp-1899-11-2-no-master``)."""
    if ctx.case.at_home_port:
        return owner(ctx), True, "the ship lies at its port of registry: the owner (art 11 ¶3)"
    m = master(ctx)
    if m.present and m.id is not None:
        return m.id, True, "the master is in the locality (art 11 ¶2)"
    return None, False, "the master is not in the locality and the ship is not at its home port: no notice"


@rule(cites=["jp-1899:11.1", "jp-1899:22", "jp-1899:11.1#1", "jp-1899:11.1#2", "jp-1899:11.1#3",
            "jp-1899:11.3", "jp-1899:11.2", "jp-1899:11.4"],
      reads=["event:expenses_notified", "event:held_goods_disposed", "event:paid", "event:sale_decided",
            "event:sale_notice", "event:security_furnished", "event:sold", "case.at_home_port",
            "case.master_absent", "case.rescue_effective", "case.vessel", "expense.amount",
            "expense.category", "expense.date", "expense.for", "found.by", "found.date", "item.dangerous",
            "item.government", "item.owner", "item.perishable", "item.value", "party.name", "party.person",
            "person.name", "vessel.government", "vessel.master", "vessel.name", "vessel.owner",
            "param:government_vessels.provisions", "param:public_sale.grounds", "param:treasury.cases"])
def public_sale(ctx: Context) -> None:
    """Art 11 ¶1–4 for each sale that is not an art 17 sale."""
    grounds = ctx.param("public_sale.grounds")
    for sale in ctx.scenario.events_of("sold"):
        item = ctx.scenario.item(sale.get("item"))
        if item is None or is_art17_sale(ctx, sale.date):
            continue
        if exceptions.applied(ctx, [GOVERNMENT_SHIP], item, sale):   # art 22: art 11 not applied
            continue
        ground, source = _ground(ctx, item)
        price = Fraction(sale.get("price"))
        if ground is None:
            ctx.finding("warning", "sale-without-ground", "jp-1899:11.1", item=item.id, date=str(sale.date),
                        price=yen(price))
            cites = ["jp-1899:11.1"]
        else:
            cites = ["jp-1899:11.1", GROUND_CITE[ground]]
        ctx.step("public_sale", cites, "sold-proceeds-held", variant=ground or "no-ground", item=item.id,
                 date=sale.date, price=yen(price), source=source,
                 inputs={"item": item.id, "price": price, "ground": ground}, params=[grounds],
                 readings=["jp-1899-11-grounds"])
        _notice(ctx, item, sale)


def _not_for_government(ctx: Context, item, sale) -> None:
    """Art 22 does not list art 11: no public sale for a government ship."""
    ctx.finding("warning", "public-sale-not-applicable", ["jp-1899:22", "jp-1899:11.1"], item=item.id,
                date=str(sale.date))
    ctx.step("government_vessel", ["jp-1899:22", "jp-1899:11.1"], "no-public-sale-government-ship", item=item.id,
             readings=["jp-1899-22-government-ships"])


def _art_11_set_aside(ctx: Context, *_: object) -> bool:
    return not applies(ctx, "11")


#: art 22 sets aside art 11 for a government ship: its sales (:func:`public_sale`) and notices (:func:`sale_notices`)
GOVERNMENT_SHIP = Exception_("government_vessel", overrides="public_sale", condition=_art_11_set_aside,
                             apply=_not_for_government)
GOVERNMENT_SHIP_NOTICES = Exception_("government_vessel", overrides="sale_notices", condition=_art_11_set_aside,
                                     apply=lambda ctx: None)


def _delivery_asked(ctx: Context, notice, request) -> None:
    """Art 11 ¶4: delivery asked for against security within the notice's period: no public sale."""
    ctx.step("delivery_against_security", "jp-1899:11.4", "delivery-asked-no-sale", by=request.get("by"),
             date=request.date, items=", ".join(event_actors(request.get("items"))),
             readings=["jp-1899-11-4-delivery-bar"])


#: art 11 ¶4 sets aside the public sale of ¶1 once delivery is asked for within the notice's period
DELIVERY_BAR = Exception_("delivery_against_security", overrides="public_sale", apply=_delivery_asked,
                          condition=lambda ctx, notice, request: request is not None
                          and request.date <= notice.get("due"))


def _notice(ctx: Context, item, sale) -> None:
    """Art 11 ¶2–4: the notice with a period, and no sale once delivery is asked for against security."""
    to, required, why = notice_recipient(ctx)
    notice = ctx.scenario.first("sale_notice", items=item.id)
    cite_notice = "jp-1899:11.3" if ctx.case.at_home_port else "jp-1899:11.2"
    whom = "home-port" if ctx.case.at_home_port else "master"   # the findings' variant: why ``to`` is notified
    if notice is None:
        if required:
            ctx.finding("warning", "sale-notice-missing", [cite_notice, "jp-1899:11.2"], variant=whom, item=item.id,
                        date=str(sale.date), to=name(ctx, to))
        else:
            ctx.step("sale_notice", "jp-1899:11.2", "no-sale-notice-required", item=item.id, why=why,
                     readings=["jp-1899-11-2-no-master"])
        return
    if to is not None and notice.get("to") != to:
        ctx.finding("warning", "sale-notice-wrong-party", [cite_notice, "jp-1899:11.2"], variant=whom,
                    date=str(notice.date), item=item.id, went_to=name(ctx, notice.get("to")), to=name(ctx, to))
    if sale.date <= notice.get("due"):
        ctx.finding("warning", "sold-before-notice-period-ended", "jp-1899:11.2", item=item.id,
                    date=str(sale.date), due=str(notice.get("due")))
    request = next((e for e in ctx.scenario.events_of("security_furnished")
                    if item.id in event_actors(e.get("items")) and e.date <= notice.get("due")), None)
    if request is not None:
        ctx.finding("warning", "sale-despite-delivery-request", "jp-1899:11.4", by=name(ctx, request.get("by")),
                    date=str(request.date), item=item.id, sold=str(sale.date))
    ctx.step("sale_notice", [cite_notice, "jp-1899:11.2"], "sale-notice-given", item=item.id, to=notice.get("to"),
             date=notice.date, due=notice.get("due"), sold=sale.date,
             readings=["jp-1899-11-3-home-port"] if ctx.case.at_home_port else ())


@rule(cites=["jp-1899:11.2", "jp-1899:11.4", "jp-1899:11.1#1", "jp-1899:11.1#2", "jp-1899:11.1#3"],
      reads=["event:sale_decided", "event:sale_notice", "event:security_furnished", "event:sold",
            "case.vessel", "expense.date", "found.by", "found.date", "item.dangerous", "item.government",
            "item.perishable", "vessel.government", "param:government_vessels.provisions"])
def sale_notices(ctx: Context) -> None:
    """Art 11 ¶2, ¶4: each notice sets a period to ask for delivery against security (a deadline);
    a request within it bars the sale, and the goods are delivered."""
    if exceptions.applied(ctx, [GOVERNMENT_SHIP_NOTICES]):   # art 22: art 11 not applied (public_sale says so)
        return
    for notice in ctx.scenario.events_of("sale_notice"):
        items = event_actors(notice.get("items"))
        request = next((e for e in ctx.scenario.events_of("security_furnished")
                        if set(items) & set(event_actors(e.get("items")))), None)
        ctx.deadline("ask-delivery-against-security", notice.get("to"), notice.get("due"),
                     request.date if request else None, ["jp-1899:11.2", "jp-1899:11.4"],
                     items=", ".join(items), items_ja="、".join(items))
        exceptions.applied(ctx, [DELIVERY_BAR], notice, request)   # art 11 ¶4
    for decided in ctx.scenario.events_of("sale_decided"):
        for item_id in event_actors(decided.get("items")):
            if ctx.scenario.first("sold", item=item_id) is None and \
                    ctx.scenario.first("security_furnished", items=item_id) is None:
                ctx.finding("info", "sale-pending", GROUND_CITE[decided.get("ground")], date=str(decided.date),
                            item=item_id, ground=GROUND_EN[decided.get("ground")].replace("it ", "", 1),
                            ground_ja=GROUND_JA[decided.get("ground")])
