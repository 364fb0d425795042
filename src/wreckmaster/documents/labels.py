"""Labels of the documents in their four languages (ja, zh = classical Chinese in traditional
characters, fr, en). A missing language falls back to English."""
from __future__ import annotations

KINDS = {
    "salvage_fee": {"ja": "保安料", "zh": "酬勞", "fr": "droit de sauvetage", "en": "salvage fee"},
    "salvage_award": {"ja": "救助者ノ取分", "zh": "撈救酬勞", "fr": "part du sauveteur", "en": "salvor’s share"},
    "rescue_expenses": {"ja": "救護費用", "zh": "救護經費", "fr": "frais de sauvetage", "en": "rescue expenses"},
    "allowance": {"ja": "手当金", "zh": "賞銀", "fr": "gratification", "en": "allowance"},
    "goods_award": {"ja": "貨物賞", "zh": "撈貨分賞", "fr": "récompense sur les marchandises", "en": "award on goods saved"},
    "person_award": {"ja": "救命賞", "zh": "救人賞銀", "fr": "récompense pour les personnes sauvées",
                     "en": "award for a person saved"},
    "first_report": {"ja": "報知賞", "zh": "報信賞銀", "fr": "récompense du premier avis", "en": "first reporter’s reward"},
    "station_fund": {"ja": "救難所費", "zh": "提歸局費", "fr": "part de la caisse du poste", "en": "share to the station fund"},
    "compensation": {"ja": "賠償", "zh": "賠償", "fr": "indemnité", "en": "compensation"},
    "damages": {"ja": "損害賠償", "zh": "賠償", "fr": "dommages-intérêts", "en": "damages"},
    "salvage_remuneration": {"ja": "救助料", "zh": "救助酬勞", "fr": "rémunération d’assistance", "en": "salvage remuneration"},
    "finder_share": {"ja": "拾得者ノ取分", "zh": "拾得者分", "fr": "part de l’inventeur", "en": "finder’s share"},
    "reward": {"ja": "報酬", "zh": "酬勞", "fr": "récompense", "en": "reward"},
    "diving_award": {"ja": "潜水撈揚ノ賞", "zh": "泅水撈獲酬勞", "fr": "récompense de plongée", "en": "award for diving"},
    "government_share": {"ja": "官ノ取分", "zh": "歸官之分", "fr": "part de l’État", "en": "the government’s share"},
    "hire": {"ja": "雇賃", "zh": "雇價", "fr": "salaire convenu", "en": "hire"},
    "repayment": {"ja": "下戻金", "zh": "發還銀", "fr": "restitution", "en": "repayment"},
    # jp-1899-2025 arts 24 ¶2, 27: the Act's word is 報酬 (never the Lost Property Act's 報労金)
    "finder_reward": {"ja": "報酬", "zh": "報酬", "fr": "récompense de l’inventeur", "en": "finder’s reward"},
    "finder_reward_ceiling": {"ja": "報酬の上限", "zh": "報酬上限", "fr": "plafond de la récompense",
                              "en": "ceiling of the finder’s reward"},
}
FOR = {
    "surplus": {"ja": "売払代金残金", "zh": "變價餘款", "fr": "reliquat du produit de la vente",
                "en": "what is left of the sale proceeds"},
    "rescue_expenses": {"ja": "救護費用", "zh": "救護經費", "fr": "frais de sauvetage", "en": "rescue expenses"},
    "loss": {"ja": "損失", "zh": "損失", "fr": "perte", "en": "the loss caused"},
    "reimbursement": {"ja": "立替金償還", "zh": "償還墊款", "fr": "remboursement des avances", "en": "reimbursement"},
}
L = {
    "case": {"ja": "事件", "zh": "案由", "fr": "Affaire", "en": "Case"},
    "occurred": {"ja": "遭難ノ日", "zh": "失事日期", "fr": "Date de l’événement", "en": "Occurred"},
    "place": {"ja": "場所", "zh": "地方", "fr": "Lieu", "en": "Place"},
    "vessel": {"ja": "船名", "zh": "船名", "fr": "Navire", "en": "Vessel"},
    "owner": {"ja": "船主", "zh": "船主", "fr": "Armateur", "en": "Owner"},
    "master": {"ja": "船長", "zh": "船戶", "fr": "Capitaine", "en": "Master"},
    "as_of": {"ja": "基準日", "zh": "截至", "fr": "Arrêté au", "en": "As of"},
    "party": {"ja": "名宛人", "zh": "本人", "fr": "Intéressé", "en": "Party"},
    "roles": {"ja": "資格", "zh": "身分", "fr": "Qualité", "en": "Capacity"},
    "what": {"ja": "品目", "zh": "物件", "fr": "Objet", "en": "What"},
    "for": {"ja": "事由", "zh": "事由", "fr": "Objet", "en": "For"},
    "kind": {"ja": "種類", "zh": "類別", "fr": "Nature", "en": "Kind"},
    "amount": {"ja": "金額", "zh": "銀數", "fr": "Montant", "en": "Amount"},
    "articles": {"ja": "條項", "zh": "條款", "fr": "Articles", "en": "Articles"},
    "payer": {"ja": "支払人", "zh": "出銀者", "fr": "Payé par", "en": "Paid by"},
    "payee": {"ja": "受取人", "zh": "受銀者", "fr": "Payé à", "en": "Paid to"},
    "total": {"ja": "合計", "zh": "共計", "fr": "Total", "en": "Total"},
    "duty": {"ja": "義務", "zh": "應辦事項", "fr": "Obligation", "en": "Duty"},
    "due": {"ja": "期限", "zh": "限期", "fr": "Échéance", "en": "Due"},
    "status": {"ja": "状況", "zh": "情形", "fr": "État", "en": "Status"},
    "none": {"ja": "ナシ", "zh": "無", "fr": "néant", "en": "none"},
    "value": {"ja": "價額", "zh": "估值", "fr": "Valeur", "en": "Value"},
    "found": {"ja": "拾得ノ日", "zh": "撈獲日期", "fr": "Date de la découverte", "en": "Found on"},
    "found_where": {"ja": "拾得ノ場所", "zh": "撈獲處所", "fr": "Lieu de la découverte", "en": "Where found"},
    "finder": {"ja": "拾得者", "zh": "撈獲人", "fr": "Sauveteur", "en": "Finder"},
    "signature": {"ja": "署名", "zh": "畫押", "fr": "Signature", "en": "Signature"},
    "seal": {"ja": "印", "zh": "押", "fr": "cachet", "en": "seal"},
}
STATES = {
    "floating": {"ja": "漂流", "zh": "浮水", "fr": "flottante", "en": "floating"},
    "sunk": {"ja": "沈没", "zh": "沉水", "fr": "coulée", "en": "sunk"},
    "ashore": {"ja": "海岸漂着", "zh": "擱岸", "fr": "sur le rivage", "en": "ashore"},
}
WATERS = {"sea": {"ja": "海上", "zh": "海面", "fr": "en mer", "en": "at sea"},
          "river": {"ja": "河川", "zh": "內河", "fr": "en rivière", "en": "in a river"}}
CASE_KINDS = {
    "wreck": {"ja": "難破", "zh": "失事", "fr": "naufrage", "en": "wreck"},
    "stranding": {"ja": "擱坐", "zh": "擱淺", "fr": "échouement", "en": "stranding"},
    "jettison": {"ja": "打荷", "zh": "拋棄貨物", "fr": "jet", "en": "jettison"},
    "drift": {"ja": "漂流物", "zh": "漂流物", "fr": "épave", "en": "drift goods"},
}
ROLES = {
    "finder": {"ja": "拾得者", "zh": "撈獲人", "fr": "inventeur", "en": "finder"},
    "salvor": {"ja": "救助者", "zh": "撈救人", "fr": "sauveteur", "en": "salvor"},
    "rescuer": {"ja": "救護者", "zh": "救護人", "fr": "sauveteur", "en": "rescuer"},
    "reporter": {"ja": "報知者", "zh": "報信人", "fr": "auteur de l’avis", "en": "reporter"},
    "owner": {"ja": "所有者", "zh": "物主", "fr": "propriétaire", "en": "owner"},
    "master": {"ja": "船長", "zh": "船戶", "fr": "capitaine", "en": "master"},
    "crew": {"ja": "乗組", "zh": "水手", "fr": "équipage", "en": "crew"},
    "official": {"ja": "官吏", "zh": "官員", "fr": "agent de l’administration", "en": "official"},
    "police": {"ja": "警察官", "zh": "巡警", "fr": "police", "en": "police"},
    "mayor": {"ja": "市町村長", "zh": "地方官", "fr": "maire", "en": "mayor"},
    "director": {"ja": "救護事務指揮者", "zh": "委員", "fr": "directeur", "en": "director"},
    "carrier": {"ja": "運送人", "zh": "承運人", "fr": "transporteur", "en": "carrier"},
    "shipper": {"ja": "荷送人", "zh": "貨主", "fr": "chargeur", "en": "shipper"},
    "passenger": {"ja": "旅客", "zh": "搭客", "fr": "passager", "en": "passenger"},
    "administrator": {"ja": "海事官", "zh": "海事官", "fr": "administrateur de l’inscription maritime",
                      "en": "administrator of maritime registration"},
}
#: expense categories (SCENARIO.md and the regimes' own) as a document names them
EXPENSES = {
    "custody": {"ja": "保管費", "zh": "看守費", "fr": "frais de garde", "en": "custody"},
    "notice": {"ja": "公告費", "zh": "告示費", "fr": "frais d’avis", "en": "notice"},
    "sale": {"ja": "売却費", "zh": "變賣費", "fr": "frais de vente", "en": "sale"},
    "valuation": {"ja": "評価費", "zh": "估價費", "fr": "frais d’estimation", "en": "valuation"},
    "removal": {"ja": "除去費", "zh": "移除費", "fr": "frais d’enlèvement", "en": "removal"},
    "labour": {"ja": "人夫賃", "zh": "夫工", "fr": "main-d’œuvre", "en": "labour"},
    "boats": {"ja": "船賃", "zh": "船價", "fr": "embarcations", "en": "boats"},
    "transport": {"ja": "運搬費", "zh": "運費", "fr": "transport", "en": "transport"},
    "storage": {"ja": "蔵敷料", "zh": "棧租", "fr": "magasinage", "en": "storage"},
}
