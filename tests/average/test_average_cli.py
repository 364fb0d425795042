"""`wreckmaster average` through the real entry point."""
from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

from tests.conftest import ROOT, run_cli

EXAMPLES = sorted((ROOT / "examples" / "average").glob("*.yaml"))
CONTRACT = {"format", "currency", "adjusted_on", "commission", "interest", "total", "rate", "rate_percent", "interests"}


def test_examples_exist():
    assert EXAMPLES


def test_json_output_follows_average_md():
    for path in EXAMPLES:
        r = run_cli("average", str(path), "--format", "json")
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert CONTRACT <= set(out)
        assert out["format"] == "wreckmaster.adjustment/1"
        for i in out["interests"]:
            assert set(i) == {"id", "contributory_value", "contribution", "allowance", "balance"}
        assert sum(Decimal(i["balance"]) for i in out["interests"]) == 0
        assert sum(Decimal(i["contribution"]) for i in out["interests"]) == Decimal(out["total"])
        total = sum(Decimal(i["contributory_value"]) for i in out["interests"])
        assert Fraction(out["rate"]) == Fraction(Decimal(out["total"])) / Fraction(total)
        assert out["rate_percent"].endswith("%")


def test_table_and_statement():
    path = ROOT / "examples" / "average" / "mishima-maru-port-of-refuge.yaml"
    r = run_cli("average", str(path))
    assert r.returncode == 0, r.stderr
    assert "2893017" in r.stdout and "yar-1974:XX" in r.stdout
    r = run_cli("average", str(path), "--explain")
    assert r.returncode == 0, r.stderr
    for heading in ("SCHEDULE OF ALLOWANCES", "SCHEDULE OF CONTRIBUTORY VALUES", "RATE OF CONTRIBUTION",
                    "APPORTIONMENT AND BALANCES", "RULES CITED"):
        assert heading in r.stdout
    # the rules named in the input's `rule` fields are cited and resolved with their titles
    for title in ("yar-1974:I — Rule I (Jettison of Cargo)", "yar-1974:V — Rule V (Voluntary Stranding)",
                  "yar-1974:VI — Rule VI (Salvage Remuneration)", "yar-1974:X — Rule X",
                  "yar-1974:XI — Rule XI", "yar-1974:XVII — Rule XVII (Contributory Values)",
                  "yar-1974:XX — Rule XX (Provision of Funds)", "yar-1974:XXI — Rule XXI"):
        assert title in r.stdout, title
    assert "2,893,017" in r.stdout
    assert "yar-1974-XX-rounding" in r.stdout


def test_json_explain_adds_the_statement():
    path = ROOT / "examples" / "average" / "usd-cargo-liner.yaml"
    r = run_cli("average", str(path), "--format", "json", "--explain")
    out = json.loads(r.stdout)
    assert any("RATE OF CONTRIBUTION" in line for line in out["statement"])
    assert out["schedule"][0]["cites"] == ["yar-1974:III", "yar-1974:XXI"]


def test_help_documents_exit_status_and_rounding():
    r = run_cli("average", "--help")
    assert r.returncode == 0
    assert "Exit status" in r.stdout and "largest remainder" in r.stdout
