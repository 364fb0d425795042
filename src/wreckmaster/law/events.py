"""Event types of the scenario format, and their validation.

SCENARIO.md lists the event types of version 1; regimes add others in the same style
(documented in ``docs/scenario-extensions.md``). Every event has ``type`` and ``date``;
the other fields are declared here with a *kind* that says how to read and check them:

- ``actor`` / ``actors``: one / one or more ids of parties or persons (a single id or a list)
- ``party``: a party id; ``target``: a party, person or fund
- ``item`` / ``items``: one / one or more item ids; ``subject``: an item or a person
- ``amount``, ``amounts`` (a list), ``ratio`` (0–1), ``fraction``, ``date``, ``text``, ``texts`` (one or more),
  ``bool``, ``count`` (a whole number ≥ 0), ``enum:a|b|c``

A field name ending in ``!`` is required.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from . import values

FUNDS = ("government", "local-public", "station-fund", "customs", "custody", "unclaimed")

DAMAGE_CAUSES = (
    "storm", "collision", "stranding", "fire", "theft", "strike", "inherent-vice", "decay",
    "vermin", "packing", "deck-cargo", "gear-defect", "lien", "deviation", "docking",
    "handling", "other",
)

#: type → {field: kind}. "!" marks a required field.
EVENT_TYPES: dict[str, dict[str, str]] = {
    # SCENARIO.md, version 1
    "reported": {"by!": "actors", "to": "actors"},
    "notice_posted": {"items!": "items"},
    "notice_wide": {"items!": "items", "to": "text"},
    "owner_identified": {"item!": "item", "owner!": "party"},
    "sold": {"item!": "item", "price!": "amount", "bids": "amounts"},
    "reward_decided": {"to!": "actor", "amount!": "amount", "for": "subject"},
    "landed": {"by!": "actors", "items": "items"},
    "declared": {"by!": "actors", "to": "actors", "items!": "items"},
    "owner_notified": {"to": "actors"},
    "refloating_started": {"by": "actors"},
    "claim_period_set": {"due!": "date"},
    "claim_filed": {"by!": "actor", "amount!": "amount"},
    "expenses_notified": {"to!": "actor", "due!": "date"},
    "paid": {"by!": "actor", "amount!": "amount"},
    "hire_agreed": {"amount!": "amount", "items!": "items", "to": "actors"},   # to: the boatmen hired (qing-shandong:3; default the items' finders)
    "loaded": {"items!": "items"},
    "unloaded": {"items!": "items"},
    "damaged": {"item!": "item", "ratio!": "ratio", "cause!": "enum:" + "|".join(DAMAGE_CAUSES)},
    # --- added for jp-1875 (docs/scenario-extensions.md) ---
    "goods_moved": {"by!": "actors", "items": "items", "requested_by_master": "bool"},   # art 3 proviso
    "called_out": {"by": "actors", "bells": "bool", "neighbour_boats": "bool"},   # art 4: 板木半鐘, neighbours' boats
    "dismissed": {"by": "actors"},   # art 5: the people gathered for the rescue sent home
    "stored": {"items!": "items", "place": "text", "shed": "bool", "guard": "bool"},   # art 6
    "fee_in_kind": {"items!": "items", "by": "actors"},   # art 8 proviso: the owner pays the fee in kind (現物)
    "decided": {"officials": "actors", "crew": "actors", "matter": "text",
                "record_copies": "count", "copy_to_master": "bool"},   # arts 14, 17, 18: a joint decision (合議)
    "referred_to_authority": {"by": "actors", "to": "text"},   # arts 14, 22, 23, 24: the case put to the 管庁
    "persons_reported": {"persons!": "actors", "by": "actors", "to": "text"},   # arts 16, 35: named persons reported
    "mail_handed_over": {"items!": "items", "to": "text"},   # art 24 proviso: mailbags to the post office
    "settlement_submitted": {"officials": "actors", "crew": "actors", "owner_present": "bool",
                             "wreck_statement": "bool"},   # art 19: 精算書 with 難破明細書 to the 管庁
    "settlement_approved": {},   # art 20: the 管庁 returned the settlement statement, nothing in doubt
    "payment_deferred": {"by!": "actor", "until!": "date", "amount": "amount"},   # art 20: days of grace granted
    "sea_protest_requested": {"by!": "actor"},   # art 21: the master applies for a 浦証文
    "examined": {"persons!": "actors", "by": "actors", "separately": "bool", "accounts_agree": "bool",
                 "log_compared": "bool"},   # art 21: examination of the master and crew
    "sea_protest_issued": {"by": "actors", "copy_to_authority": "bool", "place_time_weather": "text",
                           "damage": "text", "cargo": "text", "ship": "text", "cargo_owners": "text",
                           "ports": "text", "casualties": "text"},   # art 21: the certificate and its 7 items
    "concealed_sale": {"by!": "actors", "items": "items"},   # art 27: goods falsely said sunk and sold in secret
    "theft": {"by!": "actors", "items": "items",
              "part": "enum:principal|accomplice|concealer|receiver"},   # art 28: theft or plunder at a wreck
    "unreported_use": {"by!": "actors", "items!": "items", "sold": "bool"},   # art 36: drift goods used or sold unreported
    # --- added for jp-1899 ---
    "at_scene": {"by!": "actors"},   # arts 3, 4: the mayor (or a police official in his stead) at the scene
    "master_refused": {"by!": "actor"},   # art 5 ¶1: the master refuses the rescue (his will against it)
    "mayor_override": {"ground!": "enum:insufficient-means|bad-faith", "by": "actor"},   # art 5 ¶2
    "summoned": {"by!": "actor", "to!": "actors", "refused": "actors",
                 "good_reason": "bool"},   # art 6: persons summoned; refusals (¶2); jp-1899-2025 art 31 #1: 正当ノ理由
    "requisitioned": {"by!": "actor", "what!": "enum:ship|vehicle|horse|thing|land", "from": "actors",
                      "refused": "actors", "good_reason": "bool"},   # art 6 ¶1: ships, carts, horses, other things; land
                      # used; who refused the requisition or the use of land, with good reason or not (jp-1899-2025 art 31 #1)
    "removed": {"by!": "actor", "persons!": "actors",
                "ground!": "enum:unnecessary|obstruction|wrongful"},   # art 7 ¶1
    "restrained": {"by!": "actor", "persons!": "actors", "assistants": "actors",
                   "refused": "actors"},   # art 7 ¶2-3: a violent person restrained; helpers who refused
    "searched": {"by!": "actor", "from": "actors", "items": "items"},   # art 8: search for concealed goods
    "seized": {"by!": "actor", "items!": "items", "from": "actors"},   # art 8: concealed goods seized (held, art 9)
    "wreck_report": {"by!": "actor", "to": "actor"},   # art 10 ¶1: the master's 船難報吿書 submitted
    "certification_requested": {"by!": "actor"},   # art 10 ¶2: the master asks for certification (認證)
    "report_certified": {"by!": "actor"},   # art 10 ¶2: the mayor certified the wreck report
    "papers_ordered": {"by!": "actor"},   # art 10 ¶3: production of the ship's papers ordered
    "sale_decided": {"items!": "items", "ground!": "enum:perishable|dangerous|costly",
                     "by": "actor"},   # art 11 ¶1: the ground the mayor found for a public sale
    "sale_notice": {"to!": "actor", "items!": "items", "due!": "date"},   # art 11 ¶2-3: notice before the sale
    "security_furnished": {"by!": "actor", "items!": "items",
                           "security": "amount"},   # arts 11 ¶2, ¶4, 16 ¶2: delivery asked against security
    "held_goods_disposed": {"by!": "actor", "items!": "items", "act!": "enum:sale|mortgage|pledge",
                            "approved!": "bool", "proceeds": "amount"},   # art 16 ¶4-5
    # --- added for fr-epaves ---
    "state_intervened": {"urgent": "bool", "by": "actors"},   # art 1 ¶2: the State provides for the refloating
    "advance_paid": {"to!": "actor", "item!": "item", "amount!": "amount", "by": "actors"},   # art 4 ¶3
    "excuse_offered": {"by!": "actors", "reason!": "text", "items": "items"},   # art 2 ¶2: excuse for a late declaration
    # --- added for qing-shandong and qing-taiwan ---
    "boats_dispatched": {"segment!": "text", "boats": "texts", "unregistered": "count", "tally": "bool",
                         "by": "actors", "purpose": "enum:enquire|rescue|carry"},   # qing-shandong:1, 3, 5: a station sends its boats
    "patrol_joined": {"ships!": "texts"},   # qing-shandong:6: naval patrol ships (coast.patrol) joined the rescue
    "case_reported": {"by": "actors", "to": "text"},   # qing-shandong:5: the county's report of the case to the circuit
    "boarded": {"by!": "actors", "consent": "bool"},   # qing-shandong:3, qing-taiwan:3: rescuers went aboard (consent: the master wished it)
    "goods_taken": {"by!": "actors", "items": "items", "consent": "bool"},   # qing-shandong:3: goods carried off the ship
    "master_directed": {"first!": "enum:ship|goods|persons", "to": "actors"},   # qing-shandong:3, qing-taiwan:3
    "acted_without_direction": {"by!": "actors"},   # qing-shandong:3, qing-taiwan:3: 不得自行動手
    "goods_guarded": {"items!": "items", "by": "actors"},   # qing-shandong:3: the station guards goods landed
    "goods_stored": {"items!": "items", "place": "text", "decided_by": "actor"},   # qing-taiwan:3: where the master decides
    "goods_concealed": {"by!": "actors", "items": "items", "how": "enum:hidden|carried-off",
                        "exposed_by": "actors"},   # qing-shandong:2, 3; qing-taiwan:2, 3: plunder (乘危搶奪)
    "accused": {"by!": "actors", "against!": "actors", "founded!": "bool"},   # qing-shandong:3, qing-taiwan:3
    "offenders_seized": {"by!": "actors", "delivered!": "bool"},   # qing-shandong:3: ruffians bound and delivered, or let escape
    "goods_valued": {"items!": "items", "by": "actors"},   # qing-shandong:4, qing-taiwan:4: with the consul for a foreign ship
    # issue 28 (the officials' ledger across cases):
    "circuit_recorded": {"by": "actors", "to": "text"},   # qing-shandong:2 東海關隨時查登, qing-taiwan:2 藩司注冊: the case recorded
    "rescue_neglected": {"by!": "actors", "grave": "bool"},   # qing-shandong:2 疏懈失救 / 有過, qing-taiwan:2 救援不力: did not act
    # --- added for jp-village-ferry ---
    "shipment_declared": {"items!": "items", "by": "actors", "to": "actors"},   # arts 5, 6, 11: declared to the village
    "shipment_accepted": {"items!": "items", "by": "actors"},   # art 5 consent (承諾); art 13 proviso: specially allowed
    "handed_in": {"items!": "items", "by": "actors", "to!": "actors"},   # arts 10, 17: handed to the carrier
    "sailed": {},   # art 17: the ferry sailed (出帆)
    "inspected": {"items!": "items", "witnesses": "actors", "grounds": "text"},   # art 14
    "harm_caused": {"item!": "item", "to!": "target", "amount!": "amount"},   # art 15: harm a dangerous article did to others
    "disposed": {"items!": "items", "by": "actors",
                 "reason!": "enum:undeclared-dangerous|undeclared-heavy|endangering|unclaimed",
                 "how": "enum:sold|carried-back|landed|destroyed|rendered-harmless|other",
                 "harmful": "bool"},   # arts 5.2, 6, 7, 22
    "request_refused": {"items!": "items", "request!": "enum:return|port-change", "by": "actors"},   # art 8
    "discharged_elsewhere": {"items!": "items",
                             "cause!": "enum:riot|labour-dispute|weather|congestion|law|force-majeure|other",
                             "impossible": "bool", "dangerous": "bool", "carried_back": "bool",
                             "place": "text"},   # art 9
    "arrival_notified": {"items!": "items", "to": "actors"},   # art 21
    "delivery_requested": {"items!": "items", "by": "actors"},   # art 22
    "grace_requested": {"until!": "date", "by": "actors"},   # art 20
    "compensation_paid": {"by!": "actor", "to": "target", "amount!": "amount"},   # art 20
    "salvage_rendered": {"by!": "actors", "salvor_owner": "party", "amount": "amount"},   # art 24
    # --- added for jp-1899-2025 (SCENARIO.md "Names for today's Water Rescue Act"; docs/scenario-extensions.md) ---
    "delivered": {"by!": "actors", "to": "actors", "items!": "items"},   # art 24 ¶1: handed to the mayor
    "returned_to_owner": {"by!": "actors", "items!": "items", "to": "actor"},   # art 24 ¶1 proviso: straight to the owner
    "owner_informed": {"items!": "items", "to": "actors"},   # art 25 ¶2 proviso: the known owner told instead of a notice
    "owner_claimed": {"by!": "actor", "items!": "items"},   # art 27 ¶1: the owner asks for delivery (pays reward and costs)
    "owner_waived": {"items!": "items", "by": "actor"},   # art 28 ¶1: the owner declares he will not ask for delivery
    "finder_notified": {"items!": "items", "due!": "date", "to": "actors"},   # art 28 ¶1: take delivery by `due`
    "finder_took": {"by!": "actors", "items!": "items"},   # art 28 ¶2: costs paid, goods taken, ownership acquired
    "finder_waived": {"by!": "actors", "items!": "items"},   # municipal 拾得届: the finder gives up his rights (art 28 ¶3)
    "removed_by_police": {"by!": "actors", "items!": "items", "to": "actors"},   # art 29 ¶1: obstructing goods removed
    "marks_defaced": {"by!": "actors", "items": "items"},   # art 35-2: marks on drifting goods obliterated, damaged or added
    "certified_by_fraud": {"by!": "actor"},   # art 34: certification of the wreck report obtained by fraud
    "handover_refused": {"by!": "actors", "items": "items"},   # art 12 ¶2 item 5: refused to hand over goods of the distress
}

# Optional fields added to version-1 event types (docs/scenario-extensions.md).
# issue 27: photographs of items, by the SHA-256 of the stored bytes (store/public.py); any regime
EVENT_TYPES["photographed"] = {"items!": "items", "photos!": "texts"}

# jp-1875 arts 10, 17, 18: how a sale by tender (入札払) was agreed, held and recorded.
EVENT_TYPES["sold"] = {**EVENT_TYPES["sold"], "officials": "actors", "crew": "actors", "public_notice": "bool",
                       "public_place": "bool", "tender": "bool", "inventory": "bool", "buyer_certificate": "bool",
                       "bids_offered": "count", "record_copies": "count", "copy_to_master": "bool"}

#: fields every event may carry
COMMON_FIELDS = {"note": "text"}

#: SCENARIO.md "Time", impossible order: event types that presuppose the items they name
#: (fields of kind ``item``/``items``) already saved or found — dated before an item's find
#: (``items[].found.date``) they are bad input. Not here, because they may precede a find:
#: ``damaged`` (in the casualty), ``hire_agreed``, ``goods_moved``, ``goods_taken`` (the
#: salvage itself), ``loaded``/``shipment_*``/``handed_in`` (carriage), thefts and searches.
AFTER_FIND = frozenset({
    "notice_posted", "notice_wide", "owner_identified", "sold", "landed", "declared",
    "stored", "fee_in_kind", "mail_handed_over", "unreported_use",              # jp-1875
    "sale_decided", "sale_notice", "security_furnished", "held_goods_disposed",  # jp-1899
    "advance_paid", "excuse_offered",                                            # fr-epaves
    "goods_guarded", "goods_stored", "goods_valued",                             # qing
    "delivered", "returned_to_owner", "owner_informed", "owner_claimed",         # jp-1899-2025
    "finder_notified", "finder_took", "removed_by_police", "owner_waived", "finder_waived",
})


@dataclass(frozen=True)
class Event:
    """One validated event: its type, date, position in the list and typed fields."""

    type: str
    date: date
    index: int
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    @property
    def pointer(self) -> str:
        return f"/events/{self.index}"


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def parse_field(kind: str, value: Any, ids: "IdIndex", errors: list[tuple[str, str]], ptr: str) -> Any:
    """Read one field of kind ``kind``; append (pointer, message) to ``errors`` on failure."""
    try:
        if kind in ("actor", "party", "item", "target", "subject"):
            return ids.check(kind, values.text(value))
        if kind == "texts":  # one text or a list of texts (ids of the coast section: qing)
            vals = _as_list(value)
            if not vals:
                raise ValueError("must name at least one id")
            return [values.text(v) for v in vals]
        if kind in ("actors", "items"):
            out = []
            vals = _as_list(value)
            if not vals:
                raise ValueError("must name at least one id")
            for i, v in enumerate(vals):
                sub = f"{ptr}/{i}" if isinstance(value, list) else ptr
                try:
                    out.append(ids.check(kind[:-1], values.text(v)))
                except ValueError as exc:
                    errors.append((sub, str(exc)))
            return out
        if kind == "amount":
            return values.amount(value)
        if kind == "amounts":
            if not isinstance(value, list):
                raise ValueError("expected a list of amounts")
            out = []
            for i, v in enumerate(value):
                try:
                    out.append(values.amount(v))
                except ValueError as exc:
                    errors.append((f"{ptr}/{i}", str(exc)))
            return out
        if kind == "ratio":
            return values.ratio(value)
        if kind == "fraction":
            return values.fraction(value)
        if kind == "date":
            return values.iso_date(value)
        if kind == "text":
            return values.text(value)
        if kind == "bool":
            return values.boolean(value)
        if kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"expected a whole number ≥ 0, got {value!r}")
            return value
        if kind.startswith("enum:"):
            allowed = kind[5:].split("|")
            if value not in allowed:
                raise ValueError(f"expected one of {', '.join(allowed)}; got {value!r}")
            return value
    except ValueError as exc:
        errors.append((ptr, str(exc)))
        return None
    raise AssertionError(f"unknown field kind {kind}")  # pragma: no cover


class IdIndex:
    """The ids of a scenario, by what they name, for checking references."""

    def __init__(self, parties: set[str], persons: set[str], items: set[str], expenses: set[str]):
        self.parties, self.persons, self.items, self.expenses = parties, persons, items, expenses

    def check(self, kind: str, ident: str) -> str:
        if kind == "party":
            ok, what = ident in self.parties, "party"
        elif kind == "actor":
            ok, what = ident in self.parties or ident in self.persons, "party or person"
        elif kind == "target":
            ok, what = ident in self.parties or ident in self.persons or ident in FUNDS, "party, person or fund"
        elif kind == "item":
            ok, what = ident in self.items, "item"
        elif kind == "subject":
            ok, what = ident in self.items or ident in self.persons, "item or person"
        else:  # pragma: no cover
            raise AssertionError(kind)
        if not ok:
            raise ValueError(f"no {what} with id {ident!r}")
        return ident


def parse_events(raw: Any, ids: IdIndex, errors: list[tuple[str, str]]) -> list[Event]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.append(("/events", "expected a list"))
        return []
    events: list[Event] = []
    for i, ev in enumerate(raw):
        ptr = f"/events/{i}"
        if not isinstance(ev, dict):
            errors.append((ptr, "expected a mapping with type and date"))
            continue
        etype = ev.get("type")
        if etype is None:
            errors.append((f"{ptr}/type", "required"))
            continue
        if not isinstance(etype, str) or etype not in EVENT_TYPES:
            errors.append((f"{ptr}/type", f"unknown event type {values.shown(etype)}"))
            continue
        spec = {k.rstrip("!"): (kind, k.endswith("!")) for k, kind in EVENT_TYPES[etype].items()}
        spec.update({k: (kind, False) for k, kind in COMMON_FIELDS.items()})
        n_before = len(errors)
        when = None
        if "date" not in ev:
            errors.append((f"{ptr}/date", "required"))
        else:
            try:
                when = values.iso_date(ev["date"])
            except ValueError as exc:
                errors.append((f"{ptr}/date", str(exc)))
        data: dict[str, Any] = {}
        for key, value in ev.items():
            if key in ("type", "date"):
                continue
            if key not in spec:
                errors.append((f"{ptr}/{str(key).replace('~', '~0').replace('/', '~1')}",
                               f"unknown key for a {etype!r} event"))
                continue
            data[key] = parse_field(spec[key][0], value, ids, errors, f"{ptr}/{key}")
        for key, (_, required) in spec.items():
            if required and key not in ev:
                errors.append((f"{ptr}/{key}", f"required for a {etype!r} event"))
        if len(errors) == n_before and when is not None:
            events.append(Event(etype, when, i, data))
    return events


def check_order(events: list[Event], found_on: dict[str, date]) -> list[tuple[str, str]]:
    """Impossible order (SCENARIO.md, "Time"): an :data:`AFTER_FIND` event dated before the find
    of an item it names. One problem per event, at ``/events/K/date``, naming the item and its find."""
    problems: list[tuple[str, str]] = []
    for ev in events:
        if ev.type not in AFTER_FIND:
            continue
        spec = EVENT_TYPES.get(ev.type, {})
        for key, kind in spec.items():
            if kind not in ("item", "items"):
                continue
            for ident in _as_list(ev.get(key.rstrip("!")) or []):
                when = found_on.get(ident)
                if when is not None and ev.date < when:
                    problems.append((f"{ev.pointer}/date",
                                     f"a {ev.type!r} event on {ev.date} about item {ident!r}, which was found only "
                                     f"on {when} (items[].found.date): an event about an item cannot come before "
                                     "its find"))
                    break
            else:
                continue
            break
    return problems
