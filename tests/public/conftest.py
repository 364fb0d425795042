"""Fixtures of the public side's tests: the service's store on SQLite and PostgreSQL
(``tests/service/conftest.py``), an app whose rate limits the test chooses, photographs."""
from __future__ import annotations

import io
import uuid

import pytest

from tests.service.conftest import Office, app, client, db_url, make_office, store  # noqa: F401  (fixtures)

#: limits high enough that the other tests never meet them; test_limits.py sets its own
ROOMY = {"read": 10_000, "report": 10_000, "request": 10_000, "status": 10_000}


@pytest.fixture(autouse=True)
def _roomy_limits(request):
    """Tests that use the shared app get limits they never meet (unit tests need no app)."""
    names = [n for n in ("app", "web_app") if n in request.fixturenames or
             (n == "app" and "client" in request.fixturenames) or (n == "web_app" and "web" in request.fixturenames)]
    apps = [request.getfixturevalue(n) for n in names]
    for a in apps:
        a.state.public_limits = ROOMY
    yield
    for a in apps:
        a.state.public_limits = ROOMY


@pytest.fixture(scope="session")
def web_app(store):  # noqa: F811
    """The service with its pages (what ``wreckmaster serve`` serves), on the shared store."""
    from wreckmaster import web as pages
    from wreckmaster.service.app import create_app

    a = create_app(store, routers=pages.routers())
    pages.mount_static(a)
    return a


@pytest.fixture(scope="session")
def web(web_app):
    from fastapi.testclient import TestClient

    with TestClient(web_app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def office(store) -> Office:  # noqa: F811
    return make_office(store, "misaki")


def jpeg_with_gps(size=(64, 48), color=(200, 40, 40)) -> bytes:
    """A JPEG whose EXIF carries a GPS position and a camera's name (what must not survive)."""
    from PIL import Image

    img = Image.new("RGB", size, color)
    exif = Image.Exif()
    exif[0x010F] = "FinderCam"                 # Make
    gps = {1: "N", 2: (35.0, 8.0, 30.0), 3: "E", 4: (139.0, 37.0, 12.0)}
    exif[0x8825] = gps                         # GPSInfo
    out = io.BytesIO()
    img.save(out, format="JPEG", exif=exif.tobytes(), comment=b"home address")
    return out.getvalue()


def png(size=(20, 20), alpha=False) -> bytes:
    from PIL import Image

    img = Image.new("RGBA" if alpha else "RGB", size, (0, 0, 255, 128) if alpha else (0, 0, 255))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def webp() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (30, 30), (0, 200, 0)).save(out, format="WEBP")
    return out.getvalue()


def tag() -> str:
    return uuid.uuid4().hex[:8]
