"""With JavaScript off every page still reads: the lesson's diagrams are drawn at build time
(pieces, coordinates, a text description), the Thai font loads, nothing says "loading"."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

LESSON = "/th/makruk/board-and-pieces/"


@pytest.fixture
def no_js(new_context):
    context = new_context(java_script_enabled=False)
    fetched = []
    context.on("requestfinished", lambda r: fetched.append(r.url))
    page = context.new_page()
    page.fetched = fetched
    return page


def test_lesson_without_javascript_shows_its_diagrams(no_js):
    page = no_js
    page.goto(LESSON, wait_until="load")
    page.wait_for_load_state("networkidle")
    expect(page.locator("html")).to_have_attribute("lang", "th")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("h1")).to_have_text(re.compile(r"[\u0E01-\u0E5B]"))  # Thai text
    expect(page.locator("article.lesson p").first).to_be_visible()

    diagrams = page.locator("figure.kr-board > svg.kr-diagram")
    assert diagrams.count() >= 2
    first = diagrams.first
    expect(first).to_be_visible()
    box = first.bounding_box()
    assert box["width"] > 200 and abs(box["width"] - box["height"]) < 2, box
    expect(first.locator('g.kr-pieces use[href^="#kr-"]')).to_have_count(32)  # the start position
    expect(first).to_have_attribute("aria-label", re.compile("ขุน"))  # described in words
    expect(page.locator("figure.kr-board figcaption").first).to_be_visible()

    # No live board, no "loading" note, no attempt at the engine.
    expect(page.locator(".kr-live")).to_have_count(0)
    expect(page.locator(".kr-note")).to_have_count(0)
    assert not any("/pyodide/" in u or u.endswith(".whl") or u.endswith(".js") for u in page.fetched), page.fetched
    # The self-hosted Thai font is what the text is drawn with.
    assert any(u.endswith("/static/fonts/sarabun-thai-400-normal.woff2") for u in page.fetched), page.fetched
    expect(page.locator("main .note")).to_be_visible()  # the <noscript> note


def test_sandbox_without_javascript_says_what_is_needed(no_js):
    page = no_js
    page.goto("/th/makruk/sandbox/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("#kr-sandbox")).to_be_attached()
    expect(page.locator(".note")).to_be_visible()
    expect(page.locator(".note")).to_have_text(re.compile(r"\S"))


def test_every_lesson_has_static_diagrams(no_js):
    page = no_js
    for lang in ("th", "en"):
        page.goto(f"/{lang}/")
        links = [a.get_attribute("href") for a in page.locator("ol.lesson-list a").all()]
        assert links, f"/{lang}/ lists no lessons"
        for href in links:
            page.goto(href)
            expect(page.locator("h1")).to_be_visible()
            diagrams = page.locator("svg.kr-diagram")
            for i in range(diagrams.count()):
                expect(diagrams.nth(i)).to_be_visible()
                assert diagrams.nth(i).locator("g.kr-pieces use").count() > 0, f"{href}: diagram {i} has no pieces"
