"""The offices, public (CASE.md 1.1, "Offices"): ``GET /api/offices`` (no token) lists each
office's id, name, address, telephone and position — nothing else (never its users, its
language or regime, its cases)."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..jsonio import JSON
from ..schemas import PublicOffice
from .common import E503, store_of

router = APIRouter(prefix="/api", tags=["offices"])


@router.get("/offices", operation_id="listOffices", summary="The offices (public, no token needed)",
            response_model=list[PublicOffice], responses={**E503}, openapi_extra={"security": []})
def list_offices(request: Request) -> Any:
    return JSON(store_of(request).public_offices(), headers={"Cache-Control": "public, max-age=300"})
