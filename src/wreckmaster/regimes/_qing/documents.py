"""Qing: the county's report (稟) of a case to the circuit and prefecture (qing-shandong art 5:
every case, rescued or not, the awards shared by the rules, reported within five months):
the wreck, the persons and goods saved, the awards shared, the reporter's reward, the merits
and faults the case adds to the officials' ledger (issue 28), with 光緒 dates, in traditional
characters, set vertically."""
from __future__ import annotations

from typing import Any

from wreckmaster.documents.common import STATUS, Ctx
from wreckmaster.documents.labels import CASE_KINDS, L
from wreckmaster.documents.statement import for_label, kind_label

SIGNALS = {"aground-sound": {"zh": "擱淺船身未壞（白旗）", "en": "aground, hull sound (white flag)"},
           "breached": {"zh": "船身已破（黑旗）", "en": "hull breached (black flag)"}}


def county_report(ctx: Ctx, party: str | None) -> dict[str, Any]:
    s = ctx.scenario
    case = s.case
    v = case.vessel
    zh = ctx.lang == "zh"
    rep = s.first("case_reported")
    officials = ctx.parties_with("official")
    by = (rep.get("by") if rep else None) or ([officials[-1].id] if officials else None)
    to = rep.get("to") if rep else None
    persons = [p for p in s.persons if p.rescued_by]
    facts = [
        ("失事日期" if zh else "Occurred", ctx.date(case.occurred)),
        (ctx.t(L["place"]), case.place or "—"),
        (ctx.t(L["vessel"]), v.name if v and v.name else "—"),
        (ctx.t(L["owner"]), ctx.name(v.owner) if v and v.owner else "—"),
        (ctx.t(L["master"]), ctx.name(v.master) if v and v.master else "—"),
        ("情形" if zh else "What happened", ctx.t(CASE_KINDS[case.kind])
         + (("　" + ctx.t(SIGNALS[case.signal])) if case.signal else "")),
        ("救起人數" if zh else "Persons saved", ctx.count(len(persons)) + ("名" if zh else "")),
    ]
    goods = [[i.description or i.id, ctx.amount(i.value) if i.value is not None else "—"] for i in s.items if i.found]
    awards = [[ctx.name(x["to"]), kind_label(ctx, x["kind"]), for_label(ctx, x["for"]),
               ctx.amount(x["amount"], x["currency"]), ctx.cites(x["cites"])] for x in ctx.a["awards"]]
    dues = [d for d in ctx.a["deadlines"] if d["duty"] == "county-report"]
    sections: list[dict[str, Any]] = [
        {"kind": "text", "paras": ["為稟報事：竊照本境洋面船隻失事一案，據實開列於左，伏乞鑒核。" if zh else
                                   "Report: a vessel was wrecked off this county; the facts are set out below."]},
        {"kind": "facts", "rows": facts},
        {"kind": "table", "heading": "撈獲貨物" if zh else "Goods saved", "num": (1,),
         "head": [ctx.t(L["what"]), ctx.t(L["value"])], "rows": goods, "empty": ctx.t(L["none"])},
        {"kind": "table", "heading": "照章分賞" if zh else "Awards shared by the rules", "num": (3,),
         "head": ["受賞人" if zh else "To", ctx.t(L["kind"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
         "rows": awards, "empty": ctx.t(L["none"])},
    ]
    lines = _ledger_lines(ctx)
    if lines:
        sections.append({"kind": "table", "heading": "本案功過（東海關查登）" if zh else "Merits and faults this case adds",
                         "head": ["官董" if zh else "Who", "功過" if zh else "Entry",
                                  "記錄日" if zh else "Earned", ctx.t(L["articles"])],
                         "rows": lines})
    if dues:
        sections.append({"kind": "table", "heading": "報明限期" if zh else "Time to report (five months)",
                         "head": [ctx.t(L["due"]), "報明日期" if zh else "Reported on", ctx.t(L["status"]),
                                  ctx.t(L["articles"])],
                         "rows": [[ctx.date(d["due"]), ctx.date(rep.date) if rep else "　", ctx.t(STATUS[d["status"]]),
                                   ctx.cites(d["cites"])] for d in dues]})
    sections.append({"kind": "facts", "rows": [("呈" if zh else "To", to if isinstance(to, str) else ctx.names(to)
                                                if to else ("該管道府" if zh else "the circuit and prefecture")),
                                               ("日期" if zh else "Dated", ctx.date(rep.date if rep else ctx.as_of))]})
    sections.append({"kind": "signatures", "rows": [{"role": "具稟" if zh else "Reported by",
                                                     "who": ctx.names(by) if by else None}],
                     "seal_label": "印" if zh else "seal"})
    title = "稟" if zh else "The county’s report (稟)"
    name = v.name if v and v.name else case.place or ""
    return {"title": title, "subtitle": f"{name}　" + ctx.cites([f"{s.regime}:5"]), "sections": sections,
            "running_head": f"{title} — {name}"}


def _ledger_lines(ctx: Ctx) -> list[list[str]]:
    """The lines this case adds to the officials' ledger (issue 28: merits, honours, faults), each
    with its person, the date it is earned and its article."""
    from wreckmaster.ledger import lines_of_assessment

    zh = ctx.lang == "zh"
    return [[ctx.name(x["party"]), x["label"] if zh else x["label_en"], ctx.date(x["date"]), ctx.cites(x["cites"])]
            for x in lines_of_assessment(ctx.scenario, ctx.a)]
