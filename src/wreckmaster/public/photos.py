"""Photographs from the public and the clerks (issue 27): checked by their content, re-encoded.

An upload is accepted when Pillow reads it as JPEG, PNG or WebP (whatever its name or declared
type says), within :data:`MAX_BYTES` and :data:`MAX_PIXELS`. It is then decoded and encoded
again from its pixels alone — JPEG for photographs, PNG for images with transparency — so
nothing of the file's metadata survives: no EXIF, no GPS position (a finder's photo must not
publish where the finder lives), no comments, no embedded thumbnail. The orientation EXIF
asked for is applied to the pixels first, so the picture still stands the right way up.
The stored bytes are addressed by their SHA-256 (``store/public.py``).
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

#: an upload's size at most (bytes), before re-encoding
MAX_BYTES = 8 * 1024 * 1024
#: the pixels of one photograph at most (a decompression bomb is refused before decoding)
MAX_PIXELS = 40_000_000
#: the longest side kept; larger photographs are scaled down
MAX_SIDE = 2400
#: photographs of one report at most (CASE.md 1.1)
MAX_PER_REPORT = 5
#: photographs of one item at most (scenario items[].photos)
MAX_PER_ITEM = 20
ACCEPTED = {"JPEG", "PNG", "WEBP"}


class PhotoProblem(ValueError):
    """An upload that is not a photograph we take: the message says why."""


@dataclass(frozen=True)
class Photo:
    sha256: str
    media_type: str
    width: int
    height: int
    data: bytes


def clean(raw: bytes) -> Photo:
    """The upload re-encoded without metadata, or :class:`PhotoProblem`."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if not raw:
        raise PhotoProblem("the photograph is empty")
    if len(raw) > MAX_BYTES:
        raise PhotoProblem(f"the photograph is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        with Image.open(io.BytesIO(raw), formats=sorted(ACCEPTED)) as img:
            if img.format not in ACCEPTED:
                raise PhotoProblem("expected a JPEG, PNG or WebP photograph")
            if img.width * img.height > MAX_PIXELS:
                raise PhotoProblem(f"the photograph has more than {MAX_PIXELS} pixels")
            img.load()
            img = ImageOps.exif_transpose(img)
            alpha = img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)
            img = img.convert("RGBA" if alpha else "RGB")
            img.thumbnail((MAX_SIDE, MAX_SIDE))
            pixels = Image.new(img.mode, img.size)
            pixels.paste(img)      # a new image: the pixels alone, none of the upload's info
            out = io.BytesIO()
            if alpha:
                pixels.save(out, format="PNG", optimize=True)
                media = "image/png"
            else:
                pixels.save(out, format="JPEG", quality=85, optimize=True)
                media = "image/jpeg"
    except PhotoProblem:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError):
        raise PhotoProblem("expected a JPEG, PNG or WebP photograph") from None
    except (OSError, ValueError, SyntaxError):
        raise PhotoProblem("the photograph cannot be read (damaged or truncated)") from None
    data = out.getvalue()
    return Photo(hashlib.sha256(data).hexdigest(), media, pixels.width, pixels.height, data)
