"""What a clerk reads when something is wrong (issue 10, point 15), and the help texts (point 16):
Click's own usage errors and a wrong file answer in the project's ``error:`` form with exit 2
and say what to do; type errors show the bad value; YAML slips get a hint; other encodings are
named; ``assess -`` reads standard input."""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from ..conftest import EXE, ROOT, run_cli

ERROR = re.compile(r"^error: .+: .+")
KOTOBUKI = ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
AVERAGE = ROOT / "examples" / "average" / "usd-cargo-liner.yaml"


def assert_bad_input(result, *wanted: str) -> list[str]:
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines and all(ERROR.match(line) for line in lines), lines
    for w in wanted:
        assert any(w in line for line in lines), (w, lines)
    return lines


@pytest.mark.parametrize("args, wanted", [
    (["assess", "--bogus", str(KOTOBUKI)], ["error: --bogus: no such option", "see wreckmaster assess --help"]),
    (["assess", str(KOTOBUKI), "--formt", "json"], ["error: --formt: no such option (did you mean --format?)"]),
    (["assess"], ["error: FILE: missing argument", "see wreckmaster assess --help"]),
    (["settlement"], ["error: FILE: missing argument", "see wreckmaster settlement --help"]),
    (["average"], ["error: FILE: missing argument", "see wreckmaster average --help"]),
    (["assess", str(KOTOBUKI), "--format", "xml"], ["error: --format: 'xml' is not one of 'table', 'json'"]),
    (["assess", str(KOTOBUKI), "--as-of"], ["error: --as-of: requires a value"]),
    (["assess", str(KOTOBUKI), "extra"], ["got unexpected extra argument"]),
    (["assesss", str(KOTOBUKI)], ["error: assesss: no such command of wreckmaster; see wreckmaster --help"]),
    (["assess", str(KOTOBUKI), "--as-of", "1876-02-30"], ["error: --as-of: not a valid date: '1876-02-30'"]),
])
def test_click_usage_errors_answer_in_the_error_form(args, wanted):
    assert_bad_input(run_cli(*args), *wanted)


def test_a_general_average_file_given_to_assess_says_what_to_run():
    lines = assert_bad_input(run_cli("assess", str(AVERAGE)), "general-average file")
    assert f"run wreckmaster average {AVERAGE}" in lines[0] and len(lines) == 1


def test_a_scenario_given_to_average_says_what_to_run():
    lines = assert_bad_input(run_cli("average", str(KOTOBUKI)), "a scenario")
    assert f"run wreckmaster assess {KOTOBUKI}" in lines[0] and len(lines) == 1


def test_type_errors_show_the_bad_value(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text("format: wreckmaster.scenario/1\nregime: jp-1875\n"
                    "case: {occurred: 1875-11-02, kind: wreck, waters: lake, total_loss: 1}\n"
                    "parties: [{id: o, roles: owner}]\n", encoding="utf-8")
    assert_bad_input(run_cli("assess", str(path)),
                     "error: /case/waters: Input should be 'sea' or 'river', got text 'lake'",
                     "error: /case/total_loss: Input should be a valid boolean, got a number 1",
                     "error: /parties/0/roles: Input should be a valid list, got text 'owner'")


@pytest.mark.parametrize("text, hint", [
    ("format: wreckmaster.scenario/1\ncase:\n\toccurred: 1875-11-02\n", "never tabs"),
    ("format: wreckmaster.scenario/1\nitems: [{id: x, description: (rice, sake), value: 1}]\n",
     'put the whole text in quotes: description: "(rice, sake)"'),
])
def test_yaml_slips_get_a_hint(text, hint, tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    lines = assert_bad_input(run_cli("assess", str(path)), hint)
    assert len(lines) == 1


def test_a_file_in_another_encoding_names_the_encodings_tried(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_bytes(KOTOBUKI.read_text(encoding="utf-8").encode("shift_jis", errors="replace"))
    assert_bad_input(run_cli("assess", str(path)), "tried UTF-8", "UTF-16", "save the file as UTF-8")


def test_utf16_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_bytes(KOTOBUKI.read_text(encoding="utf-8").encode("utf-16"))
    out = run_cli("assess", str(path), "--format", "json")
    assert out.returncode == 0, out.stderr


def test_assess_dash_reads_standard_input():
    via_file = run_cli("assess", str(KOTOBUKI), "--format", "json")
    via_stdin = subprocess.run([str(EXE), "assess", "-", "--format", "json"], input=KOTOBUKI.read_bytes(),
                               capture_output=True, cwd=ROOT)
    assert via_stdin.returncode == 0, via_stdin.stderr
    assert json.loads(via_stdin.stdout) == json.loads(via_file.stdout)
    empty = subprocess.run([str(EXE), "assess", "-"], input=b"", capture_output=True, cwd=ROOT)
    assert empty.returncode == 2 and empty.stderr.decode().startswith("error: stdin: empty file")


def test_help_examples_exist_and_stand_on_their_own_lines():
    """Point 16: `average --help`'s example file exists; `sea-protest --help` examples on separate lines."""
    help_text = run_cli("average", "--help").stdout
    named = re.findall(r"wreckmaster average (examples/\S+)", help_text)
    assert named and all((ROOT / n).exists() for n in named), named
    protest = run_cli("sea-protest", "--help").stdout.splitlines()
    assert sum(1 for line in protest if line.strip().startswith("wreckmaster sea-protest ")) == 2


def test_the_ferry_examples_general_average_command_works_from_the_repository_root():
    out = json.loads(run_cli("assess", "examples/jp-village-ferry-typhoon-off-kuroshima.yaml", "--format", "json").stdout)
    command = out["general_average"]["command"].split()
    assert command[:2] == ["wreckmaster", "average"]
    ran = run_cli(*command[1:])
    assert ran.returncode == 0, ran.stderr
