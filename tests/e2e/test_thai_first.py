"""Thai first in the browser: what the live boards, panels and forms write on a Thai page (moves
in words, messages, the count panel, screen-reader labels and announcements) is Thai, besides
notation. The page's DOM after the JavaScript ran is read like a built page (the same
visible-text rules and allow-list: tests/site_builder/thai_words.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.site_builder.thai_words import latin_words, visible_texts

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

COUNTING = "8/8/8/4k3/8/8/2R5/4K3 b - 32 6 1"


def latin_on(page) -> list[tuple[str, str]]:
    """(word, text) for every Latin word a reader of the page sees or hears now."""
    return [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]


def test_a_thai_lesson_board_speaks_thai(page, engine_ready, board_of):
    page.goto("/th/makruk/board-and-pieces/")
    board = board_of(engine_ready(page))
    board.square("e3").click()
    expect(board.announce).to_contain_text("เลือก")
    assert latin_on(page) == []
    board.square("e5").click()  # illegal: the engine's reason, in Thai
    expect(board.message).to_have_text(re.compile(r"[\u0E01-\u0E5B]"))
    assert latin_on(page) == []
    board.click_move("e3e4")
    expect(board.announce).to_have_text("เบี้ยขาว e3 ไป e4")
    assert latin_on(page) == []


def test_the_thai_sandbox_speaks_thai(page, engine_ready, board_of):
    page.goto("/th/makruk/sandbox/")
    board = board_of(engine_ready(page))
    page.select_option("#kr-vs-level", "1")
    page.select_option("#kr-vs-side", "black")
    board.click_move("e3e4")
    expect(page.locator("#kr-sandbox ol.kr-movelist .kr-ply")).to_have_count(2, timeout=20_000)
    assert latin_on(page) == []
    page.locator("#kr-fen").fill(COUNTING)
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    expect(board.live.locator(".kr-count")).to_be_visible()
    expect(page.locator("#kr-sandbox ol.kr-movelist .kr-ply")).to_have_count(1, timeout=20_000)  # the computer counts
    assert latin_on(page) == []
    page.locator("#kr-fen").fill("ตำแหน่งผิด")  # what a reader types is echoed as typed: type Thai
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    expect(page.locator("#kr-sandbox .kr-fen-form .kr-message")).to_contain_text("ตั้งตำแหน่งนี้ไม่ได้")
    assert latin_on(page) == []


def test_the_thai_counting_trainer_speaks_thai(page, engine_ready):
    page.goto("/th/makruk/counting-trainer/?material=r&seed=7")
    trainer = page.locator("#kr-trainer")
    expect(trainer).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(trainer).to_have_attribute("data-thinking", "false", timeout=20_000)
    assert latin_on(page) == []
