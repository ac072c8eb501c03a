"""Dummy drills, as a reader does them on a phone: a wrong discard is told why it is wrong (the
fool it feeds) without the answer, then the right one solves; a drill with several right answers
wants all of them."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)

ENGINE_MS = 60_000


def open_drill(page: Page, pid: str):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"/th/puzzles/{pid}/")
    ui = page.locator("section.kr-pz")
    expect(ui).to_have_attribute("data-state", re.compile("quiz|failed"), timeout=ENGINE_MS)
    assert ui.get_attribute("data-state") == "quiz"
    return ui


def test_a_discard_that_feeds_the_fool_is_explained_then_the_safe_one_solves(page: Page):
    ui = open_drill(page, "dk-drill-discard-001")  # 4♥ lets P1 collect it and knock; 7♠ is safe
    expect(page.locator("figure.kr-board")).to_contain_text("เปิดให้ดูในแบบฝึกนี้")
    ui.locator('.kr-qz-choice[data-choice="a"]').click()
    expect(ui).to_have_attribute("data-state", "quiz-wrong")
    detail = ui.locator(".kr-pz-detail")
    expect(detail).to_contain_text("ตีโง่")
    assert "7♠" not in detail.inner_text()
    ui.locator('.kr-qz-choice[data-choice="b"]').click()
    expect(ui).to_have_attribute("data-state", "solved")
    expect(ui.locator(".kr-pz-verdict")).to_have_text("ถูกต้อง!")


def test_a_drill_with_several_right_discards_wants_every_one(page: Page):
    ui = open_drill(page, "dk-drill-discard-003")  # 3♠ 7♥ 9♥ are safe; 5♦ is called, 7♠ feeds the fool
    for choice in ("a", "c"):
        ui.locator(f'.kr-qz-choice[data-choice="{choice}"]').click()
    ui.locator('button[data-action="check"]').click()
    expect(ui).to_have_attribute("data-state", "quiz-wrong")
    ui.locator('.kr-qz-choice[data-choice="e"]').click()
    for choice in ("a", "c"):
        if ui.locator(f'.kr-qz-choice[data-choice="{choice}"]').get_attribute("aria-pressed") != "true":
            ui.locator(f'.kr-qz-choice[data-choice="{choice}"]').click()
    ui.locator('button[data-action="check"]').click()
    expect(ui).to_have_attribute("data-state", "solved")
