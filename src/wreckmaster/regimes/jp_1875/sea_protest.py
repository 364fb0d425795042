"""The sea protest certificate (浦証文): art 21 — the rule that checks it, and the certificate
that ``wreckmaster sea-protest`` prints.

第二十一条 洋中ニ於テ難破或ハ打荷等有之趣ヲ以テ浦証文ヲ願出ル時ハ二名以上ノ浦役人立会ノ上船長及ヒ
  乗組ノ者二名以上ヲ別々ニ取調ヘ其実跡アルカ又ハ航海日記アルモノハ之レニ照シ各々符合スル時ハ
  浦証文ヲ作リ連署調印シテ之ヲ船長ニ付与シ写ヲ以テ管庁ニ届出ヘシ
  但シ浦証文中左ノ箇条ヲ載ス可シ (第一 … 第七)
  (on the master's application, two or more coast officials examine the master and two or
  more of the crew separately, check their accounts against the traces or the log, and when
  all agree make the certificate, sign it, give it to the master and send a copy to the
  competent office; it states seven particulars) → sea_protest; :func:`certificate`.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from wreckmaster.law import citations
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Scenario

from .common import ids, master

#: The seven particulars (但シ浦証文中左ノ箇条ヲ載ス可シ): item, event field, citation.
CONTENTS = (
    (1, "place_time_weather", "jp-1875:21#1"),
    (2, "damage", "jp-1875:21#2"),
    (3, "cargo", "jp-1875:21#3"),
    (4, "ship", "jp-1875:21#4"),
    (5, "cargo_owners", "jp-1875:21#5"),
    (6, "ports", "jp-1875:21#6"),
    (7, "casualties", "jp-1875:21#7"),
)
CREW_CASUALTY_COSTS = ("crew-medical", "crew-search", "crew-burial")


#: how the master and crew were examined (art 21, 別々ニ), and whether their accounts agree (各々符合スル),
#: as the step ``sea-protest-examination`` says it (English: the step's Japanese names the procedure only)
EXAMINATION = {None: "nobody examined yet", True: "examined separately", False: "not examined separately"}
ACCOUNTS = {True: "the accounts agree with each other and with the traces or log",
            False: "the accounts are not recorded as agreeing"}


def _jettison(ctx: Context) -> bool:
    return ctx.case.kind == "jettison"


def _crew_casualties(ctx: Context) -> bool:
    """Crew were killed or injured: a crew party flagged ``casualty``, or art 11 items 4–6 costs."""
    flagged = any(p.casualty and (p.has("crew") or p.has("master")) for p in ctx.scenario.parties)
    return flagged or any(e.category in CREW_CASUALTY_COSTS for e in ctx.scenario.expenses)


def required(ctx: Context, number: int) -> bool:
    """Whether particular ``number`` must be stated (reading ``jp-1875-21-contents``)."""
    if number == 5:
        return _jettison(ctx)
    if number == 7:
        return _crew_casualties(ctx)
    return True


def _examination(ctx: Context):
    """(master, persons examined, officials present, examined separately, accounts agree)."""
    req = ctx.scenario.first("sea_protest_requested")
    exams = ctx.scenario.events_of("examined")
    issued = ctx.scenario.first("sea_protest_issued")
    m = master(ctx) or (req.get("by") if req else None)
    examined = list(dict.fromkeys(p for e in exams for p in e.get("persons")))
    present = list(dict.fromkeys(o for e in exams for o in (e.get("by") or [])))
    if not present and issued is not None:
        present = list(issued.get("by") or [])
    # nobody examined: neither separately nor together (None), never a vacuous "yes"
    separately = all(e.get("separately") or len(e.get("persons")) == 1 for e in exams) if exams else None
    agree = bool(exams) and all(e.get("accounts_agree") for e in exams)
    return m, examined, present, separately, agree


@rule(cites=["jp-1875:21", "jp-1875:21#1", "jp-1875:21#2", "jp-1875:21#3", "jp-1875:21#4", "jp-1875:21#5",
            "jp-1875:21#6", "jp-1875:21#7"],
      reads=["event:examined", "event:sea_protest_issued", "event:sea_protest_requested", "case.damage",
            "case.kind", "case.vessel", "expense.category", "expense.date", "found.by", "found.date",
            "item.kind", "item.value", "party.casualty", "vessel.master", "param:sea_protest.min_crew",
            "param:sea_protest.min_officials"])
def sea_protest(ctx: Context) -> None:
    """Art 21: the examination and the certificate's seven particulars."""
    req = ctx.scenario.first("sea_protest_requested")
    issued = ctx.scenario.first("sea_protest_issued")
    if req is None and issued is None:
        return
    min_off, min_crew = ctx.param("sea_protest.min_officials"), ctx.param("sea_protest.min_crew")
    m, examined, present, separately, agree = _examination(ctx)
    crew = [p for p in examined if p != m]
    exams = ctx.scenario.events_of("examined")
    log = any(e.get("log_compared") for e in exams)
    ctx.step("sea_protest", "jp-1875:21", "sea-protest-examination", by=req.get("by") if req else None,
             applied=req.date if req else None, master=m or "?", crew=ids(crew), officials=ids(present),
             examination=EXAMINATION[separately], accounts=ACCOUNTS[agree],
             variant=shape(("applied", req), ("log", log)),
             params=[min_off, min_crew], readings=["jp-1875-21-examined"])
    if len(present) < min_off.value:
        ctx.finding("warning", "sea-protest-officials-too-few", "jp-1875:21", count=str(len(present)),
                    officials=str(ids(present)), minimum=str(min_off.value))
    if m is None or m not in examined:
        ctx.finding("warning", "sea-protest-master-not-examined", "jp-1875:21", master=str(m or 'not named'))
    if len(crew) < min_crew.value:
        ctx.finding("warning", "sea-protest-crew-too-few", "jp-1875:21", count=str(len(crew)), crew=str(ids(crew)),
                    minimum=str(min_crew.value))
    if exams and not separately:
        ctx.finding("warning", "not-examined-separately", "jp-1875:21")
    if issued is None:
        ctx.finding("info", "sea-protest-pending", "jp-1875:21", date=str(req.date))
        return
    if not agree:
        ctx.finding("warning", "sea-protest-accounts-disagree", "jp-1875:21", issued=str(issued.date))
    if not issued.get("copy_to_authority"):
        ctx.finding("warning", "sea-protest-copy-not-sent", "jp-1875:21", issued=str(issued.date))
    for number, field, cite in CONTENTS:
        if required(ctx, number) and not issued.get(field):
            article = citations.resolve(cite)
            ctx.finding("warning", "sea-protest-item-missing", cite, issued=str(issued.date), number=str(number),
                        field=str(field), heading=str(article.gloss() or ""), heading_ja=article.original() or "")


def certificate(scenario: Scenario, as_of: date) -> dict[str, Any]:
    """The certificate (浦証文) as data: the seven particulars with the law's words, what the
    certificate states, the examination, the signatures, and the art 21 findings."""
    from . import REGIME

    a = REGIME.assess(scenario, as_of)
    ctx = Context(scenario, REGIME, a, as_of)
    req = scenario.first("sea_protest_requested")
    issued = scenario.first("sea_protest_issued")
    m, examined, present, separately, agree = _examination(ctx)
    items = []
    for number, field, cite in CONTENTS:
        r = citations.resolve(cite)
        stated = issued.get(field) if issued else None
        items.append({
            "item": number, "field": field, "cite": cite, "original": r.original(), "gloss": r.gloss(),
            "required": required(ctx, number), "text": stated,
            "status": "stated" if stated else ("missing" if required(ctx, number) else "not-required"),
            "from_scenario": _hint(ctx, number),
        })
    findings = [{"severity": f.severity, "code": f.code, "message": f.message, "cites": list(f.cites)}
                for f in a.findings if any(c.split("#")[0] == "jp-1875:21" for c in f.cites)]
    vessel = scenario.case.vessel
    return {
        "format": "wreckmaster.sea-protest/1",
        "regime": a.regime,
        "as_of": as_of.isoformat(),
        "title": {"ja": "浦証文", "en": "Sea protest certificate"},
        "cites": ["jp-1875:21"],
        "vessel": vessel.name if vessel else None,
        "master": m,
        "requested": req.date.isoformat() if req else None,
        "issued": issued.date.isoformat() if issued else None,
        "examination": {"master": m, "master_examined": m is not None and m in examined,
                        "crew": [p for p in examined if p != m], "officials": present,
                        "separately": separately, "accounts_agree": agree,
                        "log_compared": any(e.get("log_compared") for e in scenario.events_of("examined"))},
        "items": items,
        "signatures": [{"role": "official", "heading": {"ja": "浦役人", "en": "Coast official"}, "who": o}
                       for o in ((list(issued.get("by") or []) if issued else []) or present
                                 or [None] * ctx.p("sea_protest.min_officials"))],
        "given_to": m,
        "copy_to_authority": bool(issued and issued.get("copy_to_authority")),
        "findings": findings,
        "names": {i: _name(scenario, i) for i in [m, *examined, *present,
                                                  *((issued.get("by") or []) if issued else [])] if i},
    }


def _name(scenario: Scenario, ident: str) -> str:
    p = scenario.party(ident) or scenario.person(ident)
    return f"{ident} ({p.name})" if p is not None and p.name else ident


def _hint(ctx: Context, number: int) -> str | None:
    """What the scenario itself says about a particular, to help draft it."""
    s, case = ctx.scenario, ctx.case
    vessel = case.vessel

    def nm(i):
        p = s.party(i) or s.person(i)
        return (p.name or i) if p else i

    if number == 1:
        return f"{case.place or '?'}, {case.occurred.isoformat()}"
    if number == 3:
        cargo = [i.description or i.id for i in s.items if i.kind == "cargo"]
        return "; ".join(cargo) or None
    if number == 4 and vessel:
        parts = [vessel.name, f"owner {nm(vessel.owner)}" if vessel.owner else None,
                 f"master {nm(vessel.master)}" if vessel.master else None]
        return ", ".join(p for p in parts if p) or None
    if number == 7:
        hurt = [f"{nm(p.id)} ({p.casualty})" for p in s.parties if p.casualty and (p.has("crew") or p.has("master"))]
        return "; ".join(hurt) or None
    return None
