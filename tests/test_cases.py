"""Worked examples as YAML cases a lawyer can read (tests/regimes/<regime>/cases/*.yaml).

A case file::

    title: Salvage fee on goods floating at sea
    cites: [jp-1875:8#1]            # the articles the example works out
    worked: |                        # the computation by hand, from the article
      Art 8 item 1: one twentieth. 100 yen × 1/20 = 5 yen.
    as_of: 1876-01-01                # optional (else the scenario's)
    scenario: { … }                  # a wreckmaster.scenario/1 document
    expect:
      awards:   [{to: a, for: rice, kind: salvage_fee, amount: "5.000"}]
      charges:  […]
      deadlines: […]
      findings: [{code: no-fee-ashore, severity: info}]
      merits:   […]
      complete: [awards, charges]    # these lists have no entries beyond those expected
      absent_findings: [code, …]     # no finding with these codes

Each expected entry must match one actual entry on the keys it gives (``cites``: the
expected citations must all be there); each actual entry matches at most one expected.
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from wreckmaster.law.yamlio import load_yaml

from .conftest import assess_json

CASES = sorted((Path(__file__).parent / "regimes").glob("*/cases/*.yaml"))
LISTS = ("awards", "charges", "deadlines", "findings", "merits")


def _matches(expected: dict, actual: dict) -> bool:
    for key, want in expected.items():
        have = actual.get(key)
        if key == "cites":
            if not set(want) <= set(have or []):
                return False
        elif want is None:
            if have is not None:
                return False
        elif str(have) != str(want):
            return False
    return True


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in CASES])
def test_case(path: Path):
    case = load_yaml(path.read_text(encoding="utf-8"))
    assert case.get("cites"), f"{path.name}: a worked example cites the articles it works out"
    assert case.get("worked"), f"{path.name}: a worked example shows the computation by hand"
    as_of = date.fromisoformat(str(case["as_of"])) if case.get("as_of") else None
    result = assess_json(case["scenario"], as_of)
    expect = case.get("expect", {})
    for name in LISTS:
        remaining = list(result[name])
        for want in expect.get(name, []):
            hit = next((a for a in remaining if _matches(want, a)), None)
            assert hit is not None, f"{path.name}: no {name[:-1]} matching {want}\nactual {name}: {result[name]}"
            remaining.remove(hit)
        if name in expect.get("complete", []):
            assert not remaining, f"{path.name}: unexpected {name}: {remaining}"
    codes = {f["code"] for f in result["findings"]}
    for code in expect.get("absent_findings", []):
        assert code not in codes, f"{path.name}: unexpected finding {code}"
