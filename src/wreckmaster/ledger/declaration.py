"""What a regime's ledger counts: the ``ledger`` section of its ``parameters.yaml`` (issue 28).

A regime that keeps a record across cases (the Qing circuit's 查登, the treasurer's 注冊記功)
declares, next to its parameters::

    ledger:
      entries:        # what in one case's assessment is a line of the ledger
        - {kind: merit, from: merits, zh: 藩司注冊記功, en: a merit registered, cite: "qing-taiwan:2"}
        - {kind: rescue, from: honours, values: [button-and-plaque, …], zh: …, en: …, cite: …}
        - {kind: demerit, from: faults, values: [demerit], zh: …, en: …, cite: …}
      thresholds:     # a finding on the person when the count of a kind reaches a parameter
        - {counts: merit, at: merit.reward_at, code: …, severity: info, zh: …, en: …, cite: …}
      plunder_findings: [plunder, …]   # a case with one of these findings is a plunder case
      clean_years:    # optional: years of a county without a plunder case (qing-shandong:2)
        {period: PARAM, names: PARAM, code: …, zh: …, en: …, cite: …}

``from`` names the assessment's ``merits`` list or its ``honours`` / ``faults`` output keys
(docs/scenario-extensions.md); ``values`` the honours or faults that count. The figures
themselves (``at``, ``period``) are parameters with their citations; nothing of the law is
written in Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from wreckmaster.law.yamlio import load_yaml

SOURCES = ("merits", "honours", "faults")


@dataclass(frozen=True)
class EntryRule:
    kind: str
    source: str                      # merits | honours | faults
    values: tuple[str, ...]          # the honours / faults that count (all merits count)
    zh: str
    en: str
    cite: str


@dataclass(frozen=True)
class Threshold:
    counts: str                      # the entry kind counted
    at: str                          # the parameter giving the count (e.g. merit.reward_at)
    code: str
    severity: str
    zh: str
    en: str
    cite: str


@dataclass(frozen=True)
class CleanYears:
    period: str                      # parameter: a period in years (rongcheng.clean_period)
    names: str                       # parameter: the county's names (rongcheng.names)
    code: str
    zh: str
    en: str
    cite: str


@dataclass(frozen=True)
class Declaration:
    regime: str
    entries: tuple[EntryRule, ...]
    thresholds: tuple[Threshold, ...]
    plunder_findings: frozenset[str]
    clean_years: Optional[CleanYears]

    def label(self, kind: str) -> tuple[str, str]:
        """The kind's words: (zh, en)."""
        rule = next(r for r in self.entries if r.kind == kind)
        return rule.zh, rule.en


def of(regime) -> Declaration | None:
    """The regime's ledger declaration, or None when it keeps no ledger."""
    return _load(regime.id, Path(regime.folder))


@lru_cache(maxsize=None)
def _load(regime_id: str, folder: Path) -> Declaration | None:
    raw = load_yaml((folder / "parameters.yaml").read_text(encoding="utf-8")) or {}
    spec: dict[str, Any] | None = raw.get("ledger")
    if not spec:
        return None
    entries = []
    for e in spec.get("entries", []):
        if e["from"] not in SOURCES:
            raise ValueError(f"{regime_id}: ledger entry {e['kind']!r}: from must be one of {SOURCES}")
        entries.append(EntryRule(e["kind"], e["from"], tuple(e.get("values", ())), e["zh"], e["en"], e["cite"]))
    kinds = {e.kind for e in entries}
    thresholds = []
    for t in spec.get("thresholds", []):
        if t["counts"] not in kinds:
            raise ValueError(f"{regime_id}: ledger threshold {t['code']!r} counts an unknown kind {t['counts']!r}")
        thresholds.append(Threshold(t["counts"], t["at"], t["code"], t.get("severity", "info"), t["zh"], t["en"],
                                    t["cite"]))
    cy = spec.get("clean_years")
    clean = CleanYears(cy["period"], cy["names"], cy["code"], cy["zh"], cy["en"], cy["cite"]) if cy else None
    return Declaration(regime_id, tuple(entries), tuple(thresholds), frozenset(spec.get("plunder_findings", ())),
                       clean)
