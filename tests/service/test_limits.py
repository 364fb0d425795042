"""The service's request limits on a real uvicorn (docs/service.md "Timeouts and limits"), and
the token cache answering on the event loop (docs/service.md "Where a request's time goes")."""
from __future__ import annotations

import json
import socket

from .conftest import scenario


def _raw(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        chunks = []
        while True:
            try:
                data = s.recv(65536)
            except socket.timeout:
                break
            if not data:
                break
            chunks.append(data)
            if b"\r\n\r\n" in b"".join(chunks) and b'"errors"' in b"".join(chunks):
                break
        return b"".join(chunks)


def test_a_body_not_received_in_time_is_408_and_stores_nothing(live, store, office, monkeypatch):
    from wreckmaster.service import params

    monkeypatch.setattr(params, "BODY_TIMEOUT", 0.3)
    before = len(store.list_cases(office=office.id))
    body = json.dumps(scenario()).encode()
    head = (f"POST /api/cases HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {office.clerk}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    answer = _raw(live.port, head + body[: len(body) // 2])  # half the body, then nothing
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line.split()[1] == b"408", answer[:300]
    payload = json.loads(rest.split(b"\r\n\r\n", 1)[1])
    assert payload == {"errors": [{"pointer": "", "message": "body not received within 0.3 seconds"}]}
    assert len(store.list_cases(office=office.id)) == before


def test_a_token_seen_recently_is_not_looked_up_again_and_a_bad_one_never_cached(client, app, store, office,
                                                                                 monkeypatch):
    app.state.token_cache.clear()
    lookups = []
    real = store.user_for_token
    monkeypatch.setattr(store, "user_for_token", lambda token: lookups.append(1) or real(token))
    for _ in range(3):
        assert client.get("/api/cases", headers=office.h).status_code == 200
    assert len(lookups) == 1
    for _ in range(2):
        r = client.get("/api/cases", headers={"Authorization": "Bearer not-a-token-of-anyone"})
        assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert len(lookups) == 3  # an unknown token is looked up each time: only users are cached
