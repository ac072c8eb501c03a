"""Headless Chromium for the browser sections (Playwright): launch options and one page of the site."""
from __future__ import annotations

import contextlib

from ..browser import CHROMIUM_ARGS, chromium_executable
from .core import Bench

READY_TIMEOUT_MS = 120_000

LIVE_BOARD = 'figure.kr-board[data-interactive="true"], #kr-sandbox'

# Resolves with [state, ms, begin] when the element `selector` leaves "loading": ms since navigation
# start (begin = 0), or, when `click` names a button, since that button was clicked (begin = the
# page's performance.now() right before the click).
# page.evaluate runs through DevTools, so the page's CSP (no 'unsafe-eval') does not block it.
READY_PROBE = """({ timeout, selector, click }) => new Promise((resolve) => {
  const el = document.querySelector(selector);
  if (!el) { resolve(['no element ' + selector, performance.now(), 0]); return; }
  let begin = 0;
  const check = () => {
    const state = el.getAttribute('data-state');
    if (state === 'ready' || state === 'failed') resolve([state, performance.now() - begin, begin]);
  };
  if (click) {
    const button = document.querySelector(click);
    if (!button) { resolve(['no button ' + click, 0, 0]); return; }
    begin = performance.now();
    button.click();
  }
  new MutationObserver(check).observe(el, { attributes: true, attributeFilter: ['data-state'] });
  setTimeout(() => resolve(['timeout', performance.now() - begin, begin]), timeout);
  check();
})"""


def ready_ms(page, selector: str | None = None, click: str | None = None) -> tuple[float, float]:
    """(ms until ``selector`` (default: the first live board) is ready, the page's performance.now()
    when the clock started): from navigation start (0), or from clicking ``click``. Raises when it
    fails or never gets there."""
    state, ms, begin = page.evaluate(READY_PROBE, {"timeout": READY_TIMEOUT_MS, "selector": selector or LIVE_BOARD,
                                                   "click": click})
    if state != "ready":
        raise RuntimeError(f"{page.url}: {selector or 'the live board'} ended in state {state!r} after {ms:.0f} ms")
    return ms, begin


# Resolves, once the page's live engine (core/engine-client.js) is ready or failed, with its status,
# how Pyodide started and its timings (ms since navigation start of each loading step). It never
# starts the engine itself: the page must (a lesson warms it up after load, a sandbox at once).
ENGINE_PROBE = """async ({ timeout }) => {
  const { engine } = await import('/static/js/core/engine-client.js');
  const settled = () => engine.status === 'ready' || engine.status === 'failed';
  if (!settled()) {
    await new Promise((resolve) => {
      const off = engine.onStatus(() => { if (settled()) { off(); resolve(); } });
      setTimeout(resolve, timeout);
    });
  }
  return { status: engine.status, from: engine.startedFrom, timings: engine.timings };
}"""


def engine_ready(page) -> dict:
    """{"from": "snapshot" | "fresh", "timings": {step: ms since navigation start}} once the page's
    live engine is ready; raises when it fails or never gets there."""
    got = page.evaluate(ENGINE_PROBE, {"timeout": READY_TIMEOUT_MS})
    if got["status"] != "ready":
        raise RuntimeError(f"{page.url}: the page's engine ended in status {got['status']!r}")
    return got


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
