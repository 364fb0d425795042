"""Message templates: the prose of findings is the regime's data (issue 22, "prose at the edge").

A rule makes a finding by its code and its values, not by a sentence::

    ctx.finding("warning", "claim-late", CITE, item=item.id, due=due.isoformat())

and the sentences are the regime's ``messages.yaml``, one template a language, with the values
named in braces (Python's ``str.format``)::

    findings:
      claim-late:
        en: "the owner's claim to {item} came after {due}"
        ja: "{item}の所有者の請求は{due}より後である"
      out-of-temporal-scope/hypothetical:   # one shape of the sentence: ctx.finding(…, variant="hypothetical")
        en: "…"
    include: [jp_1899]        # the templates of another package the regime runs the rules of

The English one is the finding's ``message``; the one in the case's language its
``message_local`` (:meth:`.regime.Regime.localise`); a page in another language renders the
template of that language where it has one (:func:`render`). Adding a language to a regime is
adding a line to each template: no engine file changes.

A code whose sentence differs in shape from rule to rule has its variants as codes of their own,
``code/variant``, chosen by the value ``variant`` (:meth:`Templates.template`): ``ctx.finding(…, "owner-unknown", …,
variant="hire")`` reads ``owner-unknown/hire``; the finding's code stays ``owner-unknown``.

A template that is a plain string is the text in the regime's language, without values (the form
issue 25 began with). The values are strings the rule has written already (a date in ISO, an
amount with its unit), so a template gives exactly the sentence the rule would have written.
A value written differently in one language has its twin ``<name>_<lang>`` (``start`` and
``start_fr``, ``period`` and ``period_zh``), which that language's template names.

Steps and duties are templates the same way, in their own sections of the same file::

    steps:                       # ctx.step(rule, cites, "declaration-made", item=…, due=…)
      declaration-made:
        en: "{item}: found on {start}; … in time until {due} inclusive"
        fr: "{item} : … jusqu’au {due_fr} inclus"
    duties:                      # ctx.deadline("declare-find", party, due, done_on, cites, item=…)
      declare-find:
        en: "declare the find of {item} to the administrateur de l’inscription maritime"
        fr: "déclarer l’épave {item} à l’administrateur de l’inscription maritime"
    notes:                       # ctx.deadline(…, note="declared-late", date=…)
      declared-late: {en: "declared on {date}, after the two clear days ending {due}"}

A step's texts are written when first read (:class:`~.assessment.Later`); the step keeps its id
and values, so a page in another language renders that language's template where the regime has
one (:meth:`Templates.render_in`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .yamlio import LawDataError

FILE = "messages.yaml"


def shape(*parts: tuple[str, Any]) -> str | None:
    """The variant of a template whose sentence has optional parts: the names of the parts that are
    there, joined by ``-`` — ``shape(("in-full", done_on), ("grace", grace))`` is ``"in-full-grace"``
    when both are — or None (the template without a variant) when none is."""
    return "-".join(name for name, there in parts if there) or None


#: the sections of ``messages.yaml``: what each template writes
SECTIONS = ("findings", "steps", "duties", "notes")
_SINGULAR = {"findings": "finding", "steps": "step", "duties": "duty", "notes": "note"}


@dataclass(frozen=True)
class Templates:
    """A regime's templates: code → language → template, for its findings (and, by section, its
    steps, duties and deadline notes: :meth:`section`)."""

    findings: Mapping[str, Mapping[str, str]]
    steps: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    duties: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def section(self, name: str) -> Mapping[str, Mapping[str, str]]:
        """The templates of one section (:data:`SECTIONS`)."""
        return getattr(self, name)

    def row(self, section: str, key: str, variant: str | None = None) -> Mapping[str, str]:
        """The templates of ``key`` by language (of ``key/variant`` for a variant), empty where
        the section has none."""
        return self.section(section).get(f"{key}/{variant}" if variant else key) or {}

    def text(self, section: str, key: str, lang: str, values: Mapping[str, Any]) -> str | None:
        """The step, duty or note ``key`` in ``lang`` with its values (its ``variant`` choosing
        ``key/variant``), or None where the regime has no template in that language."""
        t = self.row(section, key, values.get("variant")).get(lang)
        return None if t is None else t.format_map(values)

    def english(self, section: str, key: str, values: Mapping[str, Any]) -> str:
        """The English of a step, duty or note: a key without one raises at once (:class:`KeyError`)."""
        out = self.text(section, key, "en", values)
        if out is None:
            variant = values.get("variant")
            raise KeyError(f"no English template for {_SINGULAR[section]} {key!r}"
                           f"{f' (variant {variant!r})' if variant else ''} in {FILE}")
        return out

    def render_in(self, section: str, key: str | None, lang: str,
                  values: Mapping[str, Any] | tuple[tuple[str, Any], ...]) -> str | None:
        """What a page in ``lang`` shows for a step, duty or note the engine kept by ``key`` and
        its values (a step's and a duty's: a mapping; a finding's: pairs), or None: the regime has
        no template in that language, or the text is not a template."""
        if key is None:
            return None
        return self.text(section, key, lang, values if isinstance(values, Mapping) else dict(values))

    def template(self, code: str, lang: str, variant: str | None = None) -> str | None:
        """The template of ``code`` in ``lang``; a finding whose sentence takes one of several
        shapes names it by the value ``variant``, its template keyed ``code/variant``."""
        return self.row("findings", code, variant).get(lang)

    def render(self, code: str, lang: str, values: Mapping[str, str]) -> str | None:
        """The finding ``code`` in ``lang`` with its values, or None where the regime has no template."""
        t = self.template(code, lang, values.get("variant"))
        return None if t is None else t.format_map(dict(values))

    def __contains__(self, code: object) -> bool:
        return code in self.findings or any(str(k).startswith(f"{code}/") for k in self.findings)

    def __iter__(self):
        return iter(self.findings)


#: the engine's own findings (the period in force, facts after ``as_of``: :mod:`.scope`), under
#: every regime's templates
BASE = Path(__file__).parent


def load(folder: Path, language: str) -> Templates:
    """The templates of the package in ``folder`` (its ``messages.yaml``), with those of the
    packages it includes under them and the engine's (:data:`BASE`) under all (its own win)."""
    sections: dict[str, dict[str, dict[str, str]]] = {}
    for name in SECTIONS:
        out = _load(BASE, language, (), name)
        for code, langs in _load(Path(folder), language, (), name).items():
            out.setdefault(code, {}).update(langs)
        sections[name] = out
    return Templates(**sections)


def _load(folder: Path, language: str, seen: tuple[Path, ...], section: str = "findings") -> dict[str, dict[str, str]]:
    path = folder / FILE
    if folder in seen:
        raise LawDataError(f"{path}: includes itself")
    if not path.exists():
        return {}
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out: dict[str, dict[str, str]] = {}
    for pkg in data.get("include") or ():
        for code, langs in _load(folder.parent / str(pkg), language, (*seen, folder), section).items():
            out.setdefault(code, {}).update(langs)
    for code, row in (data.get(section) or {}).items():
        langs = {language: str(row)} if isinstance(row, str) else {str(k): str(v) for k, v in row.items()}
        out.setdefault(str(code), {}).update(langs)   # its own win, language by language
    return out

