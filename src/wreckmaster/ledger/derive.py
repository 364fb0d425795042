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
    """A case as the ledger knows it on its day."""

    facts: CaseFacts
    known: Scenario
    regime: Any
    decl: declaration.Declaration
    earned: date
    date_from: str
    plunder: bool
    lines: list[Line] = field(default_factory=list)


def earned_on(known: Scenario) -> tuple[date, str]:
    """The date a case's lines were earned: the day the circuit recorded it (``circuit_recorded``),
    else the county's report (``case_reported``), else the day of the casualty."""
    for kind, label in (("circuit_recorded", "circuit-record"), ("case_reported", "report")):
        ev = known.first(kind)
        if ev is not None:
            return ev.date, label
    return known.case.occurred, "occurred"


def assess_case(facts: CaseFacts, as_of: date, order: int = 0) -> Assessed | None:
    """The case's lines as known on ``as_of``; None when the case is not for a ledger (its regime
    keeps none, it had not occurred by then, or it falls outside its regime's period in force)."""
    scenario = facts.scenario
    if scenario.case.occurred is None or scenario.case.occurred > as_of:
        return None
    regime = registry.get(scenario.regime)
    decl = declaration.of(regime)
    if decl is None:
        return None
    out = regime.assess(scenario, as_of)
    if any(f.code == "out-of-temporal-scope" and f.severity == "error" for f in out.findings):
        return None
    known, _ = asof.known_on(scenario, as_of)
    earned, date_from = earned_on(known)
    a = Assessed(facts, known, regime, decl, earned, date_from,
                 plunder=any(f.code in decl.plunder_findings for f in out.findings))
    merits = [{"to": m.to, "count": m.count, "cites": list(m.cites)} for m in out.merits]
    for rule, to, count, cites in raw_lines(decl, merits, out.outputs):
        party = known.party(to)
        a.lines.append(Line(rule.kind, rule.zh, rule.en, count, facts.case, to,
                            party.person if party is not None else None, facts.office, regime.id, earned,
                            date_from, cites, facts.source, order))
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
    them): ``[{kind, label, label_en, count, party, person, date, date_from, cites}]``; none when the
    regime keeps no ledger."""
    decl = declaration.of(registry.get(scenario.regime))
    if decl is None:
        return []
    known, _ = asof.known_on(scenario, date.fromisoformat(assessment["as_of"]))
    earned, date_from = earned_on(known)
    out = []
    for rule, to, count, cites in raw_lines(decl, assessment.get("merits", []), assessment):
        party = known.party(to)
        out.append({"kind": rule.kind, "label": rule.zh, "label_en": rule.en, "count": count, "party": to,
                    "person": party.person if party is not None else None, "date": earned.isoformat(),
                    "date_from": date_from, "cites": cites})
    return out


def derive(cases: Iterable[CaseFacts], as_of: date, register: Iterable[Person] | None = None,
           office: str | None = None, person: str | None = None) -> dict[str, Any]:
    """The ledger on ``as_of``: every registered person's record and every person a case names,
    with the findings the counts fire; ``person`` keeps only that person's record."""
    from .clean_years import counties
    from .records import records

    people = {(p.office, p.id): p for p in (register or ())}
    assessed = [a for k, c in enumerate(cases) if (a := assess_case(c, as_of, k)) is not None]
    persons, unlinked, findings = records(assessed, people, register is not None)
    county_rows = counties(assessed, people, persons, as_of)
    if person is not None:
        persons = [r for r in persons if r["person"] == person]
        unlinked = []
    return {"format": FORMAT, "as_of": as_of.isoformat(), "office": office, "cases": len(assessed),
            "persons": persons, "unlinked": unlinked, "counties": county_rows, "findings": findings}
