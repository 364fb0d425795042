"""The law engine is a pure core: no CLI, web, terminal or database imports inside it."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT

CORE = [ROOT / "src" / "wreckmaster" / "law", ROOT / "src" / "wreckmaster" / "regimes", ROOT / "src" / "wreckmaster" / "average",
        ROOT / "src" / "wreckmaster" / "ledger"]   # issue 28: the ledger across cases is pure too
FORBIDDEN = {"typer", "click", "rich", "fastapi", "starlette", "flask", "sqlalchemy", "sqlite3", "psycopg",
             "wreckmaster.cli", "wreckmaster.files",
             "pydantic"}   # the core reads its records itself (law/records.py: start-up, issue 16); the service has pydantic


def test_core_modules_do_not_import_adapters():
    offenders = []
    for folder in CORE:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
                for name in names:
                    if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                        offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders


def test_assessing_loads_no_adapter():
    code = (
        "import sys\n"
        "from wreckmaster.law import regime\n"
        "for r in regime.all_regimes(): pass\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r} or m.startswith('wreckmaster.cli'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout
