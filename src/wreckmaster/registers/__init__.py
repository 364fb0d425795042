"""Casualty registers: many cases at once (`wreckmaster batch`): sources, column mappings, the parallel run."""
