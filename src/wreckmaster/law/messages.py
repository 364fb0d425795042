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
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .yamlio import LawDataError

FILE = "messages.yaml"


@dataclass(frozen=True)
class Templates:
    """A regime's finding templates: code → language → template."""

    findings: Mapping[str, Mapping[str, str]]

    def template(self, code: str, lang: str, variant: str | None = None) -> str | None:
        """The template of ``code`` in ``lang``; a finding whose sentence takes one of several
        shapes names it by the value ``variant``, its template keyed ``code/variant``."""
        return (self.findings.get(f"{code}/{variant}" if variant else code) or {}).get(lang)

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
    out = _load(BASE, language, ())
    for code, langs in _load(Path(folder), language, ()).items():
        out.setdefault(code, {}).update(langs)
    return Templates(out)


def _load(folder: Path, language: str, seen: tuple[Path, ...]) -> dict[str, dict[str, str]]:
    path = folder / FILE
    if folder in seen:
        raise LawDataError(f"{path}: includes itself")
    if not path.exists():
        return {}
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out: dict[str, dict[str, str]] = {}
    for pkg in data.get("include") or ():
        for code, langs in _load(folder.parent / str(pkg), language, (*seen, folder)).items():
            out.setdefault(code, {}).update(langs)
    for code, row in (data.get("findings") or {}).items():
        langs = {language: str(row)} if isinstance(row, str) else {str(k): str(v) for k, v in row.items()}
        out.setdefault(str(code), {}).update(langs)   # its own win, language by language
    return out

