"""wreckmaster: the law of rescue at sea, wrecks and salvage.

The law engine (``wreckmaster.law``) and the regimes (``wreckmaster.regimes``) are a pure
core; the CLI (``wreckmaster.cli``) and file reading (``wreckmaster.files``) are adapters.
"""
__version__ = "0.1.0"
