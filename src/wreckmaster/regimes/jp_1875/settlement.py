"""The settlement (精算): arts 19 and 20 — the rule that checks it, and the settlement
statement (精算書) that ``wreckmaster settlement`` prints.

第十九条 難船救助ニ属スル諸費用ハ二名ノ浦役人及船長其他重立乗組ノ者二名以上立会ノ上第十一条第十二条第十三条
  第十五条ニ照シテ夫々其費用ノ種類ヲ区別シ成ル可ク速カニ精算書ヲ作リ之ニ難破明細書ヲ添テ管庁ニ差出シ其検査ヲ受ク可シ
  但シ精算取調ノ節ハ成丈ケ船主又ハ荷主ノ立会ヲ要ス可シ
  (the costs, sorted by arts 11, 12, 13 and 15 in the presence of two coast officials and two
  or more of the master and senior crew, go as a settlement statement with the wreck statement
  to the competent office for examination; the owner present as far as possible)
第二十条 前条ノ精算書ハ管庁ニ於テ速カニ調査ヲ遂ケ不審ノ廉無之トキハ早速下ケ渡ス可シ然ル上浦役人ハ
  第十五条ニ記スル場合ヲ除クノ外船主荷主或ハ船長ヨリ夫々出金致サスヘシ若シ其即時弁金相成難キ分ハ
  相当ノ日数ヲ猶予ス可シ  但シ民費ノ分ハ其管庁ヨリ取立浦役人ヘ下渡ス可シ
  (once the office returns it, the official collects from the owner side or the master; what
  cannot be paid at once gets days of grace; the local public part comes through the office)
  → settlement_review; :func:`statement` builds the printable statement.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from wreckmaster.law.assessment import Charge
from wreckmaster.law.events import FUNDS
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Scenario

from .common import drift_case, expense_categories, ids, master, owner_side

#: The groups of the statement, in the order of art 19 (第十一条第十二条第十三条第十五条), and the rest.
GROUPS = (
    ("11", "jp-1875:11", "第十一条 船主荷主ヨリ出ス諸費用", "Art 11 — costs borne by the owner side"),
    ("12", "jp-1875:12", "第十二条 三分シ二分ハ船主荷主一分ハ民費", "Art 12 — costs split: two thirds owner side, one third local public funds"),
    ("13", "jp-1875:13", "第十三条 乗組人ヘノ貸金 追テ本人ヨリ償却", "Art 13 — advances to the crew, repaid by each borrower"),
    ("15", "jp-1875:15", "第十五条 官費", "Art 15 — paid at government expense (官費)"),
    ("other", None, "其他", "Other charges (arts 16, 26, 31–34)"),
)
SETTLED = ("11", "12", "13", "15")
#: added to the art 11 heading when some of its costs are paid out of the proceeds of goods sold
PROCEEDS_NOTE = {"ja": "（売払代価ヨリ払フ分アリ）", "en": " (paid out of the sale proceeds as far as they go)"}


def is_returned_surplus(c: Charge) -> bool:
    """What is left of the sale proceeds, handed back to the owner (art 11): not a cost."""
    return c.payer == "custody" and c.for_ == "surplus"


def is_owner_side_repayment(c: Charge) -> bool:
    """One of the owner side repaying another the share of art 11 costs paid out of that one's
    proceeds (final incidence, ``cost_bearers``): it moves a cost already counted, adds none."""
    return c.for_ == "reimbursement" and c.payer not in FUNDS and c.payee not in FUNDS


def _articles(c: Charge) -> set[str]:
    out = set()
    for cite in c.cites:
        if cite.startswith("jp-1875:"):
            out.add(cite.split(":", 1)[1].split("#")[0].split(".")[0])
    return out


def group_of(c: Charge) -> str:
    """Which article of art 19's sorting a charge belongs to (reading ``jp-1875-19-grouping``)."""
    arts = _articles(c)
    if arts & {"16", "26", "31", "32", "34"}:
        return "other"
    if "15" in arts and c.payer == "government":
        return "15"
    for g in ("13", "12", "11"):
        if g in arts:
            return g
    return "other"


def _owed(charges: list[Charge]) -> dict[str, Decimal]:
    """What each party (not a fund) pays under arts 11 and 12 once the statement is returned (art 20)."""
    owed: dict[str, Decimal] = defaultdict(Decimal)
    for c in charges:
        if group_of(c) in ("11", "12") and c.payer not in FUNDS:
            owed[c.payer] += c.amount
    return dict(owed)


@rule(cites=["jp-1875:19", "jp-1875:20"],
      reads=["event:paid", "event:payment_deferred", "event:settlement_approved",
            "event:settlement_submitted", "case.flood", "case.kind", "expense.amount", "expense.date",
            "found.by", "found.date", "item.government", "item.kind", "item.value", "vessel.government",
            "param:settlement.min_crew", "param:settlement.min_officials"])
def settlement_review(ctx: Context) -> None:
    """Arts 19–20: the statement drawn up and examined; the amounts collected, or time given."""
    if drift_case(ctx):
        return
    charges = [c for c in ctx.out.charges if group_of(c) in SETTLED]
    if not charges:
        return
    submitted = ctx.scenario.first("settlement_submitted")
    if submitted is None:
        ctx.finding("info", "settlement-not-submitted", "jp-1875:19")
    else:
        _check_submission(ctx, submitted)
    approved = ctx.scenario.first("settlement_approved")
    if submitted is not None and approved is None:
        ctx.finding("info", "settlement-under-review", "jp-1875:20", submitted=str(submitted.date))
    local = sum((c.amount for c in charges if c.payer == "local-public"), Decimal(0))
    if local:
        ctx.step("settlement_review", "jp-1875:20", "local-public-part-handed-down", local=local, amount=local)
    if approved is not None:
        _payments(ctx, approved, charges)


def _check_submission(ctx: Context, ev) -> None:
    min_off, min_crew = ctx.param("settlement.min_officials"), ctx.param("settlement.min_crew")
    offs, crew = ev.get("officials") or [], ev.get("crew") or []
    if len(offs) < min_off.value:
        ctx.finding("warning", "settlement-officials-too-few", "jp-1875:19", date=str(ev.date),
                    count=str(len(offs)), officials=str(ids(offs)), minimum=str(min_off.value))
    if len(crew) < min_crew.value:
        ctx.finding("warning", "settlement-crew-too-few", "jp-1875:19", date=str(ev.date), count=str(len(crew)),
                    crew=str(ids(crew)), minimum=str(min_crew.value))
    if not ev.get("wreck_statement"):
        ctx.finding("warning", "wreck-statement-missing", "jp-1875:19", date=str(ev.date))
    if not ev.get("owner_present"):
        ctx.finding("info", "owner-absent-from-settlement", "jp-1875:19", date=str(ev.date))
    ctx.step("settlement_review", "jp-1875:19", "settlement-submitted", date=ev.date, officials=ids(offs),
             crew=ids(crew), params=[min_off, min_crew], readings=["jp-1875-19-grouping"],
             variant=shape(("attached", ev.get("wreck_statement")), ("owner-present", ev.get("owner_present"))))

def _payments(ctx: Context, approved, charges: list[Charge]) -> None:
    """Art 20: after the return, each payer pays at once, or by the day of grace granted."""
    payments: dict[str, list] = defaultdict(list)
    for p in ctx.scenario.events_of("paid"):
        payments[p.get("by")].append(p)
    graces: dict[str, list] = defaultdict(list)
    for d in ctx.scenario.events_of("payment_deferred"):
        graces[d.get("by")].append(d)
    for payer, amount in _owed(charges).items():
        paid, done_on = Decimal(0), None
        for p in payments[payer]:
            paid += p.get("amount")
            if done_on is None and paid >= amount:
                done_on = p.date
        grace = graces[payer]
        if grace:
            until = grace[-1].get("until")
            ctx.deadline("pay-within-grace", payer, until, done_on, "jp-1875:20", amount=amount,
                         approved=approved.date)
        elif done_on is None:
            ctx.finding("warning", "settlement-unpaid", "jp-1875:20", payer=str(payer), amount=str(amount),
                        approved=str(approved.date), paid=str(paid))
        ctx.step("settlement_payment", "jp-1875:20", "settlement-payment", payer=payer, due=amount,
                 approved=approved.date, paid=paid, paid_on=done_on, until=grace[-1].get("until") if grace else None,
                 variant=shape(("in-full", done_on), ("grace", grace)),
                 amount=amount, readings=["jp-1875-20-grace", "jp-1875-20-payers"])


# --- the printable statement (精算書) ----------------------------------------------------

def _describe(scenario: Scenario, c: Charge, group: str) -> tuple[str, str]:
    """(Japanese, English) description of what a charge is for."""
    cats = expense_categories()
    exp = next((e for e in scenario.expenses if e.id == c.for_), None)
    if exp is not None:
        cat = cats.get(exp.category, {})
        return cat.get("ja", exp.category), f"{exp.category} ({exp.id})"
    item = scenario.item(c.for_)
    if item is not None:
        label = item.description or item.id
        if "jp-1875:23" in c.cites:
            return f"別段相当ノ手当 {label}", f"allowance for goods secured (art 23) — {item.id}"
        if group == "other":
            return label, f"{item.id}"
        return f"保安料 {label}", f"salvage fee on {item.id}"
    if "jp-1875:16" in c.cites:
        return "賞誉手当金", f"allowance to a rescuer (art 16){f' for {c.for_}' if c.for_ else ''}"
    if c.for_ == "surplus":
        return "売払代価残金", "what is left of the sale proceeds, returned"
    if c.for_ == "loss":
        return "怠慢ニヨル損失", "loss caused by negligence"
    return c.for_ or "—", c.for_ or "—"


FUND_NAMES = {"custody": "custody (売払代価 proceeds held)", "local-public": "local-public (民費)",
              "government": "government (官費)"}


def _who(scenario: Scenario, ident: str | None) -> str:
    """The name a clerk reads (the id when there is none); ids stand only in the key."""
    if ident is None:
        return "—"
    if ident in FUND_NAMES:
        return FUND_NAMES[ident]
    p = scenario.party(ident) or scenario.person(ident)
    return p.name if p is not None and p.name else ident


def statement(scenario: Scenario, as_of: date) -> dict[str, Any]:
    """The settlement statement of art 19 as data: charges grouped by article with totals, who
    pays whom, the local public part, the signatures required, and where the settlement stands."""
    from . import REGIME

    a = REGIME.assess(scenario, as_of)
    ctx = Context(scenario, REGIME, a, as_of)
    fmt = a.currency.format
    costs = [c for c in a.charges if not (is_returned_surplus(c) or is_owner_side_repayment(c))]
    returned = [c for c in a.charges if is_returned_surplus(c)]
    repaid = [c for c in a.charges if is_owner_side_repayment(c)]
    groups = []
    for key, cite, ja, en in GROUPS:
        lines = []
        for c in costs:
            g = group_of(c)
            if g != key:
                continue
            d_ja, d_en = _describe(scenario, c, g)
            lines.append({"for": c.for_, "description": d_en, "description_ja": d_ja, "payer": c.payer,
                          "payee": c.payee, "amount": fmt(c.amount), "currency": c.currency, "cites": list(c.cites)})
        if lines or key in SETTLED:
            total = sum((Decimal(x["amount"]) for x in lines), Decimal(0))
            heading = {"ja": ja, "en": en}
            if key == "11" and any(x["payer"] == "custody" for x in lines):
                heading = {"ja": ja + PROCEEDS_NOTE["ja"], "en": en + PROCEEDS_NOTE["en"]}
            groups.append({"article": key, "cite": cite, "heading": heading, "lines": lines,
                           "total": fmt(total)})
    pairs: dict[tuple[str, str | None], Decimal] = defaultdict(Decimal)
    payers: dict[str, Decimal] = defaultdict(Decimal)
    for c in costs:
        pairs[(c.payer, c.payee)] += c.amount
        payers[c.payer] += c.amount
    total = sum((c.amount for c in costs), Decimal(0))
    sales = scenario.events_of("sold")
    proceeds = {
        "sold_for": fmt(sum((e.get("price") for e in sales), Decimal(0))),
        "costs_paid": fmt(payers.get("custody", Decimal(0))),
        "returned": [{"payee": c.payee, "amount": fmt(c.amount), "cites": list(c.cites),
                      "description": {"ja": "売払代価残金", "en": "what is left of the sale proceeds, handed back"}}
                     for c in returned],
    } if sales or returned else None
    ctx_master = master(ctx)
    sub = scenario.first("settlement_submitted")
    officials = list(sub.get("officials") or []) if sub else [p.id for p in scenario.parties_with("official")]
    crew = [x for x in (sub.get("crew") or []) if x != ctx_master] if sub else [
        p.id for p in scenario.parties_with("crew")]
    side = (owner_side(ctx) or (None, None))[0]
    signatures = (
        [{"role": "official", "heading": {"ja": "浦役人", "en": "Coast official"}, "who": o}
         for o in _padded(officials, ctx.p("settlement.min_officials"))]
        + [{"role": "master", "heading": {"ja": "船長", "en": "Master"}, "who": ctx_master}]
        + [{"role": "crew", "heading": {"ja": "重立乗組", "en": "Senior crew"}, "who": x}
           for x in _padded(crew, ctx.p("settlement.min_crew"))]
        + [{"role": "owner", "heading": {"ja": "船主荷主 (成丈ケ立会)", "en": "Shipowner / cargo owner (present if possible)"},
            "who": o} for o in (side or [None])]
    )
    status = {
        "submitted": _date(scenario.first("settlement_submitted")),
        "wreck_statement": bool(sub and sub.get("wreck_statement")),
        "owner_present": bool(sub and sub.get("owner_present")),
        "approved": _date(scenario.first("settlement_approved")),
        "deferred": [{"by": d.get("by"), "until": d.get("until").isoformat()} for d in scenario.events_of("payment_deferred")],
        "paid": [{"by": p.get("by"), "amount": fmt(p.get("amount")), "date": p.date.isoformat()} for p in scenario.events_of("paid")],
    }
    case = scenario.case
    vessel = case.vessel
    wreck = {
        "occurred": case.occurred.isoformat(), "place": case.place, "waters": case.waters, "kind": case.kind,
        "vessel": vessel.name if vessel else None, "size": vessel.size if vessel else None,
        "owner": vessel.owner if vessel else None, "master": ctx_master, "total_loss": case.total_loss,
        "items": [{"id": i.id, "description": i.description, "value": fmt(i.value) if i.value is not None else None,
                   "state": i.found.state if i.found else None,
                   "sold_for": (lambda ev: fmt(ev.get("price")) if ev else None)(scenario.first("sold", item=i.id))}
                  for i in scenario.items],
        "persons": [{"id": p.id, "name": p.name, "castaway": p.castaway} for p in scenario.persons],
    }
    findings = [{"severity": f.severity, "code": f.code, "message": f.message, "cites": list(f.cites)}
                for f in a.findings if any(c.split("#")[0].split(".")[0] in ("jp-1875:19", "jp-1875:20") for c in f.cites)]
    return {
        "format": "wreckmaster.settlement/1",
        "regime": a.regime,
        "as_of": a.as_of.isoformat(),
        "title": {"ja": "精算書", "en": "Settlement statement"},
        "cites": ["jp-1875:19", "jp-1875:20"],
        "wreck_statement": wreck,
        "groups": groups,
        "total": fmt(total),
        "currency": a.currency.code,
        "proceeds": proceeds,
        "owner_side_repayments": [{"payer": c.payer, "payee": c.payee, "amount": fmt(c.amount), "cites": list(c.cites)}
                                  for c in repaid],
        "by_payer": [{"payer": p, "amount": fmt(v)} for p, v in payers.items()],
        "who_pays_whom": [{"payer": p, "payee": q, "amount": fmt(v)} for (p, q), v in pairs.items()],
        "local_public": {"amount": fmt(payers.get("local-public", Decimal(0))),
                         "note": {"ja": "民費ノ分ハ管庁ヨリ取立浦役人ヘ下渡ス (第二十条但書)",
                                  "en": "The local public part is collected by the competent office and handed down to "
                                        "the coast official (art 20, proviso)."}},
        "signatures": signatures,
        "status": status,
        "deadlines": [{"duty": d.duty, "party": d.party, "due": d.due.isoformat(), "status": d.status}
                      for d in a.deadlines if "jp-1875:20" in d.cites],
        "findings": findings,
        "names": {i: _who(scenario, i) for i in {x for c in a.charges for x in (c.payer, c.payee) if x}
                  | {s["who"] for s in signatures if s["who"]} | {x for x in (wreck["owner"], wreck["master"]) if x}
                  | {d.get("by") for d in scenario.events_of("paid", "payment_deferred") if d.get("by")}},
    }


def _date(ev) -> str | None:
    return ev.date.isoformat() if ev is not None else None


def _padded(names: list, at_least: int) -> list:
    """The names, with blank lines (None) up to the number the law requires."""
    return list(names) + [None] * max(0, at_least - len(names))
