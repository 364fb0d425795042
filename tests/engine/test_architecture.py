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


def _adapter(path: Path) -> bool:
    """A regime's own commands (``regimes/<pkg>/cli/``, declared in ``Regime.commands``) are CLI adapters:
    only the CLI imports them (test_assessing_loads_no_adapter checks that assessing never does)."""
    rel = path.relative_to(ROOT / "src" / "wreckmaster")
    return rel.parts[0] == "regimes" and "cli" in rel.parts[2:-1]


def test_core_modules_do_not_import_adapters():
    offenders = []
    for folder in CORE:
        for path in folder.rglob("*.py"):
            if _adapter(path):
                continue
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


# --- issue 22: nothing outside regimes/ knows a regime by its id ---------------------------------------
SRC = ROOT / "src" / "wreckmaster"


def _regime_ids() -> list[str]:
    from wreckmaster.law import regime

    return regime.available()


def _names_a_regime(text: str, ids: list[str]) -> bool:
    """A literal that is a regime id or one of its citations (``x``, ``x:24``), a regime package's import
    path, or a template's quoted id."""
    import re

    return any(text == i or text.startswith(i + ":") for i in ids) or bool(
        re.search(r"wreckmaster\.regimes\.[a-z]", text))


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def regime_literals(root: Path, ids: list[str]) -> list[str]:
    """Each place under ``root`` (outside ``regimes/``) whose code names a regime: a string literal that is
    an id or a citation of one, an import of a regime package, a template's quoted id. Prose (docstrings,
    comments, help sentences that mention a regime) is not code."""
    import re

    found = []
    for path in sorted(root.rglob("*.py")):
        if "regimes" in path.relative_to(root).parts[:1]:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                    and _names_a_regime(node.value, ids):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value!r}")
            elif isinstance(node, ast.ImportFrom) and node.module and _names_a_regime(node.module, ids):
                found.append(f"{path.relative_to(root)}:{node.lineno}: from {node.module}")
            elif isinstance(node, ast.Import):
                found += [f"{path.relative_to(root)}:{node.lineno}: import {a.name}" for a in node.names
                          if _names_a_regime(a.name, ids)]
    quoted = re.compile("['\"](" + "|".join(map(re.escape, ids)) + ")(:[^'\"]*)?['\"]")
    for path in sorted(root.rglob("*.html")):
        if "regimes" in path.relative_to(root).parts[:1]:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line):
                found.append(f"{path.relative_to(root)}:{n}: {quoted.search(line).group(0)}")
    return found


def test_no_regime_id_outside_the_regimes():
    """Issue 22: the shared modules ask the registry (``Regime`` declares its documents, words, notice
    events, classes, map layers and commands); no code outside ``regimes/`` names a regime."""
    offenders = regime_literals(SRC, _regime_ids())
    assert not offenders, "\n".join(offenders)


def test_the_regime_id_check_finds_what_it_looks_for(tmp_path):
    """The check above can fail: a literal id, a citation, an import and a template's id are found, a
    docstring and a help sentence are not."""
    (tmp_path / "mod.py").write_text(
        '"""About jp-1875 (prose)."""\n'
        'from wreckmaster.regimes.jp_1875 import claims\n'
        'X = "jp-1875"\n'
        'Y = ("jp-1899:10.1",)\n'
        'HELP = "a regime id, e.g. jp-1875"\n', encoding="utf-8")
    (tmp_path / "page.html").write_text("{{ fmt_date(d, lang, 'qing-shandong') }}\n", encoding="utf-8")
    found = regime_literals(tmp_path, ["jp-1875", "jp-1899", "qing-shandong"])
    assert [f.split(": ", 1)[1] for f in found] == [
        "from wreckmaster.regimes.jp_1875", "'jp-1875'", "'jp-1899:10.1'", "'qing-shandong'"], found


def regime_keys_in_data(root: Path, ids: list[str]) -> list[str]:
    """Each place in a YAML data file under ``root`` (outside ``regimes/``) that selects by a regime: a
    key, or a value (in a list or of a key), that is a registered regime's id. Comments and prose that
    mention a regime (a ``source:`` sentence) are not data that selects."""
    import yaml

    found: list[str] = []

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ids:
                    found.append(f"{where}: key {key!r}")
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for n, value in enumerate(node):
                walk(value, f"{where}[{n}]")
        elif node in ids:
            found.append(f"{where}: {node!r}")

    for path in sorted(root.rglob("*.yaml")):
        if "regimes" in path.relative_to(root).parts[:1]:
            continue
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), str(path.relative_to(root)))
    return found


def test_no_regime_id_in_the_shared_data():
    """Issue 22: the shared data (``geo/data``: the regions' boxes, the gazetteer, the offices; the
    engine's fields and labels) keys nothing by a regime; a regime declares the regions it applies in
    and names the file of its station registers (``MapLayers``)."""
    offenders = regime_keys_in_data(SRC, _regime_ids())
    assert not offenders, "\n".join(offenders)


def test_the_data_check_finds_what_it_looks_for(tmp_path):
    """The check above can fail: a regime id as a key, in a list and as a value is found; a comment,
    a sentence naming it and a regime's own folder are not."""
    (tmp_path / "geo").mkdir()
    (tmp_path / "geo" / "regions.yaml").write_text(
        "# japan: for jp-1875 (a comment)\n"
        "regions:\n"
        "  japan: {box: [1, 2, 3, 4], regimes: [jp-1875, jp-1899]}\n"
        "registers:\n"
        "  qing-shandong: [{id: a, source: 'qing-shandong art 1 (prose)'}]\n"
        "default: jp-1899\n", encoding="utf-8")
    (tmp_path / "regimes" / "jp_1875").mkdir(parents=True)
    (tmp_path / "regimes" / "jp_1875" / "data.yaml").write_text("jp-1875: [jp-1875]\n", encoding="utf-8")
    found = regime_keys_in_data(tmp_path, ["jp-1875", "jp-1899", "qing-shandong"])
    assert [f.split(": ", 1)[1] for f in found] == ["'jp-1875'", "'jp-1899'", "key 'qing-shandong'", "'jp-1899'"], found


def test_cli_io_is_a_leaf():
    """Issue 22: ``cli/io.py`` (files, standard input and output, exit codes) is imported by the commands
    and imports none of the CLI's modules, so no circle runs through it."""
    tree = ast.parse((SRC / "cli" / "io.py").read_text(encoding="utf-8"))
    imported = [n.module or "." for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (
        n.level or (n.module or "").startswith("wreckmaster.cli"))]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
                 if a.name.startswith("wreckmaster.cli")]
    assert not imported, imported


#: a module that passes the assessment's calls on (jp-1899-2025 runs jp-1899's rules through a wrapper
#: that rewrites their citations and characters): it writes no sentence of its own
PASSES_ON = {SRC / "regimes" / "jp_1899_2025" / "chapter_one.py"}


def _sentences_in_code(path: Path, root: Path = SRC) -> list[str]:
    """Where a module writes a step or a deadline itself (``…out.step(…)``, ``…out.deadline(…)``,
    ``Later(…)``) instead of by template (``ctx.step``, ``ctx.deadline``: issue 22, prose at the edge)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in ("step", "deadline") and isinstance(f.value, ast.Attribute) \
                and f.value.attr == "out" or isinstance(f, ast.Name) and f.id == "Later":
            found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_regimes_write_their_steps_and_duties_by_template():
    """Issue 22: steps and duties carry a template id and its values; the sentences are the regime's
    messages.yaml. A rule that writes ``ctx.out.step(rule, cites, "a sentence", "une phrase")`` fails here."""
    found = [where for path in sorted((SRC / "regimes").rglob("*.py")) if path not in PASSES_ON
             for where in _sentences_in_code(path)]
    assert found == []


def test_the_template_check_finds_a_sentence_in_code(tmp_path):
    module = tmp_path / "rule.py"
    module.write_text('def r(ctx):\n    ctx.out.step("r", "x:1", "a sentence", "une phrase")\n'
                      '    ctx.step("r", "x:1", "by-template", item="a")\n', encoding="utf-8")
    assert _sentences_in_code(module, tmp_path) == ["rule.py:2"]
