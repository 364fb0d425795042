"""law/records.py: strict reading of the formats' records, with every problem named.

The messages are those the CLI and the service have always shown (pydantic's wording), so the
expected texts here are written out in full.
"""
from __future__ import annotations

import pickle
from decimal import Decimal
from typing import Annotated, Literal, Optional

import pytest
from hypothesis import given, settings, strategies as st

from wreckmaster.law import values
from wreckmaster.law.records import Bounds, Check, Invalid, Key, Length, Record
from wreckmaster.law.types import Amount, problems


class Tag(Record):
    label: str
    colour: Literal["red", "green", "blue"] = "red"


class Crate(Record):
    id: str
    value: Optional[Amount] = None
    pieces: Annotated[int, Bounds(ge=1, le=9)] = 1
    size: Optional[Annotated[list[Annotated[Decimal, Check(values.number)]], Length(min=3, max=3)]] = None
    sealed: bool = False
    tags: list[Tag] = []
    notes: dict[str, str] = {}
    for_: Annotated[Optional[str], Key("for")] = None
    main_tag: Optional[Tag] = None


def read_problems(doc):
    with pytest.raises(Invalid) as info:
        Crate.read(doc)
    return dict(problems(info.value))


def test_a_good_record_is_read_with_its_defaults():
    c = Crate.read({"id": "c1", "value": "12.50", "for": "o", "tags": [{"label": "x"}]})
    assert (c.id, c.value, c.pieces, c.sealed, c.for_, c.size) == ("c1", Decimal("12.50"), 1, False, "o", None)
    assert c.tags == [Tag.read({"label": "x", "colour": "red"})]
    assert c.tags[0].colour == "red"


@pytest.mark.parametrize("doc, pointer, message", [
    ({"id": 1}, "/id", "Input should be a valid string, got a number 1"),
    ({"id": "c", "sealed": 1}, "/sealed", "Input should be a valid boolean, got a number 1"),
    ({"id": "c", "pieces": True}, "/pieces", "Input should be a valid integer, got a boolean True"),
    ({"id": "c", "pieces": 0}, "/pieces", "Input should be greater than or equal to 1, got a number 0"),
    ({"id": "c", "pieces": 10}, "/pieces", "Input should be less than or equal to 9, got a number 10"),
    ({"id": "c", "value": 1.5}, "/value", "expected an exact number (write it as a string, e.g. \"12.5\")"),
    ({"id": "c", "tags": "x"}, "/tags", "Input should be a valid list, got text 'x'"),
    ({"id": "c", "tags": [{"label": "x", "colour": "pink"}]}, "/tags/0/colour",
     "Input should be 'red', 'green' or 'blue', got text 'pink'"),
    ({"id": "c", "tags": [{"label": "x", "colour": ["red"]}]}, "/tags/0/colour",
     "Input should be 'red', 'green' or 'blue', got a list ['red']"),
    ({"id": "c", "tags": [{}]}, "/tags/0/label", "required"),
    ({"id": "c", "main_tag": "x"}, "/main_tag", "Input should be a valid dictionary or instance of Tag, got text 'x'"),
    ({"id": "c", "size": ["1", "2"]}, "/size",
     "List should have at least 3 items after validation, not 2, got a list ['1', '2']"),
    ({"id": "c", "size": ["1", "2", "x"]}, "/size/2", "expected a decimal number, got 'x'"),
    ({"id": "c", "notes": {"a": 1}}, "/notes/a", "Input should be a valid string, got a number 1"),
    ({"id": "c", "notes": []}, "/notes", "Input should be a valid dictionary, got a list []"),
    ({"id": "c", "for_": "o"}, "/for_", "unknown key"),
    ({"id": "c", "colour": "red"}, "/colour", "unknown key"),
    ({}, "/id", "required"),
])
def test_each_problem_names_its_field(doc, pointer, message):
    assert read_problems(doc) == {pointer: message}


def test_every_problem_is_reported_at_once():
    got = read_problems({"sealed": "yes", "tags": [{"label": 2}, {"label": "ok", "extra": 1}], "zzz": 0})
    assert got == {"/id": "required", "/sealed": "Input should be a valid boolean, got text 'yes'",
                   "/tags/0/label": "Input should be a valid string, got a number 2",
                   "/tags/1/extra": "unknown key", "/zzz": "unknown key"}


def test_a_record_that_is_not_a_mapping():
    assert dict(problems(pytest.raises(Invalid, Crate.read, ["id"]).value)) == {
        "/": "Input should be a valid dictionary or instance of Crate, got a list ['id']"}


def test_records_are_frozen_values():
    c = Crate.read({"id": "c1", "tags": []})
    with pytest.raises(AttributeError):
        c.id = "c2"
    d = c.replace(id="c2")
    assert (c.id, d.id) == ("c1", "c2") and d != c and d.replace(id="c1") == c
    with pytest.raises(AttributeError):
        c.replace(colour="red")
    assert pickle.loads(pickle.dumps(c)) == c


def test_defaults_are_not_shared_between_records():
    a, b = Crate.read({"id": "a"}), Crate.read({"id": "b"})
    assert a.tags == [] and a.tags is not b.tags


def test_construction_reads_like_a_document():
    assert Crate(id="c", for_="o").for_ == "o"
    with pytest.raises(Invalid):
        Crate(id=3)


def test_fields_in_order_with_keys_and_defaults():
    fields = Crate.fields()
    assert [f.key for f in fields][:2] == ["id", "value"] and fields[0].required
    assert next(f for f in fields if f.name == "for_").alias == "for"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.decimals(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
        ["id", "value", "pieces", "size", "sealed", "tags", "notes", "for", "label", "colour", "main_tag", "x"]),
        inner, max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_document_is_read_or_refused_with_pointers(doc):
    """Whatever the input, reading gives a record or Invalid problems — never another exception."""
    try:
        Crate.read(doc)
    except Invalid as exc:
        assert exc.problems and all(isinstance(loc, tuple) and msg for loc, msg in exc.problems)
