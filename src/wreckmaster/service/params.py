"""Reading a request: query parameters, ``If-Match`` and the JSON body, each problem with its pointer.

The messages are the command line's (``--as-of`` → ``/query/as_of``): ``expected a date
YYYY-MM-DD, got '…'``. Query parameters are documented in the OpenAPI document by
:data:`AS_OF`, :data:`VERSION`, :data:`WITHIN`, :data:`IF_MATCH`.
"""
from __future__ import annotations

import asyncio
import re
from datetime import date, timedelta
from typing import Any, Optional

from fastapi import Request

from . import jsonio
from .errors import ApiError, bad_input

MAX_BODY = 1024 * 1024          # bytes: a scenario with thousands of items fits easily
BODY_TIMEOUT = 30.0             # seconds to receive a body
MAX_WITHIN = 36500              # days (a century): the clerk's list looks no further
MAX_VERSION_DIGITS = 18

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_INT = re.compile(r"-?[0-9]{1,18}")
_IF_MATCH = re.compile(r'(?:W/)?"([1-9][0-9]{0,17})"|([1-9][0-9]{0,17})')

AS_OF = {"name": "as_of", "in": "query", "required": False,
         "description": "Apply the law as of this date (YYYY-MM-DD), by the legal dates in the facts; default today.",
         "schema": {"type": "string", "format": "date"}}
VERSION = {"name": "version", "in": "query", "required": False,
           "description": "Read the log as it stood at this version (recording order); default the current one.",
           "schema": {"type": "integer", "minimum": 1}}
WITHIN = {"name": "within", "in": "query", "required": False,
          "description": "Days ahead to list pending duties (default 30); missed duties are always listed.",
          "schema": {"type": "integer", "minimum": 0, "maximum": MAX_WITHIN, "default": 30}}
IF_MATCH = {"name": "If-Match", "in": "header", "required": True,
            "description": 'The version the change is made on: "N" (W/"N" and a bare N are accepted too). '
                           "Missing: 428; not a version: 422; stale: 409 with the current version.",
            "schema": {"type": "string", "pattern": r'^(?:W/)?"[1-9][0-9]{0,17}"$|^[1-9][0-9]{0,17}$',
                       "example": '"1"'}}


def _one(request: Request, name: str) -> Optional[str]:
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise bad_input([(f"/query/{name}", "given more than once")])
    return values[0]


def query_date(request: Request, name: str = "as_of") -> Optional[date]:
    text = _one(request, name)
    if text is None:
        return None
    if _DATE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise bad_input([(f"/query/{name}", f"expected a date YYYY-MM-DD, got {text!r}")])


def query_int(request: Request, name: str, minimum: int, maximum: int | None = None) -> Optional[int]:
    text = _one(request, name)
    if text is None:
        return None
    if not _INT.fullmatch(text):
        raise bad_input([(f"/query/{name}", f"expected a whole number, got {text!r}")])
    value = int(text)
    if value < minimum:
        raise bad_input([(f"/query/{name}", f"expected a whole number of at least {minimum}, got {value}")])
    if maximum is not None and value > maximum:
        raise bad_input([(f"/query/{name}", f"expected a whole number of at most {maximum}, got {value}")])
    return value


def check_window(as_of: date, within: int) -> None:
    """``as_of + within`` must be a date (the last is 9999-12-31)."""
    try:
        as_of + timedelta(days=within)
    except OverflowError:
        raise bad_input([("/query/within", f"{within} days after {as_of.isoformat()} is past the last date")]) from None


def if_match(request: Request) -> Optional[int]:
    """The version in ``If-Match``; None when it is missing; 422 when it is not a version."""
    values = request.headers.getlist("if-match")
    if not values:
        return None
    text = values[0].strip() if len(values) == 1 else ",".join(values)
    m = _IF_MATCH.fullmatch(text)
    if not m:
        raise bad_input([("/headers/If-Match", f'expected a version "N" (W/"N" or N), got {text!r}')])
    return int(m.group(1) or m.group(2))


async def json_body(request: Request) -> Any:
    """The body parsed with the exact loader, or 422 (pointer ``""`` when it is not JSON; a key
    repeated in an object: its pointer in the body, ``/regime``)."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise ApiError(413, [("", f"body larger than {MAX_BODY} bytes")])
    try:
        async with asyncio.timeout(BODY_TIMEOUT):  # no task of its own, unlike asyncio.wait_for
            raw = await _read(request)
    except TimeoutError:
        raise ApiError(408, [("", f"body not received within {BODY_TIMEOUT:g} seconds")]) from None
    from wreckmaster.law.yamlio import DuplicateKeys

    try:
        data = jsonio.loads(raw)
    except jsonio.BadJSON as exc:
        raise bad_input([("", str(exc))]) from None
    except DuplicateKeys as exc:
        raise bad_input(exc.problems) from None
    problems = jsonio.text_problems(data)
    if problems:
        raise bad_input(problems)
    return data


async def _read(request: Request) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, [("", f"body larger than {MAX_BODY} bytes")])
        chunks.append(chunk)
    return b"".join(chunks)


def safe_case_id(case_id: str) -> bool:
    """An id that could exist: printable text of reasonable length (others are simply not found)."""
    return 0 < len(case_id) <= 200 and case_id.isprintable() and "\x00" not in case_id and _encodable(case_id)


def _encodable(s: str) -> bool:
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False
