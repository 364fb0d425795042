"""Awards and castaways, as both Qing texts give them in their art 4.

- :func:`award_facts` — an item has the value and the rescuers its award needs.
- :func:`consul_valuation` — a foreign ship's goods are valued together with the consul.
- :func:`send_castaways_home` — who sends castaways home and bears the ``passage`` expenses.

The citation (and, for castaways, the wording) come from the calling rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Item

from .common import saved_items


def award_facts(ctx: Context, item: Item, cite: str) -> bool:
    """The item has a value and rescuers (``found.by``); else an error finding, and False."""
    if item.value is None:
        ctx.finding("error", "value-missing", cite, item=repr(item.id))
        return False
    if not item.found.by:
        ctx.finding("error", "rescuers-missing", cite, variant="item", item=repr(item.id))
        return False
    return True


def consul_valuation(ctx: Context, cite: str) -> tuple[set[str], list] | None:
    """A foreign ship's goods saved: the consuls and the ``goods_valued`` events, with a warning
    for each valuation made without a consul; None (after an info finding when no valuation is
    recorded) when there is nothing more to say."""
    vessel = ctx.case.vessel
    items = [i for i in saved_items(ctx) if i.kind != "vessel"]
    if not (vessel and vessel.foreign and items):
        return None
    consuls = {p.id for p in ctx.scenario.parties_with("consul")}
    valuations = ctx.scenario.events_of("goods_valued")
    if not valuations:
        ctx.finding("info", "consul-valuation-assumed", cite)
        return None
    for ev in valuations:
        if not consuls & set(ev.get("by") or []):
            ctx.finding("warning", "valued-without-consul", cite, items=', '.join(ev.get('items')), date=str(ev.date))
    return consuls, valuations


@dataclass(frozen=True)
class Castaways:
    """The regime's wording: each is (English, Chinese); ``consul``'s English has ``{}`` for
    the consul, ``step`` has ``{}`` for the English of the case."""

    step: str
    consul: tuple[str, str]      # a foreign ship's people, handed to its consul
    no_consul: tuple[str, str]   # foreigners with no consul: the commerce bureau
    local: tuple[str, str]       # Chinese castaways: the local official
    reading: str


def send_castaways_home(ctx: Context, cite: str, category: dict[str, Any], w: Castaways) -> None:
    """Who sends the castaways home and so bears the ``passage`` expenses (``category``: the
    regime's expense category): the consul, else the government."""
    expenses = [e for e in ctx.scenario.expenses if e.category == "passage"]
    if not (expenses or ctx.scenario.persons):
        return
    vessel = ctx.case.vessel
    foreign = bool(vessel and vessel.foreign)
    consuls = [p.id for p in ctx.scenario.parties_with("consul")]
    if foreign and consuls:
        en, zh, payer = w.consul[0].format(consuls[0]), w.consul[1], consuls[0]
    else:
        (en, zh), payer = (w.no_consul if foreign else w.local), "government"
    ctx.out.step("castaways", cite, w.step.format(en), zh, inputs={"foreign": foreign, "consuls": consuls},
                 readings=[w.reading])
    for e in expenses:
        if e.amount is None:
            ctx.finding("error", "expense-amount-missing", cite, variant="passage", expense=repr(e.id))
            continue
        ctx.out.charge(payer, e.payee, e.for_ or e.id, Fraction(e.amount), category["cite"])
        ctx.out.step("castaways", category["cite"], f"{e.id}: passage {e.amount} taels borne by {payer}.",
                     f"{e.id}: {category['zh']} {e.amount} 兩，{payer} 支給", amount=ctx.out.round(Fraction(e.amount)))
