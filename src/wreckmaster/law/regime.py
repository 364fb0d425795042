"""What a regime provides, and the registry.

A regime is a package that calls :func:`register` when imported: ``wreckmaster.regimes.<id with _
for ->``, or a package of its own named under the entry point group ``wreckmaster.regimes`` (a
plug-in). The engine knows no regime by name: it lists the packages that exist and imports only
the one a scenario names.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import messages, money
from .assessment import Assessment, Later
from .contributes import GREGORIAN, NOTICE_ENDS, NOTICE_STARTS, Calendar, Document, DocumentWords, ItemClass, MapLayers
from .parameters import Param, Parameters, load as load_parameters
from .scenario import Scenario
from . import scope  # the engine's first rules (issue 22: no circle; scope needs nothing of this module)
from .named import T, Value, Values, rule_name

if TYPE_CHECKING:
    from .events import PackageEvents
    from .rules import RuleInfo

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
    #: its calendar: the era its dates are written in, its months, its office's holidays (:class:`.contributes.Calendar`;
    #: the counting of its periods is its parameter ``periods.counting``)
    calendar: Calendar = GREGORIAN
    #: the kinds of case whose deadlines its law sets for each thing apart from the others (a
    #: drift case under arts that speak of 「物件」 one by one): every deadline of such a case
    #: belongs to one item and depends on that item, the facts it is named in and the case's own
    #: facts only. The read models assess such a case group by group of items
    #: (``store/item_groups.py``, :func:`~wreckmaster.store.item_groups.grouping`), so an entry on
    #: one item costs that item's assessment, not the register's
    assessed_by_item: tuple[str, ...] = ()

    # --- issue 22 (declared events and rules): what the regime's package declares --------------
    @cached_property
    def events(self) -> "PackageEvents":
        """The events the regime offers (``events.yaml``: its own and those it includes), their
        declarations and their labels in its language and English (:mod:`.events`)."""
        from .events import of_package

        return of_package(self.folder)

    @cached_property
    def declared_rules(self) -> "list[RuleInfo]":
        """What each rule declares it cites and reads (``@rule``, :mod:`.rules`), in order."""
        from .rules import declared

        return declared(self.rules)
    # --- end issue 22 ----------------------------------------------------------------------------

    @cached_property
    def parameters(self) -> Parameters:
        return load_parameters(str(self.folder / "parameters.yaml"), self.id)

    def assess(self, scenario: Scenario, as_of: date) -> Assessment:
        """The law applied to the facts known on ``as_of`` (SCENARIO.md, "Time").

        The engine's first rules (:data:`.scope.FIRST_RULES`) run before the regime's own: the
        facts dated after ``as_of`` are left out (:func:`.scope.facts_known`; a case that occurred
        after ``as_of`` raises :class:`~.scenario.InvalidScenario`), then the period in force is
        checked (:func:`.scope.period_in_force`): outside it, and not hypothetical, no further rule
        runs. A rule that ends the assessment calls :meth:`Context.stop`.
        """
        out = Assessment(self.id, as_of, self.currency, self.language, self.other_currencies)
        named, names = self._named()
        ctx = Context(scenario, self, out, as_of, Values((), names))
        values = ctx.values
        rule_of = out.deadline_rules
        for k, (name, rule) in enumerate(named):
            values.running = name
            rule(ctx)
            values.ran_rule(values.running)
            rule_of.extend([k] * (len(out.deadlines) - len(rule_of)))
            if ctx.stopped:
                break
        return self.localise(out)

    def _named(self) -> tuple[tuple[tuple[str, Rule], ...], frozenset[str]]:
        """The engine's first rules and the regime's, each with the name it runs under, and the
        set of the names: worked out once, again only if the rules were replaced or changed."""
        rules = tuple(self.rules)
        known = self.__dict__.get("_named_rules")
        if known is None or known[0] != rules:
            named = tuple((rule_name(r), r) for r in (*scope.FIRST_RULES, *rules))
            known = (rules, named, frozenset(name for name, _ in named))
            self.__dict__["_named_rules"] = known
        return known[1], known[2]

    @cached_property
    def messages(self) -> "messages.Templates":
        """The regime's message templates (``messages.yaml``; :mod:`.messages`)."""
        return messages.load(self.folder, self.language)

    def localise(self, out: Assessment) -> Assessment:
        """Each finding's ``message_local``: the regime's template for its code in the case's
        language, with the finding's values, where the rule gave none (issues 22, 25;
        docs/scenario-extensions.md, "message_local")."""
        from dataclasses import replace

        out.findings[:] = [f if f.message_local else replace(
            f, message_local=self.messages.render(f.code, self.language, dict(f.values))) for f in out.findings]
        return out


# --- the context a rule works with (issue 22: named values, the engine's first rules) ----------
@dataclass
class Context:
    """What a rule works with: the facts, the regime's parameters, the assessment it adds to, and
    the regime's named values (:mod:`.named`: ``ctx[VALUE]``, ``ctx[VALUE] = x``)."""

    scenario: Scenario
    regime: Regime
    out: Assessment
    as_of: date
    values: Values = None  # type: ignore[assignment]
    #: set by :meth:`stop`: no further rule runs
    stopped: bool = False

    def __post_init__(self) -> None:
        if self.values is None:
            self.values = Values((*scope.FIRST_RULES, *self.regime.rules))

    @property
    def case(self):
        return self.scenario.case

    def __getitem__(self, v: Value[T]) -> T:
        """The named value ``v`` (:class:`~.named.MissingValue` if it is not there yet)."""
        return self.values.read(self, v)

    def __setitem__(self, v: Value[T], value: T) -> None:
        self.values.write(v, value)

    def collect(self, v: Value[T]) -> T:
        """The value ``v`` for a rule that sets it to add to (its ``initial()`` the first time)."""
        return self.values.collect(v)

    def view(self, out: Any) -> "Context":
        """The same case and named values, writing to ``out`` (a regime's wrapper around the assessment)."""
        return Context(self.scenario, self.regime, out, self.as_of, self.values)

    def stop(self) -> None:
        """No further rule runs (the period in force excludes the case)."""
        self.stopped = True

    def param(self, name: str) -> Param:
        """The parameter in force on the day of the casualty."""
        cache = self.values.caches.setdefault("params", {})
        if name not in cache:
            cache[name] = self.regime.parameters.param(name, self.scenario.case.occurred)
        return cache[name]

    def p(self, name: str) -> Any:
        return self.param(name).value

    def finding(self, severity: str, code: str, cites: Any, *, once: bool = False, **values: str) -> None:
        """A finding by its code and values (issue 22, "prose at the edge"): its ``message`` is the
        regime's English template for the code (``messages.yaml``), its ``message_local`` the one in
        the case's language. A code without an English template raises at once (:class:`KeyError`).
        ``once``: at most once per case (a missing fact several rules need), as :meth:`finding_once`."""
        row = self.regime.messages.row("findings", code, values.get("variant"))
        template = row.get("en")
        if template is None:
            raise KeyError(f"{self.regime.id}: no English template for the finding {code!r} in {messages.FILE}")
        if once:
            seen = self.values.caches.setdefault("once", set())
            if code in seen:
                return
            seen.add(code)
        local = row.get(self.regime.language)   # its message_local now, as localise() would write it
        self.out.finding(severity, code, template.format_map(values), cites,  # type: ignore[arg-type]
                         local=None if local is None else local.format_map(values), values=tuple(sorted(values.items())))

    # --- prose at the edge: steps and duties by template (issue 22, :mod:`.messages`) -------------
    def step(self, rule: str, cites: Any, message: str, /, *, inputs: dict[str, Any] | None = None,
             params: Sequence[Any] = (), readings: Sequence[str] = (), exact: Any = None, amount: Any = None,
             overrides: str | None = None, **values: Any) -> Any:
        """Add the step ``rule`` written by the regime's template ``message`` (``messages.yaml``,
        ``steps:``) with ``values``: its ``text`` the English template, its ``text_local`` the one
        in the case's language (None where the regime has none). The texts are written when first
        read, so the values must not change afterwards (strings, numbers, dates, tuples). A
        message without an English template raises at once (:class:`KeyError`). The first three
        arguments are positional only, so a value may be named ``rule`` or ``cites``."""
        templates = self.regime.messages
        row = templates.row("steps", message, values.get("variant"))
        if "en" not in row:
            templates.english("steps", message, values)   # raises, naming it
        # the values are kept as the call's own dict (one object a step: a register of 10,000 items
        # makes a step an item), and the texts written from the template's row when first read
        return self.out.step(rule, cites, Later(_step_texts, row, self.regime.language, values),
                             inputs=inputs, params=params, readings=readings, exact=exact, amount=amount,
                             overrides=overrides, message=message, values=values)

    def deadline(self, duty: str, party: str | None, due: date, done_on: date | None, cites: Any, /, *,
                 status: Any = None, note: str | None = None, **values: Any) -> Any:
        """Add a deadline whose duty is the regime's template ``duty`` (``messages.yaml``,
        ``duties:``) with ``values``, in English and in the case's language; ``note`` names a
        template of ``notes:`` written with the same values (why it is met or missed). The first five
        arguments are positional only, so a value may be named ``due`` or ``party``."""
        templates = self.regime.messages
        lang = self.regime.language
        return self.out.deadline(
            templates.english("duties", duty, values), party, due, done_on, cites, status=status,
            note=templates.english("notes", note, values) if note else None,
            local=templates.text("duties", duty, lang, values), message=duty, values=values,
            note_message=note, note_local=templates.text("notes", note, lang, values) if note else None)

    def finding_once(self, severity: str, code: str, message: str, cites: Any) -> None:
        """A finding made at most once per case (a missing fact several rules need)."""
        seen = self.values.caches.setdefault("once", set())
        if code not in seen:
            seen.add(code)
            self.out.finding(severity, code, message, cites)  # type: ignore[arg-type]


def _step_texts(row: dict[str, str], lang: str, values: dict[str, Any]) -> tuple[str, str | None]:
    """A step's English and local texts from its template's row (written when first read)."""
    local = row.get(lang)
    return row["en"].format_map(values), None if local is None else local.format_map(values)


#: the entry point group naming regime packages installed outside ``wreckmaster.regimes`` (a plug-in's
#: ``pyproject.toml``: ``[project.entry-points."wreckmaster.regimes"] my-law = "my_package.my_law"``)
ENTRY_POINTS = "wreckmaster.regimes"


def register(regime: Regime) -> Regime:
    """Register a regime (its package calls this when imported). A regime whose package lives
    outside ``wreckmaster.regimes`` (a plug-in, the tests' toy) gets its articles and events read
    from its own folder."""
    from .citations import register_source
    from .events import register_folder

    register_folder(regime.folder)   # its events.yaml, when it lives outside regimes/
    if (regime.folder / "articles.yaml").exists():
        register_source(regime.id, regime.folder / "articles.yaml")
    _REGISTRY[regime.id] = regime
    return regime


def unregister(regime_id: str) -> None:
    """Forget a regime registered from outside ``wreckmaster.regimes`` (a test's own regime)."""
    from .citations import forget_source
    from .events import forget_folder

    regime = _REGISTRY.pop(regime_id)
    forget_folder(regime.folder)
    forget_source(regime_id)


def module_name(regime_id: str) -> str:
    return regime_id.replace("-", "_")


@lru_cache(maxsize=1)
def _builtin() -> tuple[str, ...]:
    """The regime packages of ``wreckmaster.regimes`` (a package whose name starts with ``_`` holds
    code that several regimes share, and is not a regime)."""
    pkg = importlib.import_module(REGIMES_PACKAGE)
    return tuple(m.name.replace("_", "-") for m in pkgutil.iter_modules(pkg.__path__)
                 if m.ispkg and not m.name.startswith("_"))


@lru_cache(maxsize=1)
def _plugins() -> dict[str, str]:
    """regime id → the module that registers it, for the regimes installed packages name under the
    entry point group :data:`ENTRY_POINTS`."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def plugin_folders() -> list[Path]:
    """The folders of the plug-ins' regimes (the module each entry point names lives in its regime's
    folder), found without importing them: every scenario may use the events they declare
    (:mod:`.events`), as it may those of the package's regimes."""
    from importlib.util import find_spec

    specs = (find_spec(module) for module in _plugins().values())
    return [Path(s.origin).parent for s in specs if s is not None and s.origin]


def available() -> list[str]:
    """The regime ids that exist, without importing them: the packages of ``wreckmaster.regimes``,
    those named under the entry point group :data:`ENTRY_POINTS`, and any other registered one."""
    return sorted({*_builtin(), *_plugins(), *_REGISTRY})


def get(regime_id: str) -> Regime:
    if regime_id not in _REGISTRY:
        if regime_id in _builtin():
            importlib.import_module(f"{REGIMES_PACKAGE}.{module_name(regime_id)}")
        elif regime_id in _plugins():
            importlib.import_module(_plugins()[regime_id])
        if regime_id not in _REGISTRY:
            raise KeyError(f"unknown regime {regime_id!r}")
    return _REGISTRY[regime_id]


def all_regimes() -> list[Regime]:
    return [get(r) for r in available()]
