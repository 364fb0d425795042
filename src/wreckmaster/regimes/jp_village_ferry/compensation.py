"""Compensation for loss of or damage to goods, baggage and parcels: arts 1–4, 9, 11, 12, 16, 18, 19.

第18条 貨物の損害が本村の責任に帰する場合は、価格の記載がないときは、第11条に掲げるものを除き、1個の価格を
  500円以内に定め、損害の程度と比較して賠償に応ずるものとする。ただし、積荷目録若しくはこれに代わるべき書類に
  記載された価格又は陸揚港に到着した日におけるその地の市価によつて支払わず、使用料その他の費用を控除したもの
  により損害賠償をすることができる。
  (Goods without a stated value: the value of a piece fixed at no more than 500 yen, and
  compensation in proportion to the damage; a manifest value or the market price at the port
  of discharge on arrival may replace it, less charges saved.)
第19条 委託を受けた手荷物の紛失、又は毀損が本村の責任に帰する場合は、1個の価格を3,000円以内に定め、損害の
  程度と比例して賠償に応ずるものとする。
  (Entrusted baggage: a piece valued at no more than 3,000 yen, compensation in proportion.)

compensation = min(value, cap × pieces) × damage ratio (cap 500 yen a piece of goods without a
stated value, art 18; 3,000 yen a piece of baggage, art 19; ``items[].pieces``, default 1, is
how many pieces 1個 the item is, SCENARIO.md); goods with a ``declared_value``:
declared value × ratio. An award to the item's owner, charged to the carrier (the vessel's
owner). None — each an exception with its own finding, checked in this order — for:

- 第16条 手廻品の紛失、盗難、破損その他の損害一切については、本村はその責任を負わない。
  (hand-carried articles, never);
- 第12条 …本村の責任は、船積みされた時において始まり、本船舷側を離れた時において終了する…
  (damage before loading or after the goods left the ship's side);
- 第9条 (damage after a justified discharge elsewhere, see :mod:`.voyage`);
- 第1条–第4条 (the excepted causes: deviation and docking by art 3, the listed causes by art 4);
- 第11条 貨幣、金銀、有価証券、宝石、美術品その他の高価品… 船積前に、その種類、品名、価格、荷送人又は荷受人を
  本村に明示しなければならない。 (valuables not declared before loading).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import (ART9, CARRIED_KINDS, COMPENSATION, OVER_LIMITS, UNAUTHORISED_DISPOSALS, first_date,
                     is_baggage, loaded_on, owner_of, require_carrier, unloaded_on, what, what_ja, yen)

#: cause code → (citations, English, Japanese, readings). Arts 1 and 2 are the cases of art 3;
#: art 4's items are numbered as reading jp-village-ferry-4-item-numbering says.
ITEMS_READ = ("jp-village-ferry-4-no-liability", "jp-village-ferry-4-item-numbering")
EXCEPTED: dict[str, tuple[tuple[str, ...], str, str, tuple[str, ...]]] = {
    "deviation": (("jp-village-ferry:3", "jp-village-ferry:1"), "a change of schedule or route (art 1)",
                  "航海の順序の変更又は航路外に出たこと（第1条）", ("jp-village-ferry-3-no-liability",)),
    "docking": (("jp-village-ferry:3", "jp-village-ferry:2"), "docking with the cargo on board for sudden repairs (art 2)",
                "貨物を積載したままの入渠（第2条）", ("jp-village-ferry-3-no-liability",)),
    "storm": (("jp-village-ferry:4#1", "jp-village-ferry:4"), "a storm", "暴風雨", ITEMS_READ),
    "collision": (("jp-village-ferry:4#2", "jp-village-ferry:4"), "a collision", "衝突", ITEMS_READ),
    "stranding": (("jp-village-ferry:4#3", "jp-village-ferry:4"), "a stranding", "座礁", ITEMS_READ),
    "fire": (("jp-village-ferry:4#4", "jp-village-ferry:4"), "fire", "火災", ITEMS_READ),
    "theft": (("jp-village-ferry:4#5", "jp-village-ferry:4"), "theft", "盗難", ITEMS_READ),
    "strike": (("jp-village-ferry:4#6", "jp-village-ferry:4"), "a strike", "同盟罷業", ITEMS_READ),
    "inherent-vice": (("jp-village-ferry:4#7", "jp-village-ferry:4"), "the goods' inherent vice", "貨物の性質又は瑕疵",
                      ITEMS_READ),
    "decay": (("jp-village-ferry:4#8", "jp-village-ferry:4"), "decay", "腐敗", ITEMS_READ),
    "vermin": (("jp-village-ferry:4#9", "jp-village-ferry:4"), "vermin", "鼠害又は虫害", ITEMS_READ),
    "packing": (("jp-village-ferry:4#10", "jp-village-ferry:4"), "bad packing", "荷造りの不完全",
                ITEMS_READ),
    "deck-cargo": (("jp-village-ferry:4#11", "jp-village-ferry:4"), "carriage on deck", "甲板積",
                   ITEMS_READ),
    "gear-defect": (("jp-village-ferry:4#12", "jp-village-ferry:4"), "a defect of gear", "船具の瑕疵",
                    ITEMS_READ),
    "lien": (("jp-village-ferry:4",), "a lien", "留置権等", ("jp-village-ferry-4-no-liability", "jp-village-ferry-4-lien")),
}


@dataclass(frozen=True)
class Loss:
    item: Item
    on: date
    ratio: Fraction
    cause: str
    source: str  # "damaged" or "disposal"


def _losses(ctx: Context) -> list[Loss]:
    out = []
    for ev in ctx.scenario.events_of("damaged"):
        item = ctx.scenario.item(ev.get("item"))
        if item is not None:
            out.append((ev.date, ev.index, Loss(item, ev.date, ev.get("ratio"), ev.get("cause"), "damaged")))
    for item_id, ev in ctx[UNAUTHORISED_DISPOSALS]:
        item = ctx.scenario.item(item_id)
        if item is not None:
            out.append((ev.date, ev.index, Loss(item, ev.date, Fraction(1), "disposal", "disposal")))
    return [loss for _, _, loss in sorted(out, key=lambda t: (t[0], t[1]))]


def _label(loss: Loss) -> str:
    if loss.source == "disposal":
        return f"{loss.item.id} (disposed of on {loss.on}, without ground)"
    return f"{loss.item.id} (damage ratio {yen(loss.ratio)}, {loss.cause}, on {loss.on})"


def _label_ja(loss: Loss) -> str:
    """:func:`_label` in Japanese."""
    if loss.source == "disposal":
        return f"{loss.item.id}（{loss.on}に根拠なく処分）"
    return f"{loss.item.id}（損害の程度{yen(loss.ratio)}、{loss.cause}、{loss.on}）"


@rule(cites=["jp-village-ferry:18", "jp-village-ferry:19", "jp-village-ferry:11", "jp-village-ferry:12",
            "jp-village-ferry:16", "jp-village-ferry:9", "jp-village-ferry:3", "jp-village-ferry:1",
            "jp-village-ferry:2", "jp-village-ferry:4#1", "jp-village-ferry:4", "jp-village-ferry:4#2",
            "jp-village-ferry:4#3", "jp-village-ferry:4#4", "jp-village-ferry:4#5", "jp-village-ferry:4#6",
            "jp-village-ferry:4#7", "jp-village-ferry:4#8", "jp-village-ferry:4#9", "jp-village-ferry:4#10",
            "jp-village-ferry:4#11", "jp-village-ferry:4#12"],
      reads=["event:damaged", "event:loaded", "event:shipment_declared", "event:theft", "event:unloaded",
            "case.kind", "case.vessel", "expense.amount", "expense.date", "found.date", "item.charges_saved",
            "item.declared_value", "item.hand_carried", "item.kind", "item.manifest_value",
            "item.market_value", "item.owner", "item.packing", "item.parcel", "item.pieces",
            "item.valuation", "item.value", "vessel.owner", "param:compensation.baggage_cap",
            "param:compensation.goods_cap"])
def compensation(ctx: Context) -> None:
    """Arts 18 and 19 for every loss (``damaged`` events and unauthorised disposals), after the
    exceptions of arts 16, 12, 9, 1–4 and 11."""
    used: dict[str, Fraction] = {}
    awarded_all = []
    for loss in _losses(ctx):
        item = loss.item
        ratio = loss.ratio
        before = used.get(item.id, Fraction(0))
        if before + ratio > 1:
            ctx.finding("info", "damage-ratio-capped", ["jp-village-ferry:18", "jp-village-ferry:19"],
                        item=repr(item.id), date=str(loss.on),
                        capped=str(yen(max(Fraction(0), 1 - before))), ratio=str(yen(ratio)))
            ctx.step("damage_ratio_total", ["jp-village-ferry:18", "jp-village-ferry:19"], "damage-ratio-capped",
                     item=item.id, before=yen(before), date=loss.on, ratio=yen(ratio),
                     capped=yen(max(Fraction(0), 1 - before)), readings=["jp-village-ferry-18-ratio-total"])
            ratio = max(Fraction(0), 1 - before)
        used[item.id] = before + ratio
        if exceptions.applied(ctx, NO_COMPENSATION, loss):
            continue
        result = _measure(ctx, loss, ratio)
        if result is None:
            continue
        exact, cites, readings, params, en, ja = result
        owner = owner_of(ctx, item)
        to = owner or "unclaimed"
        if owner is None:
            ctx.finding("info", "owner-unknown", cites, item=repr(item.id))
        awards = ctx.out.award(to, item.id, "compensation", exact, cites)
        awarded_all.extend(awards)
        payer = require_carrier(ctx, cites)
        if payer is not None:
            ctx.out.charge_awards(awards, payer, cites)
        amount = sum((a.amount for a in awards), start=ctx.out.round(Fraction(0)))
        ctx.step("compensation", cites, "compensation", label=_label(loss), item=item.id, formula=en, formula_ja=ja,
                 base=yen(exact), awarded=amount, to=to, payer=payer or "the carrier",
                 inputs={"item": item.id, "kind": what(item), "value": item.value,
                         "declared_value": item.declared_value, "ratio": ratio, "cause": loss.cause},
                 params=params, exact=exact, amount=amount, readings=readings)
    ctx[COMPENSATION] = awarded_all


def _no(ctx: Context, loss: Loss, severity: str, code: str, why: str, cites, ja: str, readings=()) -> bool:
    ctx.finding(severity, code, cites, what=what(loss.item), what_ja=what_ja(loss.item), label=_label(loss),
                label_ja=_label_ja(loss), why=why, why_ja=ja)
    ctx.step(code.replace("-", "_"), cites, "no-compensation", label=_label(loss), item=loss.item.id, why=why,
             why_ja=ja, readings=list(readings) + ["jp-village-ferry-18-exceptions-order"])
    return True


def _no_compensation(code: str, severity: str, condition, why, cites, ja, readings=()) -> Exception_:
    """An exception to the compensation of arts 18–19 (law/exceptions.py): when ``condition(ctx,
    loss)`` holds, nothing is compensated for the loss, with a finding and a step saying why
    (``why``, ``ja``: the reason in English and Japanese, functions of the context and the loss;
    ``cites``, ``readings``: values or such functions)."""
    def value(v, ctx, loss):
        return v(ctx, loss) if callable(v) else v

    def apply(ctx: Context, loss: Loss) -> None:
        _no(ctx, loss, severity, code, why(ctx, loss), value(cites, ctx, loss), ja(ctx, loss),
            value(readings, ctx, loss))
    return Exception_(code.replace("-", "_"), overrides="compensation", condition=condition, apply=apply)


def _excepted(ctx: Context, loss: Loss):
    return EXCEPTED[loss.cause]


def _declared(ctx: Context, loss: Loss):
    """(declared, loaded): the days a valuable was declared and loaded (art 11)."""
    return first_date(ctx, "shipment_declared", loss.item.id), loaded_on(ctx, loss.item.id)


READ_11 = ["jp-village-ferry-11-undeclared-valuables", "jp-village-ferry-11-declaration-facts"]
READ_12 = ["jp-village-ferry-12-period", "jp-village-ferry-12-several-loadings"]
#: the exceptions to the compensation, in order; the first that applies is reported
NO_COMPENSATION = (
    _no_compensation(
        "not-carried-goods", "info", lambda ctx, loss: loss.item.kind not in CARRIED_KINDS,
        lambda ctx, loss: f"a {loss.item.kind} is not goods, baggage, a parcel or valuables carried under these terms",
        "jp-village-ferry:12", lambda ctx, loss: "運送約款の対象でない"),
    _no_compensation(
        "hand-carried-no-liability", "info", lambda ctx, loss: loss.item.hand_carried,
        lambda ctx, loss: "the passenger kept it (手廻品); art 16 excludes all liability for hand-carried articles",
        "jp-village-ferry:16", lambda ctx, loss: "手廻品の損害一切について本村は責任を負わない（第16条）",
        ["jp-village-ferry-16-hand-carried"]),
    _no_compensation(
        "outside-liability-period", "info",
        lambda ctx, loss: (start := loaded_on(ctx, loss.item.id)) is not None and loss.on < start,
        lambda ctx, loss: f"the damage is dated before the item was loaded on {loaded_on(ctx, loss.item.id)}; "
                          "liability begins at loading (art 12)",
        "jp-village-ferry:12", lambda ctx, loss: f"船積み（{loaded_on(ctx, loss.item.id)}）前の損害（第12条）", READ_12),
    _no_compensation(
        "outside-liability-period", "info",
        lambda ctx, loss: (end := unloaded_on(ctx, loss.item.id)) is not None and loss.on > end,
        lambda ctx, loss: f"the damage is dated after the item left the ship's side on "
                          f"{unloaded_on(ctx, loss.item.id)}; liability ends then (art 12)",
        "jp-village-ferry:12", lambda ctx, loss: f"本船舷側を離れた（{unloaded_on(ctx, loss.item.id)}）後の損害（第12条）",
        READ_12),
    _no_compensation(
        "discharged-elsewhere-no-liability", "info",
        lambda ctx, loss: (landed := ctx[ART9].get(loss.item.id)) is not None and loss.on >= landed,
        lambda ctx, loss: f"it follows the discharge elsewhere of {ctx[ART9][loss.item.id]}, whose risks are the "
                          "cargo side's (art 9)",
        "jp-village-ferry:9", lambda ctx, loss: "陸揚港以外への陸揚げ又は積戻しによる損害（第9条）",
        ["jp-village-ferry-9-landing-elsewhere"]),
    _no_compensation(
        "excepted-cause", "info", lambda ctx, loss: loss.cause in EXCEPTED,
        lambda ctx, loss: f"it was caused by {_excepted(ctx, loss)[1]}, an excepted cause: the village is not liable "
                          f"({'art 3' if loss.cause in ('deviation', 'docking') else 'art 4'})",
        lambda ctx, loss: list(_excepted(ctx, loss)[0]),
        lambda ctx, loss: f"{_excepted(ctx, loss)[2]}による損害 — 本村はその責任を負わない",
        lambda ctx, loss: list(_excepted(ctx, loss)[3])),
    _no_compensation(
        "valuables-not-declared", "warning",
        lambda ctx, loss: loss.item.kind == "valuables" and loss.item.declared_value is None,
        lambda ctx, loss: "valuables whose value was not declared before loading (art 11); the village is not liable",
        ["jp-village-ferry:11", "jp-village-ferry:18"], lambda ctx, loss: "高価品の価格等を船積前に明示せず（第11条）",
        READ_11),
    _no_compensation(
        "valuables-not-declared", "warning",
        lambda ctx, loss: loss.item.kind == "valuables" and None not in _declared(ctx, loss)
        and _declared(ctx, loss)[0] > _declared(ctx, loss)[1],
        lambda ctx, loss: "valuables declared on {}, after loading on {}; art 11 requires the declaration before "
                          "loading, so the village is not liable".format(*_declared(ctx, loss)),
        ["jp-village-ferry:11", "jp-village-ferry:18"], lambda ctx, loss: "高価品の明示が船積後（第11条）", READ_11),
)


def _measure(ctx: Context, loss: Loss, ratio: Fraction):
    """(exact, cites, readings, parameters, English, Japanese), or None (a finding says why)."""
    item = loss.item
    over = item.id in ctx[OVER_LIMITS]
    if is_baggage(item) and not over:
        if item.valuation is not None:
            ctx.finding("info", "valuation-not-for-baggage", ["jp-village-ferry:18", "jp-village-ferry:19"],
                        item=repr(item.id))
        cap = ctx.param("compensation.baggage_cap")
        value = item.value if item.value is not None else item.declared_value
        if value is None:
            ctx.finding("error", "value-missing", "jp-village-ferry:19", variant="baggage", item=repr(item.id))
            return None
        base, en, ja = _capped(item, value, cap)
        return (base * ratio, ["jp-village-ferry:19"], ["jp-village-ferry-19-baggage-cap"], [cap],
                f"{en} = {yen(base)} × ratio {yen(ratio)}", f"{ja} 円 × 損害の程度 {yen(ratio)}")
    # goods (貨物): cargo, parcels, declared valuables, and pieces over art 13's limits
    over_note = ["jp-village-ferry-13-over-limits"] if over else ["jp-village-ferry-18-parcels"] if item.parcel else []
    if item.valuation is not None:
        field = "manifest_value" if item.valuation == "manifest" else "market_value"
        basis = getattr(item, field)
        if basis is None:
            ctx.finding("error", "valuation-value-missing", "jp-village-ferry:18", item=repr(item.id),
                        valuation=repr(item.valuation), field=str(field))
            return None
        saved = Fraction(item.charges_saved) if item.charges_saved is not None else Fraction(0)
        net = max(Fraction(basis) - saved, Fraction(0))
        label = "manifest value" if item.valuation == "manifest" else "market price at the port of discharge on arrival"
        label_ja = "積荷目録記載の価格" if item.valuation == "manifest" else "陸揚港到着日の市価"
        cites = ["jp-village-ferry:18"] + (["jp-village-ferry:11"] if item.kind == "valuables" else [])
        return (net * ratio, cites, ["jp-village-ferry-18-proviso", "jp-village-ferry-18-proviso-choice"] + over_note, [],
                f"({label} {basis} − charges saved {yen(saved)}) = {yen(net)} × ratio {yen(ratio)}",
                f"（{label_ja} {basis} 円 − 控除費用 {yen(saved)} 円）× 損害の程度 {yen(ratio)}")
    if item.declared_value is not None:
        cites = ["jp-village-ferry:18"] + (["jp-village-ferry:11"] if item.kind == "valuables" else [])
        readings = ["jp-village-ferry-18-declared-value"] + (
            ["jp-village-ferry-11-undeclared-valuables"] if item.kind == "valuables" else []) + over_note
        return (Fraction(item.declared_value) * ratio, cites, readings, [],
                f"declared value {item.declared_value} × ratio {yen(ratio)}",
                f"記載価格 {item.declared_value} 円 × 損害の程度 {yen(ratio)}")
    cap = ctx.param("compensation.goods_cap")
    if item.value is None:
        ctx.finding("error", "value-missing", "jp-village-ferry:18", variant="goods", item=repr(item.id))
        return None
    base, en, ja = _capped(item, item.value, cap)
    return (base * ratio, ["jp-village-ferry:18"], ["jp-village-ferry-18-undeclared-cap"] + over_note, [cap],
            f"{en} = {yen(base)} × ratio {yen(ratio)}", f"{ja} 円 × 損害の程度 {yen(ratio)}")


def _capped(item: Item, value, cap) -> tuple[Fraction, str, str]:
    """min(value, cap × pieces): arts 18 and 19 cap the value of ONE piece (1個の価格); an item of
    several equal pieces (``pieces``, default 1) is capped piece by piece (SCENARIO.md)."""
    pieces = item.pieces or 1
    base = min(Fraction(value), cap.value * pieces)
    if pieces == 1:
        return base, f"min(value {value}, cap {cap.text})", f"1個の価格 min({value}, {cap.text})"
    return (base, f"min(value {value}, cap {cap.text} × {pieces} pieces)",
            f"min({value}, 1個 {cap.text} 円 × {pieces}個)")
