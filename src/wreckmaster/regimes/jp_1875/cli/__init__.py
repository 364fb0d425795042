"""The commands of jp-1875 (`sea-protest`, `settlement`): Typer adapters the CLI adds (``Regime.commands``),
never imported by the rules."""
