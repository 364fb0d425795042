"""The public's API (issue 27; CASE.md 1.1) and the clerk's inbox.

Public, no token (each bounded: body size, photographs, requests per address per minute → 429
with ``Retry-After``, counted in the database):
- ``POST /api/reports`` — a finder's report (multipart with up to 5 photographs, or JSON):
  201 ``{"report", "secret"}``;
- ``GET /api/reports/{id}`` with ``X-Report-Secret`` — ``{"report", "status", "case"?, "reason"?}``;
  a wrong or missing secret answers 404, as a report that does not exist;
- ``POST /api/notices/{case}/{item}/requests`` — an owner's request ``{marks, name, contact}``
  for an item under notice: 201 ``{"request"}``; it is never shown publicly.

The clerk's (a token; only the user's own office):
- ``GET /api/inbox`` — ``{"reports": […], "requests": […]}`` waiting;
- ``POST /api/reports/{id}/accept`` — opens the case: 201 ``{"case", "version"}``;
- ``POST /api/reports/{id}/decline`` ``{"reason"}`` — the finder reads the reason;
- ``POST /api/requests/{id}/accept`` ``{"date"?}`` — records the claimant as a party and
  ``owner_claimed``: 201 ``{"case", "version"}``; ``POST /api/requests/{id}/decline``;
- ``POST /api/cases/{id}/items/{item}/photos`` (multipart ``photo``, up to 5) — records
  ``photographed`` with their hashes: 201 ``{"case", "version", "photos"}``.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool

from wreckmaster.public import service as public
from ..auth import Caller, current_user
from ..errors import ApiError, not_found
from ..jsonio import JSON
from .common import E401, E404, E413, E422, E503, store_of

router = APIRouter(prefix="/api", tags=["public"])
E429 = {429: {"description": "Too many requests from this address; try again after `Retry-After` seconds.",
              "headers": {"Retry-After": {"schema": {"type": "string"}, "required": True}}}}
E415 = {415: {"description": "The body is neither multipart/form-data nor JSON."}}

_TEXT = {"type": "string"}
_REPORT_FIELDS = {
    "description": {**_TEXT, "maxLength": 2000}, "found_on": {"type": "string", "format": "date"},
    "state": {"type": "string", "enum": ["floating", "sunk", "ashore"]},
    "lat": {"type": "string", "description": "degrees, -90 to 90"}, "lon": {"type": "string", "description": "degrees, -180 to 180"},
    "place": {**_TEXT, "maxLength": 300}, "office": {**_TEXT, "maxLength": 64},
    "finder_name": {**_TEXT, "maxLength": 200}, "finder_contact": {**_TEXT, "maxLength": 300},
    "website": {**_TEXT, "description": "leave empty (a field hidden from people)"},
}
_REQUIRED = ["description", "found_on", "state", "finder_name", "finder_contact"]
_PHOTOS = {"type": "array", "maxItems": 5, "items": {"type": "string", "format": "binary"}}
REPORT_BODY = {"requestBody": {"required": True, "content": {
    "multipart/form-data": {"schema": {"type": "object", "required": _REQUIRED,
                                       "properties": {**_REPORT_FIELDS, "photo": _PHOTOS}}},
    "application/json": {"schema": {"type": "object", "required": _REQUIRED, "properties": _REPORT_FIELDS,
                                    "additionalProperties": False}}}}}
PHOTOS_BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["photo"],
    "properties": {"photo": _PHOTOS, "date": {"type": "string", "format": "date"}}}}}}}
REQUEST_BODY = {"requestBody": {"required": True, "content": {"application/json": {"schema": {
    "type": "object", "required": ["marks", "name", "contact"],
    "properties": {"marks": {**_TEXT, "maxLength": 2000}, "name": {**_TEXT, "maxLength": 200},
                   "contact": {**_TEXT, "maxLength": 300}, "website": _TEXT}}}}}}


def _json_body(**properties: Any) -> dict[str, Any]:
    return {"requestBody": {"required": False, "content": {"application/json": {"schema": {
        "type": "object", "properties": properties}}}}}


@router.post("/reports", operation_id="fileReport", status_code=201, summary="A finder reports a find (no token)",
             responses={**E413, **E415, **E422, **E429, **E503}, openapi_extra={"security": [], **REPORT_BODY})
async def file_report(request: Request) -> Any:
    await public.limit(request, "report")
    raw, raw_photos = await public.report_input(request)
    report_id, secret = await run_in_threadpool(public.file_report, store_of(request), raw, raw_photos, date.today())
    return JSON({"report": report_id, "secret": secret}, status_code=201, headers={"Cache-Control": "no-store"})


@router.get("/reports/{report_id}", operation_id="reportStatus", summary="A report's status (its secret in X-Report-Secret)",
            responses={**E404, **E429, **E503}, openapi_extra={"security": []})
async def report_status(request: Request, report_id: str) -> Any:
    await public.limit(request, "status")
    from wreckmaster.store import public as db
    from wreckmaster.store.errors import NotFound

    try:
        out = await run_in_threadpool(db.report_status, store_of(request), report_id,
                                      request.headers.get("x-report-secret"))
    except NotFound:
        raise not_found(f"report {report_id!r}") from None
    return JSON(out, headers={"Cache-Control": "no-store"})


@router.post("/notices/{case_id}/{item_id}/requests", operation_id="askForGoods", status_code=201,
             summary="An owner asks for an item under notice (no token)",
             responses={**E404, **E413, **E422, **E429, **E503}, openapi_extra={"security": [], **REQUEST_BODY})
async def ask_for_goods(request: Request, case_id: str, item_id: str) -> Any:
    await public.limit(request, "request")
    from wreckmaster.service import params

    await public.read_body(request, public.MAX_TEXT_BODY)
    raw = await params.json_body(request)
    request_id = await run_in_threadpool(public.file_request, store_of(request), case_id, item_id, raw, date.today())
    return JSON({"request": request_id or _decoy()}, status_code=201, headers={"Cache-Control": "no-store"})


def _decoy() -> str:
    import secrets

    return "Q" + secrets.token_hex(6).upper()


# --- the clerk's inbox -----------------------------------------------------------------------------
@router.get("/inbox", operation_id="inbox", summary="The office's waiting reports and owners' requests",
            responses={**E401, **E503})
def inbox(request: Request, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.store import public as db

    return JSON(db.inbox(store_of(request), user.office), headers={"Cache-Control": "no-store"})


async def _object(request: Request) -> dict[str, Any]:
    from wreckmaster.service import params

    if not (await request.body()):
        return {}
    data = await params.json_body(request)
    if not isinstance(data, dict):
        raise ApiError(422, [("", "expected an object")])
    return data


@router.post("/reports/{report_id}/accept", operation_id="acceptReport", status_code=201,
             summary="Open a case from a report", responses={**E401, **E404, **E422, **E503},
             openapi_extra=_json_body(regime={"type": "string"}))
async def accept_report(request: Request, report_id: str, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.store import public as db

    body = await _object(request)
    regime = body.get("regime")
    if regime is not None and not isinstance(regime, str):
        raise ApiError(422, [("/regime", "expected a regime id")])
    store = store_of(request)
    case_id = await run_in_threadpool(db.accept_report, store, report_id, user.office, user.name, regime)
    return JSON({"case": case_id, "version": 1}, status_code=201, headers={"ETag": '"1"'})


@router.post("/reports/{report_id}/decline", operation_id="declineReport",
             summary="Decline a report with a reason the finder reads", responses={**E401, **E404, **E422, **E503},
             openapi_extra=_json_body(reason={"type": "string", "maxLength": 2000}))
async def decline_report(request: Request, report_id: str, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.store import public as db

    body = await _object(request)
    await run_in_threadpool(db.decline_report, store_of(request), report_id, user.office, user.name,
                            body.get("reason") if isinstance(body.get("reason"), str) else "")
    return JSON({"report": report_id, "status": "declined"})


@router.post("/requests/{request_id}/accept", operation_id="acceptRequest", status_code=201,
             summary="Record an owner's claim from a request", responses={**E401, **E404, **E422, **E503},
             openapi_extra=_json_body(date={"type": "string", "format": "date"}))
async def accept_request(request: Request, request_id: str, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.store import public as db

    body = await _object(request)
    on = date.today()
    if body.get("date") is not None:
        try:
            on = date.fromisoformat(str(body["date"]))
        except ValueError:
            raise ApiError(422, [("/date", "expected a date YYYY-MM-DD")]) from None
    store = store_of(request)
    case_id = await run_in_threadpool(db.accept_request, store, request_id, user.office, user.name, on)
    version = await run_in_threadpool(store.version, case_id, user.office)
    return JSON({"case": case_id, "version": version}, status_code=201, headers={"ETag": f'"{version}"'})


@router.post("/requests/{request_id}/decline", operation_id="declineRequest",
             summary="Decline an owner's request", responses={**E401, **E404, **E422, **E503},
             openapi_extra=_json_body(reason={"type": "string", "maxLength": 2000}))
async def decline_request(request: Request, request_id: str, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.store import public as db

    body = await _object(request)
    await run_in_threadpool(db.decline_request, store_of(request), request_id, user.office, user.name,
                            body.get("reason") if isinstance(body.get("reason"), str) else "")
    return JSON({"request": request_id, "status": "declined"})


@router.post("/cases/{case_id}/items/{item_id}/photos", operation_id="addPhotos", status_code=201,
             summary="Photographs of an item (multipart photo, up to 5)",
             responses={**E401, **E404, **E413, **E415, **E422, **E503}, openapi_extra=PHOTOS_BODY)
async def add_photos(request: Request, case_id: str, item_id: str, user: Caller = Depends(current_user)) -> Any:
    raw, raw_photos = await public.report_input(request)
    if not raw_photos:
        raise ApiError(422, [("/photo", "required: one to five photographs")])
    day = raw.get("date") if isinstance(raw, dict) else None
    store = store_of(request)
    out = await run_in_threadpool(record_photos, store, case_id, item_id, raw_photos, day, user)
    return JSON(out, status_code=201, headers={"ETag": f'"{out["version"]}"'})


def record_photos(store: Any, case_id: str, item_id: str, raw_photos: list[bytes], day: Any, user: Caller) -> dict:
    """Clean and store the photographs, then record ``photographed`` (their hashes) in the case."""
    from wreckmaster.store import public as db

    scenario = store.scenario(case_id, office=user.office)      # not found before anything is stored
    if all(i.id != item_id for i in scenario.items):
        raise ApiError(404, [("", f"not found: item {item_id!r}")])
    try:
        on = date.fromisoformat(day) if day else date.today()
    except ValueError:
        raise ApiError(422, [("/date", "expected a date YYYY-MM-DD")]) from None
    hashes = [db.put_photo(store, p) for p in public.clean_photos(raw_photos)]
    version = store.record(case_id, [{"event": {"type": "photographed", "date": on.isoformat(), "items": [item_id],
                                                "photos": hashes}}],
                           recorded_by=user.name, office=user.office, role=user.role)
    return {"case": case_id, "version": version, "photos": hashes}
