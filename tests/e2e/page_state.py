"""Waiting for a page to look as a reader sees it, without sleeping: settle(page) returns once the
page's fonts are loaded and every finite animation or transition has ended (infinite ones, such as
a spinner, are left running). Use it before axe, a screenshot or a layout measurement, after the
page's own states (data-state="ready" ...) say it is done. wait_until(page, done, what) polls a
state no locator shows (the page's caches, what a route has seen) while Playwright's events run."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

SETTLED = """async () => {
  await document.fonts.ready;
  const finite = document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => {})));
}"""


def settle(page: Page) -> None:
    """Wait until the fonts are in and no finite animation or transition is running."""
    page.evaluate(SETTLED)


def wait_until(page: Page, done, what: str, timeout: float = 60) -> None:
    """Poll done() (a state of the page, its caches or its routes) until it holds; fail with `what`."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            pytest.fail(what)
        page.wait_for_timeout(100)
