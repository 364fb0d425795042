"""Every deadline says its duty in the case's language too (``duty_local``), for documents and
pages in that language: Japanese (kana or kanji) for the Japanese regimes, Chinese for the Qing
ones, French for the French law — and the English ``duty`` stays as it was."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wreckmaster.law import regime as registry
from wreckmaster.law.yamlio import load_yaml

from ..conftest import ROOT, assess_json

CASES = sorted(ROOT.glob("examples/*.yaml")) + sorted((ROOT / "tests" / "regimes").glob("*/cases/*.yaml"))
#: what a duty in each language the regimes speak looks like (a regime's language: its registration)
SCRIPT = {"ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"), "zh": re.compile(r"[\u4e00-\u9fff]"),
          "fr": re.compile(r"\b(déclarer|commencer)\b")}


def _language(regime: str) -> str:
    return registry.get(regime).language


@pytest.mark.parametrize("regime", registry.available())
def test_every_regime_speaks_a_language_whose_duties_are_checked(regime):
    assert _language(regime) in SCRIPT, f"{regime}: add the look of a duty in {_language(regime)!r} to SCRIPT"


def _deadlines() -> list[tuple[str, str, dict]]:
    out = []
    for path in CASES:
        doc = load_yaml(path.read_text(encoding="utf-8"))
        doc = doc.get("scenario", doc)
        if not isinstance(doc, dict) or "regime" not in doc:
            continue
        out += [(path.name, doc["regime"], d) for d in assess_json(doc)["deadlines"]]
    return out


DEADLINES = _deadlines()


def test_the_cases_have_deadlines_under_every_regime_that_sets_them():
    assert {r for _n, r, _d in DEADLINES} >= {"jp-1875", "jp-1899", "jp-1899-2025", "jp-village-ferry",
                                             "qing-shandong", "fr-epaves"}


@pytest.mark.parametrize("name, regime, deadline", DEADLINES, ids=[f"{n}:{d['duty'][:30]}" for n, _r, d in DEADLINES])
def test_each_duty_is_also_in_the_cases_language(name, regime, deadline):
    local = deadline.get("duty_local")
    assert local and SCRIPT[_language(regime)].search(local), (name, deadline)
    assert deadline["duty"].isascii() or "’" in deadline["duty"] or "é" in deadline["duty"]   # the English stays
