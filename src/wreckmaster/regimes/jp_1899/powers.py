"""The mayor's powers during the rescue, arts 6–8.

第六條 市町村長ハ救護ノ爲人ヲ招集シ船舶車馬其ノ他ノ物件ヲ徵用シ又ハ他人ノ所有地ヲ使用スルコトヲ得
  前項ノ規定ニ依リ招集セラレタル者ハ市町村長ノ指揮ニ從ヒ救護ニ從事スヘシ
  (Summon persons, requisition ships, carts, horses and other things, use others' land; those
  summoned must work under his direction.) → summons, requisitions
第七條 市町村長ハ救護ニ際シ必要ナラスト認ムル者、妨害ヲ爲シタル者又ハ不正ノ行爲ヲ爲シタル者ヲ退去セシムルコトヲ得
  市町村長ハ救護ニ際シ暴行ヲ爲シタル者ノ身體ヲ拘束スルコトヲ得
  市町村長前項ノ處分ヲ爲スニ當リ助力ヲ命セラレタル者ハ之ヲ拒ムコトヲ得ス
  (Remove the unnecessary, obstructive or wrongdoing; restrain the violent; those ordered to help
  may not refuse.) → removals, restraints
第八條 市町村長ハ救護ニ際シ遭難物件ヲ隱匿シタル者アリト認ムルトキハ其ノ物件ヲ搜索シ又ハ之ヲ差押フルコトヲ得
  (Search for and seize goods concealed.) → concealment

Each power is an event; who used it must be the competent mayor or a police official (arts 1, 4).
Conduct that art 12 ¶2 item 4 reads as obstruction or a wrongful act is remembered for the
claims (:data:`.common.EXCLUDED_CONDUCT`; reading ``jp-1899-12-2-4-acts``).
"""
from __future__ import annotations

from wreckmaster.law.events import of_package
from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import EXCLUDED_CONDUCT, SUMMONED, authority_ok, event_actors, name

WHAT_EN = {"ship": "a ship or boat", "vehicle": "a cart or vehicle", "horse": "a horse", "thing": "another thing",
           "land": "the use of land"}
WHAT_JA = {"ship": "船舶ヲ徵用", "vehicle": "車ヲ徵用", "horse": "馬ヲ徵用", "thing": "其ノ他ノ物件ヲ徵用",
           "land": "他人ノ所有地ヲ使用"}
GROUND_EN = {"unnecessary": "not needed for the rescue", "obstruction": "obstructed the rescue",
             "wrongful": "committed a wrongful act"}
GROUND_JA = {"unnecessary": "必要ナラスト認ムル者", "obstruction": "妨害ヲ爲シタル者", "wrongful": "不正ノ行爲ヲ爲シタル者"}


def _check_authority(ctx: Context, ev, cite: str) -> None:
    by = ev.get("by")
    if not authority_ok(ctx, by):
        ctx.finding("warning", "power-without-authority", [cite, "jp-1899:1", "jp-1899:4"], act=str(ev.type),
                    act_ja=of_package(ctx.regime.folder).event_label(ev.type, "ja") or str(ev.type),
                    date=str(ev.date), by=name(ctx, by), power=cite)


def _exclude(ctx: Context, person: str, why: str, cite: str, why_ja: str) -> None:
    """Art 12 ¶2 item 4: ``person`` excluded from the claims for his conduct, why in English and Japanese."""
    ctx.collect(EXCLUDED_CONDUCT).setdefault(person, (why, cite, why_ja))


@rule(cites=["jp-1899:6.1", "jp-1899:6.2", "jp-1899:1", "jp-1899:4"],
      reads=["event:summoned", "expense.date", "found.by", "found.date", "party.name", "party.person",
            "person.name", "vessel.name"])
def summons(ctx: Context) -> None:
    """Art 6 ¶1: persons summoned; ¶2: they must work under the mayor's direction (a refusal is a
    breach: a warning)."""
    summoned = ctx.collect(SUMMONED)
    for ev in ctx.scenario.events_of("summoned"):
        _check_authority(ctx, ev, "jp-1899:6.1")
        to = event_actors(ev.get("to"))
        refused = event_actors(ev.get("refused"))
        summoned.update(to)
        for person in refused:
            ctx.finding("warning", "summons-refused", "jp-1899:6.2", person=name(ctx, person), date=str(ev.date))
        ctx.step("summons", ["jp-1899:6.1"] + (["jp-1899:6.2"] if refused else []), "persons-summoned",
                 variant="refused" if refused else None, date=ev.date, by=ev.get("by"), to=", ".join(to),
                 refused=", ".join(refused), inputs={"to": to, "refused": refused},
                 readings=["jp-1899-6-2-refusal"] if refused else ())


@rule(cites=["jp-1899:6.1", "jp-1899:13", "jp-1899:14.2", "jp-1899:1", "jp-1899:4"],
      reads=["event:claim_filed", "event:requisitioned", "expense.date", "found.by", "found.date",
            "party.name", "party.person", "person.name", "vessel.name"])
def requisitions(ctx: Context) -> None:
    """Art 6 ¶1: ships, carts, horses and other things requisitioned; land of others used. The
    compensation is a rescue expense (art 13) paid only on a claim (art 14 ¶2)."""
    claimants = {e.get("by") for e in ctx.scenario.events_of("claim_filed")}
    for ev in ctx.scenario.events_of("requisitioned"):
        _check_authority(ctx, ev, "jp-1899:6.1")
        what = ev.get("what")
        owners = event_actors(ev.get("from"))
        ctx.step("requisitions", ["jp-1899:6.1", "jp-1899:13"], "requisitioned", variant="from" if owners else None,
                 date=ev.date, what=WHAT_EN[what], what_ja=WHAT_JA[what], owners=", ".join(owners),
                 inputs={"what": what, "from": owners}, readings=["jp-1899-13-expense-heads"])
        for owner in owners:
            if owner not in claimants:
                ctx.finding("info", "requisition-compensation-not-claimed",
                            ["jp-1899:6.1", "jp-1899:13", "jp-1899:14.2"], owner=name(ctx, owner), what=WHAT_EN[what],
                            what_ja=WHAT_JA[what], date=str(ev.date))


@rule(cites=["jp-1899:7.1", "jp-1899:1", "jp-1899:4"],
      reads=["event:removed", "expense.date", "found.by", "found.date", "party.name", "party.person",
            "person.name", "vessel.name"])
def removals(ctx: Context) -> None:
    """Art 7 ¶1: persons removed from the scene; obstruction and wrongful acts also exclude them
    from rescue expenses (art 12 ¶2 item 4)."""
    for ev in ctx.scenario.events_of("removed"):
        _check_authority(ctx, ev, "jp-1899:7.1")
        ground = ev.get("ground")
        persons = event_actors(ev.get("persons"))
        if ground in ("obstruction", "wrongful"):
            for p in persons:
                _exclude(ctx, p, f"removed on {ev.date} because he {GROUND_EN[ground]} (art 7 ¶1)", "jp-1899:7.1",
                         f"{ev.date}に退去させられた（{GROUND_JA[ground]}、第七条第一項）")
        ctx.finding("info", "person-removed", "jp-1899:7.1", persons=", ".join(name(ctx, p) for p in persons),
                    date=str(ev.date), ground=GROUND_EN[ground], ground_ja=GROUND_JA[ground])
        ctx.step("removals", "jp-1899:7.1", "persons-removed", variant=ground, date=ev.date, persons=", ".join(persons),
                 inputs={"persons": persons, "ground": ground},
                 readings=["jp-1899-12-2-4-acts"] if ground != "unnecessary" else ())


@rule(cites=["jp-1899:7.2", "jp-1899:7.3", "jp-1899:1", "jp-1899:4"],
      reads=["event:restrained", "expense.date", "found.by", "found.date", "party.name", "party.person",
            "person.name", "vessel.name"])
def restraints(ctx: Context) -> None:
    """Art 7 ¶2: a person who committed violence restrained; ¶3: those ordered to help may not
    refuse (a refusal is a warning)."""
    for ev in ctx.scenario.events_of("restrained"):
        _check_authority(ctx, ev, "jp-1899:7.2")
        persons = event_actors(ev.get("persons"))
        helpers = event_actors(ev.get("assistants"))
        refused = event_actors(ev.get("refused"))
        for p in persons:
            _exclude(ctx, p, f"restrained on {ev.date} for violence during the rescue (art 7 ¶2)", "jp-1899:7.2",
                     f"救護に際しての暴行のため{ev.date}に制止された（第七条第二項）")
        for p in refused:
            ctx.finding("warning", "assistance-refused", "jp-1899:7.3", person=name(ctx, p), date=str(ev.date),
                        restrained=", ".join(persons))
        ctx.step("restraints", ["jp-1899:7.2"] + (["jp-1899:7.3"] if helpers or refused else []), "person-restrained",
                 variant=shape(("helpers", helpers), ("refused", refused)),
                 date=ev.date, persons=", ".join(persons), helpers=", ".join(helpers), refused=", ".join(refused),
                 inputs={"persons": persons, "assistants": helpers, "refused": refused},
                 readings=["jp-1899-12-2-4-acts"] + (["jp-1899-7-3-refusal"] if refused else []))


@rule(cites=["jp-1899:8", "jp-1899:9.1", "jp-1899:1", "jp-1899:4"],
      reads=["event:searched", "event:seized", "expense.date", "found.by", "found.date", "party.name",
            "party.person", "person.name", "vessel.name"])
def concealment(ctx: Context) -> None:
    """Art 8: goods concealed are searched for and seized; seized goods are held (art 9 ¶1). Those
    who concealed them committed a wrongful act (art 12 ¶2 item 4)."""
    for ev in ctx.scenario.events_of("searched", "seized"):
        _check_authority(ctx, ev, "jp-1899:8")
        items = event_actors(ev.get("items"))
        concealers = event_actors(ev.get("from"))
        for p in concealers:
            _exclude(ctx, p, f"concealed goods of the distress ({ev.type} on {ev.date}, art 8)", "jp-1899:8",
                     f"遭難の物件を隠匿した（{ev.date}、第八条）")
        ctx.step("concealment", ["jp-1899:8"] + (["jp-1899:9.1"] if ev.type == "seized" else []), "concealed-goods",
                 variant=shape((ev.type, True), ("by", concealers), ("items", items)),
                 date=ev.date, concealers=", ".join(concealers), items=", ".join(items),
                 inputs={"from": concealers, "items": items}, readings=["jp-1899-12-2-4-acts"] if concealers else ())
