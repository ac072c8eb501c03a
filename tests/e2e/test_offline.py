"""Offline mode (issue #12 §3, issue #21 §2): the service worker, the offline pages, saving the whole
site when the reader asks (and only then: tests/e2e/test_first_visit.py), damage, quota, a lost
connection while saving, removal, an upgrade.

The default e2e context blocks service workers (conftest.py); every test here opens its own
context with service_workers="allow". The site's state is read through the worker itself
({type: 'status'}), through page.evaluate with a function (the CSP refuses string eval).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_builder.browser import serve_in_thread
from site_builder.puzzles.prove import CACHE_ENV, cache_folder
from tests.e2e.page_state import wait_until

ROOT = Path(__file__).resolve().parents[2]
PACK_TIMEOUT_S = 240
QUIET_S = 60  # offline.js waits for a quiet page (load, idle) before it starts: long on a loaded machine

# The worker's status, asked through a MessageChannel (see site_builder/static/sw.js).
STATUS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const worker = reg && (reg.active || reg.waiting || reg.installing);
  if (!worker || worker.state !== 'activated') return null;
  return await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    worker.postMessage({ type: 'status' }, [channel.port2]);
  });
}"""
CACHE_NAMES = "async () => (await caches.keys()).filter((name) => name.startsWith('kradan-')).sort()"
PUT = """async ([name, path, text]) => {
  await (await caches.open(name)).put(path, new Response(text, { headers: { 'Content-Type': 'text/html' } }));
}"""
DELETE = "async ([name, path]) => (await caches.open(name)).delete(path)"
CACHED_TEXT = "async ([name, path]) => { const r = await (await caches.open(name)).match(path); return r ? r.text() : null; }"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PROGRESS = '{"version":1,"puzzles":{"mk-mate-001":{"state":"solved","tries":1,"hints":0,"updated":"2026-01-01T00:00:00Z"}}}'


def build_info(site: Path) -> dict:
    """The BUILD object the build wrote into /sw.js."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const BUILD = ") + len("const BUILD = ")
    return json.loads(text[start:text.index(";\n", start)])


def wait_status(page, done=lambda s: True, timeout: float = PACK_TIMEOUT_S) -> dict:
    """Poll the worker's status until done(status); fail with the last status."""
    end, status = time.monotonic() + timeout, None
    while time.monotonic() < end:
        status = page.evaluate(STATUS)
        if status and done(status):
            return status
        page.wait_for_timeout(250)
    pytest.fail(f"the service worker never reached the state wanted; last status: {status}")


def axe_violations(page) -> list[str]:
    """axe-core's violations on the page as it is now (injected through DevTools: the CSP stays on)."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [f"{v['id']}: {v['help']} — " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            for v in result["violations"]]


def packed(status: dict) -> bool:
    return bool(status["meta"].get("complete")) and status["packDone"] == status["packTotal"]


def save_whole_site(page, lang: str = "th") -> None:
    """The reader's yes: the offline page's "save the whole site" button (its label gives the size)."""
    page.goto(f"/{lang}/offline/")
    button = page.locator('#kr-offline button[data-action="save"]')
    expect(button).to_contain_text(re.compile(r"\d+\.\d (เมกะไบต์|MB)"))
    button.click()


@pytest.fixture
def sw_context(browser, site_url):
    """A context of its own where service workers run (the default context blocks them)."""
    contexts = []

    def make(base_url: str = site_url, **options):
        context = browser.new_context(base_url=base_url, service_workers="allow", **options)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def first_lesson(site: Path, lang: str = "th") -> str:
    """A Makruk lesson with a live board."""
    for page in sorted((site / lang / "makruk").glob("*/index.html")):
        if 'data-interactive="true"' in page.read_text(encoding="utf-8"):
            return "/" + page.parent.relative_to(site).as_posix() + "/"
    pytest.fail("no Makruk lesson with a live board")


def mate_in_one(site: Path) -> tuple[str, dict]:
    """(url, data) of a Thai Makruk mate-in-1 puzzle, read from the built pages."""
    for page in sorted((site / "th" / "puzzles").glob("*/index.html")):
        m = re.search(r'<script type="application/json" id="kr-puzzle-data"[^>]*>(.*?)</script>',
                      page.read_text(encoding="utf-8"), re.S)
        data = json.loads(m.group(1)) if m else {}
        if data.get("kind") == "mate" and data.get("mate_in") == 1 and data.get("game", "makruk") == "makruk":
            return "/" + page.parent.relative_to(site).as_posix() + "/", data
    pytest.fail("no Makruk mate-in-1 puzzle on the site")


def test_offline_after_saving_the_whole_site_lesson_puzzle_sandbox_and_reload(sw_context, built_site, engine_ready):
    wait_engine_ready = engine_ready
    context = sw_context()
    engine_by_pages = []  # the engine as the pages fetch it: online, never (the pack saved it)
    context.on("request", lambda r: r.service_worker is None and ("/pyodide/" in r.url or "/engine/" in r.url)
               and engine_by_pages.append(r.url))
    page = context.new_page()
    lesson = first_lesson(built_site)
    page.goto("/th/")
    wait_status(page, lambda s: "/th/" in s["pages"], timeout=60)
    page.goto(lesson)  # the reader's second page: the offer, and the reader's yes
    offer = page.locator('.kr-offline-bar[data-bar="offer"]')
    offer.get_by_role("button", name="เก็บทั้งเว็บ").click(timeout=QUIET_S * 1000)
    status = wait_status(page, packed)
    expect(offer).to_contain_text("เก็บทั้งเว็บไว้ในเครื่องแล้ว", timeout=QUIET_S * 1000)
    offer.get_by_role("button", name="ปิด").click()
    expect(offer).to_have_count(0)
    assert status["packTotal"] > 100 and status["version"] == build_info(built_site)["version"]
    assert status["engineSaved"] and engine_by_pages == []  # the pack holds what offline play needs

    context.set_offline(True)
    for reload in (False, True):
        page.goto(lesson)
        if reload:
            page.reload()
        expect(page.locator("main h1")).to_be_visible()
        wait_engine_ready(page)

        url, data = mate_in_one(built_site)
        page.goto(url)
        expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
        move = data["line"][0]
        for square in (move[:2], move[2:4]):
            page.locator(f'.kr-live g[role="gridcell"][data-square="{square}"]').click()
        expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")

        # Two moves against the computer: the second reply needs the engine, from the pack.
        page.goto("/th/makruk/sandbox/")
        page.select_option("#kr-vs-level", "1")
        page.select_option("#kr-vs-side", "black")
        wait_engine_ready(page)
        for plies, move in ((2, "e3e4"), (4, "h3h4")):
            for square in (move[:2], move[2:]):
                page.locator(f'#kr-sandbox g[role="gridcell"][data-square="{square}"]').click()
            expect(page.locator("#kr-sandbox ol.kr-movelist .kr-ply")).to_have_count(plies, timeout=60_000)

    # A page that is not saved: the fallback says so and lists the saved pages.
    page.goto("/th/not-a-saved-page/")
    expect(page.locator("main h1")).to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")
    links = page.locator("#kr-offline-all a")
    expect(links.first).to_be_visible()
    saved = [u for u in status["pages"] if u.startswith("/th/") and u != "/th/offline/fallback/"]
    assert sorted(links.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")) == sorted(saved)
    assert links.count() > 100
    assert axe_violations(page) == []
    page.goto("/th/offline/")  # offline too, the offline page measures the copy, in Thai
    expect(page.locator("#kr-offline .kr-offline-state")).to_contain_text("เก็บทั้งเว็บไว้ในเครื่องแล้ว")
    expect(page.locator("#kr-offline .kr-offline-size")).to_contain_text("รวมเอนจินสำหรับเล่นตอนออฟไลน์")
    assert not re.search("[A-Za-z]", page.locator("#kr-offline").inner_text())


def test_offline_page_measures_removes_and_turns_back_on_without_touching_progress(sw_context):
    context = sw_context()
    page = context.new_page()
    page.goto("/en/")
    page.evaluate("(text) => localStorage.setItem('kradan.progress.v1', text)", PROGRESS)
    wait_status(page, lambda s: "/en/" in s["pages"], timeout=60)
    page.goto("/en/offline/")
    panel = page.locator("#kr-offline")
    expect(panel.locator(".kr-offline-state")).to_contain_text("The pages you open are kept on this device")
    expect(panel.locator(".kr-offline-size")).to_contain_text(
        re.compile(r"Saved on this device: \d+\.\d MB \(\d+ pages\)\. .* downloads about \d+\.\d MB more"))
    expect(panel.locator('button[data-action="save"]')).to_contain_text(re.compile(r"about \d+\.\d MB to download"))
    expect(panel.locator(".kr-offline-storage")).to_contain_text(re.compile(r"uses \d+\.\d MB of the \d+\.\d MB"))
    assert axe_violations(page) == []

    panel.locator('button[data-action="remove"]').click()
    expect(panel.locator(".kr-offline-state")).to_contain_text("Offline mode is off")
    assert page.evaluate(CACHE_NAMES) == []
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    assert page.evaluate("() => localStorage.getItem('kradan.progress.v1')") == PROGRESS
    page.goto("/th/offline/")  # stays off on the next page, in the other language
    expect(page.locator("#kr-offline .kr-offline-state")).to_contain_text("ปิดการใช้งานแบบออฟไลน์อยู่")
    page.wait_for_timeout(1500)
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0

    page.locator('#kr-offline button[data-action="enable"]').click()  # back on: pages are kept as read again
    expect(page.locator("#kr-offline .kr-offline-state")).to_contain_text("หน้าที่คุณเปิดอ่านจะเก็บไว้ในเครื่อง")
    expect(page.locator('#kr-offline button[data-action="save"]')).to_be_visible()
    assert not page.evaluate(STATUS)["meta"].get("requested")  # turning it on never saves the whole site
    assert page.evaluate("() => localStorage.getItem('kradan.progress.v1')") == PROGRESS


def test_damaged_and_missing_saved_files(sw_context, built_site):
    context = sw_context()
    page = context.new_page()
    lesson = first_lesson(built_site)
    page.goto(lesson)  # kept as read
    status = wait_status(page, lambda s: lesson in s["pages"], timeout=60)
    cache = f"kradan-{status['version']}"
    good = page.evaluate(CACHED_TEXT, [cache, lesson])

    # A garbled page: the worker notices (hash), serves the network's copy and repairs the cache.
    page.evaluate(PUT, [cache, lesson, "<p>garbled</p>"])
    page.goto(lesson)
    expect(page.locator("main h1")).to_be_visible()
    wait_until(page, lambda: page.evaluate(CACHED_TEXT, [cache, lesson]) == good, "the garbled page was never repaired")
    page.goto("/th/offline/")
    expect(page.locator("#kr-offline .kr-offline-notes")).to_contain_text("มีไฟล์ในเครื่องเสียหาย 1 ไฟล์")

    # Offline: a deleted page gets the fallback page; a deleted script of the shell gets a notice on the page.
    page.goto("/th/")
    wait_status(page, lambda s: "/th/" in s["pages"])
    page.evaluate(DELETE, [cache, lesson])
    page.evaluate(DELETE, [cache, "/static/js/lang-switch.js"])
    context.new_cdp_session(page).send("Network.clearBrowserCache")  # nothing left in the HTTP cache either
    context.set_offline(True)
    page.goto(lesson)
    expect(page.locator("main h1")).to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")
    page.goto("/th/")
    expect(page.locator('.kr-offline-bar[data-bar="missing"]')).to_contain_text("ไฟล์บางส่วนที่เก็บไว้ในเครื่องเสียหาย")

    # The whole cache gone: online pages still come from the network; the offline page says so
    # and saves everything again when the reader asks.
    context.set_offline(False)
    page.evaluate("async (name) => caches.delete(name)", cache)
    page.goto(lesson)
    expect(page.locator("main h1")).not_to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")
    page.goto("/th/offline/")
    # Either the loss is said, or (when the worker has already kept the pages just read in a new
    # copy, which may come first) those pages are counted again: never the old copy's figures.
    expect(page.locator("#kr-offline .kr-offline-state")).to_contain_text(
        re.compile(r"ไม่พบข้อมูลออฟไลน์ในเครื่อง|หน้าที่คุณเปิดอ่านจะเก็บไว้ในเครื่อง.*\(ตอนนี้ [12] หน้า\)"),
        timeout=QUIET_S * 1000)
    page.locator('#kr-offline button[data-action="save"]').click()
    expect(page.locator("#kr-offline .kr-offline-state")).to_contain_text("เก็บทั้งเว็บไว้ในเครื่องแล้ว", timeout=PACK_TIMEOUT_S * 1000)


def test_quota_error_while_saving_the_site_keeps_what_was_saved_and_says_so(sw_context, site_url, built_site):
    info = build_info(built_site)
    shell = sum(entry[1] for entry in info["shell"].values())
    context = sw_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_url, "quotaSize": shell * 2 + 500_000})
    page.goto("/th/")
    page.evaluate("(text) => localStorage.setItem('kradan.progress.v1', text)", PROGRESS)
    save_whole_site(page)
    status = wait_status(page, lambda s: s["meta"].get("error") == "quota")
    assert 0 < status["packDone"] < status["packTotal"]
    page.goto("/th/offline/")
    # Opening the offline page may keep that page too (pages read are kept while there is room),
    # so the figure said is the worker's count after that visit, never below the one at the error.
    said = page.locator("#kr-offline .kr-offline-state")
    expect(said).to_contain_text(re.compile(
        rf"พื้นที่ในเครื่องเต็ม เก็บได้ \d+ จาก {status['packTotal']} ไฟล์ \(\d+\.\d เมกะไบต์\)"))
    wait_until(page, lambda: f"เก็บได้ {page.evaluate(STATUS)['packDone']} จาก" in said.inner_text(),
               "the offline page's figure never matched the worker's count")
    kept = page.evaluate(STATUS)
    assert status["packDone"] <= kept["packDone"] < kept["packTotal"] and kept["meta"]["error"] == "quota"
    assert page.evaluate("() => localStorage.getItem('kradan.progress.v1')") == PROGRESS
    page.reload()  # no new attempt by itself after a quota error: the saved files stay as they were
    page.wait_for_timeout(2000)
    assert page.evaluate(STATUS)["packDone"] == kept["packDone"]


def test_a_save_cut_off_by_a_lost_connection_keeps_what_it_saved_and_resumes(sw_context, built_site):
    context = sw_context()
    slow = {"on": True}

    def page_slowly(route):  # every page of the pack takes a while, so the connection drops mid-save
        if slow["on"] and route.request.service_worker is not None:
            time.sleep(0.05)
        route.continue_()

    context.route(re.compile(r"/(th|en)/.+/$"), page_slowly)
    page = context.new_page()
    save_whole_site(page)
    shell = set(build_info(built_site)["shell"])
    started = wait_status(page, lambda s: s["meta"].get("requested") and set(s["pages"]) - shell)
    context.set_offline(True)
    status = wait_status(page, lambda s: s["meta"].get("error") == "network", timeout=60)
    assert started["packDone"] <= status["packDone"] < status["packTotal"]
    state = page.locator("#kr-offline .kr-offline-state")
    expect(state).to_contain_text(f"เน็ตหลุดระหว่างเก็บ เก็บไว้แล้ว {status['packDone']} จาก {status['packTotal']} ไฟล์")
    page.goto(next(url for url in status["pages"] if url not in shell))  # saved before the drop
    expect(page.locator("main h1")).not_to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")

    slow["on"] = False
    context.set_offline(False)
    page.goto("/th/")  # the reader's choice survives: the next page resumes the save
    resumed = wait_status(page, lambda s: s["packDone"] > status["packDone"] and not s["meta"].get("error"))
    assert resumed["meta"]["requested"]


# ---- an upgrade from one build to the next -----------------------------------------------

#: The change to engine/__init__.py that makes build B (also tests/site_builder/test_assets.py's).
ENGINE_CHANGE = "\n# changed\n"


def _build(project: Path, out: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "site_builder", "--root", str(project), "build", "--out", str(out)],
                          cwd=project, capture_output=True, text=True, timeout=900,
                          env={**os.environ, CACHE_ENV: str(cache_folder(ROOT) or "off")})  # the project's proofs
    if proc.returncode:
        pytest.fail(f"the build failed:\n{proc.stdout}{proc.stderr}")


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """A copy of the project to change (its node_modules is the real one), without its puzzles and
    with Makruk only: a change to the engine makes every proof and every sandbox's recorded replies
    new, and the upgrade needs pages, not proofs (the whole site's offline copy is tested above)."""
    copy = tmp_path / "project"
    skip = shutil.ignore_patterns(".git", ".venv", "node_modules", "_site", "test-results", ".cache", "__pycache__",
                                  "*.egg-info")
    shutil.copytree(ROOT, copy, symlinks=True,
                    ignore=lambda folder, names: skip(folder, names) | ({"puzzles"} if Path(folder) == ROOT else set()))
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    with (copy / "pyproject.toml").open("a", encoding="utf-8") as config:
        config.write('\n[tool.kradan.site]\ngames = ["makruk"]\n')
    for folder in (copy / "content").glob("*/*/"):
        if folder.name != "makruk":
            shutil.rmtree(folder)
    return copy


def test_an_upgrade_offers_a_reload_and_never_mixes_builds(sw_context, project_copy, tmp_path, engine_ready):
    served = tmp_path / "served"
    _build(project_copy, served)
    a = build_info(served)
    url, stop = serve_in_thread(served, project_copy)
    try:
        context = sw_context(url)
        engine_requests = []
        context.on("request", lambda r: "/engine/" in r.url and engine_requests.append(r.url))
        page = context.new_page()
        page.goto("/th/")
        save_whole_site(page)
        wait_status(page, packed)
        wheel_a = page.locator('meta[name="kradan-wheel"]').get_attribute("content")
        # Another reader, who never saved the whole site, has read one lesson.
        lesson = first_lesson(served)
        reader = sw_context(url).new_page()
        reader.goto(lesson)
        wait_status(reader, lambda s: lesson in s["pages"], timeout=60)

        # Build B: a real change to the engine (so a new wheel, and every page names it); the same
        # change as tests/site_builder/test_assets.py makes, so whichever runs second finds that
        # wheel and its trace in the cache.
        init = project_copy / "engine" / "__init__.py"
        init.write_text(init.read_text(encoding="utf-8") + ENGINE_CHANGE, encoding="utf-8")
        _build(project_copy, served)
        b = build_info(served)
        wheel_b = b["wheel"]
        assert b["version"] != a["version"] and wheel_b != wheel_a and wheel_b in b["pack"]

        page.goto("/th/")  # the worker checks /sw.js, installs B in the background, then offers it
        update = page.locator('.kr-offline-bar[data-bar="update"]')
        expect(update).to_contain_text("เว็บไซต์มีรุ่นใหม่พร้อมแล้ว", timeout=PACK_TIMEOUT_S * 1000)
        # Until the reader says so, the page and the worker are still build A.
        assert page.locator('meta[name="kradan-wheel"]').get_attribute("content") == wheel_a
        assert page.evaluate(STATUS)["version"] == a["version"]
        assert axe_violations(page) == []

        with page.expect_navigation():
            update.locator("button").click()
        expect(page.locator('meta[name="kradan-wheel"]')).to_have_attribute("content", wheel_b)
        status = wait_status(page, packed)
        assert status["version"] == b["version"]
        names = page.evaluate(CACHE_NAMES)
        assert f"kradan-{b['version']}" in names and not any(a["version"] in name for name in names)

        engine_requests.clear()
        page.goto("/th/makruk/sandbox/")
        engine_ready(page)
        assert engine_requests and all(wheel_b in u for u in engine_requests), engine_requests

        # The other reader's update keeps the lesson they read (build B's copy) and saves nothing more.
        reader.goto("/th/")
        reader_update = reader.locator('.kr-offline-bar[data-bar="update"]')
        expect(reader_update).to_contain_text("เว็บไซต์มีรุ่นใหม่พร้อมแล้ว", timeout=PACK_TIMEOUT_S * 1000)
        with reader.expect_navigation():
            reader_update.locator("button").click()
        status = wait_status(reader, lambda s: s["version"] == b["version"], timeout=60)
        assert lesson in status["pages"] and not status["meta"].get("requested")
        assert status["packDone"] < 40
    finally:
        stop()
