"""Chapter 1 (遭難船舶, arts 1–23) of today's Act, computed by the rules of ``jp-1899`` with this
regime's data (reading ``jp-1899-2025-chapter-one-shared``).

The wording of arts 1–18, 20, 21 and 23 is that of 1899; the differences are data, not code:
art 9 ¶2 (private carriers' letters besides the post: the text and ``timing.mail_handover``), art 19
(the treasury pays nothing: ``treasury.cases`` is empty) and art 22 (art 19 no longer listed:
``government_vessels.provisions``). The jp-1899 rules read this regime's parameters (``ctx.param``)
and cite ``jp-1899:…``; :class:`TodayCitations` gives each citation as the same provision of this
regime — ``jp-1899:16.6`` → ``jp-1899-2025:16.6`` — or, where today's article has no such paragraph
(art 19 ¶2 → the one paragraph of art 19), as the article. ``wreckmaster coverage`` counts the
jp-1899 rules for the articles marked ``shared_rules: jp-1899`` in ``articles.yaml``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from wreckmaster.law import citations
from wreckmaster.law.yamlio import read_data
from wreckmaster.law.assessment import Later
from wreckmaster.law.regime import Context
from wreckmaster.regimes.jp_1899 import CHAPTER_ONE, claims, scope
from wreckmaster.regimes.jp_1899.common import guarded

from . import exclusions

SOURCE = "jp-1899"
#: findings and steps of jp-1899 about provisions its seed lacks; today's text has them all
SEED_GAPS = ("exclusions-not-in-seed", "release-items-not-in-seed")


@lru_cache(maxsize=None)
def today(cite: str, regime: str) -> str:
    """A jp-1899 citation as the same provision of ``regime``; other citations unchanged."""
    if not cite.startswith(SOURCE + ":"):
        return cite
    rest = cite[len(SOURCE) + 1:]
    for candidate in (rest, rest.split("#")[0], rest.split("#")[0].split(".")[0]):
        try:
            citations.resolve(f"{regime}:{candidate}")
            return f"{regime}:{candidate}"
        except citations.CitationError:
            continue
    return f"{regime}:{rest.split('.')[0].split('#')[0]}"


@lru_cache(maxsize=None)
def _forms() -> dict[int, str]:
    raw = read_data(Path(__file__).parent / "character_forms.yaml")
    return str.maketrans(raw["forms"])


def today_characters(text: str | None, keep: Sequence[str] = ()) -> str | None:
    """A Japanese line of the 1899 rules in today's character forms (關 → 関, 爲 → 為:
    ``character_forms.yaml``; reading ``jp-1899-2025-chapter-one-shared``), except inside the
    strings ``keep`` (names and places from the scenario, left as written)."""
    if not text:
        return text
    table = _forms()
    kept = [k for k in keep if k and k in text and k.translate(table) != k]
    if not kept:
        return text.translate(table)
    pattern = re.compile("|".join(map(re.escape, sorted(kept, key=len, reverse=True))))
    out, last = [], 0
    for m in pattern.finditer(text):
        out += [text[last:m.start()].translate(table), m.group(0)]
        last = m.end()
    return "".join(out) + text[last:].translate(table)


def _as_written(scenario: Any) -> tuple[str, ...]:
    """The words of the scenario that a step may quote: names, places, descriptions."""
    case = scenario.case
    words = [case.place, case.village, case.vessel.name if case.vessel else None]
    words += [p.name for p in scenario.parties] + [p.name for p in scenario.persons]
    words += [i.description for i in scenario.items]
    return tuple(w for w in words if w)


def _today_texts(texts: Later, keep: tuple[str, ...]) -> tuple[str, str | None]:
    en, local = texts.write(*texts.args)
    return en, today_characters(local, keep)


class TodayCitations:
    """The assessment as the jp-1899 rules see it: every entry they add cites this regime."""

    def __init__(self, out: Any, regime: str, keep: tuple[str, ...] = ()):
        self._out, self._regime, self._keep = out, regime, keep

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._out, attr)

    def _c(self, cites: str | Sequence[str]) -> list[str]:
        cites = [cites] if isinstance(cites, str) else list(cites)
        return list(dict.fromkeys(today(c, self._regime) for c in cites))

    def award(self, to, for_, kind, exact, cites, *args, **kw):
        return self._out.award(to, for_, kind, exact, self._c(cites), *args, **kw)

    def charge(self, payer, payee, for_, exact, cites, *args, **kw):
        return self._out.charge(payer, payee, for_, exact, self._c(cites), *args, **kw)

    def charge_awards(self, awards, payer, cites):
        return self._out.charge_awards(awards, payer, self._c(cites))

    def deadline(self, duty, party, due, done_on, cites, *args, **kw):
        # by keyword: ``local``, and from a duty by template (Context.deadline) its note's ``note_local``
        for key in ("local", "note_local"):
            if kw.get(key):
                kw[key] = today_characters(kw[key], self._keep)
        return self._out.deadline(duty, party, due, done_on, self._c(cites), *args, **kw)

    def finding(self, severity, code, message, cites, **kw):
        if code in SEED_GAPS:
            return None
        return self._out.finding(severity, code, message, self._c(cites), **kw)   # local=, values= as given

    def step(self, rule, cites, en, local=None, **kw):
        # a step by template (Context.step) comes as a Later with ``message=`` and ``values=``: its
        # Japanese is rewritten when first read, the id and values are kept as the rule gave them
        if any(r.endswith("-unknown") for r in kw.get("readings", ()) or ()):
            return None   # a step about the 1899 seed's missing items
        if isinstance(en, Later):
            return self._out.step(rule, self._c(cites), Later(_today_texts, en, self._keep), **kw)
        return self._out.step(rule, self._c(cites), en, today_characters(local, self._keep), **kw)


def _rewrite(value: Any, regime: str) -> Any:
    if isinstance(value, dict):
        return {k: ([today(c, regime) for c in v] if k == "cites" and isinstance(v, list) else _rewrite(v, regime))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_rewrite(v, regime) for v in value]
    return value


def shared(rule: Callable[[Context], None]) -> Callable[[Context], None]:
    """Run a jp-1899 rule on this case with this regime's data and citations (chapter 1 only)."""

    def run(ctx: Context) -> None:
        if ctx.case.kind == "drift":
            return
        keep = _as_written(ctx.scenario)
        out = TodayCitations(ctx.out, ctx.regime.id, keep)
        view = ctx.view(out)
        before = len(ctx.out.outputs.get("duties", ()))
        rule(view)
        for key in ("duties", "competent_authority"):
            if key in ctx.out.outputs:
                ctx.out.outputs[key] = _rewrite(ctx.out.outputs[key], ctx.regime.id)
        for entry in ctx.out.outputs.get("duties", ())[before:]:   # the duties this rule added (common.duty)
            entry["duty_local"] = today_characters(entry.get("duty_local"), keep)

    run.__name__ = run.__qualname__ = getattr(rule, "__name__", "rule")
    run.__wrapped__ = rule  # type: ignore[attr-defined]  # its declaration (law/rules.py)
    run.__doc__ = rule.__doc__
    return run


def _chapter_one() -> list[Callable[[Context], None]]:
    """jp-1899's chapter 1, shared, with today's art 12 ¶2 items 1–3 and 5 read just before the claims."""
    rules: list[Callable[[Context], None]] = [shared(scope.treaty)]            # art 23
    for rule in CHAPTER_ONE:
        if rule is claims.admitted_claims:
            rules.append(guarded(exclusions.claim_exclusions))                  # art 12 ¶2 items 1–3, 5
        rules.append(shared(guarded(rule)))
    return rules


#: chapter 1, in jp-1899's order (its ``__init__``), without the drift check (chapter 2 is here)
RULES = _chapter_one()
