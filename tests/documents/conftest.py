"""Documents tests: one Chromium for the whole session, and the PDFs read back as text."""
from __future__ import annotations

import subprocess
import tempfile
import unicodedata
from datetime import date
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CASES = HERE / "cases"
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session", autouse=True)
def printer():
    """One browser for every test of this folder (the shared printer), closed at the end."""
    from wreckmaster.documents import pdf

    yield pdf
    pdf.close_shared()


def load(path: Path | str):
    from wreckmaster.files import load_scenario

    return load_scenario(str(path))


def assessment(scenario, as_of: date | None = None) -> dict:
    from wreckmaster.law import regime as registry

    return registry.get(scenario.regime).assess(scenario, as_of or scenario.as_of or date.today()).to_json()


def pdf_pages(data: bytes) -> list[str]:
    """Each page's text as poppler reads it in content order (``pdftotext -raw``), after Unicode
    NFKC, with all white space removed (vertical text comes out one character a line)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(data)
        raw = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                             check=True).stdout.decode("utf-8")
    return [squash(page) for page in raw.split("\f") if page.strip()]


def squash(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def pdf_text(data: bytes) -> str:
    return "".join(pdf_pages(data))


def page_size(data: bytes) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(data)
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True, text=True).stdout
    line = next(x for x in info.splitlines() if x.startswith("Page size:"))
    w, _, h = line.split(":", 1)[1].split()[:3]
    return float(w), float(h)
