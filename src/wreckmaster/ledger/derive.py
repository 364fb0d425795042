"""The officials' ledger across cases, derived from the cases (issue 28; docs/ledger.md).

凡沿海文武官員救護船貨，應責成東海關隨時查登，逐案詳報 (qing-shandong:2: the customs circuit
records every case) and 藩司立即注冊記功 (qing-taiwan:2: the provincial treasurer registers the
merit): the ledger (功過簿) is not typed in. Each case is assessed as of the ledger's day
(only the cases and facts known by then, exactly as ``as_of`` works for one case); what its
assessment gives — merits, honours, faults — becomes lines of the ledger as the regime
declares (:mod:`.declaration`), each with its person, its case, its article and the date it
was earned. The counts across cases then fire as findings on the person (the third merit, a
director's first and third rescue) and the county's years without a plunder case are counted
by the Chinese calendar (:mod:`.clean_years`).

Pure: the cases, the persons register and the day come in; a JSON-ready dict goes out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Iterable, Optional

from wreckmaster.law import asof
from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import Scenario

from . import declaration

FORMAT = "wreckmaster.ledger/1"


@dataclass(frozen=True)
class Person:
    """A registered person of an office (the persons register): an official (官), a director
    (董事) or a headman (地甲, 頭目)."""

    id: str
    office: str
    name: str
    post: Optional[str] = None
    station: Optional[str] = None


@dataclass(frozen=True)
class CaseFacts:
    """One case for the ledger: its id, its scenario, where it comes from (``source``: the
    store's case and version, or a register's file and line) and its office."""

    case: str
    scenario: Scenario
    source: dict[str, Any]
    office: Optional[str] = None


@dataclass
class Line:
    """One line of the ledger."""

    kind: str
    label: str
    label_en: str
    count: int
    case: str
    party: str
    person: Optional[str]
    office: Optional[str]
    regime: str
    date: date
    date_from: str          # circuit-record | report | occurred
    cites: list[str]
    source: dict[str, Any]
    order: int = 0          # the case's place in the input, for equal dates

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "label_en": self.label_en, "count": self.count,
                "case": self.case, "party": self.party, "regime": self.regime, "date": self.date.isoformat(),
                "date_from": self.date_from, "cites": self.cites, "source": self.source}


@dataclass
class Assessed:
    """A case as the ledger knows it on its day: what the counts across cases need of it, small
    and picklable (``batch`` sends it from its workers)."""

    case: str
    source: dict[str, Any]
    office: Optional[str]
    regime_id: str
    occurred: date
    place: Optional[str]
    earned: date
    date_from: str
    plunder: bool
    names: dict[str, Optional[str]]            # party → name
    officials: list[str]                       # the persons of its official parties
    others: list[str]                          # the persons of its other parties (directors, headmen …)
    lines: list[Line] = field(default_factory=list)

    @property
    def regime(self):
        return registry.get(self.regime_id)

    @property
    def decl(self) -> declaration.Declaration:
        got = declaration.of(self.regime)
        assert got is not None
        return got


def earned_on(known: Scenario) -> tuple[date, str]:
    """The date a case's lines were earned: the day the circuit recorded it (``circuit_recorded``),
    else the county's report (``case_reported``), else the day of the casualty."""
    for kind, label in (("circuit_recorded", "circuit-record"), ("case_reported", "report")):
        ev = known.first(kind)
        if ev is not None:
            return ev.date, label
    return known.case.occurred, "occurred"


def assess_case(facts: CaseFacts, as_of: date) -> Assessed | None:
    """The case's lines as known on ``as_of``; None when the case is not for a ledger (its regime
    keeps none, it had not occurred by then, or it falls outside its regime's period in force)."""
    scenario = facts.scenario
    if scenario.case.occurred is None or scenario.case.occurred > as_of:
        return None
    regime = registry.get(scenario.regime)
    if declaration.of(regime) is None:
        return None
    out = regime.assess(scenario, as_of)
    result = {"as_of": as_of.isoformat(), "merits": [{"to": m.to, "count": m.count, "cites": list(m.cites)}
                                                      for m in out.merits],
              "findings": [{"code": f.code, "severity": f.severity} for f in out.findings], **out.outputs}
    return summarise(facts, result)


def summarise(facts: CaseFacts, assessment: dict[str, Any]) -> Assessed | None:
    """The case for the ledger from its assessment (its JSON form, or the keys the ledger reads:
    ``as_of``, ``merits``, ``findings``, ``honours``, ``faults``)."""
    scenario = facts.scenario
    decl = declaration.of(registry.get(scenario.regime))
    if decl is None or any(f["code"] == "out-of-temporal-scope" and f["severity"] == "error"
                           for f in assessment["findings"]):
        return None
    known, _ = asof.known_on(scenario, date.fromisoformat(assessment["as_of"]))
    earned, date_from = earned_on(known)
    a = Assessed(facts.case, facts.source, facts.office, scenario.regime, known.case.occurred, known.case.place,
                 earned, date_from, plunder=any(f["code"] in decl.plunder_findings for f in assessment["findings"]),
                 names={p.id: p.name for p in known.parties},
                 officials=[p.person for p in known.parties_with("official") if p.person],
                 others=[p.person for p in known.parties if p.person and not p.has("official")])
    for rule, to, count, cites in raw_lines(decl, assessment.get("merits", []), assessment):
        party = known.party(to)
        a.lines.append(Line(rule.kind, rule.zh, rule.en, count, facts.case, to,
                            party.person if party is not None else None, facts.office, scenario.regime, earned,
                            date_from, cites, facts.source))
    return a


def raw_lines(decl: declaration.Declaration, merits: list[dict[str, Any]], outputs: dict[str, Any]):
    """``(rule, party, count, cites)`` for each line an assessment gives: its ``merits`` and its
    ``honours`` / ``faults`` output keys, as the regime's declaration counts them."""
    for rule in decl.entries:
        if rule.source == "merits":
            got = [(m["to"], m["count"], m["cites"]) for m in merits]
        else:
            got = [(h["to"], 1, h["cites"]) for h in outputs.get(rule.source, [])
                   if h.get("honour", h.get("fault")) in rule.values]
        for to, count, cites in got:
            yield rule, to, count, list(dict.fromkeys([*cites, rule.cite]))


def lines_of_assessment(scenario: Scenario, assessment: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines one case adds to the ledger, from its assessment's JSON (the county's report lists
    them), each as a ledger entry with its ``person``; none when the regime keeps no ledger."""
    a = summarise(CaseFacts("", scenario, {}), assessment)
    return [dict(ln.to_json(), person=ln.person) for ln in a.lines] if a else []


def derive(cases: Iterable[CaseFacts], as_of: date, register: Iterable[Person] | None = None,
           office: str | None = None, person: str | None = None) -> dict[str, Any]:
    """The ledger on ``as_of``: every registered person's record and every person a case names,
    with the findings the counts fire; ``person`` keeps only that person's record."""
    return from_assessed([a for c in cases if (a := assess_case(c, as_of)) is not None], as_of, register,
                         office, person)


def from_assessed(assessed: list[Assessed], as_of: date, register: Iterable[Person] | None = None,
                  office: str | None = None, person: str | None = None) -> dict[str, Any]:
    """The ledger from cases already summarised (:func:`summarise`), in the order given."""
    from .clean_years import counties
    from .records import records

    for k, a in enumerate(assessed):
        for ln in a.lines:
            ln.order = k
    people = {(p.office, p.id): p for p in (register or ())}
    persons, unlinked, findings = records(assessed, people, register is not None)
    county_rows = counties(assessed, people, persons, as_of)
    if person is not None:
        persons = [r for r in persons if r["person"] == person]
        unlinked = []
    return {"format": FORMAT, "as_of": as_of.isoformat(), "office": office, "register": register is not None,
            "cases": len(assessed),
            "persons": persons, "unlinked": unlinked, "counties": county_rows, "findings": findings}
