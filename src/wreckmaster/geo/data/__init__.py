"""Data shipped with wreckmaster.geo: regions, the historical gazetteer, station registers, offices (docs/coast.md)."""
