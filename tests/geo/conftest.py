"""The regional coastline cache is built once per test session, in a temporary folder."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def coast_cache(tmp_path_factory):
    from wreckmaster.geo import coastline

    old = os.environ.get("WRECKMASTER_CACHE")
    folder = tmp_path_factory.mktemp("wreckmaster-cache")
    os.environ["WRECKMASTER_CACHE"] = str(folder)
    coastline.forget()
    coastline.build()
    yield folder
    coastline.forget()
    if old is None:
        os.environ.pop("WRECKMASTER_CACHE", None)
    else:
        os.environ["WRECKMASTER_CACHE"] = old
