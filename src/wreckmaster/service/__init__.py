"""The REST service (CASE.md "Offices, users and the service"): an adapter over the case log.

``create_app(store)`` builds the FastAPI application; ``wreckmaster serve`` runs it with
uvicorn. Handlers are thin: parse the request, call the store (the same functions the command
line calls), render its answer.
"""
from __future__ import annotations

from typing import Any


def create_app(store: Any, **kwargs: Any):  # pragma: no cover - thin re-export, keeps import light
    from .app import create_app as _create

    return _create(store, **kwargs)


__all__ = ["create_app"]
