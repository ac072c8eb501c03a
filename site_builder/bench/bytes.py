"""bytes: the JavaScript a lesson, a puzzle and a sandbox name in their HTML (module scripts and
preloads, read from the built files: no browser); what a visitor downloads before a lesson is
readable (JavaScript off: HTML, CSS and the fonts actually fetched; target <= 60 KB sent
gzipped) and until its engine is ready after the reader's first touch on the board (everything
fetched until core/engine-client.js says "ready": JS, Pyodide, the engine wheel); and the Pyodide
files the site ships beside the npm package's (site_builder/pyodide_trim.py), raw and gzipped."""
from __future__ import annotations

import gzip
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..pyodide_trim import PYODIDE_FILES
from .chromium import LIVE_BOARD, engine_ready, launch_options, ready_ms, sync_playwright_or_none
from .core import Bench, Figure, kb, secs, skipped

TARGET_READABLE_BYTES = 60 * 1000

COMPRESSIBLE = re.compile(r"^text/|javascript|json|svg|application/wasm")


@dataclass
class Transfer:
    url: str
    kind: str
    sent: int  # response body bytes as transferred (encoded)
    size: int  # uncompressed body bytes
    gzipped: int  # what gzip -6 makes of it (as a compressing host would send it)


@dataclass
class Tally:
    items: list[Transfer] = field(default_factory=list)

    def total(self, attr: str, kinds: Iterable[str] | None = None) -> int:
        return sum(getattr(t, attr) for t in self.items if kinds is None or t.kind in kinds)

    def by_kind(self) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for t in self.items:
            n, b = out.get(t.kind, (0, 0))
            out[t.kind] = (n + 1, b + t.sent)
        return out


def _kind(url: str, content_type: str, by_service_worker: bool = False) -> str:
    if by_service_worker:  # its own fetches (precaching pages, caching Pyodide): real downloads too
        return _kind(url, content_type) + " (by the service worker)"
    path = url.split("?")[0]
    if "/pyodide/" in path:
        return "pyodide"
    if path.endswith(".whl"):
        return "engine wheel"
    if path.endswith(".woff2"):
        return "fonts"
    if path.endswith(".css"):
        return "css"
    if path.endswith((".js", ".mjs")):
        return "js"
    if "text/html" in content_type:
        return "html"
    return "other"


def recorder(context, tally: Tally, base: str):
    def on_finished(request):
        try:
            record(request)
        except Exception:  # noqa: BLE001 - the context closed while an event was pending
            pass

    def record(request):
        response = request.response()
        if response is None or not request.url.startswith(base):
            return
        ctype = response.headers.get("content-type", "")
        try:
            body = response.body()
            size = len(body)
        except Exception:  # noqa: BLE001 - e.g. a worker's own script: use the header
            body, size = None, int(response.headers.get("content-length") or 0)
        sent = request.sizes().get("responseBodySize", 0)
        if sent < 0:  # an HTTP cache hit (0 minus its headers), e.g. the service worker keeping a file: nothing sent
            sent = 0
        elif sent == 0:  # Chromium gives no body size (a worker's own script): its length
            sent = size
        gz = len(gzip.compress(body, 6)) if body is not None and COMPRESSIBLE.search(ctype) else sent
        kind = _kind(request.url, ctype, request.service_worker is not None)
        tally.items.append(Transfer(request.url, kind, sent, size, min(gz, sent)))

    context.on("requestfinished", on_finished)


def drain(page, tally: Tally, quiet_ms: int = 400, limit_ms: int = 5000) -> None:
    """Let pending requestfinished events run until none arrived for `quiet_ms`."""
    waited, seen = 0, -1
    while waited < limit_ms and seen != len(tally.items):
        seen = len(tally.items)
        page.wait_for_timeout(quiet_ms)
        waited += quiet_ms


def _breakdown(tally: Tally) -> str:
    return ", ".join(f"{kind} {kb(b)}" + (f" ({n} files)" if n > 1 else "")
                     for kind, (n, b) in sorted(tally.by_kind().items(), key=lambda kv: -kv[1][1]))


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def pyodide_files(bench: Bench) -> Iterable[Figure | str]:
    """The Pyodide files the built site ships beside the npm package's, raw and gzip -6."""
    shipped_dirs = sorted((bench.site_dir() / "pyodide").iterdir())
    if len(shipped_dirs) != 1:
        raise RuntimeError(f"expected one Pyodide folder in the site, found {[d.name for d in shipped_dirs]}")
    shipped, npm = shipped_dirs[0], bench.root / "node_modules" / "pyodide"
    sizes = {}
    for name in PYODIDE_FILES:
        before, after = (npm / name).read_bytes(), (shipped / name).read_bytes()
        sizes[name] = (len(before), len(gzip.compress(before, 6)), len(after), len(gzip.compress(after, 6)))
    yield (f"Pyodide files: node_modules/pyodide (before) and the site's /pyodide/{shipped.name}/ (after); the"
           " memory snapshot, fetched only after a first start, is not counted")
    for name, (raw0, gz0, raw1, gz1) in sizes.items():
        yield bench.add(Figure(f"bytes.pyodide.{name}", f"  {name}", raw1, f"{kb(raw0)} -> {kb(raw1)}",
                               f"gzipped {kb(gz0)} -> {kb(gz1)}"))
    raw0, gz0, raw1, gz1 = (sum(v[i] for v in sizes.values()) for i in range(4))
    yield bench.add(Figure("bytes.pyodide.raw", "Pyodide files, raw", raw1, f"{mb(raw0)} -> {mb(raw1)}",
                           f"before {mb(raw0)}, after {mb(raw1)} ({100 * (raw0 - raw1) / raw0:.0f}% less)"))
    yield bench.add(Figure("bytes.pyodide.gzip", "Pyodide files, gzipped", gz1, f"{mb(gz0)} -> {mb(gz1)}",
                           f"before {mb(gz0)}, after {mb(gz1)} ({100 * (gz0 - gz1) / gz0:.0f}% less)"))


PAGE_SCRIPT = re.compile(r'<script type="module" src="(/[^"]+)"|<link rel="modulepreload" href="(/[^"]+)"')


def page_scripts(site: Path, url: str) -> tuple[int, int, int]:
    """(files, bytes, gzip -6 bytes) of the JavaScript a page names in its HTML: its module
    scripts and the modules it preloads, all fetched before a reader's first move."""
    html = (site / url.strip("/") / "index.html").read_text(encoding="utf-8")
    paths = dict.fromkeys(a or b for a, b in PAGE_SCRIPT.findall(html))
    bodies = [(site / path.lstrip("/")).read_bytes() for path in paths]
    return len(bodies), sum(map(len, bodies)), sum(len(gzip.compress(body, 6)) for body in bodies)


def script_figures(bench: Bench) -> Iterable[Figure | str]:
    """The JavaScript a lesson with a live board, a puzzle and a sandbox name in their HTML (no
    browser needed: `--site` measures any build, e.g. an older commit's)."""
    site = bench.site_dir()
    pages = {"lesson": bench.live_lesson(),
             "puzzle": next((f"/th/puzzles/{p.parent.name}/" for p in sorted((site / "th/puzzles").glob("*/index.html"))
                             if p.parent.name != "format"), None),
             "sandbox": next((f"/th/{p.parent.name}/sandbox/" for p in sorted((site / "th").glob("*/sandbox"))), None)}
    yield "JavaScript each page names in its HTML (module scripts and preloads), gzip -6 per file as a host sends it"
    for kind, url in pages.items():
        if url is None:
            continue
        files, raw, gz = page_scripts(site, url)
        yield bench.add(Figure(f"bytes.scripts.{kind}.gzip", f"{kind} {url}: its scripts, gzipped", gz, kb(gz),
                               f"{files} files, {kb(raw)} uncompressed"))


def section_bytes(bench: Bench) -> Iterable[Figure | str]:
    yield from pyodide_files(bench)
    yield from script_figures(bench)
    sync_playwright = sync_playwright_or_none()
    if sync_playwright is None:
        yield bench.add(skipped("bytes.readable", "bytes before readable", "playwright is not installed: pip install -e '.[test]'"))
        return
    base = bench.site_url()
    lessons = bench.lessons()
    first = bench.live_lesson()
    readable: dict[str, Tally] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            for url in dict.fromkeys([first, *lessons]):
                context = browser.new_context(java_script_enabled=False)
                tally = readable[url] = Tally()
                recorder(context, tally, base)
                page = context.new_page()
                page.goto(base + url, wait_until="load")
                page.wait_for_load_state("networkidle")
                drain(page, tally)
                context.close()
            context = browser.new_context()
            live = Tally()
            recorder(context, live, base)
            page = context.new_page()
            page.goto(base + first, wait_until="domcontentloaded")
            ready_ms(page)  # the lesson's board is live from its recorded replies; its engine
            page.locator(LIVE_BOARD).first.locator("svg.kr-live-board").click()  # loads on the first touch
            ms = engine_ready(page)["timings"]["ready"]
            drain(page, live)
            context.close()
        finally:
            browser.close()

    yield ("response bodies as this local server sends them (it does not compress, so transferred ="
           " uncompressed), and gzip -6 of HTML/CSS/JS/JSON/SVG/wasm as a compressing host (Netlify) sends"
           " them; fonts, zip and wheel count as they are; the 60 KB target is checked on what is sent"
           " (gzipped), like tests/site_builder/test_page_budget.py. KB = 1000 bytes")
    t = readable[first]
    yield bench.add(Figure("bytes.readable.raw", f"readable, JS off, uncompressed: {first}", t.total("sent"), kb(t.total("sent")),
                           _breakdown(t)))
    yield bench.add(Figure("bytes.readable.gzip", f"readable, JS off, sent gzipped: {first}", t.total("gzipped"),
                           kb(t.total("gzipped")), target=f"<= {kb(TARGET_READABLE_BYTES)}",
                           ok=t.total("gzipped") <= TARGET_READABLE_BYTES))
    heavy_url, heavy = max(readable.items(), key=lambda kv: kv[1].total("gzipped"))
    if heavy_url != first:
        yield bench.add(Figure("bytes.readable.max.gzip", f"heaviest lesson, JS off, sent gzipped: {heavy_url}",
                               heavy.total("gzipped"), kb(heavy.total("gzipped")),
                               f"uncompressed {kb(heavy.total('sent'))}; {_breakdown(heavy)}",
                               target=f"<= {kb(TARGET_READABLE_BYTES)}",
                               ok=heavy.total("gzipped") <= TARGET_READABLE_BYTES))
    yield bench.add(Figure("bytes.interactive.raw", f"first touch, until the engine is ready, uncompressed: {first}", live.total("sent"),
                           kb(live.total("sent")), _breakdown(live)))
    yield bench.add(Figure("bytes.interactive.gzip", "first touch, until the engine is ready, sent gzipped", live.total("gzipped"),
                           kb(live.total("gzipped")), f"cold engine ready after {secs(ms / 1000)} in this run"))
