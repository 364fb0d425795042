"""The light way in: ``wreckmaster assess FILE [--as-of D] [--format json|table] [--explain]``
without importing Typer (issue 16, start-up).

:func:`fast_assess` recognises only that plain form; for anything else (another command,
``--help``, ``-`` for standard input, an option it does not know, a repeated option, a bad
``--format`` value, ``--``) it returns ``None`` and :func:`wreckmaster.cli.main.run` hands
the arguments to the Typer application, which answers exactly as before. In the plain form
it calls :func:`wreckmaster.cli.assess_core.assess`, the same function as the Typer
``assess`` command, so output, ``error:`` lines and exit status are the same.
"""
from __future__ import annotations

import sys
from typing import Optional, Sequence

_VALUED = ("--as-of", "--format")


def parse(args: Sequence[str]) -> Optional[dict]:
    """The plain ``assess`` arguments as keyword arguments, or None to leave them to Typer."""
    if not args or args[0] != "assess":
        return None
    found: dict = {"file": None, "as_of": None, "format": "table", "explain": False}
    seen: set[str] = set()
    rest = list(args[1:])
    i = 0
    while i < len(rest):
        arg = rest[i]
        name, value = arg, None
        if arg.startswith("--") and "=" in arg:
            name, value = arg.split("=", 1)
        if name in _VALUED:
            if value is None:
                if i + 1 >= len(rest) or rest[i + 1].startswith("-"):
                    return None
                value = rest[i + 1]
                i += 1
            key = name[2:].replace("-", "_")
            if name in seen:
                return None
            seen.add(name)
            found[key] = value
        elif arg == "--explain":
            if arg in seen:
                return None
            seen.add(arg)
            found["explain"] = True
        elif arg.startswith("-") or found["file"] is not None:
            return None          # "-" (standard input), "--", --help, an unknown option, a second FILE
        else:
            found["file"] = arg
        i += 1
    if found["file"] is None or found["format"] not in ("table", "json"):
        return None
    return found


def fast_assess(args: Sequence[str]) -> Optional[int]:
    """Run the plain ``assess`` form and return its exit status, or None when it does not apply."""
    kwargs = parse(args)
    if kwargs is None:
        return None
    from .assess_core import assess

    try:
        assess(**kwargs)
    except (KeyboardInterrupt, EOFError):
        print("error: wreckmaster: aborted", file=sys.stderr)   # as Click's Abort in the Typer app
        return 1
    except Exception as exc:
        from typer.exceptions import Exit  # only on the error path: fail() raised it

        if isinstance(exc, Exit):
            return exc.exit_code
        raise
    return 0
