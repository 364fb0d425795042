"""Awards on saved goods, art 4: the four grades, the diving case, the station's tenth.

一、定酬勞以資鼓勵也。凡救起之貨，須候地方官驗報如何，外國船貨則並報明附近領事官，會同查核，將貨估價，
按照出入多寡難易，抽撥充賞。賞項分作四等：難救而數少者，提賞三分之一；難救而數多者與易救而數少者，
提賞四分之一；易救而數多者，提賞五分之一；而貨物已落水，小民貧屬不顧性命泅水撈摸者，地方官驗明貨物，
果係海水濕透，應提賞三分之二，歸於船主三分之一。… 應由賞項內不論何等提出十成之一，以作公費 …
  (Goods saved are valued by the local official — with the consul for a foreign ship — and a
  share taken as the award: hard and few 1/3; hard and many, or easy and few, 1/4; easy and
  many 1/5; goods that had fallen into the water and were recovered by swimming and diving,
  2/3, one third going to the shipowner. From every award, whatever its grade, one tenth is
  taken for the station's public fund.)

- :func:`goods_award` — the grade's share of each item's value; :func:`aground_sound_hire`, an
  exception to it (art 3): a ship aground and sound pays the agreed hire instead, no award;
  :func:`diving_award`, an exception to it, 2/3 for goods recovered by diving and found soaked (``found.soaked``; not
  given, true for goods dived for at sea, with an info finding ``soaked-assumed``). One tenth of the (rounded) award goes to
  ``station-fund``, the rest to the rescuers (``found.by``, equally, by largest remainder), so
  the parts add up exactly to the award. Each part is charged to the item's owner, else the
  vessel's owner.
- :func:`foreign_valuation` — a foreign ship's goods are valued together with the consul.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from wreckmaster.law import exceptions, money
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.assessment import Award
from wreckmaster.law.parameters import Param
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .._qing.awards import award_facts, consul_valuation
from .._qing.common import item_owner, saved_items, tael

GRADE_ZH = {("hard", "few"): "難救而數少", ("hard", "many"): "難救而數多",
            ("easy", "few"): "易救而數少", ("easy", "many"): "易救而數多"}


@rule(cites=["qing-shandong:3", "qing-shandong:4"],
      reads=["event:owner_identified", "case.kind", "case.signal", "case.vessel", "case.waters", "found.by",
            "found.diving", "found.soaked", "found.waters", "item.difficulty", "item.found", "item.kind",
            "item.owner", "item.quantity", "item.value", "person.difficulty", "vessel.owner",
            "param:goods_award.diving", "param:goods_award.diving.owner_keeps", "param:station_fund.share"])
def goods_award(ctx: Context) -> None:
    """Art 4: the award on each saved item by its grade (difficulty × quantity). Art 4's award is
    for a holed ship (船身業已觸破, art 3: 聽候地方官督同酌度難易多寡，以定賞項); a ship aground and
    sound (``signal: aground-sound``) pays the boatmen the agreed hire instead (art 3,
    :func:`.conduct.hire_fee`; reading ``qing-shandong-3-hire-charged``)."""
    if exceptions.applied(ctx, [AGROUND_SOUND_HIRE]):
        return
    for item in saved_items(ctx):
        if item.kind == "vessel":
            ctx.finding("info", "no-award-for-hull", "qing-shandong:4", item=repr(item.id))
            ctx.step("goods_award", "qing-shandong:4", "no-award-for-hull", item=item.id,
                     readings=["qing-shandong-4-goods-only"])
            continue
        if not _facts(ctx, item):
            continue
        if exceptions.applied(ctx, [DIVING_AWARD], item):
            continue
        if item.found.diving:
            ctx.finding("info", "diving-not-soaked", "qing-shandong:4", item=repr(item.id),
                        variant="found-not-soaked" if item.found.soaked is False else "not-recorded")
        if item.difficulty is None or item.quantity is None:
            lacking = [(n, zh) for n, zh, v in (("difficulty", "難易", item.difficulty), ("quantity", "多寡", item.quantity))
                       if v is None]
            ctx.finding("error", "grade-missing", "qing-shandong:4", item=repr(item.id),
                        missing=" and ".join(n for n, _ in lacking), missing_zh="、".join(zh for _, zh in lacking))
            continue
        rate = ctx.param(f"goods_award.{item.difficulty}.{item.quantity}")
        _award(ctx, item, rate, "goods_award", "grade", {"difficulty": item.difficulty, "quantity": item.quantity,
                                                          "grade_zh": GRADE_ZH[(item.difficulty, item.quantity)]})


def _soaked(ctx: Context, item: Item) -> bool:
    """``found.soaked`` as given; not given, true for goods recovered by diving at sea — the item's
    ``found.waters``, else the case's ``waters`` (``sea`` unless the scenario says ``river``), is ``sea``
    (reading ``qing-shandong-4-soaked-default``). In a river nothing is assumed."""
    if item.found.soaked is not None:
        return item.found.soaked
    return item.found.diving and (item.found.waters or ctx.case.waters) == "sea"


def aground_sound(ctx: Context) -> bool:
    """Art 3's condition for its exception to art 4's award: the ship is aground and sound (white
    flag, red lamps: ``signal: aground-sound``)."""
    return ctx.case.signal == "aground-sound"


def aground_sound_hire(ctx: Context) -> None:
    """Art 3, an exception to the four grades: a ship aground and sound pays the boatmen the agreed
    hire (聽船主招雇舢舨 … 議給雇價, :func:`.conduct.hire_fee`), not art 4's award (reading
    ``qing-shandong-3-hire-charged``). Its step is written in the base rule's name, saying that the
    base rule computes nothing here."""
    saved = [i.id for i in saved_items(ctx) if i.kind != "vessel"]
    if saved:
        ctx.finding("info", "no-goods-award-aground-sound", ["qing-shandong:3", "qing-shandong:4"],
                    saved=', '.join(saved))
        ctx.step("goods_award", ["qing-shandong:3", "qing-shandong:4"], "no-goods-award-aground-sound",
                 overrides="goods_award", readings=["qing-shandong-3-hire-charged"])


#: art 3, the exception to art 4's award for a ship aground and sound (law/exceptions.py)
AGROUND_SOUND_HIRE = Exception_("aground_sound_hire", overrides="goods_award", condition=aground_sound,
                                apply=aground_sound_hire)


def dived_and_soaked(ctx: Context, item: Item) -> bool:
    """Art 4's condition for its exception: the goods were recovered by diving (泅水撈摸,
    ``found.diving``) and are soaked with sea water (果係海水濕透: :func:`_soaked`)."""
    return bool(item.found.diving) and _soaked(ctx, item)


def diving_award(ctx: Context, item: Item) -> None:
    """Art 4, an exception to the four grades: goods that had fallen into the water and were
    recovered by swimming and diving (泅水撈摸, ``found.diving``), and that the official finds soaked
    with sea water (果係海水濕透, ``found.soaked``; not given, read as true for goods dived for at
    sea, with an info finding): 2/3 to the rescuers, the owner keeps 1/3."""
    rate = ctx.param("goods_award.diving")
    keeps = ctx.param("goods_award.diving.owner_keeps")
    assumed = item.found.soaked is None
    if assumed:
        ctx.finding("info", "soaked-assumed", "qing-shandong:4", item=repr(item.id))
    _award(ctx, item, rate, "diving_award", "diving", {"keeps": keeps.text}, extra_params=[keeps],
           more_readings=["qing-shandong-4-soaked-default"] if assumed else [])


#: art 4, the exception of the goods dived for (law/exceptions.py)
DIVING_AWARD = Exception_("diving_award", overrides="goods_award", condition=dived_and_soaked, apply=diving_award)


def _facts(ctx: Context, item: Item) -> bool:
    return award_facts(ctx, item, "qing-shandong:4")


def _award(ctx: Context, item: Item, rate: Param, rule: str, grade: str, values: dict[str, str],
           extra_params: list[Param] = (), more_readings: list[str] = ()) -> list[Award]:
    """The award on one item at ``rate`` (``grade``: the four grades' or the diving case's step,
    with its ``values``), split between the station's tenth and the rescuers."""
    tenth = ctx.param("station_fund.share")
    rescuers = list(item.found.by)
    exact = Fraction(item.value) * rate.value
    # one rounding of the award, then one split: the station's tenth and the rescuers' equal parts
    rest = (1 - tenth.value) / len(rescuers)
    parts = money.split(exact, [tenth.value] + [rest] * len(rescuers), ctx.out.currency)
    cites = ["qing-shandong:4"]
    awards = ctx.out.award("station-fund", item.id, "station_fund", Fraction(parts[0]), cites)
    for who, part in zip(rescuers, parts[1:]):
        awards += ctx.out.award(who, item.id, "goods_award", Fraction(part), cites)
    total = sum(parts, Decimal(0))
    payer = item_owner(ctx, item)
    ctx.step(
        rule, cites, "goods-award", variant=grade + ("" if payer else "-no-payer"), item=item.id, **values,
        value=item.value, rate=rate.text, product=tael(exact), total=total, tenth=parts[0],
        shares=", ".join(f"{who} {p}" for who, p in zip(rescuers, parts[1:])), rest=total - parts[0], payer=payer,
        inputs={"item": item.id, "value": item.value, "difficulty": item.difficulty, "quantity": item.quantity,
                "diving": item.found.diving, "rescuers": rescuers, "payer": payer},
        params=[rate, *extra_params, tenth], exact=exact, amount=total,
        readings=["qing-shandong-4-scale", "qing-shandong-4-station-tenth", "qing-shandong-4-split",
                  "qing-shandong-4-who-pays", *more_readings])
    if payer is None:
        ctx.finding("error", "owner-unknown", "qing-shandong:4", variant="goods", item=repr(item.id))
    else:
        ctx.out.charge_awards(awards, payer, cites)
    return awards


@rule(cites=["qing-shandong:4"],
      reads=["event:goods_valued", "case.kind", "case.vessel", "expense.date", "found.by", "found.date",
            "item.found", "item.kind", "vessel.foreign"])
def foreign_valuation(ctx: Context) -> None:
    """Art 4: goods of a foreign ship are reported to the nearest consul and valued together
    with him (外國船貨則並報明附近領事官，會同查核，將貨估價)."""
    got = consul_valuation(ctx, "qing-shandong:4")
    if got is None:
        return
    consuls, valuations = got
    ctx.step("foreign_valuation", "qing-shandong:4", "foreign-goods-valued",
             consuls=", ".join(sorted(consuls)) or "none named", inputs={"valuations": [e.pointer for e in valuations]})
