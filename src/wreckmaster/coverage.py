"""Coverage: every article of a regime with the rules and tests that cite it.

Built from the citations themselves, not kept by hand:

- **rules** — the citations each rule declares (``@rule(cites=…)``, :mod:`.law.rules`), for
  every registered regime, and the ``cite`` of each parameter in the regime's ``parameters.yaml``;
- **tests** — citations in the test files (``tests/**/*.py`` and the YAML cases).

An article that no rule cites takes its status and reason from its ``coverage`` note in
``articles.yaml`` (``not-applicable`` with why, or ``missing`` with what); without a note
it is ``missing``. A ``missing`` note overrides rules that cite the article (a consequence
only partly computed).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .law import citations
from .law.yamlio import read_data

PACKAGE = Path(__file__).resolve().parent
SRC = PACKAGE.parent
TESTS = SRC.parent / "tests"

_CITE_IN_TEXT = re.compile(r"(?<![\w-])([a-z][a-z0-9]*(?:-[a-z0-9]+)+):([0-9]+(?:-[0-9]+)?|[A-Z]+\b|order\b)(?:\.(\d+))?(?:#(\d+))?")


@dataclass(frozen=True)
class Row:
    article: str
    status: str
    rules: list[str]
    tests: list[str]
    reason: str | None

    def to_json(self) -> dict:
        return {"article": self.article, "status": self.status, "rules": self.rules, "tests": self.tests,
                "reason": self.reason}


def cites_in_text(text: str) -> list[tuple[str, str]]:
    """(regime, article) of every citation in a text."""
    return [(m.group(1), m.group(2)) for m in _CITE_IN_TEXT.finditer(text)]


def citations_in_rules() -> dict[tuple[str, str], set[str]]:
    """(regime, article) → the rules (``module.function``) that declare they cite it."""
    from .law import regime

    return _citations_of(tuple(regime.available()))


@lru_cache(maxsize=4)
def _citations_of(ids: tuple[str, ...]) -> dict[tuple[str, str], set[str]]:
    from .law import regime

    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for reg in map(regime.get, ids):
        for info in reg.declared_rules:
            for cite in info.cites:
                for key in cites_in_text(cite):
                    found[key].add(info.name)
    return found


#: the name coverage had when it scanned the source (tests and scripts use it)
citations_in_code = citations_in_rules


def parameter_citations(regime: str) -> dict[str, set[str]]:
    """article → the parameters of the regime that cite it."""
    out: dict[str, set[str]] = defaultdict(set)
    from .law.regime import get

    path = get(regime).folder / "parameters.yaml"
    if not path.exists():
        return out
    raw = read_data(path) or {}
    for name, spec in (raw.get("parameters") or {}).items():
        cites = [spec.get("cite")] + [v.get("cite") for v in spec.get("values", []) or [] if isinstance(v, dict)]
        for c in cites:
            if c:
                for reg, art in cites_in_text(c):
                    if reg == regime:
                        out[art].add(f"parameter {name}")
    return out


@lru_cache(maxsize=1)
def citations_in_tests() -> dict[tuple[str, str], set[str]]:
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    if not TESTS.is_dir():
        return found
    for path in sorted(list(TESTS.rglob("*.py")) + list(TESTS.rglob("*.yaml"))):
        rel = str(path.relative_to(TESTS))
        for key in cites_in_text(path.read_text(encoding="utf-8")):
            found[key].add(rel)
    return found


def coverage(regime: str) -> list[Row]:
    from .law.regime import get as get_regime

    law = citations.law(regime)
    code = citations_in_rules()
    tests = citations_in_tests()
    params = parameter_citations(regime)
    rows = []
    for art in law.get("articles", []):
        number = str(art["number"])
        found = code.get((regime, number), set()) | params.get(number, set())
        shared = art.get("shared_rules")   # rules of another regime run with this one's data (jp-1899-2025 ch. 1)
        if shared:   # that regime's own rules (the registry's declarations, wherever its package lives)
            own = {info.name for info in get_regime(shared).declared_rules}
            found = found | (code.get((shared, number), set()) & own)
        rules = sorted(found)
        tested = sorted(tests.get((regime, number), set()))
        note = art.get("coverage") or {}
        if note.get("status") == "missing":
            status, reason = "missing", note.get("reason")
        elif rules:
            status, reason = "implemented", note.get("reason")
        elif note.get("status") == "not-applicable":
            status, reason = "not-applicable", note.get("reason")
        else:
            status, reason = "missing", note.get("reason") or "no rule cites this article yet"
        rows.append(Row(number, status, rules, tested, reason))
    return rows
