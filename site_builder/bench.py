"""`python -m site_builder bench`: how fast the engine is where it runs, and what a visitor downloads.

Sections (run in this order; `--only NAME,...` / `--skip NAME,...`, `--list` names them):

  perft      Makruk perft in CPython and python-chess's perft from the chess start position in
             the same process, as a reference (target: Makruk rate >= chess rate). Both use the
             same bulk-counting perft: the moves of the last ply are counted, not played.
  pyodide    the same Makruk perft inside Pyodide (WebAssembly) under Node, with the engine
             wheel the site ships (tests/pyodide/bench_perft.mjs).
  ready      engine-ready time of a lesson in headless Chromium, from navigation start to its
             first live board's figure[data-state="ready"]: cold (fresh profile, empty cache)
             and warm (the same profile again, HTTP cache filled). Target: warm <= 1.5 s.
  bytes      bytes a visitor downloads before a lesson is readable (JavaScript off: HTML, CSS
             and the fonts actually fetched; target <= 60 KB) and before it is interactive
             (everything fetched until data-state="ready": JS, Pyodide, the engine wheel).

Adding figures (puzzle proofs, the counting defender, ...): write a function
`def my_section(bench: Bench) -> Iterable[Figure | str]` (yield Figure lines; a str is printed
as a note), then either append `Section("name", "title", my_section)` to SECTIONS below or add
"package.module:function" to EXTRA_SECTIONS (imported lazily; skipped with a note if it is
missing). `bench.timeit(fn)` times a call best-of-N, `bench.site_url()` builds and serves the
site once, `bench.root` is the project folder, `bench.results` holds earlier figures by key.
"""
from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

#: Flags for headless Chromium in containers and CI (shared with tests/e2e/conftest.py).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
]

TARGET_WARM_READY_S = 1.5
TARGET_READABLE_BYTES = 60 * 1000
READY_TIMEOUT_MS = 120_000
MAKRUK_START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def chromium_executable() -> str | None:
    """$KRADAN_CHROMIUM or /usr/bin/chromium when it exists; None means Playwright's own browser."""
    path = os.environ.get("KRADAN_CHROMIUM", "/usr/bin/chromium")
    return path if path and Path(path).exists() else None


def serve_in_thread(folder: Path, root: Path) -> tuple[str, Callable[[], None]]:
    """Serve `folder` like production (site_builder.serve: MIME types, root's netlify.toml headers)
    on a free port in a daemon thread, without an access log and without tracebacks for clients
    that hang up mid-download. Returns ("http://127.0.0.1:PORT", stop)."""
    from .serve import load_header_rules, make_server

    server = make_server(Path(folder), "127.0.0.1", 0, load_header_rules(Path(root)))
    handler = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    quiet = type("QuietSiteHandler", (handler.func,), {"log_message": lambda *a, **k: None})
    server.RequestHandlerClass = partial(quiet, *handler.args, **handler.keywords)
    default_error = server.handle_error

    def handle_error(request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            default_error(request, client_address)

    server.handle_error = handle_error
    thread = threading.Thread(target=server.serve_forever, name="kradan-site-server", daemon=True)
    thread.start()

    def stop():
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)

    return f"http://127.0.0.1:{server.server_address[1]}", stop


# ---- figures and sections -------------------------------------------------------------------

@dataclass
class Figure:
    """One measured line: `label  text  [target: ... ok|MISSED]`."""

    key: str  # stable id for --json and bench.results, e.g. "perft.makruk.cpython.nps"
    label: str
    value: float | None  # the number the target is checked on (None: skipped)
    text: str  # how the value is shown
    detail: str = ""
    target: str | None = None  # e.g. ">= 1,234,567 nodes/s (chess)"
    ok: bool | None = None


@dataclass
class Section:
    name: str
    title: str
    run: Callable[["Bench"], Iterable[Figure | str]]


class Bench:
    """What sections share: options, earlier results, one built and served site."""

    def __init__(self, root: Path, depth: int = 4, repeat: int = 3, runs: int = 3,
                 site: Path | None = None, page: str | None = None):
        self.root = Path(root).resolve()
        self.depth, self.repeat, self.runs = depth, repeat, runs
        self.page = page
        self.results: dict[str, float | None] = {}
        self.figures: list[Figure] = []
        self._site_dir = Path(site).resolve() if site else None
        self._url: str | None = None
        self._cleanup: list[Callable[[], None]] = []

    def timeit(self, fn: Callable[[], object], repeat: int | None = None) -> tuple[float, object]:
        """(best seconds, last result) of `repeat` calls of fn()."""
        best, result = float("inf"), None
        for _ in range(repeat or self.repeat):
            t0 = time.perf_counter()
            result = fn()
            best = min(best, time.perf_counter() - t0)
        return best, result

    def site_dir(self) -> Path:
        """The built site: --site DIR, or a fresh build of the project into a temp folder."""
        if self._site_dir is None:
            from .build import build

            tmp = Path(tempfile.mkdtemp(prefix="kradan-bench-"))
            self._cleanup.append(lambda: shutil.rmtree(tmp, ignore_errors=True))
            build(self.root, tmp / "_site")
            self._site_dir = tmp / "_site"
        return self._site_dir

    def site_url(self) -> str:
        """Serve site_dir() with the project's server (netlify.toml headers) on a free port."""
        if self._url is None:
            self._url, stop = serve_in_thread(self.site_dir(), self.root)
            self._cleanup.append(stop)
        return self._url

    def lessons(self) -> list[str]:
        """Lesson URLs (pages with an <article class="lesson">) in the order of each home page, Thai first."""
        urls: list[str] = []
        for lang in ("th", "en"):
            home = self.site_dir() / lang / "index.html"
            if home.is_file():
                for href in re.findall(r'href="(/%s/[^"#]+/[^"#]+/)"' % lang, home.read_text(encoding="utf-8")):
                    page = self.site_dir() / href.strip("/") / "index.html"
                    if href not in urls and page.is_file() and \
                            '<article class="lesson"' in page.read_text(encoding="utf-8"):
                        urls.append(href)
        return urls

    def live_lesson(self) -> str:
        """--page, else the first Thai lesson with a live board."""
        if self.page:
            return self.page
        for url in self.lessons():
            html = self.site_dir() / url.strip("/") / "index.html"
            if html.is_file() and 'data-interactive="true"' in html.read_text(encoding="utf-8"):
                return url
        raise RuntimeError("no lesson with a live board (data-interactive=\"true\") in the built site")

    def add(self, figure: Figure) -> Figure:
        self.figures.append(figure)
        self.results[figure.key] = figure.value
        return figure

    def close(self) -> None:
        for step in reversed(self._cleanup):
            try:
                step()
            except Exception:  # noqa: BLE001 - cleanup must not hide the figures
                pass
        self._cleanup.clear()


def skipped(key: str, label: str, why: str) -> Figure:
    return Figure(key, label, None, "skipped", why)


def rate(n: float) -> str:
    return f"{n:,.0f} nodes/s"


def kb(n: float) -> str:
    return f"{n / 1000:,.1f} KB"


def secs(s: float) -> str:
    return f"{s:.2f} s"


# ---- perft ----------------------------------------------------------------------------------

def chess_perft(board, depth: int) -> int:
    """python-chess perft, bulk-counted like engine.makruk.perft: the last ply is counted."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def section_perft(bench: Bench) -> Iterable[Figure | str]:
    from engine.api import call

    depth = bench.depth
    yield (f"bulk-counting perft for both games (the moves of the last ply are counted, not played),"
           f" depth {depth} from the start position, best of {bench.repeat}")

    def makruk():
        reply = call({"op": "perft", "game": "makruk", "depth": depth})
        if not reply.get("ok"):
            raise RuntimeError(json.dumps(reply, ensure_ascii=False))
        return reply["nodes"]

    best, nodes = bench.timeit(makruk)
    py = f"CPython {platform.python_version()}"
    yield bench.add(Figure("perft.makruk.cpython.nps", f"makruk perft {depth} ({py})", nodes / best,
                           rate(nodes / best), f"{nodes:,} nodes in {secs(best)}"))
    try:
        import chess
    except ImportError:
        yield bench.add(skipped("perft.chess.cpython.nps", f"chess perft {depth} (python-chess)",
                                "python-chess is not installed: pip install -e '.[bench]'  (or pip install chess)"))
        return
    best_c, nodes_c = bench.timeit(lambda: chess_perft(chess.Board(), depth))
    chess_rate = nodes_c / best_c
    yield bench.add(Figure("perft.chess.cpython.nps", f"chess perft {depth} (python-chess {chess.__version__}, {py})",
                           chess_rate, rate(chess_rate), f"{nodes_c:,} nodes in {secs(best_c)}"))
    mine = bench.results["perft.makruk.cpython.nps"]
    yield bench.add(Figure("perft.makruk_vs_chess", "makruk rate / chess rate", mine / chess_rate,
                           f"{mine / chess_rate:.2f}x", target=">= 1.00x", ok=mine >= chess_rate))


def section_pyodide(bench: Bench) -> Iterable[Figure | str]:
    label = f"makruk perft {bench.depth} (Pyodide, Node)"
    script = bench.root / "tests" / "pyodide" / "bench_perft.mjs"
    node = shutil.which("node")
    if node is None or not script.is_file():
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, "needs node (Node.js 18.14+) and " + str(script)))
        return
    if not (bench.root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, "node_modules/pyodide is missing: run `npm ci`"))
        return
    cmd = [node, str(script), "--depth", str(bench.depth), "--repeat", str(bench.repeat)]
    source = "engine from the source tree"
    try:
        from .assets import engine_wheel

        cmd += ["--wheel", str(engine_wheel(bench.root))]
        source = "the engine wheel the site ships"
    except Exception as exc:  # noqa: BLE001 - fall back to the source tree
        yield f"could not build the engine wheel ({exc}); using the source tree"
    proc = subprocess.run(cmd, cwd=bench.root, capture_output=True, text=True, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, f"bench_perft.mjs failed: {proc.stderr.strip()[-500:]}"))
        return
    r = json.loads(lines[-1])
    nps = r["nodes_per_second"]
    label = f"makruk perft {r['depth']} (Pyodide {r['pyodide']}, Python {r['python']}, Node {_node_version(node)})"
    yield bench.add(Figure("perft.makruk.pyodide.nps", label, nps, rate(nps),
                           f"{r['nodes']:,} nodes in {secs(r['best_seconds'])}; {source}"))
    cpy = bench.results.get("perft.makruk.cpython.nps")
    if cpy:
        yield f"Pyodide runs the engine at {nps / cpy:.0%} of CPython's speed"


def _node_version(node: str) -> str:
    try:
        return subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


# ---- browser --------------------------------------------------------------------------------

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


def _playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    return sync_playwright


def _launch_options() -> dict:
    options: dict = {"args": list(CHROMIUM_ARGS)}
    exe = chromium_executable()
    if exe:
        options["executable_path"] = exe
    return options


def _browser_label(version: str) -> str:
    exe = chromium_executable()
    return f"Chromium {version}" + (f" ({exe})" if exe else " (Playwright's)")


def section_ready(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = _playwright()
    if sync_playwright is None:
        yield bench.add(skipped("ready.warm.s", "engine-ready time", "playwright is not installed: pip install -e '.[test]'"))
        return
    url = bench.site_url() + bench.live_lesson()
    cold, warm = [], []
    with sync_playwright() as p:
        for run in range(bench.runs):
            with tempfile.TemporaryDirectory(prefix="kradan-profile-") as profile:
                context = p.chromium.launch_persistent_context(profile, **_launch_options())
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
    yield (f"{bench.live_lesson()} in headless {_browser_label(version)}, from navigation start to the first"
           f" figure[data-state=ready]; {bench.runs} runs each, median shown. Cold: a fresh profile (empty cache)."
           f" Warm: the same profile navigating again (HTTP cache filled; a disk profile, since an incognito"
           f" context's memory cache cannot hold the 9.6 MB pyodide.asm.wasm)")
    yield bench.add(Figure("ready.cold.s", "engine ready, cold", statistics.median(cold), secs(statistics.median(cold)),
                           "runs: " + ", ".join(secs(s) for s in cold)))
    w = statistics.median(warm)
    yield bench.add(Figure("ready.warm.s", "engine ready, warm", w, secs(w), "runs: " + ", ".join(secs(s) for s in warm),
                           target=f"<= {TARGET_WARM_READY_S} s", ok=w <= TARGET_WARM_READY_S))


@contextlib.contextmanager
def browser_page(bench: Bench, path: str):
    """A headless Chromium page showing ``path`` of the served site (None without Playwright)."""
    sync_playwright = _playwright()
    if sync_playwright is None:
        yield None
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(**_launch_options())
        try:
            page = browser.new_page()
            page.goto(bench.site_url() + path)
            yield page
        finally:
            browser.close()


def _ready_seconds(page, url: str) -> float:
    page.goto(url, wait_until="domcontentloaded")
    state, ms = page.evaluate(READY_PROBE, READY_TIMEOUT_MS)
    if state != "ready":
        raise RuntimeError(f"{url}: the live board ended in state {state!r} after {ms:.0f} ms")
    return ms / 1000


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


def _kind(url: str, content_type: str) -> str:
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


def _recorder(context, tally: Tally, base: str):
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
        if sent <= 0:
            sent = size
        gz = len(gzip.compress(body, 6)) if body is not None and COMPRESSIBLE.search(ctype) else sent
        tally.items.append(Transfer(request.url, _kind(request.url, ctype), sent, size, min(gz, sent)))

    context.on("requestfinished", on_finished)


def _drain(page, tally: Tally, quiet_ms: int = 400, limit_ms: int = 5000) -> None:
    """Let pending requestfinished events run until none arrived for `quiet_ms`."""
    waited, seen = 0, -1
    while waited < limit_ms and seen != len(tally.items):
        seen = len(tally.items)
        page.wait_for_timeout(quiet_ms)
        waited += quiet_ms


def _breakdown(tally: Tally) -> str:
    return ", ".join(f"{kind} {kb(b)}" + (f" ({n} files)" if n > 1 else "")
                     for kind, (n, b) in sorted(tally.by_kind().items(), key=lambda kv: -kv[1][1]))


def section_bytes(bench: Bench) -> Iterable[Figure | str]:
    sync_playwright = _playwright()
    if sync_playwright is None:
        yield bench.add(skipped("bytes.readable", "bytes before readable", "playwright is not installed: pip install -e '.[test]'"))
        return
    base = bench.site_url()
    lessons = bench.lessons()
    first = bench.live_lesson()
    readable: dict[str, Tally] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**_launch_options())
        try:
            for url in dict.fromkeys([first, *lessons]):
                context = browser.new_context(java_script_enabled=False)
                tally = readable[url] = Tally()
                _recorder(context, tally, base)
                page = context.new_page()
                page.goto(base + url, wait_until="load")
                page.wait_for_load_state("networkidle")
                _drain(page, tally)
                context.close()
            context = browser.new_context()
            live = Tally()
            _recorder(context, live, base)
            page = context.new_page()
            page.goto(base + first, wait_until="domcontentloaded")
            state, ms = page.evaluate(READY_PROBE, READY_TIMEOUT_MS)
            if state != "ready":
                raise RuntimeError(f"{first}: the live board ended in state {state!r}")
            _drain(page, live)
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
    yield bench.add(Figure("bytes.interactive.raw", f"interactive (until data-state=ready), uncompressed: {first}", live.total("sent"),
                           kb(live.total("sent")), _breakdown(live)))
    yield bench.add(Figure("bytes.interactive.gzip", "interactive, sent gzipped", live.total("gzipped"),
                           kb(live.total("gzipped")), f"cold engine ready after {secs(ms / 1000)} in this run"))


# ---- registry and CLI -----------------------------------------------------------------------

SECTIONS: list[Section] = [
    Section("perft", "Engine speed: perft in CPython, python-chess as the reference", section_perft),
    Section("pyodide", "Engine speed inside Pyodide (WebAssembly) under Node", section_pyodide),
    Section("ready", "Engine-ready time in headless Chromium", section_ready),
    Section("bytes", "Bytes a visitor downloads", section_bytes),
]

#: "package.module:function" sections of other parts of the project (puzzle proofs, the
#: counting defender, ...), imported when the bench runs; a missing one is noted and skipped.
#: The function takes the Bench and yields Figure lines (or str notes); its module docstring's
#: first line, or the function name, titles the section.
EXTRA_SECTIONS: list[str] = ["site_builder.counting_trainer:bench_defender", "site_builder.puzzles.prove:bench_proofs"]


def _extra_sections() -> tuple[list[Section], list[str]]:
    found, notes = [], []
    for spec in EXTRA_SECTIONS:
        module_name, _, attr = spec.partition(":")
        try:
            fn = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            notes.append(f"{spec}: not available ({exc})")
            continue
        title = (fn.__doc__ or attr).strip().splitlines()[0]
        found.append(Section(attr.removeprefix("bench_").replace("_", "-"), title, fn))
    return found, notes


def _line(f: Figure) -> str:
    line = f"  {f.label:<58} {f.text:>18}"
    if f.target:
        line += f"   target {f.target}: " + ("ok" if f.ok else "MISSED" if f.ok is not None else "?")
    if f.detail:
        line += f"\n  {'':<58}   {f.detail}"
    return line


def run(argv: list[str] | None = None, root: Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder bench", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run_args(parser.parse_args(argv), root or Path.cwd())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", help="comma-separated sections to run (see --list)")
    parser.add_argument("--skip", help="comma-separated sections to leave out")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--depth", type=int, default=4, help="perft depth (default 4)")
    parser.add_argument("--repeat", type=int, default=3, help="perft runs, the best counts (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="browser loads per figure, median shown (default 3)")
    parser.add_argument("--site", type=Path, help="measure this built site instead of building one")
    parser.add_argument("--page", help="lesson URL path to load (default: the first Thai lesson with a live board)")
    parser.add_argument("--json", type=Path, help="also write every figure to this JSON file")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")


def run_args(args: argparse.Namespace, root: Path) -> int:
    extra, notes = _extra_sections()
    sections = SECTIONS + extra
    if args.list:
        for s in sections:
            print(f"{s.name:<10} {s.title}")
        for note in notes:
            print(f"(extra) {note}")
        return 0
    names = [s.name for s in sections]
    only = set(filter(None, (args.only or "").split(","))) or set(names)
    skip = set(filter(None, (args.skip or "").split(",")))
    unknown = (only | skip) - set(names)
    if unknown:
        print(f"unknown section(s): {', '.join(sorted(unknown))}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    bench = Bench(root, depth=args.depth, repeat=args.repeat, runs=args.runs, site=args.site, page=args.page)
    print(f"Kradan benchmark: {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs,"
          f" Python {platform.python_version()}", flush=True)
    for note in notes:
        print(f"note: {note}")
    failed = False
    try:
        for section in sections:
            if section.name not in only or section.name in skip:
                continue
            print(f"\n{section.title}", flush=True)
            try:
                for item in section.run(bench):
                    print(_line(item) if isinstance(item, Figure) else f"  ({item})", flush=True)
            except Exception as exc:  # noqa: BLE001 - one broken section must not hide the others
                failed = True
                print(f"  FAILED: {type(exc).__name__}: {exc}", flush=True)
    finally:
        bench.close()
    missed = [f for f in bench.figures if f.ok is False]
    print(f"\n{len(bench.figures)} figures, {len(missed)} target(s) missed"
          + (": " + ", ".join(f.key for f in missed) if missed else ""))
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in bench.figures], indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    return 1 if failed or (args.strict and missed) else 0


if __name__ == "__main__":
    sys.exit(run())
