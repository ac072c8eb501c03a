"""Progress that is never silently lost (issue #8 §6), in a real browser.

Storage near its quota (Storage.prototype.setItem overridden in the page through
add_init_script to throw QuotaExceededError past a number of characters), puzzle ids such as
"constructor" or "__proto__", an import of 100,000 entries against the browser's own quota, and
damaged saved data that cannot be copied aside.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.game_pages import with_puzzle_data
from test_puzzles import (CORRUPT_KEY, ENGINE_MS, PROGRESS_KEY, answer_quiz, browser_context_args,  # noqa: F401
                          catalog, open_puzzle, panel, stored)

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)

QUOTA = """
(() => {
  const limit = %d; // characters of keys and values a Storage may hold
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function setItem(key, value) {
    let used = 0;
    for (let i = 0; i < this.length; i += 1) {
      const k = this.key(i);
      if (k !== key) used += k.length + this.getItem(k).length;
    }
    if (used + String(key).length + String(value).length > limit) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return real.call(this, key, value);
  };
})();
"""


def used_characters(page: Page) -> int:
    return page.evaluate("(() => { let n = 0; for (let i = 0; i < localStorage.length; i += 1) {"
                         " const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; }"
                         " return n; })()")


def choice_quiz(catalog):
    return next(p for p in catalog["th"] if (p.data.get("quiz") or {}).get("answer_type") == "choice")


def test_a_full_storage_says_the_result_was_not_saved(page: Page, catalog):
    quiz = choice_quiz(catalog)
    old = {"version": 1, "puzzles": {"mk-old": {"state": "solved", "attempts": 1, "hints": 0, "updated": ""}}}
    page.goto("/th/puzzles/")
    page.evaluate(f"localStorage.setItem('{PROGRESS_KEY}', {json.dumps(json.dumps(old))})")
    page.add_init_script(QUOTA % (used_characters(page) + 40))  # room for a probe, not for a new result
    open_puzzle(page, quiz.url, state="quiz")
    answer_quiz(page, quiz.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    result = panel(page).locator(".kr-pz-result")
    expect(result).to_have_attribute("data-saved", "false")
    expect(result).to_contain_text("ยังไม่ได้บันทึก")
    notice = panel(page).locator(".kr-pz-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("บันทึกผลล่าสุดไม่ได้")
    assert stored(page) == old  # what was saved is untouched, and nothing claims the new result is
    page.reload()
    expect(panel(page)).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    expect(panel(page).locator(".kr-pz-before")).to_be_hidden()


def test_the_constructor_id_and_friends_are_ids_like_any_other(page: Page, catalog, site_url):
    base = choice_quiz(catalog)
    url = f"{site_url}/th/puzzles/constructor/"

    def serve(route):
        response = route.fetch(url=site_url + base.url)
        data = dict(base.data, id="constructor")
        html = with_puzzle_data(response.text(), data)
        route.fulfill(response=response, body=html)

    page.route(url, serve)
    open_puzzle(page, url, state="quiz")
    expect(panel(page).locator(".kr-pz-before")).to_be_hidden()  # a fresh store has no "constructor" entry
    answer_quiz(page, base.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    assert stored(page)["puzzles"]["constructor"]["state"] == "solved"
    page.reload()
    expect(panel(page).locator(".kr-pz-before")).to_have_attribute("data-state", "solved", timeout=ENGINE_MS)

    # an import with such ids adds them as entries and pollutes nothing
    page.goto("/th/puzzles/")
    entries = {pid: {"state": "failed", "attempts": 1, "hints": 0, "updated": "2024-01-01T00:00:00.000Z"}
               for pid in ("__proto__", "toString", "hasOwnProperty", "valueOf")}
    text = '{"version": 1, "puzzles": {' + ", ".join(f'"{k}": {json.dumps(v)}' for k, v in entries.items()) + "}}"
    page.locator("#kr-progress input.kr-file-input").set_input_files(
        files=[{"name": "ids.json", "mimeType": "application/json", "buffer": text.encode()}])
    message = page.locator("#kr-progress .kr-progress-message")
    expect(message).to_have_attribute("data-tone", "good")
    expect(message).to_contain_text("เพิ่ม 4 โจทย์")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')"))["puzzles"]
    assert set(saved) == {"constructor", *entries}
    assert page.evaluate("({}).state === undefined && typeof ({}).toString === 'function'")
    expect(page.locator("#kr-progress .kr-progress-summary")).to_contain_text("ทำได้ 0")
    expect(page.locator("#kr-progress .kr-progress-notice")).to_be_hidden()


def test_a_huge_import_that_cannot_be_saved_reports_failure(page: Page, catalog):
    quiz = choice_quiz(catalog)
    open_puzzle(page, quiz.url, state="quiz")
    answer_quiz(page, quiz.data["quiz"])
    expect(panel(page).locator(".kr-pz-result")).to_have_attribute("data-saved", "true")  # the verdict is stored
    before = stored(page)
    page.goto("/th/puzzles/")
    entry = '{"state": "solved", "attempts": 12, "hints": 3, "updated": "2024-01-01T00:00:00.000Z"}'
    body = ", ".join(f'"imported-puzzle-{i:06d}": {entry}' for i in range(100_000))
    text = '{"version": 1, "puzzles": {' + body + "}}"
    page.locator("#kr-progress input.kr-file-input").set_input_files(
        files=[{"name": "huge.json", "mimeType": "application/json", "buffer": text.encode()}])
    message = page.locator("#kr-progress .kr-progress-message")
    expect(message).to_have_attribute("data-tone", "bad", timeout=ENGINE_MS)
    expect(message).to_contain_text("นำเข้าไม่สำเร็จ")
    expect(message).not_to_contain_text("เพิ่ม 100000")
    assert stored(page) == before
    expect(page.locator(f'li.kr-puzzle-item[data-id="{quiz.data["id"]}"] .kr-badge')).to_have_attribute(
        "data-state", "solved")


def test_damaged_data_that_cannot_be_copied_aside_is_never_overwritten(page: Page, catalog):
    damaged = '{"version":1,"puzzles":{"x":{"state":"solved"'
    page.goto("/th/puzzles/")
    page.evaluate(f"localStorage.setItem('{PROGRESS_KEY}', {json.dumps(damaged)})")
    page.add_init_script(QUOTA % (used_characters(page) + 20))  # the copy aside does not fit
    page.reload()
    notice = page.locator("#kr-progress .kr-progress-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f'"{PROGRESS_KEY}"')
    assert page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')") == damaged
    assert page.evaluate(f"localStorage.getItem('{CORRUPT_KEY}')") is None
    quiz = choice_quiz(catalog)
    open_puzzle(page, quiz.url, state="quiz")
    answer_quiz(page, quiz.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(panel(page).locator(".kr-pz-result")).to_have_attribute("data-saved", "false")
    assert page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')") == damaged  # the only copy is kept


def test_damaged_data_is_copied_aside_before_anything_is_written(page: Page, catalog):
    damaged = '{"version":1,"puzzles":{"x":{"state":"solved"'
    page.goto("/th/puzzles/")
    page.evaluate(f"localStorage.setItem('{PROGRESS_KEY}', {json.dumps(damaged)})")
    page.evaluate(f"localStorage.setItem('{CORRUPT_KEY}', 'an older damaged copy')")
    page.reload()
    notice = page.locator("#kr-progress .kr-progress-notice")
    expect(notice).to_contain_text(f"{CORRUPT_KEY}.")  # the first copy's key is taken: a new one
    key = re.search(rf'"({re.escape(CORRUPT_KEY)}\.[^"]+)"', notice.text_content())[1]
    assert page.evaluate(f"localStorage.getItem('{key}')") == damaged
    assert page.evaluate(f"localStorage.getItem('{CORRUPT_KEY}')") == "an older damaged copy"
    page.reload()  # reading again makes no second copy
    keys = page.evaluate("Object.keys(localStorage)")
    assert sorted(k for k in keys if k.startswith(CORRUPT_KEY)) == sorted([CORRUPT_KEY, key])
