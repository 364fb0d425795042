"""A jp-1875 wreck with many items (the pagination test and the benchmark)."""
from __future__ import annotations


def big_case(n: int = 500) -> dict:
    return {
        "format": "wreckmaster.scenario/1", "regime": "jp-1875", "as_of": "1877-06-30",
        "case": {"occurred": "1877-05-10", "place": "伊豆國 賀茂郡 下田港外", "waters": "sea", "kind": "wreck",
                 "vessel": {"name": "大通丸", "owner": "owner", "master": "master", "size": "large"}},
        "parties": [{"id": "owner", "name": "大阪 廻船問屋 大黒屋", "roles": ["owner"]},
                    {"id": "master", "name": "船頭 伊兵衞", "roles": ["master"]},
                    {"id": "finder-a", "name": "下田 漁夫 甲組", "roles": ["rescuer"]},
                    {"id": "finder-b", "name": "須崎 漁夫 乙組", "roles": ["rescuer"]},
                    {"id": "ura", "name": "下田 浦役人", "roles": ["official"]}],
        "items": [{"id": f"i{k}", "description": f"積荷 第{k}番 木綿 {k % 7 + 1}梱", "kind": "cargo",
                   "value": str(10 + k % 37), "marks": "丸に大",
                   "found": {"date": "1877-05-11", "by": ["finder-a" if k % 2 else "finder-b"],
                             "state": "sunk" if k % 3 == 0 else "floating"}} for k in range(1, n + 1)],
    }
