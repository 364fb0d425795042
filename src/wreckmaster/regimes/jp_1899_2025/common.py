"""What the jp-1899-2025 chapter 2 rules share: which items the chapter takes, their class and
rate (art 24 ¶2, art 27 ¶1), the Cabinet Order's goods, the notice day (art 25), the costs of an
item (arts 27 ¶1, 28 ¶2, 30) and paying them out with final incidence (SCENARIO.md).

第二十四条第二項 … 河川ニ漂流スル材木ニ在リテハ其ノ価格ノ十五分ノ一、其ノ他ノ漂流物ニ在リテハ其ノ物件ノ価格ノ
  十分ノ一、沈没品ニ在リテハ其ノ物件ノ価格ノ三分ノ一 … (timber drifting in a river 1/15; other drifting
  goods 1/10; sunken goods 1/3) → :func:`item_class`.
水難救護法施行令 沈没船舶及び沈没船舶内にある物品であつて、同法第二十五条第一項の保管が沈没した状態で行われるもの
  (sunken vessels and goods inside them, kept in the sunken state) → :func:`order_goods`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, Sequence

from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Item
from wreckmaster.regimes.jp_1899.common import duty, event_actors, name  # noqa: F401  (shared helpers)

LOCAL = "local-public"   # the municipality (市町村), SCENARIO.md's fund for today's Act


@dataclass(frozen=True)
class ItemClass:
    key: str            # river_timber | drifting | sunken
    en: str
    ja: str


CLASSES = {
    "river_timber": ItemClass("river_timber", "timber drifting in a river", "河川ニ漂流スル材木"),
    "drifting": ItemClass("drifting", "drifting goods", "漂流物"),
    "sunken": ItemClass("sunken", "sunken goods", "沈没品"),
}


def waters(ctx: Context, item: Item) -> str | None:
    return (item.found.waters if item.found and item.found.waters else None) or ctx.case.waters


def item_class(ctx: Context, item: Item) -> ItemClass:
    """Art 24 ¶2 / art 27 ¶1: sunken (state sunk), timber drifting in a river (floating, or washed onto
    the river bank), other drifting goods (floating, ashore or not given) — reading
    ``jp-1899-2025-24-rates``."""
    state = item.found.state if item.found else None
    if state == "sunk" or item.kept_sunk:
        return CLASSES["sunken"]
    if item.kind == "timber" and waters(ctx, item) == "river" and state in ("floating", "ashore", None):
        return CLASSES["river_timber"]
    return CLASSES["drifting"]


def order_goods(item: Item) -> bool:
    """The Cabinet Order's sunken goods (one year): kept sunk, and a sunken vessel or goods inside one."""
    return bool(item.kept_sunk and (item.kind == "vessel" or item.in_vessel))


def finders(ctx: Context, item: Item) -> list[str]:
    by = list(item.found.by) if item.found and item.found.by else []
    return by or [p.id for p in ctx.scenario.parties_with("finder")]


def found_on(ctx: Context, item: Item) -> date:
    return item.found.date if item.found and item.found.date else ctx.case.occurred


def events_for(ctx: Context, etype: str, item_id: str) -> list:
    return ctx.scenario.where(etype, "items", item_id)


def first_for(ctx: Context, etype: str, item_id: str):
    got = events_for(ctx, etype, item_id)
    return got[0] if got else None


def notice_event(ctx: Context, item_id: str):
    """Art 25 ¶2: the first public notice (``notice_posted``) or information of the known owner
    (``owner_informed``) of the item — reading ``jp-1899-2025-25-notice-day``."""
    return first_notice(ctx.scenario, item_id)


def first_notice(scenario, item_id: str):
    got = [e for t in ("notice_posted", "owner_informed") for e in scenario.where(t, "items", item_id)[:1]]
    return min(got, key=lambda e: (e.date, e.index)) if got else None


def acquisition_opens(scenario, item: Item, param) -> date | None:
    """Art 28 ¶1, the first step of the finder's acquisition: the day the owner waived (owner_waived),
    or the day after his period (art 27 ¶1, moved past municipal holidays) ended; None while neither
    can be known (no notice, no waiver) — reading ``jp-1899-2025-28-order``. ``param(name)`` gives the
    regime's parameter in force."""
    from datetime import timedelta

    from .municipal_days import claim_due as due

    notice = first_notice(scenario, item.id)
    waived = scenario.where("owner_waived", "items", item.id)
    days = [waived[0].date] if waived else []
    if notice is not None:
        name = "owner_claim.period_sunk" if order_goods(item) else "owner_claim.period"
        days.append(due(param, name, notice.date, scenario.case.closed_days).day + timedelta(days=1))
    return min(days) if days else None


def claim_due(ctx: Context, period_name: str, start: date):
    """The last day of the owner's period ``period_name`` from ``start``, moved past municipal holidays
    where the law says so (:mod:`.municipal_days`; the case's ``closed_days``)."""
    from .municipal_days import claim_due as due

    return due(ctx.param, period_name, start, ctx.case.closed_days)


def sale_of(ctx: Context, item_id: str):
    return ctx.scenario.first("sold", item=item_id)


@dataclass(frozen=True)
class Cost:
    id: str
    category: str
    payee: str
    amount: Fraction


def costs(ctx: Context, item_id: str, categories: Sequence[str]) -> tuple[list[Cost], list]:
    """The item's expenses of these categories (payee: the expense's, else the municipality —
    reading ``jp-1899-2025-27-costs``), and the item's other expenses."""
    inside, outside = [], []
    for e in ctx.scenario.expenses:
        if e.for_ != item_id or e.amount is None:
            continue
        if e.category in categories:
            inside.append(Cost(e.id, e.category, e.payee or LOCAL, Fraction(e.amount)))
        else:
            outside.append(e)
    return inside, outside


def yen(x: Fraction | Decimal | int) -> str:
    from wreckmaster.law.values import exact_text

    return exact_text(Fraction(x))


def pay_out(ctx: Context, payer: str, proceeds: Fraction | None, lines: list[tuple[str, str, Fraction, list[str]]],
            shortfall_payer: str | None = None) -> Fraction:
    """Charge ``lines`` (payee, for, exact amount, cites) to ``payer``; when the payer is ``custody``
    with ``proceeds``, only up to them, the rest of each line to ``shortfall_payer`` (or borne by
    nobody's charge: the municipality's loss). Returns what is left of the proceeds (rounded units
    already spent)."""
    left = proceeds
    for payee, for_, exact, cites in lines:
        amount = Fraction(ctx.out.round(exact))
        if amount <= 0:
            continue
        if left is None:
            ctx.out.charge(payer, payee, for_, amount, cites)
            continue
        take = min(amount, left)
        if take > 0:
            ctx.out.charge(payer, payee, for_, take, cites)
        left -= take
        if amount > take and shortfall_payer is not None and shortfall_payer != payee:
            ctx.out.charge(shortfall_payer, payee, for_, amount - take, cites)
    return left if left is not None else Fraction(0)


def record(ctx: Context, item_id: str, **data: Any) -> None:
    """The output key ``drift_goods`` (docs/scenario-extensions.md): one entry per item of chapter 2."""
    rows = ctx.out.outputs.setdefault("drift_goods", [])
    row = next((r for r in rows if r["item"] == item_id), None)
    if row is None:
        row = {"item": item_id}
        rows.append(row)
    for k, v in data.items():
        row[k] = v.isoformat() if isinstance(v, date) else v


def office_day(last) -> dict:
    """The values of the note ``office-day`` (a last day moved past municipal holidays, :mod:`.municipal_days`)."""
    if not last.moved:
        return {}
    return {"period_end": last.period_end, "day": last.day,
            "holidays": ", ".join(f"{h.day} {h.en} ({h.ja})" for h in last.skipped),
            "holidays_ja": "、".join(f"{h.day}（{h.ja}）" for h in last.skipped)}
