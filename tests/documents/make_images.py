"""Regenerate the page images of docs/documents/ (one document per language, first page, 60 dpi):

    .venv/bin/python tests/documents/make_images.py
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "src"))

SAMPLES = [  # (image name, document, scenario file, party, lang)
    ("settlement-ja", "settlement", ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml", None, "ja"),
    ("wreck-report-ja", "wreck-report", HERE / "cases" / "jp-1899-wreck-report.yaml", None, "ja"),
    ("county-report-zh", "county-report", HERE / "cases" / "qing-taiwan-keelung.yaml", None, "zh"),
    ("receipt-fr", "receipt", ROOT / "examples" / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml", "kerbrat", "fr"),
    ("statement-en", "statement", ROOT / "examples" / "jp-1899-stranding-of-the-daini-kannon-maru.yaml", "nakamura", "en"),
]


def main(out: Path = ROOT / "docs" / "documents") -> list[Path]:
    from wreckmaster.documents import render_pdf
    from wreckmaster.documents.pdf import close_shared
    from wreckmaster.files import load_scenario

    out.mkdir(parents=True, exist_ok=True)
    made = []
    try:
        for image, name, path, party, lang in SAMPLES:
            pdf = render_pdf(name, load_scenario(str(path)), party=party, lang=lang)
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
    for p in main():
        print(p.relative_to(ROOT), p.stat().st_size, "bytes")
