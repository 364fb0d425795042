"""Today's Act (jp-1899-2025): the town's forms. The regime is being built alongside; until its
events validate, the scenario's events are built directly and the assessment is given by hand
(the reward and the costs as the Act's arts 24 ¶2, 27 and 28 make them)."""
from __future__ import annotations

from datetime import date

import pytest
import yaml

from wreckmaster.documents import render_pdf

from .conftest import CASES, pdf_text

pytestmark = pytest.mark.browser

ASSESSMENT = {
    "format": "wreckmaster.assessment/1", "regime": "jp-1899-2025", "as_of": "2025-12-20",
    "awards": [{"to": "finder", "for": "skiff", "kind": "reward", "amount": "30000", "currency": "JPY",
                "cites": ["jp-1899-2025:24.2"]}],
    "charges": [
        {"payer": "owner", "payee": "finder", "for": "skiff", "amount": "30000", "currency": "JPY",
         "cites": ["jp-1899-2025:27.1"]},
        {"payer": "owner", "payee": "local-public", "for": "keep-skiff", "amount": "18000", "currency": "JPY",
         "cites": ["jp-1899-2025:27.1"]},
        {"payer": "finder", "payee": "local-public", "for": "keep-motor", "amount": "9000", "currency": "JPY",
         "cites": ["jp-1899-2025:28.2"]},
    ],
    "deadlines": [], "findings": [], "explanation": [],
}


@pytest.fixture(scope="module")
def town():
    from wreckmaster.law.events import Event
    from wreckmaster.law.scenario import validate

    doc = yaml.safe_load((CASES / "jp-1899-2025-town.yaml").read_text(encoding="utf-8"))
    raw = doc.pop("events")
    s = validate(doc)
    events = []
    for k, e in enumerate(raw):
        data = {key: v for key, v in e.items() if key not in ("type", "date")}
        for key in ("by", "to"):
            if isinstance(data.get(key), str):
                data[key] = [data[key]]
        if "due" in data:
            data["due"] = date.fromisoformat(str(data["due"]))
        events.append(Event(e["type"], date.fromisoformat(str(e["date"])), k, data))
    return s.replace(events=events)


@pytest.mark.parametrize("name, party, wanted", [
    ("found-report", None, ["拾得届", "山本健一", "和船一隻", "船外機一基", "漂流物", "沈没品", "2025-04-02",
                            "2025-04-03", "南伊豆町長鈴木一郎", "令和七年四月二日"]),
    ("delivery-receipt", None, ["受領書", "山本健一", "和船一隻", "船外機一基", "2025-04-03", "南伊豆町長鈴木一郎"]),
    ("claim", "owner", ["引渡請求書", "株式会社南伊豆マリン", "和船一隻", "30000", "18000", "2025-05-20",
                        "第二十七条第一項"]),
    ("owner-receipt", None, ["所有者受領書", "株式会社南伊豆マリン", "和船一隻", "30000", "18000"]),
    ("handover", None, ["交付書", "山本健一", "船外機一基", "9000", "2025-10-20", "2025-11-05", "第二十八条第二項"]),
])
def test_town_forms(town, name, party, wanted):
    text = pdf_text(render_pdf(name, town, ASSESSMENT, party=party))
    missing = [w for w in wanted if w not in text]
    assert not missing, missing


def test_claim_in_english_and_no_other_goods(town):
    text = pdf_text(render_pdf("claim", town, ASSESSMENT, lang="en"))
    assert "Claimfordelivery" in text and "30000yen" in text
    assert "船外機" not in text                 # the motor is not the owner's claim
