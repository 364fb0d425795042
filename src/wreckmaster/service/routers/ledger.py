"""``/api/ledger``: the officials' ledger of the user's office (as ``wreckmaster ledger``; issue 28)."""
from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Depends, Request

from .. import params
from ..auth import Caller, current_user
from ..errors import bad_input
from ..jsonio import JSON
from ..schemas import Ledger
from .common import E401, E422, E503, store_of

router = APIRouter(prefix="/api", tags=["ledger"])

PERSON = {"name": "person", "in": "query", "required": False,
          "description": "Only this person's record (an id of the office's persons register).",
          "schema": {"type": "string", "maxLength": 64}}


@router.get("/ledger", operation_id="getLedger",
            summary="The officials' ledger of the office as of a day: merits, honours, faults, each traced to "
                    "its case and article (as `wreckmaster ledger --format json`)",
            response_model=Ledger, responses={**E401, **E422, **E503},
            openapi_extra={"parameters": [params.AS_OF, PERSON]})
def get_ledger(request: Request, user: Caller = Depends(current_user)) -> Any:
    as_of = params.query_date(request, "as_of") or date.today()
    person = params._one(request, "person")
    if person is not None and (not person or len(person) > 64 or any(c.isspace() for c in person)):
        raise bad_input([("/query/person", "expected a person id of 1 to 64 characters without spaces")])
    return JSON(store_of(request).ledger(as_of, office=user.office, person=person))
