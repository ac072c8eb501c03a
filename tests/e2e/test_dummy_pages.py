"""Dummy's pages against the site-wide bars: axe-clean in both languages (calculator, a lesson
with card figures, a scoring exercise), no layout shift when the engine arrives, tap targets of
44 px at 360 px, cards fitting a phone without sideways scrolling; screenshots of each page type
at 360 and 1280 px go to the artifacts folder.

The layout-shift checks open a context of their own (a first visit: nothing cached); the others
share the session's warm contexts (conftest.py: one HTTP cache per screen, storage cleared per test)."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from test_axe import axe_page, axe_source, page_violations  # noqa: F401 - axe_page, axe_source are fixtures
from test_phone import DESKTOP, MAX_SHIFT, MIN_TARGET, OBSERVE_SHIFTS, PHONE

from tests.e2e.page_state import settle

# Layout shift takes `new_context`; the rest one HTTP cache. About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

CALC = "/{lang}/dummy/calculator/"
LESSON = "/{lang}/dummy/the-fool/"
EXERCISE = "/{lang}/puzzles/dk-score-020/"
PAGES = [CALC, LESSON, EXERCISE]
LIVE = "#dk-calc, section.kr-pz"
SLOW_MODULE_S = 1.5  # the calculator drawn this long after the page (CI once saw the sidebar jump then)


def settled(page) -> None:
    """Every live part drawn, the fonts in and no animation running (page_state.settle)."""
    live = page.locator(LIVE)
    for i in range(live.count()):
        expect(live.nth(i)).not_to_have_attribute("data-state", re.compile("^(loading)?$"), timeout=60_000)
    settle(page)


@pytest.mark.parametrize("lang", ["th", "en"])
@pytest.mark.parametrize("template", PAGES)
def test_no_axe_violations_on_dummy_pages(axe_page, axe_source, template, lang):  # noqa: F811
    found = page_violations(axe_page, axe_source, template.format(lang=lang))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("template", PAGES)
def test_dummy_pages_do_not_jump_when_the_engine_arrives(new_context, real_site_url, template, screen):
    context = new_context(**screen)
    context.add_init_script(OBSERVE_SHIFTS)
    page = context.new_page()
    if template == CALC:  # a slow phone: the calculator's module comes well after the first paint
        page.route("**/static/js/games/dummy/calculator.js", lambda route: (time.sleep(SLOW_MODULE_S), route.continue_()))
    page.goto(real_site_url + template.format(lang="th"))  # the engine from Pyodide, after the first paint
    settled(page)
    page.wait_for_timeout(500)  # a late shift would come now (as test_phone.py's shift_of)
    total, shifts = page.evaluate("[window.__krShift, window.__krShifts]")
    context.close()
    assert total <= MAX_SHIFT, f"layout shift {total:.3f} > {MAX_SHIFT}: {shifts}"


def test_the_calculator_fits_a_phone_with_tap_targets_of_44_px(open_warm_page, artifacts_dir):
    page = open_warm_page(**PHONE)
    page.goto(CALC.format(lang="th"))
    settled(page)
    page.locator('[data-target="hand:1:"]').click()
    targets = "#dk-calc .kr-btn, #dk-calc select, #dk-calc .dk-card-btn, #dk-calc .dk-flag"
    small = page.locator(targets).evaluate_all(f"""els => els.filter((el) => el.getClientRects().length)
        .map((el) => [el.className, el.getBoundingClientRect()])
        .filter(([, r]) => r.height < {MIN_TARGET} - 0.5 || r.width < {MIN_TARGET} - 0.5)
        .map(([what, r]) => `${{what}} ${{Math.round(r.width)}}x${{Math.round(r.height)}}`)""")
    assert page.locator("#dk-calc .dk-deck .dk-card-btn").count() == 52
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("template", PAGES)
def test_screenshots_of_dummy_pages(open_warm_page, artifacts_dir, template):
    for name, screen in (("360", PHONE), ("1280", DESKTOP)):
        page = open_warm_page(**screen)
        page.goto(template.format(lang="th"))
        settled(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= screen["viewport"]["width"]
        slug = template.strip("/").split("/")[-1]
        page.screenshot(path=str(artifacts_dir / f"dummy-{slug}-{name}.png"), full_page=True)
