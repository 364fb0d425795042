"""fr-epaves — French law on the salvage of wrecks (épaves) during the First World War.

Arts 1–5: stranded vessels (art 1), the declaration of finds (art 2), the public sale
(art 3), the salvor's remuneration and its payment (art 4), the territories (art 5); the
whole for the war and the six months after the cessation of hostilities. One module per
concept; each rule cites its articles (``articles.yaml``) and reads its numbers from
``parameters.yaml``. Amounts in French francs, exact to the centime.
"""
from pathlib import Path

from wreckmaster.law.money import FRF
from wreckmaster.law.contributes import Calendar, Document, DocumentWords, MapLayers
from wreckmaster.law.regime import Regime, register

from . import declaration, proceeds, refloating, sale, salvor, scope

REGIME = register(Regime(
    id="fr-epaves",
    folder=Path(__file__).parent,
    currency=FRF,
    language="fr",
    rules=[
        scope.territory,               # art 5
        scope.temporal_scope,          # arts 1 ¶1, 2 ¶1 (the war and six months)
        refloating.refloating,         # art 1
        declaration.declaration,       # art 2
        sale.public_sale,              # art 3
        salvor.salvor_award,           # art 4 ¶2
        proceeds.incidence,            # art 4 ¶1, ¶3
    ],
    documents=["statement", "notice", *(
        Document(name, ("fr", "en"), f"{__name__}.documents:{name}", title, needs_party=False,
                 templates=Path(__file__).parent / "templates") for name, title in (
            ("declaration", "déclaration d’épave (fr-epaves art 2)"),
            ("receipt", "récépissé de déclaration (fr-epaves art 2)")))],
    words=DocumentWords(notice_title="Avis", lettered_items=True),   # art 4: "a) 40 p. 100 …", "b) 30 p. 100 …"
    map_layers=MapLayers(regions=("france", "algeria"),   # France, and Algeria (art 5)
                          one_mile_line=True),    # art 4: within one mile of the coast
    office_head="administrator",
    # art 2: each wreck's declaration runs from its own find or landing; only a stranding has a
    # deadline of no item (art 1's twenty days) — reading fr-epaves-item-by-item
    assessed_by_item=("wreck", "jettison", "drift"),
    calendar=Calendar(),   # Gregorian dates without an era, no holidays (the default, said here)
))
