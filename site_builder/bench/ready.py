"""ready: engine-ready time per page type in headless Chromium, cold (fresh profile, empty cache)
and warm (the same profile again, HTTP cache filled):

  lesson               navigation start -> the page's live engine ready (core/engine-client.js); a
                       lesson loads it only once the reader touches a live board: the bench
                       touches it the instant the board is ready (a reader who starts at once)
  puzzle exploration   click on "analyse this position" (section.kr-pz button[data-action="analyse"],
                       offered after the solution is shown) -> the puzzle's figure[data-state="ready"];
                       also navigation -> the puzzle answering moves (section.kr-pz[data-state="play"])
                       and the requests under /pyodide/ before the click (there should be none)
  sandbox              navigation start -> the live engine ready (and #kr-sandbox[data-state="ready"])
  trainer              navigation start -> the live engine ready (and #kr-trainer[data-state="ready"])

Each line also shows where the time went (engine-client's timings, the median of the runs): when
the worker was created, Pyodide's module imported, Python started, the wheel unpacked, the engine
imported (a fresh start only: the memory snapshot holds it imported), call_json in hand.

Pages are found in the built site: --page or the first Thai lesson with a live board, the first
Thai mate puzzle, and the first sandbox and trainer of the games in registry order.
Targets (lesson): warm <= 1.5 s, cold <= 3.5 s."""
from __future__ import annotations

import json
import re
import statistics
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.registry import GAMES

from .chromium import READY_TIMEOUT_MS, browser_label, engine_ready, launch_options, ready_ms, sync_playwright_or_none
from .core import Bench, Figure, secs, skipped

TARGET_WARM_READY_S = 1.5
TARGET_COLD_READY_S = 3.5
# The reader's first press on the first live board (its engine loads on touch: core/recorded-engine.js warmOnTouch).
TOUCH = """() => document.querySelector('figure.kr-board[data-interactive="true"]')
  .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }))"""
PUZZLE = "section.kr-pz"
PUZZLE_BOARD = ".kr-pz-layout figure.kr-board"
SOLUTION = f'{PUZZLE} button[data-action="solution"]'
ANALYSE = f'{PUZZLE} button[data-action="analyse"]'
# performance.now() once the puzzle answers moves (polled every animation frame)
ANSWERING = "(sel) => document.querySelector(sel)?.dataset.state === 'play' && performance.now()"
PUZZLE_DATA = re.compile(r'<script type="application/json" id="kr-puzzle-data"[^>]*>(.*?)</script>', re.S)


@dataclass(frozen=True)
class PageType:
    key: str  # "lesson", "puzzle", "sandbox", "trainer": figure keys ready.<key>.cold.s ...
    label: str
    url: str
    selector: str | None  # what turns data-state="ready" (None: the first live board)
    analyse: bool = False  # time from the "analyse" click (puzzle pages), not from navigation


def page_types(bench: Bench) -> list[PageType]:
    """The pages measured, found in the built site (a type the site lacks is left out)."""
    site = bench.site_dir()
    found = [PageType("lesson", "lesson", bench.live_lesson(), None)]
    puzzle = _first_mate_puzzle(site)
    if puzzle:
        found.append(PageType("puzzle", "puzzle exploration (from the analyse click)", puzzle, PUZZLE_BOARD, True))
    for key, element in (("sandbox", "kr-sandbox"), ("trainer", "kr-trainer")):
        url = _first_page_with(site, element)
        if url:
            found.append(PageType(key, key, url, f"#{element}"))
    return found


def _first_page_with(site: Path, element_id: str) -> str | None:
    for game in GAMES:
        for page in sorted((site / "th" / game).glob("*/index.html")):
            if f'id="{element_id}"' in page.read_text(encoding="utf-8"):
                return "/" + page.parent.relative_to(site).as_posix() + "/"
    return None


def _first_mate_puzzle(site: Path) -> str | None:
    """The first Thai mate puzzle of the first game (registry order) that has one."""
    found: dict[str, str] = {}
    for page in sorted((site / "th" / "puzzles").glob("*/index.html")):
        data = PUZZLE_DATA.search(page.read_text(encoding="utf-8"))
        puzzle = json.loads(data.group(1)) if data else {}
        if puzzle.get("kind") == "mate":
            found.setdefault(puzzle.get("game"), "/" + page.parent.relative_to(site).as_posix() + "/")
    return next((found[game] for game in GAMES if game in found), None)


@dataclass
class Timings:
    cold: list[dict] = field(default_factory=list)  # per run: {step: seconds from the start measured}
    warm: list[dict] = field(default_factory=list)
    answering: list[float] = field(default_factory=list)  # puzzle: navigation -> the puzzle answers moves
    pyodide_before_click: int = 0  # puzzle: requests under /pyodide/ before the analyse click


STEPS = ("start", "init", "module", "python", "wheel", "import", "bridge", "ready")


def section_ready(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("ready.warm.s", "engine-ready time", "playwright is not installed: pip install -e '.[test]'"))
        return
    base = bench.site_url()
    types = page_types(bench)
    results: dict[str, Timings] = {}
    version = "?"
    with sync_playwright() as p:
        for kind in types:
            timings = results[kind.key] = Timings()
            for run in range(bench.runs):
                with tempfile.TemporaryDirectory(prefix="kradan-profile-") as profile:
                    context = p.chromium.launch_persistent_context(profile, **launch_options())
                    try:
                        page = context.pages[0] if context.pages else context.new_page()
                        timings.cold.append(_measure(page, base, kind, timings))
                        if run == bench.runs - 1:  # warm: the same profile, its HTTP cache now filled
                            agent = page.evaluate("navigator.userAgent")
                            version = (re.search(r"Chrome/([\d.]+)", agent) or [None, "?"])[1]
                            for _ in range(bench.runs):
                                timings.warm.append(_measure(page, base, kind, timings))
                    finally:
                        context.close()
    yield (f"headless {browser_label(version)}; {bench.runs} runs each, median shown. Cold: a fresh profile (empty"
           f" cache). Warm: the same profile navigating again (HTTP cache filled; a disk profile, since an incognito"
           f" context's memory cache cannot hold the 9.6 MB pyodide.asm.wasm). From navigation start, except"
           f" puzzle exploration: from the click on 'analyse this position'. Steps: start = worker created,"
           f" module = pyodide.mjs imported, python = Pyodide started, wheel = engine unpacked, import = engine"
           f" imported (a fresh start; the snapshot holds it imported), bridge = call_json in hand (medians)")
    for kind in types:
        t = results[kind.key]
        key = "ready" if kind.key == "lesson" else f"ready.{kind.key}"  # ready.cold.s: the lesson, as before
        for temp, runs in (("cold", t.cold), ("warm", t.warm)):
            total = statistics.median(run["ready"] for run in runs)
            target = {"warm": TARGET_WARM_READY_S, "cold": TARGET_COLD_READY_S}[temp] if kind.key == "lesson" else None
            label = f"{kind.label}, {temp}" + (f": {kind.url}" if temp == "cold" else "")
            yield bench.add(Figure(f"{key}.{temp}.s", label, total, secs(total),
                                   "runs: " + ", ".join(secs(run["ready"]) for run in runs) + "; " + _steps(runs),
                                   target=f"<= {target} s" if target else None,
                                   ok=total <= target if target else None))
        if t.answering:
            a = statistics.median(t.answering)
            yield bench.add(Figure(f"{key}.answering.s", "puzzle answers moves (navigation start)", a, secs(a),
                                   f"cold and warm runs: {', '.join(secs(s) for s in t.answering)}; requests under"
                                   f" /pyodide/ before the analyse click: {t.pyodide_before_click}"))


def _steps(runs: list[dict]) -> str:
    """'start 0.49 s, init 0.62 s, ...' (medians over the runs), then how Pyodide started."""
    shown = [f"{step} {secs(statistics.median(run[step] for run in runs))}" for step in STEPS
             if all(step in run for run in runs)]
    starts = sorted({run["from"] for run in runs})
    return ", ".join(shown) + f" (Pyodide from {'/'.join(starts)})"


def _measure(page, base: str, kind: PageType, timings: Timings) -> dict:
    """{step: seconds, "from": ...} for ``kind``'s page: from navigation start, or from the analyse click."""
    pyodide_requests: list[str] = []
    listener = lambda request: "/pyodide/" in request.url and pyodide_requests.append(request.url)  # noqa: E731
    page.on("request", listener)
    try:
        page.goto(base + kind.url, wait_until="domcontentloaded")
        begin = 0.0
        if kind.analyse:
            answering = page.wait_for_function(ANSWERING, arg=PUZZLE, timeout=READY_TIMEOUT_MS)
            timings.answering.append(answering.json_value() / 1000)
            page.click(SOLUTION)
            page.wait_for_selector(ANALYSE, state="visible", timeout=READY_TIMEOUT_MS)
            timings.pyodide_before_click += len(pyodide_requests)
            live, begin = ready_ms(page, kind.selector, click=ANALYSE)
        elif kind.selector:
            ready_ms(page, kind.selector)
        else:  # a lesson: live from its recorded replies, then touched
            ready_ms(page)
            page.evaluate(TOUCH)
        engine = engine_ready(page)
        run = {step: (ms - begin) / 1000 for step, ms in engine["timings"].items()}
        if kind.analyse:  # from the click until the board is live again (after the engine is ready)
            run["ready"] = live / 1000
        return {**run, "from": engine["from"]}
    finally:
        page.remove_listener("request", listener)
