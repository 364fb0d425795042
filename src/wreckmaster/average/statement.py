"""The adjustment as an average adjuster's statement (``wreckmaster average --explain``).

I. Schedule of allowances — each sacrifice and expenditure with the rule it rests on, its
   commission (Rule XX) and interest (Rule XXI), exact and rounded; the totals.
II. Schedule of contributory values (Rule XVII).
III. The rate of contribution.
IV. Apportionment and balances: who pays, who receives; the balances add up to zero.
V. The rules cited, resolved against ``rules.yaml`` (our summaries: the Rules' wording is not
   among the seeds), and the readings applied.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterator

from wreckmaster.law import citations
from wreckmaster.law.values import exact_decimal, exact_text

from .adjust import Adjustment

WIDTH = 96
READINGS = ("yar-1974-XX-commission-base", "yar-1974-XX-rounding", "yar-1974-XXI-interest",
            "yar-1974-XXI-rounding", "yar-1974-XVII-apportionment")


def _rule_name(cite: str) -> str:
    try:
        r = citations.resolve(cite)
    except citations.CitationError:
        return cite
    title = (r.article.get("title") or {}).get("en") or ""
    return f"{r.article.get('heading') or cite} ({title})" if title else (r.article.get("heading") or cite)


def _short(cite: str) -> str:
    return cite.split(":", 1)[1]


def statement_lines(a: Adjustment) -> Iterator[str]:
    cur = a.currency
    amt_w = max(14, max((len(_fmt(a, v)) for v in (a.total, a.contributory_total)), default=14) + 2)

    def row(label: str, units: int, indent: int = 6) -> str:
        text = " " * indent + label + " "
        return text + "." * max(2, WIDTH - len(text) - amt_w - 1) + " " + _fmt(a, units).rjust(amt_w)

    cited: list[str] = []

    def cite(c: str) -> str:
        if c not in cited:
            cited.append(c)
        return "Rule " + _short(c) if _short(c) != "Rule of Interpretation" else _short(c)

    yield "GENERAL AVERAGE ADJUSTMENT — York-Antwerp Rules 1974 (yar-1974)"
    yield f"Statement drawn up to {a.adjusted_on.isoformat()}; amounts in {cur.code}, rounded once, half up, " \
          f"to the smallest unit ({a.money(1)} {cur.code})."
    yield ""
    yield "I. SCHEDULE OF ALLOWANCES (sacrifices and expenditures made good in general average)"
    cite("yar-1974:A")
    if not a.lines:
        yield "      none"
    shares = {s.id: s for s in a.shares}
    for ln in a.lines:
        rules = ", ".join(cite(r) for r in ln.rules) if ln.rules else "rule not stated"
        who = shares[ln.to]
        whose = f"{ln.to} ({who.kind}{', owner ' + who.owner if who.owner else ''})"
        if ln.type == "sacrifice":
            head = f"sacrifice of {whose}"
        else:
            head = f"{ {'disbursement': 'disbursement', 'wages': 'crew wages and maintenance', 'fuel': 'fuel and stores'}[ln.kind]} paid by {whose}"
        yield f"  {ln.number}. {ln.description or '(no description)'} — {head}, {ln.date.isoformat()} — {rules}"
        yield row("amount made good" if ln.type == "sacrifice" else "amount", ln.amount)
        if ln.type == "expenditure":
            if ln.kind == "disbursement":
                yield row(f"commission {_pct(a.commission_rate.value)} ({cite('yar-1974:XX')})", ln.commission)
                yield f"          {_fmt(a, ln.amount)} × {_pct(a.commission_rate.value)} = {_exact(a, ln.commission_exact)}"
            else:
                cite("yar-1974:XX")
                yield f"      no commission: {'crew wages and maintenance' if ln.kind == 'wages' else 'fuel and stores not replaced'} (Rule XX)"
        yield row(f"interest {_pct(a.interest_rate.value)} a year, {ln.days} days ({cite('yar-1974:XXI')})", ln.interest)
        yield f"          {_fmt(a, ln.amount)} × {_pct(a.interest_rate.value)} × {ln.days}/{a.days_in_year.value} " \
              f"= {_exact(a, ln.interest_exact)}"
        yield row(f"allowed to {ln.to}", ln.allowed)
    yield "  Totals"
    yield row("sacrifices made good", a.sacrifices)
    yield row("expenditures", a.expenditures)
    yield row("commission (Rule XX)", a.commission)
    yield row("interest (Rule XXI)", a.interest)
    yield row("TOTAL TO BE MADE GOOD IN GENERAL AVERAGE", a.total)
    yield ""
    yield f"II. SCHEDULE OF CONTRIBUTORY VALUES ({cite('yar-1974:XVII')}: arrived value + amount made good)"
    for s in a.shares:
        extra = f" + made good {_fmt(a, s.made_good)}" if s.made_good else ""
        yield row(f"{s.id} ({s.kind}{', owner ' + s.owner if s.owner else ''}): arrived {_fmt(a, s.arrived_value)}{extra}",
                  s.contributory_value)
    yield row("TOTAL CONTRIBUTORY VALUES", a.contributory_total)
    yield ""
    yield "III. RATE OF CONTRIBUTION"
    yield f"      {_fmt(a, a.total)} ÷ {_fmt(a, a.contributory_total)} = {exact_text(a.rate)} " \
          f"= {a.rate_percent()} of each contributory value"
    yield ""
    yield "IV. APPORTIONMENT AND BALANCES (balance = allowance − contribution; + receives, − pays)"
    w = amt_w
    yield "      " + "interest".ljust(22) + "contributory".rjust(w) + "contribution".rjust(w) + \
          "allowance".rjust(w) + "balance".rjust(w)
    for s in a.shares:
        yield "      " + s.id[:22].ljust(22) + _fmt(a, s.contributory_value).rjust(w) + _fmt(a, s.contribution).rjust(w) + \
              _fmt(a, s.allowance).rjust(w) + _signed(a, s.balance).rjust(w) + \
              ("  receives" if s.balance > 0 else "  pays" if s.balance < 0 else "")
    yield "      " + "TOTAL".ljust(22) + _fmt(a, a.contributory_total).rjust(w) + \
          _fmt(a, sum(s.contribution for s in a.shares)).rjust(w) + \
          _fmt(a, sum(s.allowance for s in a.shares)).rjust(w) + _signed(a, sum(s.balance for s in a.shares)).rjust(w)
    for s in a.shares:
        floor = s.contribution_exact.numerator // s.contribution_exact.denominator
        extra = s.contribution - floor
        note = f" (largest remainder: +{_fmt(a, extra)})" if extra else ""
        yield f"      {s.id}: rate × {_fmt(a, s.contributory_value)} = " \
              f"{_exact(a, s.contribution_exact)} → {_fmt(a, s.contribution)}{note}"
    yield "      Contributions are the total split in proportion to the contributory values by largest remainder "
    yield "      (ties to the interest listed first), so they add up exactly to the total and the balances to zero."
    yield ""
    yield "V. RULES CITED (summaries of our own: the Rules' wording is not among the seeds)"
    for c in cited:
        try:
            r = citations.resolve(c)
        except citations.CitationError as exc:  # pragma: no cover - validated input
            yield f"  {c}: ({exc})"
            continue
        yield f"  {c} — {_rule_name(c)}"
        yield f"      {r.node.get('known') or r.gloss() or ''}"
    readings = citations.readings("yar-1974")
    yield "  Readings applied:"
    for rid in READINGS:
        r = readings.get(rid)
        if r is not None:
            yield f"  {rid} ({r['cite']}): {r.get('reading', '')}"


def _fmt(a: Adjustment, units: int) -> str:
    text = a.money(units)
    whole, _, frac = text.partition(".")
    sign = "-" if whole.startswith("-") else ""
    whole = f"{int(whole.lstrip('-')):,}"
    return sign + whole + ("." + frac if frac else "")


def _signed(a: Adjustment, units: int) -> str:
    return ("+" if units > 0 else "") + _fmt(a, units)


def _exact(a: Adjustment, units_exact: Fraction) -> str:
    """An exact value: its decimal when it terminates, else ``14115.0685… (1030400/73)``."""
    value = units_exact * a.currency.unit
    text = exact_text(value)
    if "/" not in text:
        return text
    approx = exact_decimal(Fraction(int(value * 10000), 10000))  # cut toward zero, exactly (any digits)
    return f"{format(approx, '.4f')}… ({text})"


def _pct(rate: Fraction) -> str:
    return exact_text(rate * 100) + " %"
