"""Two clients racing on one case with the same If-Match: exactly one wins each version, nothing is
lost; and a bounded load (8 clients, 8 cases, 2,000 requests) against a real uvicorn on 127.0.0.1.
Both on SQLite and PostgreSQL."""
from __future__ import annotations

import threading
from collections import Counter

import httpx

from .conftest import LiveServer, scenario

ROUNDS = 15


def _open(http: httpx.Client, headers) -> str:
    r = http.post("/api/cases", json=scenario(), headers=headers)
    assert r.status_code == 201, r.text
    return r.json()["case"]


def test_two_clients_racing_exactly_one_wins_each_version(app, store, office):
    with LiveServer(app) as live:
        with httpx.Client(base_url=live.url, timeout=30) as setup:
            case = _open(setup, office.h)
        barrier = threading.Barrier(2)
        results: dict[str, list[tuple[int, int, str]]] = {"a": [], "b": []}

        def client(name: str) -> None:
            with httpx.Client(base_url=live.url, timeout=30) as http:
                for rnd in range(ROUNDS):
                    version = rnd + 1
                    barrier.wait(timeout=30)
                    entry = {"add": "party", "value": {"id": f"{name}-{rnd}", "roles": ["salvor"]}}
                    r = http.post(f"/api/cases/{case}/entries", json=entry,
                                  headers={**office.h, "If-Match": f'"{version}"'})
                    results[name].append((version, r.status_code, f"{name}-{rnd}"))
                    if r.status_code == 409:
                        assert r.json() == {"case": case, "version": version + 1}

        threads = [threading.Thread(target=client, args=(n,)) for n in "ab"]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not any(t.is_alive() for t in threads)

    wins = Counter(v for res in results.values() for v, status, _ in res if status == 201)
    statuses = Counter(status for res in results.values() for _, status, _ in res)
    assert set(statuses) <= {201, 409}, statuses
    assert wins == Counter({v: 1 for v in range(1, ROUNDS + 1)}), wins
    acknowledged = {pid for res in results.values() for _, status, pid in res if status == 201}
    history = store.history(case, office=office.id)
    assert len(history) == ROUNDS + 1
    stored = {e["entry"]["value"]["id"] for e in history[1:]}
    assert stored == acknowledged
    assert store.verify(case)["ok"]


CLIENTS, TOTAL = 8, 2000


def test_load_8_clients_2000_requests_nothing_lost(app, store, office):
    """Bounded loops: each client makes TOTAL / CLIENTS requests, appending and reading assessments."""
    per_client = (TOTAL - CLIENTS) // CLIENTS  # after the 8 opens
    errors: list[str] = []
    acknowledged: dict[str, set[str]] = {}
    done = Counter()
    with LiveServer(app) as live:
        with httpx.Client(base_url=live.url, timeout=60) as setup:
            cases = [_open(setup, office.h) for _ in range(CLIENTS)]

        def worker(k: int) -> None:
            case, version, mine = cases[k], 1, set()
            with httpx.Client(base_url=live.url, timeout=60) as http:
                for i in range(per_client):
                    if i % 2 == 0:
                        pid = f"p{k}-{i}"
                        r = http.post(f"/api/cases/{case}/entries", json={"add": "party", "value": {"id": pid}},
                                      headers={**office.h, "If-Match": f'"{version}"'})
                        if r.status_code != 201:
                            errors.append(f"append {case}: {r.status_code} {r.text[:200]}")
                            return
                        version = r.json()["version"]
                        mine.add(pid)
                    else:
                        r = http.get(f"/api/cases/{case}/assessment", headers=office.h)
                        if r.status_code != 200 or r.headers["ETag"] != f'"{version}"':
                            errors.append(f"read {case}: {r.status_code} {r.headers.get('ETag')} {r.text[:200]}")
                            return
                    done[k] += 1
            acknowledged[case] = mine

        threads = [threading.Thread(target=worker, args=(k,)) for k in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
        assert not any(t.is_alive() for t in threads)

    assert not errors, errors[:5]
    assert sum(done.values()) + CLIENTS == TOTAL  # 2,000 requests, the 8 opens included
    for case, mine in acknowledged.items():
        stored = {e["entry"]["value"]["id"] for e in store.history(case, office=office.id)[1:]}
        assert stored == mine
    assert store.verify()["ok"]
