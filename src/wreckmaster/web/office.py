"""The office a page is for (issue 25): its name, default language and regime.

CASE.md 1.1 gives an office a default language and regime (``office add|edit --lang --regime``).
They are read here from the office's row when the row has them, else from the office's cases
(the regime most of them are under and its language), else English and no regime: the same
page works before and after the offices table gains those columns.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OfficeProfile:
    id: str
    name: str
    lang: str | None
    regime: str | None


def profile(store: Any, office_id: str, cases: list[dict] | None = None) -> OfficeProfile:
    """The office's profile; ``cases`` (its case list, when the page has it) supplies the regime
    the office works under when its row does not say."""
    from sqlalchemy import select

    from wreckmaster.store.models import offices

    from .i18n import LANGS

    with store._tx() as conn:
        row = conn.execute(select(offices).where(offices.c.id == office_id)).first()
    fields = dict(row._mapping) if row is not None else {}
    lang = fields.get("lang") or fields.get("language")
    regime = fields.get("regime")
    if not regime and cases:
        counts = Counter(c.get("regime") for c in cases if c.get("regime"))
        regime = counts.most_common(1)[0][0] if counts else None
    if not lang and regime:
        lang = regime_lang(regime)
    return OfficeProfile(office_id, str(fields.get("name") or office_id), lang if lang in LANGS else None, regime)


def regime_lang(regime: str | None) -> str:
    from wreckmaster.law import regime as registry

    try:
        return {"ja": "ja", "zh": "zh", "fr": "fr"}.get(registry.get(regime).language, "en")
    except Exception:  # noqa: BLE001 - an unknown regime is shown in English
        return "en"
