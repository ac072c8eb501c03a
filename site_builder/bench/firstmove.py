"""firstmove: how soon a cold visit's board accepts the reader's first move, and what was downloaded
by then, on a Thai mate puzzle (answered from the replies the page carries, no Pyodide), on the
first Thai lesson with a live board and on the first Thai sandbox (their first move from the
recorded replies, before the engine).

Each page is opened in a fresh browser context (empty cache), unthrottled and then at 9 Mbps down
and up with 150 ms of latency (CDP network emulation). The clock: navigation start -> the board
takes moves (the puzzle's section.kr-pz[data-state="play"], the lesson figure's and the sandbox's
data-state="ready"), plus the time from the tap that completes the move to the position changing on
the board (as if the reader moved the instant the board was ready); median of 5 visits. Bytes:
everything downloaded until the move was accepted, as gzip -6 would send it, in visits of their own
(the listeners that read every response slow a page down, so the timed visits have none);
requests under /pyodide/ are counted apart (none expected on a puzzle).
Targets: puzzle <= 300 ms unthrottled, <= 1.5 s throttled, < 150 KB gzipped.

section_phone ("phone"): on the slow profile of a cheap phone (9 Mbps, 150 ms, and the CPU 4x slower: CDP
Emulation.setCPUThrottlingRate), cold: the lesson's second move, tapped the instant the first is
shown (the first comes from the recorded replies; the second needs the engine, which the first
touch starts loading: the board keeps the taps meanwhile), timed from navigation start and from
its last tap to the position after it; and the sandbox's first computer reply (against the
computer at level 1: recorded, no engine), from the reader's last tap to the reply on the board.
"""
from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterable
from html import unescape
from pathlib import Path

from ..replies import REPLIES_FILE
from .bytes import Tally, drain, recorder
from .chromium import launch_options, sync_playwright_or_none
from .ready import PUZZLE_DATA
from .core import Bench, Figure, kb, skipped

TARGET_MS = {"fast": 300, "slow": 1500}
TARGET_BYTES = 150 * 1000
RUNS = 5
BYTE_RUNS = 2  # visits that tally the bytes (throttled, as a phone on bad Wi-Fi)
MOVE_TIMEOUT_MS = 30_000
NETWORKS = {"fast": None, "slow": {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8,
                                   "uploadThroughput": 9e6 / 8}}
CPU_SLOWDOWN = 4  # the slow phone profile: CDP Emulation.setCPUThrottlingRate
PHONE_RUNS = 3
TARGET_REPLY_MS = 1500  # the sandbox's first computer reply on the slow phone (recorded: no engine)

# In the page: resolve with performance.now() once `selector`'s data-state is one of `states`.
READY = """({ selector, states }) => new Promise((resolve) => {
  const check = () => {
    const el = document.querySelector(selector);
    if (el && states.includes(el.dataset.state)) { resolve(performance.now()); return true; }
    return false;
  };
  if (check()) return;
  const tick = () => { if (!check()) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})"""

# In the page: from the tap that completes the move (the last pointer event on the board before
# the position changed), resolve with the ms until the position changed: the time between the
# reader's two taps is the reader's, not the page's.
ACCEPTED = """({ host }) => {
  const live = document.querySelector(host + ' .kr-live');
  const before = live.dataset.position;
  window.__krMove = new Promise((resolve) => {
    let start = null;
    live.addEventListener('pointerdown', () => { start = performance.now(); }, { capture: true });
    new MutationObserver(() => {
      if (live.dataset.position !== before) resolve(performance.now() - start);
    }).observe(live, { attributes: true, attributeFilter: ['data-position'] });
  });
}"""


def _mate_puzzle(site: Path) -> tuple[str, str] | None:
    """(URL, from and to squares of the key) of the first Thai mate puzzle whose key two taps
    make (no drop, no choice between moves on the same squares)."""
    for page in sorted((site / "th" / "puzzles").glob("*/index.html")):
        m = PUZZLE_DATA.search(page.read_text(encoding="utf-8"))
        data = json.loads(m.group(1)) if m else {}
        if data.get("kind") != "mate" or not data.get("line"):
            continue
        legal = data["replies"]["plays"][""]["legal"]
        key = next(move for move in legal if move["move"] == data["line"][0])
        same = [move for move in legal if (move.get("from"), move["to"]) == (key.get("from"), key["to"])]
        if key.get("from") and len(same) == 1:
            return f"/th/puzzles/{page.parent.name}/", key["from"] + key["to"]
    return None


def _first_move(table: dict) -> str:
    """From and to squares of the first legal move (not a drop) of a recorded replies table."""
    first = next(move for move in table["plays"][""]["legal"] if move.get("from"))
    return first["from"] + first["to"]


def _lesson_move(site: Path, url: str) -> str:
    """The first legal move of the lesson's first live board (from the page's recorded replies)."""
    html = (site / url.strip("/") / "index.html").read_text(encoding="utf-8")
    position = re.search(r'<figure class="kr-board" data-game="[^"]*" data-position="([^"]*)" data-interactive="true"',
                         html)[1]
    tables = json.loads((site / url.strip("/") / REPLIES_FILE).read_text(encoding="utf-8"))
    return _first_move(tables[unescape(position)])


def _sandbox(site: Path) -> tuple[str, str] | None:
    """(URL, first move) of the first Thai sandbox, by its recorded replies."""
    for replies in sorted((site / "th").glob(f"*/sandbox/{REPLIES_FILE}")):
        table = json.loads(replies.read_text(encoding="utf-8"))
        return f"/th/{replies.parent.parent.name}/sandbox/", _first_move(table)
    return None


def _visit(browser, base: str, url: str, move: str, host: str, ready: tuple[str, list[str]], network,
           count_bytes: bool = False) -> dict:
    """One cold visit. ``count_bytes``: also tally every download (its listeners slow the page
    down by tens of ms, so the timed visits go without them)."""
    context = browser.new_context(base_url=base, service_workers="block")
    tally = Tally()
    if count_bytes:
        recorder(context, tally, base)
    page = context.new_page()
    try:
        if network:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", network)
        page.goto(url, wait_until="commit")
        ready_at = page.evaluate(READY, {"selector": ready[0], "states": ready[1]})
        page.evaluate(ACCEPTED, {"host": host})
        for square in (move[:2], move[2:4]):
            page.locator(f'{host} .kr-live g[role="gridcell"][data-square="{square}"]').first.click()
        move_ms = page.evaluate(f"() => Promise.race([window.__krMove, new Promise((_, no) => setTimeout("
                                f"() => no(new Error('the move was not accepted')), {MOVE_TIMEOUT_MS}))])")
        if count_bytes:
            drain(page, tally, quiet_ms=200, limit_ms=2000)
        accepted = ready_at + move_ms
        early = [t for t in tally.items if t.kind != "service worker"]
        return {"ms": accepted, "ready": ready_at, "move": move_ms,
                "gz": sum(t.gzipped for t in early), "pyodide": sum(1 for t in early if t.kind == "pyodide")}
    finally:
        context.close()


# In the page: resolve with performance.now() once the host's board shows `position`.
SHOWS = """({ host, position, timeout }) => new Promise((resolve, reject) => {
  const live = document.querySelector(host + ' .kr-live');
  const check = () => live.dataset.position === position;
  if (check()) { resolve(performance.now()); return; }
  new MutationObserver(() => { if (check()) resolve(performance.now()); })
    .observe(live, { attributes: true, attributeFilter: ['data-position'] });
  setTimeout(() => reject(new Error('the board never showed ' + position)), timeout);
})"""
# In the page: performance.now() of the last pointer press on the host's board.
LAST_TAP = """({ host }) => {
  window.__krTap = 0;
  const board = document.querySelector(host + ' .kr-live');
  board.addEventListener('pointerdown', () => { window.__krTap = performance.now(); }, { capture: true });
}"""


def _phone(context, page) -> None:
    """The slow phone: 9 Mbps, 150 ms latency, the CPU 4x slower."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORKS["slow"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def _tap(page, host: str, move: str) -> None:
    for square in (move[:2], move[2:4]):
        page.locator(f'{host} .kr-live g[role="gridcell"][data-square="{square}"]').first.click()


def _phone_visit(browser, base: str, url: str, host: str, moves: list[str], taps: int, shown: str) -> dict:
    """One cold visit on the slow phone: tap the first ``taps`` of ``moves`` as soon as the board is
    ready, then {"nav": ms from navigation start, "tap": ms from the last tap} until it shows ``shown``."""
    context = browser.new_context(base_url=base, service_workers="block")
    page = context.new_page()
    try:
        _phone(context, page)
        page.goto(url, wait_until="commit")
        page.evaluate(READY, {"selector": host, "states": ["ready"]})
        page.evaluate(LAST_TAP, {"host": host})
        for move in moves[:taps]:
            _tap(page, host, move)
        at = page.evaluate(SHOWS, {"host": host, "position": shown, "timeout": 300_000})
        return {"nav": at, "tap": at - page.evaluate("window.__krTap")}
    finally:
        context.close()


def _phone_figures(bench: Bench, base: str, site: Path, browser, lesson: str, sandbox: tuple[str, str] | None
                   ) -> Iterable[Figure]:
    from engine.api import call

    host = 'figure.kr-board[data-interactive="true"]'
    html = (site / lesson.strip("/") / "index.html").read_text(encoding="utf-8")
    position = unescape(re.search(r'<figure class="kr-board" data-game="([^"]*)" data-position="([^"]*)" '
                                  r'data-interactive="true"', html)[2])
    game = re.search(r'<figure class="kr-board" data-game="([^"]*)"', html)[1]
    first = _lesson_move(site, lesson)
    after = call({"op": "play", "game": game, "position": position, "moves": [first]})
    second = next(m for m in after["legal"] if m.get("from"))
    moves = [first, second["from"] + second["to"]]
    shown = call({"op": "play", "game": game, "position": position, "moves": [first, second["move"]]})["position"]
    visits = [_phone_visit(browser, base, lesson, host, moves, 2, shown) for _ in range(PHONE_RUNS)]
    nav = statistics.median(v["nav"] for v in visits)
    tap = statistics.median(v["tap"] for v in visits)
    yield bench.add(Figure("firstmove.lesson.second.phone.ms", f"lesson {lesson}, slow phone, cold: second move shown",
                           nav, f"{nav:.0f} ms", f"{tap:.0f} ms after its last tap (both moves tapped the instant the"
                           f" board was ready; the engine loads meanwhile); median of {len(visits)}"))
    if not sandbox:
        return
    url, move = sandbox
    game = url.strip("/").split("/")[1]
    start = call({"op": "start", "game": game, "options": {}})["position"]
    reader = next(m["move"] for m in call({"op": "play", "game": game, "position": start, "moves": []})["legal"]
                  if (m.get("from"), m["to"]) == (move[:2], move[2:4]))
    side = call({"op": "play", "game": game, "position": start, "moves": [reader]})["turn"]
    reply = call({"op": "bestmove", "game": game, "position": start, "moves": [reader], "level": 1})["move"]
    shown = call({"op": "play", "game": game, "position": start, "moves": [reader, reply]})["position"]
    visits = [_phone_visit(browser, base, f"{url}?vs={side}&level=1", "#kr-sandbox", [move], 1, shown)
              for _ in range(PHONE_RUNS)]
    nav = statistics.median(v["nav"] for v in visits)
    tap = statistics.median(v["tap"] for v in visits)
    yield bench.add(Figure("firstmove.sandbox.reply.phone.ms", f"sandbox {url}, slow phone, cold: the computer's"
                           " first reply shown, after the reader's last tap", tap, f"{tap:.0f} ms",
                           f"{nav:.0f} ms from navigation start; level 1, recorded (no engine); median of"
                           f" {len(visits)}", target=f"<= {TARGET_REPLY_MS} ms", ok=tap <= TARGET_REPLY_MS))


def _figures(bench: Bench, key: str, label: str, runs: dict[str, list[dict]], counted: list[dict],
             targets: bool) -> Iterable[Figure]:
    for net, visits in runs.items():
        ms = statistics.median(v["ms"] for v in visits)
        ready = statistics.median(v["ready"] for v in visits)
        move = statistics.median(v["move"] for v in visits)
        where = "unthrottled" if net == "fast" else "9 Mbps / 150 ms"
        yield bench.add(Figure(f"firstmove.{key}.{net}.ms", f"{label}, {where}: first move accepted", ms,
                               f"{ms:.0f} ms", f"board ready {ready:.0f} ms + move {move:.0f} ms; median of {len(visits)}",
                               target=f"<= {TARGET_MS[net]} ms" if targets else None,
                               ok=ms <= TARGET_MS[net] if targets else None))
    gz = statistics.median(v["gz"] for v in counted)
    pyodide = max(v["pyodide"] for v in counted)
    yield bench.add(Figure(f"firstmove.{key}.bytes", f"{label}: downloaded by then (gzip -6)", gz, kb(gz),
                           f"requests under /pyodide/ by then: {pyodide}",
                           target=f"< {kb(TARGET_BYTES)}" if targets else None,
                           ok=gz < TARGET_BYTES if targets else None))


def section_firstmove(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("firstmove", "first move accepted", "playwright is not installed: pip install -e '.[test]'"))
        return
    base, site = bench.site_url(), bench.site_dir()
    puzzle = _mate_puzzle(site)
    lesson = bench.live_lesson()
    pages = []
    if puzzle:
        pages.append(("puzzle", f"mate puzzle {puzzle[0]}", puzzle[0], puzzle[1], ".kr-pz-layout",
                      ("section.kr-pz", ["play"]), True))
    pages.append(("lesson", f"lesson {lesson}", lesson, _lesson_move(site, lesson),
                  'figure.kr-board[data-interactive="true"]', ('figure.kr-board[data-interactive="true"]', ["ready"]),
                  False))
    sandbox = _sandbox(site)
    if sandbox:
        pages.append(("sandbox", f"sandbox {sandbox[0]}", sandbox[0], sandbox[1], "#kr-sandbox",
                      ("#kr-sandbox", ["ready"]), False))
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            for key, label, url, move, host, ready, targets in pages:
                runs = {net: [_visit(browser, base, url, move, host, ready, network) for _ in range(RUNS)]
                        for net, network in NETWORKS.items()}
                counted = [_visit(browser, base, url, move, host, ready, NETWORKS["slow"], count_bytes=True)
                           for _ in range(BYTE_RUNS)]
                yield from _figures(bench, key, label, runs, counted, targets)
        finally:
            browser.close()


def section_phone(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("phone", "slow phone", "playwright is not installed: pip install -e '.[test]'"))
        return
    base, site = bench.site_url(), bench.site_dir()
    yield f"slow phone: 9 Mbps / 150 ms and the CPU {CPU_SLOWDOWN}x slower (CDP), cold, service workers blocked"
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            yield from _phone_figures(bench, base, site, browser, bench.live_lesson(), _sandbox(site))
        finally:
            browser.close()
