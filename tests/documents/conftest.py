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


def vertical_chars(data: bytes, first_page_only: bool = False) -> list:
    """Every character of the PDF (pdfminer ``LTChar``, with its position and size), read in
    vertical mode, in reading order; ``first_page_only``: the first page's."""
    from io import BytesIO

    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTChar

    chars: list = []

    def walk(obj) -> None:
        for x in getattr(obj, "_objs", []) or []:
            if isinstance(x, LTChar):
                chars.append(x)
            else:
                walk(x)
    for page in extract_pages(BytesIO(data), laparams=LAParams(detect_vertical=True)):
        walk(page)
        if first_page_only:
            break
    return chars


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


# --- amounts as a vertical page writes them (issue 26) ----------------------------------------
# A second, independent writing of the kanji numerals (the page's own is documents/numerals.py):
# the figures read digit by digit from the right, each digit with its place (十, 百, 千) inside a
# group of four, each group with its 万 / 億; test_numerals.py checks both against hand examples.
_D = "〇一二三四五六七八九"
_UNITS = {("JPY", "ja"): ["円", "銭", "厘"], ("JPY", "zh"): ["圓", "錢", "釐"],
          ("TAEL", "zh"): ["兩", "錢", "分", "釐"], ("DOLLAR", "zh"): ["元", "角", "分"]}
_PLACES = {("JPY", "ja"): [2, 1], ("JPY", "zh"): [2, 1], ("TAEL", "zh"): [1, 1, 1], ("DOLLAR", "zh"): [1, 1]}


def ref_kanji(n: int, lang: str = "ja") -> str:
    if n == 0:
        return "〇"
    big = "万" if lang == "ja" else "萬"
    digits = str(n)[::-1]
    out = []
    for g in range(0, len(digits), 4):
        group = digits[g:g + 4]
        words = ""
        for place, d in reversed(list(enumerate(group))):
            if d == "0":
                continue
            mark = ["", "十", "百", "千"][place]
            words += ("" if (d == "1" and mark) else _D[int(d)]) + mark
        if words:
            out.append(words + ["", big, "億", "兆"][g // 4])
    return "".join(reversed(out))


def shown(amount: str, currency: str, lang: str) -> str:
    """An amount of the assessment as the page shows it after NFKC without spaces: kanji on a
    vertical page (金八千円, 三十八円十二銭五厘), 1 234,50 → 1234,50 in French, else as given."""
    if lang == "fr":
        return amount.replace(".", ",")
    if lang not in ("ja", "zh") or (currency, lang) not in _UNITS:
        return amount
    units = _UNITS[(currency, lang)]
    if amount.startswith("-"):
        return "△" + shown(amount[1:], currency, lang)        # a negative balance, as accounts mark it
    whole, _, frac = amount.partition(".")
    frac = frac.ljust(sum(_PLACES[(currency, lang)]), "0")
    parts = [ref_kanji(int(whole), lang) + units[0]] if int(whole) else []
    at = 0
    for unit, width in zip(units[1:], _PLACES[(currency, lang)]):
        piece = int(frac[at:at + width])
        at += width
        if piece:
            parts.append(ref_kanji(piece, lang) + unit)
    text = "".join(parts) or "〇" + units[0]
    return ("金" if lang == "ja" else "") + text
