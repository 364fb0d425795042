"""Conduct at a stranded ship, art 3: signals, the master's will, the hire fee, guarding,
plunder, informers and false accusers.

商船遇風擱淺 … 如不至船身滲漏，貨物可自全者，該船主日懸白旗一面，夜懸紅燈兩盞為號。公所先派舢舨一、二隻
飛往稱問，不準上船騷擾。若船主欲將貨搬取，應聽船主招雇舢舨若干隻，迅速代為搬運上岸，由公所派人看守，事竣
聽船主向公所秉公議給雇價，至多不得過貨價值四分之一 … 倘船主不欲搬取，而蜂擁上船擅自搬取者，應由地方官查護
嚴辦。如船身業已觸破，勢在危急者，該船日懸黑旗一面，夜懸綠燈為號。… 或係先應救船、或係先應救貨、或係先應救
人，均聽船主指揮，不得自行動手。貨物搬運上岸，亦應由公所派人看守 … 倘所搬貨物[私]自藏匿，或搬往他所者，一被
人告發，或別經查出，即以乘危搶奪科罪，仍追還原贓。如有兇惡匪徒 … 董、保等立即捆送到官，即行重賞；倘或扶同
徇玩，縱令脫逃，將該董、保一併拿案押追。如有誣告，仍照反坐。

- :func:`signal` — what the ship's signal (``case.signal``) says and which procedure follows.
- :func:`aground_sound` — one or two boats go to ask; nobody boards or takes goods against the
  master's wish.
- :func:`breached` — the master directs what is saved first; nobody acts on his own.
- :func:`hire_fee` — the fee for carrying goods ashore is at most a quarter of their value; for
  a ship aground and sound it is the boatmen's award, charged to the shipowner.
- :func:`guarding` — goods landed are guarded by the station's men.
- :func:`plunder` — hiding or carrying off goods is plunder in peril (乘危搶奪); accusations;
  ruffians delivered or let escape.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .._qing.common import tael



@rule(cites=["qing-shandong:3", "qing-shandong:1"],
      reads=["case.signal"])
def signal(ctx: Context) -> None:
    """Art 3 (and art 1: 本船日則懸旗，夜則懸燈，以示求救): the signal and its procedure."""
    sig = ctx.case.signal
    if sig is None:
        return
    ctx.step("signal", ["qing-shandong:3", "qing-shandong:1"], "ship-signal", variant=sig, inputs={"signal": sig},
             readings=["qing-shandong-3-signals"])


@rule(cites=["qing-shandong:3"],
      reads=["event:boarded", "event:boats_dispatched", "event:goods_taken", "case.signal", "expense.date",
            "found.by", "found.date", "item.value", "param:enquiry.max_boats"])
def aground_sound(ctx: Context) -> None:
    """Art 3: a ship aground and sound — the station first sends one or two boats to ask;
    nobody boards to disturb her, nor carries goods off, unless the master wishes it."""
    if ctx.case.signal != "aground-sound":
        return
    most = ctx.param("enquiry.max_boats")
    first = next((e for e in ctx.scenario.events_of("boats_dispatched")), None)
    if first is not None:
        n = len(first.get("boats") or []) + (first.get("unregistered") or 0)
        ctx.step("aground_sound", "qing-shandong:3", "enquiry-boats", count=n, most=most.text, params=[most])
        if n > most.value:
            ctx.finding("warning", "too-many-enquiry-boats", "qing-shandong:3", most=str(most.text),
                        pointer=str(first.pointer), n=str(n))
    for ev in ctx.scenario.events_of("boarded"):
        if not ev.get("consent"):
            ctx.finding("warning", "boarded-without-consent", "qing-shandong:3", by=', '.join(ev.get('by')),
                        date=str(ev.date))
    for ev in ctx.scenario.events_of("goods_taken"):
        if not ev.get("consent"):
            ctx.finding("warning", "goods-taken-without-consent", "qing-shandong:3", by=', '.join(ev.get('by')),
                        date=str(ev.date))


@rule(cites=["qing-shandong:3"],
      reads=["event:acted_without_direction", "event:master_directed", "case.signal", "expense.date",
            "found.by", "found.date"])
def breached(ctx: Context) -> None:
    """Art 3: a holed ship — many boats; whether ship, goods or persons are saved first is the
    master's direction; nobody acts on his own (均聽船主指揮，不得自行動手)."""
    if ctx.case.signal != "breached":
        return
    for ev in ctx.scenario.events_of("master_directed"):
        ctx.step("breached", "qing-shandong:3", "master-directed", variant=ev.get("first"),
                 inputs={"first": ev.get("first")}, readings=["qing-shandong-3-signals"])
    for ev in ctx.scenario.events_of("acted_without_direction"):
        ctx.finding("warning", "acted-without-direction", "qing-shandong:3", by=', '.join(ev.get('by')),
                    date=str(ev.date))


@rule(cites=["qing-shandong:3"],
      reads=["event:hire_agreed", "case.signal", "case.vessel", "expense.amount", "expense.date", "found.by",
            "found.date", "item.found", "item.owner", "item.value", "vessel.owner",
            "param:hire_fee.max_share"])
def hire_fee(ctx: Context) -> None:
    """Art 3: the hire fee (雇價) for carrying goods ashore is at most a quarter of their value.
    For a ship aground and sound (``signal: aground-sound``) it is what the boatmen are paid for
    the goods — 聽船主招雇舢舨 … 事竣聽船主向公所秉公議給雇價，至多不得過貨價值四分之一: an award of
    the agreed hire, capped at a quarter of the goods' value, to the boatmen (the event's ``to``, else
    the items' finders), charged to the shipowner (reading ``qing-shandong-3-hire-charged``); the
    art 4 award is for a holed ship (:func:`.goods_awards.goods_award`)."""
    share = ctx.param("hire_fee.max_share")
    for ev in ctx.scenario.events_of("hire_agreed"):
        items = [ctx.scenario.item(i) for i in ev.get("items")]
        missing = [i.id for i in items if i.value is None]
        if missing:
            ctx.finding("error", "hire-fee-value-missing", "qing-shandong:3", date=str(ev.date),
                        missing=', '.join(missing))
            continue
        value = sum((Fraction(i.value) for i in items), Fraction(0))
        cap = value * share.value
        fee = Fraction(ev.get("amount"))
        ctx.step("hire_fee", "qing-shandong:3", "hire-fee-cap", fee=ev.get("amount"), items=", ".join(ev.get("items")),
                 value=tael(value), share=share.text, cap=tael(cap),
                 inputs={"items": ev.get("items"), "fee": ev.get("amount"), "value": tael(value)},
                 params=[share], exact=cap, amount=ctx.out.round(cap), readings=["qing-shandong-3-hire-fee"])
        if fee > cap:
            ctx.finding("warning", "hire-fee-above-quarter", "qing-shandong:3", amount=str(ev.get('amount')),
                        date=str(ev.date), cap=str(tael(cap)))
        if ctx.case.signal == "aground-sound":
            _charge_hire(ctx, ev, items, min(fee, cap), fee > cap)


def _charge_hire(ctx: Context, ev, items, amount: Fraction, capped: bool) -> None:
    """The hire of a ship aground and sound: an award to the boatmen, charged to the shipowner."""
    boatmen = list(ev.get("to") or []) or list(dict.fromkeys(
        who for i in items if i.found for who in i.found.by))
    if not boatmen:
        ctx.finding("error", "hire-recipient-unknown", "qing-shandong:3", date=str(ev.date))
        return
    vessel = ctx.case.vessel
    payer = vessel.owner if vessel and vessel.owner else next(
        (o for o in (i.owner or ctx.scenario.owner_of(i) for i in items) if o), None)
    awards = ctx.out.award(boatmen, None, "hire", amount, "qing-shandong:3")
    total = sum(a.amount for a in awards)
    ctx.step("hire_fee", "qing-shandong:3", "hire-paid",
             variant=shape(("capped", capped), ("no-payer", not payer)),
             boatmen=", ".join(boatmen), agreed=ev.get("amount"), total=total, payer=payer,
             inputs={"boatmen": boatmen, "agreed": ev.get("amount")}, exact=amount, amount=total,
             readings=["qing-shandong-3-hire-charged", "qing-shandong-3-hire-fee"])
    if payer is None:
        ctx.finding("error", "owner-unknown", "qing-shandong:3", variant="hire", date=str(ev.date))
        return
    ctx.out.charge_awards(awards, payer, "qing-shandong:3")


@rule(cites=["qing-shandong:3"],
      reads=["event:goods_guarded", "event:landed"])
def guarding(ctx: Context) -> None:
    """Art 3: goods carried ashore are guarded by men the station sends (由公所派人看守)."""
    landed = [(ev, i) for ev in ctx.scenario.events_of("landed") for i in (ev.get("items") or [])]
    if not landed:
        return
    guarded = {i for ev in ctx.scenario.events_of("goods_guarded") for i in ev.get("items")}
    unguarded = [i for _, i in landed if i not in guarded]
    ctx.step("guarding", "qing-shandong:3", "goods-guarded", landed=", ".join(i for _, i in landed),
             guarded=", ".join(sorted(guarded)) or "none recorded")
    if unguarded:
        ctx.finding("warning", "landed-goods-unguarded", "qing-shandong:3", goods=', '.join(dict.fromkeys(unguarded)))


@rule(cites=["qing-shandong:3"],
      reads=["event:accused", "event:goods_concealed", "event:offenders_seized",
            "expense.date", "found.by", "found.date"])
def plunder(ctx: Context) -> None:
    """Art 3: hiding goods or carrying them elsewhere is plunder in peril (乘危搶奪), the goods
    recovered; ruffians bound and delivered by the directors and wardens earn them a reward;
    letting them escape makes them answerable; a false accuser takes the penalty (反坐)."""
    for ev in ctx.scenario.events_of("goods_concealed"):
        how = "carried-off" if ev.get("how") == "carried-off" else "hidden"
        items = ", ".join(ev.get("items") or []) or "goods"
        exposed = ", ".join(ev.get("exposed_by") or [])
        ctx.finding("warning", "plunder", "qing-shandong:3", variant=how + ("-denounced" if exposed else ""),
                    by=", ".join(ev.get("by")), items=items, date=str(ev.date),
                    **({"exposed": exposed} if exposed else {}))
    for ev in ctx.scenario.events_of("accused"):
        if ev.get("founded"):
            ctx.finding("info", "accusation-founded", "qing-shandong:3", by=', '.join(ev.get('by')),
                        against=', '.join(ev.get('against')), date=str(ev.date))
        else:
            ctx.finding("warning", "false-accusation", "qing-shandong:3", by=', '.join(ev.get('by')),
                        against=', '.join(ev.get('against')), date=str(ev.date))
    for ev in ctx.scenario.events_of("offenders_seized"):
        if ev.get("delivered"):
            ctx.finding("info", "offenders-delivered", "qing-shandong:3", by=', '.join(ev.get('by')), date=str(ev.date))
        else:
            ctx.finding("warning", "offenders-escaped", "qing-shandong:3", by=', '.join(ev.get('by')),
                        date=str(ev.date))
