"""The one pipeline wherever a case is assessed (issue 25): read → computed geographic facts →
validate → assess.

``wreckmaster assess FILE``, ``case show``, the API, the pages, the documents, ``batch`` and
``compare`` all turn a scenario document into a :class:`~wreckmaster.law.scenario.Scenario`
here, so a case with ``found.position`` gets the same computed distance whichever door it came
in by (``case show`` ≡ ``assess`` of ``case export``). The engine itself never imports
geography (``wreckmaster.geo`` is an adapter); this module is the one place that joins them.
"""
from __future__ import annotations

from typing import Any


def has_position(doc: Any) -> bool:
    """Whether the document gives a position the coast facts are computed from (docs/coast.md)."""
    if not isinstance(doc, dict):
        return False
    case = doc.get("case")
    if isinstance(case, dict) and "position" in case:
        return True
    items = doc.get("items")
    return isinstance(items, list) and any(
        isinstance(i, dict) and isinstance(i.get("found"), dict) and "position" in i["found"] for i in items)


def with_computed_facts(doc: Any) -> Any:
    """The document with its computed coast facts (a copy), or the document itself when it has no position."""
    if not has_position(doc):
        return doc
    from wreckmaster.geo import enrich

    return enrich(doc)


def validated(doc: Any, regimes: set[str] | frozenset[str] | None = None):
    """Computed facts, then the engine's validation: a Scenario, or InvalidScenario."""
    from wreckmaster.law.scenario import validate

    if regimes is None:
        from wreckmaster.law.regime import available

        regimes = set(available())
    return validate(with_computed_facts(doc), set(regimes))
