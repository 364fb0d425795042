"""Amounts in kanji as vertical official forms write them (issue 26): hand examples, and the
page's writing agrees with the tests' own (conftest.shown) for every amount up to a bound."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from wreckmaster.documents.numerals import amount_kanji, fraction_kanji, kanji

from .conftest import ref_kanji, shown


@pytest.mark.parametrize("n, text", [
    (0, "〇"), (1, "一"), (10, "十"), (11, "十一"), (20, "二十"), (100, "百"), (101, "百一"), (1000, "千"),
    (8000, "八千"), (10000, "一万"), (12500, "一万二千五百"), (20010, "二万十"), (300000, "三十万"),
    (1234567, "百二十三万四千五百六十七"), (100000000, "一億"), (100010000, "一億一万"),
])
def test_kanji_by_hand(n, text):
    assert kanji(n) == text and ref_kanji(n) == text


@pytest.mark.parametrize("amount, currency, lang, text", [
    ("8000", "JPY", "ja", "八千円"), ("16000", "JPY", "ja", "一万六千円"), ("38.125", "JPY", "ja", "三十八円十二銭五厘"),
    ("38.000", "JPY", "ja", "三十八円"), ("0.500", "JPY", "ja", "五十銭"), ("0.005", "JPY", "ja", "五厘"),
    ("0", "JPY", "ja", "〇円"), ("12.345", "TAEL", "zh", "十二兩三錢四分五釐"), ("12.34", "DOLLAR", "zh", "十二元三角四分"),
    ("10000.010", "TAEL", "zh", "一萬兩一分"),
])
def test_amounts_by_hand(amount, currency, lang, text):
    assert amount_kanji(amount, currency, lang) == text
    assert shown(amount, currency, lang) == ("金" if lang == "ja" else "") + text


def test_rates_as_the_law_writes_them():
    assert fraction_kanji("1/10") == "十分の一" and fraction_kanji("1/15") == "十五分の一"
    assert fraction_kanji("1/3", "zh") == "三分之一"


@given(st.integers(min_value=0, max_value=10**12 - 1), st.integers(min_value=0, max_value=999))
def test_the_page_and_the_tests_write_every_amount_alike(whole, rin):
    text = f"{whole}.{rin:03d}"
    assert "金" + amount_kanji(text, "JPY", "ja") == shown(text, "JPY", "ja")
    assert amount_kanji(f"{whole}", "DOLLAR", "zh") == shown(f"{whole}", "DOLLAR", "zh")
