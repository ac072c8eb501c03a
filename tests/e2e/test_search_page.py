"""Search (Pagefind, built by the site build): a reader types into the box and reads the hits.

Thai words find their lesson among the first lesson hits: the count (นับศักดิ์), every piece of
every board game, Mak-hot's ฮอส; so do English words, the synonyms that the indexing step adds
(site_builder/search_words.py) and a word typed with a wrong tone mark. Hits show a title, the
game and an excerpt with the word marked; the count is announced; it all works by keyboard, at
360 px, and with JavaScript off the page is a list of every page.

None is about a first visit: the pages share the session's warm contexts (conftest.py: one HTTP
cache, so Pagefind's files are fetched once; storage cleared per test); the page whose index is
refused (page.route) and the page without JavaScript have contexts of their own.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.site_builder.thai_words import latin_words, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.warm]  # not about a first visit: one HTTP cache (conftest.py)

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
TOP = 5  # "among the first results": the first five lesson hits

THAI = [
    ("นับศักดิ์", "/th/makruk/counting-basics/"),
    ("เบี้ยหงาย", "/th/makruk/ma-ruea-bia/"),
    ("ฮอส", "/th/makhos/king/"),
    # Makruk's pieces
    ("ขุน", "/th/makruk/khun-met-khon/"),
    ("เม็ด", "/th/makruk/khun-met-khon/"),
    ("โคน", "/th/makruk/khun-met-khon/"),
    ("ม้า", "/th/makruk/ma-ruea-bia/"),
    ("เรือ", "/th/makruk/ma-ruea-bia/"),
    ("เบี้ย", "/th/makruk/ma-ruea-bia/"),
    # Mak-hot's pieces
    ("เบี้ย", "/th/makhos/men/"),
    # Komayo's own pieces
    ("เจ้าหญิง", "/th/komayo/pieces/"),
    ("เงิน", "/th/komayo/pieces/"),
    ("หอก", "/th/komayo/pieces/"),
]
# Komayo's pieces that Makruk has too: the Makruk lesson comes first, so the reader picks the game.
KOMAYO = "หมากรุกโกมาโย"
THAI_IN_ONE_GAME = [(word, KOMAYO, "/th/komayo/pieces/") for word in ("ขุน", "เรือ", "โคน", "ม้า", "เบี้ย")]
ENGLISH = [
    ("counting", "/en/makruk/counting-basics/"),
    ("Khon", "/en/makruk/khun-met-khon/"),
    ("Met", "/en/makruk/khun-met-khon/"),
    ("Bia-ngai", "/en/makruk/ma-ruea-bia/"),
    ("Ruea", "/en/makruk/ma-ruea-bia/"),
    ("king", "/en/makhos/king/"),
    ("lance", "/en/komayo/pieces/"),
    ("princess", "/en/komayo/pieces/"),
]
# Words the pages do not say: found through the synonyms the index adds (test_search_build.py in
# tests/site_builder checks that the served page does not have them), or through Pagefind
# ignoring tone marks (ฮ๊อส is ฮอส with a wrong tone mark).
SYNONYMS = [
    ("th", "เบี้ยเลื่อนขั้น", "หมากรุกไทย", "/th/makruk/ma-ruea-bia/"),
    ("th", "queen", "", "/th/makruk/khun-met-khon/"),
    ("th", "Met", "", "/th/makruk/khun-met-khon/"),
    ("th", "Thai checkers", "", "/th/makhos/king/"),
    ("en", "queen", "", "/en/makruk/khun-met-khon/"),
    ("en", "เม็ด", "", "/en/makruk/khun-met-khon/"),
    ("en", "ฮอส", "", "/en/makhos/king/"),
    ("th", "ฮ๊อส", "", "/th/makhos/king/"),
]


def search(page: Page, lang: str, query: str, game: str = "") -> None:
    """Open the search page, pick the game if asked and type the query into the box, as a reader does."""
    page.goto(f"/{lang}/search/")
    if game:
        page.get_by_label(re.compile("^(เกม|Game)$")).select_option(label=game)
    box = page.get_by_role("searchbox", name=re.compile("ค้นหา|Search"))
    box.click()
    box.press_sequentially(query)
    expect(page.locator("#search-status")).to_have_text(re.compile(r"\d"), timeout=20_000)


def lesson_hits(page: Page) -> list[tuple[str, str]]:
    """(title, href) of the lesson-page hits shown, in order."""
    links = page.locator("#search-results .search-group").first.locator(".search-hits > li > a")
    return [(a.inner_text(), a.get_attribute("href")) for a in links.all()]


def search_each(page: Page, lang: str, game: str, cases: list[tuple[str, str]]) -> list[str]:
    """Search every (query, url) of `cases` in one search page (the box emptied, its empty status
    awaited, then the query put in whole, each sent with Enter: one search a query, never a stale
    count); returns what went wrong, one line a query."""
    page.goto(f"/{lang}/search/")
    if game:
        page.get_by_label(re.compile("^(เกม|Game)$")).select_option(label=game)
    box = page.get_by_role("searchbox", name=re.compile("ค้นหา|Search"))
    status = page.locator("#search-status")
    missed = []
    for query, url in cases:
        box.fill("")
        box.press("Enter")  # the form's submit: at once, without the typing pause (search() types)
        expect(status).to_have_text("", timeout=20_000)
        box.fill(query)
        box.press("Enter")
        expect(status).to_have_text(re.compile(r"\d"), timeout=20_000)
        hits = lesson_hits(page)
        if url not in [href for _, href in hits[:TOP]]:
            missed.append(f"{query!r}: {url} not among the first {TOP} hits: {hits[:TOP]}")
        elif not dict((href, title) for title, href in hits)[url].strip():
            missed.append(f"{query!r}: {url} has no title")
        if game and {a.inner_text() for a in page.locator("#search-results .search-game").all()} != {game}:
            missed.append(f"{query!r}: hits outside {game}")
    return missed


def test_thai_words_find_their_lesson(page):
    assert search_each(page, "th", "", THAI) == []


def test_thai_words_find_their_lesson_in_one_game(page):
    assert search_each(page, "th", KOMAYO, [(query, url) for query, _, url in THAI_IN_ONE_GAME]) == []
    expect(page).to_have_url(re.compile(r"[?&]game="))


def test_english_words_find_their_lesson(page):
    assert search_each(page, "en", "", ENGLISH) == []


@pytest.mark.parametrize("lang, game", sorted({(lang, game) for lang, _, game, _ in SYNONYMS}))
def test_synonyms_and_tone_marks_find_the_page(page, lang, game):
    cases = [(query, url) for each_lang, query, each_game, url in SYNONYMS if (each_lang, each_game) == (lang, game)]
    assert search_each(page, lang, game, cases) == []


def test_hits_show_title_game_and_a_marked_excerpt_and_the_count_is_announced(page):
    search(page, "th", "ฮอส")
    status = page.locator("#search-status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text(re.compile(r"^พบบทเรียน \d+ หน้า และโจทย์ \d+ ข้อ$"))
    groups = page.locator("#search-results .search-group h2")
    expect(groups).to_have_text([re.compile(r"^บทเรียน \(\d+\)$"), re.compile(r"^โจทย์ \(\d+\)$")])
    first = page.locator("#search-results .search-hits > li").first
    expect(first.locator("a")).to_have_text("ฮอสและช่องที่ลง")
    expect(first.locator(".search-game")).to_have_text("หมากฮอส")
    marks = first.locator(".search-excerpt mark")
    assert marks.count() >= 1
    assert {m.inner_text() for m in marks.all()} == {"ฮอส"}
    puzzles = page.locator("#search-results .search-group").nth(1).locator(".search-hits > li > a")
    assert puzzles.count() >= 1 and all("ฮอส" in a.inner_text() for a in puzzles.all()[:3])


def test_a_thai_search_speaks_thai(page):
    search(page, "th", "เบี้ยหงาย")
    latin = [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]
    assert latin == []


def test_a_word_no_page_has_says_so(page):
    page.goto("/th/search/")
    page.locator("#search-q").fill("xylophone")
    page.locator("#search-q").press("Enter")
    expect(page.locator("#search-status")).to_have_text(re.compile("ไม่พบหน้าที่มีคำว่า"), timeout=20_000)
    expect(page.locator("#search-results .search-hits")).to_have_count(0)


def test_keyboard_only_search_and_more_hits(page):
    page.goto("/th/search/?q=%E0%B8%82%E0%B8%B8%E0%B8%99")  # ?q=ขุน: the address carries the query
    box = page.locator("#search-q")
    expect(box).to_have_value("ขุน")
    expect(page.locator("#search-status")).to_have_text(re.compile(r"\d"), timeout=20_000)
    more = page.locator("#search-results .search-more").first
    expect(more).to_be_visible()
    before = page.locator("#search-results .search-group").first.locator(".search-hits > li").count()
    more.focus()
    page.keyboard.press("Enter")
    group = page.locator("#search-results .search-group").first.locator(".search-hits > li")
    expect(group).to_have_count(min(before * 2, int(re.search(r"\d+", page.locator(
        "#search-results .search-group h2").first.inner_text())[0])))
    # focus moved to the first new hit; Enter follows it
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused and focused.startswith("/th/"), focused
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(re.escape(focused) + "$"))


def test_the_header_box_sends_its_words_to_the_search_page(open_warm_page):
    page = open_warm_page(viewport={"width": 1280, "height": 900})
    page.goto("/th/makruk/board-and-pieces/")
    box = page.locator("header form.site-search input[type=search]")
    expect(box).to_be_visible()
    expect(page.locator("header a.search-link")).to_be_hidden()
    box.fill("เม็ด")
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"/th/search/\?q="))
    expect(page.locator("#search-status")).to_have_text(re.compile(r"\d"), timeout=20_000)
    assert "/th/makruk/khun-met-khon/" in [href for _, href in lesson_hits(page)][:TOP]


def test_on_a_phone_the_header_keeps_a_link_and_the_page_fits_360_px(open_warm_page):
    page = open_warm_page(**PHONE)
    page.goto("/th/makruk/board-and-pieces/")
    link = page.locator("header a.search-link")
    expect(link).to_be_visible()
    expect(page.locator("header form.site-search")).to_be_hidden()
    assert link.bounding_box()["height"] >= 44
    link.click()
    expect(page).to_have_url(re.compile(r"/th/search/$"))
    search_box = page.locator("#search-q")
    search_box.fill("เบี้ยหงาย")
    search_box.press("Enter")
    expect(page.locator("#search-status")).to_have_text(re.compile(r"\d"), timeout=20_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the search page is {width} px wide at 360 px"
    for target in [search_box, page.locator("#search-form button"), *page.locator(
            "#search-results .search-hits a").all()[:5], page.locator("#search-results .search-more").first]:
        box = target.bounding_box()
        assert box and box["height"] >= 44, (target, box)


def test_without_javascript_the_box_is_a_link_to_a_list_of_every_page(new_context, built_site):
    context = new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto("/th/makruk/board-and-pieces/")
    expect(page.locator("header form.site-search")).to_be_hidden()
    link = page.locator("header a.search-link")
    expect(link).to_be_visible()
    expect(link).to_have_text("ค้นหา")
    link.click()
    expect(page).to_have_url(re.compile(r"/th/search/$"))
    expect(page.locator("#search-form")).to_be_hidden()
    expect(page.locator("main .note")).to_be_visible()  # the <noscript> note
    listed = {a.get_attribute("href") for a in page.locator("#search-all a").all()}
    games = [a.get_attribute("href").split("#")[1] for a in page.locator("nav.sidebar h2 a[href*='#']").all()]
    lessons = {"/" + p.parent.relative_to(built_site).as_posix() + "/"
               for game in games for p in (built_site / "th" / game).glob("*/index.html")}
    puzzles = {"/" + p.parent.relative_to(built_site).as_posix() + "/"
               for p in (built_site / "th" / "puzzles").glob("*/index.html") if p.parent.name != "format"}
    assert lessons and puzzles
    assert lessons <= listed, sorted(lessons - listed)
    assert puzzles <= listed, sorted(puzzles - listed)
    # the puzzles are in a <details> that opens without JavaScript
    details = page.locator("#search-all details").first
    details.locator("summary").click()
    expect(details.locator("a").first).to_be_visible()
    context.close()


def test_when_the_index_cannot_load_the_page_says_so_and_keeps_the_list(page, context):  # routed: its own context
    page.route("**/pagefind/**", lambda route: route.abort())
    search(page, "th", "ฮอส")
    expect(page.locator("#search-status")).to_have_text(re.compile("ค้นหาไม่ได้ในตอนนี้"))
    expect(page.locator("#search-all a").first).to_be_visible()


@pytest.mark.parametrize("lang, query", [("th", "ฮอส"), ("en", "king")])
def test_search_page_with_hits_has_no_axe_violations(open_warm_page, lang, query):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (bash .ci/setup does)")
    page = open_warm_page(bypass_csp=True)
    search(page, lang, query)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    found = [f"{v['id']}: {v['help']} — " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
             for v in result["violations"]]
    assert found == [], "\n".join(found)
