"""toy-1900 (FICTIONAL, tests only): its one document, the town hall's receipt of a declaration
(art 1 ¶1), listing each declared item, its finder and the finder's tenth (art 3)."""
from __future__ import annotations

from typing import Any

from wreckmaster.documents.common import Ctx, DocumentProblem
from wreckmaster.documents.labels import L


def toy_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    fr = ctx.lang == "fr"
    declared = {i for e in ctx.scenario.events_of("toy_declared") for i in e.get("items") or []}
    items = [i for i in ctx.scenario.items if i.id in declared]
    if not items:
        raise DocumentProblem("/events", "no item of this case was declared (toy_declared)")
    awards = {a["for"]: a for a in ctx.a["awards"]}
    rows = [[i.description or i.id, ctx.names(i.found.by if i.found else []),
             ctx.amount(awards[i.id]["amount"]) if i.id in awards else "—"] for i in items]
    title = "Récépissé de déclaration d’épave" if fr else "Receipt of a declaration of wreck"
    return {"title": title, "subtitle": ctx.cites(["toy-1900:1.1", "toy-1900:3.1"]),
            "running_head": title,
            "sections": [{"kind": "table", "heading": "Épaves déclarées" if fr else "Wreck declared",
                          "head": [ctx.t(L["what"]), "Trouveur" if fr else "Finder",
                                   "Dixième (art. 3)" if fr else "Tenth (art 3)"],
                          "num": (2,), "rows": rows},
                         {"kind": "facts", "rows": [(ctx.t(L["as_of"]), ctx.date(ctx.as_of))]}]}
