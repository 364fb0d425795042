"""The coast's stations and the dispatch of boats: arts 1, 5 and 6 (the ``coast`` section).

Art 1: 每十里為一段，按段設立公所，選派正、副董事各一人、海保一人 … 公所門前高豎木杆一枝，晝則懸旗，夜則
懸燈 … 將各段村民共有舢舨若干隻編文字號，同船戶姓名登注簿籍，各給執照一張 … 臨時應聽調用則領燈一盞，並各
人發給腰牌一塊 … 由公所酌量派船救護，一面派人持竹簽馳報文武衙門勘護。如係大船失事，本段舢舨不敷救援，準由本
段董事發竹簽一支，飛報鄰段派船幫助。若無本段董事竹簽請援，他段不得干與，俾免混淆。… 荣成縣 … 在適中處所設
一保護總局 … 臨事各段均應分報總局委員、總董 … 委員薪水、火食等項均在該關經費項下開支。
Art 5: 領執照者，公所按名登簿，遇事準發旗燈、腰牌；無執照不得混什。其執照由道蓋印，發縣加印，發交董、保蓋戳給領。
Art 6: 營師船兩號：一駐鏌鋣島，專顧東南；一駐龍鬚島，專顧東北，一聞何處有事，即前往會同救護。… 撥兵十二名，
分駐管理，按月換班，以免懈怠。

- :func:`segment_station` — the case's segment: ten li, its station's officers and flagpole.
- :func:`dispatch` — boats sent (``boats_dispatched``): another segment's boats only on the
  director's bamboo tally; licences, lamps and waist badges of the boats used.
- :func:`bureau` — in Rongcheng, the general bureau is informed (a ``reported`` event to its
  officer or a general director).
- :func:`bureau_costs` — the bureau officer's pay and board: the customs funds.
- :func:`patrol` — the naval patrol and the lookouts as station data.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import chinese_calendar as cal
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import coast, expense_categories
from .._qing.stations import computed_station, case_segment_length, segment_length_note, segment_values

OFFICERS = {"director": ("director (正董事)", "正董事"), "deputy": ("deputy director (副董事)", "副董事"),
            "warden": ("coast warden (海保)", "海保")}
PURPOSE = {"enquire": ("to enquire", "稱問"), "rescue": ("to rescue", "救護"), "carry": ("to carry goods", "搬運")}


@rule(cites=["qing-shandong:1"],
      reads=["case.distance_computed", "case.kind", "case.position", "case.station_computed",
            "found.distance_computed", "found.position", "item.kind", "item.value", "party.name",
            "person.name", "vessel.name", "param:bureau.general_directors.max", "param:coast.li_metres",
            "param:coast.segment_length_li"])
def segment_station(ctx: Context) -> None:
    """Art 1: the segment of ten li, its station with a director, a deputy and a warden, and
    the flagpole (a flag by day, a lamp by night)."""
    computed_station(ctx, "qing-shandong:1", "qing-shandong-1-computed-station")  # issue 15: from case.position
    s = case_segment_length(ctx)
    if s is None:
        return
    seg, station = s.seg, s.seg.station
    names = {k: getattr(station, k) for k in OFFICERS} if station else {}
    values, inputs = segment_values(s)
    officers = {k: v or "—" for k, v in names.items()} | {f"{k}_zh": v or "缺" for k, v in names.items()}
    ctx.step("segment_station", "qing-shandong:1", "segment-station", variant=None if station else "no-station",
             **values, **officers, boats=len(seg.boats), inputs=inputs | {"boats": [b.id for b in seg.boats]},
             params=[s.length, s.li], readings=["qing-shandong-1-segments"])
    segment_length_note(ctx, s, "qing-shandong:1")
    if station is None:
        ctx.finding("warning", "station-missing", "qing-shandong:1", seg=repr(seg.id))
        return
    missing = [k for k, v in names.items() if v is None]
    if missing:
        ctx.finding("warning", "station-officers-missing", "qing-shandong:1", seg=repr(seg.id),
                    missing=', '.join(OFFICERS[k][0] for k in missing),
                    missing_zh='、'.join(OFFICERS[k][1] for k in missing))
    if not station.flagpole:
        ctx.finding("warning", "station-flagpole-missing", "qing-shandong:1", seg=repr(seg.id))
    c = coast(ctx)
    most = ctx.param("bureau.general_directors.max")
    if c.bureau and len(c.bureau.general_directors) > most.value:
        ctx.finding("info", "bureau-general-directors", "qing-shandong:1",
                    general_directors=str(len(c.bureau.general_directors)))


@rule(cites=["qing-shandong:1", "qing-shandong:5"],
      reads=["event:boats_dispatched", "case.vessel", "expense.date", "found.date", "item.value",
            "vessel.size", "param:licence.seals"])
def dispatch(ctx: Context) -> None:
    """Art 1 and art 5: which boats went, on whose tally, with what licences."""
    c = coast(ctx)
    events = ctx.scenario.events_of("boats_dispatched")
    if c is None or not events:
        return
    home = c.case_segment
    if home is None:
        ctx.finding("info", "case-segment-unknown", "qing-shandong:1")
    large = bool(ctx.case.vessel and ctx.case.vessel.size == "large")
    for ev in events:
        seg_id = ev.get("segment")
        boat_ids = list(ev.get("boats") or [])
        extra = ev.get("unregistered") or 0
        purpose = PURPOSE.get(ev.get("purpose") or "rescue")
        other = home is not None and seg_id != home
        ctx.step("dispatch", "qing-shandong:1", "boats-sent",
                 variant=("tally" if ev.get("tally") else "no-tally") if other else None, date=ev.date,
                 segment=seg_id, count=len(boat_ids) + extra, purpose=purpose[0], purpose_zh=purpose[1],
                 listed=f" ({', '.join(boat_ids)})" if boat_ids else "",
                 unregistered=f", {extra} not on any register" if extra else "",
                 inputs={"segment": seg_id, "boats": boat_ids, "unregistered": extra, "tally": ev.get("tally"),
                         "case_segment": home},
                 readings=["qing-shandong-1-tally", "qing-shandong-5-licences"])
        if other:
            if not ev.get("tally"):
                ctx.finding("warning", "neighbour-without-tally", "qing-shandong:1", seg_id=repr(seg_id),
                            home=repr(home), date=str(ev.date))
            else:
                if not large:
                    ctx.finding("info", "tally-not-large-ship", "qing-shandong:1", seg_id=repr(seg_id))
                if seg_id not in c.neighbours(home):
                    ctx.finding("info", "tally-to-non-neighbour", "qing-shandong:1", seg_id=repr(seg_id),
                                home=repr(home))
        _licences(ctx, ev, boat_ids, extra)


def _licences(ctx: Context, ev, boat_ids: list[str], extra: int) -> None:
    """Art 5 (and art 1): only licensed boats and men join; lamps and waist badges."""
    c = coast(ctx)
    seals = ctx.param("licence.seals")
    for bid in boat_ids:
        _, boat = c.boat(bid)
        if boat.licence is None:
            ctx.finding("warning", "unlicensed-boat", ["qing-shandong:5", "qing-shandong:1"], bid=repr(bid),
                        date=str(ev.date))
            continue
        lacking = [s for s in seals.value if s not in boat.licence.seals]
        if lacking:
            ctx.finding("info", "licence-seals-incomplete", "qing-shandong:5", bid=repr(bid),
                        lacking=', '.join(lacking))
        unbadged = [m for m in boat.crew if m not in boat.badges]
        if unbadged:
            ctx.finding("info", "crew-without-badge", "qing-shandong:1", bid=repr(bid), unbadged=', '.join(unbadged))
    if extra:
        ctx.finding("warning", "unlicensed-boat", ["qing-shandong:5", "qing-shandong:1"], variant="unregistered",
                    extra=str(extra), date=str(ev.date))


@rule(cites=["qing-shandong:1"],
      reads=["event:reported", "expense.date", "found.date", "party.name", "person.name", "vessel.name"])
def bureau(ctx: Context) -> None:
    """Art 1: in Rongcheng each segment reports to the general bureau's officer and general
    directors (臨事各段均應分報總局委員、總董)."""
    c = coast(ctx)
    if c is None or c.bureau is None or not c.under_bureau(c.case_segment):
        return
    heads = {p for p in [c.bureau.officer, *c.bureau.general_directors] if p}
    if not heads:
        return
    told = [e for e in ctx.scenario.events_of("reported") if heads & set(e.get("to") or [])]
    ctx.step("bureau", "qing-shandong:1", "reported-to-bureau", variant=None if told else "not-reported",
             segment=c.case_segment, bureau=c.bureau.name or "bureau", date=told[0].date if told else None,
             readings=["qing-shandong-1-bureau"])
    if not told:
        ctx.finding("warning", "bureau-not-informed", "qing-shandong:1", case_segment=repr(c.case_segment))


@rule(cites=["qing-shandong:1"],
      reads=["expense.amount", "expense.category", "expense.for", "expense.payee"])
def bureau_costs(ctx: Context) -> None:
    """Art 1: the bureau officer's salary and board are paid from the customs funds
    (委員薪水、火食等項均在該關經費項下開支)."""
    cat = expense_categories(ctx)["bureau-officer"]
    for e in ctx.scenario.expenses:
        if e.category != "bureau-officer":
            continue
        if e.amount is None:
            ctx.finding("error", "expense-amount-missing", "qing-shandong:1", expense=repr(e.id))
            continue
        ctx.out.charge("customs", e.payee, e.for_ or e.id, Fraction(e.amount), "qing-shandong:1")
        ctx.step("bureau_costs", "qing-shandong:1", "bureau-officer-costs", expense=e.id, taels=e.amount,
                 category_zh=cat["zh"], amount=ctx.out.round(Fraction(e.amount)), readings=["qing-shandong-1-bureau"])

@rule(cites=["qing-shandong:6"],
      reads=["event:patrol_joined", "case.occurred", "case.place", "item.value", "param:lookouts.relief",
            "param:lookouts.soldiers", "param:patrol.bases", "param:patrol.ships"])
def patrol(ctx: Context) -> None:
    """Art 6: two naval boats (鏌鋣島, south-east; 龍鬚島, north-east) go wherever a case
    arises; twelve soldiers keep the lookouts, relieved monthly."""
    c = coast(ctx)
    if c is None or not (c.patrol or c.lookouts):
        return
    ships, bases = ctx.param("patrol.ships"), ctx.param("patrol.bases")
    soldiers, relief = ctx.param("lookouts.soldiers"), ctx.param("lookouts.relief")
    joined = {s for ev in ctx.scenario.events_of("patrol_joined") for s in ev.get("ships")}
    home = c.case_segment
    ctx.step("patrol", "qing-shandong:6", "patrol-and-lookouts",
             patrol=", ".join(p.id + " at " + (p.base or "?") for p in c.patrol) or "none",
             ships=ships.text, bases=", ".join(bases.value), joined=", ".join(sorted(joined)) or "none",
             men=sum(lk.men for lk in c.lookouts), posts=len(c.lookouts), soldiers=soldiers.text,
             boats=len(c.patrol),
             inputs={"patrol": [p.id for p in c.patrol], "joined": sorted(joined),
                     "lookouts": [lk.id for lk in c.lookouts]},
             params=[ships, bases, soldiers, relief], readings=["qing-shandong-6-patrol"])
    for p in c.patrol:
        if home is not None and home in p.watches and p.id not in joined:
            ctx.finding("warning", "patrol-did-not-join", "qing-shandong:6", boat=repr(p.id),
                        base=str(p.base or 'its station'), home=repr(home))
    for lk in c.lookouts:
        if lk.shift_began is None or (home is not None and lk.segment not in (None, home)):
            continue
        due = cal.add_lunar_months(lk.shift_began, relief.value.count).due
        if ctx.case.occurred > due:
            ctx.finding("warning", "lookout-relief-overdue", "qing-shandong:6", place=str(lk.place or lk.id),
                        began=cal.describe(lk.shift_began), due=cal.describe(due))
