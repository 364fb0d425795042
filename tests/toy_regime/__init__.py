"""toy-1900: a FICTIONAL regime of three articles that lives only under tests/ (issue 22's proof).
Importing this package registers nothing: ``law.py`` registers the regime (as a plug-in's module
named under the entry point group ``wreckmaster.regimes`` would)."""
