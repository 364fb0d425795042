"""Bad input: exit status 2, `error: <JSON pointer>: <what is wrong>` per problem on stderr,
every problem at once, nothing on stdout (SCENARIO.md, "Assessment")."""
from __future__ import annotations


import pytest

from ..conftest import changed, run_cli

GOOD = {
    "format": "wreckmaster.scenario/1",
    "regime": "jp-1875",
    "as_of": "1876-01-01",
    "case": {"occurred": "1875-11-02", "kind": "wreck", "vessel": {"owner": "o"}},
    "parties": [{"id": "o"}, {"id": "f"}],
    "items": [{"id": "x", "value": "100", "found": {"by": ["f"], "state": "floating"}}],
    "events": [{"type": "sold", "date": "1875-11-20", "item": "x", "price": "80"}],
}


def broken(path: str, value, delete: bool = False) -> dict:
    return changed(GOOD, path, value, delete)


CASES = [
    ("wrong type: boolean for an amount", broken("/items/0/value", True), "/items/0/value"),
    ("wrong type: number for a boolean", broken("/items/0/important", 1), "/items/0/important"),
    ("negative amount", broken("/items/0/value", "-3"), "/items/0/value"),
    ("unknown key", broken("/items/0/colour", "red"), "/items/0/colour"),
    ("unknown regime", broken("/regime", "jp-1900"), "/regime"),
    ("unknown party", broken("/items/0/found/by", ["nobody"]), "/items/0/found/by/0"),
    ("unknown item in an event", broken("/events/0/item", "y"), "/events/0/item"),
    ("duplicate id", broken("/parties/1/id", "o"), "/parties/1/id"),
    ("unknown event type", broken("/events/0/type", "salvaged"), "/events/0/type"),
    ("event field missing", broken("/events/0/price", None, delete=True), "/events/0/price"),
    ("bad date", broken("/case/occurred", "1875-02-30"), "/case/occurred"),
    ("missing case", broken("/case", None, delete=True), "/case"),
    ("wrong format", broken("/format", "wreckmaster.scenario/2"), "/format"),
    ("reserved fund name as an id", broken("/parties/1/id", "government"), "/parties/1/id"),
    ("float amount in JSON is read exactly, but a boolean ratio is not", broken("/case/kind", "shipwreck"), "/case/kind"),
]


@pytest.mark.parametrize("label, doc, pointer", CASES, ids=[c[0] for c in CASES])
def test_bad_input_names_the_field(label, doc, pointer, write_scenario):
    result = run_cli("assess", write_scenario(doc), "--format", "json")
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert any(line.startswith(f"error: {pointer}: ") for line in lines), lines
    assert all(line.startswith("error: ") for line in lines)


def test_every_problem_at_once(write_scenario):
    doc = broken("/items/0/value", "-1")
    doc["parties"].append({"id": "o"})
    doc["events"].append({"type": "teleported", "date": "1875-11-03"})
    result = run_cli("assess", write_scenario(doc))
    assert result.returncode == 2
    pointers = {line.split(": ")[1] for line in result.stderr.splitlines()}
    assert {"/items/0/value", "/parties/2/id", "/events/1/type"} <= pointers


@pytest.mark.parametrize("content, name, message", [
    (None, "missing.json", "no such file"),
    ("{not json", "case.json", "not valid JSON"),
    ("a: [b\n", "case.yaml", "not valid JSON or YAML"),
    ("- 1\n- 2\n", "case.yaml", "expected a mapping"),
    ("", "case.yaml", "empty file"),
])
def test_problem_with_the_file_as_a_whole(content, name, message, tmp_path):
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run_cli("assess", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {path}: ") and message in result.stderr


def test_bad_as_of_option(write_scenario):
    result = run_cli("assess", write_scenario(GOOD), "--as-of", "yesterday")
    assert result.returncode == 2 and result.stderr.startswith("error: --as-of: ")


def test_yaml_numbers_are_exact(write_scenario):
    # 0.1 in YAML is a binary float in most loaders; here it is read as the decimal 0.1
    text = (
        "format: wreckmaster.scenario/1\nregime: jp-1875\nas_of: 1876-01-01\n"
        "case: {occurred: 1875-11-02, kind: wreck, vessel: {owner: o}}\n"
        "parties: [{id: o}, {id: f}]\n"
        "items: [{id: x, value: 0.1, found: {by: [f], state: floating}}]\n"
    )
    import json

    result = run_cli("assess", write_scenario(text, "case.yaml"), "--format", "json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["awards"][0]["amount"] == "0.005"  # 0.1 × 1/20, exactly
