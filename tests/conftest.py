"""Shared test helpers: run the real CLI entry point, assess a scenario dict."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "wreckmaster"

# Every citation an assessment interns is resolved at once (law/assessment.py, STRICT_CITATIONS): a
# citation with a typo fails in the test that makes it (the processes the tests start inherit it).
os.environ["WRECKMASTER_STRICT_CITATIONS"] = "1"

# The data folder (the secret's key file, the seals' checkpoints: CASE.md 1.1) is this test
# session's own, never the user's (every process the tests start inherits it).
if not os.environ.get("WRECKMASTER_TEST_DATA_HOME_KEEP"):
    import tempfile

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="wm-test-data-")


#: The test users' passwords, in this one place: long enough for the password policy
#: (``store/passwords.py``: 12 code points at least, not a common password, not the name).
PASSWORD = "umi no hi, kaigan no kaze"          # a clerk's (tanaka's and most tests')
PASSWORD_2 = "kaigan ni nami ga kuru 2"         # a supervisor's (suzuki's), or a second user's
PASSWORD_3 = "betsu no yakuba no hito"          # a user of another office
NEW_PASSWORD = "atarashii himitsu no kotoba"    # set by `user password`


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run the installed ``wreckmaster`` entry point, as a user would."""
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([str(EXE), *args], capture_output=True, text=True, input=stdin, cwd=ROOT, env=env)


def assess_doc(doc: dict, as_of: date | None = None):
    """Validate and assess a scenario document in-process."""
    from wreckmaster.law import regime as registry
    from wreckmaster.law.scenario import validate

    scenario = validate(doc, set(registry.available()))
    return registry.get(scenario.regime).assess(scenario, as_of or scenario.as_of or date.today())


def assess_json(doc: dict, as_of: date | None = None) -> dict:
    return json.loads(json.dumps(assess_doc(doc, as_of).to_json()))


#: the output lists whose entries cite articles (SCENARIO.md)
CITING = ("awards", "charges", "deadlines", "findings", "merits", "explanation")


def laws_not_regimes() -> set[str]:
    """The laws cited that are no regime (law/citations.py: a ``rules.yaml`` outside regimes/ that
    begins ``regime: <id>``, as average/rules.yaml the York-Antwerp Rules)."""
    return {p.read_text(encoding="utf-8").split("\n", 1)[0].removeprefix("regime: ")
            for p in (ROOT / "src" / "wreckmaster").glob("*/rules.yaml")}


def assert_cites_and_readings(out: dict, regime: str) -> None:
    """The one check of an assessment's citations and readings (issue 22; every regime's tests and
    tests/engine/test_registry.py use it): every entry cites articles that resolve, of ``regime``
    or of a law that is no regime; every step cites, has its text in English and in the case's
    language, and names only readings ``regime``'s articles.yaml records with question, reading
    and reason."""
    from wreckmaster.law import citations

    known = citations.readings(regime)
    laws = {regime} | laws_not_regimes()
    for key in CITING:
        for entry in out[key]:
            for c in entry["cites"]:
                assert citations.parse(c).regime in laws, (key, entry)
                citations.resolve(c)
    for s in out["explanation"]:
        assert s["cites"] and s["text"] and s.get("text_local"), s
        for r in s.get("readings", []):
            assert r in known, (s["rule"], r)
            assert all(known[r].get(k) for k in ("question", "reading", "reason")), r


def changed(doc: dict, path: str, value=None, delete: bool = False) -> dict:
    """A deep copy of ``doc`` with the value at JSON pointer ``path`` replaced (or deleted)."""
    import copy

    doc = copy.deepcopy(doc)
    *parents, last = path.strip("/").split("/")
    node = doc
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    key = int(last) if isinstance(node, list) else last
    if delete:
        del node[key]
    else:
        node[key] = value
    return doc


@pytest.fixture
def write_scenario(tmp_path):
    def write(doc: dict | str, name: str = "case.json") -> str:
        p = tmp_path / name
        p.write_text(doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        return str(p)

    return write
