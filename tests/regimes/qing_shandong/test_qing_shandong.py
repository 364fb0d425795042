"""qing-shandong: invariants of the figures (art 4, art 2), the lunar reckoning of art 5,
the extra output keys, and bad input in the ``coast`` section."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from dateutil.relativedelta import relativedelta
from hypothesis import given, settings
from hypothesis import strategies as st

from wreckmaster.law import chinese_calendar as cal
from wreckmaster.law.scenario import InvalidScenario

from ...conftest import assess_doc, assess_json, run_cli
from ..qing_helpers import assert_steps_cite_and_read_known_readings, case_builder, total

values = st.decimals(min_value=0, max_value=10**7, places=3, allow_nan=False, allow_infinity=False)
grades = st.sampled_from([("hard", "few"), ("hard", "many"), ("easy", "few"), ("easy", "many"), "diving"])
RESCUERS = ["a", "b", "c", "d", "e"]
# the Guangxu reign (lunar years 1875–1908)
qing_days = st.dates(min_value=date(1875, 2, 6), max_value=date(1908, 6, 30))


case = case_builder("qing-shandong", as_of="1889-12-31", occurred="1888-07-01", kind="stranding", rescuers=RESCUERS)


def item(value, grade, rescuers):
    it = {"id": "x", "value": str(value), "found": {"by": rescuers}}
    if grade == "diving":
        it["found"]["diving"] = True
        it["found"]["soaked"] = True   # art 4: 果係海水濕透, the official's finding the two thirds need
    else:
        it["difficulty"], it["quantity"] = grade
    return it


# --- art 4: the award, the station's tenth, the rescuers' parts ------------------------------------
@settings(max_examples=80, deadline=None)
@given(values, grades, st.integers(1, 5))
def test_station_tenth_and_rescuers_add_up_to_the_award_exactly(value, grade, n):
    rate = {("hard", "few"): Fraction(1, 3), ("hard", "many"): Fraction(1, 4), ("easy", "few"): Fraction(1, 4),
            ("easy", "many"): Fraction(1, 5), "diving": Fraction(2, 3)}[grade]
    out = assess_json(case([item(value, grade, RESCUERS[:n])]))
    awarded = total(out["awards"], **{"for": "x"})
    exact = Fraction(value) * rate
    rounded = Decimal(int(exact * 1000 + Fraction(1, 2))) / 1000  # half up, once, to the 釐
    assert awarded == rounded
    station = total(out["awards"], kind="station_fund")
    rescuers = total(out["awards"], kind="goods_award")
    assert station + rescuers == rounded
    # the tenth is the tenth of the rounded award, within one 釐
    assert abs(Fraction(station) - Fraction(rounded) / 10) < Fraction(1, 1000)
    # rescuers' parts differ by at most one 釐, nothing negative
    parts = [Decimal(a["amount"]) for a in out["awards"] if a["kind"] == "goods_award"]
    assert all(p >= 0 for p in parts) and (not parts or max(parts) - min(parts) <= Decimal("0.001"))
    # every part is charged, to the vessel's owner, exactly
    assert total(out["charges"], payer="own") == awarded


@settings(max_examples=60, deadline=None)
@given(values, values, grades, st.integers(1, 3))
def test_more_value_never_gives_a_smaller_award(v1, v2, grade, n):
    low, high = sorted([v1, v2])
    got = [total(assess_json(case([item(v, grade, RESCUERS[:n])]))["awards"]) for v in (low, high)]
    assert got[0] <= got[1]


@settings(max_examples=40, deadline=None)
@given(values)
def test_the_scale_is_ordered_harder_and_fewer_never_less(value):
    def award(grade):
        return total(assess_json(case([item(value, grade, ["a"])]))["awards"])

    hf, hm, ef, em, dv = (award(g) for g in [("hard", "few"), ("hard", "many"), ("easy", "few"), ("easy", "many"),
                                            "diving"])
    assert em <= hm == ef <= hf <= dv


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["easy", "hard"]), min_size=1, max_size=6), st.lists(st.booleans(), min_size=6, max_size=6))
def test_person_awards_are_5_or_10_and_paid_by_person_or_customs(difficulties, can_pay):
    persons = [{"id": f"p{i}", "rescued_by": RESCUERS[: 1 + i % 3], "difficulty": d, "can_pay": can_pay[i]}
               for i, d in enumerate(difficulties)]
    out = assess_json(case(persons=persons))
    for p in persons:
        assert total(out["awards"], **{"for": p["id"]}) == (5 if p["difficulty"] == "easy" else 10)
        payer = p["id"] if p["can_pay"] else "customs"
        assert total(out["charges"], payer=payer, **{"for": p["id"]}) == (5 if p["difficulty"] == "easy" else 10)
    assert total(out["awards"], kind="station_fund") == 0  # no tenth on persons


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["large", "medium", "small", None]), st.one_of(st.none(), values))
def test_first_report_never_above_its_maximum(size, decided):
    vessel = {"owner": "own"} | ({"size": size} if size else {})
    events = [{"type": "reported", "date": "1888-07-01", "by": "a"}]
    if decided is not None:
        events.append({"type": "reward_decided", "date": "1888-07-10", "to": "a", "amount": str(decided)})
    out = assess_json(case(events=events, vessel=vessel))
    cap = Decimal(30 if size == "large" else 10)
    got = total(out["awards"], kind="first_report")
    codes = {f["code"] for f in out["findings"]}
    if decided is None:
        assert got == cap
    elif decided > cap:
        assert got == 0 and "first-report-above-cap" in codes
    else:
        assert got == decided.quantize(Decimal("0.001"))


# --- art 5: the Chinese calendar ---------------------------------------------------------------------------
def test_known_dates():
    # the Taiwan proclamation: 光緒十七年二月二十五日 = 1891-04-03 (articles.yaml, qing-taiwan)
    assert cal.era_date(date(1891, 4, 3)) == "光緒十七年二月廿五日"
    assert cal.era_date_numeric(date(1891, 4, 3)) == "光緒17年2月25日"
    # new years of the reign: 1875-02-06 (元年), 1888-02-12, 1890-01-21, 1891-02-09
    assert cal.era_date(date(1875, 2, 6)) == "光緒元年正月初一日"
    for d in (date(1888, 2, 12), date(1890, 1, 21), date(1891, 2, 9)):
        ld = cal.to_lunar(d)
        assert (ld.month, ld.day, ld.leap) == (1, 1, False)
    assert cal.era_date(date(1890, 3, 21)) == "光緒十六年閏二月初一日"
    assert cal.era_date(date(1913, 6, 1)) is None  # after the Qing


def test_leap_months_of_the_guangxu_reign():
    leaps = {y: next((m.month for m in cal.months_of_year(y) if m.leap), None) for y in range(1875, 1909)}
    assert {y: m for y, m in leaps.items() if m} == {
        1876: 5, 1879: 3, 1881: 7, 1884: 5, 1887: 4, 1890: 2, 1892: 6, 1895: 5, 1898: 3, 1900: 8, 1903: 5, 1906: 4}


@settings(max_examples=150, deadline=None)
@given(qing_days)
def test_lunar_deadline_against_gregorian_five_months(start):
    p = cal.add_lunar_months(start, 5)
    gregorian = start + relativedelta(months=5)
    # five lunar months are 145–150 days (one day less when a 30th meets a month of 29):
    # never after the Gregorian five months, at most nine days before them
    assert 144 <= (p.due - start).days <= 150
    assert gregorian - timedelta(days=9) <= p.due <= gregorian
    # five months are counted, leap months among them; the due day keeps the day number
    assert len(p.months) == 5
    assert cal.to_lunar(p.due).day == min(cal.to_lunar(start).day, p.months[-1].days)


@settings(max_examples=100, deadline=None)
@given(qing_days, st.integers(1, 20))
def test_lunar_deadline_is_monotone(start, gap):
    later = start + timedelta(days=gap)
    assert cal.add_lunar_months(start, 5).due <= cal.add_lunar_months(later, 5).due


@settings(max_examples=100, deadline=None)
@given(qing_days)
def test_lunar_dates_round_trip(d):
    ld = cal.to_lunar(d)
    assert cal.from_lunar(ld.year, ld.month, ld.day, ld.leap) == d


def test_era_dates_and_leap_month_in_the_output():
    doc = case(occurred="1890-02-19", events=[{"type": "case_reported", "date": "1890-08-01"}])
    doc["as_of"] = "1890-12-31"  # on or after the case and its report (SCENARIO.md "Time")
    out = assess_json(doc)
    assert out["era_dates"] == {"1890-02-19": "光緒十六年二月初一日", "1890-07-17": "光緒十六年六月初一日",
                                "1890-08-01": "光緒十六年六月十六日"}
    step = next(s for s in out["explanation"] if s["rule"] == "county_report")
    assert "閏二月" in step["text"] and "counts as a month" in step["text"]
    assert step["inputs"]["leap_months"] == ["閏二月"]
    assert "qing-shandong-5-five-months" in step["readings"]


def test_director_honours_counted_across_cases():
    def honours(earlier):
        doc = case([item(20, ("easy", "many"), ["a"])], parties=[{"id": "dir"}],
                   coast={"case_segment": "S1", "segments": [{"id": "S1", "station": {"director": "dir"}}],
                          "records": [{"party": "dir", "rewards": earlier}]})
        return assess_json(doc)["honours"]

    assert honours(0) == [{"to": "dir", "honour": "button-and-plaque", "times": 1,
                           "reason": "director's earnest rescue (救護認真實在出力)", "cites": ["qing-shandong:2"]}]
    assert honours(1)[0]["honour"] == "recorded"
    assert honours(2)[0]["honour"] == "official-rank"
    assert honours(5)[0]["times"] == 6


def test_faults_output_key_names_the_person_and_article():
    """Issue 28: the faults a case gives (the ledger's lines): 記過, 撤參, 撤換薄罰, 以為首論."""
    doc = case([item(20, ("easy", "many"), ["a"])],
               parties=[{"id": "sun", "roles": ["official"]}, {"id": "wu", "roles": ["official"]},
                        {"id": "dir", "roles": ["director"]}, {"id": "dep", "roles": ["director"]}],
               events=[{"type": "rescue_neglected", "date": "1888-07-01", "by": ["sun", "dep"]},
                       {"type": "rescue_neglected", "date": "1888-07-01", "by": "wu", "grave": True},
                       {"type": "goods_concealed", "date": "1888-07-02", "by": "dir", "items": "x"}])
    faults = {(f["to"], f["fault"]) for f in assess_json(doc)["faults"]}
    assert faults == {("sun", "demerit"), ("wu", "dismissal"), ("dep", "replaced"), ("dir", "ringleader")}
    assert all(f["cites"] == ["qing-shandong:2"] for f in assess_json(doc)["faults"])
    assert "faults" not in assess_json(case([item(20, ("easy", "many"), ["a"])]))


def test_every_step_cites_and_reads_known_readings():
    out = assess_json(case([item(100, ("hard", "few"), ["a", "b"]), item(90, "diving", ["c"]) | {"id": "y"}],
                           persons=[{"id": "p", "rescued_by": "a", "difficulty": "hard", "can_pay": False}],
                           events=[{"type": "reported", "date": "1888-07-01", "by": "b"}], signal="breached"))
    assert_steps_cite_and_read_known_readings(out, "qing-shandong")


# --- bad input in the coast section (exit 2, JSON pointers) ----------------------------------------------
def problems(doc) -> list[tuple[str, str]]:
    with pytest.raises(InvalidScenario) as exc:
        assess_doc(doc)
    return exc.value.problems


def coast_doc(coast, events=()):
    return case(events=events, coast=coast, parties=[{"id": "dir"}])


def test_duplicate_boat_numbers_in_a_register():
    probs = problems(coast_doc({"segments": [{"id": "S1", "boats": [{"id": "B1", "number": 1},
                                                                    {"id": "B2", "number": 1}]}]}))
    assert probs == [("/coast/segments/0/boats/1/number",
                      "duplicate boat number 1 in the register of segment 'S1' (first at /coast/segments/0/boats/0/number)")]


def test_a_boat_in_two_segments():
    probs = problems(coast_doc({"segments": [{"id": "S1", "boats": [{"id": "B1", "number": 1}]},
                                             {"id": "S2", "boats": [{"id": "B1", "number": 1}]}]}))
    assert [p for p, _ in probs] == ["/coast/segments/1/boats/0/id"]
    assert "already in the register of segment 'S1'" in probs[0][1]


def test_unknown_segment_references():
    doc = coast_doc({"case_segment": "S9",
                     "segments": [{"id": "S1", "neighbours": ["S7", "S1"]}],
                     "bureau": {"segments": ["S8"]},
                     "patrol": [{"id": "N1", "watches": ["S6"]}],
                     "lookouts": [{"id": "L1", "segment": "S5"}]},
                    events=[{"type": "boats_dispatched", "date": "1888-07-01", "segment": "S4"}])
    got = dict(problems(doc))
    assert got == {
        "/coast/case_segment": "no segment with id 'S9' in coast.segments",
        "/coast/segments/0/neighbours/0": "no segment with id 'S7' in coast.segments",
        "/coast/segments/0/neighbours/1": "segment 'S1' cannot be its own neighbour",
        "/coast/bureau/segments/0": "no segment with id 'S8' in coast.segments",
        "/coast/patrol/0/watches/0": "no segment with id 'S6' in coast.segments",
        "/coast/lookouts/0/segment": "no segment with id 'S5' in coast.segments",
        "/events/0/segment": "no segment with id 'S4' in coast.segments",
    }


def test_unknown_boats_ships_and_parties():
    doc = coast_doc({"segments": [{"id": "S1", "station": {"director": "nobody"},
                                   "boats": [{"id": "B1", "number": 1, "owner": "ghost", "crew": ["dir", "ghost2"]}]},
                                  {"id": "S2", "boats": [{"id": "C1", "number": 1}]}],
                     "bureau": {"officer": "ghost3"}, "records": [{"party": "ghost4"}]},
                    events=[{"type": "boats_dispatched", "date": "1888-07-01", "segment": "S1", "boats": ["B9", "C1"]},
                            {"type": "patrol_joined", "date": "1888-07-01", "ships": "N9"}])
    got = dict(problems(doc))
    assert got == {
        "/coast/segments/0/boats/0/owner": "no party with id 'ghost'",
        "/coast/segments/0/boats/0/crew/1": "no party with id 'ghost2'",
        "/coast/segments/0/station/director": "no party with id 'nobody'",
        "/coast/bureau/officer": "no party with id 'ghost3'",
        "/coast/records/0/party": "no party with id 'ghost4'",
        "/events/0/boats/0": "no boat with id 'B9' in the coast's registers",
        "/events/0/boats/1": "boat 'C1' is in the register of segment 'S2', not of segment 'S1'",
        "/events/1/ships": "no patrol ship with id 'N9' in coast.patrol",
    }


def test_types_and_duplicates_in_the_coast_section():
    doc = coast_doc({"segments": [{"id": "S1", "length_li": "0", "boats": [{"id": "B1", "number": 0}]},
                                  {"id": "S1"}],
                     "colour": "red"})
    got = dict(problems(doc))
    assert got["/coast/segments/1/id"] == "duplicate segment id 'S1' (first at /coast/segments/0/id)"
    assert got["/coast/colour"] == "unknown key"
    assert "/coast/segments/0/length_li" in got and "/coast/segments/0/boats/0/number" in got


def test_dispatch_without_a_coast_section():
    doc = case(events=[{"type": "boats_dispatched", "date": "1888-07-01", "segment": "S1"}])
    assert problems(doc) == [("/events/0", "a 'boats_dispatched' event names the coast's segments, boats or "
                                           "patrol ships, but the scenario has no coast section")]


def test_bad_coast_through_the_cli(write_scenario):
    doc = coast_doc({"segments": [{"id": "S1", "boats": [{"id": "B1", "number": 1}, {"id": "B2", "number": 1}]}]})
    res = run_cli("assess", write_scenario(doc), "--format", "json")
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.startswith("error: /coast/segments/0/boats/1/number: duplicate boat number 1")


def test_json_through_the_cli(write_scenario):
    res = run_cli("assess", write_scenario(case([item(100, ("hard", "few"), ["a"])])), "--format", "json")
    assert res.returncode == 0, res.stderr
    import json

    out = json.loads(res.stdout)
    assert [(a["to"], a["amount"]) for a in out["awards"]] == [("station-fund", "3.333"), ("a", "30.000")]
    assert out["era_dates"]["1888-07-01"] == "光緒十四年五月廿二日"


def test_texts_field_kind_of_the_dispatch_event():
    coast = {"segments": [{"id": "S1", "boats": [{"id": "B1", "number": 1}]}]}
    got = dict(problems(coast_doc(coast, events=[
        {"type": "boats_dispatched", "date": "1888-07-01", "segment": "S1", "boats": []},
        {"type": "boats_dispatched", "date": "1888-07-01", "segment": "S1", "boats": [5]},
        {"type": "boats_dispatched", "date": "1888-07-01", "boats": ["B1"]},
        {"type": "boats_dispatched", "date": "1888-07-01", "segment": "S1", "purpose": "sightseeing"},
    ])))
    assert got["/events/0/boats"] == "must name at least one id"
    assert got["/events/1/boats"] == "expected text, got a number 5"
    assert got["/events/2/segment"] == "required for a 'boats_dispatched' event"
    assert got["/events/3/purpose"].startswith("expected one of enquire, rescue, carry")


@settings(max_examples=40, deadline=None)
@given(values, st.sampled_from([("hard", "few"), ("hard", "many"), ("easy", "few"), ("easy", "many")]),
       st.integers(1, 3), st.sampled_from([None, "sea", "river"]))
def test_soaked_not_given_reads_as_true_at_sea_and_false_gives_the_four_grades(value, grade, n, waters):
    """Issue 21 point 5 (reading qing-shandong-4-soaked-default): diving with `soaked` not given is
    `soaked: true` at sea (awards and charges the same, plus an info finding soaked-assumed) and
    `soaked: false` in a river; `soaked: false` is the four grades, exactly as without diving."""
    def run(**found):
        it = {"id": "x", "value": str(value), "difficulty": grade[0], "quantity": grade[1],
              "found": {"by": RESCUERS[:n], **found}}
        out = assess_json(case([it]))
        return out, (out["awards"], out["charges"]), {f["code"] for f in out["findings"]}

    where = {"waters": waters} if waters else {}
    default, money_default, codes = run(diving=True, **where)
    _, money_true, codes_true = run(diving=True, soaked=True, **where)
    _, money_false, codes_false = run(diving=True, soaked=False, **where)
    _, money_grades, _ = run(**where)
    at_sea = waters != "river"          # the case builder's waters default to sea
    assert money_default == (money_true if at_sea else money_false)
    assert ("soaked-assumed" in codes) == at_sea and "soaked-assumed" not in codes_true | codes_false
    assert money_false == money_grades and "diving-not-soaked" in codes_false


def test_the_diving_award_and_the_hire_of_a_ship_aground_are_exceptions_to_the_goods_award():
    """Art 4's two thirds for goods dived for and soaked (diving_award) and art 3's hire for a ship
    aground and sound (aground_sound_hire) are declared exceptions to art 4's four grades
    (law/exceptions.py): their steps say they override goods_award, and the four grades' step
    does not appear; without them, the four grades' step overrides nothing."""
    def steps(out, rule):
        return [s for s in out["explanation"] if s["rule"] == rule]

    graded = assess_json(case([item("900", ("hard", "few"), ["a"])]))
    assert steps(graded, "goods_award") and all("overrides" not in s for s in steps(graded, "goods_award"))
    dived = assess_json(case([item("900", "diving", ["a"])]))
    assert [s["overrides"] for s in steps(dived, "diving_award")] == ["goods_award"]
    assert not steps(dived, "goods_award")
    aground = assess_json(case([item("900", ("hard", "few"), ["a"])], signal="aground-sound"))
    assert [s["overrides"] for s in steps(aground, "goods_award")] == ["goods_award"]
    assert not [a for a in aground["awards"] if a["kind"] in ("goods_award", "station_fund")]
