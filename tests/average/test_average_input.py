"""Bad input for `wreckmaster average`: every problem with its JSON pointer, exit 2, nothing on stdout."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from wreckmaster.average import InvalidAverage, validate
from wreckmaster.average.model import rule_citations


def good() -> dict:
    return {
        "format": "wreckmaster.average/1", "rules": "yar-1974", "currency": "JPY", "adjusted_on": "2024-09-01",
        "interests": [{"id": "ship", "kind": "ship", "owner": "v", "arrived_value": "1000000"},
                      {"id": "cargo", "kind": "cargo", "owner": "s", "arrived_value": "500000"}],
        "sacrifices": [{"interest": "cargo", "amount": "10000", "date": "2024-03-01", "rule": "I"}],
        "expenditures": [{"paid_by": "ship", "amount": "20000", "date": "2024-03-02", "kind": "disbursement",
                          "rule": "Rule VI"}],
    }


def problems(doc) -> list[tuple[str, str]]:
    with pytest.raises(InvalidAverage) as exc:
        validate(doc)
    return exc.value.problems


def test_good_input_is_valid():
    validate(good())


@pytest.mark.parametrize("mutate, pointer, words", [
    (lambda d: d.update(extra=1), "/extra", "unknown key"),
    (lambda d: d["interests"][0].update(value=1), "/interests/0/value", "unknown key"),
    (lambda d: d["sacrifices"][0].update(amount="-5"), "/sacrifices/0/amount", "negative"),
    (lambda d: d["interests"][1].update(arrived_value=-1), "/interests/1/arrived_value", "negative"),
    (lambda d: d["sacrifices"][0].update(interest="hull"), "/sacrifices/0/interest", "no interest with id 'hull'"),
    (lambda d: d["expenditures"][0].update(paid_by="nobody"), "/expenditures/0/paid_by", "no interest with id"),
    (lambda d: d["interests"][1].update(id="ship"), "/interests/1/id", "duplicate id 'ship'"),
    (lambda d: d.update(currency="XYZ"), "/currency", "unknown currency 'XYZ'"),
    (lambda d: d.update(currency="jpy"), "/currency", "did you mean 'JPY'"),
    (lambda d: d.update(adjusted_on="2024-02-30"), "/adjusted_on", "not a valid date"),
    (lambda d: d["sacrifices"][0].update(date="1 March 2024"), "/sacrifices/0/date", "expected a date"),
    (lambda d: d["expenditures"][0].update(date="2024-09-02"), "/expenditures/0/date", "after adjusted_on"),
    (lambda d: d["expenditures"][0].update(kind="repairs"), "/expenditures/0/kind", "disbursement"),
    (lambda d: d["interests"][0].update(kind="hull"), "/interests/0/kind", "ship"),
    (lambda d: d["sacrifices"][0].update(amount="10.5"), "/sacrifices/0/amount", "finer than the smallest unit"),
    (lambda d: d["sacrifices"][0].update(amount=True), "/sacrifices/0/amount", "boolean"),
    (lambda d: d["sacrifices"][0].update(rule="XXV"), "/sacrifices/0/rule", "no Rule XXV"),
    (lambda d: d["expenditures"][0].update(rule="salvage"), "/expenditures/0/rule", "no Rule SALVAGE"),
    (lambda d: d.update(rules="yar-1994"), "/rules", "yar-1974"),
    (lambda d: d.update(format="wreckmaster.scenario/1"), "/format", "wreckmaster.average/1"),
    (lambda d: d.pop("adjusted_on"), "/adjusted_on", "required"),
    (lambda d: d.update(interests=[]), "/interests", "at least 1"),
    (lambda d: [i.update(arrived_value="0") for i in d["interests"]] and d.update(sacrifices=[]),
     "/interests", "add up to zero"),
])
def test_bad_input_names_the_pointer(mutate, pointer, words):
    doc = good()
    mutate(doc)
    found = problems(doc)
    assert any(p == pointer and words.lower() in m.lower() for p, m in found), found


def test_every_problem_is_reported_at_once():
    doc = good()
    doc["sacrifices"][0]["amount"] = "-1"
    doc["expenditures"][0]["paid_by"] = "ghost"
    doc["currency"] = "ZZZ"
    pointers = {p for p, _ in problems(doc)}
    assert {"/sacrifices/0/amount", "/expenditures/0/paid_by", "/currency"} <= pointers


@pytest.mark.parametrize("text, cites", [
    ("I", ("yar-1974:I",)), ("Rule XII", ("yar-1974:XII",)), ("yar-1974:VI", ("yar-1974:VI",)),
    ("X and XI", ("yar-1974:X", "yar-1974:XI")), ("x, xi", ("yar-1974:X", "yar-1974:XI")),
    ("Rule of Interpretation", ("yar-1974:Rule of Interpretation",)), ("A", ("yar-1974:A",)),
])
def test_rule_fields_resolve(text, cites):
    assert rule_citations(text) == cites


def test_cli_bad_input_exit_2(tmp_path):
    doc = good()
    doc["sacrifices"][0]["interest"] = "hull"
    doc["unknown"] = 1
    p = tmp_path / "ga.json"
    p.write_text(json.dumps(doc))
    r = run_cli("average", str(p), "--format", "json")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert "error: /unknown: unknown key" in lines
    assert "error: /sacrifices/0/interest: no interest with id 'hull'" in lines


def test_cli_file_problems(tmp_path):
    r = run_cli("average", str(tmp_path / "missing.yaml"))
    assert r.returncode == 2 and r.stderr.startswith("error: ") and "no such file" in r.stderr and r.stdout == ""
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [unclosed\n")
    r = run_cli("average", str(bad))
    assert r.returncode == 2 and "not valid JSON or YAML" in r.stderr
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    r = run_cli("average", str(empty))
    assert r.returncode == 2 and "empty file" in r.stderr
    listy = tmp_path / "list.yaml"
    listy.write_text("- 1\n")
    r = run_cli("average", str(listy))
    assert r.returncode == 2 and "error: /: " in r.stderr
    r = run_cli("average", str(tmp_path / "missing.yaml"), "--format", "xml")
    assert r.returncode == 2 and "error: --format" in r.stderr
