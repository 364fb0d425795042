"""Issue 22: each regime declares its calendar (``Regime(calendar=Calendar(…))``,
``law/contributes.py``) — the era its dates are written and typed in, how its months run, its
office's holidays — and the shared code asks it. Parametrized over the registry."""
from __future__ import annotations

from datetime import date

import pytest

from wreckmaster.law import eras
from wreckmaster.law import regime as registry
from wreckmaster.law.chinese_calendar import DateProblem
from wreckmaster.law.contributes import Calendar, era_calendars, eras_in
from wreckmaster.law.periods import Period
from wreckmaster.law.scenario import validate

REGIMES = registry.available()


@pytest.mark.parametrize("regime_id", REGIMES)
def test_every_regime_declares_a_calendar_that_reads_back_what_it_writes(regime_id):
    law = registry.get(regime_id)
    cal = law.calendar
    assert isinstance(cal, Calendar) and cal.months in ("gregorian", "lunar")
    start = law.parameters.param("in_force.start", date(1900, 1, 1)).value if "in_force.start" in \
        law.parameters.names() else date(1900, 1, 1)
    for d in (start, date(1891, 4, 3), date(1902, 1, 18)):
        written = cal.write(d)
        if cal.eras is None:
            assert written is None
        elif written is not None:
            assert cal.eras.read(written) == d and eras.from_era(written) == d
    if cal.eras is not None:
        assert cal.eras in era_calendars()


def test_the_calendars_are_those_the_regimes_declare():
    by = {r: registry.get(r).calendar for r in REGIMES}
    assert {r for r, c in by.items() if c.eras is eras.JAPANESE} == {r for r in REGIMES if r.startswith("jp-")}
    assert {r for r, c in by.items() if c.eras is eras.QING} == {r for r in REGIMES if r.startswith("qing-")}
    assert {r for r, c in by.items() if c.months == "lunar"} == {r for r in REGIMES if r.startswith("qing-")}
    assert [r for r, c in by.items() if c.holidays is not None] == ["jp-1899-2025"]
    assert eras_in("ja") is eras.JAPANESE and eras_in("zh") is eras.QING and eras_in("fr") is None
    assert eras_in("en") is None


def test_a_typed_era_date_is_read_with_the_declared_calendars_only():
    assert eras.from_era("光緒十六年閏二月初一日") == date(1890, 3, 21)
    assert eras.from_era("令和8年3月31日") == date(2026, 3, 31)
    with pytest.raises(DateProblem) as exc:
        eras.from_era("光緒十六年閏二月初一日", calendars=(eras.JAPANESE,))
    assert exc.value.code == "not-an-era-date"
    with pytest.raises(DateProblem) as exc:
        eras.from_era("光緒十六年閏三月初一日")                          # 1890 has 閏二月, not 閏三月
    assert exc.value.code == "no-leap-month"


def test_a_lunar_calendar_counts_months_and_years_by_the_almanac():
    qing, gregorian = registry.get("qing-shandong").calendar, Calendar()
    start = date(1891, 4, 3)                                          # 光緒十七年二月廿五日
    assert qing.write(qing.add(start, Period(3, "years"))) == "光緒二十年二月廿五日"
    assert gregorian.add(start, Period(3, "years")) == date(1894, 4, 3)
    assert qing.add(start, Period(5, "lunar_months")) == qing.add(start, Period(5, "months"))
    assert qing.add(start, Period(10, "days")) == date(1891, 4, 13)   # days are days in every calendar
    with pytest.raises(ValueError):
        Calendar(months="julian")


def _case(closed: list[str] | None = None):
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1899-2025",
           "case": {"occurred": "2025-12-20", "kind": "drift", "waters": "sea", **({"closed_days": closed} if closed else {})},
           "parties": [], "items": [], "events": []}
    return validate(doc, set(REGIMES))


def test_the_municipal_holidays_are_the_calendars_holidays():
    """地方自治法 art 4-2: jp-1899-2025 declares its municipal holidays; the calendar passes the
    year-end days, the weekend, a national holiday and the office's own closing day."""
    cal = registry.get("jp-1899-2025").calendar
    scenario = _case(["2026-01-13"])
    day, skipped = cal.next_open_day(scenario, date(2025, 12, 31))
    assert day == date(2026, 1, 5) and [h.en for h in skipped][:1] == ["year-end and New Year holidays"]
    assert skipped[0].day == date(2025, 12, 31) and len(skipped) == 5     # 12-31, 1-01 … 1-04
    assert cal.holiday(scenario, date(2026, 1, 12)).ja == "成人の日"         # a national holiday (library)
    assert cal.holiday(scenario, date(2026, 1, 13)).en == "the office's closing day"
    assert cal.holiday(_case(), date(2026, 1, 13)) is None
    assert cal.next_open_day(scenario, date(2026, 1, 10)) == (date(2026, 1, 14), tuple(
        cal.holiday(scenario, date(2026, 1, d)) for d in (10, 11, 12, 13)))
