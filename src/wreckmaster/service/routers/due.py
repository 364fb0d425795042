"""``/api/due``: the clerk's list of the user's office (as ``case due``)."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request

from .. import params
from ..auth import Caller, current_user
from ..jsonio import JSON
from ..schemas import Due
from .common import E401, E422, E503, store_of

router = APIRouter(prefix="/api", tags=["due"])


@router.get("/due", operation_id="listDue",
            summary="Deadlines pending or missed across the office's cases, soonest first (as `case due`)",
            response_model=list[Due], responses={**E401, **E422, **E503},
            openapi_extra={"parameters": [params.AS_OF, params.WITHIN]})
def list_due(request: Request, user: Caller = Depends(current_user)) -> Any:
    as_of = params.query_date(request, "as_of") or store_of(request).office_today(user.office)
    within = params.query_int(request, "within", 0, params.MAX_WITHIN)
    within = 30 if within is None else within
    params.check_window(as_of, within)
    return JSON(store_of(request).due(as_of, within=within, office=user.office))
