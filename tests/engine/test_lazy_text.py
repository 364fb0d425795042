"""Explanation text written when first read (issue 16, speed): a :class:`Later` step gives the
same text, JSON and ``--explain`` lines as a text written at once, and is written only once."""
from __future__ import annotations

import importlib.util
import json
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wreckmaster.cli.explain import explain_lines
from wreckmaster.law import money
from wreckmaster.law.assessment import Assessment, Later
from wreckmaster.law.values import exact_decimal, exact_text
from wreckmaster.law.yamlio import load_yaml

from ..conftest import ROOT, assess_doc


def _bench():
    spec = importlib.util.spec_from_file_location("bench_assess", ROOT / "benchmarks" / "bench_assess.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs(doc: dict, as_of: date | None = None) -> tuple[str, list[str]]:
    a = assess_doc(doc, as_of)
    return json.dumps(a.to_json(), ensure_ascii=False), list(explain_lines(a))


def _scenarios() -> list[tuple[str, dict, date | None]]:
    bench = _bench()
    out = [(p.stem, load_yaml(p.read_text(encoding="utf-8")), None) for p in sorted((ROOT / "examples").glob("*.yaml"))]
    for p in sorted((ROOT / "tests" / "regimes" / "jp_1875" / "cases").glob("*.yaml")):
        case = load_yaml(p.read_text(encoding="utf-8"))
        out.append((p.stem, case["scenario"], date.fromisoformat(str(case["as_of"])) if case.get("as_of") else None))
    out += [("wreck-60", bench.wreck_scenario(60), None), ("drift-60", bench.drift_scenario(60), None)]
    return out


SCENARIOS = _scenarios()


@pytest.mark.parametrize("name, doc, as_of", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_text_written_later_is_the_text_written_at_once(monkeypatch, name, doc, as_of):
    """A writer's arguments must not change after the step (a list appended to later, a loop
    variable): the texts read at the end are those read the moment each step is made."""
    later = _outputs(doc, as_of)
    made = Assessment.step

    def step_read_at_once(self, *args, **kwargs):
        s = made(self, *args, **kwargs)
        s.en, s.local  # noqa: B018  (read now: written now)
        return s

    monkeypatch.setattr(Assessment, "step", step_read_at_once)
    assert _outputs(doc, as_of) == later


def test_a_later_is_written_once_when_first_read():
    calls = []

    def write(item: str, amount: Decimal) -> tuple[str, str]:
        calls.append(item)
        return f"{item}: {amount} yen", f"{item}: {amount} 円"

    a = Assessment("jp-1875", date(1877, 1, 1), money.JPY_RIN, "ja")
    s = a.step("salvage_fee", "jp-1875:8#1", Later(write, "i1", Decimal("1.250")), amount=Decimal("1.250"))
    plain = a.step("salvage_fee", "jp-1875:8#1", "i2: 2 yen", "i2: 2 円")
    assert calls == []
    assert (s.en, s.local, s.en) == ("i1: 1.250 yen", "i1: 1.250 円", "i1: 1.250 yen")
    assert calls == ["i1"]
    steps = a.to_json()["explanation"]
    assert [(x["text"], x["text_local"]) for x in steps] == [("i1: 1.250 yen", "i1: 1.250 円"), ("i2: 2 yen", "i2: 2 円")]
    assert calls == ["i1"] and (plain.en, plain.local) == ("i2: 2 yen", "i2: 2 円")


def test_a_later_writes_both_texts():
    a = Assessment("jp-1875", date(1877, 1, 1), money.JPY_RIN, "ja")
    with pytest.raises(TypeError, match="both texts"):
        a.step("salvage_fee", "jp-1875:8#1", Later(lambda: ("en", "ja")), "ja")


@given(st.integers(min_value=-10**40, max_value=10**40), st.integers(min_value=0, max_value=60),
       st.integers(min_value=0, max_value=30), st.sampled_from([1, 3, 7, 9, 21]))
def test_exact_text_writes_a_terminating_value_in_full_and_any_other_as_a_fraction(num, twos, fives, odd):
    value = Fraction(num, 2 ** twos * 5 ** fives * odd)
    text = exact_text(value)
    if value.denominator % 3 and value.denominator % 7:   # only 2s and 5s left: it terminates
        assert "E" not in text and "/" not in text and Fraction(Decimal(text)) == value
        assert exact_decimal(value) == Decimal(text)
        places = len(text.partition(".")[2])
        assert value * 10 ** places == int(value * 10 ** places) and (places == 0 or value * 10 ** (places - 1) % 1)
    else:
        assert text == f"{value.numerator}/{value.denominator}"


def test_exact_decimal_refuses_a_value_that_does_not_terminate():
    with pytest.raises(ValueError, match="no finite decimal"):
        exact_decimal(Fraction(1, 3))
