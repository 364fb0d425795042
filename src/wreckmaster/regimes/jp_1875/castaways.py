"""Castaways drifting ashore: art 35.

第三十五条 洋中ニ於テ難破イタシ桅檣其他ノ船具ニ取附キ海岸ニ漂着致シ候者有之節ハ浦役人ヨリ一通リ取調ヘ
  相当ノ保護ヲ加ヘ置直チニ管庁ニ届出其指揮ヲ受ク可シ尤モ本人帰郷ノ旅費其他ノ手当等貸遣ハシ候節ハ
  第十三条ノ通リ追テ本人ヨリ償却セシム可シ
  (the coast official questions and protects them, reports at once to the competent office;
  travel money and other allowances lent are repaid by them later, as in art 13)
  → castaways; the loans are charged by ``costs.crew_loans``, which cites art 35 for them.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import ids, name


@rule(cites=["jp-1875:35"],
      reads=["event:persons_reported", "expense.borrower", "expense.category", "expense.date", "found.date",
            "party.name", "party.person", "person.castaway", "person.name", "vessel.name"])
def castaways(ctx: Context) -> None:
    """Art 35: every castaway reported at once to the competent office; loans repaid by him."""
    loans_of: dict[str, list[str]] = {}
    for e in ctx.scenario.expenses:
        if e.category == "crew-loan" and e.borrower:
            loans_of.setdefault(e.borrower, []).append(e.id)
    for person in ctx.scenario.persons:
        if not person.castaway:
            continue
        ev = ctx.scenario.first("persons_reported", persons=person.id)
        loans = loans_of.get(person.id, [])
        if ev is None:
            ctx.finding("warning", "castaway-not-reported", "jp-1875:35", person=str(name(ctx, person.id)))
        ctx.step("castaways", "jp-1875:35", "castaway-protected", person=name(ctx, person.id), person_id=person.id,
                 reported=ev.date if ev else None, loans=ids(loans), readings=["jp-1875-35-castaways"],
                 variant=("reported" if ev else "not-reported") + ("-with-loans" if loans else ""))
