"""Named values: what one rule of a regime works out and other rules read (issue 22).

A regime declares each such value once, next to the rules that use it::

    COMPETENCE = Value("competence", Competence, set_by="competent_mayor")
    LEDGER = Value("ledger", Ledger, compute=_ledger)

and the rules read and write it through the context: ``ctx[COMPETENCE]``,
``ctx[COMPETENCE] = Competence(...)``. There are two kinds:

- **Set by a rule** (``set_by``: the names of the rules that set it). The rule that owns the
  value still runs where the regime lists it and records its steps and findings there; the
  others read the value. A read is checked against the rules that have run: a value read before
  every rule that sets it has run raises :class:`MissingValue` at once, naming the rules (an
  order in which the value would silently be missing is an error, not an empty result). A rule
  that sets the value may read it while it runs. Where the regime has no such rule, or the rule
  ran and set nothing (its case did not arise), the value is ``initial()`` when the declaration
  gives one (a flag that starts ``False``, a list the rules add to), else the read raises.
  ``ctx.collect(V)`` gives a setter the value to add to (``initial()`` the first time).
- **Computed on demand** (``compute``: a pure function of the context). Worked out the first
  time it is read and kept for the rest of the assessment. The computation makes no steps or
  findings of its own (those stay with the rule that owns them), so when it is first read does
  not change the output; if it reads a value set by a rule, that read is checked as above.

A value written with the wrong type raises :class:`TypeError` (``type`` is a class or a tuple
of classes, as for :func:`isinstance`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .regime import Context

T = TypeVar("T")


class MissingValue(LookupError):
    """A named value was read before it was set (the rules that set it have not run)."""


@dataclass(frozen=True, eq=False)
class Value(Generic[T]):
    """A named, typed value of a regime (see the module's text)."""

    name: str
    type: Any
    set_by: tuple[str, ...] | str = ()
    compute: Callable[["Context"], T] | None = None
    initial: Callable[[], T] | None = None
    doc: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.set_by, str):
            object.__setattr__(self, "set_by", (self.set_by,))
        if bool(self.set_by) == (self.compute is not None):
            raise TypeError(f"value {self.name!r}: either set_by (the rules that set it) or compute, not both")

    def check(self, value: Any) -> Any:
        if not isinstance(value, self.type):
            raise TypeError(f"value {self.name!r}: expected {self.type}, got {type(value).__name__}")
        return value

    def __repr__(self) -> str:
        return f"Value({self.name!r})"


def rule_name(rule: Callable[..., Any]) -> str:
    """The name a rule runs under (a wrapped rule keeps the name of the rule it wraps)."""
    name = getattr(rule, "__name__", None)
    return repr(rule) if name is None else name


class Values:
    """The named values of one assessment, and which rules have run (shared by every view of a
    context that a regime makes, e.g. one writing to another assessment)."""

    __slots__ = ("rules", "ran", "running", "stored", "final", "caches")

    def __init__(self, rules: Any, names: "frozenset[str] | None" = None) -> None:
        #: ``names``: the rules' names, when the caller knows them already (the regime's, once)
        self.rules = names if names is not None else {rule_name(r) for r in rules}
        self.ran: set[str] = set()
        self.running: str | None = None
        self.stored: dict[Value[Any], Any] = {}
        self.final: set[Value[Any]] = set()
        #: the engine's own per-assessment caches (parameters in force, findings made once)
        self.caches: dict[str, Any] = {}

    def ran_rule(self, name: str) -> None:
        self.ran.add(name)
        self.running = None

    def read(self, ctx: "Context", v: Value[T]) -> T:
        if v in self.final:
            return self.stored[v]
        if v.compute is not None:
            self.stored[v] = v.check(v.compute(ctx))
            self.final.add(v)
            return self.stored[v]
        if self.running in v.set_by:
            return self.collect(v)
        waiting = [r for r in v.set_by if r in self.rules and r not in self.ran]
        if waiting:
            raise MissingValue(f"value {v.name!r} read before the rule(s) that set it ran: {', '.join(waiting)} "
                               f"(read by {self.running or 'code outside the rules'})")
        if v not in self.stored:
            if v.initial is None:
                raise MissingValue(f"value {v.name!r} was not set: {', '.join(v.set_by)} did not set it and it "
                                   "declares no initial value")
            self.stored[v] = v.check(v.initial())
        self.final.add(v)
        return self.stored[v]

    def collect(self, v: Value[T]) -> T:
        if v not in self.stored:
            if v.initial is None:
                raise MissingValue(f"value {v.name!r}: nothing to add to (it declares no initial value)")
            self.stored[v] = v.check(v.initial())
        return self.stored[v]

    def write(self, v: Value[T], value: T) -> None:
        if v.compute is not None:
            raise TypeError(f"value {v.name!r} is computed, not set")
        self.stored[v] = v.check(value)
