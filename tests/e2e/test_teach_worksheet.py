"""The printable worksheet (/<lang>/teach/worksheet/#<assignment code>, issue #13 §4), in Chromium.

The PDF check prints a 4-item worksheet across two games with Chromium (page.pdf, A4) and reads
it back with pypdfium2: A4 pages; each item's number and title on a page before the answer key,
its diagram drawn there (dark pixels where the diagram sits, on the rendered page); the answer
key's heading first on a page of its own, after every item, and no diagram from there on. The
first page is saved as a PNG (artifacts_dir) to be looked at.
Then the page's bad input: no code, a garbage code, an older version, a result code given as an
assignment, an item the site no longer has; the teacher's words only as text; axe; 360 px.
"""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_axe import AXE, violations

pytestmark = pytest.mark.e2e

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


def open_worksheet(page: Page, lang: str, code: str, state: str = "ready") -> None:
    page.goto(f"/{lang}/teach/worksheet/#{code}")
    expect(page.locator("#ws-sheet")).to_have_attribute("data-state", state, timeout=30_000)


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
        assert "tomove" not in texts[i], f"page {i + 1} (answer key) has a diagram's caption"

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
    side = 190  # points: the diagram is 68 mm wide (print.css)
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
    expect(sheet.nth(0).locator("figure figcaption")).to_contain_text("ตาเดินของ")
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
