"""ready: engine-ready time of a lesson in headless Chromium, from navigation start to its first
live board's figure[data-state="ready"]: cold (fresh profile, empty cache) and warm (the same
profile again, HTTP cache filled). Target: warm <= 1.5 s."""
from __future__ import annotations

import re
import statistics
import tempfile
from collections.abc import Iterable

from .chromium import READY_PROBE, READY_TIMEOUT_MS, browser_label, launch_options, sync_playwright_or_none
from .core import Bench, Figure, secs, skipped

TARGET_WARM_READY_S = 1.5


def section_ready(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("ready.warm.s", "engine-ready time", "playwright is not installed: pip install -e '.[test]'"))
        return
    url = bench.site_url() + bench.live_lesson()
    cold, warm = [], []
    with sync_playwright() as p:
        for run in range(bench.runs):
            with tempfile.TemporaryDirectory(prefix="kradan-profile-") as profile:
                context = p.chromium.launch_persistent_context(profile, **launch_options())
                try:
                    page = context.pages[0] if context.pages else context.new_page()
                    cold.append(_ready_seconds(page, url))
                    if run == bench.runs - 1:  # warm: the same profile, its HTTP cache now filled
                        agent = page.evaluate("navigator.userAgent")
                        version = (re.search(r"Chrome/([\d.]+)", agent) or [None, "?"])[1]
                        for _ in range(bench.runs):
                            warm.append(_ready_seconds(page, url))
                finally:
                    context.close()
    yield (f"{bench.live_lesson()} in headless {browser_label(version)}, from navigation start to the first"
           f" figure[data-state=ready]; {bench.runs} runs each, median shown. Cold: a fresh profile (empty cache)."
           f" Warm: the same profile navigating again (HTTP cache filled; a disk profile, since an incognito"
           f" context's memory cache cannot hold the 9.6 MB pyodide.asm.wasm)")
    yield bench.add(Figure("ready.cold.s", "engine ready, cold", statistics.median(cold), secs(statistics.median(cold)),
                           "runs: " + ", ".join(secs(s) for s in cold)))
    w = statistics.median(warm)
    yield bench.add(Figure("ready.warm.s", "engine ready, warm", w, secs(w), "runs: " + ", ".join(secs(s) for s in warm),
                           target=f"<= {TARGET_WARM_READY_S} s", ok=w <= TARGET_WARM_READY_S))


def _ready_seconds(page, url: str) -> float:
    page.goto(url, wait_until="domcontentloaded")
    state, ms = page.evaluate(READY_PROBE, READY_TIMEOUT_MS)
    if state != "ready":
        raise RuntimeError(f"{url}: the live board ended in state {state!r} after {ms:.0f} ms")
    return ms / 1000
