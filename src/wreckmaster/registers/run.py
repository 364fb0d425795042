"""Assess many records: in order, in parallel over processes, streaming.

The output has one JSON line per record, in input order::

    {"source": "register.csv", "line": 12, "status": "assessed", "assessment": {…}}
    {"source": "register.csv", "line": 13, "status": "error", "errors": ["error: /items/0/value: …"]}

``assessment`` is exactly ``assess --format json`` of the record's scenario. Records travel
to the workers in chunks, and at most a few chunks per worker are in flight, so memory stays
flat however long the register is.
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Callable, Iterable, Iterator

from .sources import Record

CHUNK = 32
IN_FLIGHT_PER_JOB = 4

_MAPPING = None
_AS_OF: date | None = None
_LEDGER = False


@dataclass
class Outcome:
    """One record's output line and what the summary needs of it."""

    line: str
    ok: bool
    regime: str | None = None
    awards: list[tuple[str, str]] = field(default_factory=list)      # (currency, amount)
    charges: list[tuple[str, str]] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)                # "severity:code"
    ledger: Any = None      # with --ledger: the case for the officials' ledger (wreckmaster.ledger.derive.Assessed)


def _init(mapping_doc: Any, as_of: date | None, ledger: bool = False) -> None:
    global _MAPPING, _AS_OF, _LEDGER
    from .mapping import parse

    _MAPPING = parse(mapping_doc) if mapping_doc is not None else None
    _AS_OF = as_of
    _LEDGER = ledger


def _document(rec: Record) -> Any:
    """The record's scenario document; raises :class:`_Bad` with (where, message) problems."""
    if rec.kind == "row":
        from .mapping import RowProblem

        assert _MAPPING is not None
        try:
            return _MAPPING.row_to_scenario(rec.payload)  # type: ignore[arg-type]
        except RowProblem as exc:
            raise _Bad(exc.problems) from None
    if rec.kind == "json":
        from wreckmaster.law.yamlio import DuplicateKeys, load_json

        try:
            return load_json(str(rec.payload))
        except DuplicateKeys as exc:   # a key written twice: its pointer, as validation names fields
            raise _Bad(exc.problems) from None
        except (ValueError, RecursionError) as exc:
            raise _Bad([(f"{rec.source} line {rec.line}", f"not valid JSON: {getattr(exc, 'msg', exc)}")]) from None
    from wreckmaster.files import FileProblem, read_document

    try:
        return read_document(str(rec.payload))
    except FileProblem as exc:
        raise _Bad(exc.problems) from None


class _Bad(Exception):
    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__(problems)
        self.problems = problems


def assess_record(rec: Record) -> Outcome:
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import InvalidScenario
    from wreckmaster.pipeline import validated as validate  # the one pipeline (issue 25)

    head = {"source": rec.source, "line": rec.line}
    try:
        doc = _document(rec)
        if not isinstance(doc, dict):
            raise _Bad([("", "not a scenario: expected a mapping (a JSON object) at the top")])
        try:
            scenario = validate(doc, set(registry.available()))
            when = _AS_OF or scenario.as_of or date.today()
            result = registry.get(scenario.regime).assess(scenario, when).to_json()
        except InvalidScenario as exc:   # also a case that occurred after --as-of
            raise _Bad(list(exc.problems)) from None
    except _Bad as exc:
        errors = [f"error: {p}: {m}" for p, m in exc.problems]
        return Outcome(json.dumps({**head, "status": "error", "errors": errors}, ensure_ascii=False), False)
    except Exception as exc:  # a defect of ours: the record is reported, the batch goes on
        errors = [f"error: {rec.source}: internal error while assessing line {rec.line}: {type(exc).__name__}: {exc}"]
        return Outcome(json.dumps({**head, "status": "error", "errors": errors}, ensure_ascii=False), False)
    return Outcome(
        json.dumps({**head, "status": "assessed", "assessment": result}, ensure_ascii=False),
        True, scenario.regime,
        [(a["currency"], a["amount"]) for a in result["awards"]],
        [(c["currency"], c["amount"]) for c in result["charges"]],
        [f"{f['severity']}:{f['code']}" for f in result["findings"]],
        _ledger_case(rec, head, scenario, result) if _LEDGER else None,
    )


def _ledger_case(rec: Record, head: dict[str, Any], scenario, result: dict[str, Any]):
    """The record as a case of the officials' ledger (issue 28), named ``SOURCE:LINE``; None when
    its regime keeps no ledger."""
    from wreckmaster.ledger.derive import CaseFacts, summarise

    return summarise(CaseFacts(f"{rec.source}:{rec.line}", scenario, head), result)


def _assess_chunk(chunk: list[Record]) -> list[Outcome]:
    return [assess_record(r) for r in chunk]


def _chunks(recs: Iterable[Record], size: int) -> Iterator[list[Record]]:
    chunk: list[Record] = []
    for r in recs:
        chunk.append(r)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def assess_all(recs: Iterable[Record], *, jobs: int, mapping_doc: Any = None,
               as_of: date | None = None, ledger: bool = False) -> Iterator[Outcome]:
    """Outcomes in input order; ``jobs`` > 1 uses that many worker processes."""
    if jobs <= 1:
        _init(mapping_doc, as_of, ledger)
        for r in recs:
            yield assess_record(r)
        return
    from collections import deque

    # Where workers are forked (Linux), the engine imported once here is inherited by each of
    # them instead of being imported again in every worker (start-up, issue 16).
    from wreckmaster.law import regime as _registry, scenario as _scenario  # noqa: F401

    window: deque[Future[list[Outcome]]] = deque()
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(mapping_doc, as_of, ledger)) as pool:
        for chunk in _chunks(recs, CHUNK):
            window.append(pool.submit(_assess_chunk, chunk))
            while len(window) >= jobs * IN_FLIGHT_PER_JOB:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()


@dataclass
class Summary:
    """Cases, errors, totals of awards and charges per regime and currency, findings by code."""

    records: int = 0
    errors: int = 0
    awards: dict[tuple[str, str], Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    charges: dict[tuple[str, str], Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    cases: Counter = field(default_factory=Counter)
    findings: Counter = field(default_factory=Counter)

    def add(self, o: Outcome) -> None:
        self.records += 1
        if not o.ok:
            self.errors += 1
            return
        regime = o.regime or "?"
        self.cases[regime] += 1
        for cur, amount in o.awards:
            self.awards[(regime, cur)] += Decimal(amount)
        for cur, amount in o.charges:
            self.charges[(regime, cur)] += Decimal(amount)
        self.findings.update(o.findings)

    def rows(self) -> list[dict[str, Any]]:
        """The summary as CSV rows: section, regime, currency, code, count, total."""
        out: list[dict[str, Any]] = [
            {"section": "records", "regime": "", "currency": "", "code": "", "count": self.records, "total": ""},
            {"section": "errors", "regime": "", "currency": "", "code": "", "count": self.errors, "total": ""},
        ]
        for regime, n in sorted(self.cases.items()):
            out.append({"section": "cases", "regime": regime, "currency": "", "code": "", "count": n, "total": ""})
        for section, table in (("awards", self.awards), ("charges", self.charges)):
            for (regime, cur), total in sorted(table.items()):
                out.append({"section": section, "regime": regime, "currency": cur, "code": "", "count": "",
                            "total": str(total)})
        for code, n in sorted(self.findings.items(), key=lambda kv: (-kv[1], kv[0])):
            out.append({"section": "findings", "regime": "", "currency": "", "code": code, "count": n, "total": ""})
        return out

    def text(self) -> str:
        lines = [f"{self.records} records: {self.records - self.errors} assessed, {self.errors} not assessed "
                 "(bad input: see their error lines)"]
        for regime, n in sorted(self.cases.items()):
            lines.append(f"  {regime}: {n} cases")
            for section, table in (("awarded", self.awards), ("charged", self.charges)):
                for (r, cur), total in sorted(table.items()):
                    if r == regime:
                        lines.append(f"    {section:8} {total} {cur}")
        if self.findings:
            lines.append("  findings by code (severity:code × count):")
            for code, n in sorted(self.findings.items(), key=lambda kv: (-kv[1], kv[0]))[:20]:
                lines.append(f"    {code} × {n}")
            if len(self.findings) > 20:
                lines.append(f"    … and {len(self.findings) - 20} more codes (all in --summary)")
        return "\n".join(lines)


def run(recs: Iterable[Record], write: Callable[[str], None], *, jobs: int, mapping_doc: Any = None,
        as_of: date | None = None, progress: Callable[[int], None] | None = None,
        ledger: list | None = None) -> Summary:
    """Assess every record; with ``ledger`` (a list), the records of regimes that keep a ledger
    are appended to it as cases of the officials' ledger, in input order."""
    summary = Summary()
    for outcome in assess_all(recs, jobs=jobs, mapping_doc=mapping_doc, as_of=as_of, ledger=ledger is not None):
        write(outcome.line)
        summary.add(outcome)
        if ledger is not None and outcome.ledger is not None:
            ledger.append(outcome.ledger)
        if progress:
            progress(summary.records)
    return summary
