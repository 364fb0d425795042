"""What every document model uses: the case's names, dates (era dates, 明治九年三月二日 /
光緒十六年二月十五日, with the ISO date in a note), amounts (full-width Arabic figures for the
vertical documents, set upright), article labels (第十九条, art. 2) and fund names, in the
document's language.

Values that carry markup (a date with its note, an amount) are small objects with ``__html__``,
so that the templates stay dumb: ``{{ cell }}``.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Iterable

from markupsafe import Markup, escape

from wreckmaster.law import chinese_calendar
from wreckmaster.law.contributes import DocumentWords, eras_in, law_of, resolve

from . import numerals

LANGS = ("ja", "zh", "fr", "en")
HTML_LANG = {"ja": "ja", "zh": "zh-Hant", "fr": "fr", "en": "en"}
VERTICAL = {"ja", "zh"}

_FULL = str.maketrans("0123456789.,-/%", "０１２３４５６７８９．，－／％")
_UPRIGHT = str.maketrans("0123456789-", "０１２３４５６７８９－")


FUNDS = {
    "government": {"ja": "官費", "zh": "官項", "fr": "l’État", "en": "the State (government)"},
    "local-public": {"ja": "民費", "zh": "地方公款", "fr": "les fonds locaux", "en": "local public funds"},
    "station-fund": {"ja": "救難所費", "zh": "局費", "fr": "la caisse du poste", "en": "the rescue station’s fund"},
    "customs": {"ja": "税関", "zh": "海關", "fr": "la Douane", "en": "customs"},
    "custody": {"ja": "売払代金", "zh": "變價存款", "fr": "le produit de la vente (en dépôt)",
                "en": "the sale proceeds held"},
    "unclaimed": {"ja": "所有者未詳（保管）", "zh": "無主候領", "fr": "propriétaire inconnu (en dépôt)",
                  "en": "held for an unknown owner"},
}

STATUS = {
    "pending": {"ja": "期限未到", "zh": "未到期", "fr": "en cours", "en": "pending"},
    "met": {"ja": "済", "zh": "已辦", "fr": "accompli", "en": "met"},
    "missed": {"ja": "期限徒過", "zh": "逾期", "fr": "en retard", "en": "missed"},
    "ended": {"ja": "消滅", "zh": "已消滅", "fr": "éteint", "en": "ended"},
}


def regime_language(regime_id: str | None) -> str | None:
    """The language a regime's documents are in by default (its ``language``)."""
    law = law_of(regime_id)
    return law.language if law is not None else None


class DocumentProblem(Exception):
    """Bad input for a document: (JSON pointer or option, message), printed as ``error: …``."""

    def __init__(self, pointer: str, message: str):
        super().__init__(f"{pointer}: {message}")
        self.pointer, self.message = pointer, message


@dataclass(frozen=True)
class DateText:
    """A date as the document prints it, with its ISO form in a note."""
    main: str
    iso: str

    vertical: bool = False

    def __html__(self) -> str:
        if self.main == self.iso:       # no era for the day: the ISO date alone, upright in vertical text
            return f'<span class="date">{escape(full_width(self.iso) if self.vertical else self.iso)}</span>'
        # vertical: the ISO date in upright full-width figures, never broken across columns
        iso = full_width(self.iso) if self.vertical else self.iso
        return (f'<span class="date">{escape(self.main)}</span>'
                f'<span class="iso">（{escape(iso)}）</span>')

    def __str__(self) -> str:
        return self.main if self.main == self.iso else f"{self.main} ({self.iso})"


@dataclass(frozen=True)
class AmountText:
    """An amount with its unit (full-width figures, upright, in a vertical document)."""
    text: str

    def __html__(self) -> str:
        # a vertical document's decimal point: a half-width point set upright (縦中横), centred
        # under its figure, where the full-width point's vertical form would read as a comma
        body = str(escape(self.text)).replace("．", '<span class="tcu">.</span>')
        return f'<span class="amount">{body}</span>'

    def __str__(self) -> str:
        return self.text


def full_width(text: str) -> str:
    """Arabic figures as full-width characters (upright in vertical text): 38.000 → ３８．０００."""
    return str(text).translate(_FULL)


class Ctx:
    """One document's view of a case: scenario, assessment (its JSON form), language and date."""

    def __init__(self, scenario, assessment: dict[str, Any], lang: str, office: dict[str, Any] | None = None,
                 photo=None):
        self.scenario = scenario
        #: the stored photographs by hash (``photos.Lookup``: the store's), or None (a case from a file)
        self.photo = photo
        #: the case's office as the store keeps it (name, head_title, address, telephone…), or None
        self.office = office or {}
        self.a = assessment
        self.lang = lang
        self.regime = scenario.regime
        #: the regime (None when it is not installed) and the words the shared documents write for it
        self.law = law_of(scenario.regime)
        self.words = self.law.words if self.law is not None else DocumentWords()
        self.regime_lang = self.law.language if self.law is not None else None
        self.vertical = lang in VERTICAL
        self.as_of = date.fromisoformat(assessment["as_of"])

    def upright(self, text: str | None) -> str | None:
        """Free text as recorded (an address, a telephone number) with its Arabic figures and
        hyphens full-width in a vertical document, so that they stand upright (NFKC gives them back)."""
        if text is None or not self.vertical:
            return text
        return str(text).translate(_UPRIGHT)

    def t(self, labels: dict[str, str]) -> str:
        """The label in this document's language (English when missing)."""
        return labels.get(self.lang) or labels["en"]

    # --- names ---------------------------------------------------------------------
    def name(self, ident: str | None) -> str:
        """A party's, person's or item's name (its description), a fund's name — never a bare id
        unless the scenario gives nothing else."""
        if ident is None:
            return "—"
        if isinstance(ident, (list, tuple)):
            return self.names(ident)
        if ident in FUNDS:
            return self.words.funds[ident] if self.lang == "ja" and ident in self.words.funds \
                else self.t(FUNDS[ident])
        s = self.scenario
        x = s.party(ident) or s.person(ident)
        if x is not None:
            return x.name or ident
        item = s.item(ident)
        if item is not None:
            return item.description or ident
        exp = next((e for e in s.expenses if e.id == ident), None)
        if exp is not None:
            from .labels import EXPENSES

            if self.words.expense_names and self.lang == "ja":
                cat = resolve(self.words.expense_names)().get(exp.category, {})
                if cat.get("ja"):
                    return cat["ja"]
            return self.t(EXPENSES[exp.category]) if exp.category in EXPENSES else exp.category.replace("-", " ")
        return ident

    def duty(self, deadline: dict[str, Any]) -> str:
        """A deadline's duty in this document's language: the regime's own words (``duty_local``)
        when the document is in the case's language, else the English, names for ids."""
        local = deadline.get("duty_local") if self.lang == self.regime_lang else None
        return self.humanize(local or deadline["duty"])

    def humanize(self, text: str) -> str:
        """An engine's sentence (a deadline's duty) with the case's ids replaced by names."""
        import re

        ids = self.scenario._by_id
        return re.sub(r"(?<![\w-])[\w][\w.-]*(?<![.])", lambda m: self.name(m.group(0)) if m.group(0) in ids
                      else m.group(0), text)

    def names(self, idents: Iterable[str] | str | None) -> str:
        if idents is None:
            return "—"
        if isinstance(idents, str):
            idents = [idents]
        sep = "、" if self.vertical else ", "
        return sep.join(self.name(i) for i in idents) or "—"

    def parties_with(self, *roles: str) -> list:
        return [p for p in self.scenario.parties if any(p.has(r) for r in roles)]

    # --- dates ---------------------------------------------------------------------
    def date(self, d: date | str | None) -> DateText | str:
        if d is None:
            return "—"
        if isinstance(d, str):
            d = date.fromisoformat(d)
        iso = d.isoformat()
        era = eras_in(self.lang, self.law)            # the era of the regime's calendar in its language
        if era is not None:
            main = era.write(d) or iso
        else:
            from babel.dates import format_date

            main = format_date(d, "long", locale=self.lang)
            if self.lang == "fr" and d.day == 1:
                main = "1er" + main[1:]                    # le 1er décembre 1917
            own = self.law.calendar.eras if self.law is not None else None
            gloss = own.gloss(d) if self.lang == "en" and own is not None else None
            if gloss:
                main += f" ({gloss})"                   # January 18, 1902 (Meiji 35)
        return DateText(main, iso, self.vertical)

    # --- amounts -------------------------------------------------------------------
    def amount(self, value: str | Decimal | None, currency: str | None = None) -> AmountText | str:
        if value is None:
            return "—"
        cur = currency or self.currency
        if isinstance(value, str):
            text = value                      # as the assessment wrote it (already rounded once)
        else:                                 # a value from the scenario: shown to the currency's unit
            text = self.regime_currency.format(Decimal(value)) if self.regime_currency.code == cur else str(value)
        unit = self.unit_word(cur)
        if self.vertical and numerals.supported(cur, self.lang):
            # official vertical forms write amounts in kanji: 金八千円, 三十八円十二銭五厘
            words = numerals.amount_kanji(text, cur, self.lang)
            minus, words = ("△", words[1:]) if words.startswith("△") else ("", words)
            return AmountText(minus + ("金" if self.lang == "ja" else "") + words)
        if self.vertical:
            return AmountText(full_width(text) + unit)
        if self.lang == "fr":
            whole, _, frac = text.partition(".")
            grouped = f"{int(whole):,}".replace(",", "\u00a0") if whole.lstrip("-").isdigit() else whole
            return AmountText(f"{grouped},{frac} {unit}" if frac else f"{grouped} {unit}")
        return AmountText(f"{text} {unit}")

    def unit_word(self, code: str) -> str:
        """The currency's unit after an amount (its ``words``: the case's regime's currencies first,
        then every registered regime's), else its code."""
        from wreckmaster.law import regime as registry

        def laws():
            if self.law is not None:
                yield self.law
            yield from registry.all_regimes()     # only when the case's regime has no such currency

        for c in (c for law in laws() for c in (law.currency, *law.other_currencies)):
            if c.code == code:
                return dict(c.words).get(self.lang, code)
        return code

    @property
    def regime_currency(self):
        from wreckmaster.law import money

        return self.law.currency if self.law is not None else money.JPY_RIN

    def count(self, n: int) -> str:
        return full_width(str(n)) if self.vertical else str(n)

    @property
    def currency(self) -> str:
        for key in ("awards", "charges"):
            for x in self.a.get(key, []):
                return x["currency"]
        return self.regime_currency.code

    # --- articles ------------------------------------------------------------------
    def cite(self, cite: str) -> str:
        """``x:19`` → 第十九条; ``x:12.2#4`` → 第十二條第二項第四號 (a regime of old-style characters);
        ``x:2.1`` → art. 2, al. 1 in French; English: art 12(2)(iv)."""
        regime, _, rest = cite.partition(":")
        art, _, item = rest.partition("#")
        art, _, para = art.partition(".")
        own = regime == self.regime
        if self.lang in ("ja", "zh") and regime in RULES_BY_NAME:
            # the York-Antwerp Rules, numbered in Roman figures: ヨーク・アントワープ規則 第六規則
            number = _roman(art)
            return f"{RULES_BY_NAME[regime][self.lang]}第{_zh(str(number)) if number else art}規則"
        if self.lang in ("ja", "zh"):
            if art == "order":
                out = "施行令"
            else:
                main, _, branch = art.partition("-")
                old = self.lang == "zh" or _words(regime).old_style
                out = f"第{_zh(main)}{'條' if old else '条'}" + (f"ノ{_zh(branch)}" if branch else "")
                if para:
                    out += f"第{_zh(para)}項"
                if item:
                    out += f"第{_zh(item)}{'號' if old else '号'}"
            return out if own else f"{regime} {out}"
        if art == "order":
            out = "décret d’application" if self.lang == "fr" else "Cabinet Order"
        elif self.lang == "fr" and item and _words(regime).lettered_items:
            out = f"art. {art}, {_letter(item)})"       # art. 4, a): the law letters its items
        elif self.lang == "fr":
            out = f"art. {art}" + (f", al. {para}" if para else "") + (f", {item}°" if item else "")
        else:
            out = f"art {art}" + (f"({para})" if para else "") + (f" item {item}" if item else "")
        return out if own else f"{regime} {out}"

    def cites(self, cites: Iterable[str]) -> str:
        sep = "、" if self.vertical else "; "
        return sep.join(self.cite(c) for c in cites)


#: rules cited by name rather than as a regime (the York-Antwerp Rules a regime incorporates)
RULES_BY_NAME = {"yar-1974": {"ja": "ヨーク・アントワープ規則（一九七四年）", "zh": "約克安特衛普規則（一九七四年）"}}


def _words(regime_id: str) -> DocumentWords:
    """The document words of the regime a citation names (its own or another's)."""
    law = law_of(regime_id) if regime_id not in RULES_BY_NAME else None
    return law.words if law is not None else DocumentWords()


def _roman(text: str) -> int | None:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    if not text or set(text) - set(values):
        return None
    total = 0
    for k, ch in enumerate(text):
        v = values[ch]
        total += -v if k + 1 < len(text) and values[text[k + 1]] > v else v
    return total


def _letter(item: str) -> str:
    return chr(ord("a") + int(item) - 1) if item.isdigit() and 0 < int(item) <= 26 else item


def de(name: str) -> str:
    """French ``de`` before a name, elided before a vowel or a mute h: ``d’Yves``, ``de Marie``."""
    first = unicodedata.normalize("NFD", name.strip()[:1]).lower()[:1]
    return f"d’{name}" if first and first in "aeiouyh" else f"de {name}"


def _zh(number: str) -> str:
    try:
        return chinese_calendar.number_zh(int(number))
    except (ValueError, TypeError):
        return number


def markup(text: str) -> Markup:
    return Markup(text)
