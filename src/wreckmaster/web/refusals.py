"""A refused entry in the page's language (issue 25): each refusal has a code and values, and
its message is written from them in English, Japanese, classical Chinese or French.

Four sources, one table (:data:`MESSAGES`):

- what the forms themselves refuse (a date that is not a day, a position, a distance, a
  future act): a :class:`Refusal` made here or a ``DateProblem`` of ``law/chinese_calendar``,
  each with its code;
- what the store refuses (``store/errors.py``): a :class:`~wreckmaster.store.errors.Conflict`
  and a :class:`~wreckmaster.store.errors.Forbidden` carry their code; an
  :class:`~wreckmaster.store.errors.InvalidEntry`'s problems are the engine's English sentences
  (the API answers them as they are, CASE.md), read here into a code and values by
  :data:`PATTERNS`;
- what a finder's report is refused for (``public/reports.py``), read the same way;
- anything else is shown as it is, marked as English (``lang="en"``).

The English of every code is the sentence the store or the form writes, so a page in English
shows exactly the API's message (``tests/web/test_refusals.py`` checks each pattern reads its
own English back).
"""
from __future__ import annotations

import re
from typing import Any

#: code → the message in each language; ``{name}`` are the refusal's values
MESSAGES: dict[str, dict[str, str]] = {
    # --- the store (store/errors.py) -------------------------------------------------
    "version-conflict": {
        "en": "Someone recorded an entry meanwhile: the case is now at version {current}. What you typed is kept "
              "below; check what changed, then record again.",
        "ja": "その間に別の記録がありました（現在 第{current}版）。入力内容は下に残してあります。変更を確認してから再度記録してください。",
        "zh": "其間已有他人登錄（現為第{current}版）。所填之項仍留於下，請查所改之處後再登錄。",
        "fr": "Quelqu’un a inscrit une entrée entre-temps : l’affaire est à la version {current}. Votre saisie est "
              "conservée ci-dessous ; vérifiez ce qui a changé, puis inscrivez à nouveau."},
    "supervisor-only": {"en": "Amending and retracting need a supervisor.", "ja": "訂正・取消は監督者のみ行えます。",
                        "zh": "更正、撤銷須督辦。", "fr": "Rectifier et annuler demandent un superviseur."},
    # --- the engine's validation of the case (law/records.py, law/events.py) -----------
    "required-for-event": {"en": "required for a '{type}' event", "ja": "「{type}」には必須の項目です",
                           "zh": "「{type}」必填此項", "fr": "obligatoire pour « {type} »"},
    "required": {"en": "required", "ja": "必須の項目です", "zh": "此項必填", "fr": "obligatoire"},
    "unknown-key": {"en": "unknown key for a '{type}' event", "ja": "「{type}」にはない項目です",
                    "zh": "「{type}」無此項", "fr": "champ inconnu pour « {type} »"},
    "no-party-or-person": {"en": "no party or person with id '{id}'", "ja": "「{id}」という関係者はいません",
                           "zh": "無「{id}」其人", "fr": "aucune partie ni personne « {id} »"},
    "no-party": {"en": "no party with id '{id}'", "ja": "「{id}」という当事者はいません", "zh": "無「{id}」其人",
                 "fr": "aucune partie « {id} »"},
    "no-item": {"en": "no item with id '{id}'", "ja": "「{id}」という物件はありません", "zh": "無「{id}」之貨物",
                "fr": "aucun bien « {id} »"},
    "before-find": {
        "en": "a '{type}' event on {date} about item '{item}', which was found only on {found} (items[].found.date): "
              "an event about an item cannot come before its find",
        "ja": "「{item}」の拾得は{found}です。{date}の「{type}」は拾得より前になります",
        "zh": "「{item}」於{found}方撈獲，{date}之「{type}」不得在撈獲之前",
        "fr": "« {item} » n’a été trouvé que le {found} : « {type} » du {date} ne peut précéder la découverte"},
    "negative": {"en": "must not be negative, got '{got}'", "ja": "負の値にはできません（入力：{got}）",
                 "zh": "不得為負數（所填：{got}）", "fr": "ne peut être négatif (saisi : {got})"},
    "not-a-number": {"en": "expected a decimal number, got '{got}'", "ja": "数で入力してください（入力：{got}）",
                     "zh": "須填數目（所填：{got}）", "fr": "un nombre est attendu (saisi : {got})"},
    "not-a-valid-date": {"en": "not a valid date: '{got}'", "ja": "日付になっていません（入力：{got}）",
                         "zh": "非日期（所填：{got}）", "fr": "date invalide (saisi : {got})"},
    "duplicate-id": {"en": "duplicate id '{id}' (first at {first})", "ja": "識別子「{id}」はすでに使われています",
                     "zh": "代號「{id}」已用", "fr": "l’identifiant « {id} » est déjà pris"},
    "no-member": {"en": "no member of {section} with id '{id}'{rest}", "ja": "「{id}」は事件にありません",
                  "zh": "案內無「{id}」", "fr": "« {id} » n’est pas dans l’affaire"},
    "no-earlier-entry": {"en": "no earlier entry {target} (this entry would be seq {seq})",
                         "ja": "第{target}号の記録はありません（この記録は第{seq}号）",
                         "zh": "無第{target}號登錄（此為第{seq}號）",
                         "fr": "aucune inscription n° {target} (celle-ci serait la n° {seq})"},
    "already-retracted": {"en": "entry {target} is already retracted", "ja": "第{target}号の記録はすでに取り消されています",
                          "zh": "第{target}號登錄已撤銷", "fr": "l’inscription n° {target} est déjà annulée"},
    "retract-opening": {"en": "seq 1 (the opening report) cannot be retracted; amend it instead",
                        "ja": "第1号（第一報）は取り消せません。訂正してください", "zh": "第一號（首報）不得撤銷，請更正",
                        "fr": "l’inscription n° 1 (le premier rapport) ne s’annule pas : rectifiez-la"},
    "reason-required": {"en": "expected the reason, a non-empty text", "ja": "理由を記入してください",
                        "zh": "請書緣由", "fr": "indiquez le motif"},
    # --- a finder's report (public/reports.py) --------------------------------------------
    "too-long": {"en": "at most {n} characters", "ja": "{n}文字までです", "zh": "至多{n}字", "fr": "{n} caractères au plus"},
    "date-format": {"en": "expected a date, YYYY-MM-DD", "ja": "日付を入力してください（例：2026-03-31）",
                    "zh": "請書日期（如 2026-03-31）", "fr": "une date est attendue (AAAA-MM-JJ)"},
    "report-before-day": {"en": "a find cannot be reported before its day", "ja": "拾得の日より前には届け出られません",
                          "zh": "未到拾獲之日不得呈報", "fr": "une découverte ne se déclare pas avant son jour"},
    "degrees": {"en": "expected degrees between -{bound} and {bound}", "ja": "-{bound}から{bound}までの度数で入力してください",
                "zh": "須為 -{bound} 至 {bound} 之度數", "fr": "des degrés entre -{bound} et {bound} sont attendus"},
    "lat-and-lon": {"en": "give both lat and lon, or neither", "ja": "緯度と経度は両方入力するか、両方空欄にしてください",
                    "zh": "緯度、經度須並填或並空", "fr": "donnez la latitude et la longitude, ou aucune des deux"},
    "place-or-position": {"en": "give lat and lon, or the place", "ja": "場所か、緯度・経度を入力してください",
                          "zh": "請填地方或緯度、經度", "fr": "donnez le lieu, ou la latitude et la longitude"},
    # --- the forms (web/forms.py, web/entry_values.py, law/eras.py, law/chinese_calendar.py)
    "version-missing": {"en": "required: the version the entry is made on (reload the page)",
                        "ja": "記録の版がありません（ページを再読み込みしてください）",
                        "zh": "無版次（請重載此頁）", "fr": "version manquante (rechargez la page)"},
    "choose-event": {"en": "choose an event type, got '{got}'", "ja": "出来事の種類を選んでください",
                     "zh": "請擇事件種類", "fr": "choisissez un type d’événement"},
    "future-date": {"en": "{date} is after today ({today}): an act is recorded once it has happened. If the date "
                          "is right, tick the box and record again.",
                    "ja": "{date}は本日（{today}）より後です。行為は行われてから記録します。日付が正しければ、欄にチェックして再度記録してください。",
                    "zh": "{date}在今日（{today}）之後。事已辦方登錄；日期無誤，請勾選後再登錄。",
                    "fr": "le {date} est postérieur à aujourd’hui ({today}) : un acte s’inscrit une fois accompli. "
                          "Si la date est exacte, cochez la case et inscrivez à nouveau."},
    "not-a-date": {"en": "'{text}' is not a date: write 2026-03-31, 令和8年3月31日 or 光緒十六年二月十五日",
                   "ja": "「{text}」は日付として読めません。2026-03-31 または 令和8年3月31日 のように入力してください",
                   "zh": "「{text}」非日期，請書 2026-03-31 或 光緒十六年二月十五日",
                   "fr": "« {text} » n’est pas une date : écrivez 2026-03-31"},
    "not-a-day": {"en": "'{text}' is not a day of the calendar", "ja": "「{text}」という日はありません",
                  "zh": "無「{text}」之日", "fr": "le « {text} » n’existe pas au calendrier"},
    "not-an-era-date": {"en": "'{text}' is not an era date", "ja": "「{text}」は元号の日付として読めません",
                        "zh": "「{text}」非年號日期", "fr": "« {text} » n’est pas une date d’ère"},
    "year-only": {"en": "'{text}' gives the year only: add the month and day (e.g. {example})",
                  "ja": "「{text}」は年だけです。月と日も入力してください（例：{example}）",
                  "zh": "「{text}」僅有年，請補月日（如{example}）",
                  "fr": "« {text} » ne donne que l’année : ajoutez le mois et le jour (ex. {example})"},
    "before-gregorian": {"en": "'{text}' is before 明治六年一月一日 (1873-01-01), when Japan took the Gregorian "
                               "calendar: give the date in ISO",
                         "ja": "「{text}」は改暦（明治六年一月一日）より前です。西暦（2026-03-31 の形）で入力してください",
                         "zh": "「{text}」在日本改曆（1873-01-01）之前，請書西曆",
                         "fr": "« {text} » précède le 1er janvier 1873, où le Japon prit le calendrier grégorien : "
                               "donnez la date ISO"},
    "not-in-era": {"en": "'{text}' is not a day of the {era} era", "ja": "「{text}」は{era}の期間にありません",
                   "zh": "「{text}」不在{era}年間", "fr": "« {text} » n’est pas un jour de l’ère {era}"},
    "era-year": {"en": "{era} has the years 1 to {years} ({first}–{last}), not {year}",
                 "ja": "{era}は{years}年までです（{first}〜{last}年）。{year}年はありません",
                 "zh": "{era}止於{years}年（{first}至{last}），無{year}年",
                 "fr": "l’ère {era} compte les années 1 à {years} ({first}–{last}), pas {year}"},
    "no-leap-month": {"en": "{year} has no {month}{leap_note}", "ja": "{year}に{month}はありません{leap_note}",
                      "zh": "{year}無{month}{leap_note}", "fr": "l’année {year} n’a pas de {month}{leap_note}"},
    "no-month": {"en": "there is no month {month}: the months go from 正月 to 十二月",
                 "ja": "{month}月はありません（正月から十二月まで）", "zh": "無{month}月（自正月至十二月）",
                 "fr": "il n’y a pas de mois {month} (正月 à 十二月)"},
    "short-month": {"en": "{month} has {days} days, not {day}", "ja": "{month}は{days}日までです（{day}日はありません）",
                    "zh": "{month}止{days}日，無{day}日", "fr": "{month} a {days} jours, pas {day}"},
    "not-a-position": {"en": "'{text}' is not a position: write 48°39,6′ N 4°36′ W or 48.66, -4.6",
                       "ja": "「{text}」は位置として読めません（例：35°08′N 139°37′E または 35.14, 139.62）",
                       "zh": "「{text}」非方位（如 37°24′N 122°33′E 或 37.4, 122.55）",
                       "fr": "« {text} » n’est pas une position : écrivez 48°39,6′ N 4°36′ W ou 48.66, -4.6"},
    "not-a-distance": {"en": "'{text}' is not a distance: a number that is not negative",
                       "ja": "「{text}」は距離として読めません（0以上の数）", "zh": "「{text}」非里數（須為非負之數）",
                       "fr": "« {text} » n’est pas une distance (un nombre positif)"},
}

#: what the leap-month refusal adds: the year's own leap month, or that it has none
LEAP_NOTE = {"en": (" (its leap month is {m})", " (it has no leap month)"), "ja": ("（この年の閏月は{m}）", "（この年に閏月はありません）"),
             "zh": ("（是年閏月為{m}）", "（是年無閏月）"), "fr": (" (son mois intercalaire est {m})", " (elle n’a pas de mois intercalaire)")}

#: the store's English sentences (an InvalidEntry's problems), read back into a code and values
_Q = r"'(?P<{}>[^']*)'"
PATTERNS: list[tuple[str, re.Pattern[str]]] = [(code, re.compile(rx)) for code, rx in (
    ("required-for-event", rf"required for a {_Q.format('type')} event"),
    ("required", r"required"),
    ("unknown-key", rf"unknown key for a {_Q.format('type')} event"),
    ("no-party-or-person", rf"no party or person with id {_Q.format('id')}"),
    ("no-party", rf"no party with id {_Q.format('id')}"),
    ("no-item", rf"no item with id {_Q.format('id')}"),
    ("before-find", rf"a {_Q.format('type')} event on (?P<date>\S+) about item {_Q.format('item')}, which was found "
                    r"only on (?P<found>\S+) \(items\[\]\.found\.date\): an event about an item cannot come before its find"),
    ("negative", rf"must not be negative, got {_Q.format('got')}"),
    ("not-a-number", rf"expected a decimal number, got {_Q.format('got')}"),
    ("not-a-valid-date", rf"not a valid date: {_Q.format('got')}"),
    ("duplicate-id", rf"duplicate id {_Q.format('id')} \(first at (?P<first>[^)]*)\)"),
    ("no-member", rf"no member of (?P<section>\w+) with id {_Q.format('id')}(?P<rest>.*)"),
    ("no-earlier-entry", r"no earlier entry (?P<target>\d+) \(this entry would be seq (?P<seq>\d+)\)"),
    ("already-retracted", r"entry (?P<target>\d+) is already retracted"),
    ("retract-opening", r"seq 1 \(the opening report\) cannot be retracted; amend it instead"),
    ("reason-required", r"expected the reason, a non-empty text"),
    ("too-long", r"at most (?P<n>\d+) characters"),
    ("date-format", r"expected a date, YYYY-MM-DD"),
    ("report-before-day", r"a find cannot be reported before its day"),
    ("degrees", r"expected degrees between -(?P<bound>\d+) and (?P=bound)"),
    ("lat-and-lon", r"give both lat and lon, or neither"),
    ("place-or-position", r"give lat and lon, or the place"),
)]


_WHICH_ENTRY = re.compile(r" \(entry \d+(?: of the list)?\)$")


class Refusal(str):
    """A refusal's English sentence (a ``str``: the store and the API see the text they always
    saw) with its ``code`` and ``values``."""

    code: str
    values: dict[str, Any]

    def __new__(cls, code: str, english: str | None = None, **values: Any) -> "Refusal":
        text = english if english is not None else _write(code, "en", values)
        obj = super().__new__(cls, text)
        obj.code, obj.values = code, values
        return obj


class EntryError(ValueError):
    """What a form's reader (``entry_values``) refuses, with the code the page writes it from."""

    def __init__(self, code: str, english: str | None = None, **values: Any):
        self.refusal = Refusal(code, english, **values)
        self.code, self.values = code, values
        super().__init__(str(self.refusal))


def of(exc: BaseException) -> str:
    """A reader's ValueError as a :class:`Refusal` when it has a code (EntryError, DateProblem),
    else its text."""
    code = getattr(exc, "code", None)
    return Refusal(code, str(exc), **getattr(exc, "values", {})) if code in MESSAGES else str(exc)


def read(message: str) -> Refusal | None:
    """The code and values of a message: its own when it is a Refusal, else those of the store's
    sentence it matches; None when it is neither."""
    if isinstance(message, Refusal):
        return message
    # which entry of the list brought it (store.record of a list): the page posts one entry
    sentence = _WHICH_ENTRY.sub("", str(message))
    for code, rx in PATTERNS:
        m = rx.fullmatch(sentence)
        if m:
            return Refusal(code, str(message), **m.groupdict())
    return None


def _write(code: str, lang: str, values: dict[str, Any]) -> str:
    shown = dict(values)
    if "type" in shown:   # an event type, as the page names it
        from .i18n import event_label

        shown["type"] = event_label(str(shown["type"]), lang)
    if code == "no-leap-month":
        has, none = LEAP_NOTE.get(lang, LEAP_NOTE["en"])
        shown["leap_note"] = has.format(m=shown.get("leap_month")) if shown.get("leap_month") else none
    row = MESSAGES[code]
    return (row.get(lang) or row["en"]).format(**shown)


def local(message: str, lang: str) -> tuple[str, str]:
    """(the message in ``lang``, the language it is in): a message with no code stays as it is,
    in English."""
    refusal = read(message)
    if refusal is None or lang == "en":
        return str(message), "en"
    try:
        return _write(refusal.code, lang, refusal.values), lang
    except (KeyError, IndexError, ValueError):   # a value the template lacks: the English, as it is
        return str(message), "en"
