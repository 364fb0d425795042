"""The salvor's declaration of the find — art 2.

Art. 2. … le sauveteur d'épaves isolées recueillis en mer où sur le rivage, est tenu dans un
  délai de deux jours francs à partir de l'invention pour les épaves recueillies sur les
  rivages et du jour d'arrivée à terre pour les épaves recueillies en mer, de déclarer
  l'invention à l'Administrateur de l'inscription maritime du quartier dans le ressort
  duquel les épaves ont été recueillies.
  (The salvor of isolated wreck picked up at sea or on the shore must, within two clear days
  from the find for wreck picked up on the shore, and from the day of arrival on land for
  wreck picked up at sea, declare the find to the Administrator of Maritime Registration of
  the district where it was picked up.)
  Tout sauveteur qui, sans excuse, reconnue légitime par le Juge, n'aura pas dans ledit délai
  fait la déclaration sera puni des peines portées à l'art 401 du Code Pénal.
  (Any salvor who, without an excuse recognised as legitimate by the judge, has not declared
  within that period is punished with the penalties of art 401 of the Penal Code — theft.)

→ declaration: a deadline per item found (two clear days: a start on day D is in time until
  D+3); late or missing → a warning (criminal penalty; the excuse is for the judge). It does
  not take away the salvor's share (art 4). The declaration date is passed on to arts 3 and 4
  (``common.DECLARED_ON``).
"""
from __future__ import annotations

from wreckmaster.law.events import Event
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Item

from .common import DECLARED_ON, STATUS_FR, duty_applies, find_date, fr_date, items_in_scope, landing, on_shore

ADMINISTRATOR_ROLE = "administrator"
OFFICIAL_ROLE = "official"   # SCENARIO.md's role; counts where no administrator is named (fr-epaves-2-official)


@rule(cites=["fr-epaves:2.1", "fr-epaves:2.2", "fr-epaves:4.2"],
      reads=["event:declared", "event:excuse_offered", "event:landed", "case.hypothetical", "case.occurred",
            "expense.date", "found.by", "found.date", "found.state", "item.found", "item.value",
            "param:after_hostilities_period", "param:cessation_of_hostilities",
            "param:declaration_clear_days", "param:war_start"])
def declaration(ctx: Context) -> None:
    """Art 2: declare within two clear days of the find (shore) or of the landing (sea)."""
    period = ctx.param("declaration_clear_days")
    declared_on = {}
    for item in items_in_scope(ctx):
        decl = _declared(ctx, item)
        if decl is not None:
            declared_on[item.id] = decl.date
        salvors = list(item.found.by)
        who = ", ".join(salvors) or "the salvor"
        if on_shore(item):
            start = find_date(ctx, item)
        else:
            ev = landing(ctx, item)
            if ev is None:
                ctx.finding("info", "landing-not-recorded", "fr-epaves:2.1", item=repr(item.id), who=str(who))
                ctx.step("declaration", "fr-epaves:2.1", "period-not-begun-no-landing", item=item.id,
                         params=[period], readings=["fr-epaves-2-landing"])
                continue
            start = ev.date
            if not duty_applies(ctx, start, "fr-epaves:2.1", "landed", item=repr(item.id), who=who):
                continue
        due = period.value.due(start)
        # the duty is each salvor's (one declaration by any of them serves all: fr-epaves-2-any-salvor),
        # so each salvor has the deadline, named as its party
        late = decl is not None and decl.date > due
        for party in salvors or [None]:
            d = ctx.deadline("declare-find", party, due, decl.date if decl else None, "fr-epaves:2.1",
                             note="declared-late" if late else None, item=item.id,
                             date=decl.date if decl else None, due=due)
        where = "shore" if on_shore(item) else "at-sea"
        ctx.step("declaration", "fr-epaves:2.1", "declaration-period",
                 variant=where if decl else f"{where}-not-declared", item=item.id, start=start,
                 start_fr=fr_date(start), due=due, due_fr=fr_date(due), date=decl.date if decl else None,
                 date_fr=fr_date(decl.date) if decl else None, status=d.status, status_fr=STATUS_FR[d.status],
                 inputs={"item": item.id, "start": start, "declared": decl.date if decl else None,
                         "salvors": salvors},
                 params=[period], readings=["fr-epaves-2-deux-jours-francs", "fr-epaves-2-authority"]
                 + (["fr-epaves-2-any-salvor"] if len(salvors) > 1 else [])
                 + ([] if on_shore(item) else ["fr-epaves-2-landing"]))
        if d.status == "missed":
            _late(ctx, item, who, due, decl)
    ctx[DECLARED_ON] = declared_on


def _declared(ctx: Context, item: Item) -> Event | None:
    """The first declaration of the item to the administrator (reading fr-epaves-2-authority):
    a ``declared`` event whose ``to`` is absent or names a party with the role
    ``administrator``. Where no party of the case has that role, a declaration to a party with
    the role ``official`` (the role SCENARIO.md lists) counts, with an info finding (reading
    fr-epaves-2-official). One made only to others is reported and not counted."""
    no_administrator = not ctx.scenario.parties_with(ADMINISTRATOR_ROLE)
    for ev in ctx.scenario.events_of("declared"):
        if item.id not in (ev.get("items") or []):
            continue
        to = ev.get("to")
        if to:
            roles = [ctx.scenario.party(t) for t in to]
            if no_administrator and any(p is not None and p.has(OFFICIAL_ROLE) for p in roles):
                ctx.finding("info", "declared-to-official", "fr-epaves:2.1", item=repr(item.id), date=str(ev.date),
                            to=', '.join(to))
                ctx.step("declaration", "fr-epaves:2.1", "declared-to-official", item=item.id, date=ev.date,
                         date_fr=fr_date(ev.date), to=', '.join(to), readings=["fr-epaves-2-official"])
                return ev
            if not any(p is not None and p.has(ADMINISTRATOR_ROLE) for p in roles):
                ctx.finding("info", "declared-to-other-authority", "fr-epaves:2.1", item=repr(item.id),
                            date=str(ev.date), to=', '.join(to))
                continue
        return ev
    return None


def _late(ctx: Context, item: Item, who: str, due, decl: Event | None) -> None:
    """Art 2 ¶2: the penalty of art 401 of the Code pénal unless the judge admits an excuse."""
    excuses = [ev for ev in ctx.scenario.events_of("excuse_offered")
               if set(ev.get("by") or []) & set(item.found.by)
               and (ev.get("items") is None or item.id in ev.get("items"))]
    values = {"who": who, "item": repr(item.id), "due": str(due)}
    if excuses:
        values |= {"variant": "excuse", "reasons": "; ".join(repr(ev.get("reason")) for ev in excuses)}
    if decl is not None:
        values["date"] = str(decl.date)
    ctx.finding("warning", "declaration-late" if decl is not None else "declaration-missing",
                ["fr-epaves:2.2", "fr-epaves:2.1"], **values)
    ctx.step("late_declaration", ["fr-epaves:2.2", "fr-epaves:4.2"], "declaration-penalty",
             variant="late" if decl else "not-made", item=item.id,
             inputs={"excuses": [ev.get("reason") for ev in excuses]}, readings=["fr-epaves-2-late-declaration"])
