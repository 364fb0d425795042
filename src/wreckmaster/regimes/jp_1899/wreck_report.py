"""The master's wreck report (船難報吿書), art 10.

第十條 船長ハ遭難後遲滯ナク船難報吿書ヲ作リ市町村長ニ差出スヘシ但シ船舶國籍證書ノ交付ヲ申請スルコトヲ要セサル
  船舶又ハ湖川港灣ノミヲ限リ航行スル船舶ノ遭難ニ付テハ此ノ限ニアラス
  市町村長ハ報吿書ノ事實ヲ審査シ相當ト認ムルトキハ船長ノ請求ニ依リ認證ヲ與フヘシ
  市町村長ハ報吿書ノ事實ヲ審査スル爲船內書類ノ提出ヲ命シ又ハ船員、旅客其ノ他船中ニ在リタル者ヲ呼出シ訊問ヲ爲スコトヲ得
  (The master submits a wreck report without delay — except ships needing no nationality
  certificate and ships sailing only lakes, rivers and harbours; the mayor certifies it on
  request when the facts are proper; he may order the ship's papers and question those on board.)

Art 22 does not list art 10: no wreck report is due for a government ship.
"""
from __future__ import annotations

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import Master, applies, duty, event_actors, master, name

#: the master's duty of art 10 ¶1 (``messages.yaml``, ``duties:``)
WHAT = "submit-wreck-report"


def _government(ctx: Context, m: Master, timing) -> None:
    """Art 22 does not list art 10: no wreck report for a government ship."""
    duty(ctx, WHAT, m.id, timing.value, "not-required", None, ["jp-1899:10.1", "jp-1899:22"])
    ctx.step("government_vessel", ["jp-1899:22", "jp-1899:10.1"], "no-wreck-report-government-ship",
             readings=["jp-1899-22-government-ships"])


def _excepted_ship(ctx: Context, *_: object) -> bool:
    vessel = ctx.case.vessel
    return bool(vessel.no_nationality_certificate or vessel.inland_waters_only)


def _proviso(ctx: Context, m: Master, timing) -> None:
    """Art 10 ¶1 proviso: ships needing no nationality certificate, ships of lakes, rivers and harbours."""
    vessel = ctx.case.vessel
    which = "no-certificate" if vessel.no_nationality_certificate else "inland-waters"
    duty(ctx, WHAT, m.id, timing.value, "not-required", None, ["jp-1899:10.1"])
    ctx.finding("info", "wreck-report-not-required", "jp-1899:10.1", variant=which)
    ctx.step("wreck_report_excepted", "jp-1899:10.1", "wreck-report-proviso", variant=which,
             inputs={"no_nationality_certificate": vessel.no_nationality_certificate,
                     "inland_waters_only": vessel.inland_waters_only}, readings=["jp-1899-10-exceptions"])


#: the exceptions to art 10 ¶1, in this order: art 22 (government ships), then art 10 ¶1's proviso
GOVERNMENT_SHIP = Exception_("government_vessel", overrides="wreck_report",
                             condition=lambda ctx, *_: not applies(ctx, "10"), apply=_government)
PROVISO = Exception_("wreck_report_excepted", overrides="wreck_report", condition=_excepted_ship, apply=_proviso)


@rule(cites=["jp-1899:10.1", "jp-1899:22", "jp-1899:21", "jp-1899:10.3", "jp-1899:10.2"],
      reads=["event:certification_requested", "event:examined", "event:papers_ordered",
            "event:report_certified", "event:wreck_report", "case.master_absent", "case.vessel",
            "expense.date", "found.by", "found.date", "item.government", "item.value", "party.name",
            "party.person", "party.roles", "person.name", "vessel.government", "vessel.inland_waters_only",
            "vessel.master", "vessel.name", "vessel.no_nationality_certificate",
            "param:government_vessels.provisions", "param:timing.wreck_report"])
def wreck_report(ctx: Context) -> None:
    """Art 10 ¶1: the master's wreck report, without delay (no days: a duty, reading
    ``jp-1899-2-without-delay``); the proviso's two exceptions are ``vessel`` flags."""
    vessel = ctx.case.vessel
    if vessel is None:
        return
    m = master(ctx)
    timing = ctx.param("timing.wreck_report")
    if exceptions.applied(ctx, [GOVERNMENT_SHIP, PROVISO], m, timing):   # art 22; art 10 ¶1 proviso
        return
    report = ctx.scenario.first("wreck_report")
    if report is None and not m.present:
        duty(ctx, WHAT, m.id, timing.value, "outstanding", None, ["jp-1899:10.1", "jp-1899:21"])
        ctx.finding("info", "wreck-report-no-master", ["jp-1899:10.1", "jp-1899:21"], master=name(ctx, m.id))
        ctx.step("wreck_report", ["jp-1899:10.1", "jp-1899:21"], "no-wreck-report-no-master", params=[timing],
                 readings=["jp-1899-21-acting-master"])
    elif report is None:
        duty(ctx, WHAT, m.id, timing.value, "outstanding", None, ["jp-1899:10.1"])
        ctx.finding("warning", "wreck-report-missing", "jp-1899:10.1", master=name(ctx, m.id))
        ctx.step("wreck_report", "jp-1899:10.1", "no-wreck-report", params=[timing],
                 readings=["jp-1899-2-without-delay"])
    else:
        by = report.get("by")
        duty(ctx, WHAT, m.id, timing.value, "done", report.date, ["jp-1899:10.1"],
             to=event_actors(report.get("to")) or None)
        if m.id is not None and by != m.id:
            ctx.finding("info", "wreck-report-not-by-master", ["jp-1899:10.1", "jp-1899:21"], date=str(report.date),
                        by=name(ctx, by), master=name(ctx, m.id))
        ctx.step("wreck_report", "jp-1899:10.1", "wreck-report-submitted", by=by, date=report.date,
                 timing=timing.value, params=[timing], readings=["jp-1899-2-without-delay"])
    _certification(ctx, report)
    _examination(ctx)


def _certification(ctx: Context, report) -> None:
    """Art 10 ¶2: certification on the master's request, where the mayor finds the facts proper."""
    request = ctx.scenario.first("certification_requested")
    if request is None:
        return
    done = ctx.scenario.first("report_certified")
    if report is None:
        ctx.finding("info", "certification-without-report", "jp-1899:10.2", date=str(request.date))
    elif done is None:
        ctx.finding("info", "certification-not-given", "jp-1899:10.2", date=str(request.date))
    ctx.step("certification", "jp-1899:10.2", "certification-given" if done else "certification-not-recorded",
             requested=request.date, given=done.date if done else None, readings=["jp-1899-10-2-certification"])


def _examination(ctx: Context) -> None:
    """Art 10 ¶3: to examine the report the mayor may order the ship's papers and question the crew,
    passengers and others on board (``papers_ordered``, ``examined``)."""
    for ev in ctx.scenario.events_of("papers_ordered", "examined"):
        if ev.type == "papers_ordered":
            ctx.step("examination", "jp-1899:10.3", "papers-ordered", date=ev.date, by=ev.get("by"))
            continue
        persons = event_actors(ev.get("persons"))
        aboard = [p for p in persons if (pt := ctx.scenario.party(p)) is None
                  or pt.roles == [] or any(r in pt.roles for r in ("crew", "passenger", "master", "acting-master"))]
        others = [p for p in persons if p not in aboard]
        ctx.step("examination", "jp-1899:10.3", "persons-questioned", date=ev.date, persons=", ".join(persons),
                 inputs={"persons": persons})
        if others:
            ctx.finding("info", "questioned-not-on-board", "jp-1899:10.3",
                        persons=", ".join(name(ctx, p) for p in others), date=str(ev.date))
