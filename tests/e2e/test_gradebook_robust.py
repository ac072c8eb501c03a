"""A gradebook nobody can spoil (issue 23 §6, §5 last point), in real Chromium.

A teacher pastes a LINE chat holding their own assignment link, a student's code wrapped over
three lines with a time and a name before each, one code whose start time no Date can hold, a
classmate's code, and a code with the first student's name and start but no moves, sent later.
The gradebook reads every readable code (the wrapped one whole), lists the unreadable one with
its reason, says nothing about the teacher's link, and keeps both codes of the one name side by
side, the real work verified, until the teacher chooses which counts; the choice survives a reload.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.teach_pages import check_codes
from tests.e2e.test_teach_gradebook import MATE, open_book, page_data, row
from tests.e2e.test_teach_student import (PHONE, assignment, click_move, enter_name, make_code, mate_in_one,
                                          open_assignment, puzzles, result_of)

pytestmark = pytest.mark.e2e

STARTED = "2026-11-20T01:00:00Z"

MAKE = """async ([assignment, right]) => {
  const A = await import('/static/js/core/assignment.js');
  const { pack } = await import('/static/js/core/codes.js');
  const id = A.assignmentId(assignment);
  const result = (name, events, submitted, ms) => A.encodeResult({ assignment: id, name, started: '%s', submitted,
    items: [{ id: assignment.items[0], events, claimed: events.length ? 'solved' : '', attempts: events.length, hints: 0, ms }] });
  return {
    code: await A.encodeAssignment(assignment),
    mali: await result('มะลิ', [['m', right]], '2026-11-20T01:10:00Z', 30000),
    spoiler: await result('มะลิ', [], '2026-11-20T01:20:00Z', 0),
    chaba: await result('ชบา', [['m', right]], '2026-11-20T01:15:00Z', 41234), // her own work: her own time
    broken: await pack('KS', 1, JSON.stringify([id, 'ปลอม', 1e20, 0, []])),
  };
}""" % STARTED


@pytest.fixture
def made(page: Page, built_site) -> dict:
    right = next(iter(page_data(built_site, MATE)["tree"]["wins"]))
    page.goto("/th/teach/gradebook/")
    assignment = {"title": "งานวันศุกร์", "instructions": "", "lang": "th", "due": None,
                  "hints": True, "solution": True, "items": [MATE]}
    return page.evaluate(MAKE, [assignment, right])


def test_a_pasted_chat_is_read_whole_and_a_spoiling_code_cannot_erase_the_work(page: Page, made: dict):
    open_book(page, made["code"])
    mali = made["mali"]
    third = len(mali) // 3
    wrapped = "\n".join(f"10:0{i}\tมะลิ\t{piece}" for i, piece in
                        enumerate([mali[:third], mali[third:2 * third], mali[2 * third:]]))
    chat = (f"[LINE] ห้อง ม.2/1\n09:00\tครู\tงานวันนี้ค่ะ {page.url}\n{wrapped}\n"
            f"10:05\tปลอม\t{made['broken']}\n10:06\tชบา\t{made['chaba']}\n10:07\tมะลิ\t{made['spoiler']}")
    check_codes(page, chat)

    rows = page.locator("#gb-table tbody tr")
    expect(rows).to_have_count(3)
    names = page.locator("#gb-table tbody th")
    mali_rows = row(page, "มะลิ")
    expect(mali_rows).to_have_count(2)
    order = names.all_text_contents()
    assert order[order.index("มะลิ") + 1] == "มะลิ", order  # side by side
    real = mali_rows.filter(has=page.locator("td.gb-cell[data-result='solved']"))
    expect(real).to_have_attribute("data-verified", "ok")  # the wrapped code, read whole and verified
    for i in range(2):
        expect(mali_rows.nth(i).locator(".gb-flags")).to_contain_text("ชื่อซ้ำ")
    notes = page.locator("#gb-messages li")
    expect(notes).to_have_count(2)  # the unreadable code, and the second code of มะลิ kept beside the first
    expect(notes.filter(has_text="อ่านรหัสนี้ไม่ได้")).to_contain_text("เวลาเริ่มทำหรือเวลาส่ง")
    expect(notes.filter(has_text="เก็บไว้ทั้งสองรหัส")).to_have_count(1)
    expect(page.locator("#gb-table tfoot td").nth(0)).to_have_text("2/3")

    real.get_by_role("button", name="นับรหัสนี้ของ มะลิ").click()
    spoiler = mali_rows.filter(has_not=page.locator("td.gb-cell[data-result='solved']"))
    expect(spoiler).to_have_attribute("data-counted", "false")
    expect(real.get_by_role("button", name="นับรหัสนี้ของ มะลิ")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#gb-table tfoot td").nth(0)).to_have_text("2/2")

    page.reload()
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(row(page, "มะลิ")).to_have_count(2)
    expect(row(page, "มะลิ").filter(has_not=page.locator("td.gb-cell[data-result='solved']"))).to_have_attribute(
        "data-counted", "false")  # the teacher's choice is kept in this browser


# localStorage refuses the assignment's saves from now on, as a phone with a full disk does (this tab's
# sessionStorage still works).
REFUSE_LOCAL = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && String(key).startsWith('kradan.assign.')) throw new DOMException('full', 'QuotaExceededError');
    return setItem.call(this, key, value);
  };
})();"""


def test_work_a_full_storage_refused_on_the_puzzle_page_is_reported_and_sent_from_the_student_page(
        browser, site_url, puzzles):
    context = browser.new_context(base_url=site_url, service_workers="block", viewport=PHONE)
    page = context.new_page()
    mate = mate_in_one(puzzles)
    code, _ = make_code(page, assignment([mate["id"]]))
    open_assignment(page, code)
    enter_name(page, "ฝน")
    expect(page.locator("#kr-st-storage")).to_be_hidden()
    context.add_init_script(REFUSE_LOCAL)
    page.locator("#kr-st-start").click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
    click_move(page, mate["line"][0])
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")

    open_assignment(page, code)
    expect(page.locator("#kr-st-storage")).to_contain_text("ผลอาจหาย")  # told here too, not only on the puzzle page
    expect(page.locator("#kr-st-items li.student-item").first).to_have_attribute("data-state", "solved")
    result = result_of(page)
    assert result["items"][0]["events"] == [["m", mate["line"][0]]]
    assert result["items"][0]["claimed"] == "solved"
    context.close()
