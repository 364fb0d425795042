"""The light ``assess`` entry (issue 16, start-up): it takes only the plain form, leaves the rest
to the Typer application, and answers with the same bytes and exit status as the Typer command."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wreckmaster.cli.entry import parse

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml")


def test_the_plain_form_is_taken():
    assert parse(["assess", "f.yaml"]) == {"file": "f.yaml", "as_of": None, "format": "table", "explain": False}
    assert parse(["assess", "--format=json", "f.yaml", "--as-of", "1876-01-01", "--explain"]) == {
        "file": "f.yaml", "as_of": "1876-01-01", "format": "json", "explain": True}


@pytest.mark.parametrize("args", [
    [], ["case", "show", "x"], ["assess"], ["assess", "-"], ["assess", "f.yaml", "--help"],
    ["assess", "f.yaml", "--format", "xml"], ["assess", "f.yaml", "--format"], ["assess", "f.yaml", "g.yaml"],
    ["assess", "f.yaml", "--explain", "--explain"], ["assess", "--", "f.yaml"], ["assess", "f.yaml", "--as-of", "--explain"],
    ["assess", "f.yaml", "--unknown"], ["--version"],
])
def test_everything_else_goes_to_typer(args):
    assert parse(args) is None


def _run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, cwd=ROOT)


FAST = "import sys; sys.argv[0] = 'wreckmaster'; from wreckmaster.cli.main import run; run()"
TYPER = "from wreckmaster.cli.main import app; app(prog_name='wreckmaster')"


@pytest.mark.parametrize("args", [
    ["assess", EXAMPLE, "--format", "json"],
    ["assess", EXAMPLE, "--explain"],
    ["assess", EXAMPLE, "--format", "json", "--as-of", "1800-01-01"],   # a bad as_of: error, exit 2
    ["assess", "no-such-file.yaml"],
])
def test_same_answer_as_the_typer_command(args):
    fast, typer = _run(FAST, *args), _run(TYPER, *args)
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)


def test_the_plain_form_does_not_import_typer():
    code = FAST + "\n"
    probe = ("import sys, atexit; atexit.register(lambda: sys.stderr.write('TYPER' if 'typer' in sys.modules else 'LIGHT'));"
             + code)
    done = _run(probe, "assess", EXAMPLE, "--format", "json")
    assert done.returncode == 0 and done.stderr.endswith(b"LIGHT")
