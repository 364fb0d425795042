"""`wreckmaster settlement` and `wreckmaster sea-protest` through the real entry point
(jp-1875 arts 19–21), and bad input for the events and fields they read."""
from __future__ import annotations

import json
from decimal import Decimal

import pytest

from ...conftest import ROOT, run_cli

TENJIN = str(ROOT / "examples" / "jp-1875-jettison-of-the-tenjin-maru.yaml")
SUMIYOSHI = str(ROOT / "examples" / "jp-1875-wreck-of-the-sumiyoshi-maru.yaml")


def settlement_json(path: str, *extra: str) -> dict:
    out = run_cli("settlement", path, "--format", "json", *extra)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("path", [TENJIN, SUMIYOSHI])
def test_settlement_totals_are_the_charges_of_the_assessment(path):
    """jp-1875:19 — the statement sorts every charge of the assessment, once, and adds up; what
    is left of the sale proceeds and goes back to the owner (art 11) is listed apart, not as a cost."""
    statement = settlement_json(path)
    assessed = json.loads(run_cli("assess", path, "--format", "json").stdout)
    charges = sorted((c["payer"], c["payee"] or "", c["for"] or "", c["amount"]) for c in assessed["charges"])
    lines = sorted((ln["payer"], ln["payee"] or "", ln["for"] or "", ln["amount"])
                   for g in statement["groups"] for ln in g["lines"])
    returned = sorted(("custody", r["payee"], "surplus", r["amount"])
                      for r in (statement["proceeds"] or {"returned": []})["returned"])
    repaid = sorted((r["payer"], r["payee"], "reimbursement", r["amount"]) for r in statement["owner_side_repayments"])
    assert sorted(lines + returned + repaid) == charges
    total = sum(Decimal(c["amount"]) for c in assessed["charges"]) - sum(Decimal(r[3]) for r in returned + repaid)
    assert Decimal(statement["total"]) == total
    assert sum(Decimal(g["total"]) for g in statement["groups"]) == total
    for g in statement["groups"]:
        assert Decimal(g["total"]) == sum((Decimal(ln["amount"]) for ln in g["lines"]), Decimal(0))
    assert sum(Decimal(r["amount"]) for r in statement["by_payer"]) == total
    assert sum(Decimal(r["amount"]) for r in statement["who_pays_whom"]) == total


def test_settlement_groups_by_article_and_shows_the_parts():
    """jp-1875:19, 20 — the Tenjin Maru: art 11 from the kelp's proceeds, art 12 thirds, art 13 loan."""
    s = settlement_json(TENJIN)
    assert s["format"] == "wreckmaster.settlement/1" and s["title"] == {"ja": "精算書", "en": "Settlement statement"}
    groups = {g["article"]: g for g in s["groups"]}
    assert [g["article"] for g in s["groups"]] == ["11", "12", "13", "15"]
    # art 11: fees 4.8 + 7.5, boats 7.5, labour 4.8, shed 1.2, crew medical 2.35 = 28.15, paid out
    # of the kelp's proceeds (84.5); the 84.5 − 28.15 = 56.35 left goes back to the kelp's owner,
    # listed apart: it is not a cost (issue 10, point 12)
    assert groups["11"]["total"] == "28.150"
    assert groups["11"]["heading"]["en"].endswith("(paid out of the sale proceeds as far as they go)")
    assert s["proceeds"]["sold_for"] == "84.500" and s["proceeds"]["costs_paid"] == "28.150"
    assert [(r["payee"], r["amount"]) for r in s["proceeds"]["returned"]] == [("omiya", "56.350")]
    # art 12: wages 1.5 + 0.9, paper 0.45, telegram 1.2 = 4.05
    assert groups["12"]["total"] == "4.050"
    assert groups["13"]["total"] == "3.000" and groups["15"]["lines"] == []
    assert s["local_public"]["amount"] == "1.350"
    assert s["status"] == {"submitted": "1877-10-05", "wreck_statement": True, "owner_present": False,
                           "approved": "1877-11-02", "deferred": [{"by": "omiya", "until": "1877-12-28"}],
                           "paid": [{"by": "izumiya", "amount": "9.275", "date": "1877-11-10"},
                                    {"by": "omiya", "amount": "1.350", "date": "1877-12-20"}]}
    assert s["deadlines"] == [{"duty": "pay 1.350 yen under the settlement returned on 1877-11-02 (days of grace)",
                               "party": "omiya", "due": "1877-12-28", "status": "met"}]
    roles = [x["role"] for x in s["signatures"]]
    assert roles.count("official") == 2 and roles.count("master") == 1 and roles.count("crew") >= 2
    assert [x["who"] for x in s["signatures"] if x["role"] == "owner"] == ["izumiya", "omiya"]


def test_settlement_text_is_a_bilingual_printable_statement():
    out = run_cli("settlement", TENJIN)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for heading in ("精算書", "Settlement statement", "難破明細書", "Wreck statement",
                    "第十一条", "Art 11", "第十二条", "Art 12", "第十三条", "Art 13", "第十五条", "Art 15",
                    "小計 subtotal", "総計 Total", "Who pays whom", "民費", "浦役人 Coast official",
                    "船長 Master", "重立乗組 Senior crew", "船主荷主", "売払代価", "凡例  Key"):
        assert heading in text, heading
    # art 11 subtotal 28.15; the costs in all 28.15 + 4.05 + 3 = 35.2; the proceeds 84.5
    assert "28.150 JPY" in text and "35.200 JPY" in text and "84.500 JPY" in text
    assert "91.550" not in text   # the surplus handed back is no cost


def test_settlement_other_charges_and_government_allowances():
    """jp-1875:16 — the Sumiyoshi Maru's allowances to rescuers are listed apart, paid by the government."""
    s = settlement_json(SUMIYOSHI)
    other = next(g for g in s["groups"] if g["article"] == "other")
    assert [(ln["payer"], ln["payee"], ln["amount"]) for ln in other["lines"]] == [
        ("government", "magoshichi", "5.000"), ("government", "yosaku", "3.000")]
    assert s["findings"] == []   # submitted, returned, paid in full


def test_sea_protest_prints_the_seven_particulars():
    """jp-1875:21 — the certificate with the law's words for items 1–7 and what it states."""
    out = run_cli("sea-protest", TENJIN)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "浦証文" in text and "Sea protest certificate" in text and "DRAFT" not in text
    for original in ("第一 難破ニ逢タル場所其時日及ヒ風波ノ摸様", "第二 破損ノ箇所", "第三 打荷ノ種類箇数並他ノ積荷ノ種類",
                     "第四 船号及ヒ免状ノ番号並船主船長ノ本貫苗字名乗組人数", "第五 荷打シタル荷物主ノ苗字名本貫",
                     "第六 仕出シ地及ヒ仕向ケ地ノ港名", "第七 乗組ノ内死傷有之トキハ其本貫苗字名年齢"):
        assert original in text, original
    assert "→ 仕出シ 函館港 仕向ケ 大坂港" in text
    assert "MISSING" not in text
    data = json.loads(run_cli("sea-protest", TENJIN, "--format", "json").stdout)
    assert data["format"] == "wreckmaster.sea-protest/1"
    assert [i["status"] for i in data["items"]] == ["stated"] * 7
    assert data["examination"] == {"master": "kihei", "master_examined": True, "crew": ["tokuzo", "sakichi"],
                                   "officials": ["suzaki", "kakisaki"], "separately": True,
                                   "accounts_agree": True, "log_compared": True}
    assert data["findings"] == []


def test_sea_protest_draft_marks_what_is_missing(write_scenario):
    """jp-1875:21 — applied for, not issued: a draft; required items missing, item 5 not required."""
    doc = {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1876-01-01",
        "case": {"occurred": "1875-11-02", "place": "遠州灘", "kind": "wreck",
                 "vessel": {"name": "某丸", "owner": "o", "master": "m"}},
        "parties": [{"id": "o", "name": "某 (owner)"}, {"id": "m", "roles": ["master"]}],
        "events": [{"type": "sea_protest_requested", "date": "1875-11-05", "by": "m"}],
    }
    out = run_cli("sea-protest", write_scenario(doc))
    assert out.returncode == 0, out.stderr
    assert "DRAFT" in out.stdout and "[MISSING — required]" in out.stdout and "[not required here]" in out.stdout
    assert "(from the scenario: 遠州灘, 1875-11-02)" in out.stdout
    data = json.loads(run_cli("sea-protest", write_scenario(doc), "--format", "json").stdout)
    assert [i["status"] for i in data["items"]] == ["missing"] * 4 + ["not-required", "missing", "not-required"]
    codes = [f["code"] for f in data["findings"]]
    assert "sea-protest-pending" in codes and "sea-protest-master-not-examined" in codes


@pytest.mark.parametrize("command", ["settlement", "sea-protest"])
def test_commands_refuse_other_regimes_and_bad_input(command, write_scenario):
    other = {"format": "wreckmaster.scenario/1", "regime": "jp-1899",
             "case": {"occurred": "1900-01-01", "kind": "wreck"}}
    out = run_cli(command, write_scenario(other))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: /regime: ")
    missing = run_cli(command, "no/such/file.yaml")
    assert missing.returncode == 2 and missing.stderr == "error: no/such/file.yaml: no such file\n"
    fmt = run_cli(command, TENJIN, "--format", "xml")
    assert fmt.returncode == 2 and fmt.stderr.startswith("error: --format: ")
    help_ = run_cli(command, "--help")
    assert help_.returncode == 0 and "Example" in help_.stdout


BAD = [
    ({"type": "payment_deferred", "date": "1876-01-01", "by": "o"}, "/events/0/until"),
    ({"type": "payment_deferred", "date": "1876-01-01", "by": "nobody", "until": "1876-02-01"}, "/events/0/by"),
    ({"type": "theft", "date": "1876-01-01", "by": "o", "part": "boss"}, "/events/0/part"),
    ({"type": "sold", "date": "1876-01-01", "item": "x", "price": "1", "bids_offered": -1}, "/events/0/bids_offered"),
    ({"type": "sold", "date": "1876-01-01", "item": "x", "price": "1", "tender": "yes"}, "/events/0/tender"),
    ({"type": "examined", "date": "1876-01-01", "by": "o"}, "/events/0/persons"),
    ({"type": "sea_protest_issued", "date": "1876-01-01", "colour": "red"}, "/events/0/colour"),
]


@pytest.mark.parametrize("event,pointer", BAD, ids=[p for _, p in BAD])
def test_bad_events_exit_2_with_a_pointer(event, pointer, write_scenario):
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
           "case": {"occurred": "1875-11-02", "kind": "wreck", "vessel": {"owner": "o"}},
           "parties": [{"id": "o"}], "items": [{"id": "x"}], "events": [event]}
    out = run_cli("assess", write_scenario(doc))
    assert out.returncode == 2 and out.stdout == ""
    assert f"error: {pointer}: " in out.stderr, out.stderr


def test_bad_fields_exit_2_with_a_pointer(write_scenario):
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1875",
           "case": {"occurred": "1875-11-02", "kind": "wreck", "flood": "yes", "loss": "-5"},
           "parties": [{"id": "o", "casualty": "dead", "heroic": 1}],
           "persons": [{"id": "p", "castaway": "true"}],
           "items": [{"id": "x", "government": "no"}]}
    out = run_cli("settlement", write_scenario(doc))
    assert out.returncode == 2 and out.stdout == ""
    for pointer in ("/case/flood", "/case/loss", "/parties/0/casualty", "/parties/0/heroic",
                    "/persons/0/castaway", "/items/0/government"):
        assert f"error: {pointer}: " in out.stderr, out.stderr


KOTOBUKI = str(ROOT / "examples" / "jp-1875-wreck-of-the-kotobuki-maru.yaml")


def test_settlement_total_counts_the_costs_not_the_surplus():
    """jp-1875:11, 19 (issue 10, point 12) — the Kotobuki Maru: the costs are the fees 16 + 16 + 18.65,
    labour 12.4, boats 6, shed 3.25 (art 11: 72.3), wages 2.1 and communications 1.125 (art 12: 3.225)
    and the crew loan 2.5 (art 13): 78.025 yen. The rice sold for 590; 590 − 72.3 = 517.7 goes back to
    the shipowner and is shown apart."""
    s = settlement_json(KOTOBUKI)
    assert s["total"] == "78.025"
    assert s["proceeds"] == {"sold_for": "590.000", "costs_paid": "72.300", "returned": [
        {"payee": "tanaka", "amount": "517.700", "cites": ["jp-1875:11"],
         "description": {"ja": "売払代価残金", "en": "what is left of the sale proceeds, handed back"}}]}
    text = run_cli("settlement", KOTOBUKI).stdout
    assert "595.725" not in text and "78.025 JPY" in text
    # names in the body, ids only in the key
    assert "田中屋 半兵衛 (shipowner) → 相良村" in text and "tanaka (田中屋" not in text
    assert "  tanaka: 田中屋 半兵衛 (shipowner)" in text


def test_no_sale_proceeds_heading_when_nothing_was_sold(tmp_path):
    """jp-1875:11 — the art 11 heading speaks of the sale proceeds only when goods were sold."""
    import yaml

    doc = yaml.safe_load(open(KOTOBUKI, encoding="utf-8"))
    doc["events"] = [e for e in doc["events"] if e["type"] != "sold"]
    path = tmp_path / "unsold.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, default=str), encoding="utf-8")
    s = settlement_json(str(path))
    art11 = next(g for g in s["groups"] if g["article"] == "11")
    assert "proceeds" not in art11["heading"]["en"] and "売払" not in art11["heading"]["ja"]
    assert s["proceeds"] is None
    assert "Sale proceeds" not in run_cli("settlement", str(path)).stdout


def test_sea_protest_with_nobody_examined_says_neither_yes_nor_no(tmp_path):
    """jp-1875:21 (issue 10, point 12) — "separately: yes" with nobody examined was a contradiction."""
    doc = {"format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1876-12-31",
           "case": {"occurred": "1876-10-14", "kind": "wreck", "vessel": {"owner": "o", "master": "m"}},
           "parties": [{"id": "o"}, {"id": "m", "roles": ["master"]}],
           "events": [{"type": "sea_protest_requested", "date": "1876-10-15", "by": "m"}]}
    path = tmp_path / "protest.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = run_cli("sea-protest", str(path), "--format", "json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["examination"]["separately"] is None
    text = run_cli("sea-protest", str(path)).stdout
    assert "separately: yes" not in text and "nobody examined yet" in text

