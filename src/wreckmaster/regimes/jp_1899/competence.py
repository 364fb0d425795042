"""Competence and reporting, arts 1–4.

第一條 遭難船舶救護ノ事務ハ最初ニ事件ヲ認知シタル市町村長之ヲ行フ
  (The rescue is the business of the mayor who first learned of the case.) → competent_mayor
第二條 遭難船舶アルコトヲ發見シタル者ハ遲滯ナク最近地ノ市町村長又ハ警察官吏ニ報吿スヘシ
  警察官吏ニ於テ報吿ニ接シタルトキハ市町村長ニ通知スヘシ
  (Whoever discovers a ship in distress reports it without delay to the nearest mayor or a police
  official; a police official who receives a report notifies the mayor.) → finder_reports, police_notice
第三條 遭難船舶アルコトヲ認知シタルトキハ市町村長ハ直ニ現場ニ臨ミ救護ニ必要ナル處分ヲ爲スヘシ
  (The mayor goes at once to the scene.) → mayor_at_scene
第四條 警察官吏ハ救護ノ事務ニ關シ市町村長ヲ助ケ市町村長現場ニ在ラサルトキハ之ニ代リ其ノ職務ヲ執行スヘシ
  (Police officials assist the mayor and act in his place when he is not at the scene.) → mayor_at_scene

遲滯ナク and 直ニ set no number of days: these duties go to the output key ``duties`` (done,
outstanding or not required), not to ``deadlines`` (reading ``jp-1899-2-without-delay``).
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import COMPETENCE, Competence, duty, event_actors, mayors, name, police


@rule(cites=["jp-1899:1"],
      reads=["event:at_scene", "event:reported", "expense.date", "found.by", "found.date", "party.name",
            "party.person", "person.name", "vessel.name"])
def competent_mayor(ctx: Context) -> None:
    """Art 1: the mayor who first learned of the case is in charge.

    A mayor learns of the case when he receives a ``reported`` event (``to``), reports it himself
    (``by``: he found it), or is at the scene (``at_scene``); the earliest such event, by date and
    then by its place in the list, decides (readings ``jp-1899-1-competent-mayor``,
    ``jp-1899-1-first-knowledge``).
    """
    all_mayors = mayors(ctx)
    first = None
    for ev in ctx.scenario.events_of("reported", "at_scene"):
        who = event_actors(ev.get("to")) + event_actors(ev.get("by"))
        hit = next((m for m in who if m in all_mayors), None)
        if hit is not None:
            first = (hit, ev)
            break
    out = ctx.out.outputs
    out.setdefault("duties", [])
    if first is None:
        ctx[COMPETENCE] = Competence(None, None, None)
        out["competent_authority"] = {"mayor": None, "learned_on": None, "via": None,
                                      "acting_police": None, "cites": ["jp-1899:1"]}
        why = "no party has the role mayor" if not all_mayors else "no report to a mayor is recorded"
        ctx.finding("info", "competent-mayor-unknown", "jp-1899:1", why=why,
                    why_ja="市町村長の役割の当事者がいない" if not all_mayors else "市町村長への報告が記録されていない")
        ctx.step("competent_mayor", "jp-1899:1", "no-mayor-learned", why=why, readings=["jp-1899-1-competent-mayor"])
        return
    mayor, ev = first
    via = f"{ev.type} by {', '.join(event_actors(ev.get('by')))}"
    ctx[COMPETENCE] = Competence(mayor, ev.date, via)
    out["competent_authority"] = {"mayor": mayor, "learned_on": ev.date.isoformat(), "via": via,
                                  "acting_police": None, "cites": ["jp-1899:1"]}
    ctx.finding("info", "competent-mayor", "jp-1899:1", mayor=name(ctx, mayor), learned=str(ev.date), via=via)
    ctx.step("competent_mayor", "jp-1899:1", "first-mayor-to-learn", mayor=name(ctx, mayor), learned=ev.date, via=via,
             inputs={"mayor": mayor, "learned_on": ev.date, "event": ev.pointer},
             readings=["jp-1899-1-competent-mayor", "jp-1899-1-first-knowledge"])
    for other in sorted(all_mayors - {mayor}):
        later = next((e for e in ctx.scenario.events_of("reported", "at_scene")
                      if other in event_actors(e.get("to")) + event_actors(e.get("by"))), None)
        if later is not None:
            ctx.step("competent_mayor", "jp-1899:1", "mayor-learned-later", mayor=name(ctx, other), learned=later.date)


@rule(cites=["jp-1899:2.1"],
      reads=["event:reported", "case.distance_computed", "case.kind", "case.office_computed",
            "case.position", "expense.date", "found.date", "found.distance_computed", "found.position",
            "item.kind", "item.value", "party.name", "party.person", "person.name", "vessel.name",
            "param:timing.finder_report"])
def finder_reports(ctx: Context) -> None:
    """Art 2 ¶1: each finder (role ``finder``) reports without delay to the nearest mayor or a
    police official. No days are fixed: the duty is listed; a finding when no report is recorded
    or it went to someone else (readings ``jp-1899-2-without-delay``, ``jp-1899-2-1-finders``)."""
    timing = ctx.param("timing.finder_report")
    authorities = mayors(ctx) | police(ctx)
    nearest_office(ctx)  # issue 15: from case.position (case.office_computed)
    for finder in ctx.scenario.parties_with("finder"):
        if finder.id in mayors(ctx):
            continue  # a mayor who finds it himself has learned of it (art 1, art 3)
        report = ctx.scenario.first("reported", by=finder.id)
        if report is None:
            duty(ctx, "report-ship-in-distress", finder.id,
                 timing.value, "outstanding", None, ["jp-1899:2.1"])
            ctx.finding("warning", "finder-did-not-report", "jp-1899:2.1", finder=name(ctx, finder.id))
            ctx.step("finder_reports", "jp-1899:2.1", "finder-no-report", finder=finder.id, params=[timing],
                     readings=["jp-1899-2-without-delay", "jp-1899-2-1-finders"])
            continue
        to = event_actors(report.get("to"))
        duty(ctx, "report-ship-in-distress", finder.id,
             timing.value, "done", report.date, ["jp-1899:2.1"], to=to or None)
        if to and not any(t in authorities for t in to):
            ctx.finding("warning", "report-not-to-mayor-or-police", "jp-1899:2.1", finder=name(ctx, finder.id),
                        date=str(report.date), to=", ".join(to))
        ctx.step("finder_reports", "jp-1899:2.1", "finder-reported", variant="to" if to else None, finder=finder.id,
                 date=report.date, to=", ".join(to), timing=timing.value, params=[timing],
                 readings=["jp-1899-2-without-delay", "jp-1899-2-1-finders"])


def nearest_office(ctx: Context) -> None:
    """Art 2 ¶1, 最近地ノ市町村長: the nearest municipal office of the period, as ``wreckmaster.geo``
    computed it from the casualty's position (``case.office_computed``, a fact with its source;
    reading ``jp-1899-2-nearest-office``)."""
    office = ctx.case.office_computed
    dist = ctx.case.distance_computed
    if dist is not None and dist.on_land:
        ctx.finding("info" if ctx.case.kind == "stranding" else "error", "position-on-land", "jp-1899:2.1",
                    lat=str(ctx.case.position.lat), lon=str(ctx.case.position.lon), source=str(dist.source),
                    data_version=str(dist.data_version), uncertainty=str(dist.uncertainty_m))
    if office is None:
        return
    ctx.out.outputs["nearest_office"] = {"name": office.name, "name_en": office.name_en, "kind": office.kind,
                                         "distance_m": int(office.distance_m), "cites": ["jp-1899:2.1"]}
    ctx.finding("info", "nearest-office", "jp-1899:2.1", office=str(office.name), office_en=office.name_en or "",
                distance=str(office.distance_m), source=str(office.source), data_version=str(office.data_version))
    ctx.step("nearest_office", "jp-1899:2.1", "nearest-office", office=office.name, distance=office.distance_m,
             inputs={"office": office.name, "distance_m": office.distance_m, "data_version": office.data_version},
             readings=["jp-1899-2-nearest-office"])


@rule(cites=["jp-1899:2.2"],
      reads=["event:reported", "expense.date", "found.by", "found.date", "item.value", "party.name",
            "party.person", "person.name", "vessel.name", "param:timing.police_notice"])
def police_notice(ctx: Context) -> None:
    """Art 2 ¶2: a police official who receives a report (or finds the ship himself) notifies the
    mayor — a ``reported`` event by him to a mayor on or after that day."""
    timing = ctx.param("timing.police_notice")
    all_mayors = mayors(ctx)
    for officer in sorted(police(ctx)):
        received = next((e for e in ctx.scenario.events_of("reported")
                         if officer in event_actors(e.get("to"))
                         or (officer in event_actors(e.get("by")) and not event_actors(e.get("to")))), None)
        if received is None:
            continue
        notice = next((e for e in ctx.scenario.events_of("reported")
                       if officer in event_actors(e.get("by")) and e.date >= received.date
                       and any(t in all_mayors for t in event_actors(e.get("to")))), None)
        if notice is None:
            duty(ctx, "notify-mayor-of-report", officer, timing.value, "outstanding", None,
                 ["jp-1899:2.2"])
            ctx.finding("warning", "police-did-not-notify-mayor", "jp-1899:2.2", officer=name(ctx, officer),
                        received=str(received.date))
        else:
            duty(ctx, "notify-mayor-of-report", officer, timing.value, "done", notice.date,
                 ["jp-1899:2.2"], to=[t for t in event_actors(notice.get("to")) if t in all_mayors])
        ctx.step("police_notice", "jp-1899:2.2", "police-notified-mayor" if notice else "police-did-not-notify-mayor",
                 officer=officer, received=received.date, notified=notice.date if notice else None,
                 params=[timing], readings=["jp-1899-2-2-police-notice"])


@rule(cites=["jp-1899:4", "jp-1899:3"],
      reads=["event:at_scene", "expense.date", "found.by", "found.date", "item.value", "party.name",
            "party.person", "person.name", "vessel.name", "param:timing.mayor_at_scene"])
def mayor_at_scene(ctx: Context) -> None:
    """Art 3: the competent mayor goes at once to the scene (``at_scene``). Art 4: a police official
    at the scene assists him, and acts in his place while he is not there."""
    from .common import competent

    comp = competent(ctx)
    timing = ctx.param("timing.mayor_at_scene")
    visits = ctx.scenario.events_of("at_scene")
    officers = police(ctx)
    police_there = next((e for e in visits if any(a in officers for a in event_actors(e.get("by")))), None)
    if comp.mayor is None:
        if police_there is not None:
            acting = next(a for a in event_actors(police_there.get("by")) if a in officers)
            ctx.out.outputs["competent_authority"]["acting_police"] = acting
            ctx.finding("info", "police-acting-for-mayor", "jp-1899:4", variant="no-mayor",
                        officer=name(ctx, acting), date=str(police_there.date))
            ctx.step("police_acting", "jp-1899:4", "police-acting-for-mayor", officer=acting,
                     readings=["jp-1899-4-police-acting"])
        return
    mine = next((e for e in visits if comp.mayor in event_actors(e.get("by"))), None)
    if mine is not None:
        duty(ctx, "go-to-scene", comp.mayor, timing.value,
             "done", mine.date, ["jp-1899:3"])
        ctx.step("mayor_at_scene", "jp-1899:3", "mayor-at-scene", mayor=comp.mayor, learned=comp.learned_on,
                 date=mine.date, timing=timing.value, params=[timing], readings=["jp-1899-3-at-once"])
        if police_there is not None and police_there.date < mine.date:
            acting = next(a for a in event_actors(police_there.get("by")) if a in officers)
            ctx.out.outputs["competent_authority"]["acting_police"] = acting
            ctx.step("police_acting", "jp-1899:4", "police-before-mayor", officer=acting, date=police_there.date,
                     readings=["jp-1899-4-police-acting"])
        return
    duty(ctx, "go-to-scene", comp.mayor, timing.value,
         "outstanding", None, ["jp-1899:3"])
    if police_there is not None:
        acting = next(a for a in event_actors(police_there.get("by")) if a in officers)
        ctx.out.outputs["competent_authority"]["acting_police"] = acting
        ctx.finding("info", "police-acting-for-mayor", ["jp-1899:4", "jp-1899:3"], variant="mayor-absent",
                    mayor=name(ctx, comp.mayor), officer=name(ctx, acting), date=str(police_there.date))
        ctx.step("police_acting", ["jp-1899:4", "jp-1899:3"], "police-acting-for-absent-mayor", officer=acting,
                 mayor=comp.mayor, readings=["jp-1899-4-police-acting"])
    else:
        ctx.finding("warning", "mayor-not-at-scene", "jp-1899:3", mayor=name(ctx, comp.mayor),
                    learned=str(comp.learned_on))
        ctx.step("mayor_at_scene", "jp-1899:3", "mayor-not-at-scene", mayor=comp.mayor, params=[timing],
                 readings=["jp-1899-3-at-once"])
