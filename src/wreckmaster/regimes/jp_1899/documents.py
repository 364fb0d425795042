"""jp-1899: the master's wreck report (船難報吿書, art 10) with the mayor's certification
(認證, art 10 ¶2): vessel, tonnage, port of registry, owner, the distress, the damage, the dead
and injured, the cargo lost with its marks and counts."""
from __future__ import annotations

from typing import Any

from wreckmaster.documents.common import Ctx
from wreckmaster.documents.labels import CASE_KINDS, L, WATERS


def wreck_report(ctx: Ctx, party: str | None) -> dict[str, Any]:
    s = ctx.scenario
    case = s.case
    v = case.vessel
    ja = ctx.lang == "ja"
    report = s.first("wreck_report")
    certified = s.first("report_certified")
    requested = s.first("certification_requested")
    master = v.master if v else None
    killed = [p for p in s.parties if p.casualty == "killed"]
    hurt = [p for p in s.parties if p.casualty == "injured"]
    n_dead = len(killed) + (case.dead or 0)
    n_hurt = len(hurt) + (case.injured or 0)
    person = "名" if ja else ""

    def people(n: int, named: list) -> str:
        txt = ctx.count(n) + person
        return txt + (("（" + ctx.names([p.id for p in named]) + "）") if named else "")

    facts = [
        (ctx.t(L["vessel"]), (v.name if v and v.name else "—")),
        ("總噸數" if ja else "Gross tonnage", (ctx.count(v.tonnage) + ("噸" if ja else " tons")) if v and v.tonnage is not None else "—"),
        ("船籍港" if ja else "Port of registry", v.port if v and v.port else "—"),
        ("船舶所有者" if ja else "Owner", ctx.name(v.owner) if v and v.owner else "—"),
        (ctx.t(L["master"]), ctx.name(master)),
        ("遭難ノ日" if ja else "Date of the distress", ctx.date(case.occurred)),
        ("遭難ノ場所" if ja else "Place", case.place or "—"),
        ("遭難ノ種類" if ja else "Casualty", f"{ctx.t(WATERS[case.waters])}　{ctx.t(CASE_KINDS[case.kind])}"),
        ("遭難ノ顚末" if ja else "How the distress came about", case.distress or "　"),
        ("船體ノ損害" if ja else "Damage to the ship", case.damage or ("全損" if ja else "total loss") if case.total_loss
         else case.damage or "　"),
        ("死亡者" if ja else "Dead", people(n_dead, killed)),
        ("負傷者" if ja else "Injured", people(n_hurt, hurt)),
    ]
    lost = [i for i in s.items if i.kind in ("cargo", "timber") and i.found is None]
    saved = [i for i in s.items if i.found is not None]

    def cargo_rows(items):
        return [[i.description or i.id, getattr(i, "marks", None) or "—", getattr(i, "packing", None) or "—",
                 ctx.count(getattr(i, "pieces", None)) if getattr(i, "pieces", None) else "—",
                 ctx.amount(i.value) if i.value is not None else "—"] for i in items]
    head = [ctx.t(L["what"]), "記號" if ja else "Marks", "荷造" if ja else "Packing", "個數" if ja else "Count",
            ctx.t(L["value"])]
    sections: list[dict[str, Any]] = [
        {"kind": "facts", "rows": facts},
        {"kind": "table", "heading": "喪失シタル積荷" if ja else "Cargo lost", "head": head, "num": (3, 4),
         "rows": cargo_rows(lost), "empty": "ナシ" if ja else "none"},
        {"kind": "table", "heading": "救助シタル物件" if ja else "Goods saved", "head": head, "num": (3, 4),
         "rows": cargo_rows(saved), "empty": "ナシ" if ja else "none"},
        {"kind": "text", "paras": ["右船難ノ顚末報吿候也" if ja else "I report the distress as above (art 10 ¶1)."]},
        {"kind": "facts", "rows": [
            ("差出ノ日" if ja else "Submitted on", ctx.date(report.date) if report else "　"),
            ("差出先" if ja else "To", ctx.names(report.get("to")) if report and report.get("to") else
             ctx.names([p.id for p in ctx.parties_with("mayor")]) or "　")]},
        {"kind": "signatures", "rows": [{"role": ctx.t(L["master"]),
                                         "who": ctx.name(report.get("by") if report else master) if (report or master) else None}],
         "seal_label": "印" if ja else "seal"},
    ]
    mayors = ctx.parties_with("mayor")
    cert = ("右報吿書ノ事實ヲ審査シ相當ト認ムルニ依リ之ヲ認證ス" if ja else
            "Having examined the facts of this report and found them proper, I certify it (art 10 ¶2).")
    sections.append({"kind": "facts", "heading": "認證" if ja else "Certification by the mayor",
                     "rows": [("認證ノ請求" if ja else "Requested on", ctx.date(requested.date) if requested else "　"),
                              ("認證ノ日" if ja else "Certified on", ctx.date(certified.date) if certified else "　")]})
    sections.append({"kind": "text", "paras": [cert]})
    sections.append({"kind": "signatures", "rows": [
        {"role": "市町村長" if ja else "Mayor",
         "who": ctx.name(certified.get("by")) if certified and certified.get("by") else (
             ctx.name(mayors[0].id) if mayors else None)}], "seal_label": "印" if ja else "seal"})
    title = "船難報吿書" if ja else "Wreck report (船難報吿書)"
    name = v.name if v and v.name else ""
    return {"title": title, "subtitle": f"{name}　" + ctx.cites(["jp-1899:10.1", "jp-1899:10.2"]),
            "draft": None if report else ("未差出" if ja else "not yet submitted"),
            "sections": sections, "running_head": f"{title} — {name}"}
