"""The officials' ledger across cases (issue 28; docs/ledger.md): merits, honours, faults and
punishments as the Qing regulations keep them, derived from the cases, never typed in."""
from .derive import FORMAT, CaseFacts, Person, derive, lines_of_assessment

__all__ = ["FORMAT", "CaseFacts", "Person", "derive", "lines_of_assessment"]
