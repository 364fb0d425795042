"""toy-1900 (a FICTIONAL law, tests only): its three rules.

Art 1 ¶1: « Celui qui trouve une épave sur la rivière en fait la déclaration à la mairie dans les
trois jours qui suivent la découverte. » (Whoever finds wreck on the river declares it at the town
hall within the three days that follow the find.)
Art 1 ¶3: « Lorsque le dernier jour du délai est un dimanche ou un jour de fête, la déclaration peut
encore être faite le premier jour où la mairie est ouverte. » (When the period's last day is a Sunday
or a feast day, the declaration may still be made on the first day the town hall is open.) The
regime declares those days as its calendar's holidays (:func:`holiday`, ``law.py``); the rule asks
the calendar (``ctx.regime.calendar.next_open_day``).
Art 2: « Le propriétaire peut réclamer l’épave pendant trente jours à compter de l’affichage. »
(The owner may claim the wreck for thirty days from the posting.)
Art 3: « Le propriétaire qui réclame l’épave paie au trouveur le dixième de sa valeur. » (The
owner who claims the wreck pays the finder one tenth of its value.)
"""
from __future__ import annotations

from datetime import date
from fractions import Fraction

from wreckmaster.law.periods import Period
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

ART_1, ART_2, ART_3 = "toy-1900:1.1", "toy-1900:2.1", "toy-1900:3.1"
ART_1_3 = "toy-1900:1.3"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: the names of the days the town hall is closed (art 1 ¶3), in English, French and Japanese
CLOSED = {"monday": ("Monday", "lundi", "月曜日"), "tuesday": ("Tuesday", "mardi", "火曜日"),
          "wednesday": ("Wednesday", "mercredi", "水曜日"), "thursday": ("Thursday", "jeudi", "木曜日"),
          "friday": ("Friday", "vendredi", "金曜日"), "saturday": ("Saturday", "samedi", "土曜日"),
          "sunday": ("Sunday", "dimanche", "日曜日"), "feast": ("a feast day", "jour de fête", "祝祭日")}


def _found_on(ctx: Context, item) -> date:
    return item.found.date or ctx.case.occurred


def claim_until(scenario, item_id: str, notice_date: date) -> date:
    """The owner's last day (art 2): the posting day plus thirty days (the notice board's hook)."""
    from wreckmaster.law.regime import get

    period: Period = get("toy-1900").parameters.param("notice.claim_period", scenario.case.occurred).value
    return period.due(notice_date)


def holiday(scenario, day: date) -> str | None:
    """Art 1 ¶3: why the town hall is closed on ``day`` — ``feast`` (a feast day) or its weekday
    (``sunday``) — or None, open: the regime's calendar's holidays (``Calendar(holidays=holiday)``,
    ``law.py``)."""
    from wreckmaster.law.regime import get

    p = get("toy-1900").parameters
    if f"{day.month:02d}-{day.day:02d}" in p.param("holidays.feasts", scenario.case.occurred).value:
        return "feast"
    weekday = WEEKDAYS[day.weekday()]
    return weekday if weekday in p.param("holidays.weekdays", scenario.case.occurred).value else None


@rule(cites=[ART_1, ART_1_3], reads=["event:toy_declared", "item.found", "case.occurred", "param:declaration.period",
                                     "param:holidays.weekdays", "param:holidays.feasts"])
def declaration(ctx: Context) -> None:
    """Art 1 ¶1: each found item is declared within three days after the find; art 1 ¶3: a last day
    the town hall is closed moves to the first day it is open (the calendar's holidays)."""
    period = ctx.p("declaration.period")
    for item in ctx.scenario.items:
        if not item.found:
            continue
        end = period.due(_found_on(ctx, item))
        due, closed = ctx.regime.calendar.next_open_day(ctx.scenario, end)
        cites = [ART_1, ART_1_3] if closed else [ART_1]
        ev = next((e for e in ctx.scenario.events_of("toy_declared") if item.id in (e.get("items") or [])), None)
        done = ev.date if ev else None
        finders = list(item.found.by or [])
        ctx.deadline("declare-find", finders[0] if len(finders) == 1 else None, due, done, cites, item=item.id)
        moved = {"variant": "moved", "end": end, "closed": ", ".join(CLOSED[c][0] for c in closed),
                 "closed_fr": ", ".join(CLOSED[c][1] for c in closed),
                 "closed_ja": "、".join(CLOSED[c][2] for c in closed)} if closed else {}
        ctx.step("declaration", cites, "declaration-due", item=item.id, found=_found_on(ctx, item), due=due,
                 inputs={"item": item.id, "due": due.isoformat()},
                 params=[ctx.param("declaration.period")] + ([ctx.param("holidays.weekdays"), ctx.param("holidays.feasts")]
                                                              if closed else []),
                 readings=["toy-1900-1-three-days"] + (["toy-1900-1-holidays"] if closed else []), **moved)
        if done is not None and done > due:
            ctx.finding("warning", "declaration-late", [ART_1], item=item.id, declared=done.isoformat(),
                        due=due.isoformat())
        elif done is None and ctx.as_of > due:
            ctx.finding("warning", "not-declared", [ART_1], item=item.id)


@rule(cites=[ART_2], reads=["event:notice_posted", "param:notice.claim_period"])
def claim_period(ctx: Context) -> None:
    """Art 2: the owner may claim an item under notice for thirty days from the posting."""
    period = ctx.p("notice.claim_period")
    for ev in ctx.scenario.events_of("notice_posted"):
        for item_id in ev.get("items") or []:
            due = period.due(ev.date)
            ctx.step("claim_period", [ART_2], "claim-until", item=item_id, posted=ev.date, due=due,
                     inputs={"item": item_id, "until": due.isoformat()},
                     params=[ctx.param("notice.claim_period")], readings=["toy-1900-2-thirty-days"])


@rule(cites=[ART_3], reads=["item.value", "item.found", "item.owner", "param:finder_reward"])
def finder_reward(ctx: Context) -> None:
    """Art 3: the finder's tenth of the item's value, charged to its owner (shared equally)."""
    rate = ctx.param("finder_reward")
    for item in ctx.scenario.items:
        if not item.found or not item.found.by or item.value is None:
            continue
        exact = rate.value * Fraction(item.value)
        awards = ctx.out.award(list(item.found.by), item.id, "reward", exact, [ART_3])
        ctx.step("finder_reward", [ART_3], "reward", item=item.id, rate=rate.text, value=item.value,
                 inputs={"item": item.id}, params=[rate], exact=exact, readings=["toy-1900-3-tenth"])
        owner = ctx.scenario.owner_of(item)
        if owner:
            ctx.out.charge_awards(awards, owner, [ART_3])
