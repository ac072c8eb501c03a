"""Mak-hot puzzles as a student solves them (Thai pages): a `win` puzzle with one wrong try
first (the defence answers, the wrong move is taken back in place, then the winning move solves
it, in the words of a win, not of a mate), and a rule quiz whose wrong answer keeps the answer hidden."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.warm]  # not about a first visit: one HTTP cache (conftest.py)

ENGINE_MS = 60_000
WIN_IN_1 = "/th/puzzles/mh-win1-003/"  # White: the king d8 to g5 leaves Black's last man no move
WIN_POSITION = "W:Wh2,Ka3,c3,f4,Kd8,Kf8:Bh6"  # as the engine writes it


def panel(page: Page):
    return page.locator("section.kr-pz")


def square(page: Page, name: str):
    return page.locator(f'.kr-live g[role="gridcell"][data-square="{name}"]')


def move(page: Page, frm: str, to: str):
    square(page, frm).click()
    square(page, to).click()


def test_win_puzzle_solved_after_one_wrong_try(page):
    page.goto(WIN_IN_1)
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    expect(panel(page)).to_contain_text("หาทางบังคับชนะให้ได้ใน 1 ตา")
    live = page.locator(".kr-live")
    expect(live).to_have_attribute("data-position", WIN_POSITION)
    move(page, "d8", "e7")  # legal, but Black's man still has a move
    expect(panel(page)).to_have_attribute("data-state", "wrong", timeout=10_000)
    expect(page.locator(".kr-pz-verdict")).to_have_text("ยังไม่ใช่")
    expect(page.locator(".kr-pz-detail")).to_contain_text("ดำตอบ")
    expect(page.locator(".kr-pz-detail")).to_contain_text("ยังไม่ชนะ")  # a win, not a mate
    retry = panel(page).locator('[data-action="retry"]')
    expect(retry).to_be_visible()
    retry.click()
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=10_000)
    expect(live).to_have_attribute("data-position", WIN_POSITION)
    move(page, "d8", "g5")
    expect(panel(page)).to_have_attribute("data-state", "solved", timeout=10_000)
    expect(page.locator(".kr-live .kr-status")).to_have_attribute("data-result", "white_wins")
    expect(panel(page)).to_contain_text("ชนะแล้ว")


def test_rule_quiz_wrong_answer_keeps_the_answer_hidden(page):
    page.goto("/th/puzzles/mh-quiz-001/")
    expect(panel(page)).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    choices = panel(page).locator(".kr-qz-choice")
    expect(choices).to_have_count(3)
    choices.filter(has_text="g3 ไป h4").click()
    expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
    expect(panel(page)).to_contain_text("กินได้ต้องกิน")
    expect(panel(page).locator(".kr-pz-feedback")).not_to_contain_text("เดินได้")  # the explanation waits
    choices.filter(has_text="c3 กินลง e5").click()
    expect(panel(page)).to_have_attribute("data-state", "solved")
