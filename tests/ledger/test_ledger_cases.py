"""Worked ledgers as YAML a lawyer reads (tests/regimes/<regime>/ledger/*.yaml; issue 28).

A ledger file::

    title: …
    cites: [qing-taiwan:2]
    worked: |                 # the count by hand, from the article
    register: [{id, office, name, post, station}]      # the office's persons register
    defaults: {…}             # a scenario fragment merged into every case (lists replaced)
    cases:                    # in the order the circuit received them
      - {id: T1, office: tamsui, scenario: {…}}
    checks:                   # the ledger as of each day
      - as_of: 1893-12-31
        expect:
          persons:
            lin:
              totals: {merit: 5}
              entries: [{case: T1, kind: merit, date: 1891-06-20}]   # each matches one line
              findings: [{code: merit-further-reward, case: T4}]
              complete: [entries, findings]                         # nothing beyond these
              absent_findings: [code]
          counties: [{county: 榮成, complete: true}]
          findings: [{code: …}]
          complete: [findings]

Expected entries match actual ones on the keys they give (``cites``: the expected ones are
all there), each actual one at most once, as in tests/test_cases.py.
"""
from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path

import pytest

from wreckmaster.law import regime as registry
from wreckmaster.law.scenario import validate
from wreckmaster.law.yamlio import load_yaml
from wreckmaster.ledger import CaseFacts, Person, derive

FILES = sorted((Path(__file__).parent.parent / "regimes").glob("*/ledger/*.yaml"))


def merged(base, extra):
    if isinstance(base, dict) and isinstance(extra, dict):
        out = copy.deepcopy(base)
        for k, v in extra.items():
            out[k] = merged(out[k], v) if k in out else copy.deepcopy(v)
        return out
    return copy.deepcopy(extra)


def _matches(want: dict, have: dict) -> bool:
    for key, value in want.items():
        got = have.get(key)
        if key == "cites":
            if not set(value) <= set(got or []):
                return False
        elif isinstance(value, dict):
            if not isinstance(got, dict) or any(str(got.get(k)) != str(v) for k, v in value.items()):
                return False
        elif isinstance(value, list):
            if [str(x) for x in value] != [str(x) for x in (got or [])]:
                return False
        elif value is None:
            if got is not None:
                return False
        elif str(got) != str(value):
            return False
    return True


def _check_list(name: str, wanted: list, actual: list, complete: bool, where: str) -> None:
    remaining = list(actual)
    for want in wanted:
        hit = next((a for a in remaining if _matches(want, a)), None)
        assert hit is not None, f"{where}: no {name} matching {want}\nactual: {json.dumps(actual, ensure_ascii=False)}"
        remaining.remove(hit)
    if complete:
        assert not remaining, f"{where}: unexpected {name}: {json.dumps(remaining, ensure_ascii=False)}"


def ledger_of(doc: dict, as_of: date) -> dict:
    regimes = set(registry.available())
    defaults = doc.get("defaults", {})
    cases = [CaseFacts(c["id"], validate(merged(defaults, c["scenario"]), regimes), {"case": c["id"]},
                       c.get("office", doc.get("office")))
             for c in doc["cases"]]
    register = [Person(p["id"], p.get("office", doc.get("office")), p["name"], p.get("post"), p.get("station"))
                for p in doc.get("register", [])]
    return json.loads(json.dumps(derive(cases, as_of, register, doc.get("office")), ensure_ascii=False))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_ledger_case(path: Path):
    doc = load_yaml(path.read_text(encoding="utf-8"))
    assert doc.get("cites") and doc.get("worked") and doc.get("checks"), f"{path.name}: cites, worked and checks"
    for check in doc["checks"]:
        as_of = date.fromisoformat(str(check["as_of"]))
        result = ledger_of(doc, as_of)
        where = f"{path.name} as of {as_of}"
        expect = check["expect"]
        records = {r["person"]: r for r in result["persons"]}
        for pid, want in (expect.get("persons") or {}).items():
            assert pid in records, f"{where}: no record for {pid}; persons: {sorted(records)}"
            rec = records[pid]
            if "totals" in want:
                assert rec["totals"] == want["totals"], f"{where}: {pid} totals {rec['totals']}"
            for name in ("entries", "findings"):
                if name in want or name in want.get("complete", []):
                    _check_list(name, want.get(name, []), rec[name], name in want.get("complete", []),
                                f"{where}, {pid}")
            codes = {f["code"] for f in rec["findings"]}
            for code in want.get("absent_findings", []):
                assert code not in codes, f"{where}: {pid} has finding {code}"
        for pid in expect.get("absent_persons", []):
            assert pid not in records, f"{where}: unexpected record for {pid}"
        for name in ("counties", "findings", "unlinked"):
            if name in expect:
                _check_list(name, expect[name], result[name], name in expect.get("complete", []), where)
