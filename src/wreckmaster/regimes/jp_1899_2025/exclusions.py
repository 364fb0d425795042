"""Art 12 ¶2 items 1, 2, 3 and 5: who may not receive rescue expenses (today's text).

第十二条第二項 前項ノ規定ハ左ニ掲クル者ニハ之ヲ適用セス
  一 救護セラレタル船舶ノ所有者又ハ其ノ船舶ノ船員
  二 故意、懈怠又ハ過失ニ因リ遭難ヲ惹起シタル者
  三 第五条ノ規定ニ違反シテ救護シタル者
  四 救護ニ際シ妨害ヲ為シ又ハ不正ノ行為ヲ為シタル者
  五 遭難物件ヲ持去リ又ハ其ノ引渡ヲ拒ミタル者
(Art 12 ¶1 does not apply to: 1 the owner of the ship rescued or its crew; 2 whoever caused the
distress intentionally, by neglect or by negligence; 3 whoever rescued in breach of art 5;
4 whoever obstructed the rescue or acted wrongfully; 5 whoever carried off goods of the
distress or refused to hand them over.)

Item 4 is jp-1899's rule (``claims.admitted_claims``, shared). Items 1, 2, 3 and 5, absent from
the 1899 seed, are read here from the facts (reading ``jp-1899-2025-12-2-exclusions``) and given
to the shared claims rule as the named value ``CLAIM_EXCLUSIONS``: ``{party: (item, why, cite)}``, each an
exception to art 12 ¶1 (``admitted_claims``) that the explanation names.
"""
from __future__ import annotations

from wreckmaster.law.chinese_calendar import number_zh
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.regimes.jp_1899.common import CLAIM_EXCLUSIONS, event_actors
from wreckmaster.regimes.jp_1899.master_will import by_master, override_fails, rescue_acts_after

CITE = "jp-1899-2025:12.2"
#: the crew of the ship rescued (art 12 ¶2 item 1): the roles that make a party one of them
CREW_ROLES = ("master", "acting-master", "crew")


def _ship_party(ctx: Context) -> dict[str, str]:
    """Item 1: the ship's owner (``case.vessel.owner``) and its crew (roles master, acting-master, crew)."""
    out: dict[str, str] = {}
    vessel = ctx.case.vessel
    if vessel is not None and vessel.owner:
        out[vessel.owner] = "the owner of the ship rescued (case.vessel.owner)"
    for p in ctx.scenario.parties:
        role = next((r for r in CREW_ROLES if p.has(r)), None)
        if role is not None and p.id not in out:
            out[p.id] = f"one of the crew of the ship rescued (role {role})"
    return out


def _caused_distress(ctx: Context) -> dict[str, str]:
    """Item 2: ``parties[].caused_distress`` (intent, neglect or negligence, as the mayor found it)."""
    return {p.id: "caused the distress intentionally, by neglect or by negligence (party.caused_distress)"
            for p in ctx.scenario.parties if p.caused_distress}


def _against_master(ctx: Context) -> dict[str, str]:
    """Item 3: the master refused the rescue (art 5 ¶1) and no override under art 5 ¶2 stands; those
    who then rescued — summoned on or after the refusal, whose ship or land was requisitioned then,
    or who saved goods then — rescued in breach of art 5."""
    refusal = ctx.scenario.first("master_refused")
    if refusal is None or not by_master(ctx, refusal):
        return {}
    override = ctx.scenario.first("mayor_override")
    if override is not None and override_fails(ctx, override) is None:
        return {}
    why = f"rescued after the master refused the rescue on {refusal.date} (art 5 ¶1), no override standing"
    return {p: why for _what, who in rescue_acts_after(ctx, refusal.date) for p in who}


def _carried_off(ctx: Context) -> dict[str, str]:
    """Item 5: ``goods_concealed`` with ``how: carried-off``, or ``handover_refused``."""
    out: dict[str, str] = {}
    for ev in ctx.scenario.events_of("goods_concealed"):
        if ev.get("how") == "carried-off":
            out.update({p: f"carried off goods of the distress on {ev.date}" for p in event_actors(ev.get("by"))})
    for ev in ctx.scenario.events_of("handover_refused"):
        out.update({p: f"refused on {ev.date} to hand over goods of the distress" for p in event_actors(ev.get("by"))})
    return out


ITEMS = ((1, _ship_party), (2, _caused_distress), (3, _against_master), (5, _carried_off))


@rule(cites=["jp-1899-2025:12.2"],
      reads=["event:claim_filed", "event:goods_concealed", "event:handover_refused", "event:master_refused",
            "event:mayor_override", "event:requisitioned", "event:summoned", "case.kind",
            "case.master_absent", "case.vessel", "expense.date", "found.by", "found.date", "item.found",
            "item.government", "item.kind", "item.owner", "party.caused_distress", "vessel.government",
            "vessel.master", "vessel.owner", "param:government_vessels.provisions"])
def claim_exclusions(ctx: Context) -> None:
    """Art 12 ¶2 items 1, 2, 3, 5: the claimants they exclude, for the shared claims rule (the
    first item that applies is named)."""
    if ctx.case.kind == "drift":       # chapter 2's goods; out of scope: ``guarded`` does not run it
        return
    claimants = {e.get("by") for e in ctx.scenario.events_of("claim_filed")}
    found: dict[str, tuple[int, str, str]] = {}
    for item, read in ITEMS:
        for party, why in read(ctx).items():
            if party in claimants:
                found.setdefault(party, (item, why, f"{CITE}#{item}"))
    ctx[CLAIM_EXCLUSIONS] = found
    if claimants:
        ctx.step("claim_exclusions", CITE, "claim-exclusions", variant=None if found else "none",
                 excluded="; ".join(f"{p} — item {n}: {why}" for p, (n, why, _c) in sorted(found.items())),
                 excluded_ja="、".join(f"{p}: 第{number_zh(n)}号" for p, (n, _w, _c) in sorted(found.items())),
                 inputs={"claimants": sorted(c for c in claimants if c)},
                 readings=["jp-1899-2025-12-2-exclusions"])
