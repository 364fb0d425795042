"""Code the two Qing regimes (qing-shandong, qing-taiwan) share: not a regime itself (the
registry skips packages whose name starts with ``_``).

The rules stay in each regime's own modules, with their literal citations (``coverage``
finds the rules by them) and the docstrings quoting their articles; what is here does the
work both texts describe alike and takes the citations and readings it writes from the
regime's rule that calls it; the sentences are templates (``messages.yaml``): those both texts
word alike here, the others in each regime's own, under the same ids.

- :mod:`.common` — owners, the items saved, the first report, the coast, honours, expense
  categories.
- :mod:`.first_report` — the first reporter's reward (花紅).
- :mod:`.awards` — the facts a goods award needs, the consul's valuation, castaways.
- :mod:`.stations` — the case's segment and its length.
- :mod:`.documents` — the county's report (稟, ``county-report``).
"""
from pathlib import Path

from wreckmaster.law.contributes import Document, DocumentWords

#: the county's report, a document of both (qing-shandong art 5)
COUNTY_REPORT = Document("county-report", ("zh", "en"), f"{__name__}.documents:county_report",
                         "稟 the county’s report (qing-shandong art 5)", templates=Path(__file__).parent / "templates")
WORDS = DocumentWords(notice_title="告示")

