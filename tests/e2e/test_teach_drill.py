"""A teacher-made Dummy drill (issue 23 §1), made and solved as a teacher and a student would on a
360 px phone: on the practice table, on the reader's first turn, "ทำเป็นแบบฝึกให้นักเรียน" hands the
hand to the builder (the deck the seed deals, the actions so far); the maker replays it with the
engine, offers only the drill kind its phase allows (before the draw: can you collect this card),
picks the key card from the pile (a bad line is named, what was typed survives a reload), proves
it and adds it; the link carries the position only. The student's page proves it again, draws the
solver's view and asks the engine's question; a wrong answer then the right one; the gradebook
replays it (retried) and the cell's dialog shows the answers in words, the wrong one marked; the
worksheet prints its figure, choices and key. A catalog drill's position starts another drill
(after the draw: discard or knock offered). Every word is Thai; axe finds nothing.

The seed: the engine's deal 118 (dealer P4, the reader P1 acts first) has the head card J♠ that
looks collectable with 9♠ 10♠ but is not (found with the engine: any seed whose first-turn collect
drill proves would do; the test reads the answers from the page, not from here).
Screenshots: /tmp/drill-{maker,student,gradebook,worksheet}-360.png.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.page_state import settle
from tests.e2e.teach_pages import check_codes, phone_context_args  # noqa: F401 (a fixture: a phone)
from tests.e2e.test_offline import axe_violations
from tests.site_builder.thai_words import latin_words, visible_texts

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

ENGINE_MS = 120_000
SEED = 118
KEY = "JS"
CANNOT = "เก็บใบนี้ไม่ได้"
TEMPTING = "เก็บ J♠ จากกองทิ้ง ลงชุด 9♠ 10♠ J♠"


def latin(page: Page, selector: str = "body") -> list[tuple[str, str]]:
    """The Latin words (not notation) shown in `selector`."""
    return [(word, text.strip()[:80]) for text in visible_texts(page.locator(selector).inner_html()) for word in latin_words(text)]


def shot(page: Page, name: str) -> None:
    """/tmp/drill-<name>-360.png, with no sideways scroll."""
    settle(page)
    page.screenshot(path=f"/tmp/drill-{name}-360.png", full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, f"{name} scrolls sideways"


def test_a_teacher_makes_a_drill_at_the_practice_table_and_a_phone_student_answers_it(page: Page):
    # The practice table: the reader's first turn, the hand handed to the builder.
    page.goto(f"/th/dummy/play/#seed={SEED}&level=1&pace=0")
    table = page.locator("#dk-play")
    expect(table).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    expect(table).to_have_attribute("data-turn", "P1", timeout=ENGINE_MS)
    make = page.locator('button[data-control="drill"]')
    expect(make).to_have_text("ทำเป็นแบบฝึกให้นักเรียน")
    expect(make).to_be_enabled()
    assert make.bounding_box()["height"] >= 43.5
    make.click()

    # The builder: the position replayed, the phase's one drill kind, the key card from the pile.
    page.wait_for_url(re.compile(r"/th/teach/assign/$"))
    expect(page.locator("#maker-game")).to_have_value("dummy")
    expect(page.locator("#maker-status")).to_have_text("ตำแหน่งจากโต๊ะฝึกเล่นมาแล้ว เลือกชนิดแบบฝึก แล้วกด “ตรวจด้วยเครื่อง”")
    expect(page.locator("#maker-drill-state")).to_have_text("อ่านได้แล้ว: เล่นไป 0 ครั้ง ถึงตาขา 1 (จั่วหรือเก็บไพ่)", timeout=ENGINE_MS)
    kinds = page.locator("#maker-kind option").evaluate_all("os => os.map((o) => o.value)")
    assert kinds == ["scoring", "dummy-collect"], kinds  # before the draw: only "can you collect this"
    expect(page.locator("#maker-kind")).to_have_value("dummy-collect")
    expect(page.locator("#maker-key")).to_have_value(KEY)
    text = page.locator("#maker-drill").input_value()
    assert text.startswith("deck ") and "\ndealer P4" in text, text
    # a line before the deck says where it is wrong; what was typed is kept on reload
    page.locator("#maker-drill").fill(f"draw\n{text}")
    expect(page.locator("#maker-drill-state")).to_have_text("บรรทัด 1 อยู่ก่อนบรรทัดสำรับไพ่ (deck) บรรทัดแรกต้องเป็นสำรับไพ่")
    page.reload()
    expect(page.locator("#maker-drill")).to_have_value(f"draw\n{text}")
    page.locator("#maker-drill").fill(text)
    expect(page.locator("#maker-drill-state")).to_have_text("อ่านได้แล้ว: เล่นไป 0 ครั้ง ถึงตาขา 1 (จั่วหรือเก็บไพ่)", timeout=ENGINE_MS)
    expect(page.locator("#maker-kind")).to_have_value("dummy-collect")
    expect(page.locator("#maker-key")).to_have_value(KEY)
    page.locator("#maker-title").fill("เก็บไพ่หัวได้ไหม")
    page.locator("#maker-prove").click()
    maker = page.locator("#maker")
    expect(maker).to_have_attribute("data-state", "proven", timeout=ENGINE_MS)
    result = page.locator("#maker-result")
    expect(result).to_contain_text(f"คำตอบที่ถูก: {CANNOT}")
    expect(result).to_contain_text(TEMPTING.split(" ลงชุด")[0])
    shot(page, "maker")
    assert latin(page, "#maker") == []
    assert axe_violations(page) == []
    page.locator("#assign-solution").uncheck()  # solutions off: the student's page shows none
    page.locator("#maker-add").click()
    expect(page.locator("#maker-status")).to_have_text("เพิ่ม “เก็บไพ่หัวได้ไหม” ในงานแล้ว")
    expect(page.locator("#assign-share")).to_have_attribute("data-state", "ready")  # the drill encoded in
    link = page.locator("#assign-link")
    expect(link).to_have_value(re.compile(r"/th/a/#KA1Z?-"))
    student_link = link.input_value()
    assert len(student_link) < 2000, len(student_link)

    # The student, on a phone: the drill's figure and question, a wrong answer, then the right one.
    page.goto(student_link)
    page.locator("#kr-st-name-input").fill("เด็กหญิงใบเตย")
    page.locator("#kr-st-start").click()
    page.wait_for_url(re.compile(r"/th/teach/exercise/#t-"))
    quiz = page.locator("section.kr-pz")
    expect(quiz).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    expect(page.locator("#kr-ex-title")).to_have_text("เก็บไพ่หัวได้ไหม")
    figure = page.locator("#kr-puzzle-board figure.kr-board")
    expect(figure.locator(".dk-seat")).to_have_count(5)  # the pile, then the four seats
    expect(figure.locator(".dk-seat").nth(1)).to_contain_text("ขา 1 (คุณ)")
    expect(figure.locator(".dk-seat").nth(1).locator(".dk-hand svg.dk-card")).to_have_count(7)
    expect(figure.locator(".dk-seat").nth(2)).to_contain_text("7 ใบในมือ")
    expect(page.locator(".kr-qz-choice")).to_have_count(2)
    expect(page.locator('section.kr-pz [data-action="solution"]')).to_be_hidden()  # the lock: the teacher turned solutions off
    shot(page, "student")
    assert latin(page) == []
    assert axe_violations(page) == []
    page.locator(".kr-qz-choice", has_text=TEMPTING).click()
    expect(quiz).to_have_attribute("data-state", "quiz-wrong")
    page.locator(".kr-qz-choice", has_text=CANNOT).click()
    expect(quiz).to_have_attribute("data-state", "solved")

    # The result code, then the gradebook: replayed on the drill proven again, the answers in words.
    page.locator("nav.kr-as-bar a.kr-as-back").click()
    expect(page.locator("#kr-st-items li.student-item").nth(0)).to_have_attribute("data-state", "retried")
    page.locator("#kr-st-make").click()
    box = page.locator("#kr-st-code")
    expect(box).to_have_value(re.compile(r"^KS1Z?-"))
    sent = box.input_value()
    code = student_link.split("#", 1)[1]
    page.goto(f"/th/teach/gradebook/#{code}")
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    check_codes(page, sent, timeout=ENGINE_MS)
    row = page.locator("#gb-table tbody tr").filter(has=page.locator("th", has_text="เด็กหญิงใบเตย"))
    expect(row).to_have_attribute("data-verified", "ok", timeout=ENGINE_MS)
    cell = row.locator("td.gb-cell").nth(0)
    expect(cell).to_have_attribute("data-result", "retried")
    expect(cell).to_have_attribute("data-status", "ok")
    cell.locator("button[data-action='detail']").click()
    dialog = page.locator("#gb-detail")
    expect(dialog).to_be_visible()
    lines = dialog.locator("#gb-detail-lines li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_have_attribute("data-mark", "wrong")
    expect(lines.nth(0)).to_contain_text(TEMPTING)
    expect(lines.nth(1)).to_contain_text(CANNOT)
    shot(page, "gradebook")

    # The worksheet: the figure on paper, the question's choices, the key.
    page.goto(f"/th/teach/worksheet/#{code}")
    expect(page.locator("#ws-sheet")).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    item = page.locator("li.ws-item").nth(0)
    expect(item.locator("figure .dk-seat")).to_have_count(5)
    expect(item.locator(".ws-choices li")).to_have_count(2)
    expect(page.locator("li.ws-key-item").nth(0).locator(".ws-key-words")).to_contain_text(f"คำตอบ: {CANNOT}")
    shot(page, "worksheet")

    # Back in the builder: a catalog drill's position taken as the start of another drill (after the draw: discard or knock).
    page.goto("/th/teach/assign/")
    page.select_option("#maker-drill-from", "dk-drill-discard-001")
    page.locator('.maker-drill-from [data-act="from"]').click()
    expect(page.locator(".maker-drill-from [role=status]")).to_contain_text("ใส่ตำแหน่งจากแบบฝึก", timeout=ENGINE_MS)
    expect(page.locator("#maker-drill-state")).to_contain_text("(ลงไพ่ ฝาก น็อก หรือทิ้ง)")
    kinds = page.locator("#maker-kind option").evaluate_all("os => os.map((o) => o.value)")
    assert kinds == ["scoring", "dummy-discard", "dummy-knock"], kinds
    expect(page.locator("#maker-kind")).to_have_value("dummy-discard")
    expect(page.locator("#maker-key")).to_be_hidden()
    page.locator("#maker-prove").click()
    expect(page.locator("#maker")).to_have_attribute("data-state", "proven", timeout=ENGINE_MS)
