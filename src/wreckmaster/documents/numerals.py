"""Amounts as Japanese and Chinese official vertical forms write them (漢数字): 金八千円,
金一万二千五百円, 三十八円十二銭五厘, 十二兩三錢四分五釐 (issue 26: never digit by digit down the column).

The figures are the assessment's exact decimal text (already rounded once); they are only
written out here, never recomputed. 一 is left out before 十, 百 and 千 (八千, 千五百), kept
before 万 and 億 (一万); a negative amount is marked △ as Japanese accounts mark it.
"""
from __future__ import annotations

DIGITS = "〇一二三四五六七八九"
SMALL = ((1000, "千"), (100, "百"), (10, "十"))
#: the large units: 万 (10^4), 億 (10^8), 兆 (10^12); traditional characters for Chinese
LARGE = {"ja": ("", "万", "億", "兆"), "zh": ("", "萬", "億", "兆")}
#: the currency's units, largest first: (the unit's name, how many decimal places it stands for)
UNITS = {
    ("JPY", "ja"): (("円", 0), ("銭", 2), ("厘", 3)),
    ("JPY", "zh"): (("圓", 0), ("錢", 2), ("釐", 3)),
    ("TAEL", "zh"): (("兩", 0), ("錢", 1), ("分", 2), ("釐", 3)),
    ("TAEL", "ja"): (("兩", 0), ("錢", 1), ("分", 2), ("釐", 3)),
    ("DOLLAR", "zh"): (("元", 0), ("角", 1), ("分", 2)),
    ("DOLLAR", "ja"): (("弗", 0), ("角", 1), ("分", 2)),
}


def _below_10000(n: int) -> str:
    out = ""
    for size, name in SMALL:
        q, n = divmod(n, size)
        if q:
            out += ("" if q == 1 else DIGITS[q]) + name
    return out + (DIGITS[n] if n else "")


def kanji(n: int, lang: str = "ja") -> str:
    """A whole number in kanji: 8000 → 八千, 12500 → 一万二千五百, 300000 → 三十万, 0 → 〇."""
    if n < 0:
        return "△" + kanji(-n, lang)
    if n == 0:
        return DIGITS[0]
    large = LARGE.get(lang, LARGE["ja"])
    groups, k = [], 0
    while n:
        n, g = divmod(n, 10000)
        if g:
            if k >= len(large):
                raise ValueError("too large for the kanji numerals here")
            groups.append(_below_10000(g) + large[k])
        k += 1
    return "".join(reversed(groups))


def supported(currency: str, lang: str) -> bool:
    return (currency, lang) in UNITS


def amount_kanji(text: str, currency: str, lang: str) -> str:
    """The exact decimal text of an amount in the currency's units: ``"38.125"`` JPY →
    三十八円十二銭五厘, ``"8000"`` → 八千円, ``"0.500"`` → 五十銭, ``"0"`` → 〇円."""
    units = UNITS[(currency, lang)]
    text = text.strip()
    negative = text.startswith("-")
    whole, _, frac = text.lstrip("+-").partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise ValueError(f"not an exact decimal amount: {text!r}")
    places = units[-1][1]
    frac = (frac + "0" * places)[:places] if len(frac) <= places else frac
    if len(frac) > places and set(frac[places:]) - {"0"}:
        raise ValueError(f"{text!r} has more places than the currency's smallest unit")
    out = [kanji(int(whole), lang) + units[0][0]] if int(whole) else []
    prev = 0
    for name, upto in units[1:]:
        part = int(frac[prev:upto] or "0")
        if part:
            out.append(kanji(part, lang) + name)
        prev = upto
    if not out:
        out = [DIGITS[0] + units[0][0]]
    return ("△" if negative and any(c != "0" for c in whole + frac) else "") + "".join(out)


def fraction_kanji(text: str, lang: str = "ja") -> str:
    """A rate as the law writes it: ``"1/10"`` → 十分の一 (ja), 十分之一 (zh); ``"3/10"`` → 十分の三."""
    num, _, den = str(text).partition("/")
    if not den:
        return text
    return f"{kanji(int(den), lang)}分{'の' if lang == 'ja' else '之'}{kanji(int(num), lang)}"
