"""Exceptions as a mechanism (issue 22): a rule that sets another aside declares which one and when.

An exception is declared next to the base rule it overrides::

    FAILED_RESCUE = Exception_("failed_rescue", overrides="pay_rescue_expenses",
                               condition=treasury_pays_failed_rescue, apply=failed_rescue)

and the base rule asks the engine for its exceptions instead of calling them by hand::

    if exceptions.applied(ctx, [FAILED_RESCUE]):
        return                      # an exception took the case: the base rule does not apply

:func:`applied` picks the first exception whose condition holds (in the order declared) and
runs it. Its steps are recorded with ``overrides`` naming the base rule (the explanation's
``overrides``, SCENARIO.md), so the exception's own body writes only its facts, amounts and
words; a step it writes in the base rule's name (what the base rule would have done) is kept as
written, before the exception's. A condition is a pure function of the context (and of the
arguments the base rule passes on); it makes no step or finding.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from .regime import Context


@dataclass(frozen=True)
class Exception_:
    """An exception: its name (the rule its steps name), the base rule it overrides, when it
    applies, and what it does (``apply(ctx, *args)``, writing through the context it is given)."""

    name: str
    overrides: str
    condition: Callable[..., bool]
    apply: Callable[..., None]


class Overriding:
    """The assessment as an exception writes to it: its own steps say which rule they override."""

    def __init__(self, out: Any, exception: Exception_) -> None:
        self._out = out
        self._exception = exception

    def step(self, rule: str, *args: Any, **kw: Any) -> Any:
        if rule == self._exception.name and kw.get("overrides") is None:   # ctx.step passes overrides=None
            kw["overrides"] = self._exception.overrides
        return self._out.step(rule, *args, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._out, name)


def pick(ctx: "Context", exceptions: Sequence[Exception_], *args: Any) -> Exception_ | None:
    """The first of ``exceptions`` whose condition holds, or None: the base rule applies."""
    return next((e for e in exceptions if e.condition(ctx, *args)), None)


def applied(ctx: "Context", exceptions: Sequence[Exception_], *args: Any) -> Exception_ | None:
    """Run the first of ``exceptions`` whose condition holds (:func:`pick`), its steps marked as
    overriding its base rule; it is returned, or None when none applies."""
    chosen = pick(ctx, exceptions, *args)
    if chosen is not None:
        chosen.apply(ctx.view(Overriding(ctx.out, chosen)), *args)
    return chosen
