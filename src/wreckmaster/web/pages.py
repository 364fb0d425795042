"""The web pages (server-rendered, Jinja2; htmx for partial updates; every form works without JS).

Thin handlers, as the API's: parse the form, call the same store and engine functions the
command line and the API call, render. Pages of the office's cases need a logged-in user;
another office's case is "not found", exactly as a missing one. The notice board is public.
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from . import forms, i18n
from wreckmaster.service.headers import content_disposition
from wreckmaster.store import logins

from .entry_values import UNIT_LABELS
from .session import COOKIE, LOGIN_COOKIE, LOGIN_MAX_AGE, MAX_AGE, Sessions, WebUser, csrf_ok

HERE = Path(__file__).parent
router = APIRouter(include_in_schema=False)


# --- plumbing --------------------------------------------------------------------------
def _env():
    env = getattr(_env, "cached", None)
    if env is None:
        from jinja2 import Environment, FileSystemLoader, select_autoescape

        env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=select_autoescape(["html"]),
                          trim_blocks=True, lstrip_blocks=True)
        env.filters["entry_text"] = entry_text
        env.globals.update(t=i18n.t, both=i18n.both, fmt_date=i18n.fmt_date, fmt_amount=i18n.fmt_amount,
                           LANGS=i18n.LANGS, HTML_LANG=i18n.HTML_LANG, UNIT_LABELS=UNIT_LABELS,
                           LANG_NAMES=i18n.LANG_NAMES, office_name=i18n.office_name, doc_title=i18n.doc_title,
                           fund_label=i18n.fund_label)
        from .public_labels import pt

        from wreckmaster.public.service import photos_of

        env.globals.update(pt=pt, photos_of=photos_of)   # issue 27: the public labels (in the header too), items' photos
        _env.cached = env  # type: ignore[attr-defined]
    return env


def entry_text(entry: Any) -> str:
    """One log entry as a clerk reads it: its form first, then the facts (original scripts kept)."""
    import json

    if not isinstance(entry, dict):
        return str(entry)
    if "event" in entry and isinstance(entry["event"], dict):
        ev = dict(entry["event"])
        head = f"event {ev.pop('type', '?')} {ev.pop('date', '')}"
        return f"{head} — {json.dumps(ev, ensure_ascii=False, default=str)}" if ev else head
    if "add" in entry:
        return f"add {entry['add']}: {json.dumps(entry.get('value'), ensure_ascii=False, default=str)}"
    if "amend" in entry:
        return f"amend {entry['amend']} = {json.dumps(entry.get('value'), ensure_ascii=False, default=str)}"
    if "retract" in entry:
        return f"retract #{entry['retract']}: {entry.get('reason', '')}"
    if "open" in entry:
        case = (entry["open"] or {}).get("case", {}) if isinstance(entry["open"], dict) else {}
        return f"open ({(entry['open'] or {}).get('regime')}): {json.dumps(case, ensure_ascii=False, default=str)}"
    return json.dumps(entry, ensure_ascii=False, default=str)


def _store(request: Request):
    return request.app.state.store


def _sessions(request: Request) -> Sessions:
    s = getattr(request.app.state, "web_sessions", None)
    if s is None:
        s = request.app.state.web_sessions = Sessions()
    return s


def _user(request: Request) -> WebUser | None:
    """The signed-in user, while the store still knows it as active and its session epoch is the
    cookie's: logout, a new token, a new password and revocation end every earlier session
    (``store/logins.py``), in every worker. One indexed read per request, in a worker thread.
    The access log names the user (``request.state.user``)."""
    cached = request.scope.get("wreckmaster.web_user", False)
    if cached is not False:
        return cached
    user = _sessions(request).read(request.cookies.get(COOKIE))
    if user is not None:
        found = _store(request).session_user(user.name)
        if found is None or found[1] != user.epoch or (found[0].office, found[0].role) != (user.office, user.role):
            user = None
    request.scope["wreckmaster.web_user"] = user
    if user is not None:
        request.state.user = user.name
    return user


class NamesTheUser:
    """Every access-log line of a web request names its user (issue 24, 8), the static files'
    and the feeds' too: a pure ASGI middleware that reads the session cookie (:func:`_user`, in a
    worker thread) before the page does, which then finds it read. Only a request that carries
    the cookie costs the read; ``/api/`` names its caller by the token (``service/auth.py``)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not scope.get("path", "").startswith("/api/"):
            request = Request(scope)
            if COOKIE in request.cookies:
                from starlette.concurrency import run_in_threadpool

                try:
                    await run_in_threadpool(_user, request)
                except Exception:   # the page reads it again and answers the database's error itself
                    scope.pop("wreckmaster.web_user", None)
        await self.app(scope, receive, send)


def page_labels(request: Request, with_english: bool = False, regime: str | None = None) -> dict[str, Any]:
    """Issue 25: a page in its language only; the English beside it when the user asks (?both=1).
    The office's pages and the public ones (``public._page``) both label through these; the
    events', fields' and values' labels are the regime's (issue 22)."""
    with_en = request.query_params.get("both") == "1" or with_english
    return {"both": (i18n.both if with_en else i18n.t), "both_langs": with_en,
            "role_label": lambda r, lang: i18n.role_label(r, lang, with_en),
            "field_label": lambda n, lang: i18n.field_label(n, lang, with_en, regime),
            "value_label": lambda v, lang: i18n.value_label(v, lang, with_en, regime),
            "event_label": lambda e, lang: i18n.event_label(e, lang, with_en, regime)}


def render(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    user = _user(request)
    office = ctx.pop("office", None) or (_office(request, user.office) if user else None)
    lang = ctx.pop("lang", None) or request.query_params.get("lang") or (office.lang if office else None) or "en"
    if lang not in i18n.LANGS:
        lang = "en"
    regime = getattr(ctx.get("scenario"), "regime", None)   # the events' labels are the regime's (issue 22)
    labels = page_labels(request, bool(ctx.pop("with_english", False)), regime)
    for k, v in (("values", {}), ("field_errors", {}), ("form_lists", {})):
        ctx.setdefault(k, v)
    ctx.update(_refusals_shown(ctx.get("errors") or [], ctx["field_errors"], lang, regime))
    html = _env().get_template(template).render(request=request, user=user, lang=lang, office=office,
                                                **{**labels, **ctx})
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})


def _refusals_shown(errors: list[tuple[str, str]], field_errors: dict[str, str], lang: str,
                    regime: str | None = None) -> dict[str, Any]:
    """The refusals in the page's language (``refusals.local``): at the form's top, each as
    (the field's label, the message, its language); beside each field its message, and its code
    (``field_codes``: the date questioned as after today offers its box)."""
    from . import refusals

    from .public_labels import FIELD_KEYS, pt

    def label(pointer: str) -> str:
        name = forms.field_of(pointer) or str(pointer).strip("/")
        if i18n.declares_field(name, regime):
            return i18n.field_label(name, lang, regime=regime)
        if name in FIELD_KEYS:
            return pt(FIELD_KEYS[name], lang)
        return i18n.t(name, lang) if name in i18n.LABELS else ""

    return {"errors": [(label(p), *refusals.local(m, lang)) for p, m in errors],
            "field_errors": {k: refusals.local(m, lang)[0] for k, m in field_errors.items()},
            "field_codes": {k: getattr(refusals.read(m), "code", None) for k, m in field_errors.items()}}


async def _form(request: Request) -> dict[str, list[str]]:
    """The submitted form (its size and read time bounded by ``service/limits.py``)."""
    raw = await request.body()
    try:
        body = raw.decode("utf-8")
    except UnicodeDecodeError:
        body = raw.decode("utf-8", errors="replace")
    return parse_qs(body, keep_blank_values=True, max_num_fields=2000)


def _text_problems(form: dict[str, list[str]]) -> list[tuple[str, str]]:
    """The API's text checks on a form (``jsonio.text_problems``): a NUL or a character that is
    not Unicode is bad input (422), as in a JSON body."""
    from wreckmaster.service.jsonio import text_problems

    return [(f"/form{p}", m) for p, m in text_problems(form)]


def _office(request: Request, office_id: str, cases: list[dict] | None = None):
    from .office import profile

    return profile(_store(request), office_id, cases)


def _login_redirect(request: Request) -> RedirectResponse:
    return RedirectResponse(f"/login?next={quote(str(request.url.path))}", status_code=303)


def _parse_day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


# --- login -------------------------------------------------------------------------------
def _login_form(request: Request, status: int = 200, **ctx: Any) -> HTMLResponse:
    """The login page with a fresh CSRF token (its twin in a short-lived signed cookie)."""
    token, cookie = _sessions(request).login_token()
    resp = render(request, "login.html", status=status, login_csrf=token, **ctx)
    resp.set_cookie(LOGIN_COOKIE, cookie, httponly=True, samesite="strict", secure=request.url.scheme == "https",
                    max_age=LOGIN_MAX_AGE, path="/login")
    return resp


def _safe_next(nxt: str) -> str:
    return nxt if nxt.startswith("/") and not nxt.startswith("//") and "\\" not in nxt else "/cases"


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, next: str = "/cases"):
    return _login_form(request, next=_safe_next(next))


@router.post("/login")
async def login(request: Request):
    """Log in by name and password (or an API token). The back-off (``store/logins.py``) answers
    429 with ``Retry-After`` while the name or the address must wait; argon2 runs in its own
    small pool (``service/pools.py``), the store in the blocking one."""
    from wreckmaster.service import pools

    form = await _form(request)
    await pools.blocking(_user, request)   # a session already open is read here, not on the event loop
    name, token = (form.get(k, [""])[0].strip() for k in ("name", "token"))
    password = form.get("password", [""])[0]   # exactly as typed: spaces are part of a password (ASVS V2.1)
    nxt = _safe_next(form.get("next", ["/cases"])[0])
    lang = form.get("lang", [""])[0] if form.get("lang", [""])[0] in i18n.LANGS else None
    if not _sessions(request).login_ok(request.cookies.get(LOGIN_COOKIE), form.get("csrf", [None])[0]):
        return _login_form(request, status=403, next=nxt, error="login_stale", lang=lang)
    if _text_problems(form):
        return _login_form(request, status=422, next=nxt, error="login_failed", lang=lang)
    store = _store(request)
    address = request.client.host if request.client else None
    who = None if token else name
    stored, user, wait = await pools.blocking(store.login_started, who, address)
    if wait > 0:
        resp = _login_form(request, status=429, next=nxt, error="login_wait", wait=int(wait) + 1, lang=lang)
        resp.headers["Retry-After"] = str(int(wait) + 1)
        return resp
    if token:
        user = await pools.blocking(store.user_for_token, token)
        ok = user is not None
    else:
        ok = await pools.hashing(logins.verify, stored, password) and user is not None
    await pools.blocking(store.login_finished, who, address, ok)
    if not ok:
        return _login_form(request, status=401, next=nxt, error="login_failed", lang=lang)
    found = await pools.blocking(store.session_user, user.name)
    epoch = found[1] if found else 0
    request.state.user = user.name
    resp = RedirectResponse(nxt, status_code=303)
    resp.set_cookie(COOKIE, _sessions(request).issue(user.name, user.office, user.role, epoch), httponly=True,
                    samesite="lax", secure=request.url.scheme == "https", max_age=MAX_AGE, path="/")
    resp.delete_cookie(LOGIN_COOKIE, path="/login")
    return resp


@router.post("/logout")
async def logout(request: Request):
    """Log out: every session of the user issued until now ends (in every browser and worker)."""
    from wreckmaster.service import pools

    form = await _form(request)
    user = await pools.blocking(_user, request)
    if user is not None:
        if not csrf_ok(user, form.get("csrf", [None])[0]):
            return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
        await pools.blocking(_store(request).end_sessions, user.name)
    resp = RedirectResponse("/login", status_code=303)
    resp.delete_cookie(COOKIE, path="/")
    return resp


@router.get("/")
def home(request: Request):
    return RedirectResponse("/cases" if _user(request) else "/notices", status_code=303)


# --- the office's cases and its due list ---------------------------------------------------------
@router.get("/cases", response_class=HTMLResponse)
def cases_page(request: Request, lang: str = "en", as_of: str | None = None):  # noqa: ARG001 - lang read by render
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    store = _store(request)
    today = _parse_day(as_of) or date.today()
    due = store.due(today, within=7, office=user.office, local=True)
    due.sort(key=lambda d: (d["status"] != "missed", d["due"]))
    listed = store.list_cases(office=user.office)
    day = _parse_day(as_of)
    names = {c["case"]: c for c in listed
             if day is None or not c.get("occurred") or str(c["occurred"]) <= day.isoformat()}
    office = _office(request, user.office, listed)
    return render(request, "cases.html", lang=lang if "lang" in request.query_params else None, office=office,
                  cases=list(names.values()), due=due, today=today, as_of=_parse_day(as_of))


@router.get("/cases/new", response_class=HTMLResponse)
def new_case_page(request: Request, lang: str = "en"):  # noqa: ARG001 - read by render
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    office = _office(request, user.office, _store(request).list_cases(office=user.office))
    return render(request, "case_new.html", lang=lang if "lang" in request.query_params else None, office=office,
                  regimes=_regime_choices(lang if "lang" in request.query_params else office.lang or "en"), errors=[],
                  values={"regime": office.regime} if office.regime else {})


@router.post("/cases/new")
async def new_case(request: Request):
    from wreckmaster.service import pools

    form = await _form(request)
    return await pools.blocking(_new_case, request, form)


def _new_case(request: Request, form: dict[str, list[str]]):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    if not csrf_ok(user, form.get("csrf", [None])[0]):
        return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
    from wreckmaster.store.errors import InvalidEntry

    try:
        problems = _text_problems(form)
        if problems:
            raise InvalidEntry(problems)
        from .office import regime_lang

        # the office's head is named in the case's language (三崎町役場, not its English beside)
        head = i18n.office_name(_office(request, user.office).name, regime_lang(forms._one(form, "regime") or None))
        doc = forms.first_report_scenario(form, head)
        case_id, _version = _store(request).open_case(doc, office=user.office, recorded_by=user.name)
    except InvalidEntry as exc:
        values = {k: v[0] for k, v in form.items() if not _text_problems({k: v})}
        lang = form.get("lang", [""])[0]
        lang = lang if lang in i18n.LANGS else None
        return render(request, "case_new.html", status=422, lang=lang, regimes=_regime_choices(lang or "en"),
                      errors=exc.problems, values=values)
    return RedirectResponse(f"/cases/{quote(case_id)}", status_code=303)


def _regime_choices(lang: str) -> list[tuple[str, str, str]]:
    """(id, the law's title, its language) of every regime, for the new case's list: the title
    as the law itself words it (水難救護法, 難破船救助規則), in English on an English page."""
    from wreckmaster.law import citations
    from wreckmaster.law.regime import available

    out = []
    for rid in available():
        law = citations.law(rid)
        title = law.get("title") or {}
        if lang == "en" and title.get("en"):
            out.append((rid, title["en"], "en"))
        else:
            out.append((rid, title.get("original") or rid, str(law.get("language") or "en")))
    return out


# --- one case --------------------------------------------------------------------------
def _case_context(request: Request, user: WebUser, case_id: str, as_of: date | None,
                  kept_position: str | None = None) -> dict[str, Any]:
    from wreckmaster.law import regime as registry

    from . import pickmap

    store = _store(request)
    scenario = store.scenario(case_id, office=user.office)
    if as_of is not None:
        # the case as known on that day: nothing dated later in the inventory (law/asof.py)
        from wreckmaster.law.asof import known_on

        late = {i.id for i in scenario.items if i.found is not None and i.found.date is not None
                and i.found.date > as_of}
        scenario, _later = known_on(scenario, as_of)
        scenario = scenario.replace(items=[i for i in scenario.items if i.id not in late])
    assessment = _assessed(store, case_id, as_of, user.office)
    history = store.history(case_id, office=user.office)
    regime = registry.get(scenario.regime)
    case_lang = {"ja": "ja", "zh": "zh", "fr": "fr"}.get(regime.language, "en")
    names = {x.id: (x.name or x.id) for x in [*scenario.parties, *scenario.persons]}
    names.update({x.id: (x.description or x.id) for x in scenario.items})
    event_types = list(forms.event_types(scenario.regime))
    exported = store.export(case_id, as_of=as_of, office=user.office)
    pick = pickmap.for_case(exported, store.case_office(case_id, office=user.office), kept_position)
    return {
        "pick": pick,
        "exported": exported, "amendable": forms.amendable_fields(exported, names), "as_of": as_of,
        "next_item_id": forms.next_id(scenario, "item"), "role_choices": _role_choices(scenario),
        "case_id": case_id, "scenario": scenario, "a": assessment, "history": history,
        "version": history[-1]["seq"] if history else 0, "regime": regime, "names": names,
        "event_types": event_types, "event_articles": forms.event_articles(scenario.regime),
        "explain": _explanations(assessment), "article_text": _article_text,
        "documents": _document_links(scenario, as_of),
        "case_lang": case_lang,
        "in_lang": lambda entry, section, lang: _in_page_language(regime.messages, entry, section, lang, case_lang),
    }


def _assessed(store: Any, case_id: str, as_of: date | None, office: str | None) -> dict[str, Any]:
    """The case's assessment (``store.assessment``: ``assess`` of its export, the one pipeline),
    each step, deadline and finding with the template it was written from (``"template"``: its
    id, its values, a deadline's note's id and the note in the case's language: not part of the
    JSON), so a page in another language renders that language's template (issue 25;
    :func:`_in_page_language`). A stored log that no longer validates has no templates: its
    findings say why (``store.assessed``)."""
    out = store.assessed(case_id, as_of=as_of, office=office)
    if isinstance(out, dict):
        return out
    doc = out.to_json()
    for key, objs in (("explanation", out.explanation), ("deadlines", out.deadlines), ("findings", out.findings)):
        doc[key] = [{**entry, "template": {"message": o.code if key == "findings" else o.message,   # a finding: its code
                                           "values": o.values, "note_message": getattr(o, "note_message", None),
                                           "note_local": getattr(o, "note_local", None)}}
                    for entry, o in zip(doc[key], objs, strict=True)]
    return doc


def _in_page_language(templates: Any, entry: dict[str, Any], section: str, lang: str, case_lang: str) -> str | None:
    """A step's, duty's, deadline note's or finding's text in the page's language ``lang``, from
    the regime's template in that language (``Templates.render_in``, ``messages.yaml``), on a page
    whose language is neither the case's nor English; None where the regime has no template there
    (the page then shows the case's language and the English, as it did)."""
    tpl = entry.get("template") or {}
    if lang in ("en", case_lang) or not tpl:
        return None
    key = tpl.get("note_message") if section == "notes" else tpl.get("message")
    try:
        return templates.render_in(section, key, lang, tpl.get("values") or {})
    except (KeyError, IndexError, ValueError):   # a sentence the rule wrote itself, without the template's values
        return None


def _role_choices(scenario: Any) -> list[str]:
    """The roles a party can be given: those of the regime's office first, then every known role
    and any role already in the case (never typed)."""
    head = i18n.office_head_role(scenario.regime)
    known = [r for r in i18n.ROLE_LABELS if r != head]
    present = [r for p in scenario.parties for r in p.roles if r not in i18n.ROLE_LABELS]
    return list(dict.fromkeys(([head] if head else []) + known + present))


def _explanations(a: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """For each citation, the explanation steps that rest on it (shown when a figure is opened)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for step in a.get("explanation", []):
        for c in step.get("cites", []):
            out.setdefault(c, []).append(step)
    return out


@lru_cache(maxsize=4096)
def _article_text(cite: str) -> dict[str, str | None]:
    from wreckmaster.law import citations

    from wreckmaster.law.regime import get

    try:
        r = citations.resolve(cite)
        lang = get(r.citation.regime).language   # the law's own words keep their language (lang=)
    except Exception:  # a citation that does not resolve is shown as it is
        return {"original": None, "gloss": None, "lang": None}
    return {"original": r.original(), "gloss": r.gloss(), "lang": lang}


@router.get("/cases/{case_id}", response_class=HTMLResponse)
def case_page(request: Request, case_id: str, lang: str | None = None, as_of: str | None = None,
              event_type: str | None = None, saved: str | None = None, note: str | None = None):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    from wreckmaster.store.errors import NotFound

    try:
        ctx = _case_context(request, user, case_id, _parse_day(as_of))
    except NotFound:
        return render(request, "not_found.html", status=404, lang=lang)
    ctx["lang"] = lang or ctx["case_lang"]
    ctx["event_type"] = event_type if event_type in ctx["event_types"] else None
    ctx["fields"] = forms.event_fields(event_type, ctx["scenario"]) if ctx["event_type"] else []
    ctx["saved"] = saved
    ctx["note"] = note
    ctx["errors"] = []
    ctx["map_svg"] = _map_svg(ctx["exported"])
    return render(request, "case.html", **ctx)


def _map_svg(doc: dict[str, Any]) -> str | None:
    """The coast map of the case (geo/: coastline, one-mile line, stations, casualty, finds),
    drawn only when the case has a position; nothing is fetched (shipped coastline data)."""
    has_position = "position" in (doc.get("case") or {}) or any(
        isinstance(i, dict) and "position" in (i.get("found") or {}) for i in doc.get("items") or [])
    if not has_position:
        return None
    from wreckmaster.geo import map_svg

    return map_svg(doc)


@router.get("/cases/{case_id}/documents/{name}.pdf")
async def document_pdf(request: Request, case_id: str, name: str, party: str | None = None,
                       lang: str | None = None, as_of: str | None = None):
    """A document of the case, printed to PDF (documents/), for the logged-in user's office, in
    the print queue (``service/printing.py``; full: 503 with ``Retry-After``); ``as_of``: the
    case as it stood that day (issue 25)."""
    from wreckmaster.service import pools
    from wreckmaster.service.printing import QueueFull

    user = await pools.blocking(_user, request)
    if user is None:
        return _login_redirect(request)
    try:
        return await request.app.state.print_queue.run(user.office, user.name, _document_pdf, request, user,
                                                       case_id, name, party, lang, as_of)
    except QueueFull as exc:
        return Response(str(exc), status_code=503, media_type="text/plain",
                        headers={"Retry-After": str(exc.retry_after)})


def _document_pdf(request: Request, user: WebUser, case_id: str, name: str, party: str | None, lang: str | None,
                  as_of: str | None = None):
    from functools import partial

    from wreckmaster.documents import DocumentProblem, PrinterMissing, render_pdf
    from wreckmaster.store.errors import NotFound
    from wreckmaster.store.public import photo as photo_of

    store = _store(request)
    try:
        day = _parse_day(as_of)
        scenario = store.scenario(case_id, as_of=day, office=user.office)
        pdf = render_pdf(name, scenario, store.assessment(case_id, as_of=day, office=user.office), party=party,
                         lang=lang, office=store.case_office(case_id, office=user.office),   # the issuer (issue 26)
                         photo=partial(photo_of, store))                              # the items' photographs
    except NotFound:
        return render(request, "not_found.html", status=404)
    except DocumentProblem as exc:
        # a page, in the case's language, that says what to record first (issue 25), never plain text
        status = 404 if exc.pointer == "NAME" else 422
        from .office import regime_lang

        page_lang = lang if lang in i18n.LANGS else regime_lang(scenario.regime)
        return render(request, "document_problem.html", status=status, lang=page_lang, case_id=case_id,
                      errors=[(exc.pointer, exc.message)])
    except PrinterMissing as exc:
        return Response(f"{exc}", status_code=503, media_type="text/plain")
    filename = f"{case_id}-{name}{'-' + party if party else ''}.pdf"
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": content_disposition(filename)})


def _document_links(scenario: Any, as_of: date | None = None) -> list[tuple[str, str]]:
    """(href, label) of every document this case can print; a party's statement per party; each
    link carries the page's ``as_of`` (the document of the case as it stood that day)."""
    links = _document_links_today(scenario)
    if as_of is None:
        return links
    return [(h + ("&" if "?" in h else "?") + f"as_of={as_of.isoformat()}", label) for h, label in links]


def _document_links_today(scenario: Any) -> list[tuple[str, str]]:
    try:
        from wreckmaster.documents import DOCUMENTS, documents_for
    except ImportError:
        return []
    out = []
    for name in documents_for(scenario.regime):
        spec = DOCUMENTS[name]
        if spec.needs_party:
            for p in scenario.parties:
                out.append((f"{name}.pdf?party={quote(p.id)}", f"{spec.title.split(' (')[0]} — {p.name or p.id}"))
        else:
            out.append((f"{name}.pdf", spec.title))
    return out


@router.get("/cases/{case_id}/event-fields", response_class=HTMLResponse)
def event_fields_partial(request: Request, case_id: str, event_type: str, lang: str = "en"):
    """htmx: the fields of one event type (the full page does the same without JavaScript)."""
    user = _user(request)
    if user is None:
        return Response(status_code=401)
    from wreckmaster.store.errors import NotFound

    try:
        scenario = _store(request).scenario(case_id, office=user.office)
    except NotFound:
        return Response(status_code=404)
    if event_type not in forms.event_types(scenario.regime):   # an event no article of the regime cites has a form too
        return Response(status_code=404)
    # the scenario names the regime whose declarations label the fields (render)
    return render(request, "_event_fields.html", lang=lang, fields=forms.event_fields(event_type, scenario),
                  event_type=event_type, event_articles=forms.event_articles(scenario.regime),
                  article_text=_article_text, scenario=scenario)


ENTRY_FORMS = ("party", "person", "item", "expense", "event", "amend", "retract")


@router.post("/cases/{case_id}/entries/{kind}")
async def record(request: Request, case_id: str, kind: str):
    from wreckmaster.service import pools

    form = await _form(request)
    return await pools.while_connected(request, _record, request, case_id, kind, form)


def _record(request: Request, case_id: str, kind: str, form: dict[str, list[str]], cancelled=None):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    if kind not in ENTRY_FORMS:
        return Response(status_code=404)
    if not csrf_ok(user, form.get("csrf", [None])[0]):
        return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
    from wreckmaster.store.errors import Conflict, Forbidden, InvalidEntry, NotFound

    from .refusals import Refusal

    store = _store(request)
    lang = form.get("lang", ["en"])[0]
    lang = lang if lang in i18n.LANGS else "en"
    try:
        scenario = store.scenario(case_id, office=user.office)   # not found comes first
        problems = _text_problems(form)
        if problems:
            raise InvalidEntry(problems)
        expect = form.get("version", [""])[0]
        if not expect.isdigit():   # an append is made on the version the clerk saw, as the API's If-Match
            raise InvalidEntry([("/form/version", Refusal("version-missing"))])
        if kind == "event":
            etype = form.get("event_type", [""])[0]
            if etype not in forms.EVENT_TYPES:
                raise InvalidEntry([("/event/type", Refusal("choose-event", got=etype))])
            entry = forms.event_entry(etype, form, scenario)
        elif kind == "amend":
            entry = forms.amend_entry(form)
        elif kind == "retract":
            entry = forms.retract_entry(form)
        else:
            entry = forms.add_entry(kind, form, scenario, lang)
        note = entry.pop("note", "")
        store.record(case_id, [entry], int(expect), recorded_by=user.name, cancelled=cancelled,
                     office=user.office, role=user.role)
    except NotFound:
        return render(request, "not_found.html", status=404, lang=lang)
    except (InvalidEntry, Conflict, Forbidden) as exc:
        ctx = _case_context(request, user, case_id, None, form.get("position", [""])[0] if kind == "item" else None)
        ctx.update(lang=lang, event_type=form.get("event_type", [None])[0] if kind == "event" else None,
                   saved=None, map_svg=None, open_form=kind, **forms.kept_input(form))
        ctx["fields"] = forms.event_fields(ctx["event_type"], ctx["scenario"]) if ctx["event_type"] in forms.EVENT_TYPES else []
        if isinstance(exc, InvalidEntry):
            ctx["errors"], status = list(exc.problems), 422
            ctx["field_errors"] = forms.field_errors(exc.problems)
        else:   # the store's refusal, from its code and values, at the form's top
            ctx["errors"] = [("", Refusal(exc.code, str(exc), **exc.values))]
            status = 409 if isinstance(exc, Conflict) else 403
        if isinstance(exc, Conflict):
            # the second clerk's input is kept; the entries recorded since it was read are shown
            ctx["meanwhile"] = [h for h in ctx["history"]
                                if h["seq"] > (int(expect) if expect.isdigit() else exc.current)]
            ctx["version"] = exc.current
        return render(request, "case.html", status=status, **ctx)
    note_q = (f"&note={quote(note)}" if note else "") + ("&both=1" if form.get("both", [""])[0] == "1" else "")
    return RedirectResponse(f"/cases/{quote(case_id)}?saved={kind}&lang={lang}{note_q}#saved", status_code=303)


# The public notice board, its items, feeds, a finder's report and the clerk's inbox: web/public.py.
