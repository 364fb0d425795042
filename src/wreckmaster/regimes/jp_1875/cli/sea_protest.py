"""`wreckmaster sea-protest FILE`: the sea protest certificate (浦証文) of a jp-1875 case (art 21)."""
from __future__ import annotations

from typing import Any

import typer

HELP = """Print the sea protest certificate (浦証文) of a jp-1875 case (1875 rules, art 21): the
seven particulars it must state — each with the law's own words, our gloss, and what the
certificate (the sea_protest_issued event) states, or that it is missing — the examination
of the master and the crew (separately, before two or more coast officials, their accounts
compared with each other and the log), the signatures, and the art 21 findings. Without an
issued certificate it prints a draft, with hints from the scenario's facts.

Exit status: 0; 2 bad input (error: <pointer>: <what>), also when the scenario is not under
jp-1875.

Example:


    wreckmaster sea-protest examples/jp-1875-jettison-of-the-tenjin-maru.yaml
    wreckmaster sea-protest case.yaml --format json
"""


def register(app: typer.Typer) -> None:
    from .document import register_document

    register_document(app, name='sea-protest', help=HELP, document='the sea protest certificate (浦証文), art 21,',
                      build='wreckmaster.regimes.jp_1875.sea_protest:certificate', render=render,
                      text_help='the certificate',
                      as_of_help="Judge at this date (YYYY-MM-DD); default the scenario's as_of, else today.")


def render(data: dict[str, Any]) -> list[str]:
    """The certificate as printable lines."""
    ex = data["examination"]

    def n(ident: str | None) -> str:
        return data["names"].get(ident, ident) if ident else "—"

    def ns(idents: list[str]) -> str:
        return ", ".join(n(i) for i in idents) or "—"
    draft = data["issued"] is None
    out = [f"{data['title']['ja']}  {data['title']['en']}  (jp-1875 art 21)" + ("  — DRAFT (not issued)" if draft else ""),
           f"船名 vessel: {data['vessel'] or '—'}   船長 master: {n(data['master'])}",
           f"願出 applied for: {data['requested'] or '—'}   付与 issued: {data['issued'] or '—'}", ""]
    out.append("取調  Examination")
    out.append(f"  浦役人立会 coast officials present: {ns(ex['officials'])}")
    out.append(f"  船長 master: {n(ex['master'])} — examined: {'yes' if ex['master_examined'] else 'no'}")
    out.append(f"  乗組 crew examined: {ns(ex['crew'])}")
    if ex["separately"] is None:  # nobody examined: there is nothing to say "separately" of
        out.append("  別々ニ separately: —   符合 accounts agree: —   航海日記 log compared: —   (nobody examined yet)")
    else:
        out.append(f"  別々ニ separately: {'yes' if ex['separately'] else 'no'}"
                   f"   符合 accounts agree: {'yes' if ex['accounts_agree'] else 'no'}"
                   f"   航海日記 log compared: {'yes' if ex['log_compared'] else 'no'}")
    out.append("")
    out.append("浦証文中載ス可キ箇条  The particulars the certificate states")
    for it in data["items"]:
        mark = {"stated": "", "missing": "  [MISSING — required]", "not-required": "  [not required here]"}[it["status"]]
        out.append(f"{it['original']}{mark}")
        out.append(f"  {it['gloss']}")
        if it["text"]:
            out.append(f"  → {it['text']}")
        elif it["from_scenario"]:
            out.append(f"  (from the scenario: {it['from_scenario']})")
        out.append("")
    out.append("連署調印  Signed and sealed")
    for s in data["signatures"]:
        out.append(f"  {s['heading']['ja']} {s['heading']['en']}: {n(s['who']) if s['who'] else '____________________'}   印 seal: ______")
    out.append(f"  付与 given to the master: {n(data['given_to'])}"
               f"   写 copy to the competent office: {'yes' if data['copy_to_authority'] else 'no'}")
    if data["findings"]:
        out.append("")
        out.append("所見  Findings (art 21)")
        for f in data["findings"]:
            out.append(f"  [{f['severity']}] {f['code']}: {f['message']}")
    return out
