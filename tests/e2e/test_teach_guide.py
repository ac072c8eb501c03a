"""The teachers' guide (/<lang>/teach/, issue #13 §5) in Chromium: it exists in Thai and in
English, links to the three tools (each link opens a page), and its screenshots load, carry
alt text, lazy loading and the width and height of the image itself. (axe: test_axe.py.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from site_builder.teach.guide_page import SHOT_NAMES

pytestmark = [pytest.mark.e2e, pytest.mark.warm]

TOOLS = ("assign/", "gradebook/", "worksheet/")


@pytest.mark.parametrize(("lang", "heading"), [("th", "คู่มือครู"), ("en", "For teachers")])
def test_the_guide_links_to_the_tools_and_its_screenshots_load(page: Page, lang, heading):
    page.goto(f"/{lang}/teach/")
    expect(page.locator("h1")).to_contain_text(heading)
    links = {link.get_attribute("href") for link in page.locator("main a").all()}
    for tool in TOOLS:
        assert f"/{lang}/teach/{tool}" in links, f"the guide does not link to {tool}"
    for href in sorted(links):
        assert page.request.get(href).ok, f"the guide's link {href} is broken"

    images = page.locator("main img")
    expect(images).to_have_count(len(SHOT_NAMES))
    for image in images.all():
        assert image.get_attribute("alt"), "a screenshot has no alt text"
        assert image.get_attribute("loading") == "lazy"
        image.scroll_into_view_if_needed()
        expect(image).to_have_js_property("complete", True)
        natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
        assert natural[0] > 0, f"{image.get_attribute('src')} did not load"
        assert natural == [int(image.get_attribute("width")), int(image.get_attribute("height"))]
        assert image.get_attribute("src").startswith(f"/static/img/teach/{lang}-")


def test_the_guide_fits_a_phone(page: Page):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/th/teach/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
