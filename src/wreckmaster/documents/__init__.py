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

from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache
from typing import Any

from .common import HTML_LANG, LANGS, VERTICAL, Ctx, DocumentProblem, regime_language
from .pdf import PrinterMissing
from wreckmaster.law.contributes import resolve

__all__ = ["DOCUMENTS", "DocumentProblem", "PrinterMissing", "documents_for", "build", "render_html",
           "render_pdf"]

#: the documents every regime may name in its ``documents`` (by name), the others are the regime's own
SHARED = {
    "statement": ("one party's statement: what it is owed and owes", "statement:statement", True),
    "notice": ("掲示 / 公告 / avis: the items under notice", "notice:notice", False),
}


@dataclass(frozen=True)
class Spec:
    name: str
    regimes: tuple[str, ...]
    langs: tuple[str, ...]
    builder: str            # "package.module:function"
    title: str              # for help and the web page's links
    needs_party: bool = False
    templates: Any = None   # the folder of the template (None: templates/)


def _specs_of(regime) -> list[Spec]:
    """The documents a regime declares (``Regime.documents``), a shared one named by its name."""
    out = []
    for d in regime.documents:
        if isinstance(d, str):
            title, builder, party = SHARED[d]
            out.append(Spec(d, (regime.id,), LANGS, f"{__name__}.{builder}", title, party))
        else:
            out.append(Spec(d.name, (regime.id,), tuple(d.langs), d.builder, d.title, d.needs_party, d.templates))
    return out


def _documents() -> dict[str, Spec]:
    """Every registered regime's documents by name, each with the regimes that print it."""
    from wreckmaster.law import regime as registry

    return _documents_of(tuple(registry.available()))


@lru_cache(maxsize=None)
def _documents_of(ids: tuple[str, ...]) -> dict[str, Spec]:
    """The documents of these regimes (cached by the registry's ids: a regime registered late counts)."""
    from wreckmaster.law import regime as registry

    out: dict[str, Spec] = {}
    for r in map(registry.get, ids):
        for s in _specs_of(r):
            have = out.get(s.name)
            out[s.name] = s if have is None else replace(have, regimes=have.regimes + s.regimes)
    return out


def __getattr__(name: str) -> Any:
    if name == "DOCUMENTS":      # filled from the registry on first use
        return _documents()
    raise AttributeError(name)


def documents_for(regime: str) -> list[str]:
    """The document names a case under this regime can print (for the case page's links), in the
    order the regime declares them."""
    from wreckmaster.law import regime as registry

    if regime not in registry.available():
        return []
    return [s.name for s in _specs_of(registry.get(regime))]


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
    spec = _documents().get(name)
    if spec is None:
        raise DocumentProblem("NAME", f"unknown document {name!r} (known: {', '.join(_documents())})")
    if scenario.regime not in spec.regimes:
        here = documents_for(scenario.regime)
        raise DocumentProblem("NAME", f"{name} is a document of {', '.join(spec.regimes)}; this case is under "
                                      f"{scenario.regime} (its documents: {', '.join(here) or 'none'})")
    lang = lang or regime_language(scenario.regime) or "en"
    if lang not in spec.langs:
        raise DocumentProblem("--lang", f"{name} is printed in {' or '.join(spec.langs)}, not {lang!r}")
    if spec.needs_party and party is None:
        raise DocumentProblem("--party", f"{name} is one party's document: name the party with --party ID "
                                         f"(parties: {', '.join(p.id for p in scenario.parties) or 'none'})")
    if party is not None and scenario.party(party) is None and scenario.person(party) is None:
        raise DocumentProblem("--party", f"no party or person {party!r} in this case")
    ctx = Ctx(scenario, _assessment(scenario, assessment, as_of), lang, office, photo)
    doc = resolve(spec.builder)(ctx, party)
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


_envs: dict[Any, Any] = {}


def _jinja(folder=None):
    """The template environment: the regime's template folder first (when it has one), then the
    shared templates and partials (``base.html``, ``_macros.html``)."""
    if folder not in _envs:
        from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PackageLoader, StrictUndefined, select_autoescape

        shared = PackageLoader("wreckmaster.documents", "templates")
        loader = shared if folder is None else ChoiceLoader([FileSystemLoader(str(folder)), shared])
        _envs[folder] = Environment(loader=loader, autoescape=select_autoescape(["html"]), undefined=StrictUndefined,
                                    trim_blocks=True, lstrip_blocks=True)
    return _envs[folder]


def stylesheet() -> str:
    """The shared print stylesheet (``static/print.css``)."""
    from importlib.resources import files

    return (files(__name__) / "static" / "print.css").read_text(encoding="utf-8")


def html_of(doc: dict[str, Any]) -> str:
    spec = _documents().get(doc.get("name"))
    return _jinja(spec.templates if spec is not None else None).get_template(doc["template"]).render(doc=doc, css=stylesheet())


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
