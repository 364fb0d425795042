"""Awards and castaways, as both Qing texts give them in their art 4.

- :func:`award_facts` — an item has the value and the rescuers its award needs.
- :func:`consul_valuation` — a foreign ship's goods are valued together with the consul.
- :func:`send_castaways_home` — who sends castaways home and bears the ``passage`` expenses.

The citation comes from the calling rule; the castaways' step is worded by each regime's
``messages.yaml``.
"""
from __future__ import annotations

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


def send_castaways_home(ctx: Context, cite: str, category: dict[str, Any], reading: str) -> None:
    """Who sends the castaways home and so bears the ``passage`` expenses (``category``: the
    regime's expense category): the consul, else the government. The regime words the step
    (``messages.yaml``: castaways-sent-home/consul, /no-consul, /local); the expenses' steps are
    _qing's (passage-borne)."""
    expenses = [e for e in ctx.scenario.expenses if e.category == "passage"]
    if not (expenses or ctx.scenario.persons):
        return
    vessel = ctx.case.vessel
    foreign = bool(vessel and vessel.foreign)
    consuls = [p.id for p in ctx.scenario.parties_with("consul")]
    if foreign and consuls:
        who, payer = "consul", consuls[0]
    else:
        who, payer = ("no-consul" if foreign else "local"), "government"
    ctx.step("castaways", cite, "castaways-sent-home", variant=who, consul=consuls[0] if consuls else None,
             inputs={"foreign": foreign, "consuls": consuls}, readings=[reading])
    for e in expenses:
        if e.amount is None:
            ctx.finding("error", "expense-amount-missing", cite, variant="passage", expense=repr(e.id))
            continue
        ctx.out.charge(payer, e.payee, e.for_ or e.id, Fraction(e.amount), category["cite"])
        ctx.step("castaways", category["cite"], "passage-borne", expense=e.id, taels=e.amount,
                 category_zh=category["zh"], payer=payer, amount=ctx.out.round(Fraction(e.amount)))
