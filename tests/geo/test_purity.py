"""The engine takes only facts: no module of the core imports geometry or wreckmaster.geo."""
from __future__ import annotations

import ast
import subprocess
import sys

from ..conftest import ROOT

CORE = [ROOT / "src" / "wreckmaster" / p for p in ("law", "regimes", "average")]
GEOMETRY = ("wreckmaster.geo", "shapely", "pyproj", "roaring_landmask", "numpy")


def test_core_does_not_import_geometry():
    offenders = []
    for folder in CORE:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                    [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
                offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names
                              if any(n == g or n.startswith(g + ".") for g in GEOMETRY)]
    assert not offenders, offenders


def test_reading_a_scenario_without_positions_loads_no_geometry(tmp_path):
    f = ROOT / "examples" / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml"
    code = ("import sys\nfrom wreckmaster.files import load_scenario\n"
            f"load_scenario({str(f)!r})\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('shapely', 'pyproj', 'roaring_landmask')"
            " or m.startswith('wreckmaster.geo')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
