"""Switching Thai <-> English keeps what the reader was doing: the language link carries the
page's query and hash (lang-switch.js), and each page keeps its state there: the puzzle index
its filters, the counting trainer its material and seed (the sandbox: test_sandbox.py)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]


def test_the_puzzle_filters_cross_over(page):
    page.goto("/th/puzzles/?kind=mate&difficulty=1")
    expect(page.locator("#kr-filter-kind")).to_have_value("mate")
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/puzzles/\?kind=mate&difficulty=1$"))
    expect(page.locator("#kr-filter-kind")).to_have_value("mate")
    expect(page.locator("#kr-filter-difficulty")).to_have_value("1")
    page.locator("#kr-filter-kind").select_option("counting")  # the index rewrites its address...
    page.locator("a.lang-switch").click()  # ...and the link follows it
    expect(page).to_have_url(re.compile(r"/th/puzzles/\?.*kind=counting"))
    expect(page.locator("#kr-filter-kind")).to_have_value("counting")


def test_the_trainer_keeps_its_material_and_seed(page):
    page.goto("/th/makruk/counting-trainer/?material=2r&seed=2")
    root = page.locator("#kr-trainer")
    expect(root).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(root).to_have_attribute("data-thinking", "false", timeout=20_000)
    position = root.locator(".kr-live").get_attribute("data-position")
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/makruk/counting-trainer/\?material=2r&seed=2$"))
    expect(root).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(root).to_have_attribute("data-material", "2r")
    expect(root).to_have_attribute("data-seed", "2")
    expect(root.locator(".kr-live")).to_have_attribute("data-position", position)


def test_a_plain_lesson_link_has_no_query(page):
    page.goto("/th/makruk/khun-met-khon/")
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/makruk/khun-met-khon/$"))
