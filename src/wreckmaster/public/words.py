"""The kinds of goods in the law's own words (issue 27), for the board's filters and pages.

A regime whose law classes found goods (its ``item_classes``: the reward and the owner's period
follow the class) gives the board's ``class`` filter (CASE.md 1.1: ``drifting``, ``sunken``,
``river-timber``) and its words; other regimes do not class goods so (``class`` is None).
The item kinds of the scenario (``items[].kind``) are shown in each language.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from wreckmaster.law.contributes import law_of as _law

KINDS = {
    "cargo": {"en": "cargo", "ja": "積荷", "zh": "貨物", "fr": "marchandises"},
    "vessel": {"en": "vessel", "ja": "船舶", "zh": "船隻", "fr": "navire"},
    "gear": {"en": "ship's gear", "ja": "船具", "zh": "船具", "fr": "agrès"},
    "mail": {"en": "mail", "ja": "郵便物", "zh": "郵件", "fr": "courrier"},
    "baggage": {"en": "baggage", "ja": "手荷物", "zh": "行李", "fr": "bagages"},
    "valuables": {"en": "valuables", "ja": "貴重品", "zh": "貴重物", "fr": "objets de valeur"},
    "timber": {"en": "timber", "ja": "材木", "zh": "木料", "fr": "bois"},
}


def classes() -> dict[str, tuple[str, str, str]]:
    """class → (the law's words, English, the article), of every registered regime that classes goods."""
    from wreckmaster.law import regime as registry

    return _classes_of(tuple(registry.available()))


@lru_cache(maxsize=None)
def _classes_of(ids: tuple[str, ...]) -> dict[str, tuple[str, str, str]]:
    from wreckmaster.law import regime as registry

    return {c.key: (c.law, c.en, c.cite) for r in map(registry.get, ids) for c in r.item_classes}


def __getattr__(name: str) -> Any:
    if name == "CLASSES":
        return classes()
    raise AttributeError(name)


def goods_class(scenario: Any, item: Any) -> str | None:
    """The class of a found item under its regime's law, as the regime's rates read it (its
    ``item_class``), or None where the law does not class goods."""
    from wreckmaster.law.contributes import item_class_of

    law = _law(scenario.regime)
    return item_class_of(law, scenario, item) if law is not None else None


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
    law, en, _ = classes()[cls]
    if lang in ("ja", "zh"):
        return law
    return f"{CLASSES_FR[cls] if lang == 'fr' else en} ({law})"


def notice_articles(regime_id: str | None) -> tuple[str, ...]:
    """The article by which the notice is posted and the one giving the owner's last day (the regime's
    ``notice_articles``; CASE.md "under notice" and ``claim_until`` name them), or none."""
    law = _law(regime_id)
    return tuple(law.notice_articles or ()) if law is not None else ()
