"""What several jp-1899 rules share: who the mayor, the police and the master are, which
provisions apply to the ship (art 22), who is notified (art 15 ¶3), the duties the law sets
without a number of days, and yen formatting.

第二十一條 本章中船長ニ關スル規定ハ船長ニ代リテ其ノ職務ヲ行フ者ニ亦之ヲ適用ス
  (The provisions of this chapter on the master apply also to whoever performs the master's
  duties in his place.) → :func:`master`.
第十五條第三項 遭難船舶ノ所在地船籍港ナルトキ又ハ船長在ラサルトキハ前項ノ吿知ハ船舶所有者ニ之ヲ爲ヘシ
  → :func:`responsible_party`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import wraps
from typing import Any, Callable

from wreckmaster.law.named import Value
from wreckmaster.law.regime import Context
from wreckmaster.law.values import exact_text as yen  # noqa: F401  (re-exported for the rules)

Rule = Callable[[Context], None]


# --- the named values the rules pass on (law/named.py) -----------------------------------
#: the chapter does not apply (art 23 treaty, chapter 2 drift goods): the rules after it do not run
OUT_OF_SCOPE = Value("out_of_scope", bool, set_by=("treaty", "drift"), initial=lambda: False)
#: the admitted claims, (claimant, units), with the mayor's outlays (art 13 item 3): who is to be paid
CLAIMS = Value("claims", list, set_by=("admitted_claims", "mayor_outlays"))
#: the expenses that are the mayor's own outlays (art 13 item 3)
MAYOR_OUTLAYS = Value("mayor_outlays", list, set_by="mayor_outlays", initial=list)
#: persons excluded from the claims for their conduct (art 12 ¶2 item 4): person → (why, cite)
EXCLUDED_CONDUCT = Value("excluded_conduct", dict, set_by=("removals", "restraints", "concealment"), initial=dict)
#: persons summoned (art 6 ¶1): not volunteers (art 20)
SUMMONED = Value("summoned", set, set_by="summons", initial=set)
#: claimants a regime's further exclusions name (jp-1899-2025 art 12 ¶2 items 1–3, 5): party → (item, why, cite)
CLAIM_EXCLUSIONS = Value("claim_exclusions", dict, set_by="claim_exclusions", initial=dict)


def guarded(rule: Rule) -> Rule:
    """Run ``rule`` only while the chapter applies (art 23 treaty, chapter 2 drift goods)."""

    @wraps(rule)
    def run(ctx: Context) -> None:
        if not ctx[OUT_OF_SCOPE]:
            rule(ctx)

    return run


# --- who is who ------------------------------------------------------------------------
def mayors(ctx: Context) -> set[str]:
    return {p.id for p in ctx.scenario.parties_with("mayor")}


def police(ctx: Context) -> set[str]:
    return {p.id for p in ctx.scenario.parties_with("police")}


def name(ctx: Context, ident: str | None) -> str:
    """An id with its name, for messages: ``sato (佐藤)``."""
    if ident is None:
        return "—"
    p = ctx.scenario.party(ident) or ctx.scenario.person(ident)
    return f"{ident} ({p.name})" if p is not None and p.name else ident


def government_vessel(ctx: Context) -> bool:
    return bool(ctx.case.vessel and ctx.case.vessel.government)


def applies(ctx: Context, provision: str) -> bool:
    """Whether a provision (``"16"``, ``"15.3"``) applies to this ship.

    Art 22: to naval vessels and other government ships only the listed provisions apply
    (reading ``jp-1899-22-government-ships``); to every other ship all of them.
    """
    if not government_vessel(ctx):
        return True
    listed = set(ctx.p("government_vessels.provisions"))
    return provision in listed or provision.split(".")[0] in listed


@dataclass(frozen=True)
class Master:
    """The master for the chapter's purposes (art 21)."""

    id: str | None
    acting: bool          # a person performing the master's duties in his place
    present: bool         # not ``case.master_absent``, or an acting master is there


def master(ctx: Context) -> Master:
    """Art 21: a party with the role ``acting-master`` performs the master's duties in his
    place and is the master for every provision on the master (reading ``jp-1899-21-acting-master``)."""
    acting = next((p.id for p in ctx.scenario.parties_with("acting-master")), None)
    if acting is not None:
        return Master(acting, True, True)
    vessel = ctx.case.vessel
    return Master(vessel.master if vessel else None, False, not ctx.case.master_absent)


def owner(ctx: Context) -> str | None:
    return ctx.case.vessel.owner if ctx.case.vessel else None


@dataclass(frozen=True)
class Responsible:
    """Who is notified of the rescue expenses, pays them and gets the held money back."""

    id: str | None
    role: str                      # "master" | "acting master" | "owner"
    why_en: str
    why_ja: str
    cites: tuple[str, ...]
    readings: tuple[str, ...] = ()


def responsible_party(ctx: Context) -> Responsible:
    """Art 15 ¶2: the master; ¶3: the shipowner when the ship lies at its port of registry or
    the master is not present. Art 21: an acting master is the master. Art 22: ¶3 does not apply
    to government ships (the master is notified)."""
    m = master(ctx)
    mrole = "acting master" if m.acting else "master"
    if government_vessel(ctx):
        return Responsible(m.id, mrole, "a government ship: art 22 applies art 15 ¶1–2 but not ¶3, so the master",
                           "官廳ノ所有スル船舶 — 第十五條第三項ハ準用セス、船長", ("jp-1899:15.2", "jp-1899:22"),
                           ("jp-1899-22-government-ships", "jp-1899-22-money"))
    if ctx.case.at_home_port:
        return Responsible(owner(ctx), "owner", "the ship lies at its port of registry (art 15 ¶3): the shipowner",
                           "遭難船舶ノ所在地船籍港ナルニ因リ船舶所有者", ("jp-1899:15.3",), ("jp-1899-15-3-owner-notice",))
    if not m.present:
        return Responsible(owner(ctx), "owner", "the master is not present (art 15 ¶3): the shipowner",
                           "船長在ラサルニ因リ船舶所有者", ("jp-1899:15.3",), ("jp-1899-15-3-owner-notice",))
    if m.id is None and owner(ctx) is not None:
        return Responsible(owner(ctx), "owner", "no master is named, so none is taken to be present (art 15 ¶3): "
                           "the shipowner", "船長ノ記載ナシ — 船長在ラサルモノトシテ船舶所有者", ("jp-1899:15.3",),
                           ("jp-1899-15-3-no-master-named",))
    if m.acting:
        return Responsible(m.id, mrole, "the person acting as master (art 21), in the master's place (art 15 ¶2)",
                           "船長ニ代リテ其ノ職務ヲ行フ者 (第二十一條)", ("jp-1899:15.2", "jp-1899:21"),
                           ("jp-1899-21-acting-master",))
    return Responsible(m.id, mrole, "the master (art 15 ¶2)", "船長", ("jp-1899:15.2",),
                       ("jp-1899-15-3-owner-notice",))


# --- art 16 ¶3: goods delivered without payment ------------------------------------------
def release_ground(ctx: Context, item: Any) -> str | None:
    """Art 16 ¶3 (items 1, 2 in today's wording, reading ``jp-1899-16-3-today-wording``): the item of
    the paragraph under which a held item is delivered without payment or security, or None — the
    crew's personal belongings (baggage owned by a crew member or the master, item 1), food of the
    crew and passengers (``items[].provisions``, item 2), passengers' baggage carried free of freight
    (item 3); the kinds the regime applies are the parameter ``release_unpaid.kinds``."""
    kinds = ctx.p("release_unpaid.kinds")
    if item.provisions and "provisions" in kinds:
        return "jp-1899:16.3#2"
    if item.kind == "baggage":
        holder = ctx.scenario.party(ctx.scenario.owner_of(item))
        if "crew-belongings" in kinds and holder is not None and {"crew", "master", "acting-master"} & set(holder.roles):
            return "jp-1899:16.3#1"
        if "baggage" in kinds and not item.freight_paid:
            return "jp-1899:16.3#3"
    return None


# --- competence ------------------------------------------------------------------------
@dataclass(frozen=True)
class Competence:
    mayor: str | None
    learned_on: date | None
    source: str | None           # how the mayor learned (the event's type and by)


#: the competent mayor (art 1), set by :func:`.competence.competent_mayor`; nobody where that rule did
#: not work it out (the chapter does not apply, or a drift case)
COMPETENCE = Value("competence", Competence, set_by="competent_mayor", initial=lambda: Competence(None, None, None))


def competent(ctx: Context) -> Competence:
    """The competent mayor (:data:`COMPETENCE`)."""
    return ctx[COMPETENCE]


def authority_ok(ctx: Context, actor: str | None) -> bool:
    """Whether ``actor`` may use the mayor's powers: the competent mayor (art 1), any mayor when
    none is known, or a police official (art 4: assisting or standing in for the mayor)."""
    if actor is None:
        return True
    comp = competent(ctx)
    if actor in police(ctx):
        return True
    if actor in mayors(ctx):
        return comp.mayor is None or actor == comp.mayor
    return False


# --- duties without a number of days -----------------------------------------------------
def duty(ctx: Context, duty_id: str, party: str | None, timing: str, status: str,
         done_on: date | None, cites: list[str] | tuple[str, ...], to: list[str] | None = None,
         **values: Any) -> dict[str, Any]:
    """Record a duty the law sets without a number of days (遲滯ナク, 直ニ) in the output key
    ``duties`` (docs/scenario-extensions.md): no ``due`` can be computed, so it is not a deadline.

    The duty is the regime's template ``duty_id`` (``messages.yaml``, ``duties:``) with ``values``:
    ``duty`` in English, ``duty_local`` in the case's language (as a deadline's, issue 22).
    ``timing`` is the time word as the regime's parameter gives it (``timing.*``, with the Act's
    word in brackets). ``status``: ``done`` (the act is recorded), ``outstanding`` (not recorded)
    or ``not-required`` (an exception applies).
    """
    templates = ctx.regime.messages
    entry = {"duty": templates.english("duties", duty_id, values),
             "duty_local": templates.text("duties", duty_id, ctx.regime.language, values),
             "party": party, "to": to, "timing": timing, "status": status,
             "done_on": done_on.isoformat() if done_on else None, "cites": list(dict.fromkeys(cites))}
    ctx.out.outputs.setdefault("duties", []).append(entry)
    return entry


def event_actors(value: Any) -> list[str]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]

