"""Komayo's tsume and rule quizzes as a student on a phone solves them (issue 10, sections 4-5):
a tsume solved by a drop after one wrong try (the refutation is played, then retry), a rule
quiz ("is this drop legal?") answered wrong then right; axe-core finds no violation on any Komayo
page type, nothing jumps when the engine arrives; and screenshots of every Komayo page
type at 360 and 1280 px (test-results/screenshots/komayo-*.png) for a person to look at.

The layout-shift checks open a context of their own (a first visit: nothing cached); the others
share the session's warm contexts (conftest.py: one HTTP cache per screen, storage cleared per test).

What to play comes from the puzzle page's own data block; the engine in CPython says which
position each step must show."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from test_phone import DESKTOP as DESKTOP_SCREEN
from test_phone import MAX_SHIFT, shift_of
from test_phone import PHONE as PHONE_SCREEN
from tests.e2e.page_state import settle

# Layout shift takes `new_context`; the rest one HTTP cache. About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

ENGINE_MS = 60_000
PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
TSUME = "/th/puzzles/ko-tsume1-005/"  # a 1-move tsume: Sente drops a Knight, then captures the King
QUIZ = "/th/puzzles/ko-quiz-001/"  # where may the Knight be dropped?
PROJECT = Path(__file__).resolve().parents[2]


def komayo_play(position: str, moves: list[str]) -> dict:
    reply = call({"op": "play", "game": "komayo", "position": position, "moves": list(moves)})
    assert reply["ok"], reply
    return reply


def data_of(page: Page) -> dict:
    return json.loads(page.locator("#kr-puzzle-data").text_content())


def panel(page: Page):
    return page.locator("section.kr-pz")


def expect_position(page: Page, position: str):
    expect(page.locator(".kr-live")).to_have_attribute("data-position", position, timeout=10_000)


def tap(page: Page, move: str):
    """A board move ('e6d8+': the two squares; a forced promotion is made by the board) or a drop
    ('N*e6': the hand piece, then the square), by touch."""
    live = page.locator(".kr-live")
    if "*" in move:
        kind, square = move.split("*")
        live.locator(f'.kr-hand[data-side="sente"] .kr-hand-piece[data-piece="{kind}"]').tap()
        live.locator(f'g[role="gridcell"][data-square="{square}"]').tap()
        return
    for square in (move[:2], move[2:4]):
        live.locator(f'g[role="gridcell"][data-square="{square}"]').tap()


@pytest.fixture
def phone(open_warm_page):
    return open_warm_page(**PHONE)


def test_solve_a_tsume_with_a_drop_after_one_wrong_try(phone):
    page = phone
    page.goto(TSUME)
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    data = data_of(page)
    line = data["line"]
    assert "*" in line[0]  # the key is a drop from the hand
    # the page's task and the box count the same moves: one move that mates, the capture on the second
    expect(page.locator("#kr-puzzle-goal")).to_contain_text("ซึเมะ 1 ตา (นับแบบโชกิ")
    expect(panel(page)).to_contain_text("คุณเล่นฝ่ายเดินก่อน — เดิน 1 ตาให้ขุนหนีการถูกกินไม่พ้น")
    expect(panel(page)).to_contain_text("แล้วกินขุนในตาที่ 2 ของคุณ")
    wrong, reply = next((m, r) for m, r in data["tree"]["refutations"].items() if r and "*" in m)
    tap(page, wrong)
    expect(panel(page)).to_have_attribute("data-state", "wrong")
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("ยังไม่ใช่")
    expect_position(page, komayo_play(data["position"], [wrong, reply])["position"])  # the refutation is shown
    panel(page).locator('[data-action="retry"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect_position(page, data["position"])

    tap(page, line[0])
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("ถูกต้อง!")
    expect_position(page, komayo_play(data["position"], line[:2])["position"])  # the defence from the proof
    tap(page, line[2])  # the King is captured (a Knight landing on the last rank promotes by itself)
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(page.locator(".kr-live .kr-status")).to_have_attribute("data-result", "sente_wins")
    entry = json.loads(page.evaluate("localStorage.getItem('kradan.progress.v1')"))["puzzles"][data["id"]]
    assert entry["state"] == "retried" and entry["attempts"] == 2, entry


def test_a_drop_quiz_answered_wrong_then_right(phone):
    page = phone
    page.goto(QUIZ)
    quiz = data_of(page)["quiz"]
    expect(panel(page)).to_have_attribute("data-state", re.compile("quiz"), timeout=ENGINE_MS)
    labels = panel(page).locator(".kr-qz-choice")
    expect(labels).to_have_text(["วางม้าที่ c8", "วางม้าที่ c7", "วางม้าที่ c6"])
    wrong = next(c["id"] for c in quiz["choices"] if c["id"] not in quiz["correct"])
    panel(page).locator(f'.kr-qz-choice[data-choice="{wrong}"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
    expect(panel(page).locator(".kr-pz-detail")).to_contain_text("จะเดินต่อไม่ได้อีกเลย")  # why, not the answer
    panel(page).locator(f'.kr-qz-choice[data-choice="{quiz["correct"][0]}"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(panel(page)).to_contain_text("วางม้าที่ c6: เดินได้")


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("path", ["/th/komayo/drops/", "/en/komayo/kings-privilege/", "/th/komayo/sandbox/",
                                  "/th/komayo/pieces/", TSUME, QUIZ, "/en/puzzles/ko-tsume5-004/"])
def test_screenshots_of_every_komayo_page_type(open_warm_page, artifacts_dir, path, width):
    page = open_warm_page(viewport={"width": width, "height": 900})
    page.goto(path)
    expect(page.locator('[data-state="loading"]')).to_have_count(0, timeout=ENGINE_MS)
    expect(page.locator('[data-state="failed"]')).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
    expect(page.locator(".kr-hand:visible").first).to_be_visible()  # the hands are drawn (live or static)
    name = re.sub(r"[^a-z0-9]+", "-", path.strip("/"))
    page.screenshot(path=str(artifacts_dir / f"komayo-{name}-{width}.png"), full_page=True)


AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("path", ["/th/komayo/drops/", "/th/komayo/sandbox/", TSUME, QUIZ, "/en/komayo/pieces/"])
def test_komayo_pages_have_no_axe_violations(open_warm_page, path):
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci`"
    page = open_warm_page(bypass_csp=True, viewport={"width": 1280, "height": 900})
    page.goto(path)
    expect(page.locator('[data-state="loading"]')).to_have_count(0, timeout=ENGINE_MS)
    settle(page)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")["violations"]
    assert found == [], [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes'][:3]]}" for v in found]


@pytest.mark.parametrize("screen", [PHONE_SCREEN, DESKTOP_SCREEN], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", ["/th/komayo/drops/", "/en/komayo/kings-privilege/", TSUME])
def test_komayo_pages_do_not_jump_when_the_engine_arrives(new_context, real_site_url, path, screen):
    """The static diagram keeps the room of the live board's two hands (tests/e2e/test_phone.py's measure)."""
    total, shifts = shift_of(new_context, real_site_url + path, screen)
    assert total <= MAX_SHIFT, f"{path}: layout shift {total:.3f} > {MAX_SHIFT}: {shifts}"
