"""Issue #13 §6, end to end as the people would do it, each in their own browser:

1. a teacher builds an assignment of 4 items across two games (Makruk and Mak-hot) in the builder;
2. a student opens the student link on a phone in a second browser context, gives a name, solves
   three items, fails one, and makes a result code;
3. the teacher's gradebook verifies that code by replay: three solved, one failed, all verified;
4. the same code with "solved" edited into the failed item (re-encoded, so the checksum is right)
   is flagged in a fresh gradebook;
5. the CSV export starts with the BOM and holds the student's Thai name and results;
6. the worksheet prints to an A4 PDF (Chromium) with a diagram per item and the answer key on a
   page of its own (read back with pypdfium2; the first page is saved as a picture to look at).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.game_pages import puzzle_data
from tests.e2e.teach_pages import check_codes, get_text, said
from tests.e2e.test_teach_worksheet import squeeze

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NAME = "เด็กชายสมศักดิ์ ขยันเรียน"
TITLE = "การบ้านหมากไทย สัปดาห์ที่ 3"
DECODE = "async (code) => (await import('/static/js/core/assignment.js')).decodeResult(code)"
ENCODE = "async (r) => (await import('/static/js/core/assignment.js')).encodeResult(r)"


@pytest.fixture(scope="module")
def four(site_url) -> list[dict]:
    """The page data of a Makruk mate in one, a Mak-hot win in one, a Makruk and a Mak-hot rule
    question (one right choice each), in the teachers' catalog's order."""
    catalog = json.loads(get_text(f"{site_url}/th/teach/catalog.json"))

    def first(test, what):
        for item in catalog["items"]:
            if item["game"] in ("makruk", "makhos"):
                data = puzzle_data(get_text(site_url + item["url"]))
                if test(data):
                    return data
        pytest.fail(f"the site has no {what}")

    one_choice = lambda d: (d.get("quiz") or {}).get("answer_type") == "choice" and len(correct(d)) == 1
    return [first(lambda d: d["game"] == "makruk" and d["kind"] == "mate" and d.get("mate_in") == 1, "Makruk mate in one"),
            first(lambda d: d["game"] == "makhos" and d["kind"] == "win" and d.get("mate_in") == 1, "Mak-hot win in one"),
            first(lambda d: d["game"] == "makruk" and one_choice(d), "Makruk rule question"),
            first(lambda d: d["game"] == "makhos" and one_choice(d), "Mak-hot rule question")]


def build_assignment(page: Page, items: list[dict]) -> dict[str, str]:
    """The teacher's part: pick the items by searching their ids, title them; the output links."""
    page.goto("/th/teach/assign/")
    expect(page.locator("#assign")).to_be_visible()
    for item in items:
        page.select_option("#assign-game", item["game"])
        page.fill("#assign-search", item["id"])
        page.locator(f'#assign-results > li[data-id="{item["id"]}"] [data-act="add"]').click()
    expect(page.locator("#assign-picked > li")).to_have_count(4)
    page.fill("#assign-title", TITLE)
    page.fill("#assign-instructions", "ทำทุกข้อ แล้วส่งรหัสผลงานให้ครูทางไลน์")
    # "ready": the links are those of every setting on screen (each fill set "updating" first)
    expect(page.locator("#assign-share")).to_have_attribute("data-state", "ready")
    links = {"student": page.locator("#assign-link").input_value(),
             "gradebook": page.locator("#assign-gradebook").get_attribute("href"),
             "worksheet": page.locator("#assign-worksheet").get_attribute("href")}
    assert all(links.values()), links
    return links


def play(page: Page, move: str) -> None:
    board = page.locator("figure.kr-board .kr-live")
    expect(board).not_to_have_attribute("data-busy", "true", timeout=60_000)
    squares = re.findall(r"[a-h][1-8]", move)
    for square in (squares[0], squares[-1]):
        board.locator(f'g[role="gridcell"][data-square="{square}"]').click()


def correct(data: dict) -> list[str]:
    answer = data["quiz"]["correct"]
    return [str(a) for a in answer] if isinstance(answer, list) else [str(answer)]


def right_choice(data: dict) -> str:
    return correct(data)[0]


def wrong_choice(data: dict) -> str:
    return next(str(c["id"]) for c in data["quiz"]["choices"] if str(c["id"]) != right_choice(data))


def do_the_work(page: Page, link: str, items: list[dict]) -> str:
    """The student's part: a name, items 1-3 solved, item 4 failed; returns the result code."""
    page.goto(link)
    expect(page.locator("#kr-st-title")).to_have_text(TITLE)
    page.locator("#kr-st-name-input").fill(NAME)
    page.locator("#kr-st-start").click()
    panel = page.locator("section.kr-pz")
    for n, item in enumerate(items, start=1):
        page.wait_for_url(re.compile(rf"/th/puzzles/{item['id']}/#as=\w+&i={n}$"))
        expect(page.locator("nav.kr-as-bar")).to_contain_text(f"ข้อ {n} จาก 4")
        if item.get("quiz"):
            expect(panel).to_have_attribute("data-state", "quiz", timeout=60_000)
            choice = right_choice(item) if n < 4 else wrong_choice(item)
            page.locator(f'.kr-qz-choice[data-choice="{choice}"]').click()
        else:
            expect(panel).to_have_attribute("data-state", "play", timeout=60_000)
            play(page, item["line"][0])
        if n < 4:
            expect(panel).to_have_attribute("data-state", "solved")
            page.locator(".kr-pz-success a.kr-pz-next").click()
    expect(panel).to_have_attribute("data-state", "quiz-wrong")
    page.locator("nav.kr-as-bar a.kr-as-back").click()
    expect(page.locator("#kr-st-progress")).to_have_text("ทำแล้ว 3 จาก 4 ข้อ")
    page.locator("#kr-st-make").click()
    box = page.locator("#kr-st-code")
    expect(box).to_have_value(re.compile(r"^KS1Z?-"))
    return box.input_value()


def open_gradebook(page: Page, link: str, codes: str) -> None:
    page.goto(link)
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    check_codes(page, codes)  # waits for the check's end, never for "ready" (the state before the click too)


def test_a_teacher_assigns_a_student_solves_and_the_gradebook_checks_it(browser: Browser, site_url, four, artifacts_dir, tmp_path):
    teacher = browser.new_context(base_url=site_url, service_workers="block", **DESKTOP).new_page()
    links = build_assignment(teacher, four)

    student = browser.new_context(base_url=site_url, service_workers="block", **PHONE).new_page()
    code = do_the_work(student, links["student"], four)
    sent = student.evaluate(DECODE, code)
    assert sent["name"] == NAME
    assert [i["id"] for i in sent["items"]] == [d["id"] for d in four]
    assert [i["claimed"] for i in sent["items"]] == ["solved", "solved", "solved", "failed"]
    assert sent["items"][0]["events"] == [["m", four[0]["line"][0]]]  # the moves, not only a score
    assert sent["items"][3]["events"] == [["a", [wrong_choice(four[3])]]]

    # 3. The gradebook replays the code: every item verified, 3 of 4 solved.
    open_gradebook(teacher, links["gradebook"], f"ครูครับ ผลของผมครับ\n{code}")
    row = teacher.locator("#gb-table tbody tr")
    assert row.count() == 1, f"no row after the check; the gradebook says: {said(teacher)}"  # drawn before the count
    expect(row.locator("th")).to_have_text(NAME)
    expect(row).to_have_attribute("data-verified", "ok")
    cells = row.locator("td.gb-cell")
    for n in range(3):
        expect(cells.nth(n)).to_have_attribute("data-result", "solved")
    expect(cells.nth(3)).to_have_attribute("data-result", "failed")
    expect(row.locator(".gb-total")).to_have_text("3/4")
    teacher.screenshot(path=str(artifacts_dir / "teach-flow-gradebook-1280.png"), full_page=True)

    # 5. The CSV opens in Excel with the Thai intact: UTF-8 with a BOM.
    with teacher.expect_download() as info:
        teacher.locator("#gb-export").click()
    data = Path(info.value.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    lines = data.decode("utf-8-sig").strip().split("\r\n")
    assert len(lines) == 2 and lines[1].startswith(f",{NAME},✓ ผ่าน,3,")  # no class list: no เลขที่

    # 4. "Solved" edited into the failed item, re-encoded (a right checksum): caught by the replay.
    forged = dict(sent, items=[*sent["items"][:3], dict(sent["items"][3], claimed="solved")])
    forged_code = teacher.evaluate(ENCODE, forged)
    assert forged_code != code
    other = browser.new_context(base_url=site_url, service_workers="block", **DESKTOP).new_page()
    open_gradebook(other, links["gradebook"], forged_code)
    row = other.locator("#gb-table tbody tr")
    expect(row).to_have_attribute("data-verified", "bad")
    expect(row.locator(".gb-flags")).to_contain_text("ข้อ 4")
    expect(row.locator("td.gb-cell").nth(3)).to_have_attribute("data-result", "failed")  # the replay, not the claim
    expect(row.locator(".gb-total")).to_have_text("3/4")

    # 6. The worksheet: A4, a diagram per item, the answer key on a page of its own.
    teacher.goto(links["worksheet"])
    expect(teacher.locator("#ws-sheet")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(teacher.locator("li.ws-item svg.kr-diagram")).to_have_count(4)
    pdf_path = tmp_path / "worksheet.pdf"
    teacher.pdf(path=str(pdf_path), format="A4", print_background=True)
    pdf = pdfium.PdfDocument(str(pdf_path))
    texts = [squeeze(pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]
    key = [i for i, text in enumerate(texts) if text.startswith("เฉลย")]
    assert len(key) == 1 and key[0] > 0, texts
    # Thai text comes back from a PDF with its vowel marks shuffled, so the diagrams are counted by
    # their square labels (a board's files "abcdefgh", or "hgfedcba" seen from Black's side).
    boards = [len(re.findall(r"abcdefgh|hgfedcba", text)) for text in texts]
    assert sum(boards[:key[0]]) == 4 and sum(boards[key[0]:]) == 0, boards
    pdf[0].render(scale=2).to_pil().save(artifacts_dir / "teach-flow-worksheet-page1.png")
    pdf[key[0]].render(scale=2).to_pil().save(artifacts_dir / "teach-flow-worksheet-key.png")
