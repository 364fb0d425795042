"""Writes ``casualty-register.csv``: an INVENTED casualty register for trying `wreckmaster batch`.

Every row is invented (the column ``source`` says so on each row): the places are real coasts
of each regime, the ships, people and figures are made up. The rows are drawn from a seeded
random generator, so the file is the same every time::

    python examples/register/make_register.py

A few rows are deliberately wrong (a blank date, a value that is not an amount, an unknown
kind), the way a real transcribed register is: the batch reports them and goes on.
"""
from __future__ import annotations

import csv
import random
from pathlib import Path

HERE = Path(__file__).parent
ROWS = 300

# regime: (first year, last year, currency sign, places, ship names)
REGIMES = {
    "jp-1875": (1876, 1898, "¥", ["相模国 三浦郡 城ヶ島", "紀伊国 牟婁郡 潮岬", "越後国 新潟湊 沖"],
                ["住吉丸", "寿丸", "天神丸", "金比羅丸"]),
    "jp-1899": (1900, 1930, "¥", ["神奈川県 三浦郡 三崎町", "和歌山県 西牟婁郡 串本村", "新潟県 新潟市 沖"],
                ["第二観音丸", "八幡丸", "大黒丸"]),
    "qing-shandong": (1889, 1899, "", ["山東 榮成縣 石島 外洋", "山東 榮成縣 成山頭", "山東 榮成縣 俚島"],
                      ["金順發", "萬利", "福興"]),
    "qing-taiwan": (1891, 1894, "", ["臺灣 基隆 外洋", "臺灣 滬尾 口外", "臺灣 安平 外洋"],
                    ["Hai Loong", "Formosa", "永安"]),
    "fr-epaves": (1915, 1919, "", ["au large de l’Île Vierge (Finistère)", "baie de Douarnenez",
                                   "rade de Cherbourg", "Cherchell (Algérie)"],
                  ["Glen Tarra", "Marie-Louise", "Saint-Pierre"]),
    "jp-village-ferry": (1956, 1990, "", ["三島村 竹島港", "三島村 硫黄島港", "三島村 黒島 大里港"],
                         ["みしま", "フェリー十島"]),
}
CARGO = {
    "jp-1875": ["米 百俵", "材木 五十本", "塩 二百俵"],
    "jp-1899": ["米 三百俵", "石炭 五十噸", "醤油 百樽"],
    "qing-shandong": ["棉花 二百包", "黃豆 三十石", "糖 十簍"],
    "qing-taiwan": ["樟腦 百擔", "茶 二百箱", "糖 五十簍"],
    "fr-epaves": ["pipes de porto", "balles de coton", "caisses de conserves"],
    "jp-village-ferry": ["焼酎 十箱", "魚箱 二十個", "郵便小包"],
}


def amount(rng: random.Random, sign: str, lo: int, hi: int) -> str:
    value = rng.randint(lo, hi)
    text = f"{value:,}" if rng.random() < 0.5 else str(value)
    if rng.random() < 0.3:
        text += f".{rng.randint(0, 99):02d}"
    return f"{sign}{text}" if sign and rng.random() < 0.7 else text


def row(n: int, rng: random.Random) -> dict[str, str]:
    regime = list(REGIMES)[n % len(REGIMES)]
    first, last, sign, places, ships = REGIMES[regime]
    year = rng.randint(first, last)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    state = rng.choice(["floating", "sunk", "ashore"] if regime in ("jp-1875", "fr-epaves") else ["floating", "sunk"])
    at_sea = state != "ashore"
    r = {
        "no": str(n + 1),
        "regime": regime,
        "year": str(year), "month": str(month), "day": str(day),
        "place": rng.choice(places),
        "kind": rng.choice(["wreck", "stranding"]) if regime != "jp-village-ferry" else "wreck",
        "vessel": rng.choice(ships),
        "size": rng.choice(["large", "medium", "small"]),
        "owner": f"owner of row {n + 1}",
        "finder": f"finder of row {n + 1}",
        "cargo": rng.choice(CARGO[regime]),
        "value": amount(rng, sign, 20, 5000),
        "state": state,
        "distance_m": str(rng.choice([300, 900, 1852, 2500, 6000])) if regime == "fr-epaves" and at_sea else "",
        "difficulty": rng.choice(["hard", "easy"]) if regime.startswith("qing") else "",
        "quantity": rng.choice(["many", "few"]) if regime == "qing-shandong" else "",
        "diving": rng.choice(["yes", "no", ""]) if regime == "qing-shandong" and state == "sunk" else "",
        "signal": "breached" if regime == "qing-shandong" else "",
        "source": "invented (example register; not a historical record)",
    }
    # a transcribed register has its slips: a few rows the batch must report and pass over
    if n % 97 == 13:
        r["day"] = ""
    if n % 89 == 7:
        r["value"] = "about 300"
    if n % 113 == 50:
        r["kind"] = "shipwreck"
    return r


def main() -> None:
    rng = random.Random(1875)
    rows = [row(n, rng) for n in range(ROWS)]
    with open(HERE / "casualty-register.csv", "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
