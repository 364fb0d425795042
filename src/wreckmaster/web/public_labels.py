"""Labels of the public pages (issue 27), in English, Japanese, classical Chinese and French;
anything not here is asked of :mod:`.i18n`."""
from __future__ import annotations

from . import i18n

LABELS: dict[str, dict[str, str]] = {
    "search": {"en": "Search", "ja": "検索", "zh": "搜尋", "fr": "Rechercher"},
    "free_text": {"en": "Words in the description or place", "ja": "品名・場所の語句", "zh": "品名或地方之字", "fr": "Mots de la description ou du lieu"},
    "municipality": {"en": "Municipality", "ja": "市町村", "zh": "州縣", "fr": "Commune"},
    "all": {"en": "all", "ja": "すべて", "zh": "全部", "fr": "tous"},
    "class": {"en": "Class of goods", "ja": "物件の区分", "zh": "貨物之類", "fr": "Catégorie"},
    "day_found": {"en": "Day found", "ja": "拾得日", "zh": "拾獲日", "fr": "Date de la découverte"},
    "on": {"en": "on", "ja": "当日", "zh": "當日", "fr": "le"},
    "before": {"en": "before", "ja": "以前", "zh": "以前", "fr": "avant le"},
    "after": {"en": "after", "ja": "以後", "zh": "以後", "fr": "après le"},
    "between": {"en": "between", "ja": "期間", "zh": "之間", "fr": "entre"},
    "near": {"en": "Near a point (lat, lon) within km", "ja": "地点（緯度・経度）から半径km", "zh": "某處（緯度、經度）方圓公里", "fr": "Près d’un point (lat, lon), rayon en km"},
    "next_page": {"en": "Next page", "ja": "次のページ", "zh": "下頁", "fr": "Page suivante"},
    "first_page": {"en": "First page", "ja": "最初のページ", "zh": "首頁", "fr": "Première page"},
    "feeds": {"en": "Follow: Atom feed of an office, calendar of claim deadlines", "ja": "購読：役所ごとのAtomフィード、請求期限のカレンダー", "zh": "訂閱：各署Atom、認領限期日曆", "fr": "Suivre : flux Atom d’un bureau, calendrier des délais"},
    "calendar": {"en": "Claim deadlines (iCalendar)", "ja": "請求期限（iCalendar）", "zh": "認領限期（iCalendar）", "fr": "Délais de réclamation (iCalendar)"},
    "the_notice": {"en": "The notice as the law words it", "ja": "法令の定める公告", "zh": "依章程之告示", "fr": "L’avis tel que la loi le formule"},
    "claim_where": {"en": "Where to claim", "ja": "請求先", "zh": "認領之處", "fr": "Où réclamer"},
    "no_day": {"en": "the law sets no last day", "ja": "法令に期限の定めなし", "zh": "章程未定限期", "fr": "la loi ne fixe pas de délai"},
    "photos": {"en": "Photographs", "ja": "写真", "zh": "相片", "fr": "Photographies"},
    "may_be_mine": {"en": "This may be mine", "ja": "これは私の物かもしれません", "zh": "此或係我物", "fr": "Ceci est peut-être à moi"},
    "marks": {"en": "Marks that prove it is yours (not shown to anyone but the office)", "ja": "所有を証する目印（役所のみが見ます）", "zh": "可證係己物之記號（僅衙署可見）", "fr": "Marques qui prouvent que c’est à vous (vues du seul bureau)"},
    "your_name": {"en": "Your name", "ja": "氏名", "zh": "姓名", "fr": "Votre nom"},
    "contact": {"en": "How to reach you (telephone or e-mail)", "ja": "連絡先（電話またはメール）", "zh": "聯絡（電話或電郵）", "fr": "Comment vous joindre (téléphone ou courriel)"},
    "send": {"en": "Send", "ja": "送信", "zh": "送出", "fr": "Envoyer"},
    "request_sent": {"en": "Your request has gone to the office. It will contact you; nothing you wrote is shown publicly.", "ja": "請求は役所に届きました。役所から連絡します。記入内容は公開されません。", "zh": "所請已達衙署，當與君聯絡；所書不公示。", "fr": "Votre demande est transmise au bureau, qui vous contactera ; rien n’en est publié."},
    "report_find": {"en": "Report a find", "ja": "拾得物を届け出る", "zh": "呈報拾獲之物", "fr": "Déclarer une découverte"},
    "what": {"en": "What did you find?", "ja": "拾得した物", "zh": "所拾何物", "fr": "Qu’avez-vous trouvé ?"},
    "when": {"en": "When?", "ja": "拾得日", "zh": "何日", "fr": "Quand ?"},
    "state": {"en": "In what state?", "ja": "状態", "zh": "情形", "fr": "Dans quel état ?"},
    "floating": {"en": "floating", "ja": "漂流", "zh": "漂浮", "fr": "flottant"},
    "sunk": {"en": "sunk", "ja": "沈没", "zh": "沉沒", "fr": "coulé"},
    "ashore": {"en": "washed ashore", "ja": "漂着", "zh": "擱岸", "fr": "échoué sur le rivage"},
    "where": {"en": "Where? A place name, or latitude and longitude", "ja": "場所（地名、または緯度・経度）", "zh": "何處（地名或緯度、經度）", "fr": "Où ? Un lieu, ou latitude et longitude"},
    "lat": {"en": "Latitude", "ja": "緯度", "zh": "緯度", "fr": "Latitude"},
    "lon": {"en": "Longitude", "ja": "経度", "zh": "經度", "fr": "Longitude"},
    "which_office": {"en": "Office (leave empty for the nearest)", "ja": "届出先（空欄なら最寄りの役所）", "zh": "衙署（空則最近者）", "fr": "Bureau (vide : le plus proche)"},
    "up_to_5": {"en": "Up to 5 photographs (JPEG, PNG, WebP; the position is removed)", "ja": "写真5枚まで（JPEG・PNG・WebP。位置情報は削除されます）", "zh": "相片至多五張（位置資料刪除）", "fr": "Jusqu’à 5 photos (JPEG, PNG, WebP ; la position est effacée)"},
    "report_received": {"en": "Your report has been received", "ja": "届出を受け付けました", "zh": "呈報已收", "fr": "Votre déclaration est reçue"},
    "keep_secret": {"en": "Keep this reference and secret to check the status later:", "ja": "状況の確認にこの番号と合言葉を保存してください：", "zh": "請存此號及密語以查情形：", "fr": "Gardez cette référence et ce secret pour suivre votre déclaration :"},
    "check_status": {"en": "Check a report", "ja": "届出の状況を確認", "zh": "查詢呈報", "fr": "Suivre une déclaration"},
    "reference": {"en": "Reference", "ja": "受付番号", "zh": "號", "fr": "Référence"},
    "secret": {"en": "Secret", "ja": "合言葉", "zh": "密語", "fr": "Secret"},
    "received": {"en": "received: waiting for the office", "ja": "受付済（役所の確認待ち）", "zh": "已收，候衙署", "fr": "reçue : en attente du bureau"},
    "accepted": {"en": "accepted into a case", "ja": "事件として受理", "zh": "已立案", "fr": "acceptée dans une affaire"},
    "declined": {"en": "declined", "ja": "不受理", "zh": "不受", "fr": "refusée"},
    "reason": {"en": "Reason", "ja": "理由", "zh": "緣由", "fr": "Motif"},
    "inbox": {"en": "Inbox: reports and owners' requests", "ja": "受付箱：届出と所有者の請求", "zh": "收文：呈報及失主所請", "fr": "Arrivées : déclarations et demandes"},
    "accept": {"en": "Open a case from it", "ja": "事件を開く", "zh": "立案", "fr": "Ouvrir une affaire"},
    "decline": {"en": "Decline", "ja": "不受理", "zh": "不受", "fr": "Refuser"},
    "record_claim": {"en": "Record the owner's claim", "ja": "所有者の請求を記録", "zh": "登錄失主認領", "fr": "Inscrire la réclamation"},
    "nothing_waiting": {"en": "Nothing is waiting.", "ja": "未処理はありません。", "zh": "無待辦。", "fr": "Rien en attente."},
    "map": {"en": "Map of the finds on this page", "ja": "このページの拾得場所の地図", "zh": "本頁拾獲處之圖", "fr": "Carte des découvertes de cette page"},
    "bot_field": {"en": "Leave this empty", "ja": "空欄のまま", "zh": "留空", "fr": "Laisser vide"},
    "my_position": {"en": "Use my position", "ja": "現在地を使う", "zh": "用我所在", "fr": "Ma position"},
    "languages": {"en": "Other languages", "ja": "他の言語", "zh": "他語", "fr": "Autres langues"},
}


#: a finder's report's fields → their labels above (a refusal names its field so)
FIELD_KEYS = {"description": "what", "found_on": "when", "state": "state", "place": "where", "lat": "lat", "lon": "lon",
              "office": "which_office", "name": "your_name", "contact": "contact", "marks": "marks", "reason": "reason"}


def pt(key: str, lang: str) -> str:
    row = LABELS.get(key)
    if row is None:
        return i18n.t(key, lang)
    return row.get(lang) or row["en"]
