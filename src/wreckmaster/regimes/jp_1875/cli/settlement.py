"""`wreckmaster settlement FILE`: the settlement statement (精算書) of a jp-1875 case (arts 19–20)."""
from __future__ import annotations

from typing import Any

import typer

HELP = """Print the settlement statement (精算書) of a jp-1875 case (1875 rules, arts 19–20): the
charges sorted by art 11 (owner side), art 12 (two thirds owner side, one third local public
funds, 民費), art 13 (advances repaid by the crew) and art 15 (government expense), with a
total for each article; who pays whom; the local public part collected through the competent
office (管庁); the wreck statement (難破明細書) it goes with; the signatures required (two coast
officials, the master, two senior crew, the owner present if possible); and where the
settlement stands (submitted, returned, days of grace, payments).

Headings are in Japanese and English. Exit status: 0; 2 bad input (error: <pointer>: <what>),
also when the scenario is not under jp-1875.

Example:

    wreckmaster settlement examples/jp-1875-wreck-of-the-kotobuki-maru.yaml
    wreckmaster settlement case.yaml --format json --as-of 1877-01-01
"""


def register(app: typer.Typer) -> None:
    from .document import register_document

    register_document(app, name='settlement', help=HELP, document='the settlement statement (精算書), arts 19–20,',
                      build='wreckmaster.regimes.jp_1875.settlement:statement', render=render,
                      text_help='a printable statement',
                      as_of_help="Judge the settlement at this date (YYYY-MM-DD); default the scenario's as_of, else today.")


def _n(data: dict[str, Any], ident: str | None) -> str:
    return data["names"].get(ident, ident) if ident else "—"


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _row(left: str, amount: str, cur: str, width: int = 64) -> str:
    """``left`` then the amount right-aligned at a fixed column (wide characters count double)."""
    gap = max(2, width - _width(left) - len(amount))
    return f"{left}{' ' * gap}{amount} {cur}"


def render(data: dict[str, Any]) -> list[str]:
    """The statement as printable lines."""
    cur = data["currency"]
    w = data["wreck_statement"]
    out = [f"{data['title']['ja']}  {data['title']['en']}  (jp-1875 arts 19–20)",
           f"as of {data['as_of']}", ""]
    out.append("難破明細書  Wreck statement")
    out.append(f"  {w['occurred']}  {w['place'] or ''}  ({w['waters']}, {w['kind']}"
               + (", total loss" if w["total_loss"] else "") + ")")
    if w["vessel"] or w["owner"] or w["master"]:
        out.append(f"  船名 vessel: {w['vessel'] or '—'}" + (f" ({w['size']})" if w["size"] else "")
                   + f"   船主 owner: {_n(data, w['owner'])}   船長 master: {_n(data, w['master'])}")
    for i in w["items"]:
        out.append(f"  - {i['id']}: {i['description'] or ''}"
                   + (f"  value {i['value']} {cur}" if i["value"] else "")
                   + (f"  ({i['state']})" if i["state"] else "")
                   + (f"  sold for {i['sold_for']} {cur}" if i["sold_for"] else ""))
    for p in w["persons"]:
        out.append(f"  - {p['id']}: {p['name'] or ''}" + ("  (castaway, 漂着人)" if p["castaway"] else ""))
    out.append("")
    for g in data["groups"]:
        out.append(f"{g['heading']['ja']}")
        out.append(f"{g['heading']['en']}")
        if not g["lines"]:
            out.append("  (none)")
        for ln in g["lines"]:
            out.append(f"  {ln['description_ja']} — {ln['description']}")
            out.append(_row(f"      {_n(data, ln['payer'])} → {_n(data, ln['payee'])}", ln["amount"], cur)
                       + f"   [{', '.join(ln['cites'])}]")
        out.append(_row("  小計 subtotal", g["total"], cur))
        out.append("")
    out.append(_row("総計 Total of the costs", data["total"], cur))
    out.append("")
    proceeds = data.get("proceeds")
    if proceeds:
        out.append("売払代価  Sale proceeds (not a cost: the fund the art 11 costs are paid from)")
        out.append(_row("  売払代価 sold for", proceeds["sold_for"], cur))
        out.append(_row("  内 諸費用ニ払フ paid out for the costs above", proceeds["costs_paid"], cur))
        for r in proceeds["returned"]:
            out.append(_row(f"  残金 returned to {_n(data, r['payee'])}", r["amount"], cur)
                       + f"   [{', '.join(r['cites'])}]")
        out.append("")
    if data.get("owner_side_repayments"):
        out.append("船主荷主間ノ償還  Between the owner side (who finally bears the costs paid out of the proceeds;")
        out.append("  not a further cost)")
        for r in data["owner_side_repayments"]:
            out.append(_row(f"  {_n(data, r['payer'])} → {_n(data, r['payee'])}", r["amount"], cur)
                       + f"   [{', '.join(r['cites'])}]")
        out.append("")
    out.append("誰ヨリ誰ヘ  Who pays whom")
    for r in data["who_pays_whom"]:
        out.append(_row(f"  {_n(data, r['payer'])} → {_n(data, r['payee'])}", r["amount"], cur))
    out.append("")
    out.append("支払人別  Total by payer")
    for r in data["by_payer"]:
        out.append(_row(f"  {_n(data, r['payer'])}", r["amount"], cur))
    out.append("")
    lp = data["local_public"]
    out.append(f"民費  Local public part: {lp['amount']} {cur}")
    out.append(f"  {lp['note']['ja']}")
    out.append(f"  {lp['note']['en']}")
    out.append("")
    st = data["status"]
    out.append("精算ノ次第  Where the settlement stands")
    out.append(f"  管庁ヘ差出 submitted to the competent office: {st['submitted'] or 'not yet'}"
               + ("; 難破明細書 wreck statement attached" if st["wreck_statement"] else ""))
    out.append(f"  下ケ渡 returned (approved): {st['approved'] or 'not yet'}")
    for d in data["deadlines"]:
        out.append(f"  猶予 grace: {_n(data, d['party'])} — {d['duty']}, until {d['due']} ({d['status']})")
    for p in st["paid"]:
        out.append(f"  出金 paid: {_n(data, p['by'])} {p['amount']} {cur} on {p['date']}")
    for f in data["findings"]:
        out.append(f"  [{f['severity']}] {f['code']}: {f['message']}")
    out.append("")
    out.append("連署  Signatures (art 19; the owner's presence as far as possible, proviso)")
    for s in data["signatures"]:
        who = _n(data, s["who"]) if s["who"] else "____________________"
        out.append(f"  {s['heading']['ja']} {s['heading']['en']}: {who}   印 seal: ______")
    key = sorted((i, n) for i, n in data["names"].items() if n != i and not n.startswith(f"{i} ("))
    if key:
        out.append("")
        out.append("凡例  Key (ids of the case file)")
        for ident, name in key:
            out.append(f"  {ident}: {name}")
    return out
