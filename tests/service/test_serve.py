"""`wreckmaster serve` as an operator runs it: a real process on 127.0.0.1, JSON-lines access logs
that never contain a token, a graceful stop on SIGTERM; bad options and an unreachable database."""
from __future__ import annotations

import json
import os
import signal
import subprocess

import httpx

from tests.conftest import EXE, ROOT, run_cli

from .conftest import free_port, wait_healthy, scenario


def test_serve_runs_logs_json_lines_without_secrets_and_stops_gracefully(tmp_path):
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    assert run_cli("office", "add", "shimoda", "--name", "Shimoda mayor's office", "--db", url).returncode == 0
    made = run_cli("user", "add", "ann", "--office", "shimoda", "--db", url)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert token and "\n" not in token
    port = free_port()
    log = (tmp_path / "serve.log").open("w+")
    proc = subprocess.Popen([str(EXE), "serve", "--db", url, "--port", str(port)], stdout=subprocess.DEVNULL,
                            stderr=log, cwd=ROOT, env={**os.environ})
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, proc)
        auth = {"Authorization": f"Bearer {token}"}
        r = httpx.post(f"{base}/api/cases", json=scenario(), headers=auth)
        assert r.status_code == 201 and r.headers["ETag"] == '"1"'
        case = r.json()["case"]
        assert httpx.get(f"{base}/api/cases/{case}/assessment", headers=auth).status_code == 200
        assert httpx.get(f"{base}/api/cases", headers={"Authorization": "Bearer not-" + token}).status_code == 401
        assert httpx.get(f"{base}/openapi.json").json()["paths"]
        assert httpx.get(f"{base}/notices").status_code == 200
        proc.send_signal(signal.SIGTERM)
        # uvicorn finishes the requests in flight, then exits by the signal it caught (as is conventional)
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    log.seek(0)
    text = log.read()
    assert token not in text and "Bearer" not in text
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]  # every line is JSON
    access = [x for x in lines if "status" in x and "path" in x]
    assert {(x["method"], x["path"], x["status"]) for x in access} >= {
        ("POST", "/api/cases", 201), ("GET", f"/api/cases/{case}/assessment", 200), ("GET", "/api/cases", 401)}
    assert all(x["user"] == "ann" for x in access if x["path"].startswith("/api/cases") and x["status"] < 400)
    assert all({"ts", "ms", "client"} <= set(x) for x in access)
    messages = [x.get("message", "") for x in lines]
    assert any(m.startswith("Finished server process") for m in messages), messages
    assert "database connections closed" in messages


def test_serve_refuses_bad_options_and_an_unreachable_database(tmp_path):
    bad = run_cli("serve", "--port", "99999", "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert bad.returncode == 2 and bad.stderr.startswith("error: --port: ")
    port = free_port()  # nothing listens there
    down = run_cli("serve", "--db", f"postgresql+psycopg://postgres@127.0.0.1:{port}/nothing", "--port", "8123")
    assert down.returncode == 5 and down.stderr.startswith("database: "), down.stderr
