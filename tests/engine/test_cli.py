"""The CLI through the real entry point."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import ROOT, run_cli

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def test_version_and_help():
    v = run_cli("--version")
    assert v.returncode == 0 and v.stdout.startswith("wreckmaster ")
    h = run_cli("assess", "--help")
    assert h.returncode == 0 and "Example" in h.stdout and "--as-of" in h.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_assess_in_both_formats(path: Path):
    table = run_cli("assess", str(path))
    assert table.returncode == 0, table.stderr
    out = json.loads(run_cli("assess", str(path), "--format", "json").stdout)
    assert out["format"] == "wreckmaster.assessment/1"
    assert set(out) >= {"regime", "as_of", "awards", "charges", "deadlines", "findings", "merits", "explanation"}
    for section in ("awards", "charges", "deadlines", "findings", "merits"):
        for entry in out[section]:
            assert entry["cites"], f"{path.name}: {section} entry without citations: {entry}"
    explained = run_cli("assess", str(path), "--explain")
    assert explained.returncode == 0 and "Explanation" in explained.stdout


def test_json_is_exactly_the_spec_shape():
    path = ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
    out = json.loads(run_cli("assess", str(path), "--format", "json").stdout)
    award = out["awards"][0]
    assert list(award) == ["to", "for", "kind", "amount", "currency", "cites"]
    assert isinstance(award["amount"], str) and award["amount"] == "16.000"
    charge = out["charges"][0]
    assert list(charge) == ["payer", "payee", "for", "amount", "currency", "cites"]


def test_as_of_option_overrides_the_scenario():
    path = ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
    out = json.loads(run_cli("assess", str(path), "--format", "json", "--as-of", "1900-01-01").stdout)
    assert out["as_of"] == "1900-01-01"


def test_explain_shows_article_text_gloss_and_readings():
    path = ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml"
    text = run_cli("assess", str(path), "--explain").stdout
    assert "海面ニ漂流スル物品ハ其二十分一" in text          # the article's own words
    assert "gloss: 1. Goods floating" in text                 # our English gloss
    assert "ja: " in text and "en: " in text                  # the case's language and English
    assert "reading jp-1875-12-thirds" in text                # a reading applied, with why
