"""Documents people print and sign (issue 14): an HTML page per document (Jinja2 templates in
``templates/``, the shared stylesheet ``static/print.css``), printed to PDF by Chromium.

Each document NAME has a builder (a Python function) that turns the scenario and the engine's
assessment into a *document model* — every name, description, date and amount already written
out in the document's language — and a template that only lays it out. Japanese and classical
Chinese documents are set vertically (縦書き).

    from wreckmaster.documents import render_pdf
    pdf = render_pdf("settlement", scenario)                   # bytes
    pdf = render_pdf("statement", scenario, party="ishii", lang="en")
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from datetime import date
from typing import Any

from .common import HTML_LANG, LANGS, REGIME_LANG, VERTICAL, Ctx, DocumentProblem
from .pdf import PrinterMissing

__all__ = ["DOCUMENTS", "DocumentProblem", "PrinterMissing", "documents_for", "build", "render_html",
           "render_pdf"]

JP = ("jp-1875", "jp-1899", "jp-1899-2025", "jp-village-ferry")
QING = ("qing-shandong", "qing-taiwan")
ALL = JP + QING + ("fr-epaves",)
TOWN = ("jp-1899-2025",)


@dataclass(frozen=True)
class Spec:
    name: str
    regimes: tuple[str, ...]
    langs: tuple[str, ...]
    builder: str            # "module:function" inside wreckmaster.documents
    title: str              # for help and the web page's links
    needs_party: bool = False


DOCUMENTS: dict[str, Spec] = {s.name: s for s in (
    Spec("settlement", ("jp-1875",), ("ja", "en"), "jp_1875:settlement", "精算書 settlement statement (jp-1875 arts 19–20)"),
    Spec("sea-protest", ("jp-1875",), ("ja", "en"), "jp_1875:sea_protest", "浦証文 sea protest (jp-1875 art 21)"),
    Spec("statement", ALL, LANGS, "statement:statement", "one party's statement: what it is owed and owes",
         needs_party=True),
    Spec("notice", ("jp-1875", "jp-1899", "jp-1899-2025", "fr-epaves") + QING, LANGS, "notice:notice",
         "掲示 / 公告 / avis: the items under notice"),
    Spec("wreck-report", ("jp-1899",), ("ja", "en"), "jp_1899:wreck_report", "船難報告書 wreck report (jp-1899 art 10)"),
    Spec("declaration", ("fr-epaves",), ("fr", "en"), "fr_epaves:declaration", "déclaration d’épave (fr-epaves art 2)"),
    Spec("receipt", ("fr-epaves",), ("fr", "en"), "fr_epaves:receipt", "récépissé de déclaration (fr-epaves art 2)"),
    Spec("county-report", QING, ("zh", "en"), "qing:county_report", "稟 the county’s report (qing-shandong art 5)"),
    Spec("found-report", TOWN, ("ja", "en"), "town:found_report", "拾得届 report of goods found (art 24)"),
    Spec("delivery-receipt", TOWN, ("ja", "en"), "town:delivery_receipt", "受領書 receipt of goods delivered (art 24)"),
    Spec("claim", TOWN, ("ja", "en"), "town:claim", "引渡請求書 the owner's claim (art 27)"),
    Spec("handover", TOWN, ("ja", "en"), "town:handover", "交付書 handover to the finder (art 28)"),
    Spec("owner-receipt", TOWN, ("ja", "en"), "town:owner_receipt", "所有者受領書 the owner's receipt (art 27)"),
)}


def documents_for(regime: str) -> list[str]:
    """The document names a case under this regime can print (for the case page's links)."""
    return [n for n, s in DOCUMENTS.items() if regime in s.regimes]


def _assessment(scenario, assessment: Any, as_of: date | None) -> dict[str, Any]:
    if isinstance(assessment, dict):
        return assessment
    if assessment is not None:
        return assessment.to_json()
    from wreckmaster.law import regime as registry

    if scenario.regime not in registry.available():
        raise DocumentProblem("/regime", f"no regime {scenario.regime!r} is installed to assess this case")
    when = as_of or scenario.as_of or date.today()
    return registry.get(scenario.regime).assess(scenario, when).to_json()


def build(name: str, scenario, assessment: Any = None, party: str | None = None, lang: str | None = None,
          as_of: date | None = None, office: dict[str, Any] | None = None, photo=None) -> dict[str, Any]:
    """The document model of ``name`` for this case (raises :class:`DocumentProblem` on bad input).

    ``office``: the case's office as the store gives it (``Store.office``: name, head_title,
    address, telephone…) — the issuer of its notices and forms; without it the mayor or official
    among the parties. ``photo``: the stored photographs by hash (``photos.Lookup``, the store's),
    printed in the documents that describe items; without it they are left out."""
    spec = DOCUMENTS.get(name)
    if spec is None:
        raise DocumentProblem("NAME", f"unknown document {name!r} (known: {', '.join(DOCUMENTS)})")
    if scenario.regime not in spec.regimes:
        here = documents_for(scenario.regime)
        raise DocumentProblem("NAME", f"{name} is a document of {', '.join(spec.regimes)}; this case is under "
                                      f"{scenario.regime} (its documents: {', '.join(here) or 'none'})")
    lang = lang or REGIME_LANG.get(scenario.regime, "en")
    if lang not in spec.langs:
        raise DocumentProblem("--lang", f"{name} is printed in {' or '.join(spec.langs)}, not {lang!r}")
    if spec.needs_party and party is None:
        raise DocumentProblem("--party", f"{name} is one party's document: name the party with --party ID "
                                         f"(parties: {', '.join(p.id for p in scenario.parties) or 'none'})")
    if party is not None and scenario.party(party) is None and scenario.person(party) is None:
        raise DocumentProblem("--party", f"no party or person {party!r} in this case")
    ctx = Ctx(scenario, _assessment(scenario, assessment, as_of), lang, office, photo)
    module, func = spec.builder.split(":")
    doc = getattr(importlib.import_module(f"{__name__}.{module}"), func)(ctx, party)
    doc.setdefault("name", name)
    doc["lang"] = lang
    doc["html_lang"] = HTML_LANG[lang]
    doc["vertical"] = lang in VERTICAL
    if not doc["vertical"]:           # a horizontal page leaves room to sign beside a printed name (issue 26)
        for section in doc.get("sections", []):
            if section.get("kind") == "signatures":
                section.setdefault("sign_space", True)
    doc.setdefault("template", f"{name}.html")
    doc.setdefault("dated", ctx.as_of)
    return doc


_env = None


def _jinja():
    global _env
    if _env is None:
        from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

        _env = Environment(loader=PackageLoader("wreckmaster.documents", "templates"),
                           autoescape=select_autoescape(["html"]), undefined=StrictUndefined,
                           trim_blocks=True, lstrip_blocks=True)
    return _env


def stylesheet() -> str:
    """The shared print stylesheet (``static/print.css``)."""
    from importlib.resources import files

    return (files(__name__) / "static" / "print.css").read_text(encoding="utf-8")


def html_of(doc: dict[str, Any]) -> str:
    return _jinja().get_template(doc["template"]).render(doc=doc, css=stylesheet())


def render_html(name: str, scenario, assessment: Any = None, party: str | None = None, lang: str | None = None,
                as_of: date | None = None, office: dict[str, Any] | None = None, photo=None) -> str:
    return html_of(build(name, scenario, assessment, party, lang, as_of, office, photo))


def render_pdf(name: str, scenario, assessment: Any = None, party: str | None = None, lang: str | None = None,
               as_of: date | None = None, office: dict[str, Any] | None = None, photo=None) -> bytes:
    """The document as PDF bytes, printed by the process's shared Chromium; the same case as of
    the same day gives the same bytes (dated that day: ``pdf.dated``).

    Raises :class:`DocumentProblem` (bad input: exit 2 / HTTP 422) or :class:`PrinterMissing`."""
    from .pdf import dated, print_pdf

    doc = build(name, scenario, assessment, party, lang, as_of, office, photo)
    return dated(print_pdf(html_of(doc), header=doc.get("running_head")), doc["dated"])
