"""Each person's record in the ledger (功過簿), and the thresholds that fire on it.

三功以上者 … 記外獎；五功以上，分別詳請題升 (qing-taiwan:2: the third merit, the fifth) and
董事 … 初次請賞給頂戴匾，積至三次者，保官階 (qing-shandong:2: a director's first and third
rescue): a person's lines are counted in the order they were earned (the date, then the
case's place in the ledger's input); a threshold fires when the count of its kind reaches
the regime's parameter — a finding on the person, dated and traced to the case that made it.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .derive import Assessed, Line, Person


def _key(ln: Line) -> tuple:
    return (ln.date, ln.order, ln.case)


def records(assessed: list[Assessed], people: dict[tuple, Person], registered_only: bool
            ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """``(persons, unlinked, findings)``: the records of registered persons and of persons the
    cases name, the lines of parties linked to no person, and the ledger's own findings."""
    by_person: dict[tuple, list[tuple[Line, Assessed]]] = {}
    unlinked: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    seen_missing: set[tuple] = set()
    for a in assessed:
        for ln in a.lines:
            if ln.person is None:
                unlinked.append(ln.to_json())
                continue
            key = (ln.office, ln.person)
            if registered_only and key not in people and key not in seen_missing:
                seen_missing.add(key)
                findings.append({"severity": "warning", "code": "person-not-registered", "case": ln.case,
                                 "party": ln.party, "person": ln.person,
                                 "message": f"Case {ln.case}: party {ln.party} names person {ln.person!r}, who is not in "
                                            f"the register of office {ln.office}: his lines are kept under that id."})
            by_person.setdefault(key, []).append((ln, a))
        if a.date_from == "occurred" and a.lines:
            findings.append({"severity": "info", "code": "date-from-occurred", "case": a.case,
                             "message": f"Case {a.case} has no circuit record (circuit_recorded) nor report "
                                        "(case_reported) known: its lines are dated from the casualty."})
    for key in people:
        by_person.setdefault(key, [])
    out = []
    for key in sorted(by_person, key=lambda k: (k[0] or "", k[1])):
        rows = sorted(by_person[key], key=lambda t: _key(t[0]))
        out.append(_record(key, people.get(key), rows))
    return out, unlinked, findings


def _record(key: tuple, person: Person | None, rows: list[tuple[Line, Assessed]]) -> dict[str, Any]:
    office, pid = key
    name = person.name if person else next((n for ln, a in rows if (n := a.names.get(ln.party))), None)
    totals: Counter[str] = Counter()
    findings: list[dict[str, Any]] = []
    for ln, a in rows:
        before = totals[ln.kind]
        totals[ln.kind] += ln.count
        for t in a.decl.thresholds:
            if t.counts != ln.kind:
                continue
            p = a.regime.parameters.param(t.at, a.occurred)
            if before < p.value <= totals[ln.kind]:
                who = name or pid
                findings.append({
                    "severity": t.severity, "code": t.code, "date": ln.date.isoformat(), "case": ln.case,
                    "count": totals[ln.kind],
                    "message": f"{who}: {t.en} — {kind_count(totals[ln.kind], ln.kind)}, reached in case {ln.case} "
                               f"({ln.date.isoformat()}); parameter {t.at} = {p.text}.",
                    "message_local": f"{who}：{t.zh}（第{totals[ln.kind]}次，{ln.case}）",
                    "cites": list(dict.fromkeys([t.cite, p.cite]))})
    return {"person": pid, "office": office, "name": name, "post": person.post if person else None,
            "station": person.station if person else None, "registered": person is not None,
            "entries": [ln.to_json() for ln, _ in rows], "totals": dict(sorted(totals.items())),
            "findings": findings}


def kind_count(n: int, kind: str) -> str:
    return f"{n} {kind}" + ("" if n == 1 else "s")
