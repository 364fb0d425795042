"""The application factory: ``create_app(store) -> FastAPI``.

Routers (FastAPI "bigger applications"): ``routers/cases.py`` (``/api/cases…``),
``routers/due.py`` (``/api/due``), ``routers/ledger.py`` (``/api/ledger``), ``routers/notices.py`` (``/api/notices`` and the plain page
``/notices``), ``routers/offices.py`` (``/api/offices``, public), ``routers/public.py`` (the
public's reports and requests, the clerk's inbox: issue 27), ``routers/health.py`` (``/health``). Other routers (the web pages) are added with
``create_app(store, routers=[...])`` or ``app.include_router(...)``; a router given in
``routers`` that serves ``GET /notices`` takes the place of the plain page.
"""
from __future__ import annotations

from typing import Any, Iterable

from fastapi import APIRouter, FastAPI

from . import errors
from .accesslog import AccessLog
from .auth import TokenCache
from .cache import ReadCache
from .headers import SecurityHeaders
from .limits import BodyLimits
from .printing import PrintQueue
from .routers import cases, due, health, ledger, notices, offices, public
from .schemas import entries_request_schema, entry_schema, scenario_request_schema

DESCRIPTION = """The case log of wreckmaster over HTTP (CASE.md, "Offices, users and the service").

Every `/api/` request except `/api/notices` and `/api/offices` (public) carries `Authorization: Bearer TOKEN` (printed once
by `wreckmaster user add`). A user reads and changes only its own office's cases: another
office's case answers 404, exactly as a case that does not exist. Changes need
`If-Match: "N"`, the version they are made on. Bad input answers 422
`{"errors": [{"pointer", "message"}]}` and stores nothing.
"""


def create_app(store: Any, *, routers: Iterable[APIRouter] = (), title: str = "wreckmaster") -> FastAPI:
    from wreckmaster import __version__

    app = FastAPI(title=title, version=__version__, description=DESCRIPTION,
                  docs_url=None, redoc_url=None, openapi_url="/openapi.json")
    app.state.store = store
    app.state.token_cache = TokenCache()
    app.state.read_cache = ReadCache()
    app.state.print_queue = PrintQueue()
    errors.install(app)
    for r in (cases.router, due.router, ledger.router, notices.router, offices.router, public.router, health.router):
        app.include_router(r)
    extra = list(routers)
    for r in extra:
        app.include_router(r)
    if not any(_serves(r, "/notices", "GET") for r in extra):
        app.include_router(notices.page_router)
    app.add_middleware(BodyLimits)
    app.add_middleware(SecurityHeaders)
    from .freshness import install as read_your_writes

    read_your_writes(app, store)  # only with a replica (serve --read-db): a clerk reads his own writes
    app.add_middleware(AccessLog)
    _document(app)
    return app


def create_full_app(store: Any) -> FastAPI:
    """What ``wreckmaster serve`` serves: the API, the documents router and the web pages (with
    their static files), each where it is installed."""
    extra: list[APIRouter] = []
    web = _optional("wreckmaster.web")
    documents = _optional("wreckmaster.service.routers.documents")
    if documents is not None:
        extra.append(documents.router)
    if web is not None:
        extra.extend(web.routers())
    app = create_app(store, routers=extra)
    if web is not None and hasattr(web, "mount_static"):
        web.mount_static(app)
    return app


def _optional(module: str) -> Any:
    """A part of the service built separately: its module, or None while it does not exist."""
    import importlib

    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return None
        raise


def _serves(router: APIRouter, path: str, method: str) -> bool:
    return any(getattr(route, "path", None) == path and method in (getattr(route, "methods", None) or ())
               for route in router.routes)


def _document(app: FastAPI) -> None:
    """Add the request-body schemas (read raw, so FastAPI cannot see them) to the OpenAPI document."""
    from fastapi.openapi.utils import get_openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            schemas = doc.setdefault("components", {}).setdefault("schemas", {})
            schemas["ScenarioIn"] = scenario_request_schema()
            schemas["Entry"] = entry_schema()
            schemas["EntriesIn"] = entries_request_schema()
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
