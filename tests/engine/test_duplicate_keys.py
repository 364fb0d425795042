"""A key written twice is bad input (issue 21 point 8): `regime` twice in a scenario, in YAML or
JSON, exits 2 with the pointer instead of the last value silently winning; the law's own data
files refuse duplicates too, naming the file and the key. (The store and API paths are in
tests/store/test_cli.py and tests/service/test_contract.py, on SQLite and PostgreSQL.)"""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from wreckmaster.law.yamlio import (DuplicateKeys, LawDataError, load_json, load_plain_yaml, load_yaml,
                                    read_data)

from ..conftest import ROOT, run_cli

GOOD_YAML = """format: wreckmaster.scenario/1
regime: jp-1875
as_of: 1876-01-01
case: {occurred: 1875-11-02, kind: wreck, vessel: {owner: o}}
parties: [{id: o}, {id: f}]
items: [{id: x, value: "100", found: {by: [f], state: floating}}]
"""
#: the same scenario with `regime` written a second time (line 7): before issue 21 it was assessed under jp-1899
TWICE_YAML = GOOD_YAML + "regime: jp-1899\n"
TWICE_JSON = ('{"format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1876-01-01",'
              ' "case": {"occurred": "1875-11-02", "kind": "wreck", "vessel": {"owner": "o"}},'
              ' "parties": [{"id": "o"}, {"id": "f", "id": "g"}], "regime": "jp-1899"}')


# --- the readers -------------------------------------------------------------------------
def test_yaml_names_each_repeated_key_by_pointer_and_line():
    with pytest.raises(DuplicateKeys) as exc:
        load_yaml(TWICE_YAML.replace("{id: f}", "{id: f, id: g}"))
    assert exc.value.problems == [
        ("/parties/1/id", "duplicate key 'id' (line 5): a key may be written only once in a mapping"),
        ("/regime", "duplicate key 'regime' (line 7): a key may be written only once in a mapping"),
    ]
    assert load_yaml(GOOD_YAML)["regime"] == "jp-1875"


def test_json_names_each_repeated_key_by_pointer():
    with pytest.raises(DuplicateKeys) as exc:
        load_json(TWICE_JSON)
    assert sorted(p for p, _ in exc.value.problems) == ["/parties/1/id", "/regime"]
    assert all(m.startswith("duplicate key ") for _, m in exc.value.problems)
    assert load_json('{"a": {"b/c": 1}, "d": [1.50]}') == {"a": {"b/c": 1}, "d": [__import__("decimal").Decimal("1.50")]}
    with pytest.raises(DuplicateKeys) as exc:
        load_json('{"a": [{"b/c~": 1, "b/c~": 2}]}')
    assert exc.value.problems[0][0] == "/a/0/b~1c~0"      # the pointer escapes / and ~ (RFC 6901)


def test_yaml_merge_keys_and_aliases_are_no_duplicates():
    doc = load_yaml("base: &b {p: 1, q: 2}\nm:\n  <<: *b\n  p: 3\nn: *b\n")
    assert doc == {"base": {"p": 1, "q": 2}, "m": {"p": 3, "q": 2}, "n": {"p": 1, "q": 2}}
    with pytest.raises(DuplicateKeys) as exc:
        load_yaml("base: &b {p: 1}\nm:\n  <<: *b\n  q: 3\n  q: 4\n")
    assert [p for p, _ in exc.value.problems] == ["/m/q"]


def test_plain_yaml_keeps_safe_load_reading_and_refuses_duplicates():
    assert load_plain_yaml("a: 1.5\nb: 2020-01-02\n") == __import__("yaml").safe_load("a: 1.5\nb: 2020-01-02\n")
    with pytest.raises(DuplicateKeys):
        load_plain_yaml("a: 1\na: 2\n")


def test_a_lone_surrogate_key_is_echoed_escaped():
    with pytest.raises(DuplicateKeys) as exc:
        load_json('{"\\udc80": 1, "\\udc80": 2}')
    (pointer, message), = exc.value.problems
    (pointer + message).encode("utf-8")   # never unencodable text in an error line


# --- the command line --------------------------------------------------------------------
@pytest.mark.parametrize("name, text", [("case.yaml", TWICE_YAML), ("case.json", TWICE_JSON),
                                        ("case.txt", TWICE_JSON)])
@pytest.mark.parametrize("command", ["assess", "validate"])
def test_assess_and_validate_exit_2_with_the_pointer(tmp_path, name, text, command):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    r = run_cli(command, str(f))
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert any(x.startswith("error: /regime: duplicate key 'regime'") for x in lines), lines
    assert all(x.startswith("error: /") for x in lines), lines
    good = tmp_path / "good.yaml"
    good.write_text(GOOD_YAML, encoding="utf-8")
    assert run_cli(command, str(good)).returncode == 0


def test_assess_reads_stdin_the_same_way():
    r = run_cli("assess", "-", stdin=TWICE_YAML)
    assert r.returncode == 2 and r.stderr.startswith("error: /regime: duplicate key 'regime' (line 7)")


def test_batch_reports_the_record_with_the_pointer_and_goes_on(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a-good.yaml").write_text(GOOD_YAML, encoding="utf-8")
    (folder / "b-twice.yaml").write_text(TWICE_YAML, encoding="utf-8")
    lines = tmp_path / "cases.jsonl"
    lines.write_text(json.dumps(load_yaml(GOOD_YAML)) + "\n" + TWICE_JSON + "\n", encoding="utf-8")
    for source, bad in ((folder, str(folder / "b-twice.yaml")), (lines, str(lines))):
        r = run_cli("batch", str(source))
        assert r.returncode == 1, r.stderr
        got = [json.loads(x) for x in r.stdout.splitlines()]
        assert [g["status"] for g in got] == ["assessed", "error"]
        assert got[1]["source"] == bad
        assert any(e.startswith("error: /regime: duplicate key 'regime'") for e in got[1]["errors"]), got[1]


# --- the law's own data files ------------------------------------------------------------
def test_a_parameters_file_with_a_key_twice_is_refused_naming_file_and_key(tmp_path):
    from wreckmaster.law.parameters import load

    f = tmp_path / "parameters.yaml"
    f.write_text("parameters:\n"
                 "  rescue_expenses.final_bearer: {description: d, type: text, value: payer, cite: 'jp-1899-2025:15'}\n"
                 "  rescue_expenses.final_bearer: {description: d, type: text, value: owner-side, cite: 'jp-1899-2025:15.2'}\n",
                 encoding="utf-8")
    with pytest.raises(LawDataError) as exc:
        load(str(f), "jp-1899-2025")
    assert str(exc.value) == (f"{f}: /parameters/rescue_expenses.final_bearer: duplicate key "
                              "'rescue_expenses.final_bearer' (line 3): a key may be written only once in a mapping")


def test_an_articles_file_with_a_key_twice_is_refused(tmp_path):
    f = tmp_path / "articles.yaml"
    f.write_text("articles:\n  - number: '1'\n    text: a\n    text: b\n", encoding="utf-8")
    with pytest.raises(LawDataError, match=r"articles\.yaml: /articles/0/text: duplicate key 'text'"):
        read_data(f)


def _shipped() -> list[Path]:
    package = Path(str(resources.files("wreckmaster")))
    return sorted(p for p in package.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))


def test_every_data_file_the_package_ships_has_each_key_once():
    files = _shipped()
    assert any(f.name == "parameters.yaml" for f in files) and any(f.parent.name == "data" for f in files)
    for f in files:
        read_data(f, load_json if f.suffix == ".json" else load_yaml)   # raises LawDataError on a repeated key


def test_jp_1899_2025_final_bearer_is_written_once_and_is_the_owner_side():
    """Issue 21 point 6: the key was written twice (`payer`, then `owner-side`, which silently won
    and which every output follows); now once, and the loader refuses a second."""
    from wreckmaster.law import regime as registry

    text = (ROOT / "src/wreckmaster/regimes/jp_1899_2025/parameters.yaml").read_text(encoding="utf-8")
    assert text.count("rescue_expenses.final_bearer:") == 1
    p = registry.get("jp-1899-2025").parameters.param("rescue_expenses.final_bearer")
    assert p.value == "owner-side" and p.cite == "jp-1899-2025:15.2"


def test_the_web_amend_form_refuses_json_that_repeats_a_key():
    """The case page's amend form reads its value as JSON when it is JSON: a repeated key is bad
    input with the pointer (before, the value silently became text)."""
    from wreckmaster.store.errors import InvalidEntry
    from wreckmaster.web.forms import amend_entry

    with pytest.raises(InvalidEntry) as exc:
        amend_entry({"pointer": ["/items/x/found"], "value": ['{"by": ["f"], "by": ["g"]}']})
    assert [p for p, _ in exc.value.problems] == ["/value/by"]
    assert amend_entry({"pointer": ["/case/place"], "value": ["相良村 {浜"]})["value"] == "相良村 {浜"   # text stays text


def test_a_key_repeated_without_end_gives_a_bounded_report():
    from wreckmaster.law.yamlio import MAX_REPORTED

    with pytest.raises(DuplicateKeys) as exc:
        load_json("{" + ",".join(['"a": 1'] * 10_000) + "}")
    assert len(exc.value.problems) == MAX_REPORTED and exc.value.problems[0][0] == "/a"
