"""The period in force of a regime (SCENARIO.md, "Time": *period in force*).

Every regime declares its period as cited parameters in its ``parameters.yaml``:

- ``in_force.start`` (``type: date``): the first day the law applies to a casualty;
- ``in_force.end`` (``type: date``, optional): its last day, where a later law replaced it or
  sovereignty changed; absent, the law has no end in the project's knowledge;
- ``in_force.amendments_not_modelled`` (``type: list`` of citations, optional): amendments made
  within the period that the regime does not model; every case in the period gets an ``info``
  finding ``amendments-not-modelled`` citing them.

How each date was fixed (a year only, a probable year, a cession) is a reading with the id
``<regime>-in-force`` next to the cited article in ``articles.yaml``; the explanation step
names it.

A casualty (``case.occurred``) outside the period: an ``error`` finding
``out-of-temporal-scope`` citing the parameters' articles, and no rule of the regime runs —
unless ``case.hypothetical`` is true (a historian's "what if"): then a ``warning`` with the
same code, and the computation proceeds.

The engine runs :data:`FIRST_RULES` before every regime's own rules (a regime does not list
them): :func:`facts_known` (the facts known on ``as_of``, :mod:`.asof`) and
:func:`period_in_force` (:func:`in_force`; outside the period it stops the assessment).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from .asof import known_on
from .parameters import Param, Parameters

if TYPE_CHECKING:  # pragma: no cover
    from .regime import Context, Regime

CODE = "out-of-temporal-scope"
AMENDMENTS = "amendments-not-modelled"
START, END, NOT_MODELLED = "in_force.start", "in_force.end", "in_force.amendments_not_modelled"

_LOCAL = {
    "ja": ("施行期間 {span}。事件 {occurred}：{verdict}", "期間内", "期間外（計算セズ）", "期間外（仮定トシテ計算ス）"),
    "zh": ("施行期間 {span}。事件 {occurred}：{verdict}", "在期內", "在期外，不計算", "在期外，姑作假設計算"),
    "fr": ("Période d’application : {span}. Sinistre du {occurred} : {verdict}", "dans la période",
           "hors de la période, aucun calcul", "hors de la période, calcul hypothétique"),
}


@dataclass(frozen=True)
class Period:
    """A regime's period in force: first and last day (``None``: open), with their parameters."""

    start: Param
    end: Param | None

    @property
    def first(self) -> date:
        return self.start.value

    @property
    def last(self) -> date | None:
        return self.end.value if self.end is not None else None

    @property
    def cites(self) -> list[str]:
        return list(dict.fromkeys([self.start.cite] + ([self.end.cite] if self.end is not None else [])))

    def contains(self, day: date) -> bool:
        return self.first <= day and (self.last is None or day <= self.last)

    def span(self, open_end: str = "(no end)") -> str:
        return f"{self.first} – {self.last if self.last is not None else open_end}"


def period(parameters: Parameters, on: date | None = None) -> Period | None:
    """The period a regime's parameters declare, or ``None`` when it declares none."""
    if START not in parameters:
        return None
    return Period(parameters.param(START, on), parameters.param(END, on) if END in parameters else None)


def reading_id(regime_id: str) -> str:
    return f"{regime_id}-in-force"


def _readings(regime: "Regime") -> list[str]:
    from . import citations

    rid = reading_id(regime.id)
    try:
        return [rid] if rid in citations.readings(regime.id) else []
    except (citations.CitationError, OSError, KeyError):  # pragma: no cover - a regime without articles
        return []


def info(regime: "Regime") -> dict[str, Any] | None:
    """``{from, to, note}`` for listings (``wreckmaster regimes``)."""
    p = period(regime.parameters)
    if p is None:
        return None
    from . import citations

    note = citations.readings(regime.id).get(reading_id(regime.id), {}).get("reading")
    out: dict[str, Any] = {"from": p.first.isoformat(), "to": p.last.isoformat() if p.last else None,
                           "cites": p.cites, "note": " ".join(str(note).split()) if note else None}
    if NOT_MODELLED in regime.parameters:
        out["amendments_not_modelled"] = list(regime.parameters(NOT_MODELLED))
    return out


_LOCAL_AS_OF = {
    "ja": "{as_of} 現在ノ判断：其後ノ日付ノ事実 {n} 件（事象 {events}、拾得 {finds}、費用 {expenses}）ヲ除ク",
    "zh": "以 {as_of} 所知為準：其後日期之事 {n} 件（事件 {events}、拾獲 {finds}、費用 {expenses}）不計",
    "fr": "État des connaissances au {as_of} : {n} fait(s) postérieur(s) écarté(s) (événements {events}, "
          "découvertes {finds}, dépenses {expenses})",
}


def facts_after_as_of(ctx: "Context", left: Any) -> None:
    """The ``info`` finding ``facts-after-as-of`` and its step (:func:`.asof.known_on` left them out).

    The assessment is the law as of a date (SCENARIO.md): it cites the articles that fix the
    regime's period in force, else the regime's first article.
    """
    p = period(ctx.regime.parameters)
    cites = p.cites if p is not None else [f"{ctx.regime.id}:1"]
    as_of = ctx.as_of
    verb = "is" if left.total == 1 else "are"
    ctx.finding("info", "facts-after-as-of", cites, as_of=str(as_of), left=left.describe(), verb=verb,
                n=str(left.total), events=str(left.events), finds=str(left.finds), expenses=str(left.expenses))
    template = _LOCAL_AS_OF.get(ctx.regime.language)
    ctx.out.step("as_of", cites, f"As of {as_of}: {left.describe()} dated later {verb} left out; the rules see "
                 "only what was known on that day.",
                 template.format(as_of=as_of, n=left.total, events=left.events, finds=left.finds,
                                 expenses=left.expenses) if template else None,
                 inputs={"as_of": as_of, "events": left.events, "finds": left.finds, "expenses": left.expenses})


def in_force(ctx: "Context") -> bool:
    """Check the casualty's day against the period; True when the regime's rules may run."""
    p = period(ctx.regime.parameters, ctx.case.occurred)
    if p is None:
        return True
    occurred = ctx.case.occurred
    hypothetical = ctx.case.hypothetical
    inside = p.contains(occurred)
    params = [p.start] + ([p.end] if p.end is not None else [])
    readings = _readings(ctx.regime)
    where = "before" if occurred < p.first else "after"
    if inside:
        verdict, local_verdict = "within the period: the law applies", 1
    elif hypothetical:
        verdict, local_verdict = ("outside it, but the case is hypothetical (case.hypothetical): the law is applied "
                                  "as if it were in force"), 3
    else:
        verdict, local_verdict = "outside it: the law does not apply and nothing is computed", 2
    template = _LOCAL.get(ctx.regime.language)
    local = template[0].format(span=p.span("…"), occurred=occurred, verdict=template[local_verdict]) if template else None
    ctx.out.step("in_force", p.cites,
                 f"Period in force of {ctx.regime.id}: {p.span()} (inclusive). The case occurred on {occurred}: "
                 f"{verdict}.", local, inputs={"occurred": occurred, "hypothetical": hypothetical},
                 params=params, readings=readings)
    if not inside:
        last = f" to {p.last}" if p.last is not None else " on"
        scope_values = {"occurred": str(occurred), "regime": ctx.regime.id, "first": str(p.first), "last": last,
                        "last_local": f"–{p.last}" if p.last is not None else "–"}
        if hypothetical:
            ctx.finding("warning", CODE, p.cites, variant=f"{where}-hypothetical", **scope_values)
        else:
            ctx.finding("error", CODE, p.cites, variant=f"{where}-outside", **scope_values)
            return False
    if NOT_MODELLED in ctx.regime.parameters:
        amended = ctx.regime.parameters.param(NOT_MODELLED, occurred)
        ctx.finding("info", AMENDMENTS, list(amended.value), regime=ctx.regime.id, amended=str(amended.description))
    return True


# --- the engine's first rules (issue 22: time and scope are rules like the others) -------------
def facts_known(ctx: "Context") -> None:
    """The facts known on ``as_of`` (:func:`.asof.known_on`): the later ones are left out of the
    context's scenario, with the finding and step of :func:`facts_after_as_of`."""
    ctx.scenario, left_out = known_on(ctx.scenario, ctx.as_of)
    if left_out:
        facts_after_as_of(ctx, left_out)


def period_in_force(ctx: "Context") -> None:
    """The period in force (:func:`in_force`): outside it, and not hypothetical, no rule runs."""
    if not in_force(ctx):
        ctx.stop()


#: the rules the engine runs first for every regime, in this order
FIRST_RULES = (facts_known, period_in_force)
