"""The assignment builder /<lang>/teach/assign/ (site_builder/teach/assign_page.py,
static/js/teach/assign.js), used as a teacher would: filter, search, add exercises of two games,
reorder them (by mouse and keyboard), set the settings; the student's link then decodes (with the
site's own core/assignment.js) to exactly those items in that order with those settings, the
builder's URL keeps the assignment across a reload, and the QR code, screenshotted, decodes
(zxing-cpp) to the link. Bad input: a garbage or older code in the builder's URL, a result code
pasted there, an exercise that no longer exists, an assignment too long for a link (refused, saying
how to fix it), 40 items at most.
Typed titles never run as HTML. axe-clean when filled, fits 360 px, says it needs JavaScript
without it. Screenshots at 360 and 1280 px go to artifacts_dir.
"""
from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Page, expect

from tests.site_builder.thai_words import latin_words, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.warm]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BUILDER = "/{lang}/teach/assign/"
CODE = re.compile(r"^KA1Z?-[A-Za-z0-9_-]+-[0-9a-z]{7}$")
XSS_TITLE = "<img src=x onerror=window.__x=1>"
XSS_TEXT = "<script>window.__y=1</script> ทำให้ครบ"


def open_builder(page: Page, lang: str = "th", code: str = "") -> None:
    page.goto(BUILDER.format(lang=lang) + (f"#{code}" if code else ""))
    expect(page.locator("#assign")).to_be_visible()


def result_ids(page: Page) -> list[str]:
    return page.locator("#assign-results > li").evaluate_all("rows => rows.map((li) => li.dataset.id)")


def picked_ids(page: Page) -> list[str]:
    return page.locator("#assign-picked > li").evaluate_all("rows => rows.map((li) => li.dataset.id)")


def catalog(page: Page, lang: str = "th") -> dict:
    return page.evaluate("async (url) => (await fetch(url)).json()", f"/{lang}/teach/catalog.json")


def decode(page: Page, code: str) -> dict:
    return page.evaluate("async (code) => (await import('/static/js/core/assignment.js')).decodeAssignment(code)", code)


def encode(page: Page, assignment: dict) -> str:
    return page.evaluate("async (a) => (await import('/static/js/core/assignment.js')).encodeAssignment(a)", assignment)


def add(page: Page, item_id: str) -> None:
    page.locator(f'#assign-results > li[data-id="{item_id}"] [data-act="add"]').click()


def row(page: Page, item_id: str):
    return page.locator(f'#assign-picked > li[data-id="{item_id}"]')


def student_link(page: Page) -> str:
    """The student's link once the builder has encoded every setting on screen (never an older one:
    every change marks the share panel "updating" before the action that made it returns)."""
    share = page.locator("#assign-share")
    expect(share).to_have_attribute("data-state", "ready")
    expect(share).to_be_visible()
    expect(share).to_have_attribute("aria-busy", "false")
    return page.locator("#assign-link").input_value()


def hash_code(page: Page) -> str:
    return page.evaluate("location.hash.slice(1)")


def qr_text(page: Page) -> str:
    """What a QR reader finds in the screenshot of the builder's QR code ('' if none)."""
    shot = page.locator("#assign-qr svg").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    return found[0].text if found else ""


def build_four_items(page: Page) -> tuple[list[str], dict]:
    """Filter and search as a teacher: two Makruk mates of level 2, two Mak-hot exercises found by
    a word of their title; then reorder. Returns the expected order and the catalog."""
    cat = catalog(page)
    page.select_option("#assign-game", "makruk")
    page.select_option("#assign-kind", "mate")
    page.select_option("#assign-level", "2")
    makruk = result_ids(page)
    expected = [i for i in cat["items"] if i["game"] == "makruk" and i["kind"] == "mate" and i["difficulty"] == 2]
    assert makruk == [i["id"] for i in expected] and len(makruk) >= 2
    expect(page.locator("#assign-found")).to_have_text(f"พบโจทย์ {len(makruk)} ข้อ")
    first, second = makruk[:2]
    add(page, first)
    add(page, second)
    expect(page.locator(f'#assign-results > li[data-id="{first}"] [data-act="add"]')).to_have_attribute("aria-disabled", "true")

    page.select_option("#assign-game", "makhos")
    assert page.locator("#assign-kind").input_value() == ""  # Mak-hot has no "mate" kind: the filter lets go
    assert page.locator("#assign-level").input_value() == "2"  # it has level 2: that filter stays
    page.select_option("#assign-level", "")
    makhos_items = [i for i in cat["items"] if i["game"] == "makhos"]
    third = makhos_items[0]
    word = third["title"].split()[0]
    page.fill("#assign-search", word)
    found = result_ids(page)
    assert third["id"] in found
    assert all(word.lower() in f'{i["title"]}\n{i["goal"]}\n{i["id"]}'.lower() for i in makhos_items if i["id"] in found)
    add(page, third["id"])
    page.fill("#assign-search", makhos_items[1]["id"])  # an id is searchable too
    assert result_ids(page) == [makhos_items[1]["id"]]
    fourth = makhos_items[1]["id"]
    add(page, fourth)
    assert picked_ids(page) == [first, second, third["id"], fourth]
    expect(page.locator("#assign-count")).to_have_text("เลือกแล้ว 4 จาก 40 ข้อ")

    # reorder: the fourth up twice by mouse, then the first down by keyboard
    row(page, fourth).locator('[data-act="up"]').click()
    row(page, fourth).locator('[data-act="up"]').click()
    assert picked_ids(page) == [first, fourth, second, third["id"]]
    down = row(page, first).locator('[data-act="down"]')
    down.focus()
    page.keyboard.press("Enter")
    assert picked_ids(page) == [fourth, first, second, third["id"]]
    title = next(i["title"] for i in cat["items"] if i["id"] == first)
    expect(page.locator("#assign-live")).to_have_text(f"ย้าย “{title}” ไปเป็นข้อ 2 จาก 4")
    expect(row(page, first).locator('[data-act="down"]')).to_be_focused()  # the keyboard stays on the moved item
    expect(row(page, fourth).locator('[data-act="up"]')).to_have_attribute("aria-disabled", "true")

    # a fifth, then removed again
    page.fill("#assign-search", "")
    page.select_option("#assign-game", "")
    extra = result_ids(page)[0]
    add(page, extra)
    row(page, extra).locator('[data-act="remove"]').click()
    assert picked_ids(page) == [fourth, first, second, third["id"]]
    return [fourth, first, second, third["id"]], cat


def test_the_link_carries_the_chosen_items_in_order_with_the_settings(page: Page, artifacts_dir):
    open_builder(page)
    expect(page.locator("#assign-share-empty")).to_be_visible()
    order, _ = build_four_items(page)
    page.fill("#assign-title", "การบ้านหมากรุก ม.1/2")
    page.fill("#assign-instructions", "ทำให้ครบทุกข้อ\nส่งรหัสทางไลน์")
    page.select_option("#assign-lang", "en")
    page.fill("#assign-due", "2026-12-01")
    page.uncheck("#assign-hints")
    expect(page.locator("#assign-solution")).to_be_checked()

    expected = {"title": "การบ้านหมากรุก ม.1/2", "instructions": "ทำให้ครบทุกข้อ\nส่งรหัสทางไลน์", "lang": "en",
                "due": "2026-12-01", "hints": False, "solution": True, "items": order}
    origin = page.evaluate("location.origin")
    code = encode(page, expected)  # the site's own encoder, given the settings above
    link = f"{origin}/en/a/#{code}"
    expect(page.locator("#assign-link")).to_have_value(link)  # the exact code: no older state matches it
    assert student_link(page) == link
    assert CODE.match(code), link
    assert decode(page, link) == expected
    assert hash_code(page) == code  # the builder's own URL keeps it
    expect(page.locator("#assign-open")).to_have_attribute("href", link)
    expect(page.locator("#assign-gradebook")).to_have_attribute("href", f"{origin}/en/teach/gradebook/#{code}")
    expect(page.locator("#assign-worksheet")).to_have_attribute("href", f"{origin}/en/teach/worksheet/#{code}")
    assert qr_text(page) == link
    page.evaluate("window.scrollTo(0, 0)")  # the chooser sticks to the top of the view when scrolled
    page.screenshot(path=str(artifacts_dir / "teach-assign-th-1280.png"), full_page=True)

    page.reload()
    expect(page.locator("#assign-share")).to_be_visible()
    assert picked_ids(page) == order
    assert page.locator("#assign-title").input_value() == expected["title"]
    assert page.locator("#assign-instructions").input_value() == expected["instructions"]
    assert page.locator("#assign-lang").input_value() == "en" and page.locator("#assign-due").input_value() == "2026-12-01"
    expect(page.locator("#assign-hints")).not_to_be_checked()
    assert student_link(page) == link and hash_code(page) == code
    expect(page.locator("#assign-error")).to_be_hidden()


def test_opening_the_student_link_shows_that_assignment(page: Page):
    open_builder(page)
    add(page, result_ids(page)[0])
    page.fill("#assign-title", "งานทดสอบเปิดลิงก์")
    link = student_link(page)
    assert decode(page, link)["title"] == "งานทดสอบเปิดลิงก์"
    page.goto(link)
    assert page.evaluate("location.pathname") == "/th/a/"
    expect(page.get_by_text("งานทดสอบเปิดลิงก์").first).to_be_visible()


def test_copy_gives_the_link_and_says_so(browser, site_url):
    context = browser.new_context(base_url=site_url, service_workers="block", permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    open_builder(page)
    add(page, result_ids(page)[0])
    link = student_link(page)
    page.click("#assign-copy")
    expect(page.locator("#assign-copy-status")).to_have_text(re.compile("คัดลอกลิงก์แล้ว"))
    assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()


def test_typed_html_never_runs_and_shows_as_text(page: Page):
    open_builder(page)
    add(page, result_ids(page)[0])
    page.fill("#assign-title", XSS_TITLE)
    page.fill("#assign-instructions", XSS_TEXT)
    link = student_link(page)
    assert decode(page, link)["title"] == XSS_TITLE
    page.reload()
    expect(page.locator("#assign-share")).to_be_visible()
    assert page.locator("#assign-title").input_value() == XSS_TITLE
    assert page.locator("#assign-instructions").input_value() == XSS_TEXT
    page.wait_for_timeout(300)
    assert page.evaluate("[window.__x, window.__y]") == [None, None]
    assert page.locator("main img").count() == 0


@pytest.mark.parametrize("code, why", [
    ("KA1Z-garbage", "ไม่ครบหรือเสียหาย"),
    ("KA0-AAAA-0000000", "รุ่นเก่า (KA0)"),
    ("KS1Z-AAAA-0000000", "รหัสผลงานของนักเรียน"),
])
def test_a_bad_code_in_the_builders_url_is_explained_and_kept_until_a_change(page: Page, code, why):
    open_builder(page, code=code)
    error = page.locator("#assign-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(why)
    expect(error).to_contain_text("เริ่มงานใหม่")
    assert picked_ids(page) == [] and hash_code(page) == code  # the teacher's link is not thrown away
    add(page, result_ids(page)[0])
    student_link(page)
    assert CODE.match(hash_code(page))


def test_an_exercise_no_longer_on_the_site_is_kept_marked_and_can_be_removed(page: Page):
    open_builder(page)
    real = result_ids(page)[0]
    code = encode(page, {"title": "เก่า", "instructions": "", "lang": "th", "due": None, "hints": True,
                         "solution": True, "items": [real, "mk-gone-999"]})
    open_builder(page, code=code)
    expect(page.locator("#assign-picked > li")).to_have_count(2)
    assert picked_ids(page) == [real, "mk-gone-999"]
    expect(page.locator("#assign-missing")).to_contain_text("mk-gone-999")
    expect(row(page, "mk-gone-999")).to_contain_text("ไม่มีโจทย์นี้ในเว็บแล้ว")
    assert hash_code(page) == code  # nothing lost by opening it
    row(page, "mk-gone-999").locator('[data-act="remove"]').click()
    expect(page.locator("#assign-missing")).to_be_hidden()
    student_link(page)  # the hash is written once the change is encoded
    assert decode(page, hash_code(page))["items"] == [real]


def test_forty_items_at_most(page: Page):
    open_builder(page)
    ids = result_ids(page)
    for item in ids[:40]:
        add(page, item)
    assert len(picked_ids(page)) == 40
    extra = page.locator(f'#assign-results > li[data-id="{ids[40]}"] [data-act="add"]')
    expect(extra).to_have_attribute("aria-disabled", "true")
    extra.click(force=True)  # aria-disabled, so Playwright would wait; a reader can still press it
    assert len(picked_ids(page)) == 40
    expect(page.locator("#assign-live")).to_contain_text("เลือกครบ 40 ข้อแล้ว")
    assert decode(page, student_link(page))["items"] == ids[:40]
    link = student_link(page)
    assert qr_text(page) == link  # a full assignment still fits a readable QR code


def test_an_assignment_too_long_for_a_link_says_how_to_fix_it_and_makes_no_link(page: Page):
    open_builder(page)
    for item in result_ids(page)[:40]:
        add(page, item)
    link = student_link(page)
    rng = random.Random(13)
    page.fill("#assign-instructions", "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(1000)))
    # core/assignment.js refuses a code longer than a QR code a phone still reads (CodeError TOO_LONG)
    expect(page.locator("#assign-invalid")).to_contain_text("ยาวเกินกว่าที่ลิงก์และคิวอาร์โค้ดจะรับได้")
    expect(page.locator("#assign-invalid")).to_contain_text("แบ่งเป็นหลายงาน")
    expect(page.locator("#assign-share")).to_be_hidden()
    assert f"#{page.evaluate('location.hash.slice(1)')}" == link[link.index("#"):]  # the builder's URL keeps the last good code
    page.fill("#assign-instructions", "สั้นลง")
    assert len(decode(page, student_link(page))["items"]) == 40


def test_english_page_and_no_horizontal_scroll_at_360(browser, site_url, artifacts_dir):
    for lang, width in (("en", 360), ("th", 360), ("en", 1280)):
        context = browser.new_context(base_url=site_url, service_workers="block", viewport={"width": width, "height": 800})
        page = context.new_page()
        open_builder(page, lang)
        expect(page.locator("h1")).to_have_text("Make an assignment" if lang == "en" else "สร้างงานให้นักเรียน")
        assert page.locator("#assign-lang").input_value() == lang
        for item in result_ids(page)[:3]:
            add(page, item)
        link = student_link(page)
        expect(page.locator("#assign-qr svg")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert qr_text(page) == link
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts_dir / f"teach-assign-{lang}-{width}.png"), full_page=True)
        context.close()


def test_every_word_on_the_filled_thai_builder_is_thai(page: Page):
    open_builder(page)
    for item in result_ids(page)[:2]:
        add(page, item)
    expect(page.locator("#assign-qr svg")).to_be_visible()
    latin = [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]
    assert latin == []


def test_without_javascript_the_page_says_it_needs_it(browser, site_url):
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    page = context.new_page()
    page.goto(BUILDER.format(lang="th"))
    text = page.locator("main").inner_text()
    assert "หน้าสร้างงานต้องเปิดใช้จาวาสคริปต์" in text and "1. เลือกโจทย์" not in text
    expect(page.locator("main a", has_text="โจทย์ทั้งหมด")).to_have_attribute("href", "/th/puzzles/")
    context.close()


def test_the_filled_builder_is_axe_clean(browser, site_url):
    context = browser.new_context(base_url=site_url, service_workers="block", bypass_csp=True)
    page = context.new_page()
    open_builder(page)
    for item in result_ids(page)[:3]:
        add(page, item)
    page.fill("#assign-title", "งาน")
    expect(page.locator("#assign-qr svg")).to_be_visible()
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    context.close()
    assert [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes'][:4]]}" for v in result["violations"]] == []
