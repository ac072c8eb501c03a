"""firstvisit: the bytes a first visit to a lesson fetches when the reader only reads it (issue #21
§2 and §7; target < 1 MB, as a compressing host sends it), everything counted: the page, its files,
the service worker's script and its install (the small shell), and whatever else the page or the
worker would start by itself within AFTER_LOAD_MS of the load. Measured on the first Thai lesson
with a live board (or --page), the first of each game and the lesson with the biggest page and
recorded replies, each in a fresh browser context with service workers allowed, on the slow
profile (9 Mbps, 150 ms, the page's network; bytes do not depend on it). Each response counts the body as transferred: a file the worker keeps
from the HTTP cache, or revalidates (304), costs 0 body bytes. Also checked: no Pyodide or engine
wheel request and no page of the whole-site pack (their targets are 0).
"""
from __future__ import annotations

import gzip
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .chromium import launch_options, sync_playwright_or_none
from .core import Bench, Figure, kb, skipped

TARGET_BYTES = 1_000_000
AFTER_LOAD_MS = 10_000
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}
SW_SCRIPT = "/sw.js"  # no-cache, so fetched on every first visit
COMPRESSIBLE = (".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", "/")


@dataclass
class Fetched:
    path: str
    route: str  # page | page data | static | service worker script | by the service worker | engine
    sent: int  # body bytes as this server sent them (it does not compress)
    gzipped: int  # what gzip -6 makes of the body of a compressible file (a compressing host)


def route_of(path: str, by_worker: bool, engine_prefixes: tuple[str, ...]) -> str:
    """Which route a response came by (what the figure breaks the bytes down into)."""
    if path.startswith(engine_prefixes):
        return "engine"
    if path == SW_SCRIPT:
        return "service worker script"
    if by_worker:
        return "by the service worker"
    if path.endswith("/"):
        return "page"
    return "page data" if path.endswith(".json") else "static"


def recorder(context, seen: list[Fetched], base: str, engine_prefixes: tuple[str, ...]) -> None:
    """Append every finished same-origin response of `context` (its pages, workers, service worker) to `seen`."""
    def finished(request):
        try:
            response = request.response()
            sent = max(0, request.sizes()["responseBodySize"])  # negative (0 - its headers) for an HTTP cache hit
            path = urlsplit(request.url).path
            if path == SW_SCRIPT and response is not None:  # Chromium gives no body size for it; never cached
                sent = max(sent, int(response.headers.get("content-length") or 0))
            body = response.body() if response is not None and sent > 0 else b""
        except Exception:  # noqa: BLE001 - the context closed while the event was pending
            return
        if response is None or not request.url.startswith(base):
            return
        gzipped = min(sent, len(gzip.compress(body, 6))) if body and path.endswith(COMPRESSIBLE) else sent
        seen.append(Fetched(path, route_of(path, request.service_worker is not None, engine_prefixes), sent, gzipped))

    context.on("requestfinished", finished)


def live_lesson_per_game(bench: Bench) -> list[str]:
    """The first Thai lesson with a live board (or table) of each game, in the home page's order."""
    first: dict[str, str] = {}
    for url in bench.lessons():
        game = url.split("/")[2]
        html = bench.site_dir() / url.strip("/") / "index.html"
        if url.startswith("/th/") and game not in first and 'data-interactive="true"' in html.read_text(encoding="utf-8"):
            first[game] = url
    return list(first.values())


def heaviest_lesson(bench: Bench) -> str:
    """The lesson whose page and recorded replies weigh the most."""
    def weight(url: str) -> int:
        folder = bench.site_dir() / url.strip("/")
        return sum(path.stat().st_size for path in (folder / "index.html", folder / "replies.json") if path.is_file())
    return max(bench.lessons(), key=weight)


def visit(browser, base: str, url: str, engine_prefixes: tuple[str, ...]) -> list[Fetched]:
    """A first visit to `url` that only reads: load, then AFTER_LOAD_MS of nothing."""
    context = browser.new_context(service_workers="allow")
    seen: list[Fetched] = []
    recorder(context, seen, base, engine_prefixes)
    page = context.new_page()
    context.new_cdp_session(page).send("Network.emulateNetworkConditions", SLOW)
    page.goto(base + url, wait_until="load")
    page.wait_for_timeout(AFTER_LOAD_MS)
    context.close()
    return seen


def breakdown(seen: list[Fetched]) -> str:
    routes: dict[str, list[int]] = {}
    for item in seen:
        count, total = routes.setdefault(item.route, [0, 0])
        routes[item.route] = [count + 1, total + item.gzipped]
    return ", ".join(f"{route} {kb(total)} ({count})" for route, (count, total)
                     in sorted(routes.items(), key=lambda kv: -kv[1][1]))


def section_firstvisit(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("firstvisit", "first visit bytes", "playwright is not installed: pip install -e '.[test]'"))
        return
    base = bench.site_url()
    site = Path(bench.site_dir())
    engine_prefixes = tuple(f"/{folder}/" for folder in ("pyodide", "engine"))
    pack_pages = {"/" + p.parent.relative_to(site).as_posix() + "/" for p in site.rglob("index.html")
                  if "/offline/" not in "/" + p.as_posix()}  # the offline pages are the worker's shell
    lessons = dict.fromkeys([bench.live_lesson(), *live_lesson_per_game(bench), heaviest_lesson(bench)])
    visits = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            for url in lessons:
                visits[url] = visit(browser, base, url, engine_prefixes)
        finally:
            browser.close()
    yield (f"a fresh profile, service workers on, 9 Mbps / 150 ms; load, then {AFTER_LOAD_MS / 1000:.0f} s of"
           " reading; bodies as transferred (a file kept from the HTTP cache or revalidated costs 0), gzip -6 of"
           " text as a compressing host sends it; (n) = responses. KB = 1000 bytes")
    for url, seen in visits.items():
        key = "firstvisit." + url.strip("/").replace("/", ".")
        sent, gzipped = sum(item.sent for item in seen), sum(item.gzipped for item in seen)
        yield bench.add(Figure(f"{key}.gzip", f"first visit, read only: {url}", gzipped, kb(gzipped),
                               f"uncompressed {kb(sent)} in {len(seen)} responses; {breakdown(seen)}",
                               target=f"< {kb(TARGET_BYTES)}", ok=gzipped < TARGET_BYTES))
        engine = sum(item.sent for item in seen if item.route == "engine")
        others = sorted({item.path for item in seen if item.path in pack_pages and item.path != url})
        yield bench.add(Figure(f"{key}.engine", "  of which Pyodide and the engine wheel", engine, kb(engine),
                               target="0", ok=engine == 0))
        yield bench.add(Figure(f"{key}.pack", "  other pages of the whole-site pack", len(others), str(len(others)),
                               ", ".join(others[:5]), target="0", ok=not others))
