"""The public notice (掲示 / 公告 / 告示 / avis) of the items under notice on the document's date:
what, where and when found, until when the owner may claim, and where to ask.

An item is under notice from the event that posts or publishes it (``notice_posted``,
``notice_wide``) until an event ends it (the owner identified, the item returned, sold,
claimed or handed to the finder) — CASE.md. ``claim_until`` is the last day the law gives the
owner, as the regime's ``claim_until`` hook gives it (one year from the find, six months or a
year from the notice …); otherwise none. The events are the regime's ``notice_starts`` and
``notice_ends``; its title, text and article are its ``words``.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from wreckmaster.law.contributes import resolve

from . import photos
from .common import Ctx, DocumentProblem
from .labels import L, STATES, WATERS

TITLE_OTHER = {"ja": "公告", "zh": "告示", "fr": "Avis", "en": "Public notice"}
BODY = {
    "ja": "左記ノ物件ノ拾得アリ　所有者ハ期限マテニ左ノ役場ヘ申出ツヘシ",
    "zh": "茲將撈獲各物開列於左　物主限期內赴左開衙署認領",
    "fr": "Les objets ci-après ont été recueillis. Leur propriétaire peut les réclamer, jusqu’à la date indiquée, "
          "au bureau ci-dessous.",
    "en": "The things below have been found. Their owner may claim them, until the day shown, at the office below.",
}
ASK = {"ja": "申出先", "zh": "認領處所", "fr": "S’adresser à", "en": "Where to ask"}
ISSUED = {"ja": "公告日", "zh": "告示日期", "fr": "Date de l’avis", "en": "Issued on"}
ISSUER = {"ja": "公告者", "zh": "出示", "fr": "Autorité", "en": "Issued by"}
ADDRESS = {"ja": "所在地", "zh": "地址", "fr": "Adresse", "en": "Address"}
TELEPHONE = {"ja": "電話番号", "zh": "電話", "fr": "Téléphone", "en": "Telephone"}
POSTED = {"ja": "掲示ノ日", "zh": "告示日期", "fr": "Affiché le", "en": "Posted on"}
UNTIL = {"ja": "申出期限", "zh": "認領限期", "fr": "À réclamer jusqu’au", "en": "Claim until"}
NO_LIMIT = {"ja": "期限ノ定ナシ", "zh": "無定限", "fr": "sans délai fixé", "en": "no time limit set"}
OFFICE_ROLES = ("mayor", "official", "administrator", "police")


def _items(ev) -> list[str]:
    got = ev.get("items")
    if got is None:
        got = ev.get("item")
    return [got] if isinstance(got, str) else list(got or [])


def under_notice(scenario, as_of: date) -> list[tuple[Any, date]]:
    """(item, first notice date) of each item under notice on ``as_of``."""
    from wreckmaster.law.contributes import NOTICE_ENDS, NOTICE_STARTS

    from .common import law_of

    law = law_of(scenario.regime)
    start: dict[str, date] = {}
    for ev in scenario.events_of(*(law.notice_starts if law is not None else NOTICE_STARTS)):
        if ev.date <= as_of:
            for i in _items(ev):
                start.setdefault(i, ev.date)
    ends = law.ends_notice if law is not None else None
    ended = set()
    for ev in scenario.events_of(*(law.notice_ends if law is not None else NOTICE_ENDS)):
        if ev.date <= as_of:
            ended.update(i for i in _items(ev) if ends is None or ends(scenario, ev, i))
    return [(scenario.item(i), d) for i, d in start.items() if i not in ended and scenario.item(i) is not None]


def claim_until(scenario, item, posted: date) -> date | None:
    """The regime's own answer (its ``claim_until`` hook, as the service's notice board asks it),
    or None when the regime sets no day."""
    from .common import law_of

    law = law_of(scenario.regime)
    hook = law.claim_until if law is not None else None
    return hook(scenario, item.id, posted) if hook is not None else None


def notice(ctx: Ctx, party: str | None) -> dict[str, Any]:
    s = ctx.scenario
    rows = []
    noticed = under_notice(s, ctx.as_of)
    for item, posted in noticed:
        f = item.found
        where = [s.case.place or ""]
        goods = ctx.words.notice_goods   # the place as recorded; the class of goods goes with the item
        if f is not None and not goods:
            if f.waters:
                where.append(ctx.t(WATERS[f.waters]))
            if f.state:
                where.append(ctx.t(STATES[f.state]))
        until = claim_until(s, item, posted)
        what = item.description or item.id
        if goods:
            what += ("（" if ctx.vertical else " (") + resolve(goods)(ctx, item) + ("）" if ctx.vertical else ")")
        extra = [x for x in (getattr(item, "marks", None), getattr(item, "packing", None)) if x]
        if extra:
            what += ("（" if ctx.vertical else " (") + ("、" if ctx.vertical else ", ").join(extra) + (
                "）" if ctx.vertical else ")")
        rows.append([what, "　".join(w for w in where if w) or "—",
                     ctx.date(f.date) if f is not None and f.date else "—", ctx.date(posted),
                     ctx.date(until) if until else ctx.t(NO_LIMIT)])
    if not rows:
        raise DocumentProblem("/events", f"no item is under notice on {ctx.as_of.isoformat()} (a notice_posted or "
                                         "notice_wide event names the items; an owner identified, a sale or a "
                                         "return ends the notice)")
    offices = ctx.parties_with(*OFFICE_ROLES)
    own = ctx.office if ctx.office.get("office") not in (None, "local") else {}
    office = own.get("name") or (offices[0].name or offices[0].id if offices else (s.case.village or s.case.place or "—"))
    title = ctx.words.notice_title if ctx.lang == (ctx.regime_lang or "ja") else ctx.t(TITLE_OTHER)
    issued = max(posted for _, posted in under_notice(s, ctx.as_of))
    facts = [(ctx.t(ISSUED), ctx.date(issued)), (ctx.t(ASK), office)]
    if own.get("address"):
        facts.append((ctx.t(ADDRESS), ctx.upright(own["address"])))
    if own.get("telephone"):
        facts.append((ctx.t(TELEPHONE), ctx.upright(own["telephone"])))
    facts.append((ctx.t(L["as_of"]), ctx.date(ctx.as_of)))
    body = ctx.words.notice_body if ctx.lang in ctx.words.notice_body else BODY
    sections = [
        {"kind": "text", "paras": [ctx.t(body)]},
        {"kind": "table", "head": [ctx.t(L["what"]), ctx.t(L["found_where"]), ctx.t(L["found"]), ctx.t(POSTED),
                                   ctx.t(UNTIL)], "rows": rows},
        *photos.section(ctx, [item for item, _ in noticed]),
        {"kind": "facts", "rows": facts},
    ]
    head = own.get("head_title") or (ctx.name(offices[0].id) if offices else None)
    if head:
        sections.append({"kind": "signatures", "rows": [{"role": head, "who": None}],
                         "seal_label": ctx.t(L["seal"])})
    cite = ctx.words.notice_cite
    subtitle = "　".join(x for x in (ctx.cite(cite) if cite else "", s.case.place or "") if x) if ctx.vertical else \
        " — ".join(x for x in (ctx.cite(cite) if cite else "", s.case.place or "") if x)
    return {"title": title, "subtitle": subtitle, "sections": sections,
            "running_head": f"{title} — {s.case.place or ''}"}
