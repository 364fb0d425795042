"""Public notices (公告): what is under notice in every office, for finders and owners.

``GET /api/notices`` (no token) and a plain page ``/notices``. Each line: the item's
description, kind, the day it was found, the place, the office, and ``claim_until`` (the last
day the law gives the owner; null where it sets none) — never a person's name.
"""
from __future__ import annotations

import html
from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from .. import notice_query, params
from ..jsonio import JSON
from ..schemas import Notice
from .common import E404, E422, E503, store_of

router = APIRouter(prefix="/api", tags=["notices"])
page_router = APIRouter(include_in_schema=False)

FIELDS = ("office", "case", "item", "description", "kind", "found_on", "place", "claim_until")


def public_notices(store: Any, as_of: date) -> list[dict[str, Any]]:
    """The store's notices reduced to the public fields (nothing else, so never a name)."""
    return [{k: _plain(row.get(k)) for k in FIELDS} for row in store.notices(as_of)]


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


@router.get("/notices", operation_id="listNotices",
            summary="Public notices of all offices (no token needed), filtered and paged (CASE.md 1.1)",
            response_model=list[Notice], responses={**E404, **E422, **E503}, openapi_extra={
                "parameters": [params.AS_OF, *notice_query.OPENAPI], "security": []})
def list_notices(request: Request) -> Any:
    as_of, filters, limit, after = notice_query.read(request)
    rows, last = store_of(request).notice_page(as_of, filters, limit, after)
    headers = {"Cache-Control": "public, max-age=60"}
    if last is not None:
        headers["Link"] = notice_query.next_link(request, last)
    return JSON([{k: _plain(row.get(k)) for k in FIELDS} for row in rows], headers=headers)


_HEAD = ("office", "item", "description", "kind", "found on", "place", "owner may claim until")


@page_router.get("/notices", response_class=HTMLResponse)
def notices_page(request: Request) -> HTMLResponse:
    try:
        as_of = params.query_date(request, "as_of") or date.today()
    except Exception:
        as_of = date.today()
    rows = public_notices(store_of(request), as_of)
    e = html.escape
    body = "".join(
        "<tr>" + "".join(f"<td>{e(str(r[k]) if r[k] is not None else '—')}</td>"
                         for k in ("office", "item", "description", "kind", "found_on", "place", "claim_until"))
        + "</tr>\n" for r in rows) or f'<tr><td colspan="{len(_HEAD)}">Nothing is under notice.</td></tr>'
    page = (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Public notices (公告)</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>\n'
            f"<h1>Public notices (公告) on {as_of.isoformat()}</h1>\n"
            f"<p>Goods saved or found that are under notice in every office. An owner may claim them until the "
            f"day shown.</p>\n<table>\n<thead><tr>{''.join(f'<th>{h}</th>' for h in _HEAD)}</tr></thead>\n"
            f"<tbody>\n{body}</tbody>\n</table>\n</body></html>\n")
    return HTMLResponse(page, headers={"Cache-Control": "public, max-age=60"})
