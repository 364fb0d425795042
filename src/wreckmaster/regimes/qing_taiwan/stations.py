"""Segments, headmen, the signal, the reports and the messengers' costs, art 1.

查沿海島嶼，犬牙交錯，非明定界址，必致彼此推諉。兹責成沿海廳、縣會同營汛定明所轄界限，每十里為一段，飭令就近
公正紳耆保舉地甲一人，其島嶼則保舉耆老頭目一名，列名冊報，以專責成。凡遇中外船隻漂撞礁淺一切危險，本船日則高掛
白旗，夜則接懸兩燈，以示求救。在地之居民、漁戶人等，見有此等旗燈，實時首報地甲、頭目，一面飛報文武汛官，一面酌量
船夫數目，集派助救。… 其往來報信之人一切費用，均由失事船主給還，惟官役不得勒索使費。
  (Every ten li a segment with a headman (地甲), on islands an elder; a ship in danger hoists
  a white flag by day and two lamps by night; the residents report to the headman and the
  garrison officers and gather boatmen; the messengers' costs are repaid by the owner of the
  wrecked ship, and officials and runners may not extort fees.)

- :func:`segment_station` — the case's segment: ten li, its headman or elder.
- :func:`signal` — the distress signal.
- :func:`dispatch` — boats sent, shown (Taiwan has no register, licences or tally).
- :func:`messengers` — messengers' costs charged to the vessel's owner; officials' fees refused.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import coast, expense_categories
from .._qing.stations import computed_station, case_segment_length, segment_length_note, segment_values


@rule(cites=["qing-taiwan:1"],
      reads=["case.distance_computed", "case.kind", "case.position", "case.station_computed",
            "found.distance_computed", "found.position", "item.kind", "item.value", "party.name",
            "person.name", "vessel.name", "param:coast.li_metres", "param:coast.segment_length_li",
            "param:station.headmen", "param:station.island_elders"])
def segment_station(ctx: Context) -> None:
    """Art 1: a segment of ten li with one headman; an island with one elder."""
    computed_station(ctx, "qing-taiwan:1", "qing-taiwan-1-computed-station")  # issue 15: from case.position
    s = case_segment_length(ctx)
    if s is None:
        return
    seg, station = s.seg, s.seg.station
    who = (station.elder if seg.island else station.headman) if station else None
    values, inputs = segment_values(s)
    ctx.step("segment_station", "qing-taiwan:1", "segment-station", variant="island" if seg.island else "headman",
             **values, who=who or "—", who_zh=who or "缺", inputs=inputs | {"island": seg.island},
             params=[s.length, s.li, ctx.param("station.island_elders" if seg.island else "station.headmen")],
             readings=["qing-taiwan-1-segments"])
    segment_length_note(ctx, s, "qing-taiwan:1")
    if who is None:
        ctx.finding("warning", "headman-missing", "qing-taiwan:1", variant="island" if seg.island else "headman",
                    seg=repr(seg.id))


@rule(cites=["qing-taiwan:1", "qing-taiwan:3"],
      reads=["case.signal"])
def signal(ctx: Context) -> None:
    """Art 1: 本船日則高掛白旗，夜則接懸兩燈，以示求救 — one signal for any danger."""
    if ctx.case.signal is None:
        return
    ctx.step("signal", ["qing-taiwan:1", "qing-taiwan:3"], "ship-signal", variant=ctx.case.signal,
             inputs={"signal": ctx.case.signal}, readings=["qing-taiwan-1-signal"])

@rule(cites=["qing-taiwan:1"],
      reads=["event:boats_dispatched", "expense.date", "found.date"])
def dispatch(ctx: Context) -> None:
    """Art 1: 一面酌量船夫數目，集派助救 — the boatmen gathered, shown as facts."""
    c = coast(ctx)
    if c is None:
        return
    for ev in ctx.scenario.events_of("boats_dispatched"):
        n = len(ev.get("boats") or []) + (ev.get("unregistered") or 0)
        ctx.step("dispatch", "qing-taiwan:1", "boats-sent", date=ev.date, count=n, segment=ev.get("segment"),
                 inputs={"segment": ev.get("segment")}, readings=["qing-taiwan-1-segments"])


@rule(cites=["qing-taiwan:1"],
      reads=["case.vessel", "expense.amount", "expense.category", "expense.for", "expense.payee",
            "item.owner", "vessel.owner"])
def messengers(ctx: Context) -> None:
    """Art 1: 其往來報信之人一切費用，均由失事船主給還，惟官役不得勒索使費."""
    cats = expense_categories(ctx)
    owner = ctx.case.vessel.owner if ctx.case.vessel else None
    for e in ctx.scenario.expenses:
        if e.category == "official-fee":
            ctx.finding("warning", "official-extortion", "qing-taiwan:1", expense=repr(e.id), amount=str(e.amount))
            ctx.step("messengers", "qing-taiwan:1", "official-fee-refused", expense=e.id,
                     category_zh=cats["official-fee"]["zh"], readings=["qing-taiwan-1-official-fees"])
            continue
        if e.category != "messenger":
            continue
        if e.amount is None:
            ctx.finding("error", "expense-amount-missing", "qing-taiwan:1", expense=repr(e.id))
            continue
        if owner is None:
            ctx.finding("error", "owner-unknown", "qing-taiwan:1", variant="messengers", expense=repr(e.id))
            continue
        ctx.out.charge(owner, e.payee, e.for_ or e.id, Fraction(e.amount), "qing-taiwan:1")
        ctx.step("messengers", "qing-taiwan:1", "messengers-costs", expense=e.id, taels=e.amount,
                 category_zh=cats["messenger"]["zh"], owner=owner, amount=ctx.out.round(Fraction(e.amount)),
                 readings=["qing-taiwan-1-messenger-costs"])


@rule(cites=[],
      reads=["case.occurred"])
def case_dates(ctx: Context) -> None:
    """The case's date shown also as a Guangxu date (the ``era_dates`` output key)."""
    from wreckmaster.law import chinese_calendar as cal

    cal.record(ctx.out, ctx.case.occurred)
