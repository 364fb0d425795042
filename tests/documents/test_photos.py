"""Photographs in the printed documents (issue 27; documents/photos.py), read back from the PDF
with poppler (``pdfimages -list``, ``pdfimages -all``, ``pdftotext``).

The case is the town's (cases/jp-1899-2025-misaki.yaml) on 2026-03-10, when the notice of
2026-03-05 lists the skiff and the motor (art 25 ¶2). The skiff has three photographs in
``items[].photos``, the motor one by a ``photographed`` event; at most two an item are printed
(``MAX_PER_ITEM``), so the notice and the finder's report (拾得届, the three goods) carry three
each, every one captioned with its item's id and the first 12 digits of its hash. The photographs
are the re-encoded ones (public/photos.py): the finder's GPS position is in none of them.
"""
from __future__ import annotations

import io
import subprocess
import tempfile
from datetime import date
from pathlib import Path

import pytest
import yaml

from tests.public.conftest import jpeg_with_gps
from wreckmaster.documents import photos as doc_photos
from wreckmaster.documents import render_pdf
from wreckmaster.public.photos import clean

from .conftest import CASES, assessment, pdf_text

pytestmark = pytest.mark.browser

ON = date(2026, 3, 10)


def _photos():
    return [clean(jpeg_with_gps(size=(1600, 1200), color=c)) for c in ((200, 40, 40), (40, 200, 40), (40, 40, 200),
                                                                       (200, 200, 40))]


PHOTOS = _photos()
LOOKUP = {p.sha256: (p.media_type, p.data) for p in PHOTOS}.get


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    from wreckmaster.files import load_scenario

    doc = yaml.safe_load((CASES / "jp-1899-2025-misaki.yaml").read_text(encoding="utf-8"))
    doc["items"][0]["photos"] = [p.sha256 for p in PHOTOS[:3]]          # the skiff: three
    doc["events"].append({"type": "photographed", "date": "2026-03-04", "items": ["motor"], "photos": [PHOTOS[3].sha256]})
    path = tmp_path_factory.mktemp("photos") / "case.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    s = load_scenario(str(path))
    return s, assessment(s, ON)


def images(pdf: bytes) -> list[dict[str, str]]:
    """The rows of ``pdfimages -list``: page, width, height, type, colour …"""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        out = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, check=True, text=True).stdout
    lines = out.splitlines()
    head = lines[0].split()
    return [dict(zip(head, line.split())) for line in lines[2:] if line.strip()]


def extracted(pdf: bytes) -> list[bytes]:
    """Each image as poppler writes it out (``-all``: the embedded JPEG as it is)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdfimages", "-all", str(path), str(Path(tmp) / "img")], check=True)
        return [p.read_bytes() for p in sorted(Path(tmp).glob("img-*"))]


def test_the_notice_prints_two_photographs_of_the_skiff_and_the_motors_one(case):
    s, a = case
    pdf = render_pdf("notice", s, a, lang="ja", photo=LOOKUP)
    rows = [r for r in images(pdf) if r["type"] == "image"]
    assert len(rows) == 3, rows
    assert all(max(int(r["width"]), int(r["height"])) <= doc_photos.PRINT_SIDE for r in rows)
    text = pdf_text(pdf)
    for item, p in (("skiff", PHOTOS[0]), ("skiff", PHOTOS[1]), ("motor", PHOTOS[3])):
        assert f"{item}·{p.sha256[:12]}" in text
    assert PHOTOS[2].sha256[:12] not in text                 # the third of the skiff's: beyond MAX_PER_ITEM


def test_no_exif_and_no_gps_in_the_printed_photographs(case):
    from PIL import Image

    s, a = case
    got = extracted(render_pdf("found-report", s, a, party="finder", lang="ja", photo=LOOKUP))
    assert len(got) >= 3
    for raw in got:
        assert b"Exif" not in raw and b"FinderCam" not in raw and b"home address" not in raw
        with Image.open(io.BytesIO(raw)) as img:
            assert not img.getexif() and 0x8825 not in img.getexif()
    # the check can fail: the upload itself carries both
    with Image.open(io.BytesIO(jpeg_with_gps())) as img:
        assert 0x8825 in img.getexif()


def test_the_same_case_prints_the_same_bytes(case):
    s, a = case
    assert render_pdf("delivery-receipt", s, a, party="finder", lang="ja", photo=LOOKUP) == \
        render_pdf("delivery-receipt", s, a, party="finder", lang="ja", photo=LOOKUP)


def test_without_the_photographs_the_documents_still_print(case):
    """A case read from an export (hashes, no store) or a store that lacks a photograph."""
    s, a = case
    for lookup in (None, {}.get):
        pdf = render_pdf("notice", s, a, lang="ja", photo=lookup)
        assert images(pdf) == [] and "三崎" in pdf_text(pdf)
    assert [r for r in images(render_pdf("notice", s, a, lang="en", photo=LOOKUP)) if r["type"] == "image"]


@pytest.fixture()
def stored(tmp_path):
    """The case in an SQLite store with the skiff's first photograph stored: (url, store, case id, token)."""
    from wreckmaster.store import open_store
    from wreckmaster.store.public import put_photo

    url = f"sqlite:///{tmp_path / 'cases.db'}"
    store = open_store(url)
    store.add_office("misaki", "三崎町役場")
    token = store.add_user("clerk", "misaki", role="clerk", password=None)
    put_photo(store, PHOTOS[0])
    doc = yaml.safe_load((CASES / "jp-1899-2025-misaki.yaml").read_text(encoding="utf-8"))
    doc["items"][0]["photos"] = [PHOTOS[0].sha256, PHOTOS[1].sha256]    # the second is not in the store
    case_id, _ = store.open_case(doc, office="misaki")
    return url, store, case_id, token


def printed_once(pdf: bytes) -> bool:
    return len([x for x in images(pdf) if x["type"] == "image"]) == 1 and \
        f"skiff·{PHOTOS[0].sha256[:12]}" in pdf_text(pdf) and PHOTOS[1].sha256[:12] not in pdf_text(pdf)


def test_the_api_prints_the_stored_photographs(stored):
    from fastapi.testclient import TestClient

    from wreckmaster.service.app import create_app
    from wreckmaster.service.routers.documents import router

    _, store, case_id, token = stored
    r = TestClient(create_app(store, routers=[router])).get(
        f"/api/cases/{case_id}/documents/notice.pdf?as_of=2026-03-10", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    assert printed_once(r.content)


def test_the_command_line_prints_a_stored_cases_photographs(stored, tmp_path):
    from .test_cli import run

    url, _, case_id, _ = stored
    out = tmp_path / "notice.pdf"
    r = run("notice", "--case", case_id, "--db", url, "--as-of", "2026-03-10", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert printed_once(out.read_bytes())


def test_the_french_declaration_prints_the_wrecks_photograph(tmp_path):
    """Issue 27: the declaration of wreck (fr-epaves art 2) describes the items picked up: their
    photographs go with them, captioned in French's document too."""
    from tests.conftest import ROOT
    from wreckmaster.files import load_scenario

    doc = yaml.safe_load((ROOT / "examples/fr-epaves-port-wine-casks-plouguerneau-1917.yaml").read_text(encoding="utf-8"))
    doc = doc.get("scenario", doc)
    item = next(i for i in doc["items"] if i.get("found"))
    item["photos"] = [PHOTOS[0].sha256]
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    s = load_scenario(str(path))
    a = assessment(s, s.as_of or s.case.occurred)
    pdf = render_pdf("declaration", s, a, lang="fr", photo=LOOKUP)
    # a page per salvor who picked it up, each with the item's photograph
    assert len([r for r in images(pdf) if r["type"] == "image"]) == len(item["found"]["by"]) > 0
    assert f"{item['id']}·{PHOTOS[0].sha256[:12]}" in pdf_text(pdf)
    assert "Photographies" in pdf_text(pdf)
    assert not [r for r in images(render_pdf("declaration", s, a, lang="fr")) if r["type"] == "image"]  # none stored: none
