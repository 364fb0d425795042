"""jp-1875 documents: the settlement statement (精算書, arts 19–20) and the sea protest
certificate (浦証文, art 21), from the engine's own statement and certificate data
(:mod:`wreckmaster.regimes.jp_1875.settlement`, :mod:`.sea_protest`)."""
from __future__ import annotations

from typing import Any

from wreckmaster.documents.common import STATUS, Ctx
from wreckmaster.documents.labels import CASE_KINDS, L, STATES, WATERS
from wreckmaster.documents.statement import head_facts

YES = {"ja": "有", "en": "yes"}
NO = {"ja": "無", "en": "no"}


def _yn(ctx: Ctx, flag: bool) -> str:
    return ctx.t(YES if flag else NO)


def _h(ctx: Ctx, heading: dict[str, str]) -> str:
    return heading["ja"] if ctx.lang == "ja" else heading["en"]


def _en(ctx: Ctx, line: dict[str, Any]) -> str:
    """The English description of a line, with names for ids (an expense: its category)."""
    if any(e.id == line["for"] for e in ctx.scenario.expenses):
        return ctx.name(line["for"])
    return ctx.humanize(line["description"])


def settlement(ctx: Ctx, party: str | None) -> dict[str, Any]:
    from .settlement import statement

    data = statement(ctx.scenario, ctx.as_of)
    cur = data["currency"]
    w = data["wreck_statement"]
    case = ctx.scenario.case
    ja = ctx.lang == "ja"
    facts = head_facts(ctx) + [
        ("難破ノ種類" if ja else "Casualty", f"{ctx.t(WATERS[w['waters']])}　{ctx.t(CASE_KINDS[w['kind']])}"
         + (("　全損" if ja else ", total loss") if w["total_loss"] else "")),
        (ctx.t(L["as_of"]), ctx.date(data["as_of"]))]
    if case.village:
        facts.insert(2, ("浦方" if ja else "Village", case.village))
    items = [[i["description"] or ctx.name(i["id"]), ctx.t(STATES[i["state"]]) if i["state"] else "—",
              ctx.amount(i["value"], cur) if i["value"] else "—", ctx.amount(i["sold_for"], cur) if i["sold_for"] else "—"]
             for i in w["items"]]
    sections: list[dict[str, Any]] = [
        {"kind": "facts", "heading": "難破明細書" if ja else "Wreck statement (難破明細書)", "rows": facts},
        {"kind": "table", "heading": "救揚品" if ja else "Goods saved", "num": (2, 3),
         "head": [ctx.t(L["what"]), "状態" if ja else "State", ctx.t(L["value"]), "売払代価" if ja else "Sold for"],
         "rows": items, "empty": ctx.t(L["none"])},
    ]
    for g in data["groups"]:
        rows = [[ln["description_ja"] if ja else _en(ctx, ln), ctx.name(ln["payer"]), ctx.name(ln["payee"]),
                 ctx.amount(ln["amount"], cur), ctx.cites(ln["cites"])] for ln in g["lines"]]
        sections.append({"kind": "table", "heading": _h(ctx, g["heading"]), "num": (3,),
                         "head": [ctx.t(L["for"]), ctx.t(L["payer"]), ctx.t(L["payee"]), ctx.t(L["amount"]),
                                  ctx.t(L["articles"])],
                         "rows": rows, "empty": ctx.t(L["none"]),
                         "foot": [["小計" if ja else "Subtotal", "", "", ctx.amount(g["total"], cur), ""]] if rows else []})
    sections.append({"kind": "facts", "heading": "総計" if ja else "Total",
                     "rows": [("総計" if ja else "Total", ctx.amount(data["total"], cur))]
                     + [(ctx.name(r["payer"]), ctx.amount(r["amount"], cur)) for r in data["by_payer"]]})
    sections.append({"kind": "table", "heading": "誰ヨリ誰ヘ" if ja else "Who pays whom", "num": (2,),
                     "head": [ctx.t(L["payer"]), ctx.t(L["payee"]), ctx.t(L["amount"])],
                     "rows": [[ctx.name(r["payer"]), ctx.name(r["payee"]), ctx.amount(r["amount"], cur)]
                              for r in data["who_pays_whom"]], "empty": ctx.t(L["none"])})
    lp = data["local_public"]
    st = data["status"]
    stand = [("民費" if ja else "Local public part", ctx.amount(lp["amount"], cur)),
             ("管庁ヘ差出" if ja else "Submitted to the competent office", ctx.date(st["submitted"])),
             ("難破明細書添付" if ja else "Wreck statement attached", _yn(ctx, st["wreck_statement"])),
             ("船主荷主立会" if ja else "Owner present", _yn(ctx, st["owner_present"])),
             ("下ケ渡" if ja else "Returned (approved)", ctx.date(st["approved"]))]
    for d in data["deadlines"]:
        # the assessment's own deadline carries the duty in the case's language (duty_local)
        d = next((x for x in ctx.a["deadlines"] if x["duty"] == d["duty"] and x["party"] == d["party"]), d)
        stand.append(("猶予" if ja else "Days of grace",
                      f"{ctx.name(d['party'])}　{ctx.duty(d)}　" + str(ctx.date(d["due"])) + f"　{ctx.t(STATUS[d['status']])}"))
    for p in st["paid"]:
        stand.append(("出金" if ja else "Paid", f"{ctx.name(p['by'])}　{ctx.amount(p['amount'], cur)}　{ctx.date(p['date'])}"))
    sections.append({"kind": "facts", "heading": "精算ノ次第" if ja else "Where the settlement stands", "rows": stand})
    sections.append({"kind": "text", "class": "law", "paras": [lp["note"]["ja" if ja else "en"]]})
    sections.append({"kind": "signatures", "heading": "連署" if ja else "Signatures (art 19)",
                     "rows": [{"role": _h(ctx, s["heading"]), "who": ctx.name(s["who"]) if s["who"] else None}
                              for s in data["signatures"]],
                     "seal_label": "印" if ja else "seal"})
    title = "精算書" if ja else "Settlement statement (精算書)"
    vessel = w["vessel"] or case.place or ""
    return {"title": title, "subtitle": f"{vessel}　" + ctx.cites(data["cites"]), "sections": sections,
            "running_head": f"{title} — {vessel}"}


def sea_protest(ctx: Ctx, party: str | None) -> dict[str, Any]:
    from .sea_protest import certificate

    data = certificate(ctx.scenario, ctx.as_of)
    ja = ctx.lang == "ja"
    ex = data["examination"]
    draft = data["issued"] is None
    facts = [(ctx.t(L["vessel"]), data["vessel"] or "—"), (ctx.t(L["master"]), ctx.name(data["master"]))] + [
        r for r in head_facts(ctx) if r[0] not in (ctx.t(L["vessel"]), ctx.t(L["master"]))] + [
        ("願出" if ja else "Applied for", ctx.date(data["requested"])),
        ("付与" if ja else "Issued", ctx.date(data["issued"]))]
    exam = [("浦役人立会" if ja else "Coast officials present", ctx.names(ex["officials"])),
            ("船長取調" if ja else "Master examined", f"{ctx.name(ex['master'])}　{_yn(ctx, ex['master_examined'])}"),
            ("乗組取調" if ja else "Crew examined", ctx.names(ex["crew"])),
            ("別々ニ取調" if ja else "Examined separately", _yn(ctx, ex["separately"])),
            ("申口符合" if ja else "Accounts agree", _yn(ctx, ex["accounts_agree"])),
            ("航海日記照合" if ja else "Log compared", _yn(ctx, ex["log_compared"]))]
    rows = []
    status = {"stated": {"ja": "記載", "en": "stated"}, "missing": {"ja": "記載ナシ（要）", "en": "missing (required)"},
              "not-required": {"ja": "要セス", "en": "not required"}}
    for it in data["items"]:
        text = it["text"] or (("（案）" if ja else "(draft) ") + it["from_scenario"] if it["from_scenario"] else "")
        rows.append([ctx.count(it["item"]), it["original"] if ja else it["gloss"], text or "　", ctx.t(status[it["status"]])])
    sections = [
        {"kind": "facts", "rows": facts},
        {"kind": "facts", "heading": "取調" if ja else "Examination", "rows": exam},
        {"kind": "table", "heading": "浦証文中載ス可キ箇条" if ja else "The particulars the certificate states",
         "head": ["号" if ja else "No.", "箇条" if ja else "Particular", "記載" if ja else "Statement",
                  ctx.t(L["status"])], "rows": rows},
        {"kind": "signatures", "heading": "連署調印" if ja else "Signed and sealed",
         "rows": [{"role": _h(ctx, s["heading"]), "who": ctx.name(s["who"]) if s["who"] else None}
                  for s in data["signatures"]] + [{"role": ctx.t(L["master"]) + ("（受取）" if ja else " (received)"),
                                                  "who": ctx.name(data["given_to"]) if data["given_to"] else None}],
         "seal_label": "印" if ja else "seal"},
    ]
    if data["findings"]:
        sections.append({"kind": "text", "heading": "所見" if ja else "Findings (art 21)", "class": "note",
                         "paras": [f["message"] for f in data["findings"]]})
    title = "浦証文" if ja else "Sea protest certificate (浦証文)"
    return {"title": title, "subtitle": f"{data['vessel'] or ''}　" + ctx.cites(data["cites"]),
            "draft": ("草案（未付与）" if ja else "DRAFT — not issued") if draft else None,
            "sections": sections, "running_head": f"{title} — {data['vessel'] or ''}"}
