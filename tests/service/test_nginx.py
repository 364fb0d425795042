"""Debian's nginx in front of two workers on loopback ports (issue 23, docs/deployment-workers.md):
the recipe ``scripts/nginx/wreckmaster-workers.conf`` with the test's ports, and a clerk's day
through it — open, record, read, due — and a web login that holds whichever worker answers."""
from __future__ import annotations

import os
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT

from .conftest import free_port, scenario
from .serving import serving

RECIPE = ROOT / "scripts" / "nginx" / "wreckmaster-workers.conf"


def _nginx() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        pytest.fail("Debian's nginx is needed: apt-get install nginx (scripts/system-packages.sh)", pytrace=False)
    return found


def render(upstreams: list[int], listen: int) -> str:
    """The recipe with the test's ports on its @TEST@ lines."""
    lines, ups = [], iter(upstreams)
    for line in RECIPE.read_text().splitlines():
        if "@TEST@ upstream" in line:
            line = f"    server 127.0.0.1:{next(ups)};"
        elif "@TEST@ listen" in line:
            line = f"    listen 127.0.0.1:{listen};"
        elif "@TEST@ rate" in line:  # a limit the test reaches in a moment
            line = line.replace("rate=30r/s", "rate=2r/s")
        elif "@TEST@ burst" in line:
            line = line.replace("burst=60", "burst=5")
        lines.append(line)
    return "\n".join(lines) + "\n"


class Nginx:
    def __init__(self, upstreams: list[int]):
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="wm-nginx-", dir="/tmp"))
        os.chmod(self.dir, 0o755)
        (self.dir / "wreckmaster.conf").write_text(render(upstreams, self.port))
        (self.dir / "nginx.conf").write_text(f"""
worker_processes 1;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
events {{ worker_connections 256; }}
http {{
    log_format upstream '$upstream_addr $request_method $status';
    access_log {self.dir}/access.log upstream;
    client_body_temp_path {self.dir}/body;
    proxy_temp_path {self.dir}/proxy;
    fastcgi_temp_path {self.dir}/fastcgi;
    uwsgi_temp_path {self.dir}/uwsgi;
    scgi_temp_path {self.dir}/scgi;
    include {self.dir}/wreckmaster.conf;
}}
""")
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> str:
        done = subprocess.run([_nginx(), "-t", "-p", str(self.dir), "-c", str(self.dir / "nginx.conf")],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        self.proc = subprocess.Popen([_nginx(), "-p", str(self.dir), "-c", str(self.dir / "nginx.conf"),
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    return base
            except httpx.TransportError:
                pass
            assert self.proc.poll() is None, self.proc.stderr.read().decode()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.1)

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.access = (self.dir / "access.log").read_text() if (self.dir / "access.log").exists() else ""
        shutil.rmtree(self.dir, ignore_errors=True)


def test_a_clerks_day_through_nginx_in_front_of_two_workers(db_url, store, tmp_path):
    tag = os.urandom(4).hex()
    office = f"nginx-{tag}"
    store.add_office(office, "Behind nginx")
    token = store.add_user(f"clerk-{tag}", office, role="clerk", password="the clerk's long password")
    auth = {"Authorization": f"Bearer {token}"}
    log = tmp_path / "serve.log"
    with serving(db_url, log=log) as (one, _), serving(db_url, log=log) as (two, _):
        ports = [int(one.rsplit(":", 1)[1]), int(two.rsplit(":", 1)[1])]
        proxy = Nginx(ports)
        with proxy as base, httpx.Client(base_url=base, timeout=30, headers=auth) as http:
            # open
            r = http.post("/api/cases", json=scenario())
            assert r.status_code == 201, r.text
            case, version = r.json()["case"], 1
            # record, each append on whichever worker nginx picks
            for i in range(6):
                r = http.post(f"/api/cases/{case}/entries", json={"add": "party", "value": {"id": f"salvor-{i}"}},
                              headers={"If-Match": f'"{version}"'})
                assert r.status_code == 201, r.text
                version = int(r.headers["ETag"].strip('"'))
            # read
            for _ in range(4):
                r = http.get(f"/api/cases/{case}/entries")
                assert r.status_code == 200 and len(r.json()) == 7
                assert http.get(f"/api/cases/{case}/assessment", params={"as_of": "1876-03-10"}).status_code == 200
            # due
            due = http.get("/api/due", params={"as_of": "1876-03-10", "within": "3650"})
            assert due.status_code == 200 and case in {row["case"] for row in due.json()}, due.text
            # a web login through nginx holds on both workers
            with httpx.Client(base_url=base, timeout=30) as web:
                page = web.get("/login")
                form = {"name": f"clerk-{tag}", "password": "the clerk's long password", "next": "/cases"}
                m = re.search(r'name="csrf" value="([^"]+)"', page.text)
                if m:
                    form["csrf"] = m.group(1)
                assert web.post("/login", data=form).status_code == 303
                for _ in range(6):
                    assert web.get("/cases").status_code == 200
            # the public board: an address that sends too much gets 429 with Retry-After, from
            # the proxy, whichever worker would have answered
            with ThreadPoolExecutor(max_workers=8) as pool:
                answers = list(pool.map(lambda _: httpx.get(f"{base}/api/notices", timeout=30), range(40)))
            codes = Counter(a.status_code for a in answers)
            assert set(codes) == {200, 429} and codes[429] >= 20, codes
            limited = next(a for a in answers if a.status_code == 429)
            assert limited.headers["Retry-After"] == "1" and limited.json()["errors"][0]["pointer"] == ""
            # a body over the proxy's limit is refused by nginx, before any worker
            assert http.post("/api/cases", content=b"x" * (33 * 1024 * 1024),
                             headers={"Content-Type": "application/json"}).status_code == 413
    served = {line.split()[0] for line in proxy.access.splitlines() if line.split()[0] != "-"}
    assert served == {f"127.0.0.1:{p}" for p in ports}, proxy.access  # both workers answered
    assert len(store.history(case, office=office)) == 7
