"""Sale by tender of secured goods, remnants and perishables: art 10.

第十条 保安シタル物品又ハ船滓等ノ余残物又ハ汐入リ水濡レ等ノ為ニ腐敗スヘキ恐レアルモノハ二名以上ノ浦役人及ヒ
  船長其他重立乗組ノ者二名以上合議ノ上其所ニ於テ之ヲ入札払ヒニ為スヲ得可シ
  但シ本条ノ場合ニ於テハ浦役人ニテ成ルヘク丈ケ最寄ヘ広告シ公ケノ場所ニ於テ入札人其他衆人ノ眼前ニテ之ヲ為シ
  且其物品ノ目録及ヒ買人ノ証書並ニ其附直段ノ第三番迄ヲ取置クヘシ
  (sold on the spot by tender after two or more coast officials and two or more of the master
  and senior crew agree; advertised, held in a public place before the bidders, and the
  inventory, the buyer's certificate and the bids down to the third highest kept)
  → sale_by_tender, which also checks the joint decision's record (art 17) and the officials'
  villages (art 18) through :mod:`.decisions`.
"""
from __future__ import annotations

from wreckmaster.law.regime import Context
from wreckmaster.law.rules import rule

from .common import drift_case, step_params
from .decisions import consultation

#: (event field, finding code): what art 10 requires of a sale (the sentences: messages.yaml)
REQUIREMENTS = (
    ("public_notice", "sale-not-advertised"),
    ("public_place", "sale-not-in-public"),
    ("tender", "sale-not-by-tender"),
    ("inventory", "sale-inventory-not-kept"),
    ("buyer_certificate", "buyer-certificate-not-kept"),
)


@rule(cites=["jp-1875:10", "jp-1875:17", "jp-1875:18"],
      reads=["event:sold", "case.flood", "case.kind", "case.village", "expense.date", "found.date",
            "item.kind", "item.value", "party.village", "param:joint_record.copies",
            "param:other_village.count", "param:other_village.when_officials", "param:sale.bids_kept",
            "param:sale.min_crew", "param:sale.min_officials"])
def sale_by_tender(ctx: Context) -> None:
    """Art 10: every sale of secured goods in a casualty (reading ``jp-1875-10-every-sale``)."""
    if drift_case(ctx):
        return  # drift goods are sold at public sale under arts 31–32
    kept_bids = ctx.param("sale.bids_kept")
    params = step_params(ctx, "sale.bids_kept")
    for ev in ctx.scenario.events_of("sold"):
        item = ev.get("item")
        what = f"Sale of {item} on {ev.date}"
        missing = [code for field, code in REQUIREMENTS if not ev.get(field)]
        for code in missing:
            ctx.finding("warning", code, "jp-1875:10", item=str(item), date=str(ev.date))
        bids = ev.get("bids") or ()
        offered = ev.get("bids_offered")
        need = min(kept_bids.value, offered) if offered is not None else kept_bids.value
        if len(bids) < need:
            ctx.finding("warning", "bids-not-kept", "jp-1875:10", item=str(item), date=str(ev.date),
                        kept=str(len(bids)), need=str(need),
                        **({"variant": "offered", "offered": str(offered)} if offered is not None else
                           {"variant": "not-offered"}))
        ctx.step("sale_by_tender", "jp-1875:10", "sale-by-tender", what=what, item=item, price=ev.get("price"),
                 missing=len(missing), bids=len(bids), need=need, variant="conditions-missing" if missing else None,
                 inputs={"item": item, "price": ev.get("price"), "bids": bids, "bids_offered": offered},
                 params=params, readings=READINGS)
        consultation(ctx, ev, what, "sale.min_officials", "sale.min_crew", "jp-1875:10", f"{ev.date}の{item}の売却")


READINGS = ("jp-1875-10-every-sale", "jp-1875-10-what-may-be-sold", "jp-1875-10-three-bids")

