"""Tables never cut a citation, a name or an amount (issue 10, point 13), and a deadline met
late says why (point 14)."""
from __future__ import annotations

import json
import os
import subprocess
import unicodedata
from pathlib import Path

import pytest

from ..conftest import EXE, ROOT, run_cli

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


def table_at(path: Path, columns: int) -> str:
    env = {**os.environ, "COLUMNS": str(columns)}
    out = subprocess.run([str(EXE), "assess", str(path)], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("columns", [80])
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_tables_fit_and_cut_nothing(path, columns):
    text = table_at(path, columns)
    lines = text.splitlines()
    assert all(width(line) <= columns for line in lines), [line for line in lines if width(line) > columns][:3]
    cut = [cell for line in lines if line.startswith(("│", "┃")) for cell in line.split("│")
           if cell.rstrip().endswith("…")]   # Rich marks a cut cell with a final ellipsis
    assert not cut, cut
    data = json.loads(run_cli("assess", str(path), "--format", "json").stdout)
    cells = {cell.strip() for line in lines for cell in line.split("│")}
    for section in ("awards", "charges", "deadlines", "findings", "merits"):
        for entry in data[section]:
            for cite in entry["cites"]:   # whole, on a line of its own in the cites column
                assert cite in cells, (section, cite)
            if "amount" in entry:
                assert f"{entry['amount']} {entry['currency']}" in cells, (section, entry["amount"])


def test_names_in_the_body_ids_in_the_key():
    text = table_at(ROOT / "examples" / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml", 200)
    assert "kerbrat (Yves" not in text           # no doubled "id (name)"
    assert "Yves Kerbrat (patron, Notre-Dame-des-Anges)" in text
    key = text[text.index("Key (ids of the case file)"):]
    assert "kerbrat" in key and "pipes-offshore" in key


def test_fr_epaves_names_the_party_of_each_deadline():
    """fr-epaves:2.1 — two salvors picked up the offshore pipes: the duty is each one's."""
    data = json.loads(run_cli("assess", str(ROOT / "examples" / "fr-epaves-port-wine-casks-plouguerneau-1917.yaml"),
                              "--format", "json").stdout)
    offshore = [d for d in data["deadlines"] if "pipes-offshore" in d["duty"]]
    assert sorted(d["party"] for d in offshore) == ["kerbrat", "le-gall"]
    late = [d for d in data["deadlines"] if d["status"] == "missed"]
    assert late and all(d.get("note") for d in late)
    assert all(d["party"] is not None for d in data["deadlines"])


def test_a_payment_completed_late_says_which_payment_came_after_which_day():
    """jp-village-ferry:20 — the Kuroshima claims: 1,200 yen on 04-25 and 33,583 yen on 04-30 were in
    time, the last 500 yen came on 05-10, after the period of grace ending 04-30."""
    data = json.loads(run_cli("assess", str(ROOT / "examples" / "jp-village-ferry-typhoon-off-kuroshima.yaml"),
                              "--format", "json").stdout)
    grace = next(d for d in data["deadlines"] if d["duty"].startswith("pay the compensation"))
    assert grace["status"] == "missed"
    assert "after the last day 2024-04-30" in grace["note"] and "on 2024-05-10 late" in grace["note"]
    finding = next(f for f in data["findings"] if f["code"] == "grace-requested")
    assert "missed: " in finding["message"] and "2024-05-10 late" in finding["message"]


def test_late_payment_note_names_payments_in_time_and_late():
    from datetime import date

    from wreckmaster.law.periods import late_payment_note

    due = date(1902, 2, 10)
    assert late_payment_note(due, [(date(1902, 2, 1), "100")], "100", "yen") is None
    assert late_payment_note(due, [(date(1902, 2, 1), "100"), (date(1902, 2, 12), "50")], "150", "yen") == (
        "the 150 yen were paid in full only on 1902-02-12, after the last day 1902-02-10: "
        "100 yen on 1902-02-01 in time, 50 yen on 1902-02-12 late")
