"""Today's Water Rescue Act (水難救護法, ``jp-1899-2025``), chapter 2 — the town's forms for
drifting and sunken goods (漂流物・沈没品), each one the clerk signs as printed (issue 26):

- ``found-report`` (拾得届): the finder reports the find to the mayor (art 24 ¶1);
- ``delivery-receipt`` (受領書): the mayor's receipt of the goods the finder delivered (art 24 ¶1);
- ``claim`` (引渡請求書): the owner asks for delivery, paying the mayor the amount equal to a share
  of the value (報酬, art 27 ¶1: 価格ノ十分ノ一ニ相当スル金額) and the costs (公告、保管、公売又ハ評価ニ要シタル費用);
- ``owner-receipt`` (所有者受領書): the owner's receipt of the goods handed back (art 27);
- ``handover`` (交付書): the goods handed to the finder, who pays the costs and becomes owner
  (art 28) — only the goods the finder takes, each with its ground (art 28 ¶1: the owner did not
  claim within the period, or declared that he would not).

Who: ``--party`` names the finder (found-report, delivery-receipt, handover) or the owner
(claim, owner-receipt); without it, the one the events name. Every amount is the assessment's
charge; what each line is for, its rate and the value it is taken on are read from the
assessment's explanation step of the item (``owner_claim``, ``finder_acquires``), never
recomputed. The issuer is the office (``office add --head-title 三崎町長 --address …``), else the
mayor among the parties.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from wreckmaster.documents import numerals, photos
from wreckmaster.documents.common import Ctx, DocumentProblem
from wreckmaster.documents.labels import EXPENSES, KINDS, L
from wreckmaster.documents.statement import totals

GOODS = {"floating": {"ja": "漂流物", "zh": "漂流物", "fr": "épave flottante", "en": "drifting goods"},
         "sunk": {"ja": "沈没品", "zh": "沉沒物", "fr": "épave coulée", "en": "sunken goods"},
         "river-timber": {"ja": "河川の材木", "zh": "河川漂流木材", "fr": "bois flotté en rivière",
                          "en": "timber drifting in a river"}}
BLANK = "　"
COSTS = {"ja": "費用", "zh": "費用", "fr": "frais", "en": "costs"}
#: the explanation steps that give an item's reward and costs (regimes/jp_1899_2025/drift.py)
MONEY_RULES = ("owner_claim", "finder_acquires")
GROUND = {
    "waived": {"ja": "所有者が引渡しを請求しない意思を表示したため",
               "en": "the owner declared that he would not ask for delivery"},
    "lapsed": {"ja": "所有者が期間内に引渡しを請求しなかったため",
               "en": "the owner did not ask for delivery within the period"},
}


def _items_of(ev) -> list[str]:
    got = ev.get("items") if ev is not None else None
    return [got] if isinstance(got, str) else list(got or [])


def _by(ev) -> list[str]:
    by = ev.get("by") if ev is not None else None
    return list(by) if isinstance(by, (list, tuple)) else ([by] if by else [])


def _first_by(ev) -> str | None:
    by = _by(ev)
    return by[0] if by else None


def goods_class(ctx: Ctx, item) -> str:
    """漂流物, 沈没品 or 河川の材木 (arts 24 ¶2, 27 ¶1: the three rates' classes)."""
    f = item.found
    state = f.state if f else None
    waters = (f.waters if f else None) or ctx.scenario.case.waters
    if state == "sunk":
        return "sunk"
    if item.kind == "timber" and waters == "river":
        return "river-timber"
    return "floating"


def _goods_table(ctx: Ctx, items: list, ja: bool, ground: dict[str, str] | None = None) -> dict[str, Any]:
    place = ctx.scenario.case.place or "—"
    rows = []
    for i in items:
        f = i.found
        row = [i.description or i.id, ctx.t(GOODS[goods_class(ctx, i)]), place,
               ctx.date(f.date) if f and f.date else "—", ctx.count(getattr(i, "pieces", None) or 1),
               ctx.amount(i.value) if i.value is not None else "—"]
        if ground is not None:
            row.append(ground.get(i.id, "—"))
        rows.append(row)
    head = [ctx.t(L["what"]), "種別" if ja else "Kind", ctx.t(L["found_where"]), ctx.t(L["found"]),
            "数量" if ja else "Pieces", ctx.t(L["value"])]
    if ground is not None:
        head.append("交付の理由" if ja else "Ground (art 28 ¶1)")
    return {"kind": "table", "heading": "物件" if ja else "The goods", "num": (4, 5), "head": head, "rows": rows}


def issuer(ctx: Ctx) -> str:
    """Who issues the town's papers: the office's head (三崎町長), else the mayor among the parties."""
    if ctx.office.get("head_title"):
        return ctx.office["head_title"]
    m = ctx.parties_with("mayor")
    if m:
        return ctx.name(m[0].id)
    return "市町村長" if ctx.lang == "ja" else "the mayor"


def office_line(ctx: Ctx) -> str | None:
    """The office's name, address and telephone on one line, as far as the office gives them."""
    ja = ctx.lang == "ja"
    o = ctx.office
    parts = [o["name"]] if o.get("name") and o.get("office") != "local" else []
    if o.get("address"):
        parts.append(ctx.upright(o["address"]))
    if o.get("telephone"):
        parts.append(("電話 " if ja else "tel. ") + ctx.upright(o["telephone"]))
    return ("　" if ctx.vertical else ", ").join(parts) or None


def person_rows(ctx: Ctx, who: str, label_ja: str, label_en: str) -> list[tuple[str, Any]]:
    """A party's name, address and telephone (blank lines for the clerk where none is recorded)."""
    ja = ctx.lang == "ja"
    p = ctx.scenario.party(who)
    return [(label_ja if ja else label_en, ctx.name(who)),
            ("住所" if ja else "Address", ctx.upright(p.address) if p is not None and p.address else BLANK),
            ("電話番号" if ja else "Telephone", ctx.upright(p.telephone) if p is not None and p.telephone else BLANK)]


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
            if who in _by(ev) or not _by(ev):
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


def _step(ctx: Ctx, item_id: str) -> dict[str, Any] | None:
    """The explanation step that gives the item's reward and costs (its text begins ``item:``)."""
    for step in ctx.a.get("explanation", []):
        if step.get("rule") in MONEY_RULES and str(step.get("text", "")).startswith(f"{item_id}:"):
            return step
    return None


BASE = {"value": {"ja": "価格", "zh": "價格", "fr": "la valeur", "en": "the value"},
        "proceeds": {"ja": "売却代金", "zh": "變賣價銀", "fr": "le produit de la vente", "en": "the sale proceeds"}}
#: 報酬（価格金八万円の十分の一、拾得者 石井浩 に支給） in each language: {label}, {basis}, {finder}
REWARD_LINE = {"ja": ("{label}（{basis}、拾得者 {finder} に支給）", "{label}（拾得者 {finder} に支給）"),
               "zh": ("{label}（{basis}，給付拾得者 {finder}）", "{label}（給付拾得者 {finder}）"),
               "fr": ("{label} : {basis}, versée à l’inventeur {finder}", "{label}, versée à l’inventeur {finder}"),
               "en": ("{label}: {basis}, paid to the finder {finder}", "{label}, paid to the finder {finder}")}


def _reward_basis(ctx: Ctx, step: dict[str, Any] | None) -> tuple[str, str | None]:
    """'価格金八万円の十分の一' and the rate's citation, from the step's parameter and input."""
    if step is None:
        return "", None
    rate = next((p for p in step.get("parameters", []) if str(p.get("name", "")).startswith("owner_claim.reward")),
                None)
    inputs = step.get("inputs") or {}
    base = inputs.get("proceeds") or inputs.get("value")
    if rate is None or base is None:
        return "", None
    base_label = ctx.t(BASE["proceeds" if inputs.get("proceeds") else "value"])
    if ctx.lang == "ja":
        return f"{base_label}{ctx.amount(str(base))}の{numerals.fraction_kanji(rate['value'])}", rate.get("cite")
    if ctx.lang == "zh":
        return f"{base_label}{ctx.amount(str(base))}之{numerals.fraction_kanji(rate['value'], 'zh')}", rate.get("cite")
    of = "de" if ctx.lang == "fr" else "of"
    return f"{rate['value']} {of} {base_label} {ctx.amount(str(base))}", rate.get("cite")


def notice_goods(ctx: Ctx, item) -> str:
    """The class of goods the notice writes after the item (``DocumentWords.notice_goods``)."""
    return ctx.t(GOODS[goods_class(ctx, item)])


def purposes(ctx: Ctx, charges: list[dict[str, Any]]) -> list[str]:
    """What each charge is for, in the Act's words: 報酬 with its rate and the value it is taken
    on (art 27 ¶1), 公告費, 保管費, 公売費, 評価費 — read from the item's explanation step (its costs,
    in order) or the expense the charge names."""
    s = ctx.scenario
    expense = {e.id: e for e in s.expenses}
    costs_left: dict[str, list] = {}
    out = []
    for c in charges:
        item_id = expense[c["for"]].for_ if c["for"] in expense else c["for"]
        award = next((x for x in ctx.a["awards"] if x["for"] == item_id and x["to"] == c["payee"]), None)
        step = _step(ctx, item_id) if item_id else None
        if award is not None:
            basis, _ = _reward_basis(ctx, step)
            label = ctx.t(KINDS.get(award["kind"], KINDS["finder_reward"]))
            with_basis, without = REWARD_LINE.get(ctx.lang, REWARD_LINE["en"])
            out.append((with_basis if basis else without).format(label=label, basis=basis, finder=ctx.name(c["payee"])))
            continue
        category = expense[c["for"]].category if c["for"] in expense else None
        if category is None and item_id is not None:
            left = costs_left.setdefault(item_id, list((step or {}).get("inputs", {}).get("costs") or []))
            hit = next((k for k, cost in enumerate(left) if Decimal(str(cost[2])) == Decimal(c["amount"])), None)
            if hit is not None:
                category = left.pop(hit)[1]
        out.append(ctx.t(EXPENSES[category]) if category in EXPENSES else ctx.t(COSTS))
    return out


def _lines(ctx: Ctx, who: str, items: list) -> dict[str, Any]:
    """What the party pays the mayor for these goods, one line per charge of the assessment: the
    item, what it is for (:func:`purposes`), the amount, the articles — and the total."""
    ja = ctx.lang == "ja"
    ids = {i.id for i in items}
    expense_item = {e.id: e.for_ for e in ctx.scenario.expenses}
    charged = [c for c in ctx.a["charges"] if c["payer"] == who and
               (c["for"] in ids or expense_item.get(c["for"]) in ids)]
    rows = [[ctx.name(c["for"] if c["for"] in ids else expense_item[c["for"]]), what,
             ctx.amount(c["amount"], c["currency"]), ctx.cites(c["cites"])]
            for c, what in zip(charged, purposes(ctx, charged))]
    return {"kind": "table", "heading": ("納付する金額" if ja else "What is paid to the mayor"), "num": (2,),
            "head": [ctx.t(L["what"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
            "rows": rows, "foot": [[ctx.t(L["total"]), "", totals(ctx, charged), ""]] if charged else [],
            "empty": ctx.t(L["none"])}


def _doc(ctx: Ctx, title_ja: str, title_en: str, cites: list[str], sections: list, draft: bool) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    title = title_ja if ja else f"{title_en} ({title_ja})"
    return {"title": title, "subtitle": ctx.cites(cites), "sections": sections,
            "draft": ("未了" if ja else "not yet done") if draft else None,
            "running_head": f"{title} — {ctx.scenario.case.place or ''}"}


def _dated(ctx: Ctx, ev, ja: bool, label_ja: str, label_en: str) -> tuple[str, Any]:
    return (label_ja if ja else label_en, ctx.date(ev.date) if ev is not None else "　　年　　月　　日")


def _issuer_sig(ctx: Ctx) -> dict[str, Any]:
    """The issuer's signature and seal, under the office's name, address and telephone."""
    return {"role": issuer(ctx), "who": None, "note": office_line(ctx)}


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
        {"kind": "facts", "rows": [("届出先" if ja else "To", issuer(ctx)), _dated(ctx, ev, ja, "届出日", "Reported on")]
         + person_rows(ctx, who, "拾得者", "Finder")},
        _goods_table(ctx, items, ja), *photos.section(ctx, items),
        {"kind": "signatures", "rows": [{"role": "拾得者" if ja else "Finder", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "拾得届", "Report of goods found", ["jp-1899-2025:24.1"], sections, ev is None)


def delivery_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "finder", "delivered")
    items = _items_for(ctx, who, "finder", "delivered", "removed_by_police")
    ev = next((e for e in ctx.scenario.events_of("delivered", "removed_by_police") if who in _by(e)), None)
    sections = [
        {"kind": "text", "paras": [f"{ctx.name(who)}から下記の物件の引渡しを受けました。" if ja else
                                   f"Received from {ctx.name(who)} the goods below (art 24 ¶1)."]},
        {"kind": "facts", "rows": [_dated(ctx, ev, ja, "受領日", "Received on")]
         + person_rows(ctx, who, "引渡人（拾得者）", "Delivered by (the finder)")},
        _goods_table(ctx, items, ja), *photos.section(ctx, items),
        {"kind": "signatures", "rows": [_issuer_sig(ctx)]},
    ]
    return _doc(ctx, "受領書", "Receipt of goods delivered", ["jp-1899-2025:24.1"], sections, ev is None)


def claim(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "owner", "owner_claimed")
    items = _items_for(ctx, who, "owner", "owner_claimed")
    ev = next((e for e in ctx.scenario.events_of("owner_claimed") if _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": ["下記の物件の所有者として、報酬（物件の価格に応じた金額）並びに公告、保管、公売又は評価に"
                                   "要した費用を納付し、その引渡しを請求します。" if ja else
                                   "As the owner of the goods below I ask for their delivery, paying the mayor the "
                                   "amount equal to the share of their value (the finder's reward) and the costs of "
                                   "the notice, custody, sale or valuation (art 27 ¶1)."]},
        {"kind": "facts", "rows": [("請求先" if ja else "To", issuer(ctx)), _dated(ctx, ev, ja, "請求日", "Claimed on")]
         + person_rows(ctx, who, "請求者（所有者）", "Claimant (owner)")},
        _goods_table(ctx, items, ja),
        _lines(ctx, who, items),
        {"kind": "signatures", "rows": [{"role": "請求者" if ja else "Claimant", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "引渡請求書", "Claim for delivery", ["jp-1899-2025:27.1"], sections, ev is None)


def owner_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "owner", "owner_claimed", "returned_to_owner")
    items = _items_for(ctx, who, "owner", "owner_claimed", "returned_to_owner")
    ev = next((e for e in ctx.scenario.events_of("owner_claimed") if _first_by(e) == who), None)
    sections = [
        {"kind": "text", "paras": ["下記の金額を納付し、下記の物件を受領しました。" if ja else
                                   "I paid the amounts below and received the goods below (art 27)."]},
        {"kind": "facts", "rows": [("宛先" if ja else "To", issuer(ctx)), _dated(ctx, ev, ja, "受領日", "Received on")]
         + person_rows(ctx, who, "受領者（所有者）", "Received by (owner)")},
        _goods_table(ctx, items, ja),
        _lines(ctx, who, items),
        {"kind": "signatures", "rows": [{"role": "所有者" if ja else "Owner", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "所有者受領書", "Owner's receipt", ["jp-1899-2025:27.1"], sections, ev is None)


ENDED_FOR_FINDER = ("owner_claimed", "returned_to_owner", "sold", "finder_waived")


def _handed(ctx: Ctx, who: str) -> list:
    """The goods the finder takes: those a ``finder_took`` event of his names; before it, those the
    mayor told him to take (``finder_notified``) that nobody else has had since."""
    s = ctx.scenario
    ids = [i for ev in s.events_of("finder_took") if who in _by(ev) for i in _items_of(ev)]
    if not ids:
        gone = {i for ev in s.events_of(*ENDED_FOR_FINDER) for i in _items_of(ev)} | {
            ev.get("item") for ev in s.events_of("sold")}
        ids = [i for ev in s.events_of("finder_notified") if who in (ev.get("to") or [who])
               for i in _items_of(ev) if i not in gone]
    items = [s.item(i) for i in dict.fromkeys(ids) if s.item(i) is not None]
    if not items:
        raise DocumentProblem("--party", f"{ctx.name(who)} ({who}) takes no goods under art 28 in this case "
                                         "(no finder_notified or finder_took event names them for him)")
    return items


def handover(ctx: Ctx, party: str | None) -> dict[str, Any]:
    ja = ctx.lang == "ja"
    who = _who(ctx, party, "finder", "finder_took", "delivered")
    items = _handed(ctx, who)
    waived = {i for ev in ctx.scenario.events_of("owner_waived") for i in _items_of(ev)}
    ground = {i.id: ctx.t(GROUND["waived" if i.id in waived else "lapsed"]) for i in items}
    took = next((e for e in ctx.scenario.events_of("finder_took") if who in _by(e)), None)
    notified = next((e for e in ctx.scenario.events_of("finder_notified")
                     if set(_items_of(e)) & {i.id for i in items}), None)
    rows = [_dated(ctx, took, ja, "交付日", "Handed over on")]
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
        {"kind": "text", "paras": ["下記の物件は、下記の理由により、公告、保管、公売又は評価に要した費用の納付を受けて"
                                   "拾得者に交付します。拾得者はこれによりその所有権を取得します（第二十八条第二項）。" if ja else
                                   "For the ground given for each, the goods below are handed to the finder, who has "
                                   "paid the costs of the notice, custody, sale or valuation and so becomes their "
                                   "owner (art 28 ¶2)."]},
        {"kind": "facts", "rows": rows + person_rows(ctx, who, "交付を受ける者（拾得者）", "To (the finder)")},
        _goods_table(ctx, items, ja, ground),
        _lines(ctx, who, items),
        {"kind": "signatures", "rows": [_issuer_sig(ctx), {"role": "拾得者" if ja else "Finder", "who": ctx.name(who)}]},
    ]
    return _doc(ctx, "交付書", "Handover to the finder", ["jp-1899-2025:28.1", "jp-1899-2025:28.2"], sections,
                took is None or bool(early))
