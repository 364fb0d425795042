"""Issue 25: a page in Japanese, French or classical Chinese carries no English. The text a person
reads or hears (the text between tags and the attributes shown or spoken: placeholder, title,
alt, aria-label, a button's value) is scanned for English words; ids, codes, article citations,
numbers, abbreviations (JPY, ISO, PDF) and ``wreckmaster`` are not English. The English beside
the local words on a page asked for both (``?both=1``) is marked ``lang="en"`` and left out."""
from __future__ import annotations

import re
from html.parser import HTMLParser

SPOKEN = ("placeholder", "title", "alt", "aria-label")
#: words of English that the scan must find on an English page (the scan can fail)
WORD = re.compile(r"(?<![\w/#:.@-])[A-Za-z][a-z]+(?:['’][a-z]+)?(?![\w/#:.@-])")


#: a language's own name in the language picker; formats and units written the same in every language
OWN_NAMES = {"English", "Atom", "iCalendar", "km"}


class _Text(HTMLParser):
    def __init__(self, lang: str):
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.out: list[str] = []
        self.skip = 0          # inside <script>, <style>, <code>, <svg>, or words in a third language
        self.stack: list[bool] = []
        self.untranslated: list[str] = []   # the English of a message with no local text yet
        self.depth_untranslated = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        other = (a.get("lang") or "").split("-")[0]
        skip = tag in ("script", "style", "code", "svg", "kbd", "samp") \
            or bool(other) and other not in ("en", self.lang) \
            or "data-untranslated" in a   # the law's own words (lang="fr" on a ja page); a message not yet local
        if "data-untranslated" in a and not self.skip:
            self.untranslated.append(tag)
        if tag not in ("br", "input", "img", "meta", "link", "hr", "source", "wbr"):
            self.stack.append(skip)
            self.skip += skip
        if not self.skip:
            self.out += [a[k] for k in SPOKEN if a.get(k)]
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.out.append(a["value"])

    def handle_endtag(self, tag):
        if tag in ("br", "input", "img", "meta", "link", "hr", "source", "wbr"):
            return
        if self.stack:
            self.skip -= self.stack.pop()

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


#: on a French page, a word is English when it is one of these and no French word (the others are French)
ENGLISH = set("""
the and of to with for is are was were be been by on at from this that these those it its or an as has have had
which who whom whose what when where will shall may must can could should would not no yes none every all any
each some other than then there their they them he she his her we our you your my me do does did done if so
up down out over under after before between within without into onto about against during since until upon
case cases party parties item items found owner owners record recorded add log day days week today new open
show skip content main language clerk supervisor figure figures articles article rests perishable rescued
difficulty hard easy pay category labour custody boats info warning error law period force inclusive known
settlement statement protest owed owes public notices notice claim claims local search name user password token
kind place value values amount due duty status pending met missed ended found saved search map type reason
field fields entry entries version office people facts inventory timeline deadlines findings awards charges
documents print printed why less more such same also only even once here how very just still yet
""".split()) - set("""
date nature type position description distance total note article articles notice place version items on an or as
me public documents force local due case item info
""".split())


def untranslated(html: str, lang: str = "ja") -> int:
    """How many messages the page shows in English for want of local words (marked
    ``data-untranslated``: a finding, a step or a duty the regime has no template for yet, a
    document's problem)."""
    p = _Text(lang)
    p.feed(html)
    return len(p.untranslated)


def english_words(html: str, allowed: set[str] = frozenset(), lang: str = "ja") -> list[str]:
    """The English words a person would read on a page in ``lang`` (in order, each once): any
    word in Latin letters on a Japanese or Chinese page, a word of :data:`ENGLISH` on a French one."""
    p = _Text(lang)
    p.feed(html)
    words = []
    for chunk in p.out:
        for w in WORD.findall(chunk):
            if w.casefold() == "wreckmaster" or w in allowed or w in OWN_NAMES or w.isupper():
                continue
            if lang == "fr" and w.casefold() not in ENGLISH:
                continue
            words.append(w)
    return list(dict.fromkeys(words))
