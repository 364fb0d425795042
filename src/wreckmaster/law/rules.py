"""What a rule declares about itself: the articles it applies and the facts it reads.

Each rule of a regime (a function ``rule(ctx)`` in its ``rules``) carries a declaration::

    @rule(cites=["jp-1875:30"],
          reads=["event:notice_posted", "item.value", "found.date", "param:wide_notice_threshold"])
    def wide_notice(ctx): ...

- ``cites``: the citations the rule (and the helpers it calls) gives in its steps, findings and
  awards; every one resolves to an article (tests/engine/test_rule_declarations.py);
- ``reads``: ``event:TYPE`` for an event type it reads (declared in the regime's ``events.yaml``),
  ``MODEL.FIELD`` for a field of the scenario (``case``, ``vessel``, ``party``, ``person``, ``item``,
  ``found``, ``expense``: SCENARIO.md), ``param:NAME`` for a parameter (``parameters.yaml``).

Coverage (``wreckmaster coverage``), the forms' "asked for by" articles and ``wreckmaster new``
are built from these declarations; nothing reads the rules' source text.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

MODELS = ("case", "vessel", "party", "person", "item", "found", "expense")


@dataclass(frozen=True)
class RuleInfo:
    """A rule's declaration: its name (``module.function``), citations and reads."""

    name: str
    cites: tuple[str, ...]
    reads: tuple[str, ...]

    @property
    def events(self) -> tuple[str, ...]:
        return tuple(r[6:] for r in self.reads if r.startswith("event:"))

    @property
    def params(self) -> tuple[str, ...]:
        return tuple(r[6:] for r in self.reads if r.startswith("param:"))

    @property
    def fields(self) -> tuple[str, ...]:
        """``MODEL.FIELD`` of every scenario field it reads."""
        return tuple(r for r in self.reads if r.split(".", 1)[0] in MODELS and "." in r)


def rule(*, cites: Sequence[str], reads: Sequence[str] = ()) -> Callable[[F], F]:
    """Declare what the rule below cites and reads (the function itself is unchanged)."""
    bad = [r for r in reads if not (r.startswith(("event:", "param:")) or r.split(".", 1)[0] in MODELS)]
    if bad:
        raise ValueError(f"reads: {bad[0]!r}: expected event:TYPE, param:NAME or MODEL.FIELD ({', '.join(MODELS)})")

    def mark(fn: F) -> F:
        fn.__rule__ = RuleInfo(f"{fn.__module__}.{fn.__qualname__}", tuple(cites), tuple(reads))  # type: ignore[attr-defined]
        return fn

    return mark


def info(fn: Callable[..., Any]) -> RuleInfo | None:
    """The declaration of a rule, through the wrappers that run it (``__wrapped__``)."""
    while fn is not None:
        found = getattr(fn, "__rule__", None)
        if found is not None:
            return found
        fn = getattr(fn, "__wrapped__", None)  # type: ignore[assignment]
    return None


def declared(rules: Iterable[Callable[..., Any]]) -> list[RuleInfo]:
    """The declarations of a regime's rules, in order (a rule without one raises: every rule declares)."""
    out = []
    for fn in rules:
        found = info(fn)
        if found is None:
            raise LookupError(f"rule {getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', fn)} "
                              "declares nothing: put @rule(cites=…, reads=…) above its def")
        out.append(found)
    return out
