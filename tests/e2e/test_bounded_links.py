"""Links too big for what they carry, met as a reader (or someone crafting them) would: a 41-item
assignment link on the student's page says the 40-item limit, not "cut off"; a Dummy calculator
link whose table has 53 cards, or that is longer than any table needs, names the count or the size
and opens an empty calculator, drawing none of it. The logic is unit-tested in tests/js
(assignment-limit, dummy-table-link); this checks the pages say it."""
from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import Page, expect

from engine.dummy.cards import DECK

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

PACK = """async ([tag, json]) => (await import('/static/js/core/codes.js')).pack(tag, 1, json)"""
CALC = "/th/dummy/calculator/"


def test_a_41_item_link_says_the_40_item_limit(page: Page):
    page.goto("/th/")
    items = [f"mk-mate1-{i:03d}" for i in range(41)]
    code = page.evaluate(PACK, ["KA", json.dumps(["งานยาว", "", "th", None, 1, 1, items])])
    page.goto(f"/th/a/#{code}")
    error = page.locator("#kr-st-error")
    expect(error).to_contain_text("41 ข้อ")
    expect(error).to_contain_text("ไม่เกิน 40 ข้อ")
    expect(error).not_to_contain_text("ไม่ครบ")
    expect(page.locator("#kr-st-work")).to_be_hidden()


def _calculator_link(payload: str) -> str:
    return CALC + "#t=" + payload


def _open(page: Page, path: str) -> None:
    page.goto(path)
    expect(page.locator("#dk-calc")).to_have_attribute("data-state", re.compile("ready|failed"), timeout=60_000)


def test_a_calculator_link_with_53_cards_is_refused_before_drawing(page: Page):
    hands = [list(DECK[i::4]) for i in range(4)]
    hands[0] = hands[0] + ["AS"]  # 53 cards
    table = {"level": "thep", "head": "2H", "players": [{"id": f"P{i + 1}", "hand": h} for i, h in enumerate(hands)]}
    payload = base64.urlsafe_b64encode(json.dumps(table).encode()).decode().rstrip("=")
    _open(page, _calculator_link(payload))
    status = page.locator(".dk-status")
    expect(status).to_contain_text("53 ใบ")
    expect(status).to_contain_text("52 ใบ")
    expect(page.locator(".dk-placed button")).to_have_count(0)


def test_an_oversized_calculator_link_is_refused_by_its_size(page: Page):
    _open(page, _calculator_link("A" * 20_000))
    expect(page.locator(".dk-status")).to_contain_text("20000")
    expect(page.locator(".dk-placed button")).to_have_count(0)
