"""The notice board's filters, order and paging (issue 27; CASE.md 1.1 ``GET /api/notices``
filters), through ``public/board.py: search`` — on SQLite and PostgreSQL.

The cases: four finds of one office under today's Water Rescue Act (jp-1899-2025), with their
notices posted (art 25 ¶2), on 1 June 2026:
- ``buoy``: 赤い浮き玉 (red float), found floating 2026-05-02 at 三崎港, 35.14 N 139.61 E;
- ``anchor``: 錨 (an anchor), found sunk 2026-05-10 off 城ヶ島, 35.13 N 139.62 E;
- ``log``: 杉丸太 (a cedar log, timber), found floating in the river 2026-05-20 at 相模川 河口,
  35.31 N 139.37 E (about 35 km from the buoy);
- ``crate``: ＡＢＣ木箱 (a crate, written in full-width letters), ashore 2026-05-20, no position.
Art 24 ¶2's classes (reading jp-1899-2025-24-rates): the anchor is sunken goods (沈没品), the
log timber drifting in a river (河川ニ漂流スル材木), the buoy and the crate drifting goods (漂流物).
"""
from __future__ import annotations

from datetime import date

import pytest

from wreckmaster.public import board
from tests.public.conftest import make_office

AS_OF = date(2026, 6, 1)


def find(item_id, description, day, state, place, position=None, kind="cargo", waters="sea"):
    found = {"date": day, "by": ["finder"], "state": state, "waters": waters}
    if position:
        found["position"] = {"lat": position[0], "lon": position[1]}
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
        "case": {"occurred": day, "kind": "drift", "place": place, "waters": waters},
        "parties": [{"id": "finder", "name": "漁師 一郎", "roles": ["finder"]}],
        "items": [{"id": item_id, "description": description, "kind": kind, "value": "1000", "found": found}],
        "events": [{"type": "notice_posted", "date": day, "items": [item_id]}],
    }


@pytest.fixture
def finds(store):
    office = make_office(store, "misaki")
    docs = [find("buoy", "赤い浮き玉 三個", "2026-05-02", "floating", "三崎港", ("35.14", "139.61")),
            find("anchor", "錨 一挺", "2026-05-10", "sunk", "城ヶ島沖", ("35.13", "139.62")),
            find("log", "杉丸太 一本", "2026-05-20", "floating", "相模川 河口", ("35.31", "139.37"), kind="timber",
                 waters="river"),
            find("crate", "ＡＢＣ木箱", "2026-05-20", "ashore", "三崎町 海岸")]
    cases = {d["items"][0]["id"]: store.open_case(d, office=office.id)[0] for d in docs}
    return office, cases


def items(store, office, **query):
    f, cursor, limit = board.parse({"as_of": AS_OF.isoformat(), "office": office.id, **query}, AS_OF)
    assert not f.problems, f.problems
    rows, _, _ = board.search(store, f, cursor, limit)
    return [r["item"] for r in rows]


def test_every_find_is_on_the_board_newest_first_then_by_case(store, finds):
    office, cases = finds
    # log and crate were found the same day: the case opened first (log) comes first
    assert items(store, office) == ["log", "crate", "anchor", "buoy"]


@pytest.mark.parametrize("q,expect", [
    ("浮き玉", ["buoy"]),            # Japanese without spaces: a substring, not a word
    ("玉", ["buoy"]),
    ("城ヶ島", ["anchor"]),           # the place
    ("abc", ["crate"]),              # NFKC: full-width ＡＢＣ matches abc, case folded
    ("ＡＢＣ木", ["crate"]),
    ("三崎", ["crate", "buoy"]),      # place 三崎港 and 三崎町
    ("鯨", []),
])
def test_free_text_is_a_normalised_substring_of_description_or_place(store, finds, q, expect):
    assert items(store, finds[0], q=q) == expect


def test_kind_and_the_laws_class_of_goods(store, finds):
    office, _ = finds
    assert items(store, office, kind="timber") == ["log"]
    assert items(store, office, **{"class": "sunken"}) == ["anchor"]
    assert items(store, office, **{"class": "river-timber"}) == ["log"]
    assert items(store, office, **{"class": "drifting"}) == ["crate", "buoy"]


@pytest.mark.parametrize("query,expect", [
    ({"found_from": "2026-05-10", "found_to": "2026-05-10"}, ["anchor"]),          # on
    ({"found_to": "2026-05-09"}, ["buoy"]),                                        # before the 10th
    ({"found_from": "2026-05-11"}, ["log", "crate"]),                              # after the 10th
    ({"found_from": "2026-05-02", "found_to": "2026-05-10"}, ["anchor", "buoy"]),  # between, inclusive
])
def test_day_found(store, finds, query, expect):
    assert items(store, finds[0], **query) == expect


def test_near_a_point_within_a_radius(store, finds):
    office, _ = finds
    # from the buoy: the anchor is about 1.4 km away, the log about 35 km; the crate has no position
    assert items(store, office, near="35.14,139.61", radius_km="2") == ["anchor", "buoy"]
    assert items(store, office, near="35.14,139.61", radius_km="50") == ["log", "anchor", "buoy"]
    assert board.distance_km((35.14, 139.61), (35.13, 139.62)) == pytest.approx(1.43, abs=0.02)


def test_office_and_municipality(store, finds):
    office, _ = finds
    other = make_office(store, "kushimoto")
    store.open_case(find("oar", "櫂", "2026-05-03", "floating", "串本"), office=other.id)
    assert items(store, other) == ["oar"]
    assert items(store, office, municipality="三崎町") == ["crate"]            # the place
    name = other.id.split("-")[0]
    f, _, _ = board.parse({"as_of": AS_OF.isoformat(), "municipality": f"office {name}"}, AS_OF)
    assert [r["item"] for r in board.search(store, f)[0] if r["office"] == other.id] == ["oar"]   # the office's name


def test_pages_are_stable_and_complete(store, finds):
    office, _ = finds
    seen, cursor = [], None
    for _ in range(5):
        f, _, _ = board.parse({"as_of": AS_OF.isoformat(), "office": office.id}, AS_OF)
        rows, cursor, _ = board.search(store, f, cursor, 1)
        seen += [r["item"] for r in rows]
        if cursor is None:
            break
    assert seen == ["log", "crate", "anchor", "buoy"]


@pytest.mark.parametrize("name,value", [
    ("limit", "0"), ("limit", "201"), ("limit", "x"), ("found_from", "2026-13-01"), ("class", "wet"),
    ("near", "91,0"), ("radius_km", "-1"), ("cursor", "!!"), ("as_of", "yesterday")])
def test_a_bad_value_names_its_query_parameter(name, value):
    query = {name: value}
    if name == "radius_km":
        query["near"] = "35,139"
    f, _, _ = board.parse(query, AS_OF)
    assert [p for p, _ in f.problems] == [f"/query/{name}"]


def test_near_and_radius_come_together():
    f, _, _ = board.parse({"near": "35,139"}, AS_OF)
    assert [p for p, _ in f.problems] == ["/query/radius_km"]
