"""fr-epaves, art 2: the salvor's declaration of the find (déclaration d’épave) to the
Administrator of Maritime Registration, and its receipt (récépissé). One page per salvor
(``--party`` prints one salvor's), listing the items the salvor picked up, where (on the shore,
at sea and how far out), when, the landing, the declaration's deadline (two clear days) and,
on the receipt, the salvor's share under art 4 as the assessment gives it."""
from __future__ import annotations

from typing import Any

import re
from fractions import Fraction

from wreckmaster.documents import photos
from wreckmaster.documents.common import STATUS, Ctx, DocumentProblem, de
from wreckmaster.documents.labels import L
from wreckmaster.documents.statement import totals

ADMIN_ROLES = ("administrator",)


def _where(ctx: Ctx, item) -> str:
    f = item.found
    fr = ctx.lang == "fr"
    if f.state == "ashore":
        return "sur le rivage" if fr else "on the shore"
    if f.distance_from_coast_m is not None:
        m = f"{f.distance_from_coast_m:,}".replace(",", "\u00a0" if fr else ",")
        return (f"en mer, à {m} m de la côte" if fr else f"at sea, {m} m from the coast")
    return "en mer" if fr else "at sea"


def _salvors(ctx: Ctx, party: str | None) -> list[str]:
    found = [p for i in ctx.scenario.items if i.found for p in i.found.by]
    order = list(dict.fromkeys(found))
    if party is not None:
        if party not in order:
            raise DocumentProblem("--party", f"{ctx.name(party)} ({party}) picked up no item in this case")
        return [party]
    if not order:
        raise DocumentProblem("/items", "no item of this case was picked up (items[].found.by)")
    return order


def _page(ctx: Ctx, salvor: str, receipt: bool) -> list[dict[str, Any]]:
    s = ctx.scenario
    fr = ctx.lang == "fr"
    items = [i for i in s.items if i.found and salvor in i.found.by]
    rows = []
    for i in items:
        landed = next((e for e in s.events_of("landed") if i.id in (e.get("items") or []) or not e.get("items")
                       and salvor in (e.get("by") or [])), None)
        rows.append([i.description or i.id, _where(ctx, i), ctx.date(i.found.date) if i.found.date else "—",
                     ctx.date(landed.date) if landed and i.found.state != "ashore" else "—",
                     ctx.amount(i.value) if i.value is not None else "—"])
    decl = next((e for e in s.events_of("declared") if salvor in (e.get("by") or [])), None)
    admins = ctx.parties_with(*ADMIN_ROLES)
    admin = ctx.name(admins[0].id) if admins else ("l’Administrateur de l’inscription maritime" if fr else
                                                    "the Administrator of Maritime Registration")
    mine = {i.id for i in items}
    declare = [d for d in ctx.a["deadlines"] if any(c.startswith("fr-epaves:2") for c in d["cites"])]
    dues = [d for d in declare if d["party"] == salvor] or [
        d for d in declare if d["party"] is None and set(d["duty"].replace(",", " ").split()) & mine]
    head = [ctx.t(L["what"]), "Lieu" if fr else "Where", "Recueilli le" if fr else "Picked up on",
            "Arrivée à terre" if fr else "Landed on", ctx.t(L["value"])]
    out: list[dict[str, Any]] = [
        {"kind": "facts", "rows": [("Sauveteur" if fr else "Salvor", ctx.name(salvor)),
                                   ("Navire naufragé" if fr else "Wrecked vessel",
                                    s.case.vessel.name if s.case.vessel and s.case.vessel.name else "—"),
                                   (ctx.t(L["place"]), s.case.place or "—"),
                                   ("Déclaration faite à" if fr else "Declared to", admin),
                                   ("Date de la déclaration" if fr else "Declared on",
                                    ctx.date(decl.date) if decl else "　")]},
        {"kind": "table", "heading": "Épaves recueillies" if fr else "Wreck picked up", "head": head, "num": (4,),
         "rows": rows},
        *photos.section(ctx, items),   # the wreck's photographs (issue 27), when the store holds them
    ]
    if dues:
        out.append({"kind": "table", "heading": "Délai de déclaration (deux jours francs)" if fr else
                    "Time to declare (two clear days)",
                    "head": [ctx.t(L["duty"]), ctx.t(L["due"]), ctx.t(L["status"]), ctx.t(L["articles"])],
                    "rows": [[ctx.duty(d), ctx.date(d["due"]), ctx.t(STATUS[d["status"]]), ctx.cites(d["cites"])]
                             for d in dues]})
    if receipt:
        awards = [x for x in ctx.a["awards"] if x["to"] == salvor]
        out.append({"kind": "table", "heading": "Part du sauveteur (art. 4)" if fr else "The salvor’s share (art 4)",
                    "head": [ctx.t(L["for"]), "Taux et base" if fr else "Rate and basis", ctx.t(L["amount"]),
                             ctx.t(L["articles"])], "num": (2,),
                    "rows": [[ctx.name(x["for"]), basis(ctx, x), ctx.amount(x["amount"], x["currency"]),
                              ctx.cites(x["cites"])] for x in awards],
                    "foot": [[ctx.t(L["total"]), "", totals(ctx, awards), ""]] if awards else [],
                    "empty": ctx.t(L["none"])})
        out.append({"kind": "facts", "rows": [(ctx.t(L["as_of"]), ctx.date(ctx.as_of))]})
        out.append({"kind": "text", "paras": [
            (f"L’Administrateur de l’inscription maritime soussigné reconnaît avoir reçu {de(ctx.name(salvor))}, "
             "sauveteur, la déclaration des épaves ci-dessus (loi relative au sauvetage des épaves pendant la durée "
             "de la guerre, art. 2)." if fr else
             f"The undersigned Administrator of Maritime Registration acknowledges receipt from {ctx.name(salvor)}, "
             "salvor, of the declaration of the wreck above (art 2)."), done_at(ctx)]})
        out.append({"kind": "signatures", "rows": [{"role": "L’Administrateur" if fr else "The Administrator",
                                                    "who": admin if admins else None}],
                    "seal_label": "cachet" if fr else "seal", "sign_space": True})
    else:
        out.append({"kind": "text", "paras": [
            ("Je soussigné déclare avoir recueilli les épaves ci-dessus et les tenir à la disposition de "
             "l’Administration (loi relative au sauvetage des épaves pendant la durée de la guerre, art. 2)." if fr else
             "I, the undersigned, declare that I picked up the wreck above and hold it at the Administration’s "
             "disposal (art 2).")]})
        out[-1]["paras"].append(done_at(ctx))
        out.append({"kind": "signatures", "rows": [{"role": "Le sauveteur" if fr else "The salvor",
                                                    "who": ctx.name(salvor)}], "seal_label": "signature",
                    "sign_space": True})
    return out


def _percent(rate: str) -> str:
    """``"2/5"`` → ``40 %`` (the law's "40 p. 100")."""
    value = Fraction(rate) * 100
    text = str(value.numerator) if value.denominator == 1 else f"{float(value):g}".replace(".", ",")
    return f"{text}\u00a0%"


def basis(ctx: Ctx, award: dict) -> str:
    """The salvor's share's rate and what it is taken on (the value of the wreck, or the gross
    proceeds of its sale), as the assessment's step for the item gives them (art 4 ¶2 a) and b))."""
    fr = ctx.lang == "fr"
    step = next((e for e in ctx.a.get("explanation", []) if e.get("rule") == "salvor_award"
                 and (e.get("inputs") or {}).get("item") == award["for"]), None)
    if step is None or not step.get("parameters"):
        return "—"
    inputs = step["inputs"]
    rate = _percent(step["parameters"][0]["value"])
    base = ctx.amount(str(inputs.get("base")))
    if inputs.get("sold"):
        text = f"{rate} du produit brut de la vente ({base})" if fr else f"{rate} of the gross proceeds of the sale ({base})"
    else:
        text = f"{rate} de la valeur de l’épave ({base})" if fr else f"{rate} of the value of the wreck ({base})"
    salvors = inputs.get("salvors") or []
    if len(salvors) > 1:
        text += (f", partagés par parts égales entre {len(salvors)} sauveteurs" if fr else
                 f", shared equally by {len(salvors)} salvors")
    return text


def issue_place(ctx: Ctx) -> str | None:
    """Where the document is made: the office's town (the last part of its address, without the
    postal code), else the quartier the administrator's name gives."""
    address = ctx.office.get("address")
    if address:
        town = re.sub(r"^\s*\d[\d\s]*", "", address.split(",")[-1]).strip()
        if town:
            return town
    for p in ctx.parties_with(*ADMIN_ROLES):
        m = re.search(r"quartier d[e’']\s*([\w\-’' ]+)", p.name or "")
        if m:
            return m.group(1).strip()
    return None


def done_at(ctx: Ctx) -> str:
    """« Fait à Brest, le 15 mars 1917 » — the day the document is printed for."""
    fr = ctx.lang == "fr"
    place = issue_place(ctx) or "………………"
    return f"Fait à {place}, le {ctx.date(ctx.as_of).main}." if fr else f"Done at {place}, {ctx.date(ctx.as_of).main}."


def _doc(ctx: Ctx, party: str | None, receipt: bool) -> dict[str, Any]:
    fr = ctx.lang == "fr"
    title = (("Récépissé de déclaration d’épave" if fr else "Receipt of a declaration of wreck") if receipt else
             ("Déclaration d’épave" if fr else "Declaration of wreck"))
    sections: list[dict[str, Any]] = []
    for k, salvor in enumerate(_salvors(ctx, party)):
        page = _page(ctx, salvor, receipt)
        if k:
            page[0] = dict(page[0], page_break=True)
        sections += page
    return {"title": title, "subtitle": ctx.cites(["fr-epaves:2"]), "sections": sections,
            "running_head": f"{title} — {ctx.scenario.case.place or ''}"}


def declaration(ctx: Ctx, party: str | None) -> dict[str, Any]:
    return _doc(ctx, party, receipt=False)


def receipt(ctx: Ctx, party: str | None) -> dict[str, Any]:
    return _doc(ctx, party, receipt=True)
