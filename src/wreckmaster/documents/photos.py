"""Photographs in the printed documents that describe items (issue 27): the notice (掲示 / 公告 /
告示 / avis) and the town's forms of the goods received (拾得届, 受領書).

The photographs are the stored ones (``store/public.py``: re-encoded on the way in, so no EXIF
and no GPS position), found by the hashes the case holds (``items[].photos`` and
``photographed`` events, ``public.service.photos_of``) through the lookup the caller passes
(``photo(sha256) -> (media type, bytes) | None``: the store's). A case read from a file has
no lookup, and a hash the store does not hold is left out: the document prints without them.

At most :data:`MAX_PER_ITEM` photographs an item, each printed at most 45 × 34 mm with the
item's id and the first :data:`HASH_PREFIX` hex digits of its hash as caption (what the clerk
finds the photograph by in the case's log). Two, because a notice of several items must stay a
sheet to post on a board: one photograph shows the thing, a second its marks; the others are
on the item's public page. Each is scaled to :data:`PRINT_SIDE` pixels (300 dpi at that size)
and encoded again, always the same way, so that the same case prints the same bytes.
"""
from __future__ import annotations

import base64
import io
from functools import lru_cache
from typing import Any, Callable, Optional

from markupsafe import Markup

MAX_PER_ITEM = 2
HASH_PREFIX = 12
PRINT_SIDE = 540          # pixels of the longest side: 45 mm at 300 dpi
HEADING = {"ja": "写真", "zh": "相片", "fr": "Photographies", "en": "Photographs"}

Lookup = Callable[[str], Optional[tuple[str, bytes]]]


@lru_cache(maxsize=256)
def printable(data: bytes) -> tuple[str, bytes]:
    """(media type, bytes) of a photograph scaled for print and encoded again from its pixels."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as img:
        img.load()
        alpha = img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)
        img = img.convert("RGBA" if alpha else "RGB")
        img.thumbnail((PRINT_SIDE, PRINT_SIDE))
        pixels = Image.new(img.mode, img.size)
        pixels.paste(img)
        out = io.BytesIO()
        if alpha:
            pixels.save(out, format="PNG")
            return "image/png", out.getvalue()
        pixels.save(out, format="JPEG", quality=85)
        return "image/jpeg", out.getvalue()


def section(ctx: Any, items: list) -> list[dict[str, Any]]:
    """``[{"kind": "photos", …}]`` with the items' photographs, or ``[]`` when there are none to print."""
    lookup: Lookup | None = getattr(ctx, "photo", None)
    if lookup is None:
        return []
    from wreckmaster.public.service import photos_of

    figures = []
    for item in items:
        for sha in photos_of(ctx.scenario, item.id)[:MAX_PER_ITEM]:
            found = lookup(sha)
            if found is None:
                continue
            media, data = printable(found[1])
            figures.append({"src": Markup(f"data:{media};base64,{base64.b64encode(data).decode('ascii')}"),
                            "alt": item.description or item.id, "caption": f"{item.id} · {sha[:HASH_PREFIX]}"})
    if not figures:
        return []
    return [{"kind": "photos", "heading": ctx.t(HEADING), "rows": figures}]
