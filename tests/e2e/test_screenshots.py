"""Screenshots of Thai lessons, the sandbox and a puzzle at phone (360 px) and desktop (1280 px)
widths, saved to artifacts_dir for a person to look at; the checks here catch sideways overflow.
(The board component's chooser and capture paths: test_board_component.py.)"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

WIDTHS = {"360": {"width": 360, "height": 740}, "1280": {"width": 1280, "height": 900}}
PAGES = {"lesson-th": "/th/makruk/board-and-pieces/", "sandbox-th": "/th/makruk/sandbox/",
         "mate-lesson-th": "/th/makruk/check-and-checkmate/", "puzzle-th": "/th/puzzles/mk-mate1-001/"}
PUZZLE_BOARD = "#kr-puzzle-board figure.kr-board"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_screenshot(new_context, engine_ready, artifacts_dir, name, width):
    viewport = WIDTHS[width]
    context = new_context(viewport=viewport, device_scale_factor=1, is_mobile=width == "360",
                          has_touch=width == "360")
    page = context.new_page()
    page.goto(PAGES[name])
    engine_ready(page.locator(PUZZLE_BOARD) if name.startswith("puzzle") else page)
    page.evaluate("document.fonts.ready.then(() => true)")
    path = artifacts_dir / f"{name}-{width}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    wide = page.locator("body").evaluate(
        "body => [...body.querySelectorAll('*')]"
        ".filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
        ".filter(el => !el.closest('.kr-announce, .skip, .kr-sprites'))"
        ".map(el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + el.className : ''))")
    assert wide == [], f"{name} at {width} px: elements stick out to the right: {wide[:10]}"


def test_screenshot_without_javascript(new_context, artifacts_dir):
    context = new_context(viewport=WIDTHS["360"], java_script_enabled=False, is_mobile=True)
    page = context.new_page()
    page.goto(PAGES["lesson-th"], wait_until="load")
    page.wait_for_load_state("networkidle")
    path = artifacts_dir / "lesson-th-nojs-360.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
