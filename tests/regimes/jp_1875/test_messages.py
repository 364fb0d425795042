"""jp-1875's finding templates (messages.yaml) give exactly the sentences its rules wrote before
(issue 22): the shapes no worked case reaches, each with the sentence the former f-string made
from the same values (arts 18, 26, 28, 30, 36)."""
from __future__ import annotations

import pytest

from wreckmaster.law import regime as registry

CRIME = " art 28 — to be dealt with under the criminal code (律)."
PRINCIPAL = "taro stole or plundered goods under pretext of rescue (救助ニ托シテ窃盗或ハ掠奪)"
ACCOMPLICE = "taro took part in a theft or plunder at the wreck (窃盗掠奪ニ与スル)"
CONCEALER = "taro hid the principal offender of a theft at the wreck (本犯ヲ陰匿スル)"
CASES = [
    ("theft-at-wreck", {"variant": "principal", "by": "taro", "date": "1880-03-04"},
     f"{PRINCIPAL} (1880-03-04):{CRIME}"),
    ("theft-at-wreck", {"variant": "principal-items", "by": "taro", "date": "1880-03-04", "items": "rice-1, rice-2"},
     f"{PRINCIPAL}: rice-1, rice-2 (1880-03-04):{CRIME}"),
    ("theft-at-wreck", {"variant": "accomplice", "by": "taro", "date": "1880-03-04"},
     f"{ACCOMPLICE} (1880-03-04):{CRIME}"),
    ("theft-at-wreck", {"variant": "accomplice-items", "by": "taro", "date": "1880-03-04", "items": "rice-1, rice-2"},
     f"{ACCOMPLICE}: rice-1, rice-2 (1880-03-04):{CRIME}"),
    ("theft-at-wreck", {"variant": "concealer", "by": "taro", "date": "1880-03-04"},
     f"{CONCEALER} (1880-03-04):{CRIME}"),
    ("theft-at-wreck", {"variant": "concealer-items", "by": "taro", "date": "1880-03-04", "items": "rice-1, rice-2"},
     f"{CONCEALER}: rice-1, rice-2 (1880-03-04):{CRIME}"),
    ("drift-goods-used-unreported", {"variant": "sold", "by": "taro", "items": "rice-1", "date": "1880-03-04"},
     "taro found drift goods rice-1 and sold them in secret without reporting them to a coast official "
     "(1880-03-04): art 36 — dealt with as art 28 says; the finder's share is still computed (reading "
     "jp-1875-36-finder-share)."),
    ("master-liable", {"variant": "no-amount", "master": "sakichi"},
     "The wreck arose from the negligence of the master sakichi: art 26 makes him make good the loss (its "
     "amount, case.loss, is not given)."),
    ("no-official-from-other-village", {"variant": "assumed", "what": "Decision of 1880-03-04",
                                        "officials": "o1, o2", "village": "Misaki"},
     "Decision of 1880-03-04: the consulting officials o1, o2 all come from Misaki (taken as the local village: "
     "case.village is not given); art 18 requires one of them to come from another village."),
    ("wide-notice-missing", {"variant": "needed", "item": "'net-1'"},
     "Item 'net-1': it is needed goods (必要ノ品柄), so art 30 requires notice to the authorities of the three "
     "cities and five ports and to customs, or in a newspaper; none is recorded."),
]


@pytest.mark.parametrize("code, values, sentence", CASES, ids=[f"{c}/{v['variant']}" for c, v, _ in CASES])
def test_a_shape_no_worked_case_reaches_gives_the_former_sentence(code, values, sentence):
    t = registry.get("jp-1875").messages
    assert t.render(code, "en", values) == sentence
    local = t.render(code, "ja", {**values, "what_ja": "決定"})
    assert local and all(v in local for k, v in values.items() if k not in ("variant", "what"))
