"""No rescue against the master's will, art 5.

第五條第一項 [absent from the seed; seeds README] No rescue may be carried out against the master's will.
第五條第二項 前項ノ規定ハ市町村長ニ於テ船長ノ人命ヲ保護スル手段ヲ不充分ナリト認メ又ハ船長ニ惡意アリト認メタル場合ニハ之ヲ適用セス
  (¶1 does not apply where the mayor finds the master's means of protecting life insufficient
  or the master acting in bad faith.) — printed in the seed under art 4.

Facts: ``master_refused`` (by the master) and ``mayor_override`` (``ground``: insufficient-means
| bad-faith). Rescue acts on or after the refusal: ``summoned``, ``requisitioned``, goods found.
Art 22 applies ¶1 but not ¶2 to government ships: there the override has no effect.
"""
from __future__ import annotations

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import applies, authority_ok, event_actors, master, name

GROUND_EN = {"insufficient-means": "the master's means of protecting life are insufficient",
             "bad-faith": "the master is acting in bad faith"}
GROUND_JA = {"insufficient-means": "船長ノ人命ヲ保護スル手段ヲ不充分ナリト認ム", "bad-faith": "船長ニ惡意アリト認ム"}


@rule(cites=["jp-1899:5.1", "jp-1899:21", "jp-1899:5.2", "jp-1899:22", "jp-1899:1", "jp-1899:4"],
      reads=["event:master_refused", "event:mayor_override", "event:requisitioned", "event:summoned",
            "case.master_absent", "case.vessel", "expense.date", "found.by", "found.date", "item.found",
            "item.government", "party.name", "party.person", "person.name", "vessel.government",
            "vessel.master", "vessel.name", "param:government_vessels.provisions", "param:override.grounds"])
def master_will(ctx: Context) -> None:
    """Art 5 ¶1: a rescue against the master's will is not allowed."""
    refusal = ctx.scenario.first("master_refused")
    if refusal is None:
        return
    m = master(ctx)
    by = refusal.get("by")
    if not by_master(ctx, refusal):
        ctx.finding("info", "refusal-not-by-master", ["jp-1899:5.1", "jp-1899:21"], date=str(refusal.date),
                    by=name(ctx, by), master=name(ctx, m.id))
        return
    acts = [what for what, _who in rescue_acts_after(ctx, refusal.date)]
    override = ctx.scenario.first("mayor_override")
    if exceptions.applied(ctx, [OVERRIDE], override):   # art 5 ¶2
        return
    if override is not None:
        override_without_effect(ctx, override)
    cites = ["jp-1899:5.1"]
    if acts:
        ctx.finding("warning", "rescue-against-master-will", cites, master=name(ctx, by), date=str(refusal.date),
                    acts="; ".join(acts))
    else:
        ctx.finding("info", "master-refused", cites, master=name(ctx, by), date=str(refusal.date))
    ctx.step("master_will", cites, "no-rescue-against-master-will", variant="acts" if acts else None,
             date=refusal.date, acts="; ".join(acts), inputs={"refused": refusal.date, "master": by},
             readings=["jp-1899-5-master-will"])


def override_without_effect(ctx: Context, override) -> None:
    """Art 5 ¶2 recorded but without effect (:func:`override_fails`): the findings that say why."""
    ground = override.get("ground")
    why_not = override_fails(ctx, override)
    if why_not == "government":
        ctx.finding("warning", "override-not-applicable", ["jp-1899:22", "jp-1899:5.2"], date=str(override.date),
                    ground=GROUND_EN[ground], ground_ja=GROUND_JA[ground])
        ctx.step("override_not_applicable", ["jp-1899:22", "jp-1899:5.2"], "override-not-for-government-ship",
                 overrides="master_will_override", readings=["jp-1899-22-government-ships"])
    elif why_not == "authority":
        ctx.finding("warning", "override-without-authority", ["jp-1899:5.2", "jp-1899:5.1", "jp-1899:1", "jp-1899:4"],
                    date=str(override.date), by=name(ctx, override.get("by")))


def overridden(ctx: Context, override) -> None:
    """Art 5 ¶2, an exception to ¶1: the mayor's finding of insufficient means or bad faith lets
    the rescue go ahead. Not for government ships (art 22 lists art 5 ¶1 only)."""
    ground = override.get("ground")
    by = override.get("by")
    cites = ["jp-1899:5.2", "jp-1899:5.1"]
    params = [ctx.param("override.grounds")]
    ctx.finding("info", "master-will-overridden", cites, date=str(override.date), ground=GROUND_EN[ground],
                ground_ja=GROUND_JA[ground])
    ctx.step("master_will_override", cites, "master-will-overridden", variant=ground, date=override.date,
             params=params, inputs={"ground": ground, "by": by},
             readings=["jp-1899-5-master-will", "jp-1899-5-2-override"])


def override_fails(ctx: Context, override) -> str | None:
    """Why the override of art 5 ¶2 has no effect — ``"government"`` (art 22 applies ¶1 only),
    ``"authority"`` (not by the competent mayor or a police official) — or None when it stands.
    Pure: :func:`override_without_effect` reports it; today's art 12 ¶2 item 3 asks it too."""
    if not applies(ctx, "5.2"):
        return "government"
    by = override.get("by")
    if by is not None and not authority_ok(ctx, by):
        return "authority"
    return None


#: art 5 ¶2 sets aside ¶1 when the mayor's override stands (:func:`override_fails`)
OVERRIDE = Exception_("master_will_override", overrides="master_will", apply=overridden,
                      condition=lambda ctx, ev: ev is not None and override_fails(ctx, ev) is None)


def by_master(ctx: Context, refusal) -> bool:
    """Whether the refusal is the master's (art 5 ¶1 protects his will only); with no master
    named, any refusal is taken as his."""
    m = master(ctx)
    return m.id is None or refusal.get("by") == m.id


def rescue_acts_after(ctx: Context, day) -> list[tuple[str, list[str]]]:
    """The rescue acts on or after ``day``, each as (what, who took part): persons summoned
    (not those who refused), ships, carts or land requisitioned (their owners), goods saved
    (their finders). Art 5 ¶1 here; today's art 12 ¶2 item 3 excludes who took part."""
    acts = []
    for ev in ctx.scenario.events_of("summoned", "requisitioned"):
        if ev.date >= day:
            who = (event_actors(ev.get("to")) if ev.type == "summoned" else event_actors(ev.get("from")))
            refused = event_actors(ev.get("refused"))
            acts.append((f"{ev.type} on {ev.date}", [p for p in who if p not in refused]))
    for item in ctx.scenario.items:
        if item.found and item.found.date and item.found.date >= day:
            acts.append((f"{item.id} saved on {item.found.date}", list(item.found.by)))
    return acts

