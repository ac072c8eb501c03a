"""Downloads the reader agreed to (issue #21 §2): a first visit to a lesson the reader only reads
fetches the page and what it needs, never the whole-site pack or the engine; the offer to save the
whole site shows its size, waits for the reader's yes and remembers a "not now"; pages the reader
opened work offline without the pack; a save cut off by a lost connection keeps what it saved.

Each test opens its own context with service workers allowed (the default e2e context blocks them).
Bytes are counted per response as the local server sends them (uncompressed, so an upper bound of
what a compressing host sends), the service worker's own fetches included.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_offline import STATUS, axe_violations, build_info, wait_status

from site_builder.bench.firstvisit import Fetched, recorder

FIRST_VISIT_LIMIT = 1_000_000
AFTER_LOAD_MS = 10_000
ENGINE = ("/pyodide/", "/engine/")


def read_only_lessons(site: Path, count: int) -> list[str]:
    """`count` Thai Makruk lessons with a live board (the heaviest kind a reader only reads)."""
    found = ["/" + page.parent.relative_to(site).as_posix() + "/"
             for page in sorted((site / "th" / "makruk").glob("*/index.html"))
             if 'data-interactive="true"' in page.read_text(encoding="utf-8")]
    if len(found) < count:
        pytest.fail(f"the site has {len(found)} Makruk lessons with a live board, {count} needed")
    return found[:count]


@pytest.fixture
def sw_page(browser, site_url):
    """A page in a fresh context where service workers run, and the list of its responses
    (site_builder/bench/firstvisit.py's recorder: route, body bytes as transferred)."""
    context = browser.new_context(base_url=site_url, service_workers="allow")
    seen: list[Fetched] = []
    recorder(context, seen, site_url, ENGINE)
    yield context.new_page(), seen
    context.close()


def test_a_first_lesson_visit_fetches_under_1_mb_and_never_the_pack_or_the_engine(sw_page, built_site):
    page, seen = sw_page
    lesson = read_only_lessons(built_site, 1)[0]
    page.goto(lesson)
    expect(page.locator("main h1")).to_be_visible()
    status = wait_status(page, lambda s: lesson in s["pages"], timeout=60)  # installed, and this page kept
    page.wait_for_timeout(AFTER_LOAD_MS)  # anything the page or the worker would start by itself
    info = build_info(built_site)
    shell, pack = set(info["shell"]), set(info["pack"])
    fetched = {item.path for item in seen}
    total = sum(item.sent for item in seen)  # uncompressed: what a compressing host sends is less
    assert total < FIRST_VISIT_LIMIT, f"{total} bytes in {len(seen)} responses"
    assert not [item.path for item in seen if item.route == "engine"], "the engine was fetched"
    pages = {path for path in fetched if path.endswith("/")}
    assert pages - shell == {lesson}, "pages other than the lesson and the offline pages were fetched"
    assert {path for path in fetched if path.endswith(".json") and path in pack} <= {lesson + "replies.json"}
    # The worker downloads only its shell; the page's own files it keeps come from the HTTP cache.
    downloaded_by_worker = {item.path for item in seen if item.route == "by the service worker" and item.sent}
    assert downloaded_by_worker and downloaded_by_worker <= shell, sorted(downloaded_by_worker - shell)
    assert [item.sent > 0 for item in seen if item.path == "/sw.js"] == [True]  # counted, once
    assert not status["meta"].get("requested") and status["packDone"] < 40
    expect(page.locator('.kr-offline-bar[data-bar="offer"]')).to_have_count(0)  # no offer on the first page


def test_the_offer_shows_its_size_waits_for_a_yes_and_remembers_not_now(sw_page, built_site):
    page, seen = sw_page
    first, second, third = read_only_lessons(built_site, 3)
    page.goto(first)
    wait_status(page, lambda s: first in s["pages"], timeout=60)
    page.goto(second)
    offer = page.locator('.kr-offline-bar[data-bar="offer"]')
    expect(offer).to_contain_text(re.compile(r"ดาวน์โหลดประมาณ \d+\.\d เมกะไบต์"), timeout=60_000)
    download_mb = float(re.search(r"ประมาณ (\d+\.\d)", offer.inner_text())[1])
    info = build_info(built_site)
    estimate = sum(entry[2] for entry in {**info["shell"], **info["pack"]}.values()) / 1e6
    assert 0 < download_mb <= estimate + 0.1  # what is left to download, from the build's own sizes
    page.wait_for_timeout(2000)
    assert not [item for item in seen if item.path in info["pack"] and item.path not in (first, second)
                and item.path.endswith("/")], "the pack started without the reader's yes"
    assert axe_violations(page) == []
    for button in offer.get_by_role("button").all():  # a phone's finger: 44 px targets
        assert button.bounding_box()["height"] >= 44
    offer.get_by_role("button", name="ไม่ใช่ตอนนี้").click()
    expect(offer).to_have_count(0)
    page.goto(third)
    wait_status(page, lambda s: third in s["pages"], timeout=60)
    page.reload()
    wait_status(page, lambda s: third in s["pages"], timeout=60)
    page.wait_for_timeout(1000)
    expect(offer).to_have_count(0)  # "not now" survives pages and reloads
    assert not page.evaluate(STATUS)["meta"].get("requested")


def test_pages_the_reader_opened_work_offline_without_the_pack(sw_page, built_site):
    page, _ = sw_page
    first, second, unread = read_only_lessons(built_site, 3)
    page.goto(first)  # read before the worker existed: kept from the HTTP cache
    wait_status(page, lambda s: first in s["pages"], timeout=60)
    page.goto(second)  # read through the worker: kept as it is read
    wait_status(page, lambda s: second in s["pages"], timeout=60)
    page.context.set_offline(True)
    for url in (first, second):
        page.goto(url)
        expect(page.locator("main h1")).not_to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")
        expect(page.locator("figure.kr-board").first).to_be_visible()
    page.goto(unread)
    expect(page.locator("main h1")).to_have_text("หน้านี้ยังไม่ได้เก็บไว้ในเครื่อง")
    # The page lists every page until its script has kept only the saved ones and said how many.
    expect(page.locator("#kr-offline-fallback")).to_be_visible()
    links = page.locator("#kr-offline-all a").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert {first, second} <= set(links) and unread not in links
