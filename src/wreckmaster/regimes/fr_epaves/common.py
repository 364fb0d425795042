"""What several fr-epaves rules share: the scope gate, find and landing dates, owners,
and amounts and dates written the French way for the explanation."""
from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from wreckmaster.law.events import Event
from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.scenario import Item
from wreckmaster.law.values import exact_text

MONTHS_FR = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
             "septembre", "octobre", "novembre", "décembre")
STATUS_FR = {"met": "délai respecté", "missed": "délai manqué", "pending": "délai en cours"}


# --- the named values the rules pass on (law/named.py) -----------------------------------
#: the case is outside the law's territory (art 5): set by :func:`.scope.territory`
OUT_OF_SCOPE = Value("out_of_scope", bool, set_by="territory", initial=lambda: False)
#: the items found outside the war period (arts 1 ¶1, 2 ¶1): set by :func:`.scope.temporal_scope`
EXCLUDED_ITEMS = Value("excluded_items", set, set_by="temporal_scope")
#: item → the day it was declared (art 2), for arts 3 and 4: set by :func:`.declaration.declaration`
DECLARED_ON = Value("declared_on", dict, set_by="declaration")
#: item → the salvor's awards (art 4 ¶2), for the incidence: set by :func:`.salvor.salvor_award`
SALVOR_AWARDS = Value("salvor_awards", dict, set_by="salvor_award")


# --- the scope gate (set by :mod:`.scope`) ---------------------------------------------
def applies(ctx: Context) -> bool:
    """False once :mod:`.scope` found the case outside the law (art 5)."""
    return not ctx[OUT_OF_SCOPE]


def items_in_scope(ctx: Context) -> list[Item]:
    """Items that were found, whose find the law covers (none when the case is out of scope)."""
    if not applies(ctx):
        return []
    excluded = ctx[EXCLUDED_ITEMS]
    return [i for i in ctx.scenario.items if i.found is not None and i.id not in excluded]


def regime_end(ctx: Context) -> date:
    """Last day of the law: the cessation of hostilities + six months (1920-04-24)."""
    return ctx.p("after_hostilities_period").due(ctx.p("cessation_of_hostilities"))


def in_war_period(ctx: Context, day: date) -> bool:
    return ctx.p("war_start") <= day <= regime_end(ctx)


def duty_applies(ctx: Context, day: date, cite: str, variant: str, **values: str) -> bool:
    """Whether the duty that begins on ``day`` (a landing, a notice) applies: inside the war and
    the six months after (arts 1 ¶1, 2 ¶1), or outside it in a hypothetical case (a warning, and
    the deadline is computed as if the law still ran — reading fr-epaves-temporal-scope). Outside
    it otherwise: an error finding, and the caller computes no deadline. ``variant`` and
    ``values``: the finding's template (out-of-temporal-scope/``variant``, its -hypothetical form)."""
    if in_war_period(ctx, day):
        return True
    if ctx.case.hypothetical:
        ctx.finding("warning", "out-of-temporal-scope", [cite], variant=f"{variant}-hypothetical", day=str(day),
                    **values)
        return True
    ctx.finding("error", "out-of-temporal-scope", [cite], variant=variant, day=str(day), **values)
    return False


# --- facts of an item ------------------------------------------------------------------
def find_date(ctx: Context, item: Item) -> date:
    """The day of the find (invention): ``found.date``, else the casualty's day (reading
    fr-epaves-find-date-default; :mod:`.scope` reports the default)."""
    return item.found.date if item.found and item.found.date else ctx.case.occurred


def on_shore(item: Item) -> bool:
    """Found on the shore (sur le rivage) when ``found.state`` is ``ashore``; else at sea."""
    return item.found is not None and item.found.state == "ashore"


def landing(ctx: Context, item: Item) -> Event | None:
    """The salvor's arrival on land (jour d'arrivée à terre) after a find at sea (reading
    fr-epaves-2-landing): the first ``landed`` event that lists the item; failing that, the
    first ``landed`` event without an item list by one of its finders, on or after the find."""
    listed = ctx.scenario.first("landed", items=item.id)
    if listed is not None:
        return listed
    finders = set(item.found.by) if item.found else set()
    found_on = find_date(ctx, item)
    for ev in ctx.scenario.events_of("landed"):
        if ev.get("items") is None and finders & set(ev.get("by") or []) and ev.date >= found_on:
            return ev
    return None


def sale(ctx: Context, item: Item) -> Event | None:
    return ctx.scenario.first("sold", item=item.id)


def owner_of(ctx: Context, item: Item) -> str | None:
    """The item's owner: from an ``owner_identified`` event, else ``item.owner``."""
    return ctx.scenario.owner_of(item)


# --- writing ---------------------------------------------------------------------------
def frf(amount: Fraction | Decimal | int) -> str:
    """An amount for the English text: ``12.34 FRF`` (exact values stay exact)."""
    return f"{exact_text(amount)} FRF"


def fr_amount(amount: Fraction | Decimal | int) -> str:
    """An amount for the French text: ``12,34 F`` (decimal comma)."""
    return f"{exact_text(amount).replace('.', ',')} F"


def fr_date(day: date) -> str:
    """``2 août 1914``, ``1er octobre 1917``."""
    return f"{'1er' if day.day == 1 else day.day} {MONTHS_FR[day.month - 1]} {day.year}"


def pct(rate: Fraction) -> str:
    """``40 %`` for 2/5."""
    return f"{exact_text(rate * 100)} %"
