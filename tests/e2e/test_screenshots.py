"""Screenshots of the Thai home page, lessons, the sandbox in a game against the computer, the
counting trainer and a puzzle (Makruk; a lesson, the sandbox against the computer and a puzzle of
Mak-hot) at phone (360 px) and desktop (1280 px) widths, saved to
artifacts_dir for a person to look at; the checks here catch sideways overflow.
(The board component's chooser and capture paths: test_board_component.py.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.engine_in_cpython]

WIDTHS = {"360": {"width": 360, "height": 740}, "1280": {"width": 1280, "height": 900}}
VS_COMPUTER = "?fen=rnsmksnr%2F8%2Fpppppppp%2F8%2F8%2FPPPPPPPP%2F8%2FRNSKMSNR+w+-+-+0+1&moves=e3e4+d6d5&vs=black&level=1"
MAKHOS_VS_COMPUTER = ("?fen=W%3AWa1%2Cc1%2Ce1%2Cg1%2Cb2%2Cd2%2Cf2%2Ch2%3ABb8%2Cd8%2Cf8%2Ch8%2Ca7%2Cc7%2Ce7%2Cg7"
                      "&moves=d2-e3+e7-d6+c1-d2&vs=black&level=1")
PAGES = {"home-th": "/th/", "lesson-th": "/th/makruk/board-and-pieces/", "sandbox-th": "/th/makruk/sandbox/",
         "sandbox-computer-th": f"/th/makruk/sandbox/{VS_COMPUTER}", "trainer-th": "/th/makruk/counting-trainer/?material=r&seed=7",
         "counting-lesson-th": "/th/makruk/counting-basics/", "mate-lesson-th": "/th/makruk/check-and-checkmate/",
         "puzzle-th": "/th/puzzles/mk-mate1-001/",
         "lesson-makhos-th": "/th/makhos/multi-capture/",
         "sandbox-computer-makhos-th": f"/th/makhos/sandbox/{MAKHOS_VS_COMPUTER}",
         "puzzle-makhos-th": "/th/puzzles/mh-win2-001/"}
PUZZLE_BOARD = "#kr-puzzle-board figure.kr-board"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_screenshot(open_warm_page, engine_ready, artifacts_dir, name, width):
    # One warm context per width (conftest.py): the pages as a returning reader sees them.
    page = open_warm_page(viewport=WIDTHS[width], device_scale_factor=1, is_mobile=width == "360",
                          has_touch=width == "360")
    page.goto(PAGES[name])
    if name.startswith("trainer"):
        expect(page.locator("#kr-trainer")).to_have_attribute("data-state", "ready", timeout=60_000)
    elif not name.startswith("home"):
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
