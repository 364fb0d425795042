"""General average under the York-Antwerp Rules 1974 (AVERAGE.md; jp-village-ferry art 23).

- ``rules.yaml`` — the Rules as citation data (``yar-1974:A``, ``yar-1974:XVII`` …), with
  the readings chosen (commission base, interest, rounding, apportionment);
- ``parameters.yaml`` — the rates (2 % commission, Rule XX; 7 % interest, Rule XXI);
- ``currencies.yaml`` — the smallest unit of each currency (ISO 4217 minor units);
- :mod:`.model` — the input ``wreckmaster.average/1`` and its validation (JSON pointers);
- :mod:`.adjust` — the adjustment ``wreckmaster.adjustment/1``;
- :mod:`.statement` — the adjuster's statement (``wreckmaster average --explain``).

Engine code only: no files, no terminal (the CLI is ``wreckmaster.regimes.jp_village_ferry.cli.average``).
"""
from pathlib import Path

from wreckmaster.law import citations

HERE = Path(__file__).parent
RULES = "yar-1974"

citations.register_source(RULES, HERE / "rules.yaml")

from .adjust import Adjustment, adjust  # noqa: E402
from .model import AverageCase, InvalidAverage, validate  # noqa: E402

__all__ = ["Adjustment", "AverageCase", "InvalidAverage", "adjust", "validate", "RULES", "HERE"]
