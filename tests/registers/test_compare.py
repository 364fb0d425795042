"""`wreckmaster compare`: each regime's assessment is exactly assess's; nothing converted silently."""
from __future__ import annotations

import json

import yaml

from tests.conftest import ROOT, run_cli

CASE = ROOT / "examples/jp-1875-wreck-of-the-sumiyoshi-maru.yaml"


def test_each_result_is_assess_json_of_the_scenario_with_the_regime_replaced(tmp_path):
    r = run_cli("compare", str(CASE), "--regimes", "jp-1875,qing-shandong", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["format"] == "wreckmaster.comparison/1"
    assert [x["regime"] for x in out["results"]] == ["jp-1875", "qing-shandong"]
    assert "not converted" in out["note"]
    for res in out["results"]:
        doc = yaml.safe_load(CASE.read_text(encoding="utf-8"))
        doc["regime"] = res["regime"]
        if res["hypothetical"]:
            doc["case"]["hypothetical"] = True
        f = tmp_path / f"{res['regime']}.json"
        f.write_text(json.dumps(doc, default=str, ensure_ascii=False), encoding="utf-8")
        assert res["assessment"] == json.loads(run_cli("assess", str(f), "--format", "json").stdout)
        # the per-party view adds up the assessment's own awards
        awarded = sum(float(a["amount"]) for a in res["assessment"]["awards"])
        listed = sum(float(v) for p in res["parties"].values() for v in p["awarded"].values())
        assert abs(awarded - listed) < 1e-9
        assert res["verdict"].startswith(res["regime"])


def test_a_regime_outside_its_period_runs_as_hypothetical_and_says_so():
    # a Meiji wreck of the 1870s under the French wartime law (1914–1920): outside its period
    r = run_cli("compare", str(CASE), "--regimes", "fr-epaves", "--format", "json")
    res = json.loads(r.stdout)["results"][0]
    assert res["hypothetical"] is True
    assert any(f["code"] == "out-of-temporal-scope" and f["severity"] == "warning"
               for f in res["assessment"]["findings"])
    assert "hypothetical" in res["verdict"]


def test_rates_convert_only_with_the_users_cited_rates(tmp_path):
    rates = tmp_path / "rates.yaml"
    rates.write_text('rates: [{from: TAEL, to: JPY, rate: "3/2", on: 1880-01-01, source: "my own table"}]\n',
                     encoding="utf-8")
    r = run_cli("compare", str(CASE), "--regimes", "jp-1875,qing-shandong", "--rates", str(rates), "--format", "json")
    out = json.loads(r.stdout)
    assert out["rates"] == [{"from": "TAEL", "to": "JPY", "rate": "3/2", "on": "1880-01-01", "source": "my own table"}]
    qing = out["results"][1]
    for party, sides in qing["parties"].items():
        taels = sum(float(v) for c, v in sides["awarded"].items() if c == "TAEL")
        assert abs(float(qing["converted"]["parties"][party]["awarded"]) - taels * 1.5) < 0.01
    bad = tmp_path / "bad.yaml"
    bad.write_text('rates: [{from: TAEL, to: JPY, rate: "1.5", on: 1880-01-01}]\n', encoding="utf-8")
    r = run_cli("compare", str(CASE), "--rates", str(bad))
    assert r.returncode == 2 and r.stderr == f"error: {bad}: /rates/0/source: required: a rate is the user's own, " \
                                             "with its date and source\n"


def test_unknown_regime_is_bad_input():
    r = run_cli("compare", str(CASE), "--regimes", "jp-1875,atlantis")
    assert r.returncode == 2 and "atlantis" in r.stderr and r.stdout == ""


def test_table_names_every_regime_and_a_verdict_each():
    r = run_cli("compare", str(CASE), "--regimes", "jp-1875,jp-1899")
    assert r.returncode == 0, r.stderr
    assert "Verdicts:" in r.stdout and "• jp-1875" in r.stdout and "• jp-1899" in r.stdout
