"""The same facts under several regimes, side by side (`wreckmaster compare`), for historians.

Each regime runs on the same scenario with ``regime`` replaced; where the casualty falls
outside that regime's period in force, it runs again with ``case.hypothetical: true`` (the
warning shows in its findings). Each ``assessment`` is exactly ``assess --format json`` of
that scenario. Amounts are never converted silently: every value of the scenario is read as
an amount in each regime's own currency (120 yen become 120 taels) and the comparison says
so; only the user's own rates (``--rates``, each with its date and source) convert totals for
a common column.
"""
from __future__ import annotations

import copy
from collections import defaultdict
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

FORMAT = "wreckmaster.comparison/1"
OUT_OF_PERIOD = "out-of-temporal-scope"


class RatesProblem(Exception):
    def __init__(self, pointer: str, message: str):
        super().__init__(f"{pointer}: {message}")
        self.pointer, self.message = pointer, message


def parse_rates(doc: Any) -> list[dict[str, Any]]:
    """``rates: [{from: TAEL, to: JPY, rate: "1.5", on: DATE, source: TEXT}]``; raises RatesProblem."""
    if not isinstance(doc, dict) or not isinstance(doc.get("rates"), list) or set(doc) - {"rates"}:
        raise RatesProblem("/", "expected `rates:` — a list of {from, to, rate, on, source}")
    out = []
    targets = set()
    for i, r in enumerate(doc["rates"]):
        where = f"/rates/{i}"
        if not isinstance(r, dict):
            raise RatesProblem(where, "expected {from, to, rate, on, source}")
        # YAML 1.1 reads a bare `on:` key as the boolean true: it is the key `on` here
        r = {("on" if k is True else k): v for k, v in r.items()}
        extra = sorted(set(r) - {"from", "to", "rate", "on", "source"})
        if extra:
            raise RatesProblem(f"{where}/{extra[0]}", "unknown key (expected from, to, rate, on, source)")
        for key in ("from", "to", "rate", "on", "source"):
            if r.get(key) in (None, ""):
                raise RatesProblem(f"{where}/{key}", "required: a rate is the user's own, with its date and source")
        try:
            rate = Fraction(str(r["rate"]))
        except (ValueError, ZeroDivisionError):
            raise RatesProblem(f"{where}/rate", f"expected an exact decimal or fraction, got {r['rate']!r}") from None
        if rate <= 0:
            raise RatesProblem(f"{where}/rate", f"must be positive, got {r['rate']!r}")
        try:
            on = date.fromisoformat(str(r["on"]))
        except ValueError:
            raise RatesProblem(f"{where}/on", f"expected a date YYYY-MM-DD, got {r['on']!r}") from None
        targets.add(str(r["to"]))
        out.append({"from": str(r["from"]), "to": str(r["to"]), "rate": rate, "on": on.isoformat(),
                    "source": str(r["source"])})
    if len(targets) > 1:
        raise RatesProblem("/rates", f"all rates must convert to one common currency, got {', '.join(sorted(targets))}")
    return out


def run_one(doc: dict[str, Any], regime: str, as_of: date | None) -> tuple[dict[str, Any], bool]:
    """The assessment JSON of ``doc`` under ``regime`` (hypothetical where out of period)."""
    from wreckmaster.law import regime as registry
    from wreckmaster.pipeline import validated as validate  # the one pipeline (issue 25)

    d = copy.deepcopy(doc)
    d["regime"] = regime
    hypothetical = bool((d.get("case") or {}).get("hypothetical"))
    scenario = validate(d, set(registry.available()))
    when = as_of or scenario.as_of or date.today()
    result = registry.get(regime).assess(scenario, when).to_json()
    if not hypothetical and any(f["code"] == OUT_OF_PERIOD and f["severity"] == "error" for f in result["findings"]):
        d["case"] = {**d["case"], "hypothetical": True}
        scenario = validate(d, set(registry.available()))
        result = registry.get(regime).assess(scenario, when).to_json()
        hypothetical = True
    return result, hypothetical


def by_party(assessment: dict[str, Any]) -> dict[str, dict[str, dict[str, Decimal]]]:
    """For each party or fund: what it is awarded and what it bears, per currency."""
    out: dict[str, dict[str, dict[str, Decimal]]] = defaultdict(lambda: {"awarded": defaultdict(Decimal),
                                                                         "bears": defaultdict(Decimal)})
    for a in assessment["awards"]:
        out[a["to"]]["awarded"][a["currency"]] += Decimal(a["amount"])
    for c in assessment["charges"]:
        out[c["payer"]]["bears"][c["currency"]] += Decimal(c["amount"])
    return out


def drivers(assessment: dict[str, Any], top: int = 4) -> list[str]:
    """The articles that carry the most money in this assessment, largest first."""
    weight: dict[str, Decimal] = defaultdict(Decimal)
    for entry in [*assessment["awards"], *assessment["charges"]]:
        for cite in entry["cites"]:
            weight[cite] += Decimal(entry["amount"])
    return [c for c, _ in sorted(weight.items(), key=lambda kv: (-kv[1], kv[0]))[:top]]


def verdict(regime: str, assessment: dict[str, Any], hypothetical: bool) -> str:
    errors = [f for f in assessment["findings"] if f["severity"] == "error"]
    warnings = [f for f in assessment["findings"] if f["severity"] == "warning"]
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for a in assessment["awards"]:
        totals[a["currency"]] += Decimal(a["amount"])
    money = ", ".join(f"{v} {k}" for k, v in sorted(totals.items())) or "nothing"
    cites = drivers(assessment)
    parts = [f"{regime}{' (hypothetical: outside its period in force)' if hypothetical else ''}: awards {money}"]
    parts.append(f"driven by {', '.join(cites)}" if cites else "no article gives an award on these facts")
    if errors:
        parts.append(f"{len(errors)} error finding(s): {', '.join(sorted({f['code'] for f in errors}))}")
    if warnings:
        parts.append(f"{len(warnings)} warning(s)")
    return "; ".join(parts)


def compare(doc: dict[str, Any], regimes: list[str], *, as_of: date | None = None,
            rates: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    results = []
    for regime in regimes:
        assessment, hypothetical = run_one(doc, regime, as_of)
        parties = by_party(assessment)
        entry: dict[str, Any] = {
            "regime": regime,
            "hypothetical": hypothetical,
            "assessment": assessment,
            "parties": {p: {k: {cur: str(v) for cur, v in d.items()} for k, d in sides.items()}
                        for p, sides in sorted(parties.items())},
            "verdict": verdict(regime, assessment, hypothetical),
            "drivers": drivers(assessment),
        }
        if rates:
            entry["converted"] = _convert(parties, rates)
        results.append(entry)
    return {
        "format": FORMAT,
        "note": "Amounts are not converted between regimes: every value in the scenario is read as an amount "
                "in each regime's own currency (a value of 120 is 120 yen under jp-1875 and 120 taels under "
                "qing-shandong)." + (" The `converted` columns use only the rates given, with their sources."
                                     if rates else ""),
        "rates": [{**r, "rate": _frac_text(r["rate"])} for r in rates or []],
        "results": results,
    }


def _convert(parties, rates) -> dict[str, Any]:
    """Each party's totals in the rates' common currency; a currency without a rate is named, not guessed."""
    target = rates[0]["to"]
    table = {r["from"]: r for r in rates}
    out: dict[str, Any] = {"currency": target, "parties": {}, "no_rate": []}
    missing: set[str] = set()
    for p, sides in parties.items():
        row = {}
        for side, amounts in sides.items():
            total = Fraction(0)
            for cur, v in amounts.items():
                if cur == target:
                    total += Fraction(v)
                elif cur in table:
                    total += Fraction(v) * table[cur]["rate"]
                else:
                    missing.add(cur)
            row[side] = _round(total)
        out["parties"][p] = row
    out["no_rate"] = sorted(missing)
    return out


def _round(x: Fraction) -> str:
    """A converted figure for comparison only: two decimals, half up (not an amount of any law)."""
    from wreckmaster.law.money import round_half_up_units

    return str(Decimal(round_half_up_units(x, Fraction(1, 100))).scaleb(-2))


def _frac_text(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
