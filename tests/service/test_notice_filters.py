"""The notice board's filters and paging (CASE.md 1.1) on ``GET /api/notices``, on SQLite and
PostgreSQL: every filter, the cursor walk with ``Link``, and each bad value's ``/query/NAME``.

The cases are today's Act (jp-1899-2025): a notice (公告) is posted for each item on 2026-01-15;
art 24 ¶2 classes the goods — sunk: 沈没品 (sunken); timber floating in a river: 河川ニ漂流スル材木
(river-timber); the rest: 漂流物 (drifting). Each test has an office of its own, named in
``office=``, so the session's other cases do not show.
"""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from .conftest import make_office, open_case

AS_OF = "2026-02-01"


def _case(place: str, items: list[dict], position: dict | None = None, waters: str = "sea") -> dict:
    case = {"occurred": "2026-01-10", "place": place, "waters": waters, "kind": "drift"}
    if position:
        case["position"] = position
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1899-2025", "case": case,
        "parties": [{"id": "f", "name": "拾得者 一郎", "roles": ["finder"]}, {"id": "m", "name": "町長", "roles": ["mayor"]}],
        "items": items,
        "events": [{"type": "delivered", "date": "2026-01-14", "by": "f", "to": "m", "items": [i["id"] for i in items]},
                   {"type": "notice_posted", "date": "2026-01-15", "items": [i["id"] for i in items]}],
    }


def _item(id_: str, description: str, kind: str = "cargo", state: str = "floating", found: str = "2026-01-10",
          position: dict | None = None) -> dict:
    f = {"date": found, "by": ["f"], "state": state}
    if position:
        f["position"] = position
    return {"id": id_, "description": description, "kind": kind, "value": "10000", "found": f}


def _board(store, client):
    """Four cases in a fresh office: Japanese, Latin and full-width text, three classes, positions."""
    office = make_office(store, "board")
    cases = [
        open_case(client, office, _case("小豆島 土庄町 沖", [
            _item("buoy", "定置網用大型浮子 (set-net float)", "gear", found="2026-01-10"),
            _item("motor", "船外機 YAMAHA", "gear", state="sunk", found="2026-01-12")],
            position={"lat": "34.48", "lon": "134.18"})),
        open_case(client, office, _case("吉野川 河口", [
            _item("log", "杉丸太 十本", "timber", found="2026-01-14")], waters="river")),
        open_case(client, office, _case("Sagara beach", [
            _item("crate", "ＷＯＯＤＥＮ crate 100% cotton_bales", found="2026-01-11",
                  position={"lat": "34.69", "lon": "138.21"})])),
        open_case(client, office, _case("焼津港", [
            _item("net", "漁網", "gear", found="2026-01-13", position={"lat": "34.86", "lon": "138.32"})])),
    ]
    return office, cases


def _items(r) -> list[str]:
    assert r.status_code == 200, r.text
    return [row["item"] for row in r.json()]


def _get(client, office, **params):
    return client.get("/api/notices", params={"as_of": AS_OF, "office": office.id, **params})


def test_every_filter_of_the_board(client, store):
    office, cases = _board(store, client)
    get = lambda **p: _items(_get(client, office, **p))  # noqa: E731
    assert get() == ["buoy", "motor", "log", "crate", "net"]
    # q: a substring in any script, NFKC and case-folded; under three characters too; LIKE's % and _ are plain
    assert get(q="大型浮子") == ["buoy"]
    assert get(q="網") == ["buoy", "net"]                       # one character: no trigram, the plain search
    assert get(q="土庄") == ["buoy", "motor"]                   # the place, two characters
    assert get(q="wooden") == ["crate"]                        # full-width ＷＯＯＤＥＮ, NFKC + case-folded
    assert get(q="ＹＡＭＡＨＡ") == ["motor"]                     # the query is normalised too
    assert get(q="100%") == ["crate"] and get(q="0%c") == []
    assert get(q="n_b") == ["crate"] and get(q="a_e") == []
    assert get(q="no such thing") == []
    # kind, class (art 24 ¶2), found_from / found_to (inclusive)
    assert get(kind="gear") == ["buoy", "motor", "net"]
    assert get(kind="timber") == ["log"]
    assert get(**{"class": "sunken"}) == ["motor"]
    assert get(**{"class": "river-timber"}) == ["log"]
    assert get(**{"class": "drifting"}) == ["buoy", "crate", "net"]
    assert get(found_from="2026-01-12") == ["motor", "log", "net"]
    assert get(found_to="2026-01-11") == ["buoy", "crate"]
    assert get(found_from="2026-01-11", found_to="2026-01-12") == ["motor", "crate"]
    # near + radius_km: the item's position, else the case's. Sagara–Yaizu is about 21 km.
    assert get(near="34.69,138.21", radius_km="5") == ["crate"]
    assert get(near="34.69,138.21", radius_km="25") == ["crate", "net"]
    assert get(near="34.48,134.18", radius_km="1") == ["buoy", "motor"]
    assert get(near="0,0", radius_km="100") == []
    # several filters at once
    assert get(kind="gear", q="網", near="34.86,138.32", radius_km="1") == ["net"]
    # another office: only its own; an office that does not exist: not found
    other = make_office(store, "empty")
    assert _items(_get(client, other)) == []
    assert client.get("/api/notices", params={"office": "no-such-office"}).status_code == 404
    # before the notice: nothing yet; the board's rows are those of the unfiltered list
    assert _items(client.get("/api/notices", params={"as_of": "2026-01-14", "office": office.id})) == []
    every = client.get("/api/notices", params={"as_of": AS_OF, "limit": 200}).json()
    assert [r for r in every if r["office"] == office.id] == _get(client, office).json()


def test_pages_follow_the_link_and_give_the_whole_board_once(client, store):
    office, _ = _board(store, client)
    whole = _get(client, office).json()
    assert "link" not in {k.lower() for k in _get(client, office).headers}
    seen, url, pages = [], None, 0
    r = _get(client, office, limit=2)
    while True:
        pages += 1
        assert r.status_code == 200 and len(r.json()) <= 2
        seen += r.json()
        link = r.headers.get("link")
        if link is None:
            break
        m = re.fullmatch(r'<(/api/notices\?[^>]+)>; rel="next"', link)
        assert m, link
        url = m.group(1)
        query = parse_qs(urlsplit(url).query)
        assert query["limit"] == ["2"] and query["office"] == [office.id] and query["as_of"] == [AS_OF]
        r = client.get(url)
    assert seen == whole and pages == 3
    # a filtered walk keeps its filter
    r = _get(client, office, kind="gear", limit=1)
    got = []
    while True:
        got += _items(r)
        if "link" not in r.headers:
            break
        r = client.get(re.match(r"<([^>]+)>", r.headers["link"]).group(1))
    assert got == ["buoy", "motor", "net"]


def test_the_default_page_is_50_and_at_most_200(client, store):
    office = make_office(store, "many")
    items = [_item(f"i{k}", f"cask {k}") for k in range(60)]
    open_case(client, office, _case("Shimoda", items))
    r = _get(client, office)
    assert len(r.json()) == 50 and 'rel="next"' in r.headers["link"]
    assert len(_get(client, office, limit=200).json()) == 60
    r = _get(client, office, limit=201)
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/limit"


def test_each_bad_value_names_its_parameter(client, store):
    bad = {
        "limit": ["0", "x", "-1", "1.5"],
        "cursor": ["!!!", "bm90IGpzb24", "WzEsIm4iXQ"],
        "found_from": ["2026-13-01", "yesterday"],
        "found_to": ["1.1.2026"],
        "kind": ["boat", ""],
        "class": ["floating", "river_timber"],
        "near": ["34.6", "91,0", "0,181", "a,b", "1,2,3"],
        "radius_km": ["0", "-1", "x", "nan", "1e9"],
        "q": ["x" * 201, "a\x00b"],
        "as_of": ["2026-02-30"],
    }
    for name, values in bad.items():
        for value in values:
            params = {name: value}
            if name == "near":
                params["radius_km"] = "5"
            if name == "radius_km":
                params["near"] = "34,138"
            r = client.get("/api/notices", params=params)
            assert r.status_code == 422, (name, value, r.text)
            assert r.json()["errors"][0]["pointer"] == f"/query/{name}", (name, value, r.json())
    r = client.get("/api/notices", params={"near": "34,138"})
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/radius_km"
    r = client.get("/api/notices", params={"radius_km": "3"})
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/near"
    r = client.get("/api/notices", params={"found_from": "2026-02-01", "found_to": "2026-01-01"})
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/found_to"
    r = client.get("/api/notices?limit=1&limit=2")
    assert r.status_code == 422 and r.json()["errors"][0]["pointer"] == "/query/limit"
