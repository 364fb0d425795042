"""`wreckmaster document …` as a user runs it: the PDF written, bad input exit 2 with `error:`."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import CASES, EXAMPLES, ROOT, pdf_text

pytestmark = pytest.mark.browser
EXE = Path(sys.executable).parent / "wreckmaster"
KANNON = str(EXAMPLES / "jp-1899-stranding-of-the-daini-kannon-maru.yaml")


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(EXE), "document", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})})


def test_writes_a_pdf(tmp_path):
    out = tmp_path / "report.pdf"
    r = run("wreck-report", str(CASES / "jp-1899-wreck-report.yaml"), "-o", str(out))
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert "船難報吿書" in pdf_text(data)


def test_html_output_for_the_web_pages(tmp_path):
    out = tmp_path / "statement.html"
    r = run("statement", KANNON, "--party", "ishii", "--lang", "en", "-o", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    assert '<html lang="en" class="horizontal">' in html and "Statement of account" in html


@pytest.mark.parametrize("args, pointer", [
    (["settlement", KANNON], "NAME"),                      # a jp-1875 document, the case is jp-1899
    (["no-such-document", KANNON], "NAME"),
    (["statement", KANNON], "--party"),                    # one party's document without --party
    (["statement", KANNON, "--party", "nobody"], "--party"),
    (["statement", KANNON, "--party", "ishii", "--lang", "xx"], "--lang"),
    (["wreck-report", KANNON, "--lang", "fr"], "--lang"),
    (["statement", KANNON, "--party", "ishii", "--as-of", "1902-13-01"], "--as-of"),
    (["statement"], "FILE"),
    (["statement", "no-such-file.yaml", "--party", "x"], "no-such-file.yaml"),
])
def test_bad_input_exits_2(tmp_path, args, pointer):
    out = tmp_path / "x.pdf"
    r = run(*args, "-o", str(out))
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith(f"error: {pointer}"), r.stderr
    assert not out.exists()


def test_chromium_missing_says_what_to_install(tmp_path):
    out = tmp_path / "x.pdf"
    r = run("statement", KANNON, "--party", "ishii", "-o", str(out),
            env={"WRECKMASTER_CHROMIUM": str(tmp_path / "no-chromium")})
    assert r.returncode == 2
    assert "apt-get install chromium fonts-noto-cjk" in r.stderr
    assert r.stderr.startswith("error: chromium:")
    assert not out.exists()


def test_stored_case(tmp_path):
    """--case ID reads the scenario from the store (SQLite file here)."""
    import yaml

    from wreckmaster.store import open_store

    url = f"sqlite:///{tmp_path / 'cases.db'}"
    store = open_store(url)
    doc = yaml.safe_load((CASES / "jp-1899-wreck-report.yaml").read_text(encoding="utf-8"))
    case_id, _ = store.open_case(doc)
    out = tmp_path / "r.pdf"
    r = run("wreck-report", "--case", case_id, "--db", url, "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "第三榮福丸" in pdf_text(out.read_bytes())
    r = run("wreck-report", "--case", "no-such-case", "--db", url, "-o", str(out))
    assert r.returncode == 4 and r.stderr.startswith("not found:")
