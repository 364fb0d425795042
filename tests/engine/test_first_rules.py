"""Issue 22: the engine's first rules (time and the period in force, law/scope.py) make no import
circle with the registry (law/regime.py)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT


def _imports_inside_functions(path: Path) -> list[str]:
    """The modules a file imports inside its functions (the sign of an import circle worked around)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    out += [f"{'.' * inner.level}{inner.module or ''}:{a.name}" for a in inner.names]
    return out


def test_regime_and_scope_make_no_circle():
    """Issue 22: time and the period in force are the engine's first rules (law/scope.py); the
    registry imports them at the top, and scope needs nothing of the registry to be imported."""
    law = ROOT / "src" / "wreckmaster" / "law"
    inside = _imports_inside_functions(law / "regime.py")
    assert not [i for i in inside if i.split(":")[1] in ("scope", "asof") or i.startswith((".scope", ".asof"))], inside
    code = "import sys\nimport wreckmaster.law.scope\nprint('wreckmaster.law.regime' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
