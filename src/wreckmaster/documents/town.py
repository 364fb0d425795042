"""Today's Water Rescue Act (水難救護法, ``jp-1899-2025``), chapter 2 — the town's forms for
drifting and sunken goods (漂流物・沈没品):

- ``found-report`` (拾得届): the finder reports the find to the mayor (art 24 ¶1);
- ``delivery-receipt`` (受領書): the mayor's receipt of the goods the finder delivered (art 24 ¶1);
- ``claim`` (引渡請求書): the owner asks for delivery, paying the reward and the costs (art 27 ¶1);
- ``owner-receipt`` (所有者受領書): the owner's receipt of the goods handed back (art 27);
- ``handover`` (交付書): the goods handed to the finder, who pays the costs and becomes owner (art 28).

Who: ``--party`` names the finder (found-report, delivery-receipt, handover) or the owner
(claim, owner-receipt); without it, the one the events name. Amounts (the reward, the costs)
are the assessment's, with their articles.
"""
from __future__ import annotations

from typing import Any

from .common import Ctx, DocumentProblem
from .labels import L, STATES, WATERS
from .statement import kind_label

GOODS = {"floating": {"ja": "漂流物", "en": "drifting goods"}, "sunk": {"ja": "沈没品", "en": "sunken goods"}}


def _items_of(ev) -> list[str]:
    got = ev.get("items") if ev is not None else None
    return [got] if isinstance(got, str) else list(got or [])


def _first_by(ev) -> str | None:
    by = ev.get("by") if ev is not None else None
    return (by[0] if by else None) if isinstance(by, list) else by


def _goods_table(ctx: Ctx, items: list, ja: bool) -> dict[str, Any]:
    rows = []
    for i in items:
        f = i.found
        state = f.state if f else None
        where = "　".join(x for x in ((ctx.scenario.case.place or ""), ctx.t(WATERS[f.waters]) if f and f.waters else "",
                                      ctx.t(STATES[state]) if state else "") if x)
        rows.append([i.description or i.id, ctx.t(GOODS[state]) if state in GOODS else "—", where or "—",
                     ctx.date(f.date) if f and f.date else "—",
                     ctx.count(getattr(i, "pieces", None) or 1), ctx.amount(i.value) if i.value is not None else "—"])
    return {"kind": "table", "heading": "物件" if ja else "The goods", "num": (4, 5),
            "head": [ctx.t(L["what"]), "種別" if ja else "Kind", ctx.t(L["found_where"]), ctx.t(L["found"]),
                     "数量" if ja else "Pieces", ctx.t(L["value"])], "rows": rows}


def _mayor(ctx: Ctx) -> str | None:
    m = ctx.parties_with("mayor")
    return ctx.name(m[0].id) if m else None


def _who(ctx: Ctx, party: str | None, role: str, *events: str) -> str:
    if party is not None:
        return party
    for t in events:
        for ev in ctx.scenario.events_of(t):
            if _first_by(ev):
                return _first_by(ev)
    found = [p.id for p in ctx.parties_with(role)]
    if role == "finder":
        found += [p for i in ctx.scenario.items if i.found for p in i.found.by]
    if role == "owner":
        found += [i.owner for i in ctx.scenario.items if i.owner]
    if not found:
        raise DocumentProblem("--party", f"name the {role} with --party ID (none is recorded in this case)")
    return found[0]


def _items_for(ctx: Ctx, who: str, role: str, *events: str) -> list:
    s = ctx.scenario
    ids: list[str] = []
    for t in events:
        for ev in s.events_of(t):
            if who in (ev.get("by") if isinstance(ev.get("by"), list) else [ev.get("by")]) or not ev.get("by"):
                ids += [i for i in _items_of(ev) if i not in ids]
    if not ids:
        if role == "finder":
            ids = [i.id for i in s.items if i.found and who in i.found.by]
        else:
            ids = [i.id for i in s.items if s.owner_of(i) == who]
    items = [s.item(i) for i in ids if s.item(i) is not None]
    if not items:
        raise DocumentProblem("--party", f"{ctx.name(who)} ({who}) has no goods as {role} in this case")
    return items


def _money(ctx: Ctx, who: str, items: list, ja: bool, owner: bool) -> dict[str, Any]:
    """The reward and the costs for these goods, as the assessment charges them."""
    ids = {i.id for i in items}
    rows = []
    for c in ctx.a["charges"]:
        if (c["payer"] == who) and (c["for"] in ids or c["for"] is None or
                                     any(e.id == c["for"] and e.for_ in ids for e in ctx.scenario.expenses)):
            what = ctx.name(c["for"]) if c["for"] else "—"
            rows.append([ctx.name(c["payee"]), what, ctx.amount(c["amount"], c["currency"]), ctx.cites(c["cites"])])
    for x in ctx.a["awards"]:
        if owner and x["for"] in ids and x["to"] != who and not any(r[0] == ctx.name(x["to"]) for r in rows):
            rows.append([ctx.name(x["to"]), kind_label(ctx, x["kind"]), ctx.amount(x["amount"], x["currency"]),
                         ctx.cites(x["cites"])])
    return {"kind": "table", "heading": ("報労金及び費用" if owner else "費用") if ja else
            ("The reward and the costs" if owner else "The costs"), "num": (2,),
            "head": [ctx.t(L["payee"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
            "rows": rows, "empty": ctx.t(L["none"])}


def _doc(ctx: Ctx, title_ja: str, title_en: str, cites: list[str], sections: list, draft: bool) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    title = title_ja if ja else f"{title_en} ({title_ja})"
    return {"title": title, "subtitle": ctx.cites(cites), "sections": sections,
            "draft": ("未了" if ja else "not yet done") if draft else None,
            "running_head": f"{title} — {ctx.scenario.case.place or ''}"}


def _dated(ctx: Ctx, ev, ja: bool, label_ja: str, label_en: str) -> tuple[str, Any]:
    return (label_ja if ja else label_en, ctx.date(ev.date) if ev is not None else "　　年　　月　　日")


def found_report(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "finder", "delivered", "reported")
    items = [i for i in ctx.scenario.items if i.found and who in i.found.by]
    if not items:
        raise DocumentProblem("--party", f"{ctx.name(who)} ({who}) found no goods in this case")
    ev = next((e for e in ctx.scenario.events_of("reported", "delivered") if _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": ["下記の物件を拾得しましたので届け出ます。" if ja else
                                   "I report that I found the goods below (art 24 ¶1)."]},
        {"kind": "facts", "rows": [("届出先" if ja else "To", _mayor(ctx) or ("市町村長" if ja else "the mayor")),
                                   _dated(ctx, ev, ja, "届出日", "Reported on"),
                                   ("拾得者" if ja else "Finder", ctx.name(who))]},
        _goods_table(ctx, items, ja),
        {"kind": "signatures", "rows": [{"role": "拾得者" if ja else "Finder", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "拾得届", "Report of goods found", ["jp-1899-2025:24.1"], sections, ev is None)


def delivery_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "finder", "delivered")
    items = _items_for(ctx, who, "finder", "delivered", "removed_by_police")
    ev = next((e for e in ctx.scenario.events_of("delivered", "removed_by_police")
               if who in (e.get("by") or []) or _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": [f"{ctx.name(who)}から下記の物件の引渡しを受けました。" if ja else
                                   f"Received from {ctx.name(who)} the goods below (art 24 ¶1)."]},
        {"kind": "facts", "rows": [_dated(ctx, ev, ja, "受領日", "Received on"),
                                   ("引渡人" if ja else "Delivered by", ctx.name(who))]},
        _goods_table(ctx, items, ja),
        {"kind": "signatures", "rows": [{"role": "市町村長" if ja else "Mayor", "who": _mayor(ctx)}]},
    ]
    return _doc(ctx, "受領書", "Receipt of goods delivered", ["jp-1899-2025:24.1"], sections, ev is None)


def claim(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "owner", "owner_claimed")
    items = _items_for(ctx, who, "owner", "owner_claimed")
    ev = next((e for e in ctx.scenario.events_of("owner_claimed") if _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": ["下記の物件の所有者として、報労金及び費用を支払い、その引渡しを請求します。" if ja else
                                   "As the owner of the goods below I ask for their delivery, paying the reward and "
                                   "the costs (art 27 ¶1)."]},
        {"kind": "facts", "rows": [("請求先" if ja else "To", _mayor(ctx) or ("市町村長" if ja else "the mayor")),
                                   _dated(ctx, ev, ja, "請求日", "Claimed on"),
                                   ("請求者（所有者）" if ja else "Claimant (owner)", ctx.name(who))]},
        _goods_table(ctx, items, ja),
        _money(ctx, who, items, ja, owner=True),
        {"kind": "signatures", "rows": [{"role": "請求者" if ja else "Claimant", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "引渡請求書", "Claim for delivery", ["jp-1899-2025:27.1"], sections, ev is None)


def owner_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "owner", "owner_claimed", "returned_to_owner")
    items = _items_for(ctx, who, "owner", "owner_claimed", "returned_to_owner")
    ev = next((e for e in ctx.scenario.events_of("owner_claimed") if _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": ["下記の物件を受領しました。" if ja else "I received the goods below (art 27)."]},
        {"kind": "facts", "rows": [("宛先" if ja else "To", _mayor(ctx) or ("市町村長" if ja else "the mayor")),
                                   _dated(ctx, ev, ja, "受領日", "Received on"),
                                   ("受領者（所有者）" if ja else "Received by (owner)", ctx.name(who))]},
        _goods_table(ctx, items, ja),
        _money(ctx, who, items, ja, owner=True),
        {"kind": "signatures", "rows": [{"role": "所有者" if ja else "Owner", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "所有者受領書", "Owner's receipt", ["jp-1899-2025:27.1"], sections, ev is None)


def handover(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "finder", "finder_took", "delivered")
    items = _items_for(ctx, who, "finder", "finder_took", "finder_notified")
    took = next((e for e in ctx.scenario.events_of("finder_took") if _first_by(e) == who), None)
    notified = ctx.scenario.first("finder_notified")
    rows = [_dated(ctx, took, ja, "交付日", "Handed over on"), ("交付を受ける者（拾得者）" if ja else "To (the finder)",
                                                                   ctx.name(who))]
    if notified is not None and notified.get("due"):
        rows.insert(0, ("引取期限" if ja else "To be taken by", ctx.date(notified.get("due"))))
    # art 28 (issue 21): a taking before the owner's right ended acquires nothing — the form stays a draft
    goods = {r["item"]: r for r in ctx.a.get("drift_goods", []) if r["item"] in {i.id for i in items}}
    early = [r for r in goods.values() if r.get("taken_too_early_on") and r.get("outcome") != "finder-acquired"]
    sections = [] if not early else [
        {"kind": "text", "paras": [
            ("下記の物件は所有者の請求期間内に拾得者に渡されたため、所有権は取得されていません（第二十八条）。" if ja else
             "These goods were handed to the finder before the owner's right ended: that acquires nothing (art 28); "
             "the owner's claim and the notice stand.")]}]
    sections += [
        {"kind": "text", "paras": ["下記の物件は所有者が知れないため、費用の支払を受けて拾得者に交付します。" if ja else
                                   "No owner having claimed them, the goods below are handed to the finder, who has "
                                   "paid the costs and becomes their owner (art 28)."]},
        {"kind": "facts", "rows": rows},
        _goods_table(ctx, items, ja),
        _money(ctx, who, items, ja, owner=False),
        {"kind": "signatures", "rows": [{"role": "市町村長" if ja else "Mayor", "who": _mayor(ctx)},
                                        {"role": "拾得者" if ja else "Finder", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "交付書", "Handover to the finder", ["jp-1899-2025:28.1", "jp-1899-2025:28.2"], sections,
                took is None or bool(early))
