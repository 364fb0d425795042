"""The clerk's inbox of the public's side (issue 27): finders' reports waiting in the office,
owners' requests for its items; accept (a case opened, or the claim recorded) or decline with a
reason. The photographs of reports in the inbox and of the office's cases' items. Login and
CSRF as every clerk's page (``pages.py``).
"""
from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from wreckmaster.public import service as public

from .public import _lang, _office_lang, _page, _urlencoded

router = APIRouter(include_in_schema=False)


def _clerk(request: Request):
    from .pages import _user

    return _user(request)


@router.get("/inbox", response_class=HTMLResponse)
async def inbox_page(request: Request):
    from wreckmaster.store import public as db
    from .pages import _login_redirect

    user = _clerk(request)
    if user is None:
        return _login_redirect(request)
    box = await run_in_threadpool(db.inbox, request.app.state.store, user.office)
    return _page(request, "public/inbox.html", _lang(request, _office_lang(request.app.state.store, user.office)),
                 box=box)


@router.get("/inbox/photos/{sha}")
async def inbox_photo(request: Request, sha: str):
    """A photograph of a report waiting in the clerk's own office's inbox."""
    from wreckmaster.store import public as db

    user = _clerk(request)
    if user is None:
        return Response(status_code=401)
    store = request.app.state.store
    box = await run_in_threadpool(db.inbox, store, user.office)
    allowed = any(sha in r.get("photos", []) for r in box["reports"])
    return await _photo_answer(store, sha, allowed)


@router.get("/cases/{case_id}/photos/{sha}")
async def case_photo(request: Request, case_id: str, sha: str):
    """A photograph of an item of one of the clerk's office's cases."""
    from wreckmaster.store.errors import NotFound

    user = _clerk(request)
    if user is None:
        return Response(status_code=401)
    store = request.app.state.store
    try:
        scenario = await run_in_threadpool(store.scenario, case_id, None, None, user.office)
    except NotFound:
        return Response("not found", status_code=404, media_type="text/plain")
    allowed = any(sha in public.photos_of(scenario, i.id) for i in scenario.items)
    return await _photo_answer(store, sha, allowed)


async def _photo_answer(store: Any, sha: str, allowed: bool) -> Response:
    from wreckmaster.store import public as db

    found = await run_in_threadpool(db.photo, store, sha) if allowed else None
    if found is None:
        return Response("not found", status_code=404, media_type="text/plain")
    return Response(found[1], media_type=found[0], headers={"Cache-Control": "private, max-age=3600",
                                                            "X-Content-Type-Options": "nosniff"})


async def _clerk_form(request: Request):
    from .session import csrf_ok

    user = _clerk(request)
    if user is None:
        return None, None
    form = await _urlencoded(request, public.MAX_TEXT_BODY)
    if not csrf_ok(user, form.get("csrf")):
        return user, None
    return user, form


@router.post("/inbox/{kind}/{ident}/{action}")
async def inbox_act(request: Request, kind: str, ident: str, action: str):
    from wreckmaster.store import public as db
    from wreckmaster.store.errors import InvalidEntry, NotFound
    from .pages import _login_redirect

    if kind not in ("reports", "requests") or action not in ("accept", "decline"):
        return Response(status_code=404)
    user, form = await _clerk_form(request)
    if user is None:
        return _login_redirect(request)
    if form is None:
        return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
    store = request.app.state.store
    try:
        if kind == "reports" and action == "accept":
            case_id = await run_in_threadpool(db.accept_report, store, ident, user.office, user.name, None)
            return RedirectResponse(f"/cases/{quote(case_id)}", status_code=303)
        if kind == "reports":
            await run_in_threadpool(db.decline_report, store, ident, user.office, user.name, form.get("reason", ""))
        elif action == "accept":
            on = date.fromisoformat(form["date"]) if form.get("date") else date.today()
            case_id = await run_in_threadpool(db.accept_request, store, ident, user.office, user.name, on)
            return RedirectResponse(f"/cases/{quote(case_id)}#timeline", status_code=303)
        else:
            await run_in_threadpool(db.decline_request, store, ident, user.office, user.name, form.get("reason", ""))
    except NotFound:
        return Response("not found", status_code=404, media_type="text/plain")
    except (InvalidEntry, ValueError) as exc:
        problems = getattr(exc, "problems", [("/date", "expected a date YYYY-MM-DD")])
        box = await run_in_threadpool(db.inbox, store, user.office)
        return _page(request, "public/inbox.html", _lang(request), status=422, box=box, errors=problems)
    return RedirectResponse("/inbox", status_code=303)
