"""A Thai student's phone (360 px, touch): the board does not trap the page's scrolling, nothing
jumps when the engine arrives (cumulative layout shift), the coordinates are readable and the
tap targets big enough.

- Touch: CDP Input.dispatchTouchEvent, the browser's own touch pipeline (scrolling included): a
  swipe that starts on an empty square scrolls the page; a drag that starts on a piece the
  reader may move plays it and does not scroll.
- Layout shift: a PerformanceObserver of `layout-shift` entries (add_init_script, so it sees the
  page from its first paint) sums the shifts without recent input until the live boards are
  ready; the sum must stay at most 0.05 on lessons, sandboxes and puzzle pages, phone and desktop.

Every game's first lesson and sandbox are covered (tests/e2e/game_pages.py); the swipe and
coordinate checks run on the first lesson of every game played on a board. The layout-shift checks
open a context of their own (a first visit: nothing cached); the others share the module's warm
phone context (conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.api import call
from tests.e2e.game_pages import first_lessons, game_pages

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.engine_in_cpython]

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
LIVE = 'figure.kr-board[data-interactive="true"]'
MAX_SHIFT = 0.05
MIN_TARGET = 44
MIN_COORDINATE_PX = 11
BOARD_LESSONS = first_lessons("th", boards_only=True)

OBSERVE_SHIFTS = """
window.__krShift = 0;
window.__krShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__krShift += entry.value;
    window.__krShifts.push({ value: entry.value, at: Math.round(entry.startTime),
      moved: entry.sources.map((s) => s.node?.nodeName + (s.node?.className?.baseVal === undefined && s.node?.className ? '.' + s.node.className : '')) });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def scroll_to_board(page, figure):
    figure.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 40)")
    return scroll_after(page, page.evaluate("window.scrollY"))


class Finger:
    """One finger on the screen, through Chrome's touch input (CDP)."""

    def __init__(self, context, page):
        self.cdp = context.new_cdp_session(page)

    def swipe(self, start, end, steps=10):
        (x0, y0), (x1, y1) = start, end
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, steps + 1):
            point = {"x": x0 + (x1 - x0) * i / steps, "y": y0 + (y1 - y0) * i / steps}
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def scroll_after(page, before: float, wait_ms: int = 3000) -> float:
    """The page's scroll position once a swipe has moved it and any fling has stopped (or, if
    it does not move at all, after a second)."""
    last, still = before, 0
    for _ in range(wait_ms // 100):
        page.wait_for_timeout(100)
        now = page.evaluate("window.scrollY")
        still = still + 1 if now == last else 0
        if still >= (3 if now != before else 10):
            break
        last = now
    return page.evaluate("window.scrollY")


def centre(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def engine_reply(game: str, position: str, moves: list[str]) -> dict:
    reply = call({"op": "play", "game": game, "position": position, "moves": list(moves)})
    assert reply["ok"], reply
    return reply


@pytest.mark.parametrize("path", BOARD_LESSONS)
def test_a_swipe_on_the_board_scrolls_and_a_drag_of_a_piece_plays(open_warm_page, engine_ready, board_of, path):
    page = open_warm_page(**PHONE)  # the module's warm phone context (conftest.py)
    page.goto(path)
    figure = page.locator(LIVE).first
    engine_ready(figure)
    board = board_of(figure)
    finger = Finger(page.context, page)
    game, start = figure.get_attribute("data-game"), board.fen
    state = engine_reply(game, start, [])
    empty = next(sq for sq in ("e5", "d5", "e4", "d4", "c5", "f5", "c4", "f4") if sq not in state["board"])
    step = next(m for m in state["legal"] if m["from"] and not m["captures"])  # a piece the reader may move

    before = scroll_to_board(page, figure)
    x, y = centre(board.square(empty))
    finger.swipe((x, y), (x, y - 200))
    scrolled = scroll_after(page, before)
    assert scrolled > before + 50, f"a swipe on an empty square must scroll the page ({before} -> {scrolled})"
    board.expect_fen(start)

    before = scroll_to_board(page, figure)
    finger.swipe(centre(board.square(step["from"])), centre(board.square(step["to"])))
    board.expect_fen(engine_reply(game, start, [step["move"]])["position"])
    assert scroll_after(page, before) == before, "dragging a piece must not scroll the page"

    # The other side is to move now; a swipe starting on the piece just moved scrolls.
    x, y = centre(board.square(step["to"]))
    finger.swipe((x, y), (x, y - 200))
    assert scroll_after(page, before) > before + 50


def shift_of(new_context, url: str, screen: dict) -> tuple[float, list]:
    """The layout shift of `url` (on the real site, whose engine arrives from Pyodide a second or
    so after the first paint) until every live part is drawn, and the shifts seen."""
    context = new_context(**screen)
    context.add_init_script(OBSERVE_SHIFTS)
    page = context.new_page()
    page.goto(url)
    live = page.locator(f'{LIVE}, #kr-sandbox, #kr-trainer')
    for i in range(live.count()):
        expect(live.nth(i)).to_have_attribute("data-state", re.compile("^(ready|failed)$"), timeout=60_000)
    page.wait_for_timeout(500)  # a late shift would come now
    total, shifts = page.evaluate("[window.__krShift, window.__krShifts]")
    context.close()
    return total, shifts


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", [*game_pages("th"), "/th/makruk/counting-basics/", "/en/makruk/counting-examples/"])
def test_lessons_and_sandboxes_do_not_jump_when_the_engine_arrives(new_context, real_site_url, path, screen):
    total, shifts = shift_of(new_context, real_site_url + path, screen)
    assert total <= MAX_SHIFT, f"{path}: layout shift {total:.3f} > {MAX_SHIFT}: {shifts}"


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_puzzles_do_not_jump_when_the_engine_arrives(new_context, real_site_url, puzzle_of_each_kind, screen):
    problems = []
    for kind, url in puzzle_of_each_kind.items():
        total, shifts = shift_of(new_context, real_site_url + url, screen)
        if total > MAX_SHIFT:
            problems.append(f"{kind} {url}: {total:.3f} {shifts}")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("path", BOARD_LESSONS)
def test_coordinates_are_readable_and_clear_of_the_squares(open_warm_page, engine_ready, path):
    page = open_warm_page(**PHONE)
    page.goto(path)
    figure = page.locator(LIVE).first
    engine_ready(figure)
    labels = figure.locator("svg.kr-live-board .kr-coords text")
    expect(labels).to_have_count(16)
    # the font size in CSS px on screen: the text's size times the scale from its units to the page
    sizes = labels.evaluate_all("els => els.map(el => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a)")
    assert min(sizes) >= MIN_COORDINATE_PX, f"coordinates of {min(sizes):.1f} px at 360 px"
    # Every label's glyphs lie outside the squares, so no highlight covers them and no piece
    # touches them: a label is drawn around its anchor (text-anchor: middle, dominant-baseline:
    # central), one character at most 0.6 em wide and 1 em tall.
    inside = figure.locator("svg.kr-live-board").evaluate("""svg => {
        const squares = svg.querySelector('.kr-bg').getBoundingClientRect();
        return [...svg.querySelectorAll('.kr-coords text')].filter((el) => {
            const m = el.getScreenCTM();
            const px = parseFloat(getComputedStyle(el).fontSize) * m.a;
            const at = new DOMPoint(el.x.baseVal[0].value, el.y.baseVal[0].value).matrixTransform(m);
            const glyph = { left: at.x - 0.3 * px, right: at.x + 0.3 * px, top: at.y - 0.5 * px, bottom: at.y + 0.5 * px };
            return glyph.left < squares.right && squares.left < glyph.right && glyph.top < squares.bottom && squares.top < glyph.bottom;
        }).map((el) => el.textContent);
    }""")
    assert inside == [], f"coordinates drawn over the squares: {inside}"


TARGETS = (".site-header a, .breadcrumbs a, .sidebar a, .pager a, .kr-card-link, .kr-hub .lesson-list a, "
           ".kr-btn, select, .kr-count-thai")


@pytest.mark.parametrize("path", ["/th/", *game_pages("th"), "/th/makruk/counting-basics/",
                                  "/th/makruk/counting-trainer/"])
def test_tap_targets_are_at_least_44_px(open_warm_page, path):
    page = open_warm_page(**PHONE)
    page.goto(path)
    live = page.locator(f"{LIVE}, #kr-sandbox, #kr-trainer")
    for i in range(live.count()):
        expect(live.nth(i)).to_have_attribute("data-state", "ready", timeout=60_000)
    small = page.locator(TARGETS).evaluate_all(f"""els => els
        .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => [el.className || el.tagName, el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
        .filter(([, , r]) => r.height < {MIN_TARGET} - 0.5 || r.width < {MIN_TARGET} - 0.5)
        .map(([what, text, r]) => `${{what}} "${{text}}" ${{Math.round(r.width)}}x${{Math.round(r.height)}}`)""")
    assert len(page.locator(TARGETS).all()) > 5
    assert small == [], f"{path}: tap targets under {MIN_TARGET} px: {small}"
