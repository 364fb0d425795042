"""The kinds of goods in the law's own words (issue 27), for the board's filters and pages.

The Water Rescue Act as in force today classes found goods three ways (水難救護法 art 24 ¶2,
art 27 ¶1: 「河川ニ漂流スル材木」「其ノ他ノ漂流物」「沈没品」), and the reward and the owner's
period follow the class. The board's ``class`` filter (CASE.md 1.1: ``drifting``, ``sunken``,
``river-timber``) uses those words; other regimes do not class goods so (``class`` is None).
The item kinds of the scenario (``items[].kind``) are shown in each language.
"""
from __future__ import annotations

from typing import Any

#: class → (the law's words, English, the article)
CLASSES = {
    "drifting": ("漂流物", "drifting goods", "jp-1899-2025:24"),
    "sunken": ("沈没品", "sunken goods", "jp-1899-2025:24"),
    "river-timber": ("河川ニ漂流スル材木", "timber drifting in a river", "jp-1899-2025:24"),
}
#: the regimes whose law classes goods so
CLASSING = ("jp-1899-2025",)

KINDS = {
    "cargo": {"en": "cargo", "ja": "積荷", "zh": "貨物", "fr": "marchandises"},
    "vessel": {"en": "vessel", "ja": "船舶", "zh": "船隻", "fr": "navire"},
    "gear": {"en": "ship's gear", "ja": "船具", "zh": "船具", "fr": "agrès"},
    "mail": {"en": "mail", "ja": "郵便物", "zh": "郵件", "fr": "courrier"},
    "baggage": {"en": "baggage", "ja": "手荷物", "zh": "行李", "fr": "bagages"},
    "valuables": {"en": "valuables", "ja": "貴重品", "zh": "貴重物", "fr": "objets de valeur"},
    "timber": {"en": "timber", "ja": "材木", "zh": "木料", "fr": "bois"},
}


def goods_class(regime: str, item: Any, case_waters: str = "sea") -> str | None:
    """The class of a found item under its regime's law, as the regime's rates read it (reading
    ``jp-1899-2025-24-rates``: sunken goods are those found sunk; timber drifting in a river is
    timber found in river waters, ``found.waters`` else ``case.waters``, floating or on the bank;
    everything else, goods cast ashore too, is drifting goods), or None where the law does not
    class goods."""
    if regime not in CLASSING:
        return None
    found = getattr(item, "found", None)
    if found is not None and found.state == "sunk":
        return "sunken"
    waters = (found.waters if found is not None and found.waters else None) or case_waters
    if getattr(item, "kind", None) == "timber" and waters == "river":
        return "river-timber"
    return "drifting"


def kind_words(kind: str | None, lang: str) -> str:
    words = KINDS.get(kind or "")
    return (words.get(lang) or words["en"]) if words else (kind or "—")


#: the classes in French (issue 25: no English on a French page), the law's words beside them
CLASSES_FR = {"drifting": "épaves flottantes", "sunken": "objets coulés", "river-timber": "bois flottant en rivière"}


def class_words(cls: str | None, lang: str) -> str | None:
    """The law's own words (漂流物) on a Japanese or Chinese page; in English or French, those
    words beside."""
    if cls is None:
        return None
    law, en, _ = CLASSES[cls]
    if lang in ("ja", "zh"):
        return law
    return f"{CLASSES_FR[cls] if lang == 'fr' else en} ({law})"


#: regime → (the article by which the notice is posted, the article giving the owner's last day);
#: CASE.md "under notice" and ``claim_until`` name them (jp-1875 arts 30, 31; jp-1899-2025 arts
#: 25, 27 ¶1 — art 27 counts from 「第二十五条ノ公告」)
NOTICE_ARTICLES = {
    "jp-1875": ("jp-1875:30", "jp-1875:31"),
    "jp-1899-2025": ("jp-1899-2025:25", "jp-1899-2025:27"),
}
