"""The public's pages (issue 27): the notice board, each item's page, the feeds, a finder's
report, an owner's request (the clerk's inbox of them: ``inbox.py``).

No login for the public pages; every one is bounded (``public/service.py``: requests per
address per minute, body size, photographs) and shows only what is under notice — never a
person's name, address or telephone, never the value. Jinja2 escapes every text (autoescape).
The language is the one asked (``?lang=``), else the office's (a column of the ``docs``
branch), else the case's law's, else the browser's; the others are one click away.
"""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from wreckmaster.public import board, feeds, words
from wreckmaster.public import service as public
from wreckmaster.service.errors import ApiError

from . import i18n, pickmap

router = APIRouter(include_in_schema=False)
LANG_OF_REGIME = {"ja": "ja", "zh": "zh", "fr": "fr"}


def _env():
    from .pages import _env as base

    env = base()
    if "kind_words" not in env.globals:
        env.globals.update(kind_words=words.kind_words, class_words=words.class_words, CLASSES=words.CLASSES)
    return env


def _lang(request: Request, *fallbacks: str | None) -> str:
    asked = request.query_params.get("lang")
    if asked in i18n.LANGS:
        return asked
    for f in fallbacks:
        if f in i18n.LANGS:
            return f  # type: ignore[return-value]
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in i18n.LANGS:
            return code
    return "en"


def _page(request: Request, template: str, lang: str, status: int = 200, cache: str = "no-store", **ctx: Any) -> HTMLResponse:
    from .pages import _office, _refusals_shown, _user, page_labels

    others = [(l, _with(request, lang=l)) for l in i18n.LANGS if l != lang]
    user = _user(request)
    header = {"office": _office(request, user.office)} if user is not None and "office" not in ctx else {}
    if ctx.get("errors"):   # a refusal in the page's language, with its field's label (web/refusals.py)
        ctx.update(_refusals_shown(ctx["errors"], {}, lang))
    html = _env().get_template(template).render(request=request, user=user, lang=lang, other_langs=others,
                                                **{**page_labels(request), **header, **ctx})
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": cache})


def _with(request: Request, **changes: str | None) -> str:
    """This page's URL with some query parameters changed (None removes one)."""
    q = dict(request.query_params)
    for k, v in changes.items():
        if v is None:
            q.pop(k, None)
        else:
            q[k] = v
    return str(request.url.path) + ("?" + urlencode(q) if q else "")


def _problem_page(request: Request, exc: ApiError, lang: str) -> HTMLResponse:
    resp = _page(request, "public/problem.html", lang, status=exc.status, problems=exc.problems)
    for k, v in exc.headers.items():
        resp.headers[k] = v
    return resp


def _office_lang(store: Any, office: str | None) -> str | None:
    if not office:
        return None
    from wreckmaster.store import public as db

    row = db.office_row(store, office)
    return (row or {}).get("lang")


# --- the board -----------------------------------------------------------------------------------
def board_query(request: Request) -> dict[str, str]:
    """The page's form as the board's filters: ``found`` on/before/after/between a day (and a
    second day) become ``found_from``/``found_to``; ``lat``/``lon``/``radius_km`` become ``near``."""
    q = {k: v for k, v in request.query_params.items()}
    mode, day, day2 = q.pop("found", ""), q.pop("day", ""), q.pop("day2", "")
    try:
        d1 = date.fromisoformat(day) if day else None
        d2 = date.fromisoformat(day2) if day2 else None
    except ValueError:
        d1 = d2 = None
        q["found_from"] = day          # the board names the bad date
    if d1 is not None:
        if mode == "on":
            q["found_from"] = q["found_to"] = d1.isoformat()
        elif mode == "before":
            q["found_to"] = (d1 - timedelta(days=1)).isoformat()
        elif mode == "after":
            q["found_from"] = (d1 + timedelta(days=1)).isoformat()
        elif mode == "between":
            q["found_from"] = d1.isoformat()
            if d2 is not None:
                q["found_to"] = d2.isoformat()
    lat, lon = q.pop("lat", ""), q.pop("lon", "")
    if lat or lon:
        q["near"] = f"{lat},{lon}"
    return {k: v for k, v in q.items() if v != ""}


@router.get("/notices", response_class=HTMLResponse)
async def board_page(request: Request):
    """公告: the board — search by office, municipality, kind, class, day found, place and radius,
    free text; 50 rows a page in a stable order; each row links to its item's page."""
    lang = _lang(request, _office_lang(request.app.state.store, request.query_params.get("office")))
    try:
        await public.limit(request, "read")
        filters, cursor, limit = board.parse(board_query(request), date.today())
        if filters.problems:
            raise ApiError(422, filters.problems)
        store = request.app.state.store
        rows, nxt, facts = await run_in_threadpool(board.search, store, filters, cursor, limit)
        from wreckmaster.store import public as db

        offices = await run_in_threadpool(db.office_rows, store)
    except ApiError as exc:
        return _problem_page(request, exc, lang)
    kinds = sorted(words.KINDS)
    map_svg = await run_in_threadpool(_board_map, rows, facts)
    q = request.query_params   # the point to search around, by a click on the map too (issue 27)
    pick = await run_in_threadpool(pickmap.for_report, offices, q.get("office"), q.get("lat"), q.get("lon"), "b")
    return _page(request, "public/board.html", lang, cache="public, max-age=60", rows=rows, facts=facts,
                 filters=filters, offices=offices, kinds=kinds, q=q,
                 next_url=_with(request, cursor=nxt) if nxt else None,
                 first_url=_with(request, cursor=None) if cursor else None, map_svg=map_svg, pick=pick)


def _board_map(rows: list[dict[str, Any]], facts: dict) -> str | None:
    """The finds of the page on the shipped coast map (numbered as the rows), when they have positions."""
    items = []
    for n, r in enumerate(rows, 1):
        pos = facts.get((r["case"], r["item"]), {}).get("position")
        if pos:
            items.append({"id": str(n), "found": {"position": {"lat": str(pos[0]), "lon": str(pos[1])}}})
    if not items:
        return None
    try:
        from wreckmaster.geo import map_svg

        return map_svg({"regime": None, "case": {"place": "notices"}, "items": items})
    except Exception:   # a map the shipped data cannot draw is left out; the list stays
        return None


# --- one item ------------------------------------------------------------------------------------
def _item_context(store: Any, case_id: str, item_id: str, as_of: date) -> dict[str, Any] | None:
    from wreckmaster.store import public as db
    from .pages import _article_text

    notice = public.notice_of(store, case_id, item_id, as_of)
    if notice is None:
        return None
    row, facts = notice
    office = db.office_row(store, row["office"]) or {"office": row["office"], "name": row["office"]}
    articles = words.notice_articles(facts.get("regime"))
    return {"row": row, "facts": facts, "office": office,
            "articles": [(c, _article_text(c)) for c in articles],
            "goods_class": facts.get("class"), "regime_lang": _regime_lang(facts.get("regime"))}


def _regime_lang(regime: str | None) -> str | None:
    from wreckmaster.law.contributes import law_of

    law = law_of(regime)
    return LANG_OF_REGIME.get(law.language) if law is not None else None


def _as_of(request: Request) -> date:
    try:
        return date.fromisoformat(request.query_params.get("as_of", "")) if request.query_params.get("as_of") else date.today()
    except ValueError:
        return date.today()


@router.get("/notices/{case_id}/{item_id}", response_class=HTMLResponse)
async def item_page(request: Request, case_id: str, item_id: str):
    store = request.app.state.store
    try:
        await public.limit(request, "read")
    except ApiError as exc:
        return _problem_page(request, exc, _lang(request))
    ctx = await run_in_threadpool(_item_context, store, case_id, item_id, _as_of(request))
    if ctx is None:
        return _page(request, "public/problem.html", _lang(request), status=404,
                     problems=[("", "not found: no such item under notice")])
    lang = _lang(request, ctx["office"].get("lang"), ctx["regime_lang"])
    return _page(request, "public/item.html", lang, cache="public, max-age=60", sent=request.query_params.get("sent"),
                 **ctx)


@router.get("/notices/{case_id}/{item_id}/photos/{sha}")
async def item_photo(request: Request, case_id: str, item_id: str, sha: str):
    """A photograph of an item under notice (and only of one)."""
    from wreckmaster.store import public as db

    try:
        await public.limit(request, "read")
    except ApiError as exc:
        return Response(str(exc), status_code=exc.status, headers=exc.headers, media_type="text/plain")
    store = request.app.state.store
    notice = await run_in_threadpool(public.notice_of, store, case_id, item_id, _as_of(request))
    if notice is None or sha not in notice[1]["photos"]:
        return Response("not found", status_code=404, media_type="text/plain")
    found = await run_in_threadpool(db.photo, store, sha)
    if found is None:
        return Response("not found", status_code=404, media_type="text/plain")
    return Response(found[1], media_type=found[0], headers={"Cache-Control": "public, max-age=86400",
                                                            "X-Content-Type-Options": "nosniff"})


async def _urlencoded(request: Request, most: int) -> dict[str, str]:
    body = await public.read_body(request, most)
    form = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
    return {k: v[0] for k, v in form.items()}


@router.post("/notices/{case_id}/{item_id}/ask")
async def ask(request: Request, case_id: str, item_id: str):
    """"This may be mine": the owner's marks and contact go to the clerk's inbox, never public."""
    lang = request.query_params.get("lang") or "en"
    try:
        await public.limit(request, "request")
        form = await _urlencoded(request, public.MAX_TEXT_BODY)
        lang = form.pop("lang", lang) if form.get("lang") in i18n.LANGS else lang
        form.pop("lang", None)
        await run_in_threadpool(public.file_request, request.app.state.store, case_id, item_id, form, date.today())
    except ApiError as exc:
        return _problem_page(request, exc, lang if lang in i18n.LANGS else "en")
    return RedirectResponse(f"/notices/{quote(case_id)}/{quote(item_id)}?sent=1&lang={quote(lang)}", status_code=303)


# --- feeds --------------------------------------------------------------------------------------
async def _all_rows(request: Request, office: str | None) -> list[dict[str, Any]]:
    filters, _, _ = board.parse({"office": office} if office else {}, date.today())
    store = request.app.state.store
    rows: list[dict[str, Any]] = []
    cursor = None
    while True:
        page, cursor, _ = await run_in_threadpool(board.search, store, filters, cursor, board.MAX_LIMIT)
        rows.extend(page)
        if not cursor:
            return rows


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@router.get("/offices/{office}/notices.atom")
async def office_feed(request: Request, office: str):
    from wreckmaster.store import public as db

    try:
        await public.limit(request, "read")
    except ApiError as exc:
        return Response(str(exc), status_code=exc.status, headers=exc.headers, media_type="text/plain")
    row = await run_in_threadpool(db.office_row, request.app.state.store, office)
    if row is None:
        return Response("not found", status_code=404, media_type="text/plain")
    rows = await _all_rows(request, office)
    return Response(feeds.atom(row, rows, _base(request), feeds.now()), media_type="application/atom+xml",
                    headers={"Cache-Control": "public, max-age=300"})


@router.get("/notices.ics")
async def deadlines_calendar(request: Request, office: str | None = None):
    try:
        await public.limit(request, "read")
    except ApiError as exc:
        return Response(str(exc), status_code=exc.status, headers=exc.headers, media_type="text/plain")
    rows = await _all_rows(request, office or None)
    return Response(feeds.calendar(rows, _base(request), feeds.now()), media_type="text/calendar",
                    headers={"Cache-Control": "public, max-age=300"})


# --- a finder's report ---------------------------------------------------------------------------
@router.get("/report", response_class=HTMLResponse)
async def report_form(request: Request):
    from wreckmaster.store import public as db

    offices = await run_in_threadpool(db.office_rows, request.app.state.store)
    pick = await run_in_threadpool(pickmap.for_report, offices, request.query_params.get("office"))
    return _page(request, "public/report.html", _lang(request), offices=offices, today=date.today(), values={},
                 errors=[], pick=pick)


@router.post("/report", response_class=HTMLResponse)
async def report_send(request: Request):
    from wreckmaster.store import public as db

    lang = _lang(request)
    store = request.app.state.store
    raw: dict[str, Any] = {}
    try:
        await public.limit(request, "report")
        raw, raw_photos = await public.report_input(request)
        if raw.get("lang") in i18n.LANGS:
            lang = raw["lang"]
        fields = {k: v for k, v in raw.items() if k != "lang"}
        report_id, secret = await run_in_threadpool(public.file_report, store, fields, raw_photos, date.today())
    except ApiError as exc:
        if exc.status != 422:
            return _problem_page(request, exc, lang)
        offices = await run_in_threadpool(db.office_rows, store)
        pick = await run_in_threadpool(pickmap.for_report, offices, raw.get("office"), raw.get("lat"), raw.get("lon"))
        return _page(request, "public/report.html", lang, status=422, offices=offices, today=date.today(),
                     values=raw, errors=exc.problems, pick=pick)
    return _page(request, "public/report_sent.html", lang, report=report_id, secret=secret)


@router.get("/report/status", response_class=HTMLResponse)
async def status_form(request: Request):
    return _page(request, "public/status.html", _lang(request), status_=None)


@router.post("/report/status", response_class=HTMLResponse)
async def status_check(request: Request):
    """The finder's reference and secret in a form (never in a URL that logs would keep)."""
    from wreckmaster.store import public as db
    from wreckmaster.store.errors import NotFound

    lang = _lang(request)
    try:
        await public.limit(request, "status")
        form = await _urlencoded(request, public.MAX_TEXT_BODY)
        lang = form.get("lang") if form.get("lang") in i18n.LANGS else lang
        out = await run_in_threadpool(db.report_status, request.app.state.store, form.get("report", ""),
                                      form.get("secret", ""))
    except ApiError as exc:
        return _problem_page(request, exc, lang)
    except NotFound:
        return _page(request, "public/status.html", lang, status=404, status_=None, unknown=True)
    return _page(request, "public/status.html", lang, status_=out)
