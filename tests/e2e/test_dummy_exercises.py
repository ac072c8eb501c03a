"""Dummy scoring exercises, as a reader does them: a wrong figure is shown the first ledger line
where it departs (named, without its amount or the answer), then the right figure solves it."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)

ENGINE_MS = 60_000


def open_exercise(page: Page, pid: str):
    page.goto(f"/th/puzzles/{pid}/")
    ui = page.locator("section.kr-pz")
    expect(ui).to_have_attribute("data-state", re.compile("quiz|failed"), timeout=ENGINE_MS)
    assert ui.get_attribute("data-state") == "quiz"
    return ui


def test_a_wrong_net_names_the_line_it_departs_at_then_the_right_one_solves(page: Page):
    page.set_viewport_size({"width": 360, "height": 800})
    ui = open_exercise(page, "dk-score-004")  # P4 is liable (เหมา) for all: six lines to P1, 600 in all
    answer = ui.locator('input[name="answer"]')
    answer.fill("-480")  # P2's tier (120), which P4 pays under the liability, left out
    ui.locator('button[data-action="check"]').click()
    expect(ui).to_have_attribute("data-state", "quiz-wrong")
    detail = ui.locator(".kr-pz-detail")
    expect(detail).to_contain_text("บรรทัดที่ 1: ขา 4 จ่าย ขา 1 — ค่าเสียตามขั้น")
    expect(detail).to_contain_text("ดูเหมือนบรรทัดนี้ขาดไป")
    assert "600" not in detail.inner_text() and "120" not in detail.inner_text()
    answer.fill("-๖๐๐")  # Thai digits are read too
    ui.locator('button[data-action="check"]').click()
    expect(ui).to_have_attribute("data-state", "solved")
    expect(ui.locator(".kr-pz-verdict")).to_have_text("ถูกต้อง!")
    expect(ui.locator(".kr-pz-success-text")).to_contain_text("ค่าเสียตามขั้น")


def test_a_wrong_tier_points_at_its_rule_and_the_right_tier_solves(page: Page):
    ui = open_exercise(page, "dk-score-003")  # three losers level on points: P3 drew the highest card
    ui.locator('.kr-qz-choice[data-choice="large"]').click()
    expect(ui).to_have_attribute("data-state", "quiz-wrong")
    expect(ui.locator(".kr-pz-detail")).to_contain_text("§59")
    expect(ui.locator('.kr-qz-choice[data-choice="large"]')).to_be_disabled()
    ui.locator('.kr-qz-choice[data-choice="small"]').click()
    expect(ui).to_have_attribute("data-state", "solved")


def test_every_net_reads_four_figures_and_names_the_first_seat_that_is_off(page: Page):
    ui = open_exercise(page, "dk-score-005")  # P1 +600, P2 -220, P3 -200, P4 -180
    for seat, value in (("P1", "600"), ("P2", "-220"), ("P3", "200"), ("P4", "-180")):
        ui.locator(f'input[name="answer-{seat}"]').fill(value)
    ui.locator('button[data-action="check"]').click()
    detail = ui.locator(".kr-pz-detail")
    expect(detail).to_contain_text("ขา 3: ")
    expect(detail).to_contain_text("บรรทัดที่ 1: ขา 3 จ่าย ขา 1 — ค่าเสียตามขั้น (§59)")
    expect(detail).to_contain_text("ได้กับเสียสลับกัน")
    ui.locator('input[name="answer-P3"]').fill("-200")
    ui.locator('button[data-action="check"]').click()
    expect(ui).to_have_attribute("data-state", "solved")
