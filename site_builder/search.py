"""Phase 2 for search: the search page /<lang>/search/, one per language.

Without JavaScript it is an index of the site: every game's lessons and pages, then its puzzles,
grouped by game, all plain links. With JavaScript (static/js/search.js) its box searches the
Pagefind index that the build writes (site_builder.search_index) and lists the hits above. The
header of every page links here; static/js/search-box.js turns that link into a small box that
sends its words here (``?q=``).
"""
from __future__ import annotations

from .assets import AssetUrls
from .context import Output, base_context
from .i18n import LANGS, strings
from .loader import Site
from .search_words import ADDED_WORDS_MARK

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "ค้นหา",
        "intro": "ค้นหาบทเรียนและโจทย์ของทุกเกม พิมพ์ชื่อหมาก ชื่อกติกา หรือคำที่จำได้",
        "label": "คำที่ต้องการค้นหา",
        "placeholder": "เช่น นับศักดิ์ เบี้ยหงาย ฮอส",
        "submit": "ค้นหา",
        "game": "เกม",
        "every_game": "ทุกเกม",
        "noscript": "ช่องค้นหาต้องเปิดใช้จาวาสคริปต์ เลือกจากรายการทุกหน้าด้านล่างได้เลย",
        "all": "ทุกหน้าในเว็บ",
        "pages": "บทเรียน",
        "puzzles": "โจทย์",
        "puzzle_count": "โจทย์ {n} ข้อ",
        # words for static/js/search.js
        "loading": "กำลังเตรียมการค้นหา…",
        "searching": "กำลังค้นหา…",
        "found": "พบบทเรียน {pages} หน้า และโจทย์ {puzzles} ข้อ",
        "none": "ไม่พบหน้าที่มีคำว่า “{q}” ลองคำที่สั้นลง หรือเขียนอีกแบบ",
        "more": "ดูเพิ่มอีก {n} รายการ",
        "failed": "ค้นหาไม่ได้ในตอนนี้ ({why}) เลือกจากรายการทุกหน้าด้านล่างได้",
    },
    "en": {
        "title": "Search",
        "intro": "Search the lessons and puzzles of every game: a piece, a rule, any word you remember.",
        "label": "Search for",
        "placeholder": "e.g. counting, Bia-ngai, king",
        "submit": "Search",
        "game": "Game",
        "every_game": "Every game",
        "noscript": "The search box needs JavaScript. Every page is listed below.",
        "all": "Every page of the site",
        "pages": "Lessons",
        "puzzles": "Puzzles",
        "puzzle_count": "{n} puzzles",
        "loading": "Getting search ready…",
        "searching": "Searching…",
        "found": "Found {pages} lesson pages and {puzzles} puzzles",
        "none": "No page has “{q}”. Try a shorter word or another spelling.",
        "more": "Show {n} more",
        "failed": "Search is not available right now ({why}). Every page is listed below.",
    },
}
#: The folder of the built site where the build writes Pagefind's bundle (site_builder.search_index).
BUNDLE = "pagefind"
#: Keys of STRINGS that the browser needs (data-* attributes of #search-results).
SCRIPT_KEYS = ("loading", "searching", "found", "none", "more", "failed", "pages", "puzzles")


def search_url(lang: str) -> str:
    return f"/{lang}/search/"


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The search page in every language."""
    items = []
    for lang in LANGS:
        s = STRINGS[lang]
        url = search_url(lang)
        ctx = base_context(site, urls, lang, url, {other: search_url(other) for other in LANGS})
        ctx.update(title=s["title"], summary=s["intro"], s=s, listing=listing(site, ctx["games"], lang),
                   script_strings={**{key: s[key] for key in SCRIPT_KEYS}, "added": ADDED_WORDS_MARK,
                                   "bundle": f"/{BUNDLE}/pagefind.js"},
                   breadcrumbs=[{"title": strings(lang)["home"], "url": f"/{lang}/"}, {"title": s["title"], "url": url}])
        items.append(Output(f"{lang}/search/index.html", "search.html", ctx, "site_builder/templates/search.html"))
    return items


def listing(site: Site, games: list[dict], lang: str) -> list[dict]:
    """Per game of the site: its name, its pages (lessons, sandbox, its own pages) and its puzzles."""
    sandbox = strings(lang)["sandbox"]
    groups = []
    for game in games:
        pages = [{"title": lesson["title"], "url": lesson["url"]} for lesson in game["lessons"]]
        if game["sandbox_url"]:
            pages.append({"title": sandbox, "url": game["sandbox_url"]})
        pages += [{"title": extra["title"], "url": extra["url"]} for extra in game["extras"]]
        puzzles = [{"title": p.title[lang], "url": p.url(lang)} for p in site.puzzles.puzzles if p.game == game["id"]]
        groups.append({"id": game["id"], "name": game["name"], "pages": pages, "puzzles": puzzles})
    return groups
