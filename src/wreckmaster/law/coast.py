"""The coast as the Qing regulations organise it: segments of ten li, each with its station
(公所), its officers and its register of boats; the Rongcheng general bureau; the naval
patrol and the lookouts. Pure data and checks, no IO.

The scenario's optional top-level ``coast`` section (docs/scenario-extensions.md,
"qing-shandong and qing-taiwan"):

- qing-shandong:1 — 每十里為一段，按段設立公所，選派正、副董事各一人、海保一人 … 公所門前高豎木杆
  一枝，晝則懸旗，夜則懸燈 … 將各段村民共有舢舨若干隻編文字號，同船戶姓名登注簿籍，各給執照一張
  … 臨時應聽調用則領燈一盞，並各人發給腰牌一塊 … 準由本段董事發竹簽一支，飛報鄰段派船幫助。若無
  本段董事竹簽請援，他段不得干與 … 在適中處所設一保護總局，舉一、二公正紳士為總董.
- qing-shandong:5 — 執照由道蓋印，發縣加印，發交董、保蓋戳給領 (the licence's three seals).
- qing-shandong:6 — 師船兩號：一駐鏌鋣島，專顧東南；一駐龍鬚島，專顧東北 … 撥兵十二名，分駐管理，
  按月換班 (the naval patrol and the lookouts).
- qing-taiwan:1 — 每十里為一段 … 保舉地甲一人，其島嶼則保舉耆老頭目一名.

Validation of the section (bad input, ``(JSON pointer, message)``): duplicate segment or
boat ids, a boat registered in two segments, two boats with the same number in one
register, references to segments, boats, patrol ships or parties that do not exist, and
events (``boats_dispatched``, ``patrol_joined``) that name them. What the *law* says of the
coast (a missing director, an unlicensed boat used) is for the regimes' findings.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal, Optional

from . import values
from .records import Bounds, Record
from .types import Day, Refs, checked, first_seen


def _positive(value: Any) -> Decimal:
    n = values.number(value)
    if n <= 0:
        raise ValueError(f"must be greater than 0, got {value}")
    return n


Positive = Annotated[Decimal, checked(_positive)]
Seal = Literal["intendant", "county", "station"]


class _Model(Record):
    """A part of the coast section, read strictly (law/records.py)."""


class Licence(_Model):
    """執照 (qing-shandong:1, 5): the boat's licence, printed with the regulations, sealed by
    the intendant (道蓋印), the county (縣加印) and stamped by the station (董、保蓋戳)."""

    number: Optional[str] = None
    seals: list[Seal] = []


class Boat(_Model):
    """A sampan (舢舨) in a segment's register (簿籍), numbered in order (文字號)."""

    id: str
    number: Annotated[int, Bounds(ge=1)]      # its place in the register
    mark: Optional[str] = None                # the register's label, e.g. 天字第一號
    owner: Optional[str] = None               # the boatman (船戶), a party
    licence: Optional[Licence] = None         # 執照; absent: unlicensed
    lamp: bool = False                        # 領燈一盞
    crew: Refs = []                           # the men of the boat (parties)
    badges: Refs = []                         # those of them issued a waist badge (腰牌)


class Station(_Model):
    """The segment's station (公所) and its officers (parties)."""

    name: Optional[str] = None
    director: Optional[str] = None    # 董事 (qing-shandong:1)
    deputy: Optional[str] = None      # 副董事 (qing-shandong:1)
    warden: Optional[str] = None      # 海保 (qing-shandong:1)
    headman: Optional[str] = None     # 地甲 (qing-taiwan:1)
    elder: Optional[str] = None       # 耆老頭目, on islands (qing-taiwan:1)
    flagpole: bool = False            # 高豎木杆一枝，晝則懸旗，夜則懸燈 (qing-shandong:1)
    fund_empty: bool = False          # 局費無款 (qing-shandong:2): the station fund cannot pay


class Segment(_Model):
    """A segment of the coast (段), ten li by law."""

    id: str
    name: Optional[str] = None
    length_li: Optional[Positive] = None
    island: bool = False              # qing-taiwan:1: an island has an elder (耆老頭目), not a headman
    neighbours: Optional[list[str]] = None   # default: the segments before and after it in the list
    station: Optional[Station] = None
    boats: list[Boat] = []


class Bureau(_Model):
    """The general protection bureau (保護總局) of Rongcheng (qing-shandong:1)."""

    name: Optional[str] = None
    officer: Optional[str] = None             # 委員, the deputed officer (a party)
    general_directors: Refs = []              # 總董, one or two gentry (parties)
    segments: Optional[list[str]] = None      # the segments it oversees; default all


class PatrolShip(_Model):
    """A naval boat of the Rongcheng battalion (qing-shandong:6)."""

    id: str
    name: Optional[str] = None
    base: Optional[str] = None                # 鏌鋣島 or 龍鬚島
    watches: list[str] = []                   # the segments it watches over


class Lookout(_Model):
    """A lookout post (瞭望), its men and the start of their monthly shift (qing-shandong:6)."""

    id: str
    place: Optional[str] = None
    segment: Optional[str] = None
    men: Annotated[int, Bounds(ge=0)] = 1
    shift_began: Optional[Day] = None


class Record(_Model):
    """A person's service record before this case (across cases): merits (記功) of an
    official, rewards of a director or headman (qing-shandong:2, qing-taiwan:2)."""

    party: str
    merits: Annotated[int, Bounds(ge=0)] = 0
    rewards: Annotated[int, Bounds(ge=0)] = 0


class Coast(_Model):
    case_segment: Optional[str] = None        # the segment off which the ship is in distress
    segments: list[Segment] = []
    bureau: Optional[Bureau] = None
    patrol: list[PatrolShip] = []
    lookouts: list[Lookout] = []
    records: list[Record] = []

    # --- look-ups ---------------------------------------------------------------------
    def segment(self, ident: str | None) -> Segment | None:
        return next((s for s in self.segments if s.id == ident), None)

    def boat(self, ident: str) -> tuple[Segment, Boat] | None:
        for s in self.segments:
            for b in s.boats:
                if b.id == ident:
                    return s, b
        return None

    def neighbours(self, ident: str) -> list[str]:
        """The segments next to ``ident``: its ``neighbours``, else those before and after it."""
        ids = [s.id for s in self.segments]
        seg = self.segment(ident)
        if seg is None:
            return []
        if seg.neighbours is not None:
            return list(seg.neighbours)
        i = ids.index(ident)
        return [ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids)]

    def under_bureau(self, ident: str | None) -> bool:
        if self.bureau is None or ident is None:
            return False
        return self.bureau.segments is None or ident in self.bureau.segments

    def record(self, party: str) -> Record:
        return next((r for r in self.records if r.party == party), Record(party=party))


def metres(length_li: Decimal | Fraction | int, li_m: Decimal | Fraction | int) -> Fraction:
    """A length in li, in metres (1 li ≈ 576 m: a parameter of the regimes), exactly."""
    return Fraction(length_li) * Fraction(li_m)


# --- validation of references (raw document) -----------------------------------------------
DISPATCH_EVENTS = ("boats_dispatched", "patrol_joined")


def check(doc: dict[str, Any], party_ids: set[str], problems: list[tuple[str, str]]) -> None:
    """Check the ``coast`` section's own ids and references, and the events that name its
    segments, boats and patrol ships. Appends ``(pointer, message)`` to ``problems``."""
    raw = doc.get("coast")
    events = doc.get("events") if isinstance(doc.get("events"), list) else []
    uses = [(i, e) for i, e in enumerate(events) if isinstance(e, dict) and e.get("type") in DISPATCH_EVENTS]
    if raw is None:
        for i, e in uses:
            problems.append((f"/events/{i}", f"a {e.get('type')!r} event names the coast's segments, boats or "
                                             "patrol ships, but the scenario has no coast section"))
        return
    if not isinstance(raw, dict):
        return  # the model reports the type
    segs = _entries(raw.get("segments"))
    seg_ids: dict[str, str] = {}
    boat_at: dict[str, tuple[str, str]] = {}  # boat id → (segment id, pointer)
    for i, s in segs:
        ptr = f"/coast/segments/{i}"
        sid = s.get("id")
        if isinstance(sid, str):
            first_seen(seg_ids, sid, f"{ptr}/id", "segment id", problems)
    for i, s in segs:
        ptr = f"/coast/segments/{i}"
        sid = s.get("id")
        numbers: dict[Any, str] = {}
        for j, b in _entries(s.get("boats")):
            bptr = f"{ptr}/boats/{j}"
            bid = b.get("id")
            if isinstance(bid, str):
                if bid in boat_at:
                    other, where = boat_at[bid]
                    problems.append((f"{bptr}/id", f"boat {bid!r} is already in the register of segment "
                                                   f"{other!r} ({where}): a boat belongs to one segment"))
                else:
                    boat_at[bid] = (sid, f"{bptr}/id")
            num = b.get("number")
            if isinstance(num, int) and not isinstance(num, bool):
                first_seen(numbers, num, f"{bptr}/number", "boat number", problems,
                           where=f" in the register of segment {sid!r}")
            _party(b.get("owner"), f"{bptr}/owner", party_ids, problems)
            for key in ("crew", "badges"):
                _parties(b.get(key), f"{bptr}/{key}", party_ids, problems)
        station = s.get("station")
        if isinstance(station, dict):
            for key in ("director", "deputy", "warden", "headman", "elder"):
                _party(station.get(key), f"{ptr}/station/{key}", party_ids, problems)
        nb = s.get("neighbours")
        if isinstance(nb, list):
            for j, n in enumerate(nb):
                _segment(n, f"{ptr}/neighbours/{j}", seg_ids, problems)
                if n == sid:
                    problems.append((f"{ptr}/neighbours/{j}", f"segment {sid!r} cannot be its own neighbour"))
    _segment(raw.get("case_segment"), "/coast/case_segment", seg_ids, problems)
    bureau = raw.get("bureau")
    if isinstance(bureau, dict):
        _party(bureau.get("officer"), "/coast/bureau/officer", party_ids, problems)
        _parties(bureau.get("general_directors"), "/coast/bureau/general_directors", party_ids, problems)
        if isinstance(bureau.get("segments"), list):
            for j, n in enumerate(bureau["segments"]):
                _segment(n, f"/coast/bureau/segments/{j}", seg_ids, problems)
    ship_ids: dict[str, str] = {}
    for i, p in _entries(raw.get("patrol")):
        ptr = f"/coast/patrol/{i}"
        pid = p.get("id")
        if isinstance(pid, str):
            first_seen(ship_ids, pid, f"{ptr}/id", "patrol ship id", problems)
        if isinstance(p.get("watches"), list):
            for j, n in enumerate(p["watches"]):
                _segment(n, f"{ptr}/watches/{j}", seg_ids, problems)
    look_ids: set[str] = set()
    for i, lk in _entries(raw.get("lookouts")):
        if isinstance(lk.get("id"), str):
            if lk["id"] in look_ids:
                problems.append((f"/coast/lookouts/{i}/id", f"duplicate lookout id {lk['id']!r}"))
            look_ids.add(lk["id"])
        _segment(lk.get("segment"), f"/coast/lookouts/{i}/segment", seg_ids, problems)
    seen_records: set[str] = set()
    for i, r in _entries(raw.get("records")):
        _party(r.get("party"), f"/coast/records/{i}/party", party_ids, problems)
        if isinstance(r.get("party"), str):
            if r["party"] in seen_records:
                problems.append((f"/coast/records/{i}/party", f"a second record for {r['party']!r}"))
            seen_records.add(r["party"])
    for i, e in uses:
        ptr = f"/events/{i}"
        if e.get("type") == "boats_dispatched":
            sid = e.get("segment")
            _segment(sid, f"{ptr}/segment", seg_ids, problems)
            boats = e.get("boats")
            for j, bid in _texts(boats):
                sub = f"{ptr}/boats/{j}" if isinstance(boats, list) else f"{ptr}/boats"
                if bid not in boat_at:
                    problems.append((sub, f"no boat with id {bid!r} in the coast's registers"))
                elif isinstance(sid, str) and sid in seg_ids and boat_at[bid][0] != sid:
                    problems.append((sub, f"boat {bid!r} is in the register of segment {boat_at[bid][0]!r}, "
                                          f"not of segment {sid!r}"))
        else:
            ships = e.get("ships")
            for j, pid in _texts(ships):
                sub = f"{ptr}/ships/{j}" if isinstance(ships, list) else f"{ptr}/ships"
                if pid not in ship_ids:
                    problems.append((sub, f"no patrol ship with id {pid!r} in coast.patrol"))


def _entries(seq: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(i, e) for i, e in enumerate(seq) if isinstance(e, dict)] if isinstance(seq, list) else []


def _texts(value: Any) -> list[tuple[int, str]]:
    vals = value if isinstance(value, list) else ([] if value is None else [value])
    return [(j, v) for j, v in enumerate(vals) if isinstance(v, str)]


def _segment(value: Any, ptr: str, seg_ids: dict[str, str], problems: list[tuple[str, str]]) -> None:
    if isinstance(value, str) and value not in seg_ids:
        problems.append((ptr, f"no segment with id {value!r} in coast.segments"))


def _party(value: Any, ptr: str, party_ids: set[str], problems: list[tuple[str, str]]) -> None:
    if isinstance(value, str) and value not in party_ids:
        problems.append((ptr, f"no party with id {value!r}"))


def _parties(value: Any, ptr: str, party_ids: set[str], problems: list[tuple[str, str]]) -> None:
    if isinstance(value, list):
        for j, v in enumerate(value):
            _party(v, f"{ptr}/{j}", party_ids, problems)
    else:
        _party(value, ptr, party_ids, problems)
