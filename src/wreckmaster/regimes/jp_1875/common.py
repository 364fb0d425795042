"""What several jp-1875 rules share: the owner side, expense categories, yen formatting."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Expense
from wreckmaster.law.values import exact_text as yen  # noqa: F401  (re-exported for the rules)
from wreckmaster.law.yamlio import load_yaml

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def expense_categories() -> dict[str, dict[str, Any]]:
    """Expense category → the rule and article that govern it (parameters.yaml)."""
    return load_yaml((HERE / "parameters.yaml").read_text(encoding="utf-8"))["expense_categories"]


def expenses_for(ctx: Context, rule: str) -> list[tuple[Expense, dict[str, Any]]]:
    cats = expense_categories()
    return [(e, cats[e.category]) for e in ctx.scenario.expenses
            if e.category in cats and cats[e.category]["rule"] == rule]


def owner_side(ctx: Context) -> tuple[list[str], list[Fraction]] | None:
    """The owner side (船主荷主): ``cost_bearers`` with their shares, else the vessel's owner.

    Reading ``jp-1875-11-owner-side``. ``None`` when neither is given (an error finding is
    made once by the caller).
    """
    case = ctx.case
    if case.cost_bearers:
        return [b.party for b in case.cost_bearers], [b.share for b in case.cost_bearers]
    if case.vessel and case.vessel.owner:
        return [case.vessel.owner], [Fraction(1)]
    return None


def require_owner_side(ctx: Context, cites: str) -> tuple[list[str], list[Fraction]] | None:
    side = owner_side(ctx)
    if side is None and not ctx.memo.get("owner-side-missing"):
        ctx.memo["owner-side-missing"] = True
        ctx.out.finding("error", "owner-side-unknown",
                        "The costs are the owner side's (船主荷主), but the scenario names neither "
                        "case.vessel.owner nor case.cost_bearers: they cannot be charged.", cites)
    return side


def expense_amount(ctx: Context, e: Expense) -> Fraction | None:
    """An expense's amount; official wages may be given as ``days`` × ``daily_rate``."""
    if e.amount is not None:
        return Fraction(e.amount)
    if e.days is not None and e.daily_rate is not None:
        return Fraction(e.days) * Fraction(e.daily_rate)
    ctx.out.finding("error", "expense-amount-missing",
                    f"Expense {e.id!r} has no amount (nor days × daily_rate): it cannot be charged.",
                    expense_categories().get(e.category, {}).get("cite", ctx.regime.id + ":1"))
    return None
