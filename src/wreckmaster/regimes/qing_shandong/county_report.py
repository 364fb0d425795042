"""The county's report of every case, within five (lunar) months, art 5.

嗣後無論何處船隻失事，或已救護，或不及救護；或係照章分賞，或竟有搶奪藏匿；或為船戶控告，或為他人揭發，
各該州縣均須據實報明該管道府，不準玩瞞漏報，並不準過五月之期；如有玩瞞詳請記過。
  (Henceforth, wherever a ship is wrecked — rescued or not, the award shared by the rules or
  goods plundered — each department and county must report the facts to the circuit and
  prefecture, without concealment or omission, and not beyond five months; negligent
  concealment is reported for a demerit.)

:func:`county_report` — the report is due on the day with the same number in the fifth lunar
month after the month of the wreck (a leap month counts as a month; the month's last day when
it is shorter): reading ``qing-shandong-5-five-months``. Dates are shown also as 光緒 dates
(the ``era_dates`` output key). A late report is a finding (a demerit, 記過).
"""
from __future__ import annotations

from wreckmaster.law import chinese_calendar as cal
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule


@rule(cites=["qing-shandong:5"],
      reads=["event:case_reported", "event:reported", "case.occurred", "expense.date", "found.by",
            "found.date", "item.value", "party.name", "person.name", "vessel.name",
            "param:county_report.period"])
def county_report(ctx: Context) -> None:
    """Art 5: the deadline of the county's report, counted in lunar months."""
    period = ctx.param("county_report.period")
    start = ctx.case.occurred
    reckoned = cal.add_lunar_months(start, period.value.count)
    ev = ctx.scenario.first("case_reported")
    done = ev.date if ev else None
    party = (ev.get("by") or [None])[0] if ev else None
    d = ctx.deadline("county-report", party, reckoned.due, done, "qing-shandong:5", count=period.value.count)
    cal.record(ctx.out, start, reckoned.due, done)
    months = "、".join(m.name() for m in reckoned.months)
    leaps = reckoned.leap_months
    ctx.step("county_report", "qing-shandong:5", "county-report-due",
             variant=shape(("leap", leaps), ("not-reported", not done)),
             occurred=cal.describe(start), occurred_zh=cal.era_date(start) or start, count=period.value.count,
             months=months, leaps=", ".join(m.name() for m in leaps), leaps_zh="、".join(m.name() for m in leaps),
             due=cal.describe(reckoned.due), due_zh=cal.era_date(reckoned.due) or reckoned.due,
             clamped=" (the month has no such day: its last day)" if reckoned.clamped else "",
             done=cal.describe(done) if done else None, done_zh=(cal.era_date(done) or done) if done else None,
             status=d.status,
             inputs={"occurred": start, "reported": done, "months": [m.name() for m in reckoned.months],
                     "leap_months": [m.name() for m in leaps],
                     "era_dates": {"occurred": cal.era_date_numeric(start), "due": cal.era_date_numeric(reckoned.due)}},
             params=[period], readings=["qing-shandong-5-five-months", "qing-shandong-5-era-dates"])
    if d.status == "missed":
        ctx.finding("warning", "county-report-late", "qing-shandong:5", variant="made" if done else "not-made",
                    due=cal.describe(reckoned.due), period=period.text, period_zh=months,
                    **({"done": cal.describe(done)} if done else {}))
