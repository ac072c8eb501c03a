"""The builder's "make your own exercise" panel (static/js/teach/maker.js, position-editor.js),
used as a teacher would on a 360 px phone: a Makruk mate in 1 set up by taps on the board editor
(44 px squares and palette buttons), proven by the engine in the browser, added to the
assignment; the student's link then carries it (decoded with the site's own core/assignment.js)
and a reload keeps the draft and the exercise. The keyboard places pieces; a catalog exercise's
position loads; each game keeps its own position. An illegal or unprovable position gets the
engine's reason and cannot be added; a FEN that does not read says why and keeps what was typed; a
pasted Dummy calculator link proves and adds, and more tables are added until the link would be
too long, which is refused before any link is made. A full storage is reported. Every word is
Thai on the Thai page, axe finds nothing, the public-solutions note is there in both languages.
A best move is offered where the catalog has best moves (Mak-hot, Makruk; not Komayo), said in
words (what the key wins, which other moves count) and added; the Makruk opening has no clear best.
A Makruk counting number is worked out by the engine after the move that starts the count, and a
position where no count runs says why.
Screenshots: /tmp/maker-*.png and artifacts_dir.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.site_builder.thai_words import latin_words, visible_texts

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BUILDER = "/{lang}/teach/assign/"
PROVE_TIMEOUT_MS = 120_000  # the engine's first load (about 5 MB) and the proof
MATE_IN_1 = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"  # Ra8# (a1a8)
NO_WIN = "7k/8/8/8/8/8/8/R3K3 w - - 0 1"  # no forced win within the engine's depth
TARGET = 43.5  # a 44 px target, less sub-pixel rounding


def open_builder(page: Page, lang: str = "th") -> None:
    page.goto(BUILDER.format(lang=lang))
    expect(page.locator("#maker-game")).to_be_visible()


def tap(page: Page, piece: str, square: str) -> None:
    page.locator(f'.maker-palette [data-piece="{piece}"]').click()
    page.locator(f'svg.maker-board g[data-square="{square}"]').click()


def prove(page: Page) -> None:
    page.locator("#maker-prove").click()
    expect(page.locator("#maker")).not_to_have_attribute("data-state", "proving", timeout=PROVE_TIMEOUT_MS)


def add_it(page: Page) -> None:
    """Press "add to the assignment" and wait until it is in: the maker says so once the builder
    has begun encoding it (before that, the share panel's "ready" is the old link's)."""
    page.locator("#maker-add").click()
    expect(page.locator("#maker-status")).to_contain_text("ในงานแล้ว")


def decode(page: Page) -> dict:
    expect(page.locator("#assign-share")).to_have_attribute("data-state", "ready")  # every change encoded
    link = page.locator("#assign-link").input_value()
    return page.evaluate("async (code) => (await import('/static/js/core/assignment.js')).decodeAssignment(code)", link)


def latin_in_maker(page: Page) -> list[tuple[str, str]]:
    """The Latin words (not notation) the maker panel shows now."""
    return [(word, text.strip()[:80]) for text in visible_texts(page.locator("#maker").inner_html()) for word in latin_words(text)]


def picked_ids(page: Page) -> list[str]:
    return page.locator("#assign-picked > li").evaluate_all("rows => rows.map((li) => li.dataset.id)")


def test_a_makruk_mate_in_one_set_up_by_taps_at_360_is_proven_added_and_kept(open_warm_page, artifacts_dir):
    page = open_warm_page(viewport={"width": 360, "height": 800})
    open_builder(page)
    page.select_option("#maker-game", "makruk")
    page.locator('.maker-editor [data-act="empty"]').click()
    expect(page.locator("#maker-fen")).to_have_value("8/8/8/8/8/8/8/8 w - - 0 1")
    tap(page, "k", "h8")
    tap(page, "K", "g6")
    tap(page, "N", "a1")
    tap(page, "R", "a1")  # another piece replaces the knight
    tap(page, "R", "b2")
    tap(page, "R", "b2")  # the same piece again clears the square
    expect(page.locator("#maker-fen")).to_have_value(MATE_IN_1)
    expect(page.locator('svg.maker-board g[data-square="a1"]')).to_have_attribute("aria-label", "a1, ขาว เรือ")
    for target in (page.locator('svg.maker-board g[data-square="e4"]'), page.locator('.maker-palette [data-piece="K"]')):
        box = target.bounding_box()
        assert box["width"] >= TARGET and box["height"] >= TARGET, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.select_option("#maker-mate-in", "1")
    page.fill("#maker-title", "เรือจนที่แถวบน")
    page.fill("#maker-hint-1", "ขุนดำหนีไปไหนได้บ้าง")
    expect(page.locator("#maker-add")).to_have_attribute("aria-disabled", "true")
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "proven")
    expect(page.locator("#maker-result")).to_contain_text("a1a8")
    assert latin_in_maker(page) == []
    add_it(page)
    [own] = picked_ids(page)
    assert own.startswith("t-")
    expect(page.locator("#assign-picked > li")).to_contain_text("เรือจนที่แถวบน")
    a = decode(page)
    assert a["items"] == [own]
    [x] = a["exercises"]
    assert (x["id"], x["game"], x["kind"], x["title"], x["hints"]) == (own, "makruk", "mate", "เรือจนที่แถวบน", ["ขุนดำหนีไปไหนได้บ้าง"])
    assert (x["data"]["position"], x["data"]["mate_in"], x["data"]["line"]) == (MATE_IN_1, 1, ["a1a8"])
    page.locator("#maker").screenshot(path="/tmp/maker-proven-360.png")
    page.screenshot(path=str(artifacts_dir / "teach-maker-th-360.png"), full_page=True)

    page.reload()
    expect(page.locator("#maker-fen")).to_have_value(MATE_IN_1)
    expect(page.locator("#maker-title")).to_have_value("เรือจนที่แถวบน")
    expect(page.locator("#maker-hint-1")).to_have_value("ขุนดำหนีไปไหนได้บ้าง")
    expect(page.locator("#maker-mate-in")).to_have_value("1")
    expect(page.locator("#assign-picked > li")).to_have_count(1)
    assert picked_ids(page) == [own]
    page.locator('#assign-picked [data-act="remove"]').click()  # removed like a catalog item
    expect(page.locator("#assign-picked > li")).to_have_count(0)
    expect(page.locator("#assign-share-empty")).to_be_visible()


MAKHOS_BEST = "W:Wa1,c1,e1,b2,h2,c3,h4,g5:Bc5,b6,f6,a7,c7,e7,g7,h8"  # g5-h6 wins a man (the catalog's mh-best-001)
MAKRUK_START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"  # no move clearly best


def test_a_best_move_is_offered_where_the_catalog_has_them_proven_in_words_and_added(open_warm_page):
    page = open_warm_page(viewport={"width": 360, "height": 800})
    open_builder(page)
    page.select_option("#maker-game", "komayo")  # no best moves in Komayo's catalog: a forced win only
    expect(page.locator("#maker-kind option")).to_have_count(1)
    page.select_option("#maker-game", "makhos")
    expect(page.locator("#maker-kind option")).to_have_count(2)
    expect(page.locator("#maker-kind-note")).to_contain_text("บังคับชนะ")
    page.select_option("#maker-kind", "best-move")
    expect(page.locator("#maker-kind-note")).to_contain_text("หาตาที่ได้หมาก")
    expect(page.locator("#maker-mate-in")).to_be_hidden()  # a best move has no number of moves to choose
    page.fill("#maker-fen", MAKHOS_BEST)
    page.fill("#maker-title", "หมากฮอสได้ตัว")
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "proven")
    result = page.locator("#maker-result")
    expect(result).to_contain_text("ขาวเดินก่อน หาตาที่ได้หมาก")  # the side by name, as the catalog says it
    expect(result).to_contain_text("ตาที่ได้หมากคือ g5-h6 ได้เปรียบหมาก 3 แต้ม")
    expect(result).to_contain_text("g5-h6 b6-a5 h6xf8")
    expect(result).to_contain_text("ไม่มีตาอื่นที่ดีพอกัน")
    assert latin_in_maker(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#maker").screenshot(path="/tmp/tasks-maker-best-360.png")
    add_it(page)
    [x] = decode(page)["exercises"]
    assert (x["game"], x["kind"], x["title"]) == ("makhos", "best-move", "หมากฮอสได้ตัว")
    assert (x["data"]["position"], x["data"]["mate_in"], x["data"]["line"]) == (MAKHOS_BEST, None, ["g5-h6", "b6-a5", "h6xf8"])
    assert list(x["data"]["tree"]["wins"]) == ["g5-h6"]
    page.reload()  # the kind is kept with the draft
    expect(page.locator("#maker-kind")).to_have_value("best-move")

    page.select_option("#maker-game", "makruk")  # the opening: many moves about as good, no exercise
    page.select_option("#maker-kind", "best-move")
    page.locator('.maker-editor [data-act="start"]').click()
    expect(page.locator("#maker-fen")).to_have_value(MAKRUK_START)
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "refused")
    expect(page.locator("#maker-problem")).to_contain_text("ไม่มีตาที่ดีกว่าตาอื่นชัดเจน")
    page.locator("#maker").screenshot(path="/tmp/tasks-maker-best-refused-360.png")


BEFORE_COUNT = "8/8/3k4/8/4n3/8/8/3KR3 w - - 0 1"  # e1e4 takes Black's last piece: the pieces' honour count (the catalog's counting-002)


def test_a_counting_number_is_worked_out_by_the_engine_after_the_move_that_starts_the_count(open_warm_page):
    page = open_warm_page(viewport={"width": 360, "height": 800})
    open_builder(page)
    page.select_option("#maker-game", "makhos")  # no counting questions in Mak-hot's catalog
    expect(page.locator('#maker-kind option[value="counting"]')).to_have_count(0)
    page.select_option("#maker-game", "makruk")
    expect(page.locator("#maker-count-move")).to_be_hidden()
    page.select_option("#maker-kind", "counting")
    expect(page.locator("#maker-kind-note")).to_contain_text("การนับศักดิ์")
    expect(page.locator("#maker-mate-in")).to_be_hidden()
    page.fill("#maker-fen", BEFORE_COUNT)
    page.fill("#maker-count-move", "")
    prove(page)  # no move: no count runs yet
    expect(page.locator("#maker")).to_have_attribute("data-state", "refused")
    expect(page.locator("#maker-problem")).to_contain_text("ยังไม่มีการนับศักดิ์")
    page.fill("#maker-count-move", "e1e4")
    page.select_option("#maker-count-ask", "limit")
    page.fill("#maker-title", "นับศักดิ์เรือ")
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "proven")
    expect(page.locator("#maker-result")).to_contain_text("ดำกำลังนับศักดิ์หมาก หาเลขที่นับครบ")
    expect(page.locator("#maker-result")).to_contain_text("คำตอบที่เครื่องคำนวณได้: 16")
    assert latin_in_maker(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#maker").screenshot(path="/tmp/tasks-maker-counting-360.png")
    add_it(page)
    [x] = decode(page)["exercises"]
    assert (x["game"], x["kind"], x["title"]) == ("makruk", "counting", "นับศักดิ์เรือ")
    assert x["data"] == {"position": "8/8/3k4/8/4R3/8/8/3K4 b - 32 6 1", "counter": "black", "count_kind": "pieces",
                         "ask": "limit", "answer": 16}
    page.select_option("#maker-count-ask", "start")  # another question: to be checked again
    expect(page.locator("#maker")).to_have_attribute("data-state", "editing")
    page.reload()  # the move and the question are kept with the draft
    expect(page.locator("#maker-count-move")).to_have_value("e1e4")
    expect(page.locator("#maker-count-ask")).to_have_value("start")


def test_keyboard_places_a_piece(open_warm_page):
    page = open_warm_page()
    open_builder(page)
    page.select_option("#maker-game", "makruk")
    page.locator('.maker-editor [data-act="empty"]').click()
    page.locator('.maker-palette [data-piece="k"]').click()
    board = page.locator("svg.maker-board")
    board.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the cursor starts on a8: b8
    expect(page.locator("#maker-fen")).to_have_value("1k6/8/8/8/8/8/8/8 w - - 0 1")
    expect(board).to_have_attribute("aria-activedescendant", "maker-sq-b8")
    item = page.locator("#maker-from").input_value()  # a catalog exercise's position, through its page data
    position = page.evaluate("""async (id) => {
      const catalog = await (await fetch('/th/teach/catalog.json')).json();
      const { fetchPuzzleData } = await import('/static/js/core/puzzle-block.js');
      return (await fetchPuzzleData(catalog.items.find((i) => i.id === id).url)).position;
    }""", item)
    page.locator('.maker-from [data-act="from"]').click()
    expect(page.locator("#maker-fen")).to_have_value(position)
    page.select_option("#maker-game", "makhos")  # each game keeps its own position
    expect(page.locator("#maker-fen")).to_have_value("W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8")
    page.select_option("#maker-game", "makruk")
    expect(page.locator("#maker-fen")).to_have_value(position)


def test_an_unprovable_position_says_why_and_a_bad_fen_keeps_what_was_typed(open_warm_page):
    page = open_warm_page()
    open_builder(page)
    page.select_option("#maker-game", "makruk")
    page.fill("#maker-fen", "7k/8/8/9/8/8/8/R3K3 w - - 0 1")
    expect(page.locator("#maker-fen-error")).to_contain_text("แถว 5")
    expect(page.locator("#maker-fen")).to_have_value("7k/8/8/9/8/8/8/R3K3 w - - 0 1")
    page.reload()  # what was typed, even unread, survives a reload
    expect(page.locator("#maker-fen")).to_have_value("7k/8/8/9/8/8/8/R3K3 w - - 0 1")
    expect(page.locator("#maker-fen-error")).to_be_visible()
    page.locator('.maker-editor [data-act="empty"]').click()  # no Khun: an illegal position
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "refused")
    expect(page.locator("#maker-problem")).to_contain_text("ต้องมีขุนหนึ่งตัว")
    assert latin_in_maker(page) == []
    page.fill("#maker-fen", NO_WIN)
    expect(page.locator("#maker-fen-error")).to_be_hidden()
    expect(page.locator('svg.maker-board g[data-square="e1"]')).to_have_attribute("aria-label", "e1, ขาว ขุน")
    page.select_option("#maker-mate-in", "2")
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "refused")
    expect(page.locator("#maker-problem")).to_contain_text("ไม่มีทางบังคับชนะใน 2 ตา")
    page.locator("#maker-add").click(force=True)  # aria-disabled, still pressable: it says why
    expect(page.locator("#assign-picked > li")).to_have_count(0)
    expect(page.locator("#maker-status")).to_contain_text("ตรวจด้วยเครื่องให้ผ่านก่อน")


def test_a_pasted_dummy_table_proves_and_adds(open_warm_page):
    page = open_warm_page()
    open_builder(page)
    link = page.evaluate("""async () => {
      const catalog = await (await fetch('/th/teach/catalog.json')).json();
      const item = catalog.items.find((i) => i.game === 'dummy' && i.kind === 'scoring');
      const { fetchPuzzleData } = await import('/static/js/core/puzzle-block.js');
      return (await fetchPuzzleData(item.url)).calculator;
    }""")
    assert "#t=" in link
    page.select_option("#maker-game", "dummy")
    page.fill("#maker-table", "ไม่ใช่ลิงก์")
    expect(page.locator("#maker-table-state")).to_contain_text("อ่านโต๊ะจากข้อความนี้ไม่ได้")
    assert latin_in_maker(page) == []
    page.fill("#maker-table", link[:40] + "\n" + link[40:])  # broken over two lines, as a chat does
    expect(page.locator("#maker-table-state")).to_contain_text("อ่านโต๊ะได้แล้ว")
    page.select_option("#maker-ask", "nets")
    expect(page.locator("#maker-player")).to_be_hidden()
    prove(page)
    expect(page.locator("#maker")).to_have_attribute("data-state", "proven")
    add_it(page)
    [x] = decode(page)["exercises"]
    assert (x["game"], x["kind"], x["data"]["question"]) == ("dummy", "scoring", {"ask": "nets", "player": "", "item": ""})
    # more catalog tables, each proven and added, until the link would be too long: refused before any link is made
    tables = page.locator("#maker-from option").evaluate_all("options => options.map((o) => o.value)")
    for n, table in enumerate(tables[1:25], start=2):  # the first is the table pasted above
        page.select_option("#maker-from", table)
        page.locator('.maker-from [data-act="from"]').click()
        expect(page.locator(".maker-from [role=status]")).to_contain_text("ใส่โต๊ะจากโจทย์")
        prove(page)
        expect(page.locator("#maker")).to_have_attribute("data-state", "proven")
        page.locator("#maker-add").click()
        expect(page.locator(f"#assign-picked > li:nth-child({n})").or_(page.locator("#maker-problem:visible"))).to_be_visible()
        if page.locator("#maker-problem").is_visible():
            break
    expect(page.locator("#maker-problem")).to_contain_text("เอาโจทย์ที่ครูสร้างเองออกบางข้อ")
    kept = len(picked_ids(page))
    assert 2 <= kept < n
    expect(page.locator("#assign-share")).to_have_attribute("data-state", "ready")
    assert len(decode(page)["exercises"]) == kept


def test_words_are_thai_the_note_is_plain_and_axe_is_clean(open_warm_page):
    page = open_warm_page(bypass_csp=True, viewport={"width": 1280, "height": 900})
    open_builder(page)
    expect(page.locator(".maker-public")).to_contain_text("โจทย์จากคลังของเว็บมีหน้าเฉลยที่ใครก็เปิดดูได้")
    page.select_option("#maker-game", "makruk")
    expect(page.locator("svg.maker-board")).to_be_visible()
    page.locator("#maker").screenshot(path="/tmp/maker-th-1280.png")
    latin = [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]
    assert latin == []
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    assert [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes'][:4]]}" for v in result["violations"]] == []
    page.goto(BUILDER.format(lang="en"))
    expect(page.locator(".maker-public")).to_contain_text("Catalog exercises have public solution pages")
    expect(page.locator("#maker-prove")).to_have_text("Check with the engine")


def test_a_full_storage_is_reported_and_the_panel_still_works(open_warm_page):
    page = open_warm_page()
    page.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };")
    open_builder(page)
    page.fill("#maker-title", "โจทย์ของฉัน")
    expect(page.locator("#maker-stored")).to_contain_text("เก็บร่างโจทย์ในเบราว์เซอร์นี้ไม่ได้")
    page.locator('.maker-palette [data-piece="R"]').click()
    page.locator('svg.maker-board g[data-square="d4"]').click()
    expect(page.locator('svg.maker-board g[data-square="d4"]')).to_have_attribute("aria-label", "d4, ขาว เรือ")
