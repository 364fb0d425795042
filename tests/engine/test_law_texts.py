"""Articles as data: every citation resolves; `regimes`, `article`, `coverage`."""
from __future__ import annotations

import json
import re

import pytest

from wreckmaster.coverage import cites_in_text, citations_in_code, citations_in_tests
from wreckmaster.law import citations
from wreckmaster.law.regime import available

from ..conftest import ROOT, laws_not_regimes, run_cli

REGIMES = available()
#: every law a citation may name: the registered regimes, and the law that is no regime (its
#: ``rules.yaml`` begins ``regime: <id>``, law/citations.py: average/rules.yaml, the York-Antwerp Rules)
LAWS = REGIMES + sorted(laws_not_regimes())
#: a citation of any of them (the longest id first: jp-1899-2025 before jp-1899)
CITATION = re.compile(r"(?<![\w-])((?:" + "|".join(map(re.escape, sorted(LAWS, key=len, reverse=True)))
                      + r"):[0-9A-Z]+(?:-\d+)?(?:\.\d+)?(?:#\d+)?)(?![\w{])")


def all_citations() -> set[str]:
    """Every citation written anywhere in the code, the tests and the examples."""
    out = set()
    for path in list((ROOT / "src").rglob("*.py")) + list((ROOT / "src").rglob("parameters.yaml")) \
            + list((ROOT / "tests").rglob("*.py")) + list((ROOT / "tests").rglob("*.yaml")) \
            + list((ROOT / "examples").rglob("*.yaml")):
        for m in CITATION.finditer(path.read_text(encoding="utf-8")):
            out.add(m.group(1))
    return out


def test_every_citation_resolves():
    problems = []
    for cite in sorted(all_citations()):
        try:
            citations.resolve(cite)
        except citations.CitationError as exc:
            problems.append(str(exc))
    assert not problems, problems


def test_spec_citation_examples_resolve():
    # SCENARIO.md: the seed's lone item 四 of jp-1899 art 12 ¶2; the paragraph printed under art 4
    assert citations.resolve("jp-1899:12.2#4").original().startswith("四 救護ニ際シ妨害")
    assert citations.resolve("jp-1899:5.2").original().startswith("前項ノ規定ハ市町村長")
    absent = citations.resolve("jp-1899:5.1")
    assert absent.absent and absent.original() is None
    assert citations.resolve("jp-1875:8#2").original() == "第二 海中ニ沈没スル物品ハ其十分一"
    assert citations.resolve("qing-shandong:4").original()
    assert citations.resolve("fr-epaves:4").original()


@pytest.mark.parametrize("regime", REGIMES)
def test_articles_are_complete_and_glossed(regime):
    law = citations.law(regime)
    assert law["regime"] == regime
    assert law["title"]["en"]
    for art in law["articles"]:
        for p in art.get("paragraphs", []) or []:
            assert p.get("gloss"), f"{regime}:{art['number']}.{p.get('number')} has no gloss"
            assert p.get("text") or p.get("absent"), f"{regime}:{art['number']}.{p.get('number')} has no text"
            for it in p.get("items", []) or []:
                assert it.get("gloss"), f"{regime}:{art['number']}.{p['number']}#{it['number']} has no gloss"


@pytest.mark.parametrize("regime", REGIMES)
def test_seed_text_is_kept_exactly(regime):
    """Every article's original wording appears verbatim in its seed file."""
    law = citations.law(regime)
    seed = (ROOT.parent / "shared" / "seeds" / law["seed"])
    if not seed.exists():
        pytest.skip("shared/seeds not beside the checkout")
    text = seed.read_text(encoding="utf-8")
    for art in law["articles"]:
        for p in art.get("paragraphs", []) or []:
            for node in [p] + list(p.get("items", []) or []):
                if not node.get("text"):
                    continue
                if node.get("variants"):
                    # a corrupt passage set aside as a variant: the good reading is the seed
                    # around it, so each of its sentences stands in the seed as printed
                    pieces = [p for p in node["text"].split("。") if p.strip()]
                    for v in node["variants"]:
                        assert v["text"] in text
                else:
                    pieces = [node["text"]]
                for piece in pieces:
                    assert piece in text, f"{regime}:{art['number']}: {piece[:40]!r} not in the seed"


def test_regimes_command_lists_all():
    out = json.loads(run_cli("regimes", "--format", "json").stdout)
    assert [r["id"] for r in out] == REGIMES
    jp = next(r for r in out if r["id"] == "jp-1875")
    assert jp["title"] == "難破船救助規則" and jp["jurisdiction_en"] == "Japan"


def test_article_command():
    r = run_cli("article", "jp-1875:8#2")
    assert r.returncode == 0 and "海中ニ沈没スル物品ハ其十分一" in r.stdout and "gloss" in r.stdout
    j = json.loads(run_cli("article", "jp-1899:12.2#4", "--format", "json").stdout)
    assert j["citation"] == "jp-1899:12.2#4" and not j["absent"]
    missing = run_cli("article", "jp-1875:" + "99")  # built, so the citation scan does not read it
    assert missing.returncode == 2 and missing.stderr.startswith("error: jp-1875:" + "99: ")
    bad = run_cli("article", "not a citation")
    assert bad.returncode == 2


@pytest.mark.parametrize("regime", REGIMES)
def test_coverage_runs_and_accounts_for_every_article(regime):
    r = run_cli("coverage", regime, "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    numbers = [str(a["number"]) for a in citations.law(regime)["articles"]]
    assert [row["article"] for row in rows] == numbers
    for row in rows:
        assert set(row) == {"article", "status", "rules", "tests", "reason"}
        assert row["status"] in ("implemented", "not-applicable", "missing")
        if row["status"] != "implemented":
            assert row["reason"], f"{regime}:{row['article']} is {row['status']} without a reason"


def test_coverage_is_built_from_citations():
    assert ("jp-1875", "8") in citations_in_code() or any(k[0] == "jp-1875" for k in citations_in_code())
    assert ("jp-1875", "8") in citations_in_tests()
    assert cites_in_text('x = "jp-1899:16.6" and fr-epaves:4') == [("jp-1899", "16"), ("fr-epaves", "4")]
