"""Worked general average adjustments (tests/average/cases/*.yaml), computed by hand.

A case file::

    title: …
    cites: [yar-1974:XX, …]          # the rules the example works out
    worked: |                         # the adjustment by hand
    input: { … }                      # a wreckmaster.average/1 document
    expect:                           # AVERAGE.md's keys, compared exactly (interests: the whole list)
      total: "2893017"
      interests: [{id, contributory_value, contribution, allowance, balance}, …]
      schedule: [{line: 1, interest: "14115"}, …]   # optional: keys of schedule lines
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wreckmaster.law.yamlio import load_yaml

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))


def adjust_json(doc: dict) -> dict:
    from wreckmaster.average import adjust, validate

    return json.loads(json.dumps(adjust(validate(doc)).to_json()))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_worked_adjustment(path: Path):
    case = load_yaml(path.read_text(encoding="utf-8"))
    assert case.get("cites") and case.get("worked"), f"{path.name}: cites and worked are required"
    out = adjust_json(case["input"])
    expect = case["expect"]
    for key, want in expect.items():
        if key == "schedule":
            for line in want:
                have = out["schedule"][line["line"] - 1]
                for k, v in line.items():
                    assert have[k] == v, f"{path.name}: schedule line {line['line']} {k}: {have[k]!r} != {v!r}"
        elif key == "interests":
            assert out["interests"] == want, f"{path.name}: interests\n{out['interests']}"
        else:
            assert str(out[key]) == str(want), f"{path.name}: {key}: {out[key]!r} != {want!r}"
    # the invariants every adjustment keeps
    cur_places = len(out["total"].partition(".")[2])
    assert sum(_units(i["balance"], cur_places) for i in out["interests"]) == 0
    assert sum(_units(i["contribution"], cur_places) for i in out["interests"]) == _units(out["total"], cur_places)
    assert sum(_units(i["allowance"], cur_places) for i in out["interests"]) == _units(out["total"], cur_places)


def _units(text: str, places: int) -> int:
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("-").partition(".")
    return sign * int(whole + frac.ljust(places, "0"))
