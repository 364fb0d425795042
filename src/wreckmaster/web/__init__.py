"""Web pages for officials, finders and owners (an adapter: the same store and engine as the API).

``routers()`` are the pages and ``mount_static(app)`` adds the static files (the stylesheet, htmx vendored from the npm
package ``htmx.org`` at a pinned version: ``static/VENDORED.md``) to the service's FastAPI app.
"""
from __future__ import annotations

from pathlib import Path


def routers() -> list:
    """The page routers, for ``service.app.create_app(store, routers=…)``."""
    from .ledger_pages import router as ledger_router
    from .pages import router
    from .inbox import router as inbox_router     # issue 27: the clerk's inbox of reports and requests
    from .public import router as public_router   # issue 27: the board, items, feeds, a finder's report

    return [public_router, inbox_router, router, ledger_router]


def mount_static(app) -> None:
    """The static files, and the user named on every access-log line of a page, a feed or a
    static file (``pages.NamesTheUser``)."""
    from fastapi.staticfiles import StaticFiles

    from .pages import NamesTheUser

    app.add_middleware(NamesTheUser)

    app.mount("/static", StaticFiles(directory=str(Path(__file__).parent / "static")), name="static")
