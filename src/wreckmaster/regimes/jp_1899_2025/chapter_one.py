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

from functools import lru_cache
from typing import Any, Callable, Sequence

from wreckmaster.law import citations
from wreckmaster.law.regime import Context
from wreckmaster.regimes.jp_1899 import CHAPTER_ONE, scope
from wreckmaster.regimes.jp_1899.common import guarded

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


class TodayCitations:
    """The assessment as the jp-1899 rules see it: every entry they add cites this regime."""

    def __init__(self, out: Any, regime: str):
        self._out, self._regime = out, regime

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
        return self._out.deadline(duty, party, due, done_on, self._c(cites), *args, **kw)

    def finding(self, severity, code, message, cites):
        if code in SEED_GAPS:
            return None
        return self._out.finding(severity, code, message, self._c(cites))

    def step(self, rule, cites, en, local=None, **kw):
        if any(r.endswith("-unknown") for r in kw.get("readings", ()) or ()):
            return None   # a step about the 1899 seed's missing items
        return self._out.step(rule, self._c(cites), en, local, **kw)


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
        view = Context(ctx.scenario, ctx.regime, TodayCitations(ctx.out, ctx.regime.id), ctx.as_of, ctx.memo)  # type: ignore[arg-type]
        rule(view)
        for key in ("duties", "competent_authority"):
            if key in ctx.out.outputs:
                ctx.out.outputs[key] = _rewrite(ctx.out.outputs[key], ctx.regime.id)

    run.__name__ = run.__qualname__ = getattr(rule, "__name__", "rule")
    run.__doc__ = rule.__doc__
    return run


def not_computed(ctx: Context) -> None:
    """Art 12 ¶2 items 1–3 and 5 and art 16 ¶3 items 1, 2 and 4 are today's law but the shared rules
    compute only art 12 ¶2 item 4 and art 16 ¶3 item 3: an info finding says so when they matter."""
    if ctx.case.kind == "drift" or ctx.memo.get("out_of_scope"):
        return
    if ctx.scenario.events_of("claim_filed"):
        ctx.out.finding("info", "exclusions-not-computed",
                        "Art 12 ¶2 also excludes the owner and crew of the ship rescued (item 1), whoever caused the "
                        "distress (item 2), whoever rescued against art 5 (item 3) and whoever carried off goods or "
                        "refused to hand them over (item 5); these are not computed from the facts — only item 4 "
                        "(obstruction or wrongful acts) is.", "jp-1899-2025:12.2")


#: chapter 1, in jp-1899's order (its ``__init__``), without the drift check (chapter 2 is here)
RULES = [
    shared(scope.treaty),                                   # art 23
    *map(shared, map(guarded, CHAPTER_ONE)),
    not_computed,                                           # art 12 ¶2 items 1–3, 5
]
