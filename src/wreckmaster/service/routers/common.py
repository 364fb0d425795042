"""What the routers share: the store of the app, the documented error answers, ETags."""
from __future__ import annotations

from typing import Any

from fastapi import Request

from ..errors import not_found
from ..params import safe_case_id
from ..schemas import CaseVersion, Errors


def store_of(request: Request) -> Any:
    return request.app.state.store


def etag(version: int) -> str:
    return f'"{int(version)}"'


def check_case_id(case_id: str) -> None:
    """An id that cannot exist is not found (never a validation error), like any missing case."""
    if not safe_case_id(case_id):
        raise not_found(f"case {case_id!r}")


_ETAG_HEADER = {"ETag": {"description": 'The version shown or reached, as "N".', "required": True,
                         "schema": {"type": "string", "pattern": r'^"[1-9][0-9]*"$'}}}


def _err(description: str) -> dict[str, Any]:
    return {"model": Errors, "description": description}


E401 = {401: {**_err("No valid `Authorization: Bearer TOKEN`."),
              "headers": {"WWW-Authenticate": {"schema": {"type": "string"}, "required": True}}}}
E403 = {403: _err("The user's role may not do this (amend and retract need a supervisor).")}
E404 = {404: _err("No such case in the user's office (another office's case answers exactly the same).")}
E408 = {408: _err("The body was not received in time.")}
E409 = {409: {"model": CaseVersion, "description": "Stale `If-Match`: the case is at `version`; nothing stored.",
              "headers": _ETAG_HEADER}}
E413 = {413: _err("The body is too large.")}
E422 = {422: _err("Bad input: every problem with its JSON pointer (/query/NAME, /headers/NAME; \"\" for a "
                  "body that is not JSON); nothing stored.")}
E428 = {428: _err("`If-Match` is required.")}
E503 = {503: {**_err("The database is unavailable; try again later."),
              "headers": {"Retry-After": {"schema": {"type": "string"}, "required": True}}}}
ETAG_HEADER = _ETAG_HEADER
