"""The commands of jp-village-ferry (`average`, `check-baggage`): Typer adapters the CLI adds
(``Regime.commands``), never imported by the rules."""
