"""The scenario: one casualty case as data (SCENARIO.md), and its validation.

:func:`validate` turns a parsed document (a ``dict`` whose numbers are exact decimals)
into a :class:`Scenario`, or raises :class:`InvalidScenario` listing **every** problem as
``(JSON pointer, message)``. Validation knows nothing of the law: which regime ids exist is
asked of the registry, and references are checked against the scenario's own ids.
"""
from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal, Optional

from . import types
from .records import Bounds, Check, Invalid, Key, Length, Record
from .events import FUNDS, Event, IdIndex, check_order, parse_events
from .coast import Coast, check as check_coast  # qing-shandong:1, 5, 6; qing-taiwan:1 (the coast section)

FORMAT = "wreckmaster.scenario/1"


# the field types are shared with the other formats (law/types.py); re-exported here
Amount, Number, Frac, Ratio, Day, Refs = types.Amount, types.Number, types.Frac, types.Ratio, types.Day, types.Refs

Waters = Literal["sea", "river"]
Size = Literal["large", "medium", "small"]
Difficulty = Literal["hard", "easy"]


def _sha256(value: Any) -> str:
    """A photograph's content address (issue 27): 64 lowercase hex digits."""
    if not isinstance(value, str) or len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise ValueError("expected a photograph's SHA-256, 64 lowercase hex digits")
    return value


PhotoHash = Annotated[str, Check(_sha256)]


class Model(Record):
    """A part of the scenario, read strictly (law/records.py): unknown keys refused."""


def _degrees(limit: int):
    def read(value: Any):
        n = types.values.number(value, negative_ok=True)
        if not -limit <= n <= limit:
            raise ValueError(f"must be between -{limit} and {limit} degrees, got {value}")
        return n
    return types.checked(read)


class Position(Model):
    """A position in WGS 84 degrees (issue 15; docs/scenario-extensions.md, "Positions")."""
    lat: Annotated[types.Decimal, _degrees(90)]
    lon: Annotated[types.Decimal, _degrees(180)]


class ComputedDistance(Model):
    """The distance from the coast computed by ``wreckmaster.geo`` before the engine runs (a fact
    stored with the case: the engine imports no geometry). ``distance_m`` is 0 on land."""
    distance_m: Number
    uncertainty_m: Number
    on_land: bool = False
    nearest: Optional[Position] = None
    source: str
    data_version: str
    region: Optional[str] = None
    components: dict[str, Number] = {}
    component_sources: dict[str, str] = {}


class NearbyStation(Model):
    segment: str
    station: Optional[str] = None
    distance_m: Number            # along the coast from the casualty's nearest coast point


class ComputedStation(Model):
    """The Qing station responsible for a position, computed by ``wreckmaster.geo`` (issue 15)."""
    register_id: str              # the station register (the regime's stations.yaml), e.g. qing-shandong-rongcheng
    segment: str
    station: Optional[str] = None
    distance_m: Number            # along the coast from the station to the casualty's nearest coast point
    neighbours: list[NearbyStation] = []
    signals_reach: list[str] = []  # the segments whose stations see the signal (within the reach parameter)
    source: str
    data_version: str


class ComputedOffice(Model):
    """The nearest municipal office of the period for a position (jp-1899 art 2: 最近地ノ市町村長),
    computed by ``wreckmaster.geo`` from its gazetteer; straight-line distance."""
    name: str
    name_en: Optional[str] = None
    kind: Optional[str] = None
    distance_m: Number
    source: str
    data_version: str


class Vessel(Model):
    name: Optional[str] = None
    owner: Optional[str] = None
    master: Optional[str] = None
    size: Optional[Size] = None
    government: bool = False
    foreign: bool = False
    # jp-1899 art 10 ¶1 proviso (docs/scenario-extensions.md): no wreck report (船難報吿書) for these ships
    no_nationality_certificate: bool = False   # not required to apply for a 船舶國籍證書
    inland_waters_only: bool = False           # navigates only lakes, rivers and harbours (湖川港灣ノミ)
    # documents (docs/scenario-extensions.md): the wreck report's particulars (jp-1899 art 10)
    tonnage: Optional[Number] = None           # gross tonnage (總噸數)
    port: Optional[str] = None                 # port of registry (船籍港)


class CostBearer(Model):
    party: str
    share: Frac


class Case(Model):
    occurred: Day
    place: Optional[str] = None
    report: Optional[str] = None     # issue 27: the finder's online report (POST /api/reports) this case was opened from
    waters: Waters = "sea"
    kind: Literal["wreck", "stranding", "jettison", "drift"]
    vessel: Optional[Vessel] = None
    cost_bearers: list[CostBearer] = []
    total_loss: bool = False
    rescue_effective: bool = True
    at_home_port: bool = False
    master_absent: bool = False
    hypothetical: bool = False       # SCENARIO.md "Time": apply the regime even outside its period in force (law/scope.py)
    territory: Literal["france", "algeria", "colony", "protectorate", "other"] = "france"
    decree: bool = False
    signal: Optional[Literal["aground-sound", "breached"]] = None
    # issue 15 (docs/scenario-extensions.md, "Positions"): given, or computed by wreckmaster.geo
    position: Optional[Position] = None
    distance_computed: Optional[ComputedDistance] = None
    station_computed: Optional[ComputedStation] = None
    office_computed: Optional[ComputedOffice] = None
    # jp-1899 (docs/scenario-extensions.md):
    mayor_not_involved: bool = False   # art 20 proviso: the mayor took no part in the rescue (市町村長救護ニ干與セサル)
    treaty: bool = False               # art 23: a treaty provides otherwise for this case (條約ニ別段ノ定)
    # jp-1899-2025 (SCENARIO.md "Municipal holidays"): the office's own closing days, besides the law's
    # holidays (地方自治法 art 4-2); `case export` writes them from the office, the engine reads only these
    closed_days: list[Day] = []
    general_average: Optional[str] = None  # jp-village-ferry art 23: the wreckmaster.average/1 file adjusting this case's general average
    # jp-1875 (docs/scenario-extensions.md):
    village: Optional[str] = None    # art 18: the village (浦方) where the casualty is handled
    flood: bool = False              # art 37: goods carried off by a storm, flood or the like (暴風洪水等); drift rules apply
    negligence: bool = False         # art 26: the master or person in charge was negligent (怠慢)
    unforeseeable: bool = False      # art 26: clearly proved beyond human foresight and prevention (人智ノ前知ス可カラス)
    loss: Optional[Amount] = None    # art 26: the loss caused (右損失), to be made good by a negligent master
    hull: Optional[Literal["intact", "damaged", "broken", "sunk"]] = None   # arts 11, 14, 15: the hull's fate (皆破 broken up, 沈没 sunk)
    heavy_cargo_loss: bool = False   # art 14: the cargo suffered great damage (積荷ノ大損害)
    joint_settlement: bool = False   # art 14: a settlement in the owners' presence is needed (荷主船主立会決算ヲ要スル)
    many_hands: Optional[bool] = None  # art 4: the official judged many hands needed (多人数ヲ要スル); default: art 14's facts
    # documents (docs/scenario-extensions.md): what the wreck report (船難報吿書) and the sea protest tell
    distress: Optional[str] = None   # how the distress came about (遭難ノ顚末)
    damage: Optional[str] = None     # the damage to the ship (船體ノ損害)
    dead: Optional[Annotated[int, Bounds(ge=0)]] = None      # persons killed, besides parties with casualty: killed
    injured: Optional[Annotated[int, Bounds(ge=0)]] = None   # persons injured, besides parties with casualty: injured


class Party(Model):
    id: str
    name: Optional[str] = None
    contact: Optional[str] = None    # issue 27: how to reach a finder or claimant who reported online (never public)
    roles: list[str] = []
    obstructed: bool = False
    can_pay: bool = True
    # jp-1875 (docs/scenario-extensions.md):
    village: Optional[str] = None    # art 18: the village a coast official comes from
    heroic: bool = False             # art 16: braved danger to save crew from certain death (危難ヲ冒シテ)
    casualty: Optional[Literal["killed", "injured"]] = None   # art 16 (a rescuer), art 21#7 (crew): killed or injured
    # jp-1899-2025 (docs/scenario-extensions.md):
    caused_distress: bool = False    # art 12 ¶2 item 2: caused the distress by intent, neglect or negligence (故意、懈怠又ハ過失)
    # documents, issue 26 (docs/scenario-extensions.md, "Documents"): printed on the forms, never on the public board
    address: Optional[str] = None
    telephone: Optional[str] = None
    # issue 28 (docs/scenario-extensions.md, "Persons across cases"; every regime): the registered
    # person (an office's official, director or headman) this party is; the ledger reads it
    person: Optional[str] = None

    def has(self, role: str) -> bool:
        return role in self.roles


class Found(Model):
    date: Optional[Day] = None
    by: Refs = []
    waters: Optional[Waters] = None
    state: Optional[Literal["floating", "sunk", "ashore"]] = None
    distance_from_coast_m: Optional[Number] = None
    diving: bool = False
    soaked: Optional[bool] = None    # qing-shandong art 4: the official found the goods soaked with sea water (海水濕透);
                                     # not given: true for goods recovered by diving at sea (reading qing-shandong-4-soaked-default)
    position: Optional[Position] = None                     # issue 15
    distance_computed: Optional[ComputedDistance] = None    # issue 15: computed by wreckmaster.geo


class Item(Model):
    id: str
    description: Optional[str] = None
    kind: Literal["cargo", "vessel", "gear", "mail", "baggage", "valuables", "timber"] = "cargo"   # timber: jp-1899-2025 arts 24, 27 (材木)
    value: Optional[Amount] = None
    owner: Optional[str] = None
    found: Optional[Found] = None
    important: bool = False
    effort_evidenced: bool = True
    perishable: bool = False
    difficulty: Optional[Difficulty] = None
    quantity: Optional[Literal["many", "few"]] = None
    award_fraction: Optional[Frac] = None
    customs_duty: Optional[Amount] = None
    salvor_expenses: Optional[Amount] = None
    declared_value: Optional[Amount] = None
    photos: Annotated[list[PhotoHash], Length(max=20)] = []   # issue 27: photographs, by SHA-256 (store/public.py)
    dimensions_m: Optional[Annotated[list[Number], Length(min=3, max=3)]] = None
    weight_kg: Optional[Number] = None
    hand_carried: bool = False
    # SCENARIO.md: how many pieces (個) of equal value; default 1 (jp-village-ferry arts 18-19 cap a piece)
    pieces: Optional[Annotated[int, Bounds(ge=1, le=10**9)]] = None
    freight_paid: bool = False       # jp-1899 art 16 ¶3 item 3: baggage carried for freight is not released unpaid
    provisions: bool = False         # jp-1899 art 16 ¶3 item 2 (today's wording): food of the crew and passengers (食料)
    government: bool = False         # jp-1875 art 24: tribute rice (貢米) or other government goods (官物)
    # jp-village-ferry (docs/scenario-extensions.md):
    dangerous: bool = False      # arts 5, 7, 13 proviso, 15: may endanger the hull, other cargo, people or animals
    marked: bool = False         # arts 5, 6: kind and properties marked where easily seen outside
    parcel: bool = False         # arts 12, 17, 22: a parcel (小荷物); compensated as goods under art 18
    manifest_value: Optional[Amount] = None   # art 18 proviso: value in the cargo manifest (積荷目録) or its substitute
    market_value: Optional[Amount] = None     # art 18 proviso: market price at the port of discharge on the day of arrival
    charges_saved: Optional[Amount] = None    # art 18 proviso: charges and other expenses deducted (使用料その他の費用)
    valuation: Optional[Literal["manifest", "market"]] = None   # art 18 proviso: the value the village pays by
    # documents (docs/scenario-extensions.md): cargo particulars for the wreck report and the notices
    marks: Optional[str] = None      # marks on the packages (記號)
    packing: Optional[str] = None    # how it is packed (荷造: 俵, 樽, 箱)
    # jp-1899-2025 (docs/scenario-extensions.md): the Cabinet Order's sunken goods (art 27 ¶1, one year)
    kept_sunk: bool = False          # kept in custody in the sunken state (沈没した状態で保管)
    in_vessel: bool = False          # goods inside a sunken vessel (沈没船舶内にある物品)


class Person(Model):
    id: str
    name: Optional[str] = None
    rescued_by: Refs = []
    difficulty: Optional[Difficulty] = None
    can_pay: bool = True
    small_boat: bool = False
    castaway: bool = False           # jp-1875 art 35: wrecked at sea, drifted ashore clinging to a mast or gear


class Expense(Model):
    id: str
    category: str
    amount: Optional[Amount] = None
    payee: Optional[str] = None
    date: Optional[Day] = None
    for_: Annotated[Optional[str], Key("for")] = None
    days: Optional[Number] = None
    daily_rate: Optional[Amount] = None
    borrower: Optional[str] = None


class Scenario(Model):
    format: Literal["wreckmaster.scenario/1"]
    regime: str
    as_of: Optional[Day] = None
    case: Case
    parties: list[Party] = []
    items: list[Item] = []
    persons: list[Person] = []
    expenses: list[Expense] = []
    events: list[Event] = []      # parsed by law/events.py, not read as a record field
    coast: Optional[Coast] = None  # qing-shandong:1, 5, 6; qing-taiwan:1: segments, stations, boats (law/coast.py)

    _computed = ("events",)

    # --- look-ups the rules use (indexed once, so a large case stays linear) ----------
    @cached_property
    def _by_id(self) -> dict[str, Any]:
        return {x.id: x for group in (self.parties, self.persons, self.items, self.expenses) for x in group}

    @cached_property
    def _by_type(self) -> dict[str, list[Event]]:
        out: dict[str, list[Event]] = {}
        for e in sorted(self.events, key=lambda e: (e.date, e.index)):
            out.setdefault(e.type, []).append(e)
        return out

    @cached_property
    def _field_index(self) -> dict[tuple[str, str], dict[Any, list[Event]]]:
        return {}

    def party(self, ident: str | None) -> Party | None:
        x = self._by_id.get(ident) if ident is not None else None
        return x if isinstance(x, Party) else None

    def item(self, ident: str | None) -> Item | None:
        x = self._by_id.get(ident) if ident is not None else None
        return x if isinstance(x, Item) else None

    def person(self, ident: str | None) -> Person | None:
        x = self._by_id.get(ident) if ident is not None else None
        return x if isinstance(x, Person) else None

    def events_of(self, *types: str) -> list[Event]:
        """Events of these types, in date order (stable for equal dates)."""
        if len(types) == 1:
            return list(self._by_type.get(types[0], ()))
        return sorted((e for t in types for e in self._by_type.get(t, ())), key=lambda e: (e.date, e.index))

    def where(self, etype: str, key: str, value: Any) -> list[Event]:
        """Events of a type whose field ``key`` is (or, for a list, contains) ``value``, in date order."""
        index = self._field_index.get((etype, key))
        if index is None:
            index = {}
            for e in self._by_type.get(etype, ()):
                v = e.get(key)
                for one in (v if isinstance(v, list) else [v]):
                    index.setdefault(one, []).append(e)
            self._field_index[(etype, key)] = index
        return index.get(value, [])

    def first(self, etype: str, **match: Any) -> Event | None:
        """The earliest event of a type matching every ``field=value`` (a list field: contains)."""
        if not match:
            events = self._by_type.get(etype, [])
            return events[0] if events else None
        (key, value), *rest = match.items()
        for e in self.where(etype, key, value):
            if all(_matches(e.get(k), v) for k, v in rest):
                return e
        return None

    def owner_of(self, item: "Item | str") -> str | None:
        """An item's owner: the one an ``owner_identified`` event names, else ``items[].owner``."""
        ident = item if isinstance(item, str) else item.id
        ev = self.first("owner_identified", item=ident)
        if ev is not None:
            return ev.get("owner")
        found = self.item(ident)
        return found.owner if found is not None else None

    def parties_with(self, role: str) -> list[Party]:
        return [p for p in self.parties if p.has(role)]


def _matches(field_value: Any, wanted: Any) -> bool:
    if isinstance(field_value, list):
        return wanted in field_value
    return field_value == wanted


class InvalidScenario(Exception):
    """Bad input: every problem as (JSON pointer, message)."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))
        self.problems = problems


pointer = types.pointer


# --- references -----------------------------------------------------------------------
def _ids(doc: dict[str, Any], problems: list[tuple[str, str]]) -> IdIndex:
    seen: dict[str, tuple[str, int]] = {}
    groups: dict[str, set[str]] = {}
    for section in ("parties", "persons", "items", "expenses"):
        groups[section] = set()
        entries = doc.get(section)
        if not isinstance(entries, list):
            continue
        group = groups[section]
        for i, entry in enumerate(entries):
            ident = entry.get("id") if type(entry) is dict else None
            if type(ident) is not str:
                continue
            if ident in FUNDS:
                problems.append((f"/{section}/{i}/id", f"{ident!r} is a reserved fund name"))
            elif ident in seen:
                first = seen[ident]
                problems.append((f"/{section}/{i}/id", f"duplicate id {ident!r} (first at /{first[0]}/{first[1]}/id)"))
            else:
                seen[ident] = (section, i)     # its pointer is written only for a message
            group.add(ident)
    return IdIndex(groups["parties"], groups["persons"], groups["items"], groups["expenses"])


def _check_refs(doc: dict[str, Any], ids: IdIndex, problems: list[tuple[str, str]]) -> None:
    def ref(kind: str, value: Any, ptr: str) -> None:
        if value is None:
            return
        for j, v in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(v, str):
                try:
                    ids.check(kind, v)
                except ValueError as exc:
                    problems.append((f"{ptr}/{j}" if isinstance(value, list) else ptr, str(exc)))

    def entries(section: str) -> list[tuple[int, dict[str, Any]]]:
        seq = doc.get(section)
        return [(i, e) for i, e in enumerate(seq) if isinstance(e, dict)] if isinstance(seq, list) else []

    case = doc.get("case") if isinstance(doc.get("case"), dict) else {}
    vessel = case.get("vessel") if isinstance(case.get("vessel"), dict) else {}
    ref("party", vessel.get("owner"), "/case/vessel/owner")
    ref("party", vessel.get("master"), "/case/vessel/master")
    for i, cb in enumerate(case.get("cost_bearers") or []):
        if isinstance(cb, dict):
            ref("party", cb.get("party"), f"/case/cost_bearers/{i}/party")
    for i, it in entries("items"):
        ref("party", it.get("owner"), f"/items/{i}/owner")
        found = it.get("found")
        if isinstance(found, dict):
            ref("actor", found.get("by"), f"/items/{i}/found/by")
    for i, p in entries("persons"):
        ref("party", p.get("rescued_by"), f"/persons/{i}/rescued_by")
    for i, ex in entries("expenses"):
        ref("target", ex.get("payee"), f"/expenses/{i}/payee")
        ref("subject", ex.get("for"), f"/expenses/{i}/for")
        ref("actor", ex.get("borrower"), f"/expenses/{i}/borrower")


def validate(doc: Any, known_regimes: set[str] | None = None) -> Scenario:
    """Validate a parsed scenario document; raise :class:`InvalidScenario` with every problem."""
    if not isinstance(doc, dict):
        raise InvalidScenario([("/", "a scenario must be a mapping (JSON object)")])
    problems: list[tuple[str, str]] = []
    ids = _ids(doc, problems)
    _check_refs(doc, ids, problems)
    check_coast(doc, ids.parties, problems)  # qing-shandong:1, qing-taiwan:1: the coast section's references
    events = parse_events(doc.get("events"), ids, problems)
    regime = doc.get("regime")
    if known_regimes is not None and isinstance(regime, str) and regime not in known_regimes:
        problems.append(("/regime", f"unknown regime {regime!r} (known: {', '.join(sorted(known_regimes))})"))
    body = {k: v for k, v in doc.items() if k != "events"}
    try:
        scenario = Scenario.read(body)
    except Invalid as exc:
        problems = types.problems(exc) + problems
        scenario = None
    if scenario is not None and scenario.as_of is not None and scenario.case.occurred > scenario.as_of:
        problems.append(("/case/occurred", f"the case occurred on {scenario.case.occurred}, after as_of "
                                           f"{scenario.as_of}: a case is not known before it happens (law/asof.py)"))
    if scenario is not None:  # SCENARIO.md "Time": an event about an item before its find is impossible order
        problems += check_order(events, {i.id: i.found.date for i in scenario.items
                                         if i.found is not None and i.found.date is not None})
    if problems:
        raise InvalidScenario(types.dedupe(problems))
    assert scenario is not None
    return scenario.replace(events=events)
