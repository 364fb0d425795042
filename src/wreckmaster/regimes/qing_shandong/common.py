"""What several qing-shandong rules share: owners, the first report, the coast, honours.

The code is the same in both Qing regimes and lives in ``regimes/_qing/common.py``; this
module re-exports it, and reads the expense categories from this regime's ``parameters.yaml``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wreckmaster.law.values import exact_text as tael

from .._qing import common as qing
from .._qing.common import (
    case_segment, coast, first_report, honour, item_owner, saved_items, segment_label, something_saved,
)

__all__ = ["case_segment", "coast", "expense_categories", "first_report", "honour", "item_owner", "saved_items",
           "segment_label", "something_saved", "tael"]

HERE = Path(__file__).parent


def expense_categories() -> dict[str, dict[str, Any]]:
    """Expense category → its article and what it is (parameters.yaml)."""
    return qing.expense_categories(HERE)
