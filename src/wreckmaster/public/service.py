"""The public's actions, shared by the API (``service/routers/public.py``) and the pages
(``web/public.py``): rate limits, reading a bounded body, a report with its photographs, an
owner's request for an item under notice, what an item's public page shows.

Nothing here reveals a case or an office beyond what is under notice: an item that is not
under notice, a photograph not on an item under notice, a report without its secret are all
"not found", exactly as what does not exist.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from wreckmaster.service.errors import ApiError

from . import photos as photo_rules
from . import reports as report_rules

#: requests per address per minute, by route group (``app.state.public_limits`` overrides)
LIMITS = {"read": 120, "report": 10, "request": 10, "status": 30}
#: a report's body at most: five photographs and the fields
MAX_REPORT_BODY = photo_rules.MAX_PER_REPORT * photo_rules.MAX_BYTES + 64 * 1024
#: an owner's request or a status query: text only
MAX_TEXT_BODY = 32 * 1024


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def limit(request: Request, group: str) -> None:
    """Count the request of its address in ``group``; 429 with ``Retry-After`` over the limit."""
    from wreckmaster.store import public as db

    limits = getattr(request.app.state, "public_limits", None) or LIMITS
    wait = await run_in_threadpool(db.hit, request.app.state.store, f"{group}|{address(request)}", limits[group])
    if wait is not None:
        raise ApiError(429, [("", f"too many requests from this address: try again in {wait} seconds")],
                       headers={"Retry-After": str(wait)})


async def read_body(request: Request, most: int) -> bytes:
    """The body, at most ``most`` bytes (413 beyond), kept on the request for ``form()``."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > most:
        raise ApiError(413, [("", f"body larger than {most} bytes")])
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            raise ApiError(413, [("", f"body larger than {most} bytes")])
        chunks.append(chunk)
    body = b"".join(chunks)
    request._body = body        # Starlette's form() reads the body kept here
    return body


async def report_input(request: Request) -> tuple[dict[str, Any], list[bytes]]:
    """A report's fields and photographs' bytes, from multipart/form-data, a urlencoded form or
    JSON (bounded: :data:`MAX_REPORT_BODY`, five photographs)."""
    await read_body(request, MAX_REPORT_BODY)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        from wreckmaster.service import params

        data = await params.json_body(request)
        if isinstance(data, dict) and "photo" in data:
            raise ApiError(422, [("/photo", "photographs come as multipart/form-data, not in JSON")])
        return data, []
    if kind not in ("multipart/form-data", "application/x-www-form-urlencoded"):
        raise ApiError(415, [("/headers/Content-Type", "expected multipart/form-data or application/json")])
    try:
        form = await request.form(max_files=photo_rules.MAX_PER_REPORT, max_fields=30)
    except Exception as exc:   # the multipart parser refuses too many parts or a malformed body
        raise ApiError(422, [("", f"cannot read the form: {str(exc)[:200]}")]) from None
    fields: dict[str, Any] = {}
    raw_photos: list[bytes] = []
    for key, value in form.multi_items():
        if hasattr(value, "read"):
            if key != "photo":
                raise ApiError(422, [(f"/{key}", "only the field photo carries files")])
            data = await value.read()
            if data:
                raw_photos.append(data)
        elif key == "photo":
            if value:
                raise ApiError(422, [("/photo", "expected a file")])
        elif key in fields:
            raise ApiError(422, [(f"/{key}", "given more than once")])
        else:
            fields[key] = value
    if len(raw_photos) > photo_rules.MAX_PER_REPORT:
        raise ApiError(422, [("/photo", f"at most {photo_rules.MAX_PER_REPORT} photographs")])
    return fields, raw_photos


def clean_photos(raw_photos: list[bytes]) -> list[Any]:
    out = []
    for k, raw in enumerate(raw_photos):
        try:
            out.append(photo_rules.clean(raw))
        except photo_rules.PhotoProblem as exc:
            raise ApiError(422, [(f"/photo/{k}", str(exc))]) from None
    return out


def file_report(store: Any, raw: dict[str, Any], raw_photos: list[bytes], today: date) -> tuple[str, str]:
    """Check and store a report (in the office chosen, else the nearest with a position, else
    ``local``): ``(report id, secret)``. A bot that filled the hidden field (in an otherwise
    valid report) gets an answer of the same shape, and nothing is stored."""
    import secrets

    from wreckmaster.store import public as db

    try:
        fields = report_rules.report_fields(raw, today)
    except report_rules.Problems as exc:
        raise ApiError(422, exc.problems) from None
    cleaned = clean_photos(raw_photos)
    office = fields.pop("office", None)
    if office is not None and db.office_row(store, office) is None:
        raise ApiError(422, [("/office", f"no office {office!r}: leave it out for the nearest office")])
    if report_rules.is_bot(raw):      # checked last: bad input is answered as bad input, bot or not
        return "R" + secrets.token_hex(6).upper(), secrets.token_urlsafe(32)
    if office is None:
        lat, lon = fields.get("lat"), fields.get("lon")
        office = db.nearest_office(store, float(lat) if lat else None, float(lon) if lon else None)
    fields["photos"] = [db.put_photo(store, p) for p in cleaned]
    return db.add_report(store, fields, office)


# --- what is under notice -----------------------------------------------------------------------
def notice_of(store: Any, case_id: str, item_id: str, as_of: date) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The board's row of one item under notice on ``as_of`` and its facts (the row's class and
    position, the case's regime and the item's photographs), or None: one read-model row and
    the one case."""
    from wreckmaster.service.routers.notices import FIELDS, _plain
    from wreckmaster.store.readmodels import NoticeFilter

    page, _ = store.board_page(as_of, NoticeFilter(case=case_id, item=item_id), 1)
    if not page:
        return None
    scenario = store.scenario(case_id)
    facts = {**page[0]["facts"], "regime": scenario.regime, "photos": photos_of(scenario, item_id)}
    return {k: _plain(page[0].get(k)) for k in FIELDS}, facts


def item_photos(store: Any, case_id: str, item_id: str) -> list[str]:
    """The item's photographs in the case's current scenario (:func:`photos_of`)."""
    return photos_of(store.scenario(case_id), item_id)


def photos_of(scenario: Any, item_id: str) -> list[str]:
    """An item's photographs: ``items[].photos``, then those of ``photographed`` events."""
    item = next((i for i in scenario.items if i.id == item_id), None)
    out = list(item.photos) if item is not None else []
    for e in scenario.where("photographed", "items", item_id):
        out.extend(h for h in e.get("photos") or () if h not in out)
    return out


def file_request(store: Any, case_id: str, item_id: str, raw: Any, today: date) -> str | None:
    """An owner's request for an item under notice today: its id (None for a bot: nothing
    stored); an item not under notice is not found."""
    from wreckmaster.store import public as db

    notice = notice_of(store, case_id, item_id, today)
    if notice is None:
        raise ApiError(404, [("", "not found: no such item under notice")])
    try:
        fields = report_rules.request_fields(raw)
    except report_rules.Problems as exc:
        raise ApiError(422, exc.problems) from None
    if report_rules.is_bot(raw):
        return None
    return db.add_request(store, case_id, item_id, notice[0]["office"], fields)
