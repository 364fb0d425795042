"""A Japanese or Chinese document carries no English word that wreckmaster writes — no label,
duty, kind or reason (issue 26). Names, descriptions and notes stay as they were recorded, so
they are taken out of the page's text before it is searched for Latin words."""
from __future__ import annotations

import re

import pytest

from wreckmaster.documents import DOCUMENTS, DocumentProblem, build, render_pdf

from .conftest import CASES, EXAMPLES, assessment, load, pdf_text, squash

pytestmark = pytest.mark.browser

LATIN = re.compile(r"[A-Za-z]{2,}")
FILES = sorted(EXAMPLES.glob("jp-*.yaml")) + sorted(EXAMPLES.glob("qing-*.yaml")) + sorted(CASES.glob("*.yaml"))


def recorded(s) -> list[str]:
    """Every text the scenario records (names, descriptions, places, notes, marks…)."""
    out = []

    def walk(x):
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
    import yaml

    walk(yaml.safe_load(s))
    return out


def _jobs():
    for path in FILES:
        s = load(path)
        for name, spec in DOCUMENTS.items():
            if s.regime in spec.regimes:
                yield pytest.param(path, name, id=f"{path.stem}-{name}")


@pytest.mark.parametrize("path, name", list(_jobs()))
def test_no_english_on_a_japanese_or_chinese_page(path, name):
    s = load(path)
    a = assessment(s)
    parties = [p.id for p in s.parties] if DOCUMENTS[name].needs_party else [None]
    for party in parties[:3]:
        try:
            model = build(name, s, a, party=party)
        except DocumentProblem:
            continue                    # nothing to print for this party (no goods, nothing under notice)
        if model["lang"] not in ("ja", "zh"):
            continue
        text = pdf_text(render_pdf(name, s, a, party=party))
        for kept in sorted((squash(t) for t in recorded(path.read_text(encoding="utf-8")) if LATIN.search(t)),
                           key=len, reverse=True):
            text = text.replace(kept, "")
        assert not LATIN.findall(text), (party, LATIN.findall(text)[:10])
