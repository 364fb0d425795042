"""Joint decisions: who decides a major and a minor wreck (art 14), the written record of
every joint decision (art 17), and the consulting official from another village (art 18).

第十四条 大難船ノ節諸費用割賦ノ義ハ … 各般ノ処置ハ其管庁ニ申立テ其筋出張官員ノ差図ヲ受ク可シ
  尤モ小難船ノ処置ハ二名以上ノ浦役人及ヒ船長其他重立乗組ノ者二名以上合議ノ上之ヲ決スルヲ得可シ
  (a major wreck goes to the competent office; a minor one may be decided by two or more
  coast officials with two or more of the master and senior crew) → major_or_minor_wreck.
第十七条 総テ浦役人及船長合議ノ上処置シタル時ハ其事柄ヲ詳細ニ記シタル証書二通ヲ作リ之ニ連署押印シ
  其一通ヲ船長ヘ渡シ他ノ一通ヲ浦役人ニテ保チ置クヘシ
  (two signed copies of every joint decision, one to the master) → joint_record.
第十八条 二名以上ノ浦役人合議ノ時ハ其内一名ハ必ス他村ヨリ出ス可シ
  (of two or more consulting officials, one from another village) → other_village.
"""
from __future__ import annotations

from wreckmaster.law.events import Event
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import MAJOR_WRECK_JA, drift_case, ids, major_wreck, major_wreck_facts, step_params


def consultation(ctx: Context, ev: Event, what: str, officials_param: str, crew_param: str, cite: str,
                 what_ja: str) -> None:
    """Two or more coast officials and two or more of the master and senior crew (arts 10, 14)."""
    min_off, min_crew = ctx.param(officials_param), ctx.param(crew_param)
    offs, crew = ev.get("officials") or (), ev.get("crew") or ()
    if len(offs) < min_off.value:
        ctx.finding("warning", "consultation-officials-too-few", cite, what=str(what), what_ja=what_ja, count=str(len(offs)),
                    officials=str(ids(offs)), art=str(cite.split(':')[1]), minimum=str(min_off.value))
    if len(crew) < min_crew.value:
        ctx.finding("warning", "consultation-crew-too-few", cite, what=str(what), what_ja=what_ja, count=str(len(crew)),
                    crew=str(ids(crew)), art=str(cite.split(':')[1]), minimum=str(min_crew.value))
    villages = other_village(ctx, offs, what, what_ja)
    copies = joint_record(ctx, ev, what, what_ja)
    made = ev.get("record_copies") or 0
    ctx.step("consultation", (cite, "jp-1875:17", "jp-1875:18") if villages else (cite, "jp-1875:17"),
             "joint-decision", what=what, officials=ids(offs), crew=ids(crew),
             min_officials=min_off.value, min_crew=min_crew.value, copies=made,
             copy_or_copies="copy" if made == 1 else "copies", villages=villages,
             variant=("handed" if ev.get("copy_to_master") else "not-handed") + ("-villages" if villages else ""),
             params=step_params(ctx, officials_param, crew_param, "joint_record.copies"),
             readings=READINGS_VILLAGE if villages else READINGS)


READINGS = ("jp-1875-10-master-counts", "jp-1875-17-which-decisions")
READINGS_VILLAGE = READINGS + ("jp-1875-18-village",)


def joint_record(ctx: Context, ev: Event, what: str, what_ja: str):
    """Art 17: two copies of a detailed certificate, signed and sealed jointly, one to the master.
    Returns the parameter (the step ``joint-decision`` describes the record)."""
    copies = ctx.param("joint_record.copies")
    made = ev.get("record_copies") or 0
    wrong, wrong_ja = [], []
    if made < copies.value:
        wrong.append(f"{made} signed cop{'y' if made == 1 else 'ies'} of the record (証書) instead of {copies.value}")
        wrong_ja.append(f"記名調印した証書は{copies.value}通でなく{made}通である")
    if not ev.get("copy_to_master"):
        wrong.append("no copy handed to the master")
        wrong_ja.append("船長に一通を渡していない")
    if wrong:
        ctx.finding("warning", "joint-record-incomplete", "jp-1875:17", what=str(what), what_ja=what_ja,
                    wrong=str('; '.join(wrong)), wrong_ja="、".join(wrong_ja))
    return copies


def other_village(ctx: Context, offs: list[str], what: str, what_ja: str) -> str | None:
    """Art 18: when two or more coast officials consult, one of them comes from another village.
    Returns the officials' villages for the explanation (None when art 18 does not apply)."""
    when, need = ctx.param("other_village.when_officials"), ctx.param("other_village.count")
    if len(offs) < when.value:
        return None
    villages = {o: (ctx.scenario.party(o).village if ctx.scenario.party(o) else None) for o in offs}
    known = {o: v for o, v in villages.items() if v}
    local = ctx.case.village
    if local is None and len(set(known.values())) == 1:
        local = next(iter(known.values()))  # all of one village: taken as the local one (reading)
    others = [o for o, v in known.items() if v != local] if local else []
    if local is None and len(set(known.values())) >= 2:
        others = list(known)  # two villages or more: whichever is local, one is from elsewhere
    described = (", ".join(f"{o} {v or '?'}" for o, v in villages.items())
                 + (f" (the case is handled at {ctx.case.village})" if ctx.case.village else ""))
    if len(others) >= need.value:
        return described
    if len(known) < len(offs):
        ctx.finding("info", "official-village-unknown", "jp-1875:18", what=str(what), what_ja=what_ja,
                    officials=str(ids([o for o in offs if o not in known])))
        return described
    ctx.finding("warning", "no-official-from-other-village", "jp-1875:18",
                variant="given" if ctx.case.village else "assumed", what=str(what), what_ja=what_ja,
                officials=str(ids(offs)),
                village=str(local))
    return described


@rule(cites=["jp-1875:14", "jp-1875:17", "jp-1875:18"],
      reads=["event:decided", "event:referred_to_authority", "case.dead", "case.flood",
            "case.heavy_cargo_loss", "case.hull", "case.joint_settlement", "case.kind", "case.total_loss",
            "case.village", "expense.date", "found.date", "item.kind", "item.value", "party.casualty",
            "party.village", "vessel.master", "param:joint_record.copies", "param:minor_wreck.min_crew",
            "param:minor_wreck.min_officials", "param:other_village.count",
            "param:other_village.when_officials"])
def major_or_minor_wreck(ctx: Context) -> None:
    """Art 14: a major wreck's measures go to the competent office; a minor wreck's may be
    decided jointly on the spot (each such decision checked under arts 14, 17 and 18)."""
    if drift_case(ctx):
        return
    if major_wreck(ctx):
        ref = ctx.scenario.first("referred_to_authority")
        why = ", ".join(major_wreck_facts(ctx))
        ctx.step("major_or_minor_wreck", "jp-1875:14", "major-wreck-to-the-office", why=why,
                 referred=ref.date if ref else None, variant="referred" if ref else "not-referred",
                 readings=["jp-1875-14-major-wreck"])
        if ref is None:
            ctx.finding("warning", "major-wreck-not-referred", "jp-1875:14", why=str(why),
                        why_ja="、".join(MAJOR_WRECK_JA[f] for f in major_wreck_facts(ctx)))
    for ev in ctx.scenario.events_of("decided"):
        what = f"Decision of {ev.date}" + (f" ({ev.get('matter')})" if ev.get("matter") else "")
        what_ja = f"{ev.date}の決定" + (f"（{ev.get('matter')}）" if ev.get("matter") else "")
        consultation(ctx, ev, what, "minor_wreck.min_officials", "minor_wreck.min_crew", "jp-1875:14", what_ja)
