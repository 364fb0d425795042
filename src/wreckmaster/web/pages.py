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
from .session import COOKIE, Sessions, WebUser, csrf_ok

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
                           LANGS=i18n.LANGS, HTML_LANG=i18n.HTML_LANG)
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
    """The signed-in user, while the store still knows it as active: a revoked user
    (``wreckmaster user revoke``) is signed out within seconds (the answer is cached as the
    API's tokens are, ``service/auth.py``)."""
    user = _sessions(request).read(request.cookies.get(COOKIE))
    if user is None:
        return None
    from wreckmaster.service.auth import Caller, TokenCache

    cache = getattr(request.app.state, "web_users", None)
    if cache is None:
        cache = request.app.state.web_users = TokenCache()
    key = "\x1f".join((user.name, user.office, user.role)).encode("utf-8")
    if cache.get(key) is None:
        active = _store(request).active_user(user.name)
        if active is None or (active.office, active.role) != (user.office, user.role):
            return None
        cache.put(key, Caller(active.name, active.office, active.role))
    return user


def render(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    lang = ctx.pop("lang", None) or request.query_params.get("lang") or "en"
    if lang not in i18n.LANGS:
        lang = "en"
    html = _env().get_template(template).render(request=request, user=_user(request), lang=lang, **ctx)
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})


async def _form(request: Request) -> dict[str, list[str]]:
    body = (await request.body()).decode("utf-8", errors="replace")
    return parse_qs(body, keep_blank_values=True)


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
@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, next: str = "/cases"):
    return render(request, "login.html", next=next if next.startswith("/") else "/cases")


@router.post("/login")
async def login(request: Request):
    form = await _form(request)
    name, password, token = (form.get(k, [""])[0].strip() for k in ("name", "password", "token"))
    nxt = form.get("next", ["/cases"])[0]
    store = _store(request)
    user = store.user_for_token(token) if token else (store.user_for_password(name, password) if name else None)
    if user is None:
        return render(request, "login.html", status=401, next=nxt,
                      error="Unknown user, wrong password or token.")
    resp = RedirectResponse(nxt if nxt.startswith("/") and not nxt.startswith("//") else "/cases", status_code=303)
    resp.set_cookie(COOKIE, _sessions(request).issue(user.name, user.office, user.role), httponly=True,
                    samesite="lax", secure=request.url.scheme == "https", max_age=12 * 3600, path="/")
    return resp


@router.post("/logout")
async def logout(request: Request):
    resp = RedirectResponse("/login", status_code=303)
    resp.delete_cookie(COOKIE, path="/")
    return resp


@router.get("/")
def home(request: Request):
    return RedirectResponse("/cases" if _user(request) else "/notices", status_code=303)


# --- the office's cases and its due list ---------------------------------------------------------
@router.get("/cases", response_class=HTMLResponse)
def cases_page(request: Request, lang: str = "en"):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    store = _store(request)
    today = date.today()
    due = store.due(today, within=7, office=user.office, local=True)
    due.sort(key=lambda d: (d["status"] != "missed", d["due"]))
    names = {c["case"]: c for c in store.list_cases(office=user.office)}
    return render(request, "cases.html", lang=lang, cases=list(names.values()), due=due, today=today)


@router.get("/cases/new", response_class=HTMLResponse)
def new_case_page(request: Request, lang: str = "en"):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    from wreckmaster.law.regime import available

    return render(request, "case_new.html", lang=lang, regimes=list(available()), errors=[], values={})


@router.post("/cases/new")
async def new_case(request: Request):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    form = await _form(request)
    if not csrf_ok(user, form.get("csrf", [None])[0]):
        return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
    from wreckmaster.law.regime import available
    from wreckmaster.store.errors import InvalidEntry

    doc = forms.first_report_scenario(form)
    try:
        case_id, _version = _store(request).open_case(doc, office=user.office, recorded_by=user.name)
    except InvalidEntry as exc:
        values = {k: v[0] for k, v in form.items()}
        return render(request, "case_new.html", status=422, regimes=list(available()), errors=exc.problems,
                      values=values)
    return RedirectResponse(f"/cases/{quote(case_id)}", status_code=303)


# --- one case --------------------------------------------------------------------------
def _case_context(request: Request, user: WebUser, case_id: str, as_of: date | None) -> dict[str, Any]:
    from wreckmaster.law import regime as registry

    store = _store(request)
    scenario = store.scenario(case_id, office=user.office)
    assessment = store.assessment(case_id, as_of=as_of, office=user.office)
    history = store.history(case_id, office=user.office)
    regime = registry.get(scenario.regime)
    names = {x.id: (x.name or x.id) for x in [*scenario.parties, *scenario.persons]}
    names.update({x.id: (x.description or x.id) for x in scenario.items})
    event_types = sorted(forms.event_articles(scenario.regime))
    return {
        "case_id": case_id, "scenario": scenario, "a": assessment, "history": history,
        "version": history[-1]["seq"] if history else 0, "regime": regime, "names": names,
        "event_types": event_types, "event_articles": forms.event_articles(scenario.regime),
        "explain": _explanations(assessment), "article_text": _article_text,
        "documents": _document_links(scenario),
        "case_lang": {"ja": "ja", "zh": "zh", "fr": "fr"}.get(regime.language, "en"),
    }


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

    try:
        r = citations.resolve(cite)
    except Exception:  # a citation that does not resolve is shown as it is
        return {"original": None, "gloss": None}
    return {"original": r.original(), "gloss": r.gloss()}


@router.get("/cases/{case_id}", response_class=HTMLResponse)
def case_page(request: Request, case_id: str, lang: str | None = None, as_of: str | None = None,
              event_type: str | None = None, saved: str | None = None):
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
    ctx["errors"] = []
    ctx["map_svg"] = _map_svg(_store(request).export(case_id, office=user.office))
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
def document_pdf(request: Request, case_id: str, name: str, party: str | None = None, lang: str | None = None):
    """A document of the case, printed to PDF (documents/), for the logged-in user's office."""
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    from wreckmaster.documents import DocumentProblem, PrinterMissing, render_pdf
    from wreckmaster.store.errors import NotFound

    store = _store(request)
    try:
        scenario = store.scenario(case_id, office=user.office)
        pdf = render_pdf(name, scenario, store.assessment(case_id, office=user.office), party=party, lang=lang)
    except NotFound:
        return render(request, "not_found.html", status=404)
    except DocumentProblem as exc:
        return Response(f"{exc}", status_code=404 if str(exc).startswith("NAME") else 422, media_type="text/plain")
    except PrinterMissing as exc:
        return Response(f"{exc}", status_code=503, media_type="text/plain")
    filename = f"{case_id}-{name}{'-' + party if party else ''}.pdf"
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


def _document_links(scenario: Any) -> list[tuple[str, str]]:
    """(href, label) of every document this case can print; a party's statement per party."""
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
    arts = forms.event_articles(scenario.regime)
    if event_type not in arts:
        return Response(status_code=404)
    return render(request, "_event_fields.html", lang=lang, fields=forms.event_fields(event_type, scenario),
                  event_type=event_type, event_articles=arts, article_text=_article_text)


ENTRY_FORMS = ("party", "person", "item", "expense", "event", "amend", "retract")


@router.post("/cases/{case_id}/entries/{kind}")
async def record(request: Request, case_id: str, kind: str):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    if kind not in ENTRY_FORMS:
        return Response(status_code=404)
    form = await _form(request)
    if not csrf_ok(user, form.get("csrf", [None])[0]):
        return Response("Forbidden: the form is stale (CSRF check); reload the page.", status_code=403)
    from wreckmaster.store.errors import Conflict, Forbidden, InvalidEntry, NotFound

    store = _store(request)
    lang = form.get("lang", ["en"])[0]
    try:
        scenario = store.scenario(case_id, office=user.office)
        if kind == "event":
            etype = form.get("event_type", [""])[0]
            if etype not in forms.EVENT_TYPES:
                raise InvalidEntry([("/event/type", f"choose an event type, got {etype!r}")])
            entry = forms.event_entry(etype, form, scenario)
        elif kind == "amend":
            entry = forms.amend_entry(form)
        elif kind == "retract":
            entry = forms.retract_entry(form)
        else:
            entry = forms.add_entry(kind, form)
        expect = form.get("version", [""])[0]
        store.record(case_id, [entry], int(expect) if expect.isdigit() else None, recorded_by=user.name,
                     office=user.office, role=user.role)
    except NotFound:
        return render(request, "not_found.html", status=404, lang=lang)
    except (InvalidEntry, Conflict, Forbidden) as exc:
        ctx = _case_context(request, user, case_id, None)
        ctx.update(lang=lang, event_type=form.get("event_type", [None])[0] if kind == "event" else None,
                   saved=None, map_svg=None, open_form=kind)
        ctx["fields"] = forms.event_fields(ctx["event_type"], ctx["scenario"]) if ctx["event_type"] in forms.EVENT_TYPES else []
        if isinstance(exc, InvalidEntry):
            ctx["errors"], status = list(exc.problems), 422
        elif isinstance(exc, Conflict):
            ctx["errors"], status = [("", f"Someone recorded an entry meanwhile: the case is now at version "
                                          f"{exc.current}. Check the timeline, then record again.")], 409
        else:
            ctx["errors"], status = [("", "Amending and retracting need a supervisor.")], 403
        return render(request, "case.html", status=status, **ctx)
    return RedirectResponse(f"/cases/{quote(case_id)}?saved={kind}&lang={lang}#timeline", status_code=303)


# The public notice board, its items, feeds, a finder's report and the clerk's inbox: web/public.py.
