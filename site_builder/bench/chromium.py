"""Headless Chromium for the browser sections (Playwright): launch options and one page of the site."""
from __future__ import annotations

import contextlib

from ..browser import CHROMIUM_ARGS, chromium_executable
from .core import Bench

READY_TIMEOUT_MS = 120_000

# Resolves with [state, ms since navigation start] when the first live board leaves "loading".
# page.evaluate runs through DevTools, so the page's CSP (no 'unsafe-eval') does not block it.
READY_PROBE = """(timeout) => new Promise((resolve) => {
  const fig = document.querySelector('figure.kr-board[data-interactive="true"], #kr-sandbox');
  if (!fig) { resolve(['no live board', performance.now()]); return; }
  const check = () => {
    const state = fig.getAttribute('data-state');
    if (state === 'ready' || state === 'failed') resolve([state, performance.now()]);
  };
  new MutationObserver(check).observe(fig, { attributes: true, attributeFilter: ['data-state'] });
  setTimeout(() => resolve(['timeout', performance.now()]), timeout);
  check();
})"""

# Runs in a page of the site: the milliseconds of each engine request, through the page's own
# engine client (one after the other); throws on a failed reply.
BROWSER_TIMER = """async (requests) => {
  const { engine } = await import('/static/js/core/engine-client.js');
  await engine.ready;
  const millis = [];
  for (const request of requests) {
    const begin = performance.now();
    const reply = await engine.call(request);
    millis.push(performance.now() - begin);
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  }
  return millis;
}"""


def sync_playwright_or_none():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    return sync_playwright


def launch_options() -> dict:
    options: dict = {"args": list(CHROMIUM_ARGS)}
    exe = chromium_executable()
    if exe:
        options["executable_path"] = exe
    return options


def browser_label(version: str) -> str:
    exe = chromium_executable()
    return f"Chromium {version}" + (f" ({exe})" if exe else " (Playwright's)")


@contextlib.contextmanager
def browser_page(bench: Bench, path: str):
    """A headless Chromium page showing ``path`` of the served site (None without Playwright)."""
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield None
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            page = browser.new_page()
            page.goto(bench.site_url() + path)
            yield page
        finally:
            browser.close()
