"""What several jp-1875 rules share: the owner side, expense categories, yen formatting."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from wreckmaster.law.named import Value
from wreckmaster.law.parameters import Param
from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Expense
from wreckmaster.law.values import exact_text as yen  # noqa: F401  (re-exported for the rules)
from wreckmaster.law.yamlio import read_data

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def expense_categories() -> dict[str, dict[str, Any]]:
    """Expense category → the rule and article that govern it (parameters.yaml)."""
    return read_data(HERE / "parameters.yaml")["expense_categories"]


def step_params(ctx: Context, *names: str) -> tuple[Param, ...]:
    """The parameters ``names`` (in force on the day of the casualty) as the ``params`` of a step:
    one tuple per assessment, which the steps of a rule that makes one step per item share."""
    table = ctx[STEP_PARAMS]
    found = table.get(names)
    if found is None:
        found = table[names] = tuple(ctx.param(n) for n in names)
    return found


#: names → the tuple of their parameters (:func:`step_params`), one table per assessment
STEP_PARAMS = Value("step_params", dict, compute=lambda ctx: {})


def expenses_for(ctx: Context, rule: str) -> list[tuple[Expense, dict[str, Any]]]:
    cats = expense_categories()
    return [(e, cats[e.category]) for e in ctx.scenario.expenses
            if e.category in cats and cats[e.category]["rule"] == rule]


def owner_side(ctx: Context) -> tuple[tuple[str, ...], tuple[Fraction, ...]] | None:
    """The owner side (船主荷主): ``cost_bearers`` with their shares, else the vessel's owner.

    Reading ``jp-1875-11-owner-side``. ``None`` when neither is given (an error finding is
    made once by the caller). Worked out once per assessment (the cost rules ask it per cost).
    """
    return ctx[OWNER_SIDE]


def _owner_side(ctx: Context) -> tuple[tuple[str, ...], tuple[Fraction, ...]] | None:
    case = ctx.case
    if case.cost_bearers:
        return tuple(b.party for b in case.cost_bearers), tuple(b.share for b in case.cost_bearers)
    if case.vessel and case.vessel.owner:
        return (case.vessel.owner,), (Fraction(1),)
    return None


#: the owner side (:func:`owner_side`), worked out when first asked
OWNER_SIDE = Value("owner_side", (tuple, type(None)), compute=_owner_side)
#: the salvage fees awarded (art 8), for the art 11 costs and the fee in kind: set by :func:`.salvage_fees.salvage_fee`
SALVAGE_FEES = Value("salvage_fees", list, set_by="salvage_fee", initial=list)


def require_owner_side(ctx: Context, cites: str) -> tuple[tuple[str, ...], tuple[Fraction, ...]] | None:
    side = owner_side(ctx)
    if side is None:
        ctx.finding("error", "owner-side-unknown", cites, once=True)
    return side


def expense_amount(ctx: Context, e: Expense) -> Fraction | None:
    """An expense's amount; official wages may be given as ``days`` × ``daily_rate``."""
    if e.amount is not None:
        return Fraction(e.amount)
    if e.days is not None and e.daily_rate is not None:
        return Fraction(e.days) * Fraction(e.daily_rate)
    ctx.finding("error", "expense-amount-missing",
                expense_categories().get(e.category, {}).get("cite", ctx.regime.id + ":1"), expense=repr(e.id))
    return None


# --- facts several procedural rules read (arts 2–37) ------------------------------------

def drift_case(ctx: Context) -> bool:
    """The drift-goods rules (arts 29–36) govern the case: goods or a ship of unknown origin
    (``case.kind: drift``), or timber and goods carried off by a storm or flood
    (``case.flood``, art 37: 此漂着物ノ規則ヲ通シ用フ可シ)."""
    return ctx.case.kind == "drift" or ctx.case.flood


def officials(ctx: Context) -> list[str]:
    """The coast officials (浦役人) of the case: parties with the role ``official`` (art 2)."""
    return [p.id for p in ctx.scenario.parties_with("official")]


def master(ctx: Context) -> str | None:
    """The master (船長): ``case.vessel.master``, else the first party with the role ``master``."""
    if ctx.case.vessel and ctx.case.vessel.master:
        return ctx.case.vessel.master
    found = ctx.scenario.parties_with("master")
    return found[0].id if found else None


def crew_member(ctx: Context, ident: str) -> bool:
    """The master or one of the crew (乗組ノ者): the vessel's master, a party with the role
    ``master`` or ``crew``, or a rescued person (the people aboard)."""
    if ident == master(ctx):
        return True
    party = ctx.scenario.party(ident)
    if party is not None:
        return party.has("master") or party.has("crew")
    return ctx.scenario.person(ident) is not None


def name(ctx: Context, ident: str | None) -> str:
    """An id with its name, for messages: ``sato (佐藤 吉五郎)``."""
    if ident is None:
        return "—"
    who = ctx.scenario.party(ident) or ctx.scenario.person(ident)
    return f"{ident} ({who.name})" if who is not None and who.name else ident


def ids(values) -> str:
    return ", ".join(values) if values else "nobody"


def major_wreck_facts(ctx: Context) -> list[str]:
    """What makes a major wreck (大難船) under art 14, by what happened (reading
    ``jp-1875-14-major-wreck``): 船体皆破沈没 (``case.hull`` broken or sunk), 乗組人ノ死去 (deaths:
    ``case.dead`` or a crew/master party with ``casualty: killed``), 積荷ノ大損害 (``case.heavy_cargo_loss``),
    荷主船主立会決算ヲ要スル (``case.joint_settlement``), and a total loss (art 15: 大難船). The
    vessel's size is no part of it. Returns the facts that hold (English labels)."""
    case = ctx.case
    facts = []
    if case.total_loss:
        facts.append("hull and cargo entirely lost (art 15)")
    if case.hull in ("broken", "sunk"):
        facts.append(f"hull {case.hull}")
    if (case.dead or 0) > 0 or any(p.casualty == "killed" and (p.has("crew") or p.has("master"))
                                   for p in ctx.scenario.parties):
        facts.append("deaths")
    if case.heavy_cargo_loss:
        facts.append("heavy loss of cargo")
    if case.joint_settlement:
        facts.append("owners need a joint settlement")
    return facts


#: the facts of :func:`major_wreck_facts` in Japanese (a finding's value ``why_ja``)
MAJOR_WRECK_JA = {"hull and cargo entirely lost (art 15)": "船体積荷悉皆沈没（第十五条）", "hull broken": "船体皆破",
                  "hull sunk": "船体沈没", "deaths": "乗組人の死去", "heavy loss of cargo": "積荷の大損害",
                  "owners need a joint settlement": "荷主船主立会決算を要する"}


def major_wreck(ctx: Context) -> bool:
    """Art 14's major wreck (大難船), decided by what happened (:func:`major_wreck_facts`)."""
    return bool(major_wreck_facts(ctx))


def many_hands(ctx: Context) -> bool:
    """Art 4: 多人数ヲ要スル程ノ大難船ト見受ケ候節 — the official judged that many hands are needed
    (``case.many_hands``); when not recorded, the facts of art 14 decide (reading ``jp-1875-4-major-wreck``)."""
    if ctx.case.many_hands is not None:
        return ctx.case.many_hands
    return major_wreck(ctx)


def hull_saved(ctx: Context) -> bool:
    """The hull remains, something that can be sold (arts 11, 15): a vessel, not a total loss, and
    ``case.hull`` not broken up nor sunk (reading ``jp-1875-11-nothing-to-sell``)."""
    case = ctx.case
    return bool(case.vessel) and not case.total_loss and case.hull not in ("broken", "sunk")


def wages_withheld(ctx: Context, e: Expense) -> bool:
    """Art 9: 保安料及ヒ其他ノ賃銭等ヲ割渡ス可カラス — where the effort on an item is not evidenced,
    the other wages for that item paid to its finders (the categories of parameter
    ``effort.withheld_categories``, an expense ``for`` the item whose payee is one of its finders)
    are withheld with the fee (reading ``jp-1875-9-other-wages``)."""
    if not e.for_ or e.payee is None:
        return False
    item = ctx.scenario.item(e.for_)
    if item is None or item.effort_evidenced or item.found is None or e.payee not in item.found.by:
        return False
    return e.category in ctx.p("effort.withheld_categories")


def government_ship(ctx: Context) -> bool:
    """A warship or other government-owned ship (軍艦其他ノ官有船, art 22)."""
    return bool(ctx.case.vessel and ctx.case.vessel.government)
