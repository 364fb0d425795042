"""Penalties, chapter 4 (arts 31–35ノ2), as in force from 2025-06-01: warning findings that name the
facts and the penalty the article names, never a computed sentence (reading
``jp-1899-2025-penalties``). Art 31 item 1's 正当ノ理由ナクシテ governs all three refusals — the summons,
the requisition, the use of land — and an event's ``good_reason: true`` excuses it (reading
``jp-1899-2025-31-good-reason``).

第三十一条 遭難船舶救護ノ場合ニ於テ左ノ各号ニ該当スル者ハ二万円以下ノ罰金ニ処ス 一 正当ノ理由ナクシテ市町村長ノ招集ニ
  応セス又ハ物件ノ徴用若ハ土地ノ使用ヲ拒ミタル者 二 第六条第二項ノ規定ニ違反シタル者 三 第七条第三項ノ規定ニ違反シタル者
第三十二条 遭難船舶救護ノ場合ニ於テ妨害ヲ為シタル者ハ六月以下ノ拘禁刑ニ処ス
第三十三条 第十条第一項ノ手続ヲ為スコトヲ怠リタル者ハ二万円以下ノ罰金ニ処ス
第三十四条 詐偽ノ所為ヲ以テ船難報告書ニ認証ヲ受ケタル者ハ十一日以上六月以下ノ拘禁刑ニ処シ又ハ二万円以下ノ罰金ニ処ス
第三十五条ノ一 刑法第三百八十五条及第三百八十七条ノ規定ハ沈没品ニ亦之ヲ適用ス
第三十五条ノ二 漂流ノ物件ニ対シ現存スル記号ヲ塗抹毀損シ若ハ新ニ付記押捺シタル者ハ二万円以下ノ罰金ニ処ス
"""
from __future__ import annotations

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import event_actors, item_class, name
from .drift import chapter_items


def _in_japanese(penalty: str) -> str:
    """The Act's own words of a penalty parameter, its last bracket: ``a fine … (二万円以下ノ罰金)`` → 二万円以下ノ罰金."""
    return penalty[penalty.rindex("(") + 1:-1] if penalty.endswith(")") else penalty


def _penalty(ctx: Context, code: str, who: list[str], facts: str, param: str, cites: list[str], **ja: str) -> None:
    """A penalty's warning; ``ja``: the facts' values for the Japanese template (dates, items)."""
    p = ctx.param(param)
    names = ", ".join(name(ctx, w) for w in who)
    ctx.finding("warning", code, cites, who=names or "Someone", who_ja=names or "ある者", facts=facts,
                art=p.cite.split(":")[1].split(".")[0].split("#")[0], penalty=str(p.value),
                penalty_ja=_in_japanese(str(p.value)), **ja)
    ctx.step("penalty", cites, "penalty", who=", ".join(who), facts=facts, penalty=p.value, params=[p],
             readings=["jp-1899-2025-penalties"])


@rule(cites=["jp-1899-2025:35-2", "jp-1899-2025:35-1", "jp-1899-2025:24.1", "jp-1899-2025:31#1",
            "jp-1899-2025:31#2", "jp-1899-2025:6.2", "jp-1899-2025:6.1", "jp-1899-2025:31#3",
            "jp-1899-2025:7.3", "jp-1899-2025:32", "jp-1899-2025:33", "jp-1899-2025:10.1", "jp-1899-2025:34",
            "jp-1899-2025:10.2"],
      reads=["event:certified_by_fraud", "event:delivered", "event:marks_defaced", "event:notice_posted",
            "event:owner_claimed", "event:owner_informed", "event:removed", "event:removed_by_police",
            "event:requisitioned", "event:restrained", "event:returned_to_owner", "event:summoned",
            "event:wreck_report", "case.kind", "case.master_absent", "case.treaty", "case.vessel",
            "case.waters", "expense.date", "found.by", "found.date", "found.state", "found.waters",
            "item.found", "item.government", "item.kept_sunk", "item.kind", "item.value", "party.obstructed",
            "vessel.government", "vessel.inland_waters_only", "vessel.master",
            "vessel.no_nationality_certificate", "param:penalty.fraudulent_certification",
            "param:penalty.marks", "param:penalty.no_wreck_report", "param:penalty.obstruction",
            "param:penalty.refusal", "param:penalty.sunken_goods"])
def penalties(ctx: Context) -> None:
    distress = ctx.case.kind != "drift" and ctx.case.vessel is not None and not ctx.case.treaty
    if distress:
        _rescue_offences(ctx)
    for ev in ctx.scenario.events_of("marks_defaced"):
        items = event_actors(ev.get("items"))
        _penalty(ctx, "penalty-marks-defaced", event_actors(ev.get("by")),
                 f"obliterated, damaged or added marks on drifting goods ({', '.join(items) or 'items not named'}) on "
                 f"{ev.date}", "penalty.marks", ["jp-1899-2025:35-2"], date=str(ev.date),
                 items="、".join(items) or "物件の記載なし")
    delivered = {i for e in ctx.scenario.events_of("delivered", "returned_to_owner", "removed_by_police")
                 for i in event_actors(e.get("items"))}
    for item in chapter_items(ctx):
        if item_class(ctx, item).key == "sunken" and item.id not in delivered and not _handled(ctx, item.id):
            p = ctx.param("penalty.sunken_goods")
            ctx.finding("warning", "penalty-sunken-goods-kept", ["jp-1899-2025:35-1", "jp-1899-2025:24.1"],
                        item=item.id, found=str(item.found.date if item.found else "?"), penalty=str(p.value),
                        penalty_ja=_in_japanese(str(p.description)))


def _handled(ctx: Context, item_id: str) -> bool:
    return any(ctx.scenario.where(t, "items", item_id) for t in ("notice_posted", "owner_informed", "owner_claimed"))


def _with_good_reason(ctx: Context, ev, refused: list[str], what: str, what_ja: str) -> bool:
    """The refusal is recorded with ``good_reason: true``."""
    return bool(ev.get("good_reason"))


def _no_offence(ctx: Context, ev, refused: list[str], what: str, what_ja: str) -> None:
    ctx.finding("info", "refusal-with-good-reason", ["jp-1899-2025:31#1"], who=", ".join(name(ctx, w) for w in refused),
                what=what, what_ja=what_ja, date=str(ev.date))


#: art 31 item 1: 正当ノ理由ナクシテ governs the summons, the requisition and the use of land alike; a
#: refusal with good reason is no offence (an info finding instead of the penalty; reading
#: ``jp-1899-2025-31-good-reason``). It writes no step, so nothing carries ``overrides``.
GOOD_REASON = Exception_("refusal_with_good_reason", overrides="penalty", condition=_with_good_reason,
                         apply=_no_offence)


def _rescue_offences(ctx: Context) -> None:
    for ev in ctx.scenario.events_of("summoned"):
        refused = event_actors(ev.get("refused"))
        if refused and not exceptions.applied(ctx, [GOOD_REASON], ev, refused, "the summons", "召集"):
            _penalty(ctx, "penalty-summons-refused", refused,
                     f"summoned on {ev.date}, did not answer the summons or serve under the mayor's direction",
                     "penalty.refusal", ["jp-1899-2025:31#1", "jp-1899-2025:31#2", "jp-1899-2025:6.2"], date=str(ev.date))
    for ev in ctx.scenario.events_of("requisitioned"):
        refused = event_actors(ev.get("refused"))
        what = "the use of land" if ev.get("what") == "land" else f"the requisition of a {ev.get('what')}"
        if refused and not exceptions.applied(ctx, [GOOD_REASON], ev, refused, what,
                                              "土地の使用" if ev.get("what") == "land" else "物件の徴用"):
            _penalty(ctx, "penalty-requisition-refused", refused,
                     f"refused {what} on {ev.date} without good reason (art 6 ¶1)",
                     "penalty.refusal", ["jp-1899-2025:31#1", "jp-1899-2025:6.1"], date=str(ev.date))
    for ev in ctx.scenario.events_of("restrained"):
        refused = event_actors(ev.get("refused"))
        if refused:
            _penalty(ctx, "penalty-assistance-refused", refused,
                     f"ordered on {ev.date} to help restrain a violent person, refused (art 7 ¶3)",
                     "penalty.refusal", ["jp-1899-2025:31#3", "jp-1899-2025:7.3"], date=str(ev.date))
    obstructors = [p.id for p in ctx.scenario.parties if p.obstructed]
    obstructors += [q for e in ctx.scenario.events_of("removed") if e.get("ground") == "obstruction"
                    for q in event_actors(e.get("persons")) if q not in obstructors]
    if obstructors:
        _penalty(ctx, "penalty-obstruction", obstructors, "obstructed the rescue of a ship in distress",
                 "penalty.obstruction", ["jp-1899-2025:32"])
    vessel = ctx.case.vessel
    exempt = vessel.government or vessel.no_nationality_certificate or vessel.inland_waters_only
    if not exempt and not ctx.case.master_absent and ctx.scenario.first("wreck_report") is None and vessel.master:
        _penalty(ctx, "penalty-no-wreck-report", [vessel.master],
                 "the master made no wreck report (art 10 ¶1)", "penalty.no_wreck_report",
                 ["jp-1899-2025:33", "jp-1899-2025:10.1"])
    for ev in ctx.scenario.events_of("certified_by_fraud"):
        _penalty(ctx, "penalty-fraudulent-certification", event_actors(ev.get("by")),
                 f"obtained certification of the wreck report by fraud ({ev.date})", "penalty.fraudulent_certification",
                 ["jp-1899-2025:34", "jp-1899-2025:10.2"], date=str(ev.date))
