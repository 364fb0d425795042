"""A real server on 127.0.0.1 and Debian's Chromium driven by Playwright (never a downloaded browser)."""
from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest
from tests.conftest import PASSWORD, PASSWORD_2, PASSWORD_3

CHROMIUM = "/usr/bin/chromium"
#: the README's screenshots are refreshed only when asked (WRECKMASTER_SCREENSHOTS=1 make test);
#: otherwise the pages are still photographed, into a scratch folder, so a run changes no tracked file
SHOTS = (Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("WRECKMASTER_SCREENSHOTS")
         else Path(tempfile.gettempdir()) / "wreckmaster-screenshots")


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The service with its pages over a fresh SQLite store: two offices, a clerk, a supervisor, a stranger."""
    import uvicorn

    from wreckmaster.service.app import create_app
    from wreckmaster.store import open_store

    db = tmp_path_factory.mktemp("web") / "web.db"
    store = open_store(f"sqlite:///{db}")
    store.add_office("misaki", "三崎町役場 (Misaki town office)")
    store.add_office("kushimoto", "串本村役場 (Kushimoto village office)")
    store.add_user("tanaka", "misaki", role="clerk", password=PASSWORD)
    store.add_user("suzuki", "misaki", role="supervisor", password=PASSWORD_2)
    store.add_user("other", "kushimoto", role="clerk", password=PASSWORD_3)
    foreign, _ = store.open_case({"format": "wreckmaster.scenario/1", "regime": "jp-1899",
                                  "case": {"occurred": "1905-03-01", "kind": "wreck", "place": "串本"}},
                                 office="kushimoto", recorded_by="other")
    from wreckmaster import web

    app = create_app(store, routers=web.routers())
    web.mount_static(app)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    yield {"url": f"http://127.0.0.1:{port}", "store": store, "foreign": foreign}
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium fonts-noto-cjk)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"])
        yield b
        b.close()


def login(page, url, name, password):
    """Log in through the login page as a person does (English labels: the page before a user)."""
    page.goto(f"{url}/login")
    page.get_by_label("User name").fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def shot(page, name: str) -> None:
    """Save a screenshot of the page as people see it (docs/screenshots/, shown in the README, with
    WRECKMASTER_SCREENSHOTS=1)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
