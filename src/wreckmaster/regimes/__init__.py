"""The regimes: one package each, registering itself with :mod:`wreckmaster.law.regime`."""
