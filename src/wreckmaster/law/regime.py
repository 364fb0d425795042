"""What a regime provides, and the registry.

A regime is a package ``wreckmaster.regimes.<id with _ for ->`` that calls :func:`register`
when imported. The engine knows no regime by name: it lists the packages that exist and
imports only the one a scenario names.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cached_property
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from . import money
from .assessment import Assessment
from .contributes import NOTICE_ENDS, NOTICE_STARTS, Document, DocumentWords, ItemClass, MapLayers
from .parameters import Param, Parameters, load as load_parameters
from .scenario import Scenario

Rule = Callable[["Context"], None]

_REGISTRY: dict[str, "Regime"] = {}
REGIMES_PACKAGE = "wreckmaster.regimes"


@dataclass
class Regime:
    """A regime: its id, its data folder, its currency and the rules it applies in order."""

    id: str
    folder: Path
    currency: money.Currency
    language: str
    rules: Sequence[Rule]
    other_currencies: Sequence[money.Currency] = ()
    data: dict[str, Any] = field(default_factory=dict)
    #: optional hook (CASE.md, public notices): ``claim_until(scenario, item_id, notice_date)`` — the last
    #: day the law gives the owner of an item under notice, or None where the law sets none
    claim_until: Callable[[Scenario, str, date], "date | None"] | None = None
    #: optional hook (public notices): ``ends_notice(scenario, event, item_id)`` — whether an event that
    #: usually ends an item's notice (the item claimed, returned, sold, taken by the finder) ends it under
    #: this regime's law; without the hook every such event does
    ends_notice: Callable[[Scenario, Any, str], bool] | None = None
    # --- what the regime contributes around its rules (issue 22, :mod:`.contributes`) -----------------
    #: the events that put an item under notice and those that end it (the notice, the board)
    notice_starts: tuple[str, ...] = NOTICE_STARTS
    notice_ends: tuple[str, ...] = NOTICE_ENDS
    #: the article by which the notice is posted and the one giving the owner's last day (the board's page)
    notice_articles: tuple[str, str] | None = None
    #: the classes of goods its law makes (the board's ``class`` filter) and ``item_class(scenario, item)``
    #: giving an item's class key, where the law classes goods
    item_classes: Sequence[ItemClass] = ()
    item_class: Callable[[Scenario, Any], str] | None = None
    #: its documents, in the order the case page lists them, and the shared documents' words for it
    documents: Sequence[Document | str] = ()   # a str names a shared document (statement, notice)
    words: DocumentWords = field(default_factory=DocumentWords)
    #: what the maps and the computed coast facts add (``geo``)
    map_layers: MapLayers = field(default_factory=MapLayers)
    #: the role of the head of an office of its cases (``mayor``, ``administrator``), for the office's form
    office_head: str | None = None
    #: the regime of a case opened from a public report when the office names none (today's law)
    reports_default: bool = False
    #: a small example case (wreckmaster.scenario/1) the API's documentation shows
    example: dict[str, Any] | None = None
    #: its own commands: modules with ``register(app)`` adding Typer commands (imported by the CLI only)
    commands: Sequence[str] = ()

    @cached_property
    def parameters(self) -> Parameters:
        return load_parameters(str(self.folder / "parameters.yaml"), self.id)

    def assess(self, scenario: Scenario, as_of: date) -> Assessment:
        """The law applied to the facts known on ``as_of`` (SCENARIO.md, "Time").

        Facts dated after ``as_of`` are left out first (:func:`.asof.known_on`; a case that
        occurred after ``as_of`` raises :class:`~.scenario.InvalidScenario`), then the period in
        force is checked (:func:`.scope.in_force`): outside it, and not hypothetical, no rule runs.
        """
        from . import asof, scope

        scenario, left_out = asof.known_on(scenario, as_of)
        out = Assessment(self.id, as_of, self.currency, self.language, self.other_currencies)
        ctx = Context(scenario, self, out, as_of)
        if left_out:
            scope.facts_after_as_of(ctx, left_out)
        if not scope.in_force(ctx):
            return self.localise(out)
        for rule in self.rules:
            rule(ctx)
        return self.localise(out)

    @cached_property
    def messages(self) -> dict[str, str]:
        """The regime's message templates in its language (``messages.yaml``: ``findings: {code: text}``)."""
        path = self.folder / "messages.yaml"
        if not path.exists():
            return {}
        import yaml

        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return {str(k): str(v) for k, v in (data.get("findings") or {}).items()}

    def localise(self, out: Assessment) -> Assessment:
        """Each finding's ``message_local`` from the regime's template for its code, where the rule
        gave none (issue 25; docs/scenario-extensions.md, "message_local")."""
        if self.messages:
            from dataclasses import replace

            out.findings[:] = [f if f.message_local or f.code not in self.messages
                               else replace(f, message_local=self.messages[f.code]) for f in out.findings]
        return out


@dataclass
class Context:
    """What a rule works with: the facts, the regime's parameters, the assessment it adds to."""

    scenario: Scenario
    regime: Regime
    out: Assessment
    as_of: date
    memo: dict[str, Any] = field(default_factory=dict)

    @property
    def case(self):
        return self.scenario.case

    def param(self, name: str) -> Param:
        """The parameter in force on the day of the casualty."""
        cache = self.memo.setdefault("_params", {})
        if name not in cache:
            cache[name] = self.regime.parameters.param(name, self.scenario.case.occurred)
        return cache[name]

    def p(self, name: str) -> Any:
        return self.param(name).value

    def finding_once(self, severity: str, code: str, message: str, cites: Any) -> None:
        """A finding made at most once per case (a missing fact several rules need)."""
        seen = self.memo.setdefault("_once", set())
        if code not in seen:
            seen.add(code)
            self.out.finding(severity, code, message, cites)  # type: ignore[arg-type]


def register(regime: Regime) -> Regime:
    _REGISTRY[regime.id] = regime
    return regime


def module_name(regime_id: str) -> str:
    return regime_id.replace("-", "_")


def available() -> list[str]:
    """The regime ids that exist, without importing them (a package whose name starts with
    ``_`` holds code that several regimes share, and is not a regime)."""
    pkg = importlib.import_module(REGIMES_PACKAGE)
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(pkg.__path__)
                  if m.ispkg and not m.name.startswith("_"))


def get(regime_id: str) -> Regime:
    if regime_id not in _REGISTRY:
        if regime_id not in available():
            raise KeyError(f"unknown regime {regime_id!r}")
        importlib.import_module(f"{REGIMES_PACKAGE}.{module_name(regime_id)}")
    return _REGISTRY[regime_id]


def all_regimes() -> list[Regime]:
    return [get(r) for r in available()]
