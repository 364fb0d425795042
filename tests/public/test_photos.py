"""Photographs are checked by their content and re-encoded without metadata (issue 27,
``public/photos.py``): a finder's photo must not publish where the finder lives."""
from __future__ import annotations

import hashlib
import io

import pytest
from PIL import Image

from wreckmaster.public import photos
from tests.public.conftest import jpeg_with_gps, png, webp


def test_exif_and_gps_are_dropped_and_the_bytes_are_addressed_by_their_hash():
    raw = jpeg_with_gps()
    assert Image.open(io.BytesIO(raw)).getexif().get(0x8825)           # the upload has a GPS block
    assert b"FinderCam" in raw and b"home address" in raw
    p = photos.clean(raw)
    assert p.media_type == "image/jpeg" and (p.width, p.height) == (64, 48)
    img = Image.open(io.BytesIO(p.data))
    assert not img.getexif() and "exif" not in img.info and "comment" not in img.info
    assert b"FinderCam" not in p.data and b"home address" not in p.data and b"Exif" not in p.data
    assert p.sha256 == hashlib.sha256(p.data).hexdigest()
    assert photos.clean(raw).sha256 == p.sha256                        # the same upload, the same address


@pytest.mark.parametrize("make,media", [(png, "image/jpeg"), (webp, "image/jpeg"),
                                        (lambda: png(alpha=True), "image/png")])
def test_png_and_webp_are_taken_by_their_content(make, media):
    """Stored as JPEG, a photograph's format; PNG only where there is transparency to keep."""
    assert photos.clean(make()).media_type == media


@pytest.mark.parametrize("raw,message", [
    (b"", "empty"),
    (b"GIF89a" + b"\0" * 50, "JPEG, PNG or WebP"),
    (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "JPEG, PNG or WebP"),
    (b"%PDF-1.4 not a photo", "JPEG, PNG or WebP"),
])
def test_what_is_not_a_photograph_is_refused_whatever_it_is_called(raw, message):
    with pytest.raises(photos.PhotoProblem, match=message):
        photos.clean(raw)


def test_a_truncated_photograph_is_refused():
    raw = jpeg_with_gps(size=(300, 300))
    with pytest.raises(photos.PhotoProblem):
        photos.clean(raw[: len(raw) // 2])


def test_size_and_pixels_are_bounded(monkeypatch):
    raw = png(size=(100, 100))
    monkeypatch.setattr(photos, "MAX_BYTES", len(raw) - 1)
    with pytest.raises(photos.PhotoProblem, match="larger than"):
        photos.clean(raw)
    monkeypatch.setattr(photos, "MAX_BYTES", 10**7)
    monkeypatch.setattr(photos, "MAX_PIXELS", 100 * 100 - 1)
    with pytest.raises(photos.PhotoProblem, match="pixels"):
        photos.clean(raw)


def test_a_large_photograph_is_scaled_down():
    p = photos.clean(png(size=(photos.MAX_SIDE * 2, 100)))
    assert p.width == photos.MAX_SIDE
