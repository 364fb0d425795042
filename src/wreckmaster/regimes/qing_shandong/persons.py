"""Persons saved, art 4: 5 or 10 taels a head; castaways sent home.

至於救人亦應察看難易，酌予賞項。救人一名，易者賞銀五兩，難者賞銀十兩。如本人無力，由地方官墊給，取獲救之人
結狀及領賞之人領狀，禀報東海關道，在於新關經費項下支銷。若有貨無人[無貨有人]，則禀明就近地方官及領事官
妥給船夫送於回籍；倘係外國人，無領事官可交者，則報明通商局支給盤用，俾令自行回國。
  (For each person saved, 5 taels if it was easy, 10 if hard. If the person cannot pay, the
  local official advances it and it is charged to the new customs funds. Castaways are sent
  home by the local official and the consul; foreigners with no consul to hand them to get
  their travelling money from the commerce bureau.)

- :func:`person_awards` — the award, paid by the person saved; :func:`unable_to_pay`, an
  exception to it: ``customs`` bears it (the official's advance is not a separate hop: final
  incidence).
- :func:`castaways` — the ``passage`` expenses of sending castaways home.
"""
from __future__ import annotations

from fractions import Fraction

from wreckmaster.law import exceptions
from wreckmaster.law.exceptions import Exception_
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule
from wreckmaster.law.scenario import Person

from .._qing.awards import send_castaways_home
from .._qing.common import expense_categories



@rule(cites=["qing-shandong:4"],
      reads=["expense.amount", "item.difficulty", "item.value", "party.can_pay", "party.person",
            "person.can_pay", "person.difficulty", "person.rescued_by"])
def person_awards(ctx: Context) -> None:
    """Art 4: 5 taels for each person saved easily, 10 for each saved with difficulty."""
    for person in ctx.scenario.persons:
        if not person.rescued_by:
            ctx.finding("error", "rescuers-missing", "qing-shandong:4", variant="person", person=repr(person.id))
            continue
        if person.difficulty is None:
            ctx.finding("error", "person-difficulty-missing", "qing-shandong:4", person=repr(person.id))
            continue
        rate = ctx.param(f"person_award.{person.difficulty}")
        awards = ctx.out.award(person.rescued_by, person.id, "person_award", rate.value, "qing-shandong:4")
        total = sum((a.amount for a in awards), start=ctx.out.round(Fraction(0)))
        ctx.step("person_awards", "qing-shandong:4", "person-saved",
                 variant=person.difficulty + ("" if person.can_pay else "-unable"), person=person.id, rate=rate.text,
                 rescuers=", ".join(person.rescued_by),
                 inputs={"person": person.id, "difficulty": person.difficulty, "rescuers": list(person.rescued_by),
                         "can_pay": person.can_pay},
                 params=[rate], amount=total, readings=["qing-shandong-4-person-award"])
        if not exceptions.applied(ctx, [UNABLE_TO_PAY], person, awards):
            ctx.out.charge_awards(awards, person.id, "qing-shandong:4")


def person_unable(ctx: Context, person: Person, awards) -> bool:
    """Art 4's condition for its exception: 如本人無力 — the person saved cannot pay."""
    return not person.can_pay


def unable_to_pay(ctx: Context, person: Person, awards) -> None:
    """Art 4, the exception: 如本人無力 — the local official advances it (墊給), and it is
    charged to the new customs funds (新關經費): final incidence ``customs``."""
    ctx.out.charge_awards(awards, "customs", "qing-shandong:4")
    ctx.step("unable_to_pay", "qing-shandong:4", "unable-to-pay", person=person.id, inputs={"person": person.id},
             readings=["qing-shandong-4-person-award"])

#: art 4, the exception to the person's paying (law/exceptions.py)
UNABLE_TO_PAY = Exception_("unable_to_pay", overrides="person_awards", condition=person_unable, apply=unable_to_pay)


@rule(cites=["qing-shandong:4"],
      reads=["case.vessel", "expense.amount", "expense.category", "expense.for", "expense.payee",
            "item.government", "vessel.foreign", "vessel.government"])
def castaways(ctx: Context) -> None:
    """Art 4: castaways are sent home; a foreigner with no consul to hand him to gets his
    journey money (盤用) from the commerce bureau (通商局, the provincial government)."""
    send_castaways_home(ctx, "qing-shandong:4", expense_categories(ctx)["passage"], "qing-shandong-4-castaways")
