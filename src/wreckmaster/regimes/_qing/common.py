"""What several rules of both Qing regimes share: owners, the first report, the coast, honours
and faults, the expense categories (each regime's own, from its ``parameters.yaml``)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from wreckmaster.law.coast import Coast, Segment
from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Item
from wreckmaster.law.values import exact_text as tael  # noqa: F401  (re-exported for the rules)
from wreckmaster.law.yamlio import read_data


def expense_categories(ctx: Context) -> dict[str, dict[str, Any]]:
    """Expense category → its article and what it is (the regime's own parameters.yaml)."""
    return _expense_categories(ctx.regime.folder)


@lru_cache(maxsize=None)
def _expense_categories(folder: Path) -> dict[str, dict[str, Any]]:
    return read_data(folder / "parameters.yaml")["expense_categories"]


def item_owner(ctx: Context, item: Item) -> str | None:
    """Who bears a goods award: the item's owner (from the start or identified later), else
    the vessel's owner (SCENARIO.md: "charged to the item's owner, else the vessel's owner")."""
    if item.owner:
        return item.owner
    ev = ctx.scenario.first("owner_identified", item=item.id)
    if ev is not None:
        return ev.get("owner")
    vessel = ctx.case.vessel
    return vessel.owner if vessel else None


def saved_items(ctx: Context) -> list[Item]:
    """The items saved (those with ``found``)."""
    return [i for i in ctx.scenario.items if i.found is not None]


def report_offices(ctx: Context) -> set[str] | None:
    """The roles of the offices a first report must reach (parameter ``first_report.offices``:
    Shandong 公所及文武衙門, Taiwan 地甲、頭目及文武汛官), or None when the regime names none."""
    if "first_report.offices" not in ctx.regime.parameters:
        return None
    return set(ctx.p("first_report.offices"))


def reported_to_office(ctx: Context, ev) -> bool | None:
    """Whether a ``reported`` event reached one of the offices the text names: True, False, or
    None when its ``to`` is not recorded (reading ``<regime>-2-first-report-office``)."""
    offices = report_offices(ctx)
    to = ev.get("to")
    if offices is None:
        return True
    if not to:
        return None
    return any((p := ctx.scenario.party(t)) is not None and offices & set(p.roles) for t in to)


def first_report(ctx: Context):
    """The first report (首報): the earliest ``reported`` event made to one of the offices the
    regime's art 2 names (a report whose ``to`` is not recorded is taken as made to them), or None."""
    for ev in ctx.scenario.events_of("reported"):
        if reported_to_office(ctx, ev) is not False:
            return ev
    return None


def coast(ctx: Context) -> Coast | None:
    return ctx.scenario.coast


def case_segment(ctx: Context) -> Segment | None:
    c = coast(ctx)
    return c.segment(c.case_segment) if c and c.case_segment else None


def segment_label(seg: Segment) -> str:
    return f"{seg.id} ({seg.name})" if seg.name else seg.id


def something_saved(ctx: Context) -> bool:
    return bool(saved_items(ctx)) or bool(ctx.scenario.persons)


def honour(ctx: Context, to: str, honour: str, times: int, cites: list[str], reason: str) -> None:
    """An honour for a director (or headman) or an official: the ``honours`` output key
    (docs/scenario-extensions.md)."""
    ctx.out.outputs.setdefault("honours", []).append(
        {"to": to, "honour": honour, "times": times, "reason": reason, "cites": list(dict.fromkeys(cites))})


def fault(ctx: Context, to: str, fault: str, cites: list[str], reason: str) -> None:
    """A fault of an official, director or headman in this case: the ``faults`` output key
    (docs/scenario-extensions.md) — ``demerit`` (記過), ``dismissal`` (撤參), ``punished`` (參懲),
    ``replaced`` (撤換), ``ringleader`` (以為首論), ``prosecuted`` (嚴究). The ledger across cases
    reads it (``wreckmaster.ledger``)."""
    ctx.out.outputs.setdefault("faults", []).append(
        {"to": to, "fault": fault, "reason": reason, "cites": list(dict.fromkeys(cites))})


def neglected(ctx: Context) -> list[tuple[str, bool, Any]]:
    """``(party, grave, event)`` for each party a ``rescue_neglected`` event names, in order."""
    return [(who, bool(ev.get("grave")), ev) for ev in ctx.scenario.events_of("rescue_neglected")
            for who in ev.get("by")]
