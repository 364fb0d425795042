"""``/health``: the service is up and its database answers (for load balancers and monitors).

``{"status": "ok", "database": "ok"}``; ``"degraded"`` (still 200) with ``"seals": "failed"`` and
the number of cases when this process found a case failing its seal (issue 24); 503
``"unavailable"`` when the database does not answer."""
from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request

from ..jsonio import JSON
from ..schemas import Health
from .common import store_of

router = APIRouter(tags=["health"])
log = logging.getLogger("wreckmaster.service")


@router.get("/health", operation_id="health", summary="Health: the service and its database",
            response_model=Health,
            responses={503: {"model": Health, "description": "The database does not answer."}},
            openapi_extra={"security": []})
async def health(request: Request) -> Any:
    """In its own small thread pool (``service/pools.py``): answered while every other worker
    thread waits on a slow writer."""
    from ..pools import probing

    try:
        await probing(store_of(request).offices)
    except Exception as exc:  # any failure of the database is "unavailable", never a 500
        log.error("health: database check failed: %s", type(exc).__name__)
        return JSON({"status": "unavailable", "database": "unreachable"}, status_code=503)
    tampered = getattr(store_of(request), "tampered", None)
    if isinstance(tampered, (set, frozenset)) and tampered:
        # a case failed its seal (seals.py): the others are served, so 200, but not "ok"; the case
        # ids are in the log, not on this public page
        return JSON({"status": "degraded", "database": "ok", "seals": "failed", "tampered": len(tampered)})
    return JSON({"status": "ok", "database": "ok"})
