"""A clone carries its contract: docs/spec/ is a copy of ../shared/spec/ (SCENARIO.md, CASE.md,
AVERAGE.md). Where the shared folder is present (the project's machines and CI), the copy must
be the same, byte for byte; elsewhere the copy itself is the contract."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COPY = ROOT / "docs" / "spec"
SHARED = ROOT.parent / "shared" / "spec"
NAMES = ["SCENARIO.md", "CASE.md", "AVERAGE.md"]


@pytest.mark.parametrize("name", NAMES)
def test_the_clone_has_its_contract(name):
    text = (COPY / name).read_text(encoding="utf-8")
    assert text.startswith("# "), f"docs/spec/{name} is not the contract's text"


@pytest.mark.parametrize("name", NAMES)
def test_the_copy_is_the_shared_contract(name):
    shared = SHARED / name
    if not SHARED.is_dir():
        return  # a clone without ../shared: the copy is the contract (checked above)
    assert (COPY / name).read_bytes() == shared.read_bytes(), (
        f"docs/spec/{name} differs from ../shared/spec/{name}: copy it again (cp ../shared/spec/*.md docs/spec/)")
