"""Regenerate the page images of docs/documents/: every document in every language it is printed
in, first page, 60 dpi (issue 26: look at them before calling a change to a document done):

    .venv/bin/python tests/documents/make_images.py            # all
    .venv/bin/python tests/documents/make_images.py claim-ja   # only these
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "src"))

EX, CASES = ROOT / "examples", HERE / "cases"
KOTOBUKI = EX / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
PORT_WINE = EX / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml"
MISAKI = CASES / "jp-1899-2025-misaki.yaml"
#: the offices that issue the samples (as `office add … --head-title --address --telephone` keeps them)
TOWN_HALL = {"office": "misaki", "name": "三崎町役場", "head_title": "三崎町長", "address": "神奈川県三浦郡三崎町一丁目1番1号",
             "telephone": "046-881-1111"}
QUARTIER = {"office": "brest", "name": "Inscription maritime, quartier de Brest",
            "address": "1 quai de la Douane, 29200 Brest"}

# (document, scenario file, party, languages, as_of, office)
DOCS = [
    ("settlement", KOTOBUKI, None, ("ja", "en"), None, None),
    ("sea-protest", KOTOBUKI, None, ("ja", "en"), None, None),
    ("statement", MISAKI, "mayor", ("ja", "zh", "fr", "en"), None, TOWN_HALL),
    ("notice", MISAKI, None, ("ja", "zh", "fr", "en"), date(2026, 4, 1), TOWN_HALL),
    ("wreck-report", CASES / "jp-1899-wreck-report.yaml", None, ("ja", "en"), None, None),
    ("declaration", PORT_WINE, "kerbrat", ("fr", "en"), date(1917, 4, 21), QUARTIER),
    ("receipt", PORT_WINE, "kerbrat", ("fr", "en"), None, QUARTIER),
    ("county-report", CASES / "qing-taiwan-keelung.yaml", None, ("zh", "en"), None, None),
    ("found-report", MISAKI, None, ("ja", "en"), None, TOWN_HALL),
    ("delivery-receipt", MISAKI, None, ("ja", "en"), None, TOWN_HALL),
    ("claim", MISAKI, "owner", ("ja", "en"), None, TOWN_HALL),
    ("owner-receipt", MISAKI, "owner", ("ja", "en"), None, TOWN_HALL),
    ("handover", MISAKI, "finder", ("ja", "en"), None, TOWN_HALL),
]


def samples():
    for name, path, party, langs, as_of, office in DOCS:
        for lang in langs:
            yield f"{name}-{lang}", name, path, party, lang, as_of, office


def main(only: list[str] | None = None, out: Path = ROOT / "docs" / "documents") -> list[Path]:
    from wreckmaster.documents import render_pdf
    from wreckmaster.documents.pdf import close_shared
    from wreckmaster.files import load_scenario

    out.mkdir(parents=True, exist_ok=True)
    made = []
    try:
        for image, name, path, party, lang, as_of, office in samples():
            if only and image not in only:
                continue
            pdf = render_pdf(name, load_scenario(str(path)), party=party, lang=lang, as_of=as_of, office=office)
            with tempfile.TemporaryDirectory() as tmp:
                src = Path(tmp) / "doc.pdf"
                src.write_bytes(pdf)
                subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", "-png", "-singlefile", str(src),
                                str(out / image)], check=True)
            made.append(out / f"{image}.png")
    finally:
        close_shared()
    return made


if __name__ == "__main__":
    for p in main(sys.argv[1:] or None):
        print(p.relative_to(ROOT), p.stat().st_size, "bytes")
