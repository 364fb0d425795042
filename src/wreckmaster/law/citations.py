"""Citations: ``REGIME:ARTICLE[.PARAGRAPH][#ITEM]`` ⇄ the law's own words.

``jp-1875:8#2`` is item 2 of art 8 (an article with a branch number, 第三十条ノ二, is ``30-2``) (of its first paragraph); ``jp-1899:16.3#3`` item 3 of
paragraph 3 of art 16; ``qing-shandong:4`` the whole of art 4. A paragraph or item that the
seed drops still resolves, with its text marked absent (``articles.yaml``: ``absent: true``).

The articles of each regime live in its package (``regimes/<pkg>/articles.yaml``); law
that is not a regime (the York-Antwerp Rules, ``yar-1974``) registers its own file with
:func:`register_source`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .yamlio import read_data

_CITE = re.compile(r"^(?P<regime>[a-z0-9-]+):(?P<article>[A-Za-z0-9]+(?:-[0-9]+)?(?: [A-Za-z]+)*)(?:\.(?P<para>\d+))?(?:#(?P<item>\d+))?$")

_SOURCES: dict[str, Path] = {}


class CitationError(ValueError):
    pass


@dataclass(frozen=True)
class Citation:
    regime: str
    article: str
    paragraph: int | None = None
    item: int | None = None

    def __str__(self) -> str:
        s = f"{self.regime}:{self.article}"
        if self.paragraph is not None:
            s += f".{self.paragraph}"
        if self.item is not None:
            s += f"#{self.item}"
        return s


def parse(text: str) -> Citation:
    m = _CITE.match(text.strip())
    if not m:
        raise CitationError(f"not a citation: {text!r} (expected REGIME:ARTICLE[.PARAGRAPH][#ITEM])")
    return Citation(m["regime"], m["article"], int(m["para"]) if m["para"] else None,
                    int(m["item"]) if m["item"] else None)


def register_source(regime: str, path: Path) -> None:
    _SOURCES[regime] = path


def forget_source(regime: str) -> None:
    """The articles of a regime that is no longer registered (:func:`.regime.unregister`)."""
    if _SOURCES.pop(regime, None) is not None:
        law.cache_clear()
        _readings.cache_clear()


def _source(regime: str) -> Path:
    if regime in _SOURCES:
        return _SOURCES[regime]
    base = Path(__file__).resolve().parent.parent
    candidate = base / "regimes" / regime.replace("-", "_") / "articles.yaml"
    if candidate.exists():
        return candidate
    for path in base.glob("*/rules.yaml"):  # law that is not a regime (average/rules.yaml)
        if path.read_text(encoding="utf-8").startswith(f"regime: {regime}\n"):
            return path
    raise CitationError(f"no articles for regime {regime!r}")


@lru_cache(maxsize=None)
def law(regime: str) -> dict[str, Any]:
    """The whole ``articles.yaml`` of a regime."""
    return read_data(_source(regime))


def article(regime: str, number: str) -> dict[str, Any]:
    for art in law(regime).get("articles", []):
        if str(art.get("number")) == number:
            return art
    raise CitationError(f"{regime} has no article {number}")


@dataclass(frozen=True)
class Resolved:
    """What a citation points to: the node (article, paragraph or item) and its article."""

    citation: Citation
    article: dict[str, Any]
    paragraph: dict[str, Any] | None
    item: dict[str, Any] | None

    @property
    def node(self) -> dict[str, Any]:
        return self.item or self.paragraph or self.article

    @property
    def absent(self) -> bool:
        return bool(self.node.get("absent")) or (self.node is not self.article and bool(self.article.get("absent")))

    def original(self) -> str | None:
        """The original wording of the cited node (an article: all its paragraphs)."""
        if self.item is not None:
            return _join(self.item)
        if self.paragraph is not None:
            return _paragraph_text(self.paragraph)
        if self.article.get("absent"):
            return None
        return "\n".join(t for t in (_paragraph_text(p) for p in self.article.get("paragraphs", [])) if t)

    def gloss(self) -> str | None:
        if self.item is not None:
            return _join(self.item, "gloss")
        if self.paragraph is not None:
            return _paragraph_text(self.paragraph, "gloss")
        if self.article.get("absent") and not self.article.get("paragraphs"):
            return self.article.get("gloss") or self.article.get("known")
        return "\n".join(t for t in (_paragraph_text(p, "gloss") for p in self.article.get("paragraphs", [])) if t)


def _join(node: dict[str, Any], key: str = "text") -> str | None:
    parts = [node.get(key)]
    for extra in ("proviso",):
        if isinstance(node.get(extra), dict):
            parts.append(node[extra].get(key))
    text = " ".join(p for p in parts if p)
    if not text and node.get("absent"):
        return None if key == "text" else (node.get("gloss") or node.get("known"))
    return text or None


def _paragraph_text(p: dict[str, Any], key: str = "text") -> str | None:
    parts = [_join(p, key)]
    for it in p.get("items", []) or []:
        parts.append(_join(it, key) or ("[absent]" if key == "text" else None))
    if isinstance(p.get("after_items"), dict):
        parts.append(p["after_items"].get(key))
    text = ("\n" if key == "text" else " ").join(x for x in parts if x)
    return text or None


def resolve(text: str | Citation) -> Resolved:
    c = parse(text) if isinstance(text, str) else text
    art = article(c.regime, c.article)
    paras = art.get("paragraphs", []) or []
    para = None
    if c.paragraph is not None or (c.item is not None):
        number = c.paragraph if c.paragraph is not None else 1
        para = next((p for p in paras if p.get("number") == number), None)
        if para is None:
            if art.get("absent") and not paras:
                return Resolved(c, art, {"number": number, "absent": True, "text": None}, None)
            raise CitationError(f"{c}: article {c.article} has no paragraph {number}")
    item = None
    if c.item is not None:
        assert para is not None
        item = next((i for i in para.get("items", []) or [] if i.get("number") == c.item), None)
        if item is None:
            raise CitationError(f"{c}: paragraph {para.get('number')} of article {c.article} has no item {c.item}")
    return Resolved(c, art, para, item)


def readings(regime: str) -> dict[str, dict[str, Any]]:
    """Every reading of a regime, by id, with the citation of where it sits (worked out once per
    articles file: an append's read models assess the case twice, and walking the articles each
    time was a third of that; issue 23). The mapping is shared: read it, do not change it."""
    return _readings(regime, _source(regime))


@lru_cache(maxsize=None)
def _readings(regime: str, source: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}

    def walk(node: dict[str, Any], cite: str) -> None:
        for r in node.get("readings", []) or []:
            out[r["id"]] = {**r, "cite": cite}

    for art in law(regime).get("articles", []):
        base = f"{regime}:{art['number']}"
        walk(art, base)
        for p in art.get("paragraphs", []) or []:
            walk(p, f"{base}.{p.get('number')}")
            for it in p.get("items", []) or []:
                walk(it, f"{base}.{p.get('number')}#{it.get('number')}")
    walk(law(regime), f"{regime}:")
    # a regime that runs another's rules (jp-1899-2025 chapter 1 → jp-1899) names that regime's
    # readings in its steps: ``shares_readings`` in its articles.yaml; its own readings prevail
    for other in law(regime).get("shares_readings", []) or []:
        out = {**readings(other), **out}
    return out
