"""The rescue itself: arts 2–7.

第二条 各地浦方ニ於テ難破救助ノ為メ其管庁ヨリ … 適宜ニ浦役人ヲ申付置クヘシ
  (the competent office appoints coast officials, 浦役人, in advance) → coast_officials.
第三条 … 最寄ノ者見附次第直チニ浦役人ニ報知シ且ツ浦役人ヨリ指図無之トモ速カニ助船ヲ出シ救助方精々尽力致ス可シ
  但シ救助ノ者困難船ニ漕寄セ候節船長其他重立タル者ヨリ頼談無之内ハ猥リニ船中ノ物品ヲ積ミ移ス可カラス
  (whoever sees a ship in distress reports at once to a coast official and puts out boats;
  rescuers do not transship goods until the master or another senior person asks)
  → distress_report, transshipment.
第四条 … 若シ多人数ヲ要スル程ノ大難船ト見受ケ候節ハ板木半鐘等打鳴ラシ人数ヲ呼聚メ且近隣ノ船持ニ申付助船ヲ出サシム可シ
  (a major wreck: sound the clappers and bells, order the neighbours' boats out) → major_wreck_callout.
第五条 … 成丈ケ失費掛カラサル様篤ク注意致シ救助方行届候ハヽ早速人数ヲ退散セシムヘシ
  (as little expense as possible; the people dismissed as soon as the rescue is done)
  → economy_and_dismissal.
第六条 保安シタル船具積荷其他ノ物品ハ最安全ニシテ且便利ノ場所ニ之ヲ置クヘシ尤モ小屋掛ケヲ要シ番人ヲ差置クヘキ程ノ場合ニ於テハ …
  (secured goods kept in the safest, most convenient place; sheds and watchmen when needed)
  → safe_keeping.
第七条 難破ニ逢ヒタル船長又ハ乗組ノ者ハ上陸次第直チニ電信郵便其他ノ急報ヲ以テ之ヲ船主又ハ荷主ニ報知ス可シ
  (the master or crew, on landing, notify the shipowner or cargo owner at once) → notify_owners.
"""
from __future__ import annotations

from wreckmaster.law.messages import shape
from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import crew_member, drift_case, ids, major_wreck_facts, many_hands, master, name, officials, owner_side


@rule(cites=["jp-1875:2"],
      reads=[])
def coast_officials(ctx: Context) -> None:
    """Art 2: the case's coast officials are the parties with the role ``official``."""
    if officials(ctx):
        return
    ctx.finding("info", "no-coast-official", "jp-1875:2")
    ctx.step("coast_officials", "jp-1875:2", "no-coast-official-named", readings=["jp-1875-2-officials"])


@rule(cites=["jp-1875:3"],
      reads=["event:reported", "case.flood", "case.kind", "case.occurred", "case.office_computed", "case.position",
            "expense.date", "expense.days", "found.by", "found.date", "item.kind", "party.name",
            "person.name", "vessel.name"])
def distress_report(ctx: Context) -> None:
    """Art 3: the first report of the distress, made at once to a coast official."""
    nearest_village(ctx)  # issue 15: from case.position (case.office_computed)
    if drift_case(ctx):
        return  # drift goods are reported under art 29
    reports = ctx.scenario.events_of("reported")
    if not reports:
        ctx.finding("warning", "distress-not-reported", "jp-1875:3")
        return
    first = reports[0]
    offs = set(officials(ctx))
    to_official = [r for r in reports if not r.get("to") or offs & set(r.get("to"))]
    delay = (first.date - ctx.case.occurred).days
    ctx.step("distress_report", "jp-1875:3", "distress-reported", by=ids(first.get("by")), date=first.date,
             to=ids(first.get("to")), delay=delay, variant="to" if first.get("to") else None,
             inputs={"by": first.get("by"), "to": first.get("to"), "date": first.date, "occurred": ctx.case.occurred},
                 readings=["jp-1875-3-first-report"])
    if not to_official:
        ctx.finding("warning", "report-not-to-official", "jp-1875:3", variant="distress", to=str(ids(first.get('to'))))


def nearest_village(ctx: Context) -> None:
    """Art 3, 最寄ノ者 … 浦役人ニ報知: the village office nearest the casualty's position, as
    ``wreckmaster.geo`` computed it (``case.office_computed``; reading ``jp-1875-3-nearest-village``)."""
    office = ctx.case.office_computed
    if office is None:
        return
    ctx.finding("info", "nearest-office", "jp-1875:3", office=str(office.name),
                office_en=str(office.name_en or ''), distance_m=str(office.distance_m),
                source=str(office.source), data_version=str(office.data_version))
    ctx.step("nearest_office", "jp-1875:3", "nearest-office", office=office.name, distance_m=office.distance_m,
             inputs={"office": office.name, "distance_m": office.distance_m, "data_version": office.data_version},
                 readings=["jp-1875-3-nearest-village"])


@rule(cites=["jp-1875:3"],
      reads=["event:goods_moved", "expense.date", "found.by", "found.date"])
def transshipment(ctx: Context) -> None:
    """Art 3 proviso: no goods moved from the ship until the master or a senior person asks."""
    for ev in ctx.scenario.events_of("goods_moved"):
        what = ids(ev.get("items")) if ev.get("items") else "goods"
        if ev.get("requested_by_master"):
            ctx.step("transshipment", "jp-1875:3", "goods-moved-on-request", by=ids(ev.get("by")), what=what,
                     date=ev.date, readings=["jp-1875-3-transship-request"])
            continue
        ctx.finding("warning", "goods-moved-without-request", "jp-1875:3", by=str(ids(ev.get('by'))), what=str(what),
                    what_ja=ids(ev.get("items")) if ev.get("items") else "物品", date=str(ev.date))
        ctx.step("transshipment", "jp-1875:3", "goods-moved-without-request", by=ids(ev.get("by")), what=what,
                 date=ev.date, readings=["jp-1875-3-transship-request"])


@rule(cites=["jp-1875:4"],
      reads=["event:called_out", "case.dead", "case.flood", "case.heavy_cargo_loss", "case.hull",
            "case.joint_settlement", "case.kind", "case.many_hands", "case.total_loss", "case.vessel",
            "expense.date", "found.date", "item.kind", "party.casualty", "vessel.master"])
def major_wreck_callout(ctx: Context) -> None:
    """Art 4: a major wreck needing many hands — bells and clappers, and the neighbours' boats."""
    vessel = ctx.case.vessel
    if drift_case(ctx) or vessel is None or not many_hands(ctx):
        return
    calls = ctx.scenario.events_of("called_out")
    bells = next((c for c in calls if c.get("bells")), None)
    boats = next((c for c in calls if c.get("neighbour_boats")), None)
    ctx.step("major_wreck_callout", "jp-1875:4", "many-hands-called", facts=", ".join(major_wreck_facts(ctx)),
             bells=bells.date if bells else None, boats=boats.date if boats else None,
             variant=("judged" if ctx.case.many_hands else "by-facts") + ("-bells" if bells else "")
             + ("-boats" if boats else ""),
             inputs={"many_hands": ctx.case.many_hands, "facts": major_wreck_facts(ctx)},
                 readings=["jp-1875-4-major-wreck"])
    if bells is None:
        ctx.finding("warning", "alarm-not-sounded", "jp-1875:4")
    if boats is None:
        ctx.finding("warning", "neighbour-boats-not-ordered", "jp-1875:4")


@rule(cites=["jp-1875:5"],
      reads=["event:dismissed", "case.flood", "case.kind", "expense.category", "expense.date", "found.date",
            "item.kind"])
def economy_and_dismissal(ctx: Context) -> None:
    """Art 5: as little expense as possible; the people dismissed once the rescue is done."""
    if drift_case(ctx):
        return
    hired = [e for e in ctx.scenario.expenses if e.category in ("labour", "boats")]
    if not hired:
        return
    dismissed = ctx.scenario.first("dismissed")
    if dismissed is None:
        ctx.finding("info", "dismissal-not-recorded", "jp-1875:5", hired=str(ids([e.id for e in hired])))
        return
    late = [e for e in hired if e.date is not None and e.date > dismissed.date]
    ctx.step("economy_and_dismissal", "jp-1875:5", "people-dismissed", date=dismissed.date,
             hired=ids([e.id for e in hired]), late=ids([e.id for e in late]), variant="late" if late else None,
             readings=["jp-1875-5-dismissal"])
    for e in late:
        ctx.finding("warning", "labour-after-dismissal", "jp-1875:5", expense=repr(e.id), category=str(e.category),
                    date=str(e.date), dismissed=str(dismissed.date))


@rule(cites=["jp-1875:6"],
      reads=["event:mail_handed_over", "event:stored", "case.flood", "case.kind", "case.place",
            "expense.date", "found.date", "item.found", "item.kind"])
def safe_keeping(ctx: Context) -> None:
    """Art 6: every secured thing put in a safe and convenient place; sheds and watchmen when needed."""
    if drift_case(ctx):
        return
    stored = ctx.scenario.events_of("stored")
    kept = {i for ev in stored for i in ev.get("items")}
    handed = {i for ev in ctx.scenario.events_of("mail_handed_over") for i in ev.get("items")}
    for ev in stored:
        extra = [w for w, flag in (("a shed (小屋掛ケ)", ev.get("shed")), ("a watchman (番人)", ev.get("guard"))) if flag]
        ctx.step("safe_keeping", "jp-1875:6", "goods-stored", items=ids(ev.get("items")), date=ev.date,
                 place=ev.get("place"), kept_with=" and ".join(extra),
                 variant=shape(("at-place", ev.get("place")), ("with-shed-or-watchman", extra)),
                 readings=["jp-1875-6-storage"])
    missing = [i.id for i in ctx.scenario.items if i.found is not None and i.id not in kept and i.id not in handed]
    if missing:
        ctx.finding("warning", "storage-not-recorded", "jp-1875:6", missing=str(ids(missing)))


@rule(cites=["jp-1875:7"],
      reads=["event:landed", "event:owner_notified", "case.cost_bearers", "case.flood", "case.kind",
            "case.vessel", "expense.date", "expense.days", "found.by", "found.date", "item.kind",
            "item.owner", "party.name", "party.person", "person.name", "vessel.master", "vessel.name",
            "vessel.owner"])
def notify_owners(ctx: Context) -> None:
    """Art 7: the master or crew, as soon as they land, notify the shipowner or cargo owner."""
    if drift_case(ctx):
        return
    landings = [e for e in ctx.scenario.events_of("landed") if any(crew_member(ctx, b) for b in e.get("by"))]
    if not landings:
        return
    landed = landings[0]
    side = owner_side(ctx)
    owners = set(side[0]) if side else set()
    owners |= {i.owner for i in ctx.scenario.items if i.owner}
    m = master(ctx)
    if owners and owners <= {m}:
        ctx.step("notify_owners", "jp-1875:7", "master-is-the-owner", master=name(ctx, m),
                 readings=["jp-1875-7-at-once"])
        return
    notice = ctx.scenario.first("owner_notified")
    if notice is None:
        ctx.finding("warning", "owners-not-notified", "jp-1875:7", by=str(ids(landed.get('by'))),
                    date=str(landed.date))
        return
    delay = (notice.date - landed.date).days
    ctx.step("notify_owners", "jp-1875:7", "owners-notified", by=ids(landed.get("by")), landed=landed.date,
             notified=notice.date, to=ids(notice.get("to")), days=max(delay, 0),
             variant="to" if notice.get("to") else None,
             inputs={"landed": landed.date, "notified": notice.date}, readings=["jp-1875-7-at-once"])
