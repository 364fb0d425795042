"""What a clerk types, read as the scenario's values (issue 25): dates in ISO or in the era,
positions in degrees and minutes or decimal degrees, distances in nautical miles, cables or metres.

Each reader returns the exact value the scenario stores (text of decimals, never a float) or
raises a :class:`ValueError` with a code (``refusals.EntryError``, ``chinese_calendar.DateProblem``);
the form puts its message next to the field, in the page's language.
"""
from __future__ import annotations

import re
import unicodedata
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

from .refusals import EntryError

#: metres in a unit of distance: the international nautical mile (1852 m exactly, International
#: Hydrographic Conference, Monaco 1929) and its tenth, the cable (encablure) of 185.2 m
METRES = {"m": Decimal(1), "cable": Decimal("185.2"), "nm": Decimal(1852)}
UNIT_LABELS = {"m": {"en": "metres", "ja": "メートル", "zh": "公尺", "fr": "mètres"},
               "cable": {"en": "cables (185.2 m)", "ja": "鏈（185.2 m）", "zh": "鏈（185.2 公尺）", "fr": "encablures (185,2 m)"},
               "nm": {"en": "nautical miles (1852 m)", "ja": "海里（1852 m）", "zh": "海里（1852 公尺）", "fr": "milles marins (1852 m)"}}


def day(text: str) -> str:
    """ISO ``2026-03-31`` (or ``2026/3/31``), a Japanese era date ``令和8年3月31日`` /
    ``明治九年三月二日`` or a Qing one ``光緒十六年閏二月初一日`` (lunar, ``law/chinese_calendar``) → ISO
    text. A date that is not a day raises :class:`~wreckmaster.law.chinese_calendar.DateProblem`."""
    from wreckmaster.law.chinese_calendar import DateProblem
    from wreckmaster.law.eras import from_era

    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text:
        return ""
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})|(\d{4})/(\d{1,2})/(\d{1,2})", text)
    if m:
        y, mo, d = (int(x) for x in (m.groups()[:3] if m.group(1) else m.groups()[3:]))
        try:
            return date(y, mo, d).isoformat()
        except ValueError:
            raise DateProblem("not-a-day", f"{text!r} is not a day of the calendar", text=text) from None
    try:
        return from_era(text).isoformat()
    except DateProblem as exc:
        if exc.code != "not-an-era-date":
            raise
        raise DateProblem("not-a-date", f"{text!r} is not a date: write 2026-03-31, 令和8年3月31日 or "
                          "光緒十六年二月十五日", text=text) from None


def _position_error(text: str, english: str) -> EntryError:
    """Every way a position is not one: the page says it in its language (``refusals``)."""
    return EntryError("not-a-position", english, text=text)


_HEMI = {"N": 1, "S": -1, "E": 1, "W": -1, "O": -1}   # O: ouest (French)


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


def _angle(text: str, axis: str) -> Decimal:
    text = text.strip()
    m = re.fullmatch(r"([+-]?\d+(?:[.,]\d+)?)\s*°?\s*(?:(\d+(?:[.,]\d+)?)\s*[′']\s*)?(?:(\d+(?:[.,]\d+)?)\s*[″\"]\s*)?([NSEWO])?",
                     text, re.I)
    if m is None:
        raise _position_error(text, f"{text!r} is not a {axis}: write 48°39,6′ N or 48.66")
    deg, minutes, seconds, hemi = m.groups()
    value = _decimal(deg)
    if minutes is not None:
        if not Decimal(0) <= _decimal(minutes) < 60:
            raise _position_error(text, f"{text!r}: minutes go from 0 to 60")
        value = abs(value) + _decimal(minutes) / 60 + (_decimal(seconds) / 3600 if seconds else 0)
        value = value if not deg.startswith("-") else -value
    if hemi:
        h = hemi.upper()
        if (axis == "latitude") != (h in "NS"):
            raise _position_error(text, f"{text!r}: {h} is not a hemisphere of the {axis}")
        value = abs(value) * _HEMI[h]
    return value


def position(text: str) -> dict[str, str]:
    """``48°39,6′ N 4°36′ W``, ``48°39.6'N, 4°36'W``, ``48.66, -4.6`` → ``{"lat": "48.66", "lon": "-4.6"}``
    (decimal degrees to six places, about 0.1 m)."""
    text = unicodedata.normalize("NFKC", text or "").replace("′", "'").replace("″", '"').strip()
    if not text:
        return {}
    m = re.fullmatch(r"(.+?[NS])\s*[,;]?\s*(.+?[EWO])", text, re.I)
    if m:
        lat_text, lon_text = m.groups()
    else:
        parts = [p for p in re.split(r"\s*[;]\s*|\s*,\s+|\s+(?=[+-]?\d)", text) if p]
        if len(parts) != 2:
            raise _position_error(text, f"{text!r}: give a latitude and a longitude, e.g. 48°39,6′ N 4°36′ W or 48.66, -4.6")
        lat_text, lon_text = parts
    try:
        lat, lon = _angle(lat_text, "latitude"), _angle(lon_text, "longitude")
    except InvalidOperation:
        raise _position_error(text, f"{text!r} is not a position") from None
    if not -90 <= lat <= 90:
        raise _position_error(text, f"{text!r}: the latitude must be between -90 and 90")
    if not -180 <= lon <= 180:
        raise _position_error(text, f"{text!r}: the longitude must be between -180 and 180")
    q = Decimal("0.000001")
    return {"lat": _plain(lat.quantize(q, ROUND_HALF_EVEN)), "lon": _plain(lon.quantize(q, ROUND_HALF_EVEN))}


def _plain(d: Decimal) -> str:
    text = format(d.normalize(), "f")
    return "0" if text in ("-0", "") else text


def distance(text: str, unit: str, lang: str = "en") -> tuple[str, str]:
    """(metres as exact text, the conversion as the clerk sees it: ``2 encablures = 370,4 m``)."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text:
        return "", ""
    if unit not in METRES:
        raise ValueError(f"choose a unit: {', '.join(METRES)}")
    try:
        amount = _decimal(text)
    except InvalidOperation:
        raise EntryError("not-a-distance", f"{text!r} is not a number", text=text) from None
    if amount < 0:
        raise EntryError("not-a-distance", "a distance is not negative", text=text)
    metres = _plain(amount * METRES[unit])
    if unit == "m":
        return metres, ""
    label = UNIT_LABELS[unit].get(lang, UNIT_LABELS[unit]["en"]).split(" (")[0].split("（")[0]
    shown = lambda s: s.replace(".", ",") if lang == "fr" else s  # noqa: E731
    return metres, f"{shown(_plain(amount))} {label} × {shown(_plain(METRES[unit]))} m = {shown(metres)} m"
