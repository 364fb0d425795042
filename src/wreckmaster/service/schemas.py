"""The API's bodies as strict pydantic models (for the OpenAPI document) and request schemas.

Responses are rendered from the store's plain data (exact decimals kept as the literal numbers
they were given in); these models describe them in ``/openapi.json``, where schemathesis checks
every answer against them. Request bodies are read raw and parsed by the project's exact-decimal
loader (never FastAPI's float parsing) and validated by the engine exactly as ``assess`` and
``case record`` validate them; the schemas below describe what the engine accepts (loosely
where the law's cross-references cannot be written as JSON Schema).
"""
from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

STRICT = ConfigDict(strict=True, extra="forbid")
OPEN = ConfigDict(strict=True, extra="allow")

Version = Annotated[int, Field(ge=1, description="The case's version: the seq of its last entry.")]
Day = Annotated[date, Field(description="ISO date YYYY-MM-DD.")]


class Problem(BaseModel):
    model_config = STRICT
    pointer: str = Field(description='JSON pointer of the problem ("" for the request as a whole; '
                                     '/query/NAME for a query parameter, /headers/NAME for a header).')
    message: str


class Errors(BaseModel):
    """Every problem found, as the command line prints them (``error: <pointer>: <message>``)."""
    model_config = STRICT
    errors: list[Problem] = Field(min_length=1)


class CaseVersion(BaseModel):
    """A case and its version: the answer to opening a case, appending, and a stale If-Match (409)."""
    model_config = STRICT
    case: str
    version: Version


class CaseSummary(BaseModel):
    """A line of ``case list``."""
    model_config = OPEN
    case: str
    regime: str
    office: str
    place: Optional[str] = None
    occurred: Optional[str] = None
    version: Version


class LogEntry(BaseModel):
    """An entry of the log, as ``case history`` prints it."""
    model_config = OPEN
    seq: Version
    recorded_at: str
    recorded_by: str
    entry: dict[str, Any]
    hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class Due(BaseModel):
    """A line of the clerk's list (``case due``)."""
    model_config = OPEN
    case: str
    duty: str
    party: Optional[str] = None
    due: str
    status: Literal["pending", "missed"]
    cites: list[str]


class Notice(BaseModel):
    """An item under public notice (公告): never a person's name."""
    model_config = STRICT
    office: str
    case: str
    item: str
    description: Optional[str] = None
    kind: Optional[str] = None
    found_on: Optional[str] = None
    place: Optional[str] = None
    claim_until: Optional[str] = Field(default=None, description="The last day the law gives the owner to claim; "
                                                                "null where the law sets none.")


class Position(BaseModel):
    model_config = STRICT
    lat: float
    lon: float


class PublicOffice(BaseModel):
    """An office as anyone may read it (CASE.md 1.1): nothing but these five."""
    model_config = STRICT
    id: str
    name: str
    address: Optional[str] = None
    telephone: Optional[str] = None
    position: Optional[Position] = None


class Scenario(BaseModel):
    """The scenario (SCENARIO.md ``wreckmaster.scenario/1``), with ``as_of`` set."""
    model_config = OPEN
    format: Literal["wreckmaster.scenario/1"]
    regime: str
    case: dict[str, Any]


class Assessment(BaseModel):
    """Exactly ``wreckmaster assess --format json`` of the scenario (SCENARIO.md ``wreckmaster.assessment/1``)."""
    model_config = OPEN
    format: Literal["wreckmaster.assessment/1"]
    regime: str
    as_of: str
    awards: list[dict[str, Any]]
    charges: list[dict[str, Any]]
    deadlines: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    merits: list[dict[str, Any]]
    explanation: list[Any]


class Ledger(BaseModel):
    """The officials' ledger of the office (``wreckmaster ledger --format json``, ``wreckmaster.ledger/1``;
    docs/ledger.md): each person's record with its lines, totals and findings, traced to cases."""
    model_config = OPEN
    format: Literal["wreckmaster.ledger/1"]
    as_of: str
    office: Optional[str]
    register_: bool = Field(alias="register")   # (``register`` is a BaseModel attribute)
    cases: int
    persons: list[dict[str, Any]]
    unlinked: list[dict[str, Any]]
    counties: list[dict[str, Any]]
    findings: list[dict[str, Any]]


class Health(BaseModel):
    model_config = STRICT
    status: Literal["ok", "degraded", "unavailable"]
    database: str
    seals: Optional[Literal["failed"]] = None   # present when a case failed its seal (degraded)
    tampered: Optional[int] = None              # how many cases did, in this process


# --- request bodies (documented as JSON Schema; read raw, validated by the engine) -----------
def scenario_request_schema() -> dict[str, Any]:
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import FORMAT

    return {
        "title": "ScenarioIn",
        "description": "A scenario (SCENARIO.md). Amounts are exact decimals: strings (\"12.345\") or JSON numbers, "
                       "read as written, never through binary floats; dates are ISO strings, never numbers. "
                       "Every reference (a party, an item) must name an id of the scenario; the engine checks them.",
        "type": "object",
        "required": ["format", "regime", "case"],
        "properties": {
            "format": {"type": "string", "enum": [FORMAT]},
            "regime": {"type": "string", "enum": registry.available()},
            "as_of": {"description": "ignored when a case is opened"},
            "case": {"type": "object", "required": ["occurred", "kind"],
                     "properties": {"occurred": {"type": "string", "format": "date"},
                                    "kind": {"type": "string", "enum": ["wreck", "stranding", "jettison", "drift"]},
                                    "place": {"type": ["string", "null"]}}},
            "parties": {"type": "array", "items": {"type": "object", "required": ["id"],
                                                   "properties": {"id": {"type": "string"}}}},
            "persons": {"type": "array", "items": {"type": "object", "required": ["id"],
                                                   "properties": {"id": {"type": "string"}}}},
            "items": {"type": "array", "items": {"type": "object", "required": ["id"],
                                                 "properties": {"id": {"type": "string"}}}},
            "expenses": {"type": "array", "items": {"type": "object", "required": ["id"],
                                                    "properties": {"id": {"type": "string"}}}},
            "events": {"type": ["array", "null"], "items": {"type": "object", "required": ["type"],
                                                  "properties": {"type": {"type": "string"}}}},
        },
        "example": _example_scenario(),
    }


def entry_schema() -> dict[str, Any]:
    return {
        "title": "Entry",
        "description": "One entry of the log (CASE.md): add a party, person, item or expense; record an event; "
                       "amend a member (by id: /items/i3/value); retract an earlier entry (a supervisor's act, "
                       "as amend).",
        "type": "object",
        "anyOf": [
            {"required": ["add", "value"],
             "properties": {"add": {"type": "string", "enum": ["party", "person", "item", "expense"]},
                            "value": {"type": "object"}}},
            {"required": ["event"],
             "properties": {"event": {"type": "object", "required": ["type"],
                                      "properties": {"type": {"type": "string"}}}}},
            {"required": ["amend", "value"],
             "properties": {"amend": {"type": "string"}}},
            {"required": ["retract"],
             "properties": {"retract": {"type": "integer", "minimum": 2}, "reason": {"type": "string"}}},
        ],
    }


def entries_request_schema() -> dict[str, Any]:
    from wreckmaster.store.store import MAX_ENTRIES

    entry = {"$ref": "#/components/schemas/Entry"}
    return {
        "title": "EntriesIn",
        "description": f"One entry, or a non-empty list of at most {MAX_ENTRIES} entries appended in order "
                       "(all or none).",
        "oneOf": [entry, {"type": "array", "minItems": 1, "maxItems": MAX_ENTRIES, "items": entry}],
        "example": {"add": "party", "value": {"id": "finder-2", "roles": ["finder"]}},
    }


def _example_scenario() -> dict[str, Any]:
    """The API's example case: the first registered regime's ``example``."""
    from wreckmaster.law import regime as registry

    return next(dict(r.example) for r in registry.all_regimes() if r.example)
