"""toy-1900 (FICTIONAL, tests only): its one document, the town hall's receipt of a declaration
(art 1 ¶1), listing each declared item, its finder and the finder's tenth (art 3). In French, English
and Japanese (its words by language: :data:`WORDS`)."""
from __future__ import annotations

from typing import Any

from wreckmaster.documents.common import Ctx, DocumentProblem
from wreckmaster.documents.labels import L


#: the receipt's own words, by language
WORDS = {"title": {"fr": "Récépissé de déclaration d’épave", "en": "Receipt of a declaration of wreck",
                   "ja": "漂流物届出受領証"},
         "declared": {"fr": "Épaves déclarées", "en": "Wreck declared", "ja": "届出物件"},
         "finder": {"fr": "Trouveur", "en": "Finder", "ja": "拾得者"},
         "tenth": {"fr": "Dixième (art. 3)", "en": "Tenth (art 3)", "ja": "十分ノ一（第三条）"}}


def toy_receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    w = {key: words.get(ctx.lang, words["en"]) for key, words in WORDS.items()}
    declared = {i for e in ctx.scenario.events_of("toy_declared") for i in e.get("items") or []}
    items = [i for i in ctx.scenario.items if i.id in declared]
    if not items:
        raise DocumentProblem("/events", "no item of this case was declared (toy_declared)")
    awards = {a["for"]: a for a in ctx.a["awards"]}
    rows = [[i.description or i.id, ctx.names(i.found.by if i.found else []),
             ctx.amount(awards[i.id]["amount"]) if i.id in awards else "—"] for i in items]
    return {"title": w["title"], "subtitle": ctx.cites(["toy-1900:1.1", "toy-1900:3.1"]),
            "running_head": w["title"],
            "sections": [{"kind": "table", "heading": w["declared"],
                          "head": [ctx.t(L["what"]), w["finder"], w["tenth"]],
                          "num": (2,), "rows": rows},
                         {"kind": "facts", "rows": [(ctx.t(L["as_of"]), ctx.date(ctx.as_of))]}]}
