"""Thai first: find the Latin-script words a reader meets on a Thai page.

Every visible word on a /th/ page is Thai, except notation. `visible_texts(html)` extracts what
a reader sees or hears (text, alt, title, aria-label, placeholder, the page title and its
description), skipping what nobody sees: <script>, <style>, [hidden], aria-hidden="true", the
children of role="img" (only its label is read), text marked with another language (lang="en",
e.g. the language switch), and text the builder marks translate="no" (literal file syntax that
must not be translated). `latin_words(text)` returns the Latin words of a text that are not on
the allow-list below. The browser test of live boards uses the same allow-list.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

#: Latin words a Thai page may show, and why (keep this short).
ALLOWED_WORDS = {
    "FEN": "the name of the position notation the lessons and the sandbox teach and use",
    "Fairy-Stockfish": "the program whose FEN and move notation the site follows; a proper name "
                       "that Thai texts write in Latin letters",
    "Enter": "a key name, printed on the key",
    "Escape": "a key name, printed on the key",
    "Ctrl": "a key name, printed on the key",
}
KEYS = re.compile(r"\bCtrl\+[A-Z]\b")  # a key combination, as printed on the keys: Ctrl+C
CARDS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9]|10|[JQKA])[♠♥♦♣]")  # Dummy's card notation with suit symbols: A♣, 10♦
#: Notation, not words: whole FEN strings, then square names and moves (e4, e3e4, e3-e4, b2xb7,
#: e5e6m, e8e7^, Komayo drops L*a8), a FEN letter or a file letter standing alone (K = ขุน, M~, a ถึง h, w or b for the side
#: to move), and web addresses of cited sources (an address is typed as it is).
FEN = re.compile(r"(?<!\S)[1-8KkMmSsNnRrPpFf~]+(?:/[1-8KkMmSsNnRrPpFf~]+){7}(?:\s+[wb](?:\s+(?:-|\d+)){0,4})?")
NOTATION = (
    re.compile(r"[a-h][1-8](?:[-x]?[a-h][1-8])*[mMfF~+^]?"),
    re.compile(r"\+?[PLNSBRIK]\*[a-h][1-8]"),  # a Komayo drop: L*a8, +P*e5
    re.compile(r"[KkMmSsNnRrPpa-hw]~?"),
    re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|th)"),
)
WORD = re.compile(r"[A-Za-z0-9~][A-Za-z0-9~'’._*-]*[A-Za-z0-9~^]|[A-Za-z~]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SPOKEN_ATTRS = ("alt", "title", "aria-label", "placeholder")


def latin_words(text: str) -> list[str]:
    """The Latin-script words of ``text`` that are neither notation nor allowed."""
    text = CARDS.sub(" ", KEYS.sub(" ", FEN.sub(" ", text)))
    found = []
    for word in WORD.findall(text):
        word = word.strip("._-'’")
        if not re.search(r"[A-Za-z]", word) or word in ALLOWED_WORDS:
            continue
        if any(pattern.fullmatch(word) for pattern in NOTATION):
            continue
        found.append(word)
    return found


class _Visible(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hides its content)
        self.texts: list[str] = []

    @property
    def hidden(self) -> bool:
        return any(hides for _, hides in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        shown = not self.hidden
        lang = a.get("lang")
        hides = (tag in ("script", "style", "template") or "hidden" in a or a.get("aria-hidden") == "true"
                 or a.get("translate") == "no" or (lang is not None and not lang.startswith("th")))
        if shown and not hides:
            self.texts += [a[name] for name in SPOKEN_ATTRS if a.get(name)]
            if tag == "meta" and a.get("name") == "description":
                self.texts.append(a.get("content") or "")
            if tag == "input" and a.get("type") in ("button", "submit", "reset") and a.get("value"):
                self.texts.append(a["value"])
        if tag not in VOID:
            # the children of role="img" are not read, only its label (taken above)
            self.stack.append((tag, hides or a.get("role") == "img"))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    """What a reader of the page sees or hears, piece by piece (see the module docstring)."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return parser.texts


def page_lang(html: str) -> str | None:
    """The page's language: the lang attribute of <html>."""
    m = re.search(r"<html\b[^>]*\blang=\"([^\"]+)\"", html)
    return m[1] if m else None
