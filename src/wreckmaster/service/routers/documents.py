"""``/api/cases/{id}/documents/{name}.pdf`` (issue 14): a case's documents as PDF, and
``/api/due.ics``: the office's deadlines as a calendar.

The PDF is printed by the process's one Chromium (:func:`wreckmaster.documents.render_pdf`),
in its own thread; the endpoint runs in the thread pool. Bad input (a party or language the
document cannot take, nothing under notice) answers 422; a document name that does not exist,
or that the case's regime does not have, 404 like a missing case; no Chromium, 503.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import Response

from .. import params
from ..auth import Caller, current_user
from ..errors import ApiError, bad_input, not_found
from ..headers import content_disposition
from .common import E401, E404, E422, E503, check_case_id, store_of

router = APIRouter(prefix="/api", tags=["documents"])

PARTY = {"name": "party", "in": "query", "required": False,
         "description": "The party the document is for (statement: required; declaration, receipt: one salvor).",
         "schema": {"type": "string"}}
LANG = {"name": "lang", "in": "query", "required": False,
        "description": "ja, zh, fr or en (default the regime's language).",
        "schema": {"type": "string", "enum": ["ja", "zh", "fr", "en"]}}
_POINTERS = {"--party": "/query/party", "--lang": "/query/lang"}


@router.get("/cases/{id}/documents/{name}.pdf", operation_id="getDocument",
            summary="A document of the case as PDF (settlement, sea-protest, statement, notice, wreck-report, "
                    "declaration, receipt, county-report, and the town's forms)",
            response_class=Response,
            responses={200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
                             "description": "The PDF."}, **E401, **E404, **E422,
                       503: {**E503[503], "description": "The database is unavailable, no printer, or the "
                             "print queue is full (its user's, its office's or everyone's share): try again "
                             "after `Retry-After` seconds."}},
            openapi_extra={"parameters": [params.AS_OF, params.VERSION, PARTY, LANG]})
async def get_document(request: Request, id: str = Path(description="The case id."),
                       name: str = Path(description="The document's name."),
                       user: Caller = Depends(current_user)) -> Any:
    """Printed in the print queue (``service/printing.py``): the offices take turns; a full
    queue answers 503 with ``Retry-After``."""
    from ..printing import QueueFull

    try:
        return await request.app.state.print_queue.run(user.office, user.name, _document, request, id, name, user)
    except QueueFull as exc:
        raise ApiError(503, [("", str(exc))], {"Retry-After": str(exc.retry_after)}) from None


def _document(request: Request, id: str, name: str, user: Caller) -> Any:
    from functools import partial

    from wreckmaster import documents
    from wreckmaster.store.public import photo as photo_of

    check_case_id(id)
    as_of = params.query_date(request, "as_of")
    version = params.query_int(request, "version", 1)
    party = _one(request, "party")
    lang = _one(request, "lang")
    if lang is not None and lang not in ("ja", "zh", "fr", "en"):
        raise bad_input([("/query/lang", f"expected ja, zh, fr or en, got {lang!r}")])
    store = store_of(request)
    scenario = store.scenario(id, as_of=as_of, version=version, office=user.office)
    if name not in documents.DOCUMENTS or scenario.regime not in documents.DOCUMENTS[name].regimes:
        raise not_found(f"document {name!r} of case {id} (its documents: "
                        f"{', '.join(documents.documents_for(scenario.regime))})")
    try:
        pdf = documents.render_pdf(name, scenario, None, party, lang, as_of or scenario.as_of or date.today(),
                                   store.case_office(id, office=user.office), partial(photo_of, store))
    except documents.DocumentProblem as exc:
        raise bad_input([(_POINTERS.get(exc.pointer, exc.pointer), exc.message)])
    except documents.PrinterMissing as exc:
        raise ApiError(503, [("", str(exc))], {"Retry-After": "3600"})
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": content_disposition(f"{id}-{name}.pdf")})


@router.get("/due.ics", operation_id="getDueCalendar",
            summary="The office's deadlines as an iCalendar file, one all-day event per duty (as `case due --format ics`)",
            response_class=Response,
            responses={200: {"content": {"text/calendar": {"schema": {"type": "string"}}},
                             "description": "The calendar."}, **E401, **E422, **E503},
            openapi_extra={"parameters": [params.AS_OF, params.WITHIN]})
def get_due_calendar(request: Request, user: Caller = Depends(current_user)) -> Any:
    from wreckmaster.documents.calendar import due_to_ics

    as_of = params.query_date(request, "as_of") or store_of(request).office_today(user.office)
    within = params.query_int(request, "within", 0, params.MAX_WITHIN)
    within = 30 if within is None else within
    params.check_window(as_of, within)
    rows = store_of(request).due(as_of, within=within, office=user.office, local=True)
    return Response(due_to_ics(rows, name=f"wreckmaster — {user.office}"), media_type="text/calendar; charset=utf-8")


def _one(request: Request, name: str) -> str | None:
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise bad_input([(f"/query/{name}", "given more than once")])
    return values[0]
