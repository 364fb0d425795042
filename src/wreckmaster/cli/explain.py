"""The explanation as plain lines a clerk can check by hand.

For each step: the rule (and the base rule an exception overrides), the step in the case's
language and in English, the facts used, each parameter with its article, the exact value
and the rounded amount, every cited article's original wording with our gloss, and the
readings applied (the question, the reading chosen, and why).
"""
from __future__ import annotations

from typing import Iterator

from wreckmaster.law import citations
from wreckmaster.law.assessment import Assessment, _plain


def _article_lines(cite: str, seen: set[str]) -> Iterator[str]:
    if cite in seen:
        yield f"      {cite}: (quoted above)"
        return
    seen.add(cite)
    try:
        r = citations.resolve(cite)
    except citations.CitationError as exc:
        yield f"      {cite}: ({exc})"
        return
    original = r.original()
    yield f"      {cite} — {r.article.get('heading') or ''} {(r.article.get('title') or {}).get('en') or ''}".rstrip()
    if r.absent or original is None:
        yield "        original: [absent from the seed]"
        known = r.node.get("known") or r.article.get("known")
        if known:
            yield f"        known: {known}"
    else:
        for line in original.splitlines():
            yield f"        original: {line}"
    gloss = r.gloss()
    if gloss:
        yield f"        gloss: {gloss}"


def explain_lines(a: Assessment) -> Iterator[str]:
    seen: set[str] = set()
    try:
        readings = citations.readings(a.regime)
    except citations.CitationError:
        readings = {}
    for n, s in enumerate(a.explanation, 1):
        head = f"{n}. [{s.rule}]"
        if s.overrides:
            head += f" (an exception: overrides [{s.overrides}])"
        yield head
        if s.local:
            yield f"   {a.language}: {s.local}"
        yield f"   en: {s.en}"
        if s.inputs:
            yield "   facts: " + "; ".join(f"{k} = {_plain(v)}" for k, v in s.inputs.items() if v is not None)
        for name, value, cite in s.parameters():
            yield f"   parameter {name} = {value} ({cite})"
        if s.exact is not None:
            yield f"   exact: {s.exact}"
        if s.amount is not None:
            yield f"   rounded once, half up, to the {a.currency.unit_name}: {s.amount} {a.currency.code}"
        yield "   articles:"
        for cite in s.cites:
            yield from _article_lines(cite, seen)
        for rid in s.readings:
            r = readings.get(rid)
            if r is None:
                yield f"   reading {rid}: (not recorded)"
                continue
            yield f"   reading {rid} ({r['cite']}): {r.get('question', '')}"
            yield f"      chosen: {r.get('reading', '')}"
            yield f"      because: {r.get('reason', '')}"
