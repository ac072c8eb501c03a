"""The printable worksheet (/<lang>/teach/worksheet/#<assignment code>, issue #13 §4), in Chromium.

The PDF check prints a 4-item worksheet across two games with Chromium (page.pdf, A4) and reads
it back with pypdfium2: A4 pages; each item's number and title on a page before the answer key,
its diagram drawn there (dark pixels where the diagram sits, on the rendered page); the answer
key's heading first on a page of its own, after every item, and no diagram from there on. The
first page is saved as a PNG (artifacts_dir) to be looked at.
The paper budget (issue #23 §5): ten exercises of the four games print in at most four pages and
the key in at most two, on A4 and on Letter; each item whole on one page; boards seen from the side
to move with their coordinates beside them; nothing of the screen (buttons, links, status) on paper.
Teacher-made exercises (inside the code, proven in the page by the real engine) print with their
answers in the key.
Then the page's bad input: no code, a garbage code, an older version, a result code given as an
assignment, an item the site no longer has; the teacher's words only as text; axe; 360 px.
"""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_axe import AXE, violations

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

A4_POINTS = (595.3, 841.9)  # 210 x 297 mm; Chromium writes A4 as 8.27 x 11.7 in (595.9 x 842.9)
A4_TOLERANCE = 2.0
INJECTED = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


def catalog(page: Page, lang: str) -> dict:
    response = page.request.get(f"/{lang}/teach/catalog.json")
    assert response.ok, response.status
    return response.json()


def first_of(items: list[dict], game: str, kind: str | None = None) -> dict:
    found = [item for item in items if item["game"] == game and kind in (None, item["kind"])]
    assert found, f"the catalog has no {kind or 'exercise'} of {game}"
    return found[0]


def encode(page: Page, assignment: dict) -> str:
    """The assignment's code, made by the site's own core/assignment.js in the page."""
    return page.evaluate("""async (a) => {
      const { encodeAssignment } = await import('/static/js/core/assignment.js');
      return encodeAssignment(a);
    }""", assignment)


def open_worksheet(page: Page, lang: str, code: str, state: str = "ready", timeout: float = 30_000) -> None:
    page.goto(f"/{lang}/teach/worksheet/#{code}")
    expect(page.locator("#ws-sheet")).to_have_attribute("data-state", state, timeout=timeout)


def assignment(items: list[str], lang: str = "en", **more) -> dict:
    return {"title": "Week 3", "instructions": "", "lang": lang, "due": None, "hints": True, "solution": True,
            "items": items, **more}


@pytest.fixture
def four_items(page: Page) -> list[dict]:
    """Two Makruk exercises (a mate, a rule question) and two Mak-hot ones (a win, a best move)."""
    items = catalog(page, "en")["items"]
    return [first_of(items, "makruk", "mate"), first_of(items, "makhos", "win"),
            first_of(items, "makruk", "rule-quiz"), first_of(items, "makhos", "best-move")]


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_worksheet_pdf_has_a4_pages_a_diagram_per_item_and_the_key_on_its_own_page(page: Page, four_items, artifacts_dir, tmp_path):
    page.goto("/en/teach/worksheet/")
    code = encode(page, assignment([item["id"] for item in four_items]))
    open_worksheet(page, "en", code)
    expect(page.locator("li.ws-item svg.kr-diagram")).to_have_count(4)
    pdf_path = tmp_path / "worksheet.pdf"
    page.pdf(path=str(pdf_path), format="A4", print_background=True)

    pdf = pdfium.PdfDocument(str(pdf_path))
    texts = [squeeze(pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]
    for i in range(len(pdf)):
        width, height = pdf[i].get_size()
        assert abs(width - A4_POINTS[0]) < A4_TOLERANCE and abs(height - A4_POINTS[1]) < A4_TOLERANCE, \
            f"page {i + 1} is {width:.1f} x {height:.1f} pt, not A4"

    key_pages = [i for i, text in enumerate(texts) if "Answerkey" in text]
    assert len(key_pages) == 1, f"the answer key heading is on pages {key_pages}"
    key = key_pages[0]
    assert texts[key].startswith("Answerkey"), "the answer key does not start a page of its own"
    assert key > 0
    for n, item in enumerate(four_items, start=1):
        heading = squeeze(f"Exercise {n} {item['title']}")
        pages = [i for i, text in enumerate(texts[:key]) if heading in text]
        assert len(pages) == 1, f"item {n} ({heading}) is on pages {pages} before the key"
        assert heading in texts[key], f"the answer key has no entry for item {n}"
        assert diagram_drawn(pdf[pages[0]], f"Exercise {n}"), f"item {n}'s diagram is not drawn on page {pages[0] + 1}"
    for i in range(key, len(pdf)):
        assert "abcdefgh" not in texts[i] and "hgfedcba" not in texts[i], f"page {i + 1} (answer key) has a board's coordinates"

    first = pdf[0].render(scale=2).to_pil()
    first.save(artifacts_dir / "worksheet-en-page1.png")
    assert first.convert("L").getextrema()[0] < 64, "the first page rendered blank"


def diagram_drawn(pdf_page, heading: str) -> bool:
    """Whether the square under ``heading`` (the item's diagram sits below its heading, on the
    left: the width of the diagram, as tall) has the lines and pieces of a board: many dark pixels."""
    text = pdf_page.get_textpage()
    searcher = text.search(heading)
    found = searcher.get_next()
    assert found, f"{heading} not found on its page"
    left, bottom, right, top = text.get_charbox(found[0])
    scale = 2
    image = pdf_page.render(scale=scale).to_pil().convert("L")
    height = pdf_page.get_size()[1]
    side = 145  # points: the board is 52 mm wide (print.css)
    x0, y0 = int(left * scale), int((height - bottom + 24) * scale)
    box = image.crop((x0, y0, x0 + side * scale, y0 + side * scale))
    dark = sum(box.histogram()[:128])
    return dark > 0.03 * box.width * box.height


def test_print_button_prints_and_the_sheet_is_a4_print_css(page: Page, four_items):
    page.add_init_script("window.print = () => { document.documentElement.dataset.printed = 'yes'; };")
    page.goto("/en/teach/worksheet/")
    open_worksheet(page, "en", encode(page, assignment([four_items[0]["id"]])))
    page.get_by_role("button", name="Print the worksheet").click()
    expect(page.locator("html")).to_have_attribute("data-printed", "yes")
    page.emulate_media(media="print")
    for hidden in (".site-header", ".site-footer", ".breadcrumbs", "#ws-print"):
        expect(page.locator(hidden)).to_be_hidden()
    assert page.locator(".ws-key").evaluate("e => getComputedStyle(e).breakBefore") == "page"
    assert page.locator(".ws-item").first.evaluate("e => getComputedStyle(e).breakInside") == "avoid"


def test_thai_worksheet_has_the_task_in_thai_and_an_item_that_no_longer_exists_gets_a_line(page: Page):
    items = catalog(page, "th")["items"]
    mate, quiz = first_of(items, "makruk", "mate"), first_of(items, "makruk", "rule-quiz")
    page.goto("/th/teach/worksheet/")
    code = encode(page, assignment([mate["id"], "gone-puzzle-404", quiz["id"]], lang="th", title="การบ้าน",
                                   instructions="ทำทุกข้อ", due="2025-03-14"))
    open_worksheet(page, "th", code)
    sheet = page.locator("#ws-items > li")
    expect(sheet).to_have_count(3)
    expect(sheet.nth(0).locator(".ws-task")).to_have_text(mate["goal"])
    expect(sheet.nth(0).locator("figure.kr-board + p.ws-task")).to_have_count(1)  # the task under the board
    expect(sheet.nth(0).locator("figure figcaption")).to_have_count(0)  # the task says whose move it is
    expect(sheet.nth(1)).to_have_class(re.compile("ws-gone"))
    expect(sheet.nth(1)).to_contain_text("ข้อ 2")
    expect(sheet.nth(1)).to_contain_text("gone-puzzle-404")
    expect(sheet.nth(2).locator(".ws-choices li")).to_have_count(4)
    expect(page.locator("#ws-key-items > li")).to_have_count(2)
    expect(page.locator("#ws-status")).to_contain_text("1 ข้อ")
    expect(page.locator("#ws-print")).to_be_enabled()
    expect(page.locator("#ws-due")).to_contain_text("2568")  # the Thai (Buddhist) year


@pytest.mark.parametrize(("fragment", "words"), [
    ("", "no assignment"),
    ("#KA1Z-garbage-1234567", "incomplete or damaged"),
    ("#KA0-eyJ9-0000000", "older version"),
    ("#KS1Z-AAAA-0000000", "not an assignment link"),
])
def test_bad_links_say_what_is_wrong(page: Page, fragment, words):
    page.goto(f"/en/teach/worksheet/{fragment}")
    expect(page.locator("#ws-sheet")).to_have_attribute("data-state", "error")
    expect(page.locator("#ws-status")).to_contain_text(words)
    expect(page.locator("#ws-items > li")).to_have_count(0)
    expect(page.locator("#ws-print")).to_be_disabled()


def test_the_teachers_words_are_only_text(page: Page, four_items):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto("/en/teach/worksheet/")
    code = encode(page, assignment([four_items[0]["id"]], title=INJECTED[:120], instructions=INJECTED))
    open_worksheet(page, "en", code)
    expect(page.locator("#ws-title")).to_have_text(INJECTED[:120])
    expect(page.locator("#ws-instructions")).to_have_text(INJECTED)
    assert page.locator(".ws-head img, .ws-head script").count() == 0
    assert page.evaluate("window.pwned") is None and dialogs == []


def test_an_assignment_in_the_other_language_links_to_its_worksheet(page: Page, four_items):
    page.goto("/en/teach/worksheet/")
    code = encode(page, assignment([four_items[0]["id"]], lang="th", title="การบ้าน"))
    open_worksheet(page, "en", code)
    note = page.locator("#ws-lang-note")
    expect(note).to_be_visible()
    expect(note.locator("a")).to_have_attribute("href", f"/th/teach/worksheet/#{code}")


def test_a_new_hash_shows_the_new_assignment(page: Page, four_items):
    page.goto("/en/teach/worksheet/")
    first = encode(page, assignment([four_items[0]["id"]]))
    second = encode(page, assignment([item["id"] for item in four_items[:2]], title="Week 4"))
    open_worksheet(page, "en", first)
    page.evaluate("code => { location.hash = code; }", second)
    expect(page.locator("#ws-title")).to_have_text("Week 4")
    expect(page.locator("#ws-items > li")).to_have_count(2)


@pytest.mark.parametrize("lang", ["th", "en"])
def test_worksheet_fits_a_phone_and_is_axe_clean(page: Page, new_context, lang):
    items = catalog(page, lang)["items"]
    ids = [first_of(items, "makruk", "mate")["id"], first_of(items, "dummy")["id"], first_of(items, "komayo")["id"]]
    page.goto(f"/{lang}/teach/worksheet/")
    code = encode(page, assignment(ids, lang=lang))
    page.set_viewport_size({"width": 360, "height": 780})
    open_worksheet(page, lang, code)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci`")
    found = violations(new_context, AXE.read_text(encoding="utf-8"), f"/{lang}/teach/worksheet/#{code}")
    assert found == [], "\n".join(found)


# ---- the paper budget (issue #23 §5) ---------------------------------------------------------

MAX_EXERCISE_PAGES = 4
MAX_KEY_PAGES = 2


def ten_items(items: list[dict], lang: str = "en") -> list[dict]:
    """Ten exercises of the four games: a Makruk mate with Black to move first and one with White
    to move last, Mak-hot, Komayo, two Dummy tables, quizzes with choices, a counting question."""
    black, white = ("ดำ", "ขาว") if lang == "th" else ("Black", "White")
    mates = [item for item in items if item["game"] == "makruk" and item["kind"] == "mate"]
    return [next(item for item in mates if item["goal"].startswith(black)), first_of(items, "makhos", "win"),
            first_of(items, "komayo", "mate"), first_of(items, "dummy", "scoring"), first_of(items, "makruk", "rule-quiz"),
            first_of(items, "makhos", "best-move"), first_of(items, "makruk", "counting"),
            first_of(items, "dummy", "dummy-discard"), first_of(items, "komayo", "rule-quiz"),
            next(item for item in mates if item["goal"].startswith(white))]


def print_pdf(page: Page, path, paper: str) -> pdfium.PdfDocument:
    page.pdf(path=str(path), format=paper, print_background=True)
    return pdfium.PdfDocument(str(path))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_ten_exercises_of_four_games_print_in_four_pages_and_the_key_in_two(page: Page, tmp_path, paper):
    """The sheet is printed twice: whole, then with the key hidden. The key starts a page of its
    own (break-before: page), so the pages the second print lacks are exactly the key's: no page
    is counted by guessing where the key starts in the PDF's text. That no item is split is read
    from the PDF's text (pypdfium2): its heading, its task under the board and its last choice on
    one page, the same page (print emulation has no pages, so boxes cannot be measured against them)."""
    items = ten_items(catalog(page, "en")["items"])
    page.goto("/en/teach/worksheet/")
    open_worksheet(page, "en", encode(page, assignment([item["id"] for item in items])))
    whole = print_pdf(page, tmp_path / "whole.pdf", paper)
    page.evaluate("document.getElementById('ws-key').hidden = true")
    exercises = print_pdf(page, tmp_path / "exercises.pdf", paper)
    key_pages = len(whole) - len(exercises)
    assert len(exercises) <= MAX_EXERCISE_PAGES, f"10 exercises take {len(exercises)} {paper} pages"
    assert 1 <= key_pages <= MAX_KEY_PAGES, f"the answer key takes {key_pages} {paper} pages"
    texts = [squeeze(exercises[i].get_textpage().get_text_range()) for i in range(len(exercises))]
    for n, item in enumerate(items, start=1):
        heading = squeeze(f"Exercise {n} {item['title']}")
        pages = [i for i, text in enumerate(texts) if heading in text]
        assert len(pages) == 1, f"item {n} ({heading}) is on pages {pages}"
        assert squeeze(item["goal"]) in texts[pages[0]], f"item {n}'s task is not on its heading's page: split across pages"
        choices = page.locator("#ws-items > li").nth(n - 1).locator(".ws-choices li")
        if choices.count():  # an item's last words: its last choice
            assert squeeze(choices.last.text_content()) in texts[pages[0]], f"item {n}'s choices are split across pages"


def test_on_paper_only_the_sheet_with_boards_from_the_side_to_move_and_readable_coordinates(page: Page, artifacts_dir):
    items = ten_items(catalog(page, "en")["items"])
    page.goto("/en/teach/worksheet/")
    open_worksheet(page, "en", encode(page, assignment([item["id"] for item in items])))
    page.set_viewport_size({"width": 794, "height": 1123})  # an A4 page's width at 96 dpi
    page.emulate_media(media="print")
    shown = page.evaluate("""() => [...document.querySelectorAll(
        'button, nav, a[href], [role=status], .ws-screen, .site-header, .site-footer, .breadcrumbs')]
      .filter((e) => e.getClientRects().length > 0).map((e) => e.outerHTML.slice(0, 80))""")
    assert shown == [], f"on paper: {shown}"
    sheet = page.locator("#ws-items > li")
    expect(sheet).to_have_count(10)
    assert sheet.evaluate_all("els => els.map((e) => getComputedStyle(e).breakInside)") == ["avoid"] * 10

    def coordinates(n: int) -> tuple[str, str]:
        board = sheet.nth(n - 1).locator("svg.kr-print-board")
        return "".join(board.locator(".kr-file").all_text_contents()), "".join(board.locator(".kr-rank").all_text_contents())

    assert coordinates(1) == ("hgfedcba", "12345678"), "Black to move: Black's side (rank 8) is at the bottom"
    assert coordinates(10) == ("abcdefgh", "87654321"), "White to move: White's side (rank 1) is at the bottom"
    for n, item in enumerate(items, start=1):
        if item["game"] != "dummy":
            expect(sheet.nth(n - 1).locator("svg.kr-print-board .kr-rank")).to_have_count(8)
    mm = 96 / 25.4
    letter = sheet.first.locator(".kr-file").first.bounding_box()
    assert letter["height"] >= 2.4 * mm, f"a file letter is {letter['height'] / mm:.1f} mm tall on paper"
    page.screenshot(path=str(artifacts_dir / "worksheet-print-794.png"), full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(artifacts_dir / "worksheet-screen-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_teacher_made_exercises_print_with_their_answers_in_the_key(page: Page):
    """A Makruk mate (Black to move) and a Dummy figure made with core/teacher-exercise.js's
    proveExercise by the real engine in the page, from two catalog exercises' positions, then
    printed: the board drawn in the page with Black at the bottom and its pieces, the table's cards;
    in the key the proven line in notation and in words, and the table's figure."""
    items = catalog(page, "th")["items"]
    black_mate = next(item for item in items if item["game"] == "makruk" and item["kind"] == "mate"
                      and item["goal"].startswith("ดำ"))
    scoring = first_of(items, "dummy", "scoring")
    page.goto("/th/teach/worksheet/")
    made = page.evaluate("""async ({ mateUrl, scoringUrl }) => {
      const { engine } = await import('/static/js/core/engine-client.js');
      const { proveExercise } = await import('/static/js/core/teacher-exercise.js');
      const { readPuzzlePage } = await import('/static/js/teach/worksheet-item.js');
      const read = async (url) => readPuzzlePage(await (await fetch(url)).text());
      const [mate, scoring] = [await read(mateUrl), await read(scoringUrl)];
      const call = (request) => engine.call(request, { timeout: 90000 });
      return {
        mate: await proveExercise(call, { game: 'makruk', kind: 'mate', position: mate.data.position, mate_in: 1,
          title: 'โจทย์รุกจนของครู', hints: [] }),
        figure: await proveExercise(call, { game: 'dummy', kind: 'scoring', table: scoring.data.table,
          question: scoring.data.question, title: 'แต้มของครู', hints: [] }),
        settled: scoring.solution.at(-1),
      };
    }""", {"mateUrl": black_mate["url"], "scoringUrl": scoring["url"]})
    mate, figure = made["mate"], made["figure"]
    code = encode(page, assignment([mate["id"], first_of(items, "makhos", "win")["id"], figure["id"]], lang="th",
                                   exercises=[mate, figure]))
    open_worksheet(page, "th", code, timeout=180_000)
    sheet = page.locator("#ws-items > li")
    expect(sheet).to_have_count(3)
    board = sheet.nth(0).locator("svg.kr-print-board")
    expect(sheet.nth(0).locator(".ws-meta")).to_contain_text("โจทย์ของครู")
    expect(sheet.nth(0).locator(".ws-task")).to_contain_text("จน")
    pieces = sum(ch.isalpha() for ch in mate["data"]["position"].split()[0])
    expect(board.locator(".kr-pieces use")).to_have_count(pieces)
    assert "".join(board.locator(".kr-rank").all_text_contents()) == "12345678", "Black to move: Black at the bottom"
    assert sheet.nth(2).locator(".dk-card").count() > 10, "the teacher's Dummy table is drawn"
    key = page.locator("#ws-key-items > li")
    expect(key).to_have_count(3)
    line = mate["data"]["line"]
    expect(key.nth(0).locator(".ws-notation")).to_have_text(" ".join(line))
    expect(key.nth(0).locator(".ws-key-words li")).to_have_count(len(line))
    expect(key.nth(0).locator(".ws-key-words")).to_contain_text(f"{line[0][:2]} ไป {line[0][2:4]}")
    expect(key.nth(0).locator(".ws-key-words li").last).to_have_text(re.compile(r" — จน$"))  # the mate said as the catalog's key says it
    points = re.search(r"-?\d+", made["settled"].replace("−", "-")).group(0)
    seat = figure["data"]["question"]["player"].lstrip("P")
    expect(key.nth(2).locator(".ws-key-words")).to_contain_text(f"ขา {seat}: {points}")
    page.emulate_media(media="print")
    assert sheet.evaluate_all("els => els.map((e) => getComputedStyle(e).breakInside)") == ["avoid"] * 3
