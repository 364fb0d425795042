"""Labels in English and the case's language (Japanese, classical Chinese, French); dates with eras.

Chinese labels are in traditional characters (SCENARIO.md, "Scripts"). Babel formats numbers
and dates for each locale; era dates (明治九年三月二日, 光緒十七年二月廿五日) stand beside ISO dates.
"""
from __future__ import annotations

from datetime import date
from decimal import Decimal

LANGS = ("en", "ja", "zh", "fr")
LOCALE = {"en": "en_GB", "ja": "ja_JP", "zh": "zh_Hant_TW", "fr": "fr_FR"}
HTML_LANG = {"en": "en", "ja": "ja", "zh": "zh-Hant", "fr": "fr"}

LABELS: dict[str, dict[str, str]] = {
    "app": {"en": "wreckmaster", "ja": "wreckmaster 難破船事務", "zh": "wreckmaster 救護案牘", "fr": "wreckmaster"},
    "cases": {"en": "Cases", "ja": "事件一覧", "zh": "案件", "fr": "Affaires"},
    "due": {"en": "Due today and this week", "ja": "本日・今週の期限", "zh": "今日及本週期限", "fr": "Échéances du jour et de la semaine"},
    "notices": {"en": "Public notices", "ja": "公告", "zh": "告示", "fr": "Avis au public"},
    "login": {"en": "Log in", "ja": "ログイン", "zh": "登入", "fr": "Connexion"},
    "logout": {"en": "Log out", "ja": "ログアウト", "zh": "登出", "fr": "Déconnexion"},
    "user": {"en": "User name", "ja": "利用者名", "zh": "用戶名", "fr": "Nom d’utilisateur"},
    "password": {"en": "Password", "ja": "パスワード", "zh": "密碼", "fr": "Mot de passe"},
    "token": {"en": "or API token", "ja": "またはAPIトークン", "zh": "或API憑證", "fr": "ou jeton d’API"},
    "open_case": {"en": "Open a case from a first report", "ja": "第一報から事件を開く", "zh": "據首報立案", "fr": "Ouvrir une affaire sur premier rapport"},
    "case": {"en": "Case", "ja": "事件", "zh": "案", "fr": "Affaire"},
    "regime": {"en": "Law", "ja": "法令", "zh": "章程", "fr": "Loi"},
    "occurred": {"en": "Occurred", "ja": "発生日", "zh": "出事日", "fr": "Survenu le"},
    "place": {"en": "Place", "ja": "場所", "zh": "地方", "fr": "Lieu"},
    "kind": {"en": "Kind", "ja": "種別", "zh": "類別", "fr": "Nature"},
    "waters": {"en": "Waters", "ja": "水域", "zh": "水域", "fr": "Eaux"},
    "vessel": {"en": "Vessel", "ja": "船舶", "zh": "船隻", "fr": "Navire"},
    "version": {"en": "Version", "ja": "版", "zh": "版次", "fr": "Version"},
    "office": {"en": "Office", "ja": "役所", "zh": "衙署", "fr": "Bureau"},
    "facts": {"en": "Facts", "ja": "事実", "zh": "案情", "fr": "Faits"},
    "people": {"en": "People", "ja": "関係者", "zh": "人等", "fr": "Personnes"},
    "inventory": {"en": "What was saved, and where it is", "ja": "救助物件と保管", "zh": "救獲貨物及存放", "fr": "Inventaire des biens sauvés"},
    "timeline": {"en": "Timeline of entries", "ja": "記録の経過", "zh": "登錄經過", "fr": "Historique des inscriptions"},
    "deadlines": {"en": "Deadlines", "ja": "期限", "zh": "期限", "fr": "Délais"},
    "findings": {"en": "Findings", "ja": "所見", "zh": "查覈所見", "fr": "Constatations"},
    "awards": {"en": "Awards", "ja": "報酬・給付", "zh": "賞給", "fr": "Rémunérations"},
    "charges": {"en": "Who pays whom", "ja": "負担", "zh": "應付", "fr": "Qui paie qui"},
    "record": {"en": "Record", "ja": "記録する", "zh": "登錄", "fr": "Inscrire"},
    "add_party": {"en": "Add a party", "ja": "関係者を加える", "zh": "添入人等", "fr": "Ajouter une partie"},
    "add_person": {"en": "Add a person saved", "ja": "救助された者を加える", "zh": "添入救起之人", "fr": "Ajouter une personne sauvée"},
    "add_item": {"en": "Add an item saved or found", "ja": "救助・拾得物件を加える", "zh": "添入救獲貨物", "fr": "Ajouter un bien sauvé ou trouvé"},
    "add_expense": {"en": "Add an expense", "ja": "費用を加える", "zh": "添入費用", "fr": "Ajouter une dépense"},
    "record_event": {"en": "Record an event", "ja": "出来事を記録する", "zh": "登錄事件", "fr": "Inscrire un événement"},
    "amend": {"en": "Amend (supervisor)", "ja": "訂正（監督者）", "zh": "更正（督辦）", "fr": "Rectifier (superviseur)"},
    "retract": {"en": "Retract an entry (supervisor)", "ja": "記録の取消（監督者）", "zh": "撤銷登錄（督辦）", "fr": "Annuler une inscription (superviseur)"},
    "status": {"en": "Status", "ja": "状況", "zh": "情形", "fr": "État"},
    "pending": {"en": "pending", "ja": "未了", "zh": "未辦", "fr": "en cours"},
    "met": {"en": "met", "ja": "履行済", "zh": "已辦", "fr": "respecté"},
    "missed": {"en": "missed", "ja": "期限徒過", "zh": "逾限", "fr": "dépassé"},
    "ended": {"en": "ended", "ja": "消滅", "zh": "已消滅", "fr": "éteint"},
    "duty": {"en": "Duty", "ja": "義務", "zh": "應辦", "fr": "Obligation"},
    "party": {"en": "Party", "ja": "当事者", "zh": "人", "fr": "Partie"},
    "due_on": {"en": "Due", "ja": "期日", "zh": "限期", "fr": "Échéance"},
    "articles": {"en": "Articles", "ja": "条文", "zh": "條款", "fr": "Articles"},
    "amount": {"en": "Amount", "ja": "金額", "zh": "數目", "fr": "Montant"},
    "to": {"en": "To", "ja": "受領者", "zh": "給與", "fr": "À"},
    # issue 28: the persons register and the ledger
    "persons": {"en": "Persons register", "ja": "人名簿", "zh": "官董名冊", "fr": "Registre des personnes"},
    "ledger": {"en": "Ledger of merits and faults", "ja": "功過簿", "zh": "功過簿", "fr": "Registre des mérites et fautes"},
    "post": {"en": "Post", "ja": "職", "zh": "職銜", "fr": "Fonction"},
    "station": {"en": "Station", "ja": "所在", "zh": "駐地", "fr": "Poste"},
    "earned": {"en": "Earned", "ja": "日付", "zh": "記錄日", "fr": "Acquis le"},
    "entry_kind": {"en": "Entry", "ja": "事項", "zh": "功過", "fr": "Inscription"},
    "totals": {"en": "Totals", "ja": "合計", "zh": "共計", "fr": "Totaux"},
    "payer": {"en": "Payer", "ja": "支払者", "zh": "付者", "fr": "Payeur"},
    "payee": {"en": "Payee", "ja": "受取人", "zh": "領者", "fr": "Bénéficiaire"},
    "for": {"en": "For", "ja": "対象", "zh": "所為", "fr": "Pour"},
    "description": {"en": "Description", "ja": "品目", "zh": "貨物", "fr": "Description"},
    "value": {"en": "Value", "ja": "価額", "zh": "價值", "fr": "Valeur"},
    "found": {"en": "Found", "ja": "拾得", "zh": "撈獲", "fr": "Trouvé"},
    "found_on": {"en": "Found on", "ja": "拾得日", "zh": "撈獲日", "fr": "Trouvé le"},
    "claim_until": {"en": "Owner may claim until", "ja": "所有者の請求期限", "zh": "失主認領限期", "fr": "Réclamation possible jusqu’au"},
    "search": {"en": "Search", "ja": "検索", "zh": "查", "fr": "Rechercher"},
    "as_of": {"en": "On the day", "ja": "基準日", "zh": "以某日為準", "fr": "À la date du"},
    "recorded_by": {"en": "Recorded by", "ja": "記録者", "zh": "登錄人", "fr": "Inscrit par"},
    "recorded_at": {"en": "Recorded at", "ja": "記録日時", "zh": "登錄時", "fr": "Inscrit le"},
    "entry": {"en": "Entry", "ja": "記録", "zh": "登錄", "fr": "Inscription"},
    "none": {"en": "none", "ja": "なし", "zh": "無", "fr": "aucun"},
    "explain": {"en": "why — the articles", "ja": "根拠条文", "zh": "所據條文", "fr": "pourquoi — les articles"},
    "documents": {"en": "Documents to print", "ja": "印刷する書類", "zh": "應印文件", "fr": "Documents à imprimer"},
    "language": {"en": "Language", "ja": "言語", "zh": "語言", "fr": "Langue"},
    "map": {"en": "Map", "ja": "地図", "zh": "輿圖", "fr": "Carte"},
    "type": {"en": "Type", "ja": "種類", "zh": "種類", "fr": "Type"},
    "reason": {"en": "Reason", "ja": "理由", "zh": "緣由", "fr": "Motif"},
    "pointer": {"en": "Field (JSON pointer, by id)", "ja": "項目（JSONポインタ）", "zh": "項目（JSON 指標）", "fr": "Champ (pointeur JSON)"},
    "new_value": {"en": "New value (JSON or text)", "ja": "新しい値", "zh": "新值", "fr": "Nouvelle valeur"},
    "reporter": {"en": "Who reported", "ja": "報告者", "zh": "報信人", "fr": "Auteur du rapport"},
    "reported_on": {"en": "Reported on", "ja": "報告日", "zh": "報信日", "fr": "Rapporté le"},
    "roles": {"en": "Roles (comma-separated)", "ja": "役割（カンマ区切り）", "zh": "身分（以逗號分隔）", "fr": "Rôles (séparés par des virgules)"},
    "name": {"en": "Name", "ja": "氏名", "zh": "姓名", "fr": "Nom"},
    "id": {"en": "Id (short key)", "ja": "識別子", "zh": "代號", "fr": "Identifiant"},
    "errors": {"en": "Please correct", "ja": "訂正してください", "zh": "請更正", "fr": "À corriger"},
    "saved": {"en": "Recorded", "ja": "記録しました", "zh": "已登錄", "fr": "Inscrit"},
    "not_found": {"en": "No such case in your office", "ja": "この役所にその事件はありません", "zh": "本署無此案", "fr": "Aucune affaire de ce nom dans votre bureau"},
    "public_board": {"en": "What is under notice: owners may claim", "ja": "公告中の物件（所有者は請求できます）", "zh": "現在告示之物（失主可認領）", "fr": "Biens sous avis : les propriétaires peuvent les réclamer"},
    "no_notices": {"en": "Nothing is under notice on this day.", "ja": "この日に公告中の物件はありません。", "zh": "是日無告示之物。", "fr": "Aucun bien sous avis à cette date."},
}


# issue 25: nothing in English on a page in another language, the frame of every page included
LABELS.update({
    "skip": {"en": "Skip to content", "ja": "本文へ移動", "zh": "跳至本文", "fr": "Aller au contenu"},
    "main_nav": {"en": "main", "ja": "主な項目", "zh": "要目", "fr": "principal"},
    "motto": {"en": "every figure with the articles it rests on.", "ja": "すべての数字に根拠条文を添えて。",
              "zh": "凡數目皆附所據條文。", "fr": "chaque chiffre avec les articles qui le fondent."},
    "api": {"en": "API", "ja": "API（プログラム向け）", "zh": "API（程式介面）", "fr": "API (pour les programmes)"},
    "clerk": {"en": "clerk", "ja": "担当者", "zh": "書吏", "fr": "agent"},
    "supervisor": {"en": "supervisor", "ja": "監督者", "zh": "督辦", "fr": "superviseur"},
})

LABELS.update({
    "absent": {"en": "(text absent from the seed)", "ja": "（原文は底本に欠ける）", "zh": "（底本闕文）", "fr": "(texte absent de la source)"},
    "info": {"en": "info", "ja": "参考", "zh": "附記", "fr": "information"},
    "warning": {"en": "warning", "ja": "注意", "zh": "警示", "fr": "avertissement"},
    "error": {"en": "error", "ja": "誤り", "zh": "謬誤", "fr": "erreur"},
    "saved_person": {"en": "saved by", "ja": "救助者", "zh": "救起者", "fr": "sauvé par"},
    "rescued_by": {"en": "Rescued by", "ja": "救助した者", "zh": "救起之人", "fr": "Sauvé par"},
    "difficulty": {"en": "Difficulty", "ja": "救助の難易", "zh": "難易", "fr": "Difficulté"},
    "hard": {"en": "hard", "ja": "困難", "zh": "難", "fr": "difficile"},
    "easy": {"en": "easy", "ja": "容易", "zh": "易", "fr": "facile"},
    "can_pay": {"en": "Can pay", "ja": "支払能力", "zh": "能否出資", "fr": "Peut payer"},
    "yes": {"en": "yes", "ja": "あり", "zh": "能", "fr": "oui"},
    "no": {"en": "no", "ja": "なし", "zh": "不能", "fr": "non"},
    "category": {"en": "Category", "ja": "費目", "zh": "費目", "fr": "Nature de la dépense"},
    "category_hint": {"en": "labour, boats, custody, notice …", "ja": "人夫賃、船賃、保管、公告 …", "zh": "工食、船費、看守、告示 …",
                      "fr": "main-d’œuvre, bateaux, garde, avis …"},
    "perishable": {"en": "perishable", "ja": "腐敗しやすい物", "zh": "易壞之物", "fr": "périssable"},
    "no_login_needed": {"en": "no login needed.", "ja": "ログイン不要です。", "zh": "毋庸登入。", "fr": "sans connexion."},
    "login_stale": {"en": "The login form was stale; please log in again.", "ja": "ログイン画面の有効期限が切れました。もう一度ログインしてください。",
                    "zh": "登入頁已過時，請再登入。", "fr": "Le formulaire de connexion a expiré ; reconnectez-vous."},
    "login_failed": {"en": "Unknown user, wrong password or token.", "ja": "利用者名、パスワードまたはトークンが違います。",
                     "zh": "用戶名、密碼或憑證有誤。", "fr": "Utilisateur inconnu, mot de passe ou jeton erroné."},
    "login_wait": {"en": "Too many failed logins: try again in {seconds} seconds.", "ja": "ログインの失敗が続きました。{seconds}秒後にもう一度試してください。",
                   "zh": "登入屢敗，請於{seconds}秒後再試。", "fr": "Trop d’échecs de connexion : réessayez dans {seconds} secondes."},
    "size": {"en": "Size", "ja": "大きさ", "zh": "大小", "fr": "Taille"},
    "large": {"en": "large", "ja": "大", "zh": "大", "fr": "grand"},
    "medium": {"en": "medium", "ja": "中", "zh": "中", "fr": "moyen"},
    "small": {"en": "small", "ja": "小", "zh": "小", "fr": "petit"},
})

#: the documents' names on the case page's links (documents/__init__.py has the English titles)
DOC_TITLES: dict[str, dict[str, str]] = {
    "settlement": {"ja": "精算書", "zh": "精算書", "fr": "décompte (精算書)"},
    "sea-protest": {"ja": "浦証文", "zh": "浦證文", "fr": "rapport de mer (浦証文)"},
    "statement": {"ja": "当事者ごとの受取・支払の明細", "zh": "各人應領應付清單", "fr": "relevé d’une partie : ce qui lui est dû et ce qu’elle doit"},
    "notice": {"ja": "公告", "zh": "告示", "fr": "avis"},
    "wreck-report": {"ja": "船難報告書", "zh": "船難報告書", "fr": "rapport de naufrage (船難報告書)"},
    "declaration": {"ja": "漂流物の申告（déclaration d’épave）", "zh": "呈報漂流物（déclaration d’épave）", "fr": "déclaration d’épave"},
    "receipt": {"ja": "申告の受領証（récépissé）", "zh": "呈報收據（récépissé）", "fr": "récépissé de déclaration"},
    "county-report": {"ja": "県の報告（稟）", "zh": "稟", "fr": "rapport du district (稟)"},
    "found-report": {"ja": "拾得届", "zh": "拾得届", "fr": "déclaration de découverte (拾得届)"},
    "delivery-receipt": {"ja": "受領書", "zh": "受領書", "fr": "reçu des biens remis (受領書)"},
    "claim": {"ja": "引渡請求書", "zh": "引渡請求書", "fr": "demande de remise du propriétaire (引渡請求書)"},
    "handover": {"ja": "交付書", "zh": "交付書", "fr": "remise à l’inventeur (交付書)"},
    "owner-receipt": {"ja": "所有者受領書", "zh": "物主收據", "fr": "reçu du propriétaire (所有者受領書)"},
}


def doc_title(href: str, label: str, lang: str) -> str:
    """A document link's label in the page's language (``settlement.pdf`` → 精算書), the party's
    name kept (``statement.pdf?party=…`` → … — 漁師 太助); in English, the document's own title."""
    local = DOC_TITLES.get(href.split(".pdf")[0], {}).get(lang)
    if lang == "en" or not local:
        return label
    return f"{local} — {label.split(' — ', 1)[1]}" if " — " in label else local


#: the funds that pay or receive (law/events.py FUNDS), as the office calls them
FUND_LABELS: dict[str, dict[str, str]] = {
    "government": {"en": "the State", "ja": "国庫", "zh": "官款", "fr": "l’État"},
    "local-public": {"en": "the municipality", "ja": "市町村", "zh": "地方公款", "fr": "la commune"},
    "station-fund": {"en": "the station's fund", "ja": "救護所の資金", "zh": "局款", "fr": "la caisse du poste"},
    "customs": {"en": "the customs", "ja": "税関", "zh": "海關", "fr": "la douane"},
    "custody": {"en": "custody", "ja": "保管", "zh": "存庫", "fr": "la garde"},
    "unclaimed": {"en": "unclaimed", "ja": "所有者不明", "zh": "無主", "fr": "non réclamé"},
}


def fund_label(ident: str, lang: str) -> str:
    """A fund's name in the page's language (``government`` → 国庫); any other id as it is."""
    row = FUND_LABELS.get(ident)
    return (row.get(lang) or row["en"]) if row else ident


#: each language by its own name (the language picker)
LANG_NAMES = {"en": "English", "ja": "日本語", "zh": "漢文", "fr": "Français"}


def office_name(name: str | None, lang: str) -> str:
    """An office's name as its pages show it: 三崎町役場 (Misaki town office) is 三崎町役場 on a page
    that is not in English (the English in parentheses is for English pages)."""
    import re

    text = name or ""
    m = re.fullmatch(r"(.*[^\x00-\x7f].*?)\s*[(（]([\x20-\x7e]+)[)）]", text)
    return m.group(1) if m and lang != "en" else text


def t(key: str, lang: str) -> str:
    row = LABELS.get(key)
    if row is None:
        return key
    return row.get(lang) or row["en"]


def both(key: str, lang: str) -> str:
    """The label in the case's language with the English beside it (one language when they are the same)."""
    local, en = t(key, lang), t(key, "en")
    return en if lang == "en" or local == en else f"{local} · {en}"


def era(d: date | str | None, regime: str | None, calendar: str | None = None) -> str | None:
    """The era date people of the regime wrote (明治 / 光緒 …: the era its calendar declares,
    ``Regime.calendar``; or, with ``calendar``, a language such as ``zh``, the era its readers
    date by, :func:`~wreckmaster.law.contributes.eras_in`), or None."""
    if d is None:
        return None
    if isinstance(d, str):
        try:
            d = date.fromisoformat(d)
        except ValueError:
            return None
    from wreckmaster.law.contributes import eras_in, law_of

    if calendar is None:
        law = law_of(regime)
        eras = law.calendar.eras if law is not None else None
    else:
        eras = eras_in(calendar)
    try:
        return eras.write(d) if eras is not None else None
    except (ValueError, OverflowError, KeyError):
        return None


def fmt_date(d: date | str | None, lang: str, regime: str | None = None, calendar: str | None = None) -> str:
    """``1891-04-03 (光緒十七年二月廿五日)``; French dates also in words (3 avril 1891)."""
    if d is None or d == "":
        return "—"
    iso = d if isinstance(d, str) else d.isoformat()
    extra = era(d, regime, calendar)
    if lang == "fr" and not extra:
        try:
            from babel.dates import format_date

            extra = format_date(date.fromisoformat(iso), format="long", locale=LOCALE["fr"])
        except (ValueError, ImportError):
            extra = None
    return f"{iso} ({extra})" if extra else iso


def fmt_amount(amount: str | Decimal | None, currency: str | None, lang: str) -> str:
    """Exact amounts as given (never through a float), grouped by Babel for the locale, keeping
    the currency's places: 32,117.000 JPY; 32 117,00 FRF."""
    if amount is None:
        return "—"
    from babel.numbers import format_decimal

    text = str(amount)
    places = len(text.partition(".")[2])
    pattern = "#,##0" + ("." + "0" * places if places else "")
    shown = format_decimal(Decimal(text), format=pattern, locale=LOCALE.get(lang, "en_GB"))
    return f"{shown} {currency}" if currency else shown


# --- issue 25: the forms in the case's language ------------------------------------------
LABELS.update({
    "date": {"en": "Date", "ja": "日付", "zh": "日期", "fr": "Date"},
    "required": {"en": "required", "ja": "必須", "zh": "必填", "fr": "obligatoire"},
    "date_hint": {"en": "2026-03-31, 令和8年3月31日 or 光緒十六年二月十五日", "ja": "2026-03-31 または 令和8年3月31日",
                  "zh": "2026-03-31 或 光緒十六年二月十五日", "fr": "2026-03-31"},
    "confirm_future": {"en": "The date is right: record it although it is after today",
                       "ja": "日付は正しい（本日より後ですが記録する）", "zh": "日期無誤（雖在今日之後仍登錄）",
                       "fr": "La date est exacte : l’inscrire bien qu’elle soit postérieure à aujourd’hui"},
    "asked_by": {"en": "Asked for by", "ja": "根拠", "zh": "所據", "fr": "Demandé par"},
    "id_hint": {"en": "left blank, the system gives one", "ja": "空欄なら自動採番", "zh": "空白則自動編號",
                "fr": "laissé vide, le système l’attribue"},
    "roles_pick": {"en": "Roles", "ja": "役割", "zh": "身分", "fr": "Qualités"},
    "position": {"en": "Position", "ja": "位置", "zh": "方位", "fr": "Position"},
    "distance": {"en": "Distance from the coast", "ja": "海岸からの距離", "zh": "離岸里數", "fr": "Distance de la côte"},
    "unit": {"en": "Unit", "ja": "単位", "zh": "單位", "fr": "Unité"},
    "state": {"en": "State when found", "ja": "拾得時の状態", "zh": "撈獲時情形", "fr": "État à la découverte"},
    "choose_event": {"en": "Choose the type of event first.", "ja": "まず出来事の種類を選んでください。",
                     "zh": "請先擇事件種類。", "fr": "Choisissez d’abord le type d’événement."},
    "changed_meanwhile": {"en": "Recorded meanwhile", "ja": "その間の記録", "zh": "其間之登錄", "fr": "Inscrit entre-temps"},
    "field": {"en": "Field", "ja": "項目", "zh": "項目", "fr": "Champ"},
    "show_as_of": {"en": "Show", "ja": "表示", "zh": "示", "fr": "Afficher"},
    "both_langs": {"en": "with English", "ja": "英語併記", "zh": "附英文", "fr": "avec l’anglais"},
    # the hints beside an event's fields by kind (forms.FormField.hint)
    "hint_amount": {"en": "an exact amount, e.g. 120.5", "ja": "正確な金額（例：120.5）", "zh": "確數，如 120.5",
                    "fr": "un montant exact, par ex. 120.5"},
    "hint_amounts": {"en": "amounts separated by commas", "ja": "金額をコンマで区切る", "zh": "數目以逗號分隔",
                     "fr": "montants séparés par des virgules"},
    "hint_ratio": {"en": "from 0 to 1, e.g. 0.25 or 1/4", "ja": "0から1まで（例：0.25 または 1/4）",
                   "zh": "自 0 至 1，如 0.25 或 1/4", "fr": "de 0 à 1, par ex. 0.25 ou 1/4"},
    "hint_fraction": {"en": "e.g. 1/3", "ja": "例：1/3", "zh": "如 1/3", "fr": "par ex. 1/3"},
    "hint_texts": {"en": "separated by commas", "ja": "コンマで区切る", "zh": "以逗號分隔", "fr": "séparés par des virgules"},
})

#: roles (SCENARIO.md parties[].roles) as an office calls them
ROLE_LABELS: dict[str, dict[str, str]] = {
    "finder": {"ja": "拾得者", "zh": "撈獲人", "fr": "inventeur", "en": "finder"},
    "owner": {"ja": "所有者", "zh": "物主", "fr": "propriétaire", "en": "owner"},
    "mayor": {"ja": "市町村長", "zh": "町村長", "fr": "maire", "en": "mayor"},
    "salvor": {"ja": "救助者", "zh": "救護人", "fr": "sauveteur", "en": "salvor"},
    "rescuer": {"ja": "救護者", "zh": "救人者", "fr": "sauveteur de personnes", "en": "rescuer"},
    "official": {"ja": "官吏", "zh": "官員", "fr": "fonctionnaire", "en": "official"},
    "administrator": {"ja": "管理者", "zh": "管理官", "fr": "administrateur de l’inscription maritime", "en": "administrator"},
    "master": {"ja": "船長", "zh": "船主", "fr": "capitaine", "en": "master"},
    "crew": {"ja": "乗組員", "zh": "水手", "fr": "équipage", "en": "crew"},
    "passenger": {"ja": "旅客", "zh": "搭客", "fr": "passager", "en": "passenger"},
    "police": {"ja": "警察", "zh": "巡捕", "fr": "police", "en": "police"},
    "director": {"ja": "救護事務所長", "zh": "委員", "fr": "directeur", "en": "director"},
    "carrier": {"ja": "運送人", "zh": "承運人", "fr": "transporteur", "en": "carrier"},
    "shipper": {"ja": "荷送人", "zh": "貨主", "fr": "chargeur", "en": "shipper"},
    "consignee": {"ja": "荷受人", "zh": "收貨人", "fr": "destinataire", "en": "consignee"},
    "headman": {"ja": "戸長", "zh": "地保", "fr": "chef de village", "en": "headman"},
    "elder": {"ja": "長老", "zh": "耆老", "fr": "ancien", "en": "elder"},
    "warden": {"ja": "看守", "zh": "汛弁", "fr": "gardien", "en": "warden"},
    "contractor": {"ja": "請負人", "zh": "包工", "fr": "entrepreneur", "en": "contractor"},
    "consul": {"ja": "領事", "zh": "領事", "fr": "consul", "en": "consul"},
    "reporter": {"ja": "報告者", "zh": "報信人", "fr": "déclarant", "en": "reporter"},
    "stevedore": {"ja": "荷役人", "zh": "挑夫", "fr": "débardeur", "en": "stevedore"},
}

def office_head_role(regime: str | None) -> str | None:
    """The office's own head, present in every case of the regime without being added (its ``office_head``)."""
    from wreckmaster.law.contributes import law_of

    law = law_of(regime)
    return law.office_head if law is not None else None

#: values of the case's own fields (items' kinds and states, waters, the casualty's kind); the events'
#: fields and enumerated values are labelled by the regime's declarations (``events.yaml``)
VALUE_LABELS: dict[str, dict[str, str]] = {
    "cargo": {"ja": "積荷", "zh": "貨物", "fr": "cargaison", "en": "cargo"},
    "vessel": {"ja": "船体", "zh": "船身", "fr": "navire", "en": "vessel"},
    "gear": {"ja": "船具", "zh": "船具", "fr": "agrès", "en": "gear"},
    "mail": {"ja": "郵便物", "zh": "信件", "fr": "courrier", "en": "mail"},
    "baggage": {"ja": "手荷物", "zh": "行李", "fr": "bagages", "en": "baggage"},
    "valuables": {"ja": "貴重品", "zh": "貴重物", "fr": "objets de valeur", "en": "valuables"},
    "timber": {"ja": "木材", "zh": "木料", "fr": "bois", "en": "timber"},
    "floating": {"ja": "漂流", "zh": "漂流", "fr": "flottant", "en": "floating"},
    "sunk": {"ja": "沈没", "zh": "沉沒", "fr": "coulé", "en": "sunk"},
    "ashore": {"ja": "漂着", "zh": "擱岸", "fr": "à la côte", "en": "ashore"},
    "sea": {"ja": "海", "zh": "海", "fr": "mer", "en": "sea"},
    "river": {"ja": "河川", "zh": "江河", "fr": "rivière", "en": "river"},
    "wreck": {"ja": "難破", "zh": "失事", "fr": "naufrage", "en": "wreck"},
    "stranding": {"ja": "座礁", "zh": "擱淺", "fr": "échouement", "en": "stranding"},
    "jettison": {"ja": "投荷", "zh": "拋貨", "fr": "jet", "en": "jettison"},
    "drift": {"ja": "漂流物", "zh": "漂流物", "fr": "épave flottante", "en": "drift"},
}


def _label(table: dict[str, dict[str, str]], key: str, lang: str, with_english: bool = False) -> str:
    row = table.get(key)
    if row is None:
        return key
    local = row.get(lang) or row["en"]
    return f"{local} · {row['en']}" if with_english and lang != "en" and local != row["en"] else local


def role_label(role: str, lang: str, with_english: bool = False) -> str:
    """拾得者 / 所有者 / 市町村長 / sauveteur: a role as the case's office calls it."""
    return _label(ROLE_LABELS, role, lang, with_english)


def _declared(regime: str | None):
    """The events' labels of a regime (its ``events.yaml``, what it includes, the base), or the base's."""
    from wreckmaster.law import events

    if regime:
        from wreckmaster.law.regime import get

        try:
            return get(regime).events
        except KeyError:
            pass
    return events.base_labels()


def _pick(local: str | None, en: str | None, key: str, lang: str, with_english: bool) -> str:
    local, en = local or en or key, en or key
    return f"{local} · {en}" if with_english and lang != "en" and local != en else local


def field_label(name: str, lang: str, with_english: bool = False, regime: str | None = None) -> str:
    """An event's field as the regime's declarations label it (``events.yaml``)."""
    ev = _declared(regime)
    return _pick(ev.field_label(name, lang), ev.field_label(name, "en"), name, lang, with_english)


def declares_field(name: str, regime: str | None = None) -> bool:
    """Whether the regime's declarations (or the base's) label an event field of that name."""
    return _declared(regime).field_label(name, "en") is not None


def value_label(value: str, lang: str, with_english: bool = False, regime: str | None = None) -> str:
    """A value of the case (``VALUE_LABELS``) or an event's enumerated value (the declarations)."""
    if value in VALUE_LABELS:
        return _label(VALUE_LABELS, value, lang, with_english)
    ev = _declared(regime)
    return _pick(ev.value_label(value, lang), ev.value_label(value, "en"), value, lang, with_english)


def event_label(etype: str, lang: str, with_english: bool = False, regime: str | None = None) -> str:
    """An event type as the regime's declarations label it (``events.yaml``)."""
    from wreckmaster.law.events import known

    if etype not in known():
        return etype
    ev = _declared(regime)
    return _pick(ev.event_label(etype, lang), ev.event_label(etype, "en"), etype, lang, with_english)
