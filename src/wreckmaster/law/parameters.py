"""A regime's parameters: every number of the law, as dated data with its citation.

``parameters.yaml`` in a regime package (OpenFisca style)::

    salvage_fee.sea.floating:
      description: Salvage fee on goods floating at sea (海面ニ漂流スル物品)
      type: fraction            # fraction | amount | count | period | date | text
      cite: jp-1875:8#1
      value: "1/20"             # or dated values:
      # values: [{since: 1875-04-20, value: "1/20"}, …]

A period is written ``{count: 60, unit: days}`` (units of :mod:`periods`). The parameter
``periods.counting`` (type ``text``: ``calendar``, the default, or ``civil-code``; with its
citation) says how the regime counts periods of months and years; every ``period`` parameter of
the regime is read with it (:func:`periods.civil_code_end`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from . import values
from .periods import COUNTINGS, Period
from .yamlio import read_data


#: the parameter that says how a regime counts periods of months and years (:mod:`.periods`)
COUNTING = "periods.counting"


@dataclass(frozen=True)
class Param:
    name: str
    value: Any
    cite: str
    description: str
    reference: str | None = None

    @cached_property
    def text(self) -> str:
        v = self.value
        if isinstance(v, Fraction):
            return values.fraction_text(v)
        if isinstance(v, Period):
            return v.describe()
        return str(v)


def _convert(kind: str, raw: Any, where: str, counting: str = "calendar") -> Any:
    try:
        if kind == "fraction":
            return values.fraction(raw)
        if kind == "amount":
            return Fraction(values.amount(raw))
        if kind == "number":
            return Fraction(values.number(raw))
        if kind == "count":
            if isinstance(raw, bool) or not isinstance(raw, (int, Decimal)):
                raise ValueError(f"expected a whole number, got {raw!r}")
            return int(raw)
        if kind == "period":
            return Period(int(raw["count"]), raw["unit"], counting)
        if kind == "date":
            return values.iso_date(raw)
        if kind == "text":
            return values.text(raw)
        if kind == "list":
            return list(raw)
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{where}: {exc}") from exc
    raise ValueError(f"{where}: unknown parameter type {kind!r}")


class Parameters:
    """The parameters of one regime, read from its ``parameters.yaml``."""

    def __init__(self, regime: str, raw: dict[str, Any], source: str = "parameters.yaml"):
        self.regime = regime
        self._entries: dict[str, list[tuple[date | None, Param]]] = {}
        counting = (raw.get(COUNTING) or {}).get("value", "calendar")
        if counting not in COUNTINGS:
            raise ValueError(f"{source}: {COUNTING}: expected one of {', '.join(COUNTINGS)}, got {counting!r}")
        for name, spec in raw.items():
            where = f"{source}: {name}"
            kind = spec.get("type", "fraction")
            cite = spec["cite"]
            desc = spec.get("description", name)
            ref = spec.get("reference")
            dated: list[tuple[date | None, Param]] = []
            if "values" in spec:
                for entry in spec["values"]:
                    since = values.iso_date(entry["since"]) if entry.get("since") else None
                    dated.append((since, Param(name, _convert(kind, entry["value"], where, counting), entry.get("cite", cite), desc, ref)))
                dated.sort(key=lambda e: e[0] or date.min)
            else:
                dated.append((None, Param(name, _convert(kind, spec["value"], where, counting), cite, desc, ref)))
            self._entries[name] = dated

    def __contains__(self, name: str) -> bool:
        return name in self._entries

    def names(self) -> list[str]:
        return list(self._entries)

    def param(self, name: str, on: date | None = None) -> Param:
        """The parameter in force on ``on`` (the latest value whose ``since`` is not after it)."""
        try:
            dated = self._entries[name]
        except KeyError:
            raise KeyError(f"{self.regime}: no parameter {name!r}") from None
        if on is None:
            return dated[-1][1]
        chosen = dated[0][1]
        for since, p in dated:
            if since is None or since <= on:
                chosen = p
        return chosen

    def __call__(self, name: str, on: date | None = None) -> Any:
        return self.param(name, on).value

    def all(self) -> list[Param]:
        return [d[-1][1] for d in self._entries.values()]


@lru_cache(maxsize=None)
def load(path: str, regime: str) -> Parameters:
    raw = read_data(Path(path)) or {}
    return Parameters(regime, raw.get("parameters", raw), Path(path).name)
