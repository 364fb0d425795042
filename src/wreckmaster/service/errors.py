"""How failures answer: every error is JSON, and no request answers 500 by design.

Bad input answers 422 ``{"errors": [{"pointer", "message"}]}`` with the pointers and messages
the command line prints (``error: <pointer>: <message>``); a query parameter's pointer is
``/query/NAME``, a header's ``/headers/NAME``, a body that is not JSON ``""``. The store's
exceptions map one to one: ``NotFound`` 404 (another office's case looks exactly like a
missing one), ``Conflict`` 409 ``{"case", "version": CURRENT}``, ``InvalidEntry`` 422,
``Forbidden`` 403, ``DatabaseProblem`` 503 (``Tampered`` and ``CorruptData``, a case failing its
seal or a stored row that is not JSON, 503 with the store's own message). A body too large
answers 413, one too slow 408 (``limits.py``); a client that went away is a client close, 499 in
the access log and one INFO line, never a defect. Anything else is a defect: it is logged with a
reference and answered as a JSON 500 that shows no internals.
"""
from __future__ import annotations

import logging
import uuid
from typing import Any, Iterable

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .jsonio import JSON

log = logging.getLogger("wreckmaster.service")


class ApiError(Exception):
    """An answer other than success: status, problems and headers."""

    def __init__(self, status: int, problems: Iterable[tuple[str, str]], headers: dict[str, str] | None = None):
        self.status = status
        self.problems = list(problems)
        self.headers = headers or {}
        super().__init__("; ".join(f"{p}: {m}" for p, m in self.problems))


def bad_input(problems: Iterable[tuple[str, str]]) -> ApiError:
    return ApiError(422, problems)


def not_found(what: str) -> ApiError:
    return ApiError(404, [("", f"not found: {what}")])


def errors_body(problems: Iterable[tuple[str, str]]) -> dict[str, Any]:
    return {"errors": [{"pointer": str(p), "message": str(m)} for p, m in problems]}


def error_response(status: int, problems: Iterable[tuple[str, str]], headers: dict[str, str] | None = None) -> JSON:
    return JSON(errors_body(problems), status_code=status, headers=headers)


def conflict_response(case_id: str, current: int) -> JSON:
    return JSON({"case": case_id, "version": int(current)}, status_code=409, headers={"ETag": f'"{int(current)}"'})


def _store_errors() -> dict[str, type]:
    try:
        from wreckmaster.store import errors as e
    except ImportError:  # pragma: no cover - the store is part of the same package
        return {}
    return {n: getattr(e, n) for n in ("NotFound", "Conflict", "InvalidEntry", "DatabaseProblem", "Forbidden")
            if hasattr(e, n)}


def _problems_of(exc: Exception) -> list[tuple[str, str]]:
    problems = getattr(exc, "problems", None)
    if problems:
        out = []
        for p in problems:
            if isinstance(p, (tuple, list)) and len(p) == 2:
                out.append((str(p[0]), str(p[1])))
            else:
                out.append(("", str(p)))
        return out
    return [("", str(exc) or type(exc).__name__)]


def _validation_pointer(loc: tuple[Any, ...]) -> str:
    if not loc:
        return ""
    where, *rest = loc
    if where == "body":
        from wreckmaster.law.types import pointer

        return pointer(tuple(rest)) if rest else ""
    head = {"query": "/query", "header": "/headers", "path": "/path", "cookie": "/cookies"}.get(str(where), "")
    return head + "".join(f"/{p}" for p in rest)


def install(app: FastAPI) -> None:
    """Register the mapping of every failure to its JSON answer."""
    known = _store_errors()

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError):
        return error_response(exc.status, exc.problems, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        problems = [(_validation_pointer(tuple(e.get("loc", ()))), e.get("msg", "invalid")) for e in exc.errors()]
        return error_response(422, problems or [("", "invalid request")])

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else "error"
        headers = dict(exc.headers or {})
        if exc.status_code == 404:
            message = f"not found: {request.url.path}"
        elif exc.status_code == 405:
            headers["Allow"] = _allowed(request)
        return error_response(exc.status_code, [("", message)], headers)

    if "NotFound" in known:
        @app.exception_handler(known["NotFound"])
        async def _not_found(request: Request, exc: Exception):
            return error_response(404, [("", _not_found_message(exc))])

    if "Conflict" in known:
        @app.exception_handler(known["Conflict"])
        async def _conflict(request: Request, exc: Exception):
            case_id = getattr(exc, "case", None) or getattr(exc, "case_id", None) or request.path_params.get("id", "")
            current = getattr(exc, "current", None)
            if current is None:
                current = getattr(exc, "version", 0)
            return conflict_response(str(case_id), int(current))

    if "InvalidEntry" in known:
        @app.exception_handler(known["InvalidEntry"])
        async def _invalid(request: Request, exc: Exception):
            return error_response(422, _problems_of(exc))

    if "Forbidden" in known:
        @app.exception_handler(known["Forbidden"])
        async def _forbidden(request: Request, exc: Exception):
            return error_response(403, [("", _message(exc, "forbidden"))])

    from wreckmaster.store.errors import CorruptData, Tampered

    @app.exception_handler(Tampered)
    @app.exception_handler(CorruptData)
    async def _integrity(request: Request, exc: Exception):
        # the log failed its seal, or a stored row is not what wreckmaster wrote: say so (the
        # message names the case, which the caller's office could read) and retry nothing
        log.error("integrity: %s %s: %s", request.method, request.url.path, exc)
        return error_response(503, [("", f"database: {exc}")])

    if "DatabaseProblem" in known:
        @app.exception_handler(known["DatabaseProblem"])
        async def _database(request: Request, exc: Exception):
            log.error("database problem on %s %s: %s", request.method, request.url.path, exc)
            return error_response(503, [("", "database: unavailable, try again later")], {"Retry-After": "5"})

    from wreckmaster.law.scenario import InvalidScenario

    @app.exception_handler(InvalidScenario)
    async def _invalid_scenario(request: Request, exc: InvalidScenario):
        return error_response(422, _problems_of(exc))

    from starlette.requests import ClientDisconnect

    from .limits import CLIENT_CLOSED, BodyTimeout, BodyTooLarge

    @app.exception_handler(BodyTooLarge)
    async def _too_large(request: Request, exc: BodyTooLarge):
        return error_response(413, [("", str(exc))], {"Connection": "close"})

    @app.exception_handler(BodyTimeout)
    async def _too_slow(request: Request, exc: BodyTimeout):
        return error_response(408, [("", str(exc))], {"Connection": "close"})

    @app.exception_handler(ClientDisconnect)
    async def _client_closed(request: Request, exc: ClientDisconnect):
        # the client went away: nothing to answer and nothing wrong with the server (issue 24, 6)
        log.info("client closed the connection during %s %s", request.method, request.url.path)
        return Response(status_code=CLIENT_CLOSED)

    @app.exception_handler(Exception)
    async def _defect(request: Request, exc: Exception):
        ref = uuid.uuid4().hex[:12]
        log.error("defect %s on %s %s", ref, request.method, request.url.path, exc_info=exc)
        return error_response(500, [("", f"internal error (reference {ref})")])


def _allowed(request: Request) -> str:
    """Every method some route serves at this path (Starlette's own 405 names only the first route's)."""
    from starlette.routing import Match

    methods = [m for m in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
               if any(route.matches({**request.scope, "method": m, "type": "http"})[0] == Match.FULL
                      for route in request.app.router.routes)]
    return ", ".join(methods)


def _message(exc: Exception, default: str) -> str:
    text = str(exc).strip()
    return text or default


def _not_found_message(exc: Exception) -> str:
    text = str(exc).strip()
    if not text:
        return "not found"
    return text if text.startswith("not found") else f"not found: {text}"
