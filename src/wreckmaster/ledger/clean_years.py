"""A county's years without a plunder case (qing-shandong:2, reading qing-shandong-2-clean-years).

榮成縣實缺各員，如果三年無搶灘之案，準予調署優缺一次 — if Rongcheng's substantive officials go
three years without a case of plundering a stranded ship, they may be moved to a better post,
once. A plunder case is a case of the county with a plunder finding (the regime's
``plunder_findings``); the years are counted by the Chinese calendar from the last plunder
case (else from the first day of the regulations in force) to the same lunar month and day
three years later — the regime's calendar counts them (``Regime.calendar``, lunar months:
:func:`wreckmaster.law.chinese_calendar.add_lunar_years`) and writes them in its era. The first
completion fires a finding on each official of the county; a later one is noted as the
transfer already granted (一次).
"""
from __future__ import annotations

from datetime import date
from typing import Any

from .derive import Assessed, Person


def _in_county(a: Assessed, names: list[str]) -> bool:
    place = a.place or ""
    return any(n in place for n in names)


def counties(assessed: list[Assessed], people: dict[tuple, Person], persons: list[dict[str, Any]],
             as_of: date) -> list[dict[str, Any]]:
    """One row per county a regime counts years for; the findings go onto ``persons``."""
    rows = []
    by_regime: dict[str, list[Assessed]] = {}
    for a in assessed:
        if a.decl.clean_years is not None:
            by_regime.setdefault(a.regime.id, []).append(a)
    for regime_id, group in sorted(by_regime.items()):
        regime, rule = group[0].regime, group[0].decl.clean_years
        assert rule is not None
        names = list(regime.parameters.param(rule.names).value)
        period = regime.parameters.param(rule.period)
        if period.value.unit != "years":
            raise ValueError(f"{regime_id}: {rule.period} must be a period in years")
        start_p = regime.parameters.param("in_force.start")
        cases = [a for a in group if _in_county(a, names)]
        plunders = sorted((a for a in cases if a.plunder), key=lambda a: (a.occurred, a.case))
        # the plunder-free stretches: from the start (or a plunder case) to the next plunder case
        starts = [(start_p.value, None)] + [(a.occurred, a.case) for a in plunders]
        completions = []
        for k, (since, after) in enumerate(starts):
            until = starts[k + 1][0] if k + 1 < len(starts) else None
            complete = regime.calendar.add(since, period.value)
            if complete <= as_of and (until is None or complete < until):
                completions.append((since, after, complete))
        since, after = starts[-1]
        due = regime.calendar.add(since, period.value)
        officials = _officials(assessed, cases, people, names)
        if not cases and not officials:
            continue
        for n, (c_since, c_after, complete) in enumerate(completions):
            for key in officials:
                _finding(persons, key, people, regime, rule, period, n, c_since, c_after, complete)
        rows.append({"county": names[0], "regime": regime_id, "cases": [a.case for a in cases],
                     "plunder_cases": [a.case for a in plunders], "counted_from": since.isoformat(),
                     "counted_from_era": regime.calendar.write(since), "last_plunder_case": after,
                     "complete_on": due.isoformat(), "complete_on_era": regime.calendar.write(due),
                     "complete": due <= as_of, "completions": [c.isoformat() for _, _, c in completions],
                     "officials": [k[1] for k in officials],
                     "cites": list(dict.fromkeys([rule.cite, period.cite]))})
    return rows


def _officials(assessed: list[Assessed], cases: list[Assessed], people: dict[tuple, Person],
               names: list[str]) -> list[tuple]:
    """The county's officials (榮成縣實缺各員): the persons of the official parties of its cases, and
    the registered persons stationed there — unless the cases know them only in another role (a
    director, a headman)."""
    officials = {(a.office, p) for a in assessed for p in a.officials}
    others = {(a.office, p) for a in assessed for p in a.others} - officials
    keys = {k for k, p in people.items() if p.station and any(n in p.station for n in names)} - others
    keys |= {(a.office, p) for a in cases for p in a.officials}
    return sorted(keys, key=lambda k: (k[0] or "", k[1]))


def _finding(persons, key, people, regime, rule, period, n, since, after, complete) -> None:
    rec = next((r for r in persons if (r["office"], r["person"]) == key), None)
    if rec is None:
        p = people.get(key)
        rec = {"person": key[1], "office": key[0], "name": p.name if p else None, "post": p.post if p else None,
               "station": p.station if p else None, "registered": p is not None, "entries": [], "totals": {},
               "findings": []}
        persons.append(rec)
        persons.sort(key=lambda r: (r["office"] or "", r["person"]))
    who = rec["name"] or key[1]
    frm = f"the last plunder case {after}" if after else "the regulations in force"
    span = f"{regime.calendar.write(since) or since} – {regime.calendar.write(complete) or complete}"
    if n == 0:
        rec["findings"].append({
            "severity": "info", "code": rule.code, "date": complete.isoformat(), "case": after,
            "message": f"{who}: {rule.en}: {period.text} by the Chinese calendar from {frm} ({since.isoformat()}), "
                       f"complete on {complete.isoformat()} ({span}).",
            "message_local": f"{who}：{rule.zh}（{span}）", "cites": list(dict.fromkeys([rule.cite, period.cite]))})
    else:
        rec["findings"].append({
            "severity": "info", "code": rule.code + "-again", "date": complete.isoformat(), "case": after,
            "message": f"{who}: again {period.text} without a plunder case from {frm} ({span}); the transfer is "
                       "granted once (一次) and was earned already.",
            "message_local": f"{who}：又三年無搶灘之案（{span}），調署優缺以一次為限", "cites": [rule.cite]})
