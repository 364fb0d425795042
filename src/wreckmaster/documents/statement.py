"""One party's statement (受払明細書 / 清單 / relevé / statement of account), every regime:
what the party is entitled to (awards), who pays it what (charges to it), what it owes (charges
from it), and its deadlines — each line with its articles, names and descriptions for ids."""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from wreckmaster.law.contributes import resolve

from .common import STATUS, Ctx
from .labels import FOR, KINDS, L, ROLES

TITLE = {"ja": "受払明細書", "zh": "收付清單", "fr": "Relevé de compte", "en": "Statement of account"}
H_OWED = {"ja": "受取ルヘキ金額", "zh": "應得銀數", "fr": "Ce qui lui est dû", "en": "What it is owed"}
H_PAID_BY = {"ja": "支払人別", "zh": "由何人給付", "fr": "Qui le lui paie", "en": "Who pays it"}
H_OWES = {"ja": "支払フヘキ金額", "zh": "應出銀數", "fr": "Ce qu’il doit", "en": "What it owes"}
H_DUTIES = {"ja": "期限", "zh": "限期", "fr": "Échéances", "en": "Deadlines"}
H_LIMITS = {"ja": "報酬ノ上限（以内、額ノ定ナシ）", "zh": "酬勞上限（未定數目）", "fr": "Récompense plafonnée (aucun montant fixé)",
            "en": "Rewards up to a limit (no amount fixed; not owed)"}
NET = {"ja": "差引", "zh": "兩抵", "fr": "Solde", "en": "Balance (owed less owes)"}


def for_label(ctx: Ctx, ident: str | None) -> str:
    if ident is None:
        return "—"
    if ident in FOR:
        return ctx.t(FOR[ident])
    return ctx.name(ident)


def kind_label(ctx: Ctx, kind: str) -> str:
    return ctx.t(KINDS[kind]) if kind in KINDS else kind.replace("_", " ")


def totals(ctx: Ctx, rows: list[dict[str, Any]]) -> str:
    by_cur: dict[str, Decimal] = defaultdict(Decimal)
    for r in rows:
        by_cur[r["currency"]] += Decimal(r["amount"])
    if not by_cur:
        return str(ctx.amount("0" if ctx.currency != "JPY" else "0", ctx.currency))
    return "　".join(str(ctx.amount(_fmt(v, rows, c), c)) for c, v in by_cur.items())


def _fmt(v: Decimal, rows: list[dict[str, Any]], cur: str) -> str:
    places = max((len(r["amount"].partition(".")[2]) for r in rows if r["currency"] == cur), default=0)
    return f"{v:.{places}f}"


def head_facts(ctx: Ctx) -> list[tuple[str, Any]]:
    case = ctx.scenario.case
    rows: list[tuple[str, Any]] = [(ctx.t(L["occurred"]), ctx.date(case.occurred))]
    if case.place:
        rows.append((ctx.t(L["place"]), case.place))
    if case.vessel is not None:
        v = case.vessel
        rows.append((ctx.t(L["vessel"]), v.name or "—"))
        if v.owner:
            rows.append((ctx.t(L["owner"]), ctx.name(v.owner)))
        if v.master:
            rows.append((ctx.t(L["master"]), ctx.name(v.master)))
    return rows


VIA = {"ja": "（取次）", "zh": "（轉付）", "fr": " (transmis)", "en": " (passed on)"}


def accounts(ctx: Ctx, party: str) -> set[str]:
    """The party and, for the mayor of a regime whose local public funds are the municipality's
    (市町村, 村), the municipality's fund: the town's statement is the mayor's."""
    p = ctx.scenario.party(party)
    ids = {party}
    if p is not None and p.has("mayor") and "local-public" in ctx.words.funds:
        ids.add("local-public")
    return ids


def _passed_on(ctx: Ctx, ids: set[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Charges the mayor receives from the payer and pays on to the payee (the finder's reward), by the
    article the regime names (``DocumentWords.passed_on``)."""
    cite = ctx.words.passed_on
    if cite is None or "local-public" not in ids:
        return [], []
    via = [x for x in ctx.a["charges"] if cite in x["cites"] and not {x["payer"], x["payee"]} & ids]
    return via, via


def balance(ctx: Ctx, paid_in: list[dict[str, Any]], paid_out: list[dict[str, Any]]) -> str | None:
    """What it receives less what it pays, when both are in one currency."""
    currencies = {x["currency"] for x in paid_in + paid_out}
    if len(currencies) != 1:
        return None
    cur = currencies.pop()
    net = sum((Decimal(x["amount"]) for x in paid_in), Decimal(0)) - sum((Decimal(x["amount"]) for x in paid_out),
                                                                       Decimal(0))
    return str(ctx.amount(_fmt(net, paid_in + paid_out, cur), cur))


def statement(ctx: Ctx, party: str) -> dict[str, Any]:
    a = ctx.a
    p = ctx.scenario.party(party)
    roles = ", " if not ctx.vertical else "、"
    role_text = roles.join(ctx.t(ROLES[r]) if r in ROLES else r for r in (p.roles if p else [])) or "—"
    ids = accounts(ctx, party)
    via_in, via_out = _passed_on(ctx, ids)
    awards = [x for x in a["awards"] if x["to"] in ids]
    paid_in = [x for x in a["charges"] if x["payee"] in ids] + via_in
    paid_out = [x for x in a["charges"] if x["payer"] in ids] + via_out
    via = {id(x) for x in via_in}

    said: dict[int, str] = {}
    if ctx.words.line_purposes:       # what each of the town's lines is for, in the law's words
        purposes = resolve(ctx.words.line_purposes)
        for rows in (paid_in, paid_out):
            said.update((id(x), w) for x, w in zip(rows, purposes(ctx, rows)))

    def for_text(x: dict[str, Any]) -> str:
        what = for_label(ctx, x["for"]) + ("　" if ctx.vertical else " — ") + said[id(x)] if id(x) in said else \
            for_label(ctx, x["for"])
        return what + (ctx.t(VIA) if id(x) in via else "")
    duties = [d for d in a["deadlines"] if d["party"] == party]
    facts = [(ctx.t(L["party"]), ctx.name(party)), (ctx.t(L["roles"]), role_text)] + head_facts(ctx) + [
        (ctx.t(L["as_of"]), ctx.date(a["as_of"]))]
    sections = [
        {"kind": "facts", "rows": facts},
        {"kind": "table", "heading": ctx.t(H_OWED), "num": (2,),
         "head": [ctx.t(L["kind"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
         "rows": [[kind_label(ctx, x["kind"]), for_label(ctx, x["for"]), ctx.amount(x["amount"], x["currency"]),
                   ctx.cites(x["cites"])] for x in awards],
         "foot": [[ctx.t(L["total"]), "", totals(ctx, awards), ""]] if awards else [],
         "empty": ctx.t(L["none"])},
        {"kind": "table", "heading": ctx.t(H_PAID_BY), "num": (2,),
         "head": [ctx.t(L["payer"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
         "rows": [[ctx.name(x["payer"]), for_text(x), ctx.amount(x["amount"], x["currency"]),
                   ctx.cites(x["cites"])] for x in paid_in],
         "foot": [[ctx.t(L["total"]), "", totals(ctx, paid_in), ""]] if paid_in else [],
         "empty": ctx.t(L["none"])},
        {"kind": "table", "heading": ctx.t(H_OWES), "num": (2,),
         "head": [ctx.t(L["payee"]), ctx.t(L["for"]), ctx.t(L["amount"]), ctx.t(L["articles"])],
         "rows": [[ctx.name(x["payee"]), for_text(x), ctx.amount(x["amount"], x["currency"]),
                   ctx.cites(x["cites"])] for x in paid_out],
         "foot": [[ctx.t(L["total"]), "", totals(ctx, paid_out), ""]] if paid_out else [],
         "empty": ctx.t(L["none"])},
    ]
    net = balance(ctx, paid_in, paid_out) if paid_in and paid_out else None
    if net is not None:
        sections.append({"kind": "facts", "rows": [(ctx.t(NET), net)]})
    limits = [x for x in a.get("reward_limits", []) if party in x["to"] or x["payer"] == party]
    if limits:
        # jp-1899-2025 art 24 ¶2 with nothing agreed: the most the finder may receive, not an amount due
        sections.append({"kind": "table", "heading": ctx.t(H_LIMITS), "num": (3,),
                         "head": [ctx.t(L["kind"]), ctx.t(L["for"]), ctx.t(L["payer"]), ctx.t(L["amount"]),
                                  ctx.t(L["articles"])],
                         "rows": [[kind_label(ctx, x["kind"]), for_label(ctx, x["for"]), ctx.name(x["payer"]),
                                   ctx.amount(x["amount"], x["currency"]), ctx.cites(x["cites"])] for x in limits]})
    if duties:
        sections.append({"kind": "table", "heading": ctx.t(H_DUTIES),
                         "head": [ctx.t(L["duty"]), ctx.t(L["due"]), ctx.t(L["status"]), ctx.t(L["articles"])],
                         "rows": [[ctx.duty(d), ctx.date(d["due"]), ctx.t(STATUS[d["status"]]), ctx.cites(d["cites"])]
                                  for d in duties]})
    title = ctx.t(TITLE)
    return {"title": title, "subtitle": ctx.name(party), "sections": sections,
            "running_head": f"{title} — {ctx.name(party)} — {ctx.scenario.case.vessel.name if ctx.scenario.case.vessel and ctx.scenario.case.vessel.name else ctx.scenario.case.place or ''}"}
