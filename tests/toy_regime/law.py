"""toy-1900 — a FICTIONAL law of three articles that lives only under tests/ (issue 22's proof).

A regime outside ``wreckmaster.regimes``, as a plug-in's would be: it registers itself when
imported (this module; ``__init__`` registers nothing, so collecting the tests does not), and
everything it contributes is declared here or in this folder (``articles.yaml``,
``parameters.yaml``, ``events.yaml``, ``messages.yaml``, ``documents.py``, ``templates/``). The
tests register it (``test_toy_regime.py``'s fixture) and forget it afterwards, so the other
tests see the seven regimes of the package only. Art 1: the find declared within three days
(its own event ``toy_declared``); art 2: the owner's thirty days from the posting (the notice
board); art 3: the finder's tenth. Amounts in French francs. Its calendar: Gregorian dates without an
era, and the town hall's closed days (art 1 ¶3) as its holidays.
"""
from pathlib import Path

from wreckmaster.law.contributes import Calendar, Document, DocumentWords
from wreckmaster.law.money import FRF
from wreckmaster.law.regime import Regime, register

from . import rules

FOLDER = Path(__file__).parent

REGIME = register(Regime(
    id="toy-1900",
    folder=FOLDER,
    currency=FRF,
    language="fr",
    rules=[rules.declaration, rules.claim_period, rules.finder_reward],
    claim_until=rules.claim_until,
    notice_articles=("toy-1900:2.1", "toy-1900:2.1"),
    documents=["notice", Document("toy_receipt", ("fr", "en", "ja"), f"{__package__}.documents:toy_receipt",
                                  "récépissé de déclaration (toy-1900 art 1)", templates=FOLDER / "templates")],
    words=DocumentWords(notice_title="Avis", notice_cite="toy-1900:2.1"),
    office_head="mayor",
    calendar=Calendar(holidays=rules.holiday),   # art 1 ¶3: Sundays and feast days; Gregorian dates, no era
))
