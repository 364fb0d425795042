"""What a regime's law makes of a scenario on a date (SCENARIO.md, "Assessment").

Amounts are given to the builder exactly (:class:`~fractions.Fraction`) and rounded **once**
here, to the currency's smallest unit. An amount split between several recipients or payers
is rounded once and then split by largest remainder (:func:`money.split`).

Every entry carries its citations; :class:`Step` is one line of the explanation a clerk can
check by hand, in English and in the case's language. A rule that makes a step per item may
give its text as a :class:`Later` (a writer and its arguments): the text is written when it
is first read, so an assessment that is never shown, or shown in part, does not pay for
writing every line (issue 16: a large case spent most of its time writing explanation text).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Literal, Mapping, Sequence

from . import money, periods
from .values import exact_text, fraction_text

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Award:
    to: str
    for_: str | None
    kind: str
    amount: Decimal
    currency: str
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Charge:
    payer: str
    payee: str | None
    for_: str | None
    amount: Decimal
    currency: str
    cites: tuple[str, ...]


#: the values of an entry not written by template
_NO_VALUES: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Deadline:
    duty: str
    party: str | None
    due: date
    status: periods.Status
    cites: tuple[str, ...]
    note: str | None = None   # why it is met or missed, when that is not plain (docs/scenario-extensions.md)
    duty_local: str | None = None   # the duty in the case's language (documents and pages in that language)
    #: the duty's template id and values (issue 22, :mod:`.messages`: a page in another language
    #: renders its template there), and the note's; not part of the JSON, which carries the sentences
    message: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)
    note_message: str | None = None
    note_local: str | None = None


@dataclass(frozen=True)
class Finding:
    severity: Severity
    code: str
    message: str
    cites: tuple[str, ...]
    #: the message in the case's language (issue 25): given by the rule, else the regime's
    #: template for the code (``messages.yaml``, :meth:`Regime.localise`); left out when neither
    message_local: str | None = None
    #: the values its template names (issue 22, :mod:`.messages`): ``((name, text), …)``; not
    #: part of the JSON, which carries the sentences
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Merit:
    to: str
    count: int
    cites: tuple[str, ...]


class Later:
    """A step's texts, written when first read: ``write(*args)`` returns ``(en, local)``.

    ``write`` is a plain function of its arguments (not a closure over loop variables, which
    would see their last value), and the arguments are values that do not change afterwards
    (strings, numbers, tuples, or lists nobody mutates). Writing the text later gives the same
    text as writing it now.
    """

    __slots__ = ("write", "args")

    def __init__(self, write: Callable[..., tuple[str, str | None]], *args: Any):
        self.write = write
        self.args = args

    def __repr__(self) -> str:
        return f"Later({self.write.__qualname__}, {len(self.args)} arguments)"


@dataclass(frozen=True)
class Step:
    """One step of the explanation.

    ``rule`` names the rule (a function of the regime); ``overrides`` the base rule that this
    exception overrides; ``en`` and ``local`` the step in English and in the case's language,
    kept in ``text`` and ``text_local`` (for a step given a :class:`Later`, until they are first
    read, ``text`` holds its writer and ``text_local`` its arguments: one object less per step
    than keeping the Later, in a case of a million steps); ``inputs`` the facts used;
    ``params`` the parameters used with their citations; ``exact_value`` the exact value
    before rounding; ``amount_value`` the rounded amount. Values are kept as they are and
    written out only when the step is rendered.
    """

    rule: str
    cites: tuple[str, ...]
    text: str | Callable[..., tuple[str, str | None]]
    text_local: str | tuple[Any, ...] | None = None
    inputs: dict[str, Any] = field(default_factory=dict)
    params: tuple[Any, ...] = ()  # Params, or (name, value, citation) triples
    exact_value: Fraction | None = None
    amount_value: Decimal | None = None
    currency: money.Currency | None = None
    readings: tuple[str, ...] = ()
    overrides: str | None = None
    #: the step's template id and its values (issue 22, :mod:`.messages`), where a template writes it:
    #: a page in another language renders that language's template
    message: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)

    def _write(self) -> None:
        """Write the texts of a :class:`Later` (once; they are kept)."""
        en, local = self.text(*self.text_local)  # type: ignore[operator, misc]
        object.__setattr__(self, "text", en)
        object.__setattr__(self, "text_local", local)

    @property
    def en(self) -> str:
        """The step in English."""
        if type(self.text) is not str:
            self._write()
        return self.text  # type: ignore[return-value]

    @property
    def local(self) -> str | None:
        """The step in the case's language (None when the regime writes English only)."""
        if type(self.text) is not str:
            self._write()
        return self.text_local  # type: ignore[return-value]

    @property
    def exact(self) -> str | None:
        """The exact value before rounding, as a clerk writes it (a decimal, or ``n/d``)."""
        return exact_text(self.exact_value) if self.exact_value is not None else None

    @property
    def amount(self) -> str | None:
        """The rounded amount, in the currency's smallest unit."""
        if self.amount_value is None:
            return None
        return self.currency.format(self.amount_value) if self.currency else str(self.amount_value)

    def parameters(self) -> list[tuple[str, str, str]]:
        """(name, value as written, citation) of each parameter used."""
        return [(p.name, p.text, p.cite) if hasattr(p, "cite") else tuple(p) for p in self.params]


def _shared(table: dict[Any, tuple[str, ...]], key: Any, make: Callable[[Any], tuple[str, ...]]) -> tuple[str, ...]:
    """One shared tuple per distinct key (a large case makes hundreds of thousands of entries
    citing the same few articles and readings); ``make(key)`` builds it the first time."""
    found = table.get(key)
    if found is None:
        if len(table) >= 4096:  # citations and readings are a small fixed set; this bounds a pathological caller
            table.clear()
        found = table[key] = make(key)
    return found


def _unique(key: str | tuple[str, ...]) -> tuple[str, ...]:
    return (key,) if type(key) is str else tuple(dict.fromkeys(key))


_CITES: dict[Any, tuple[str, ...]] = {}
_READINGS: dict[Any, tuple[str, ...]] = {}

#: with this environment variable set to 1 (the tests set it, tests/conftest.py), every citation is
#: resolved against its regime's ``articles.yaml`` when it is first interned: a citation with a typo
#: fails in the rule that wrote it, not later in a reader of the JSON output
STRICT_CITATIONS = "WRECKMASTER_STRICT_CITATIONS"


def _unique_resolved(key: str | tuple[str, ...]) -> tuple[str, ...]:
    """:func:`_unique`, and in strict mode each citation resolved (:func:`.citations.resolve` raises)."""
    out = _unique(key)
    if os.environ.get(STRICT_CITATIONS) == "1":
        from . import citations

        for cite in out:
            citations.resolve(cite)
    return out


def _cites(cites: str | Sequence[str]) -> tuple[str, ...]:
    """The citations as a tuple without repeats, shared (:func:`_shared`)."""
    return _shared(_CITES, cites if type(cites) is str or type(cites) is tuple else tuple(cites), _unique_resolved)


def _readings(readings: Sequence[str]) -> tuple[str, ...]:
    """The readings as a tuple, shared (:func:`_shared`)."""
    return _shared(_READINGS, readings if type(readings) is tuple else tuple(readings), tuple)


class Assessment:
    """The builder and result: awards, charges, deadlines, findings, merits, explanation."""

    def __init__(self, regime: str, as_of: date, currency: money.Currency, language: str = "en",
                 other_currencies: Sequence[money.Currency] = ()):
        self.regime = regime
        self.as_of = as_of
        self.currency = currency
        self.currencies = {c.code: c for c in (*other_currencies, currency)}
        self.language = language
        self.awards: list[Award] = []
        self.charges: list[Charge] = []
        self.deadlines: list[Deadline] = []
        #: the position, among the rules the regime ran (the engine's first rules counted), of the
        #: rule that listed each deadline (the read models merge item groups by it); not in the JSON
        self.deadline_rules: list[int] = []
        self.findings: list[Finding] = []
        self.merits: list[Merit] = []
        self.explanation: list[Step] = []
        #: output keys a regime adds to SCENARIO.md's (docs/scenario-extensions.md), in JSON form
        self.outputs: dict[str, Any] = {}

    # --- money -------------------------------------------------------------------------
    def round(self, exact: Fraction, currency: money.Currency | None = None) -> Decimal:
        return (currency or self.currency).round(exact)

    def _split(self, exact: Fraction | Decimal, n: int, shares: Sequence[Fraction] | None,
               currency: money.Currency | None) -> tuple[money.Currency, list[Decimal]]:
        """The currency and the rounded parts of ``exact`` among ``n`` (by ``shares``, else equally)."""
        cur = currency or self.currency
        return cur, (money.split(exact, shares, cur) if shares else money.split_equal(exact, n, cur))

    def award(self, to: str | Sequence[str], for_: str | None, kind: str, exact: Fraction | Decimal,
              cites: str | Sequence[str], shares: Sequence[Fraction] | None = None,
              currency: money.Currency | None = None) -> list[Award]:
        """Award ``exact`` to one recipient, or split it among several (equally, or by shares).

        A zero award is not recorded.
        """
        recipients = (to,) if isinstance(to, str) else tuple(to)
        cur, parts = self._split(exact, len(recipients), shares, currency)
        cites = _cites(cites)
        out = [Award(r, for_, kind, a, cur.code, cites) for r, a in zip(recipients, parts) if a != 0]
        self.awards.extend(out)
        return out

    def charge(self, payer: str | Sequence[str], payee: str | None, for_: str | None,
               exact: Fraction | Decimal, cites: str | Sequence[str],
               shares: Sequence[Fraction] | None = None,
               currency: money.Currency | None = None) -> list[Charge]:
        """Charge ``exact`` to one payer, or split it among several (equally, or by shares).

        A zero charge is not recorded.
        """
        payers = (payer,) if isinstance(payer, str) else tuple(payer)
        cur, parts = self._split(exact, len(payers), shares, currency)
        cites = _cites(cites)
        out = [Charge(p, payee, for_, a, cur.code, cites) for p, a in zip(payers, parts) if a != 0]
        self.charges.extend(out)
        return out

    def charge_awards(self, awards: Sequence[Award], payer: str, cites: str | Sequence[str]) -> None:
        """Charge each of these (already rounded) awards to one payer, to its recipient."""
        cites = _cites(cites)
        for a in awards:
            if a.amount:
                self.charges.append(Charge(payer, a.to, a.for_, a.amount, a.currency, cites))

    # --- the rest ----------------------------------------------------------------------
    def deadline(self, duty: str, party: str | None, due: date, done_on: date | None,
                 cites: str | Sequence[str], status: periods.Status | None = None, note: str | None = None,
                 local: str | None = None, *, message: str | None = None,
                 values: Mapping[str, Any] | None = None, note_message: str | None = None,
                 note_local: str | None = None) -> Deadline:
        """Add a deadline: ``duty`` in English and, as ``local``, in the case's language (a rule
        gives them by template: :meth:`.regime.Context.deadline`)."""
        d = Deadline(duty, party, due, status or periods.status(due, done_on, self.as_of), _cites(cites), note, local,
                     message, _NO_VALUES if values is None else values, note_message, note_local)
        self.deadlines.append(d)
        return d

    def finding(self, severity: Severity, code: str, message: str, cites: str | Sequence[str],
                local: str | None = None, values: tuple[tuple[str, str], ...] = ()) -> Finding:
        f = Finding(severity, code, message, _cites(cites), local, values)
        self.findings.append(f)
        return f

    def merit(self, to: str, count: int, cites: str | Sequence[str]) -> Merit:
        m = Merit(to, count, _cites(cites))
        self.merits.append(m)
        return m

    def step(self, rule: str, cites: str | Sequence[str], en: str | Later, local: str | None = None, *,
             inputs: dict[str, Any] | None = None, params: Sequence[Any] = (),
             exact: Fraction | None = None, amount: Decimal | None = None,
             readings: Sequence[str] = (), overrides: str | None = None, message: str | None = None,
             values: Mapping[str, Any] | None = None) -> Step:
        """Add a step. ``en`` (and ``local``) are its texts, or ``en`` is a :class:`Later` that
        writes both when they are first read (``local`` is then not given). A rule gives them by
        template (:meth:`.regime.Context.step`), which keeps the ``message`` id and its ``values``."""
        if type(en) is Later:
            if local is not None:
                raise TypeError("a Later writes both texts: local is not given with it")
            en, local = en.write, en.args  # type: ignore[assignment]
        s = Step(rule, _cites(cites), en, local, dict(inputs) if inputs else {}, tuple(params),
                 exact, amount, self.currency, _readings(readings), overrides, message, _NO_VALUES if values is None else values)
        self.explanation.append(s)
        return s

    # --- output ------------------------------------------------------------------------
    def fmt(self, amount: Decimal, code: str) -> str:
        return self.currencies[code].format(amount)

    def to_json(self) -> dict[str, Any]:
        """The assessment exactly as SCENARIO.md writes it."""
        return {
            "format": "wreckmaster.assessment/1",
            "regime": self.regime,
            "as_of": self.as_of.isoformat(),
            "awards": [{"to": a.to, "for": a.for_, "kind": a.kind, "amount": self.fmt(a.amount, a.currency),
                        "currency": a.currency, "cites": list(a.cites)} for a in self.awards],
            "charges": [{"payer": c.payer, "payee": c.payee, "for": c.for_,
                         "amount": self.fmt(c.amount, c.currency), "currency": c.currency,
                         "cites": list(c.cites)} for c in self.charges],
            "deadlines": [{"duty": d.duty, "party": d.party, "due": d.due.isoformat(), "status": d.status,
                           "cites": list(d.cites), **({"note": d.note} if d.note else {}),
                           **({"duty_local": d.duty_local} if d.duty_local else {})} for d in self.deadlines],
            "findings": [{"severity": f.severity, "code": f.code, "message": f.message, "cites": list(f.cites),
                          **({"message_local": f.message_local} if f.message_local else {})}
                         for f in self.findings],
            "merits": [{"to": m.to, "count": m.count, "cites": list(m.cites)} for m in self.merits],
            "explanation": [_step_json(s) for s in self.explanation],
            **self.outputs,
        }


def _step_json(s: Step) -> dict[str, Any]:
    out: dict[str, Any] = {"rule": s.rule, "cites": list(s.cites), "text": s.en}
    if s.local:
        out["text_local"] = s.local
    if s.overrides:
        out["overrides"] = s.overrides
    if s.inputs:
        out["inputs"] = {k: _plain(v) for k, v in s.inputs.items()}
    if s.params:
        out["parameters"] = [{"name": n, "value": v, "cite": c} for n, v, c in s.parameters()]
    if s.exact is not None:
        out["exact"] = s.exact
    if s.amount is not None:
        out["amount"] = s.amount
    if s.readings:
        out["readings"] = list(s.readings)
    return out


def _plain(v: Any) -> Any:
    if isinstance(v, Fraction):
        return fraction_text(v)
    if isinstance(v, (Decimal, date)):
        return str(v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
