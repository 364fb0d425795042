"""The voyage: refused requests (art 8) and discharge elsewhere (art 9).

第8条 既に受託した貨物並びに手荷物及び小荷物の返還又は陸揚港の変更について請求があつても場合によつては
  これに応じないことがある。
  (A request to return goods or change their port of discharge may be refused.)
  → :func:`refused_requests`.
第9条 暴動、労働争議、天候不良、港内輻輳、法令その他一切の不可抗力又はやむを得ない事由によつて陸揚港に入港する
  ことが不可能かつ危険と認めたときは、便宜の陸揚港又は最近港若しくは適当と認める地に陸揚げをするか又はそのまま
  船積港に積戻した場合であつても、その損害について本村の責任を問われることはない。この場合における一切の危険と
  費用は荷送人又は荷受人若しくは荷主の負担とする。
  (When entering the port of discharge is judged impossible and dangerous, landing elsewhere
  or carrying back costs the village nothing: all risks and costs are the cargo side's.)
  → :func:`discharge_elsewhere`; the damage that follows is excluded in :mod:`.compensation`.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import ART9, expense_categories, owner_of, require_carrier, yen

CAUSE_JA = {"riot": "暴動", "labour-dispute": "労働争議", "weather": "天候不良", "congestion": "港内輻輳",
            "law": "法令", "force-majeure": "不可抗力", "other": "やむを得ない事由"}


@rule(cites=["jp-village-ferry:8"],
      reads=["event:request_refused", "expense.date", "found.date"])
def refused_requests(ctx: Context) -> None:
    """Art 8: refusing to return goods or to change their port of discharge is allowed."""
    for ev in ctx.scenario.events_of("request_refused"):
        names = ", ".join(ev.get("items", []))
        asked = "return" if ev.get("request") == "return" else "a change of the port of discharge"
        ctx.finding("info", "request-refused", "jp-village-ferry:8", asked=str(asked), names=str(names),
                    date=str(ev.date), asked_ja="返還" if ev.get("request") == "return" else "陸揚港の変更")
        ctx.step("refused_requests", "jp-village-ferry:8", "request-refused", names=names,
                 names_ja="、".join(ev.get("items", [])), asked=asked,
                 asked_ja="返還" if ev.get("request") == "return" else "陸揚港の変更", date=ev.date, readings=["jp-village-ferry-8-refusal"])


def _local(ev, cause) -> dict[str, str]:
    """The Japanese of a discharge elsewhere's place and cause (the values ``where_ja``, ``cause_ja``)."""
    where = "陸揚港に積み戻した" if ev.get("carried_back") else f"{ev.get('place') or '他の地'}に陸揚げした"
    return {"where_ja": where, "cause_ja": CAUSE_JA.get(cause, str(cause))}


@rule(cites=["jp-village-ferry:9"],
      reads=["event:discharged_elsewhere", "case.place", "case.vessel", "expense.amount", "expense.category",
            "expense.date", "expense.for", "expense.payee", "found.date", "item.dangerous", "item.owner",
            "vessel.owner"])
def discharge_elsewhere(ctx: Context) -> None:
    """Art 9: landing elsewhere or carrying back when the port is judged impossible *and* dangerous.

    Justified: no liability for the damage that follows (``common.ART9``: item → date,
    used by :mod:`.compensation`) and the costs (expense categories ``landing-elsewhere``,
    ``carrying-back`` with ``for`` an item) are charged to the cargo side (the item's owner).
    Not justified (not both impossible and dangerous): a warning; the village stays liable and
    bears the costs (reading jp-village-ferry-9-landing-elsewhere).
    """
    art9: dict[str, object] = {}
    ctx[ART9] = art9
    cats = expense_categories()
    charged: set[str] = set()
    for ev in ctx.scenario.events_of("discharged_elsewhere"):
        items = ev.get("items", [])
        justified = bool(ev.get("impossible")) and bool(ev.get("dangerous"))
        cause = ev.get("cause")
        where = "carried back to the port of loading" if ev.get("carried_back") else \
            f"landed at {ev.get('place') or 'another place'}"
        if justified:
            for i in items:
                art9.setdefault(i, ev.date)
            ctx.finding("info", "discharged-elsewhere", "jp-village-ferry:9", items=str(', '.join(items)),
                        where=str(where), date=str(ev.date), cause=str(cause), **_local(ev, cause))
        else:
            lacking = [(w, ja) for w, ja in (("impossible", "不可能"), ("dangerous", "危険")) if not ev.get(w)]
            missing = " and ".join(w for w, _ in lacking)
            ctx.finding("warning", "discharge-elsewhere-unjustified", "jp-village-ferry:9",
                        items=str(', '.join(items)), where=str(where), date=str(ev.date),
                        cause=str(cause), missing=str(missing), **_local(ev, cause),
                        missing_ja="かつ".join(ja for _, ja in lacking))
        ctx.step("discharge_elsewhere", "jp-village-ferry:9",
                 "discharged-elsewhere-justified" if justified else "discharged-elsewhere-unjustified",
                 items=", ".join(items), items_ja="、".join(items), where=where, date=ev.date, cause=cause,
                 cause_ja=CAUSE_JA.get(cause, cause), landed_ja="積戻し" if ev.get("carried_back") else "他地に陸揚げ",
                 inputs={"items": items, "cause": cause, "impossible": ev.get("impossible"),
                         "dangerous": ev.get("dangerous")},
                 readings=["jp-village-ferry-9-landing-elsewhere"])
        for e in ctx.scenario.expenses:
            if e.category not in cats or e.for_ not in items or e.amount is None or e.id in charged:
                continue
            charged.add(e.id)
            item = ctx.scenario.item(e.for_)
            cites = [cats[e.category]["cite"]]
            if justified:
                payer = owner_of(ctx, item) if item is not None else None
                if payer is None:
                    ctx.finding("error", "cargo-side-unknown", cites, expense=repr(e.id), category=str(e.category),
                                item=repr(e.for_))
                    continue
            else:
                payer = require_carrier(ctx, cites)
                if payer is None:
                    continue
            payee = e.payee or require_carrier(ctx, cites)
            exact = Fraction(e.amount)
            if payee != payer:
                ctx.out.charge(payer, payee, e.for_, exact, cites)
            ctx.step("discharge_elsewhere", cites,
                     "discharge-cost-cargo-side" if justified else "discharge-cost-carrier", expense=e.id,
                     what=cats[e.category]["en"], what_ja=cats[e.category]["ja"], item=e.for_, cost=yen(exact),
                     payer=payer,
                     inputs={"expense": e.id, "for": e.for_, "payee": payee}, exact=exact,
                     amount=ctx.out.round(exact))
