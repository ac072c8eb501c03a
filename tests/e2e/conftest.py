"""Shared fixtures of the end-to-end tests (Playwright + headless Chromium).

Every e2e file can rely on these names (keep them stable):

    browser_type_launch_args  pytest-playwright's launch options plus Debian's Chromium
                              (site_builder.browser.chromium_executable: $KRADAN_CHROMIUM, else
                              chromium-headless-shell, else chromium) and flags for
                              headless runs in containers. Elsewhere Playwright's own browser
                              is used (`playwright install chromium`).
    browser_context_args (module)  pytest-playwright's context options with base_url = site_url,
                              so `page.goto("/th/makruk/sandbox/")` works, and service workers
                              blocked (page.route sees every request; no offline pack is saved in
                              the background). tests/e2e/test_offline.py opens its own contexts.
    built_site   (session)    Path of the real site, built once: `python -m site_builder build`;
                              $KRADAN_E2E_SITE names one built from this tree (.ci/test builds
                              it beside the first tests: the e2e tests wait until the build has
                              written $KRADAN_E2E_SITE_STATUS); under pytest-xdist the workers share one
                              build (the first builds it under a file lock, the others wait).
    site_url     (module)     "http://127.0.0.1:PORT" serving built_site with the project's own
                              server (site_builder.serve: production MIME types, netlify.toml
                              headers including the Content-Security-Policy). `--base-url URL`
                              tests a deployed site instead (nothing is built then). In a module
                              marked `pytest.mark.engine_in_cpython` (tests of boards and pages,
                              not of the engine's loading), the same site on a second server whose
                              engine worker asks this project's engine in CPython
                              (fixtures/cpython-engine-worker.js, POST /__engine__) instead of
                              starting Pyodide: the same replies without Pyodide's start-up (1.4 CPU s).
    real_site_url (session)   the server of the real site, whatever the module's marker.
    artifacts_dir             folder for screenshots: $KRADAN_ARTIFACTS or
                              <repo>/test-results/screenshots (gitignored). A pytest session
                              that does not load this file (e.g. `pytest tests/engine`) lets
                              pytest-playwright empty test-results/ as it always does.
    engine_ready              engine_ready(page_or_locator, timeout=ENGINE_TIMEOUT_MS): waits until
                              a live board (figure.kr-board / #kr-sandbox) leaves "loading"
                              and fails with the page's reason unless it is "ready"; for a
                              lesson board (live at once from its recorded replies) also
                              starts the page's live engine (a lesson loads it on touch) and
                              waits until it is ready.
    board_of                  board_of(page_or_figure) -> Board helper (squares, click/drag
                              moves, FEN) for the first interactive board.
    engine_play               engine_play(fen, moves) -> the engine's reply in CPython.
    puzzle_of_each_kind (session)  {kind: URL} of the first Thai puzzle of every kind on the
                              puzzle index (fails unless mate, best-move, rule-quiz and counting are there).
    fixture_url  (session)    "http://127.0.0.1:PORT" of the component-test site (no build needed):
                              site_builder/static as /static, tests/e2e/fixtures as /fixture, the
                              fake engine worker (fixtures/fake-engine-worker.js) in place of the
                              real one; same server and headers (CSP) as the real site.
    fixture_page              fixture_page(path, **context options) -> a Page on fixture_url at `path`.
    warm_contexts (module)    warm_contexts(**options) -> the warm context with those options (the
                              module's browser_context_args included): one per set of options for
                              the whole session (per pytest-xdist worker), so its HTTP cache serves
                              every warm module (Pyodide from its cached snapshot after the first
                              page), for tests that are not about a first visit.
    open_warm_page, warm_page open_warm_page(**options) / warm_page: a new page in that context with
                              the site's storage cleared first (no test sees another's saved state).
    page                      pytest-playwright's page; in a module marked `pytest.mark.warm` (tests
                              that are not about a first visit), warm_page.

Poll with locators (`expect(locator).to_have_attribute(...)`), never page.wait_for_function:
it evaluates a string, which the site's CSP (no 'unsafe-eval') refuses.
"""
from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
FONTS = ROOT / "node_modules" / "@fontsource" / "sarabun" / "files"
sys.path.insert(0, str(ROOT))

from site_builder.browser import CHROMIUM_ARGS, chromium_executable, serve_in_thread  # noqa: E402

#: How long an engine may take to load before a test fails (it never blocks forever).
ENGINE_TIMEOUT_MS = 60_000
#: How long an expect() waits for a state unless told otherwise (Playwright's own default is 5 s):
#: CI runs the e2e tests on every core next to other work, where a page may take longer to settle.
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
#: Flags for the e2e tests only (they check behaviour; the benchmark measures speed with the
#: browser's defaults): WebAssembly stays in V8's baseline compiler (Liftoff), so no page spends
#: CPU optimising Pyodide's 9.6 MB of wasm it runs for a few seconds (measured: an engine start
#: 2.1 -> 1.4 CPU s, in the modules that do not take their replies from CPython: see site_url).
E2E_ONLY_ARGS = ["--js-flags=--liftoff-only"]
LIVE_HOSTS = 'figure.kr-board[data-interactive="true"], #kr-sandbox'


def pytest_configure(config):
    """pytest-playwright empties its --output folder (default test-results/) when a session
    starts; keep its failure artifacts in test-results/playwright/ so our screenshots in
    test-results/screenshots/ outlive the next session's clean-up."""
    if getattr(config.option, "output", None) == "test-results":
        config.option.output = os.path.join("test-results", "playwright")


def pytest_collection_modifyitems(config, items):
    """Everything under tests/e2e is an e2e test (`-m "not e2e"` skips the browser)."""
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


# ---- browser ------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's options + Debian's Chromium when present + container-friendly flags."""
    args = dict(browser_type_launch_args)
    if browser_name in (None, "chromium"):
        exe = chromium_executable()
        if exe:
            args["executable_path"] = exe
        flags = [f for f in CHROMIUM_ARGS if f != "--headless" or args.get("headless", True)]
        args["args"] = [*args.get("args", []), *flags, *E2E_ONLY_ARGS]
    return args


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args, site_url):
    return {**browser_context_args, "base_url": site_url, "service_workers": "block"}


# ---- the site -----------------------------------------------------------------------------

def build_site(out: Path) -> Path:
    """`python -m site_builder build --out out`; fails the test with the builder's words."""
    proc = subprocess.run(
        [sys.executable, "-m", "site_builder", "--root", str(ROOT), "build", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    if proc.returncode != 0 or not (out / "index.html").is_file():
        pytest.fail(f"the site did not build (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    return out


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, ci_build_status) -> Path:
    """The real site (content/, engine wheel, Pyodide, fonts) built once per run."""
    given = os.environ.get("KRADAN_E2E_SITE")
    if given:
        if ci_build_status not in (None, "0"):  # tests/conftest.py waited for .ci/test's build
            log = Path(os.environ["KRADAN_E2E_SITE_STATUS"]).with_name("build.log")
            pytest.fail("the site did not build:\n" + (log.read_text(errors="replace") if log.is_file() else ""))
        if not (Path(given) / "index.html").is_file():
            pytest.fail(f"KRADAN_E2E_SITE={given} holds no built site (no index.html)")
        return Path(given)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return build_site(tmp_path_factory.mktemp("e2e-site") / "_site")
    shared = tmp_path_factory.getbasetemp().parent / "e2e-site"  # the run's folder, shared by its workers
    shared.mkdir(exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also when the build fails
        out = shared / "_site"
        return out if (out / "index.html").is_file() else build_site(out)


@pytest.fixture(scope="session")
def real_site_url(request, pytestconfig) -> str:
    """Base URL without a trailing slash: the built site served locally, or --base-url."""
    given = pytestconfig.getoption("base_url", default=None)
    if given:
        yield given.rstrip("/")
        return
    url, stop = serve_in_thread(request.getfixturevalue("built_site"), ROOT)
    yield url
    stop()


ENGINE_WORKER = "/static/js/core/engine-worker.js"
ENGINE_DOOR = "/__engine__"


class EngineInCPython:
    """Request-handler mixin: the engine worker's script is fixtures/cpython-engine-worker.js, and
    POST /__engine__ answers the request in its body with engine.api.call_json."""

    def translate_path(self, path):
        if path.split("?")[0] == ENGINE_WORKER:
            return str(FIXTURES / "cpython-engine-worker.js")
        return super().translate_path(path)

    def do_POST(self):
        if self.path != ENGINE_DOOR:
            self.send_error(405)
            return
        from engine.api import call_json

        request = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8")
        body = call_json(request).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="session")
def cpython_engine_site_url(request, pytestconfig, real_site_url) -> str:
    """built_site on a second server whose engine is this project's engine in CPython (see
    site_url); a deployed site (--base-url) keeps its own engine."""
    if pytestconfig.getoption("base_url", default=None):
        yield real_site_url
        return
    url, stop = serve_in_thread(request.getfixturevalue("built_site"), ROOT, mixin=EngineInCPython)
    yield url
    stop()


@pytest.fixture(scope="module")
def site_url(request) -> str:
    """The module's site: cpython_engine_site_url in a module marked engine_in_cpython, else real_site_url."""
    if request.node.get_closest_marker("engine_in_cpython"):
        return request.getfixturevalue("cpython_engine_site_url")
    return request.getfixturevalue("real_site_url")


@pytest.fixture(scope="session")
def fixture_url(tmp_path_factory) -> str:
    """The component-test site: the real static files and fonts, the fixtures, the fake worker."""
    root = tmp_path_factory.mktemp("e2e-fixtures")
    shutil.copytree(ROOT / "site_builder" / "static", root / "static")
    (root / "static" / "fonts").mkdir()
    for font in FONTS.glob("sarabun-*-normal.woff2"):
        if font.name.split("-")[1] in ("thai", "latin"):
            shutil.copyfile(font, root / "static" / "fonts" / font.name)
    shutil.copytree(FIXTURES, root / "fixture")
    shutil.copyfile(FIXTURES / "fake-engine-worker.js", root / "static" / "js" / "core" / "engine-worker.js")
    url, stop = serve_in_thread(root, ROOT)
    yield url
    stop()


@pytest.fixture
def fixture_page(browser, fixture_url):
    """fixture_page(path, **context options): a fresh context on the fixture site, at `path`."""
    contexts = []

    def open_page(path: str, **options) -> Page:
        context = browser.new_context(base_url=fixture_url, **{"service_workers": "block", **options})
        contexts.append(context)
        page = context.new_page()
        page.goto(path)
        return page

    yield open_page
    for context in contexts:
        context.close()


# ---- one warm context per test module -----------------------------------------------------

#: What a test may leave in the site's storage; cleared before every warm page (not the HTTP cache).
SITE_STORAGE = "cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage"


@pytest.fixture(scope="session")
def warm_context_pool(browser):
    """The session's warm contexts by their options (see warm_contexts); closed when it ends."""
    made: dict[str, object] = {}
    yield made
    for context in made.values():
        context.close()


@pytest.fixture(scope="module")
def warm_contexts(browser, browser_context_args, warm_context_pool):
    """warm_contexts(**options) -> the warm context with these options over the module's
    browser_context_args (made on first use, then shared by every warm module of the session).

    One HTTP cache, as for a returning reader: after the first page that loads them, Pyodide starts
    from its cached memory snapshot and the site's files come from the cache (a few CPU seconds less
    per engine load, in every module after the first). What a test may change in the context
    (storage, cookies, permissions, offline) is reset by open_warm_page; a test that needs more
    (routes or init scripts on the context, a first visit) takes `new_context` or `context`."""
    def get(**options):
        merged = {**browser_context_args, **options}
        key = repr(sorted(merged.items()))
        if key not in warm_context_pool:
            warm_context_pool[key] = browser.new_context(**merged)
        return warm_context_pool[key]

    return get


@pytest.fixture
def open_warm_page(warm_contexts, site_url):
    """open_warm_page(**context options) -> a new page in the module's warm context with those
    options, the site's storage (local storage, IndexedDB, Cache Storage, cookies, permissions)
    cleared first, so no test sees what another saved. Its pages close after the test."""
    pages = []

    def open_page(**options) -> Page:
        context = warm_contexts(**options)
        context.clear_cookies()
        context.clear_permissions()
        context.set_offline(False)
        page = context.new_page()
        pages.append(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": site_url, "storageTypes": SITE_STORAGE})
        cdp.detach()
        return page

    yield open_page
    for page in pages:
        page.close()


@pytest.fixture
def warm_page(open_warm_page) -> Page:
    """A new page in the module's warm context (default options), storage cleared: see open_warm_page."""
    return open_warm_page()


@pytest.fixture
def page(request) -> Page:
    """pytest-playwright's `page` (a context of its own, as on a first visit); in a module marked
    `pytest.mark.warm`, the warm_page instead, unless the test also takes `context`."""
    if request.node.get_closest_marker("warm") and "context" not in request.fixturenames:
        return request.getfixturevalue("warm_page")
    return request.getfixturevalue("context").new_page()


@pytest.fixture
def artifacts_dir() -> Path:
    folder = Path(os.environ.get("KRADAN_ARTIFACTS") or ROOT / "test-results" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# ---- waiting for the engine ---------------------------------------------------------------

def wait_engine_ready(target: Page | Locator, timeout: float = ENGINE_TIMEOUT_MS) -> Locator:
    """Wait until the live board host leaves "loading"; fail unless it is "ready". Returns the host."""
    host = target.locator(LIVE_HOSTS).first if isinstance(target, Page) else target
    expect(host, "the live board never finished loading").to_have_attribute(
        "data-state", re.compile(r"^(ready|failed)$"), timeout=timeout)
    if host.get_attribute("data-state") != "ready":
        note = host.locator(".kr-note")
        why = note.first.get_attribute("title") if note.count() else None
        pytest.fail(f"the engine failed to load: {why or host.inner_text()}")
    if host.get_attribute("data-replies"):
        # A lesson board is live at once from its recorded replies; its live engine loads on the
        # reader's first touch: start it here (reading engine.ready does) and wait for it, so a
        # test's later moves meet the engine.
        status = host.page.evaluate(LIVE_ENGINE_STATUS)
        if status != "ready":
            pytest.fail(f"the lesson's live engine ended {status!r}")
    return host


LIVE_ENGINE_STATUS = """async () => {
  const { engine } = await import('/static/js/core/engine-client.js');
  await engine.ready.catch(() => {});
  return engine.status;
}"""


@pytest.fixture
def engine_ready():
    return wait_engine_ready


# ---- driving a live board -----------------------------------------------------------------

class Board:
    """A live board (div.kr-live) inside a figure.kr-board or #kr-sandbox."""

    def __init__(self, host: Locator):
        self.host = host
        self.live = host.locator(".kr-live")
        self.svg = self.live.locator("svg.kr-live-board")
        self.status = self.live.locator(".kr-status")
        self.message = self.live.locator(".kr-message")
        self.announce = self.live.locator(".kr-announce")

    def square(self, name: str) -> Locator:
        return self.svg.locator(f'g[role="gridcell"][data-square="{name}"]')

    def button(self, action: str) -> Locator:
        return self.live.locator(f'.kr-btn[data-action="{action}"]')

    @property
    def fen(self) -> str:
        return self.live.get_attribute("data-position")

    def expect_fen(self, fen: str, timeout: float = 10_000):
        expect(self.live).to_have_attribute("data-position", fen, timeout=timeout)

    def wait_idle(self):
        """Wait, as a reader would, while the board says it is waiting for the engine (data-busy)."""
        expect(self.live, "the board kept waiting for the engine").not_to_have_attribute(
            "data-busy", "true", timeout=ENGINE_TIMEOUT_MS)

    def click_move(self, uci: str):
        self.wait_idle()
        self.square(uci[:2]).click()
        self.square(uci[2:4]).click()

    def tap_move(self, uci: str):
        self.wait_idle()
        self.square(uci[:2]).tap()
        self.square(uci[2:4]).tap()

    def drag_move(self, page: Page, uci: str, steps: int = 8):
        self.wait_idle()
        a = self.square(uci[:2]).bounding_box()
        b = self.square(uci[2:4]).bounding_box()
        page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        page.mouse.down()
        page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
        page.mouse.up()


@pytest.fixture
def board_of():
    def make(target: Page | Locator) -> Board:
        host = target.locator(LIVE_HOSTS).first if isinstance(target, Page) else target
        return Board(host)

    return make


@pytest.fixture
def engine_play():
    """engine_play(fen, moves, game="makruk") -> the engine's own `play` reply (CPython), to check the browser."""
    from engine.api import call

    def play(fen: str, moves: list[str], game: str = "makruk") -> dict:
        reply = call({"op": "play", "game": game, "position": fen, "moves": list(moves)})
        assert reply["ok"], reply
        return reply

    return play


@pytest.fixture(scope="session")
def puzzle_of_each_kind(browser, real_site_url) -> dict[str, str]:
    context = browser.new_context(base_url=real_site_url, service_workers="block")
    page = context.new_page()
    page.goto("/th/puzzles/")
    found = {}
    for item in page.locator("li.kr-puzzle-item").all():
        found.setdefault(item.get_attribute("data-kind"), item.locator("a").get_attribute("href"))
    context.close()
    assert {"mate", "best-move", "rule-quiz", "counting"} <= set(found), found
    return found
