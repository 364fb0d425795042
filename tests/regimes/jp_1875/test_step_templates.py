"""jp-1875's step templates (messages.yaml ``steps:``) give exactly the sentences its rules wrote
before (issue 22, prose at the edge): the shapes no worked case reaches, each with the English and
Japanese the former f-strings made from the same values (arts 3–7, 14, 17, 19–22, 24, 26, 28–30, 36)."""
from __future__ import annotations

import pytest

from wreckmaster.law import regime as registry

CALLED = ("A major wreck needing many hands (大難船: {judged}); the coast official sounds the clappers and bells "
          "to call people together and orders the neighbouring boat owners out")
CALLED_JA = "多人数ヲ要スル大難船 — 板木半鐘等打鳴ラシ人数ヲ呼聚メ近隣ノ船持ニ助船ヲ出サシム"
JUDGED = "the coast official judged that many hands are needed (case.many_hands)"
DRIFT_REPORT_JA = "rice-1: 見附ル者ヨリ浦役人ニ報知、浦役人調書ヲ作リ管庁ヘ届出"
SEA_PROTEST = ("Sea protest (浦証文): master sakichi; crew examined nobody; coast officials present nobody; nobody "
               "examined yet; the accounts are not recorded as agreeing.")
SEA_PROTEST_JA = "浦証文 — 浦役人立会ノ上船長及ヒ乗組ノ者ヲ別々ニ取調ヘ航海日記ニ照ス"

CASES = [
    ("joint-decision/handed",
     {"what": "Decision of 1880-03-04", "officials": "o1, o2", "crew": "m, c", "min_officials": 2, "min_crew": 2,
      "copies": 1, "copy_or_copies": "copy", "villages": None},
     "Decision of 1880-03-04: agreed by coast officials o1, o2 and master/senior crew m, c (at least 2 and 2); "
     "1 signed copy of the record (art 17), one handed to the master.",
     "Decision of 1880-03-04: 浦役人 o1, o2、船長其他重立乗組 m, c 合議; 証書 1 通"),
    ("master-liable-no-amount/no-loss", {"master": "sakichi"},
     "The master sakichi is liable for the loss; no amount is computed (case.loss not given).",
     "船長 sakichi 怠慢 — 損失ヲ償却セシム"),
    ("master-liable-no-amount/no-owner-side", {"master": "sakichi"},
     "The master sakichi is liable for the loss; no amount is computed (no owner side to receive it).",
     "船長 sakichi 怠慢 — 損失ヲ償却セシム"),
    ("theft-at-wreck/accomplice", {"date": "1880-03-04", "by": "taro"},
     "1880-03-04: taro took part in a theft or plunder at the wreck (窃盗掠奪ニ与スル).", "救助ニ托シテ窃盗掠奪 — 律ニ照シテ処分"),
    ("theft-at-wreck/concealer", {"date": "1880-03-04", "by": "taro"},
     "1880-03-04: taro hid the principal offender of a theft at the wreck (本犯ヲ陰匿スル).", "救助ニ托シテ窃盗掠奪 — 律ニ照シテ処分"),
    ("drift-goods-used-unreported/sold", {"date": "1880-03-04", "by": "taro", "items": "rice-1"},
     "1880-03-04: taro sold drift goods rice-1 without reporting them.",
     "漂着物ヲ浦役人ニ報知スルコトナク私カニ使用又ハ売買 — 第二十八条ニ照シテ処分"),
    ("nearest-office", {"office": "下田村", "distance_m": 850},
     "Nearest village office: 下田村, 850 m from the position in a straight line.", "最寄ノ浦方 下田村 (直線距離 850 米)"),
    ("many-hands-called/judged", {"facts": "", "bells": None, "boats": None},
     CALLED.format(judged=JUDGED) + ".", CALLED_JA),
    ("many-hands-called/judged-bells", {"facts": "", "bells": "1880-03-04", "boats": None},
     CALLED.format(judged=JUDGED) + "; bells sounded on 1880-03-04.", CALLED_JA),
    ("many-hands-called/judged-boats", {"facts": "", "bells": None, "boats": "1880-03-05"},
     CALLED.format(judged=JUDGED) + "; neighbours' boats ordered out on 1880-03-05.", CALLED_JA),
    ("many-hands-called/by-facts-boats", {"facts": "hull sunk, deaths", "bells": None, "boats": "1880-03-05"},
     CALLED.format(judged="a major wreck by what happened: hull sunk, deaths")
     + "; neighbours' boats ordered out on 1880-03-05.", CALLED_JA),
    ("goods-stored/at-place", {"items": "rice-1, rice-2", "date": "1880-03-04", "place": "the temple", "kept_with": ""},
     "rice-1, rice-2 stored on 1880-03-04 at the temple.", "rice-1, rice-2 ヲ最安全ニシテ便利ノ場所ニ置ク"),
    ("master-is-the-owner", {"master": "sakichi (佐吉)"},
     "The master sakichi (佐吉) is himself the owner: there is no one else to notify.", "船長即チ船主ナリ"),
    ("owners-notified", {"by": "sakichi", "landed": "1880-03-04", "notified": "1880-03-06", "to": "nobody", "days": 2},
     "sakichi landed on 1880-03-04; the owners were notified on 1880-03-06, 2 day(s) later. 'At once' (直チニ) fixes "
     "no number of days: no deadline is computed.", "1880-03-04 上陸、1880-03-06 船主荷主ニ報知"),
    ("settlement-submitted/owner-present", {"date": "1880-04-01", "officials": "o1, o2", "crew": "m, c"},
     "Settlement statement submitted on 1880-04-01, before coast officials o1, o2 and master/senior crew m, c; owner "
     "present.", "1880-04-01 精算書ヲ作リ難破明細書ヲ添テ管庁ニ差出ス"),
    ("settlement-payment/grace",
     {"payer": "owner", "due": "12.500", "approved": "1880-05-01", "paid": "0", "paid_on": None, "until": "1880-06-01"},
     "owner: 12.500 yen due under the settlement returned on 1880-05-01; paid 0 yen; days of grace until 1880-06-01.",
     "owner: 出金 12.500 円、1880-06-01 マテ猶予"),
    ("sea-protest-examination", {"by": None, "applied": None, "master": "sakichi", "crew": "nobody",
                                 "officials": "nobody", "examination": "nobody examined yet",
                                 "accounts": "the accounts are not recorded as agreeing"},
     SEA_PROTEST, SEA_PROTEST_JA),
    ("sea-protest-examination/log", {"by": None, "applied": None, "master": "sakichi", "crew": "nobody",
                                     "officials": "nobody", "examination": "nobody examined yet",
                                     "accounts": "the accounts are not recorded as agreeing"},
     SEA_PROTEST + " The log (航海日記) was compared.", SEA_PROTEST_JA),
    ("government-ship-reported", {"date": "1880-03-04", "to": None},
     "Government ship: reported to the competent office on 1880-03-04.", "官有船 — 1880-03-04 管庁ヘ報知"),
    ("government-ship-reported/to", {"date": "1880-03-04", "to": "Kanagawa prefecture"},
     "Government ship: reported to the competent office on 1880-03-04 (Kanagawa prefecture).",
     "官有船 — 1880-03-04 管庁ヘ報知"),
    ("mailbags-handed-over", {"item": "mail-1", "date": "1880-03-05", "to": None, "days": 1},
     "mail-1: mailbags handed over on 1880-03-05, 1 day(s) after the casualty ('urgently', 至急: no number of days is "
     "fixed).", "mail-1: 1880-03-05 最寄郵便役所ヘ郵便行嚢ヲ引渡ス"),
    ("drift-find-report/reported-not-recorded", {"item": "rice-1", "by": "taro", "reported": "1880-03-04",
                                                 "recorded": None},
     "rice-1: reported by taro on 1880-03-04; no record submitted.", DRIFT_REPORT_JA),
    ("drift-find-report/not-reported-recorded", {"item": "rice-1", "by": None, "reported": None,
                                                 "recorded": "1880-03-06"},
     "rice-1: not reported; record submitted to the competent office on 1880-03-06.", DRIFT_REPORT_JA),
    ("wider-notice/needed", {"item": "net-1", "value": None, "threshold": "20"},
     "net-1: wider notice required because it is needed goods (必要ノ品柄).",
     "net-1: 代価弐拾円以上又ハ必要ノ品柄 — 三府五港ノ管庁及ヒ税関ヘ報告又ハ新聞紙公告"),
]


@pytest.mark.parametrize("key, values, en, ja", CASES, ids=[c[0] for c in CASES])
def test_a_shape_no_worked_case_reaches_gives_the_former_sentences(key, values, en, ja):
    t = registry.get("jp-1875").messages
    message, _, variant = key.partition("/")
    shown = {**values, "variant": variant or None}
    assert (t.text("steps", message, "en", shown), t.text("steps", message, "ja", shown)) == (en, ja)

