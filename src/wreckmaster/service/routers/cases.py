"""``/api/cases``: open a case, list the office's cases, read its scenario, assessment and log,
append entries (CASE.md "Offices, users and the service")."""
from __future__ import annotations

from typing import Any, Callable
from urllib.parse import quote

from fastapi import APIRouter, Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from wreckmaster.store.errors import InvalidEntry

from .. import params
from ..auth import Caller, current_user
from ..errors import ApiError, bad_input, conflict_response
from ..jsonio import JSON, dumps
from ..pools import while_connected
from ..schemas import Assessment, CaseSummary, CaseVersion, LogEntry, Scenario
from .common import (E401, E403, E404, E408, E409, E413, E422, E428, E503, ETAG_HEADER, check_case_id, etag,
                     store_of)

router = APIRouter(prefix="/api", tags=["cases"])

_CASE_LINKS = {
    "scenario": {"operationId": "getScenario", "parameters": {"id": "$response.body#/case"},
                 "description": "The scenario of the case just opened or changed."},
    "assessment": {"operationId": "getAssessment", "parameters": {"id": "$response.body#/case"},
                   "description": "Its assessment."},
    "entries": {"operationId": "getEntries", "parameters": {"id": "$response.body#/case"},
                "description": "Its log."},
    "append": {"operationId": "appendEntries",
               "parameters": {"id": "$response.body#/case", "header.If-Match": "$response.header.ETag"},
               "description": "Append to it, on the version just reached."},
}


@router.post(
    "/cases", operation_id="openCase", status_code=201, summary="Open a case for the user's office",
    response_model=CaseVersion,
    responses={201: {"description": "Opened: the case and its version 1.",
                     "headers": {**ETAG_HEADER, "Location": {"schema": {"type": "string"}, "required": True}},
                     "links": _CASE_LINKS},
               **E401, **E408, **E413, **E422, **E503},
    openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/ScenarioIn"}}}}},
)
async def open_case(request: Request, user: Caller = Depends(current_user)) -> Any:
    doc = await params.json_body(request)
    if not isinstance(doc, dict):
        from wreckmaster.law.scenario import validate

        validate(doc)  # raises the engine's own problem for a document that is not an object
    case_id, version = await run_in_threadpool(
        store_of(request).open_case, doc, office=user.office, recorded_by=user.name)
    return JSON({"case": case_id, "version": version}, status_code=201,
                headers={"ETag": etag(version), "Location": f"/api/cases/{quote(case_id, safe='')}/scenario"})


@router.get("/cases", operation_id="listCases", summary="The office's cases (as `case list`)",
            response_model=list[CaseSummary], responses={**E401, **E503})
def list_cases(request: Request, user: Caller = Depends(current_user)) -> Any:
    return JSON(store_of(request).list_cases(office=user.office))


def _read_args(request: Request):
    return params.query_date(request, "as_of"), params.query_int(request, "version", 1)


def _pinned_version(store: Any, case_id: str, version: int | None, office: str) -> int:
    """The version a read shows: the one asked for (422 when the log never reached it) or the current one."""
    current = store.version(case_id, office=office)
    if version is None:
        return current
    if version > current:
        raise bad_input([("/query/version", f"case {case_id} is at version {current}; there is no version {version}")])
    return version


_READ = {"parameters": [params.AS_OF, params.VERSION]}


def _cached(request: Request, key: tuple, shown: int, compute: Callable[[], Any]) -> Response:
    """The rendered read at ``key`` (a version never changes), computed once (see ``cache.py``)."""
    cache = request.app.state.read_cache
    body = cache.get(key)
    if body is None:
        try:
            result = compute()
        except InvalidEntry as exc:  # the scenario's as_of is the query's: say so in the pointer
            raise bad_input([("/query/as_of" if p == "/as_of" else p, m) for p, m in exc.problems]) from None
        body = dumps(result).encode("utf-8")
        cache.put(key, body)
    return Response(body, media_type="application/json", headers={"ETag": etag(shown)})


def _read_case(request: Request, case_id: str, user: Caller, what: str) -> Any:
    """A read of one case (``export`` or ``assessment``) at the version and date asked, cached."""
    check_case_id(case_id)
    as_of, version = _read_args(request)
    store = store_of(request)
    shown = _pinned_version(store, case_id, version, user.office)
    when = as_of or store.office_today(user.office)
    # the office's closing days go into the export (case.closed_days) without changing the version
    closed = tuple(store.closed_days(user.office))
    return _cached(request, (what, case_id, shown, when, closed), shown,
                   lambda: getattr(store, what)(case_id, as_of=when, version=shown, office=user.office))


@router.get("/cases/{id}/scenario", operation_id="getScenario", summary="The scenario (as `case export`)",
            response_model=Scenario,
            responses={200: {"description": "The scenario, with `as_of` set.", "headers": ETAG_HEADER},
                       **E401, **E404, **E422, **E503},
            openapi_extra=_READ)
async def get_scenario(request: Request, id: str = Path(description="The case id."),
                       user: Caller = Depends(current_user)) -> Any:
    return await run_in_threadpool(_read_case, request, id, user, "export")


@router.get("/cases/{id}/assessment", operation_id="getAssessment",
            summary="The assessment (as `case show`: exactly `assess` of the exported scenario)",
            response_model=Assessment,
            responses={200: {"description": "The assessment.", "headers": ETAG_HEADER},
                       **E401, **E404, **E422, **E503},
            openapi_extra=_READ)
async def get_assessment(request: Request, id: str = Path(description="The case id."),
                         user: Caller = Depends(current_user)) -> Any:
    return await run_in_threadpool(_read_case, request, id, user, "assessment")


@router.get("/cases/{id}/entries", operation_id="getEntries", summary="The log (as `case history`)",
            response_model=list[LogEntry],
            responses={200: {"description": "Every entry, who recorded it and when.", "headers": ETAG_HEADER},
                       **E401, **E404, **E503})
def get_entries(request: Request, id: str = Path(description="The case id."),
                user: Caller = Depends(current_user)) -> Any:
    case_id = id
    check_case_id(case_id)
    history = store_of(request).history(case_id, office=user.office)
    last = max((int(e["seq"]) for e in history), default=1)
    return JSON(history, headers={"ETag": etag(last)})


@router.post(
    "/cases/{id}/entries", operation_id="appendEntries", status_code=201,
    summary="Append one entry or a list of at most 1000 (all or none) on the version in If-Match",
    response_model=CaseVersion,
    responses={201: {"description": "Stored: the case and its new version.", "headers": ETAG_HEADER,
                     "links": _CASE_LINKS},
               **E401, **E403, **E404, **E408, **E409, **E413, **E422, **E428, **E503},
    openapi_extra={"parameters": [params.IF_MATCH],
                   "requestBody": {"required": True, "content": {"application/json": {
                       "schema": {"$ref": "#/components/schemas/EntriesIn"}}}}},
)
async def append_entries(request: Request, id: str = Path(description="The case id."),
                         user: Caller = Depends(current_user)) -> Any:
    case_id = id
    check_case_id(case_id)
    store = store_of(request)
    try:
        expected = params.if_match(request)
    except ApiError:
        await run_in_threadpool(store.version, case_id, office=user.office)  # not found comes first
        raise
    if expected is None:
        await run_in_threadpool(store.version, case_id, office=user.office)
        raise ApiError(428, [("/headers/If-Match", 'required: the version the change is made on, "N"')])
    try:
        body = await params.json_body(request)
    except ApiError:
        # a stale version is a conflict even when the body is also bad
        current = await run_in_threadpool(store.version, case_id, office=user.office)
        if current != expected:
            return conflict_response(case_id, current)
        raise
    # one entry (an object) or a list, exactly as `case record` passes a file's content: the store
    # checks, in order, the office, the version (409), the role (403) and the entries (422)
    version = await while_connected(request, store.record, case_id, body, expected, recorded_by=user.name,
                                     office=user.office, role=user.role)
    return JSON({"case": case_id, "version": version}, status_code=201, headers={"ETag": etag(version)})

