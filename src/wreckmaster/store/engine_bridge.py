"""The store's only door into the engine: validate a folded document, assess a scenario.

Kept in one place so that the case log assesses exactly as ``wreckmaster assess`` does
(``case show`` ≡ ``assess`` of ``case export``), and so that tests can replace the validator
(an old log that a newer wreckmaster would refuse is reported, never refused again).
"""
from __future__ import annotations

from datetime import date
from typing import Any

Problem = tuple[str, str]


def known_regimes() -> frozenset[str]:
    """The registry's regimes now (not cached: a regime may register after the first case)."""
    from wreckmaster.law.regime import available

    return frozenset(available())


def validate_doc(doc: dict[str, Any]):
    """The engine's validation of a scenario document, after its computed coast facts (the one
    pipeline, ``wreckmaster.pipeline``): a Scenario, or InvalidScenario."""
    from wreckmaster.pipeline import validated

    return validated(doc, known_regimes())


def checked(doc: dict[str, Any]):
    """``(Scenario, [])`` of a valid document, ``(None, problems)`` of one that is not: one
    validation, whose scenario the append hands on to the read models (:mod:`.readmodels`)."""
    from wreckmaster.law.scenario import InvalidScenario

    try:
        return validate_doc(doc), []
    except InvalidScenario as exc:
        return None, list(exc.problems)


def problems_of(doc: dict[str, Any]) -> list[Problem]:
    return checked(doc)[1]


def assess(scenario, as_of: date):
    """The engine's assessment, as ``wreckmaster assess`` computes it."""
    from wreckmaster.law import regime as registry

    return registry.get(scenario.regime).assess(scenario, as_of)


def refused_assessment(regime: str, as_of: date, problems: list[Problem]) -> dict[str, Any]:
    """The assessment of a stored log that no longer validates: no computation, one ``error``
    finding per problem (a stored entry is never refused again)."""
    from wreckmaster.law import regime as registry
    from wreckmaster.law.assessment import Assessment
    from wreckmaster.law.money import JPY_RIN

    try:
        r = registry.get(regime)
        out = Assessment(r.id, as_of, r.currency, r.language, r.other_currencies)
    except Exception:  # noqa: BLE001 - an unknown regime too is reported, not raised
        out = Assessment(str(regime), as_of, JPY_RIN)
    for pointer, message in problems:
        out.finding("error", "stored-log-invalid",
                    f"the case's log no longer validates under this wreckmaster: {pointer}: {message}", ())
    return out.to_json()
