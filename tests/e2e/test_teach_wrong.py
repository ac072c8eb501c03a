"""What students got wrong, in the gradebook at 360 px (issue 23 §4, §5 first bullet): two result
codes made in the page with the site's own encodeResult — a wrong first move on a Makruk mate and
a wrong quiz answer. A cell opens a dialog (keyboard too: Enter opens, Escape closes, the focus
comes back) with the moves in the engine's words and the wrong one marked, by the replay; the
section under the table counts the class's wrong answers; the CSV and XLSX downloads hold numbers
as numbers and are named after the assignment and the date. Screenshots /tmp/wrong-*.png."""
from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from tests.e2e.teach_pages import check_codes

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

MATE, QUIZ, SCORE = "mk-mate1-001", "mk-quiz-001", "dk-score-001"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # 2 exercises: 20 columns
ENCODE = """async ([assignment, results]) => {
  const A = await import('/static/js/core/assignment.js');
  const id = A.assignmentId(assignment);
  const codes = [];
  for (const r of results) codes.push(await A.encodeResult({ ...r, assignment: id }));
  return { code: await A.encodeAssignment(assignment), codes };
}"""


def page_data(site: Path, pid: str) -> dict:
    html = (site / "th" / "puzzles" / pid / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'id="kr-puzzle-data"[^>]*>(.*?)</script>', html, re.S).group(1))


def item(pid, events, claimed, attempts, ms):
    return {"id": pid, "events": events, "claimed": claimed, "attempts": attempts, "hints": 0, "ms": ms}


@pytest.fixture(scope="module")
def puzzles(built_site) -> dict:
    mate, quiz = page_data(built_site, MATE), page_data(built_site, QUIZ)
    root = mate["replies"]["plays"][""]["legal"]
    words = {m["move"]: m["words"]["th"] for m in root}
    right = next(iter(mate["tree"]["wins"]))
    wrong = next(iter(mate["tree"]["refutations"]))
    choices = {c["id"]: c["label"] for c in quiz["quiz"]["choices"]}
    bad = next(cid for cid in choices if cid not in quiz["quiz"]["correct"])
    return {"mate": mate, "quiz": quiz, "right": right, "wrong": wrong, "words": words,
            "good": quiz["quiz"]["correct"], "bad": bad, "badLabel": choices[bad]}


def test_what_students_got_wrong_and_the_spreadsheets(page: Page, puzzles):
    p = puzzles
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/th/teach/gradebook/")
    assignment = {"title": "การบ้าน: รุกจน/กติกา", "instructions": "", "lang": "th", "due": "2026-11-27",
                  "hints": True, "solution": True, "items": [MATE, QUIZ]}
    students = [
        {"name": "สมหญิง รักเรียน", "started": "2026-11-27T02:00:00Z", "submitted": "2026-11-27T02:30:00Z", "items": [
            item(MATE, [["m", p["wrong"]], ["t"], ["m", p["right"]]], "retried", 2, 65_400),
            item(QUIZ, [["a", p["good"]]], "solved", 1, 20_000)]},
        # claims "solved" on both: the replay's verdicts are what the page shows
        {"name": "สมชาย ใจดี", "started": "2026-11-27T02:01:00Z", "submitted": "2026-11-27T17:40:00Z", "items": [
            item(MATE, [["m", p["wrong"]]], "solved", 1, 30_000),
            item(QUIZ, [["a", [p["bad"]]]], "solved", 1, 10_000)]},
    ]
    made = page.evaluate(ENCODE, [assignment, students])
    page.goto(f"/th/teach/gradebook/#{made['code']}")
    book = page.locator("#kr-gradebook")
    expect(book).to_have_attribute("data-state", "ready", timeout=30_000)
    check_codes(page, "\n".join(made["codes"]))
    expect(page.locator("#gb-table tbody tr")).to_have_count(2)

    def cell(name: str, i: int):
        row = page.locator("#gb-table tbody tr").filter(has=page.locator("th", has_text=name))
        return row.locator("td.gb-cell").nth(i).locator("button[data-action='detail']")

    dialog = page.locator("#gb-detail")
    lines = dialog.locator("#gb-detail-lines li")
    wrong_words = p["words"][p["wrong"]]
    # a click on สมชาย's mate cell: his one move, in words, marked wrong although his code says "solved"
    cell("สมชาย ใจดี", 0).click()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#gb-detail-title")).to_contain_text("สมชาย ใจดี")
    expect(lines).to_have_count(1)
    expect(lines.nth(0)).to_have_attribute("data-mark", "wrong")
    expect(lines.nth(0)).to_contain_text(wrong_words)
    expect(lines.nth(0)).to_contain_text("✗ ผิด")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    expect(dialog.get_by_role("button", name="ปิด")).to_be_focused()
    page.screenshot(path="/tmp/wrong-detail-360.png", full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(cell("สมชาย ใจดี", 0)).to_be_focused()  # the focus is back where it was

    # Enter on สมหญิง's mate cell: the wrong move marked, the take-back, then the mate
    cell("สมหญิง รักเรียน", 0).focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(lines).to_have_count(3)
    expect(lines.nth(0)).to_have_attribute("data-mark", "wrong")
    expect(lines.nth(1)).to_contain_text("ย้อนตาเดินที่ผิด")
    expect(lines.nth(2)).to_have_attribute("data-mark", "solved")
    expect(lines.nth(2)).to_contain_text(p["words"][p["right"]])
    expect(dialog.locator("[data-mark='wrong']")).to_have_count(1)
    dialog.get_by_role("button", name="ปิด").click()
    expect(dialog).to_be_hidden()

    # the quiz: สมชาย's answer in the choice's words, wrong
    cell("สมชาย ใจดี", 1).click()
    expect(lines.nth(0)).to_contain_text(p["badLabel"])
    expect(lines.nth(0)).to_have_attribute("data-mark", "wrong")
    page.keyboard.press("Escape")

    # the class's common wrong answers, per exercise
    summary = page.locator("#gb-wrong")
    expect(summary).to_be_visible()
    mate_wrong = summary.locator(".gb-wrong-item[data-item='0'] li")
    expect(mate_wrong).to_have_count(1)
    expect(mate_wrong.first).to_contain_text(wrong_words)
    expect(mate_wrong.first.locator(".gb-wrong-count")).to_have_text("2 คน")
    quiz_wrong = summary.locator(".gb-wrong-item[data-item='1'] li")
    expect(quiz_wrong).to_have_count(1)
    expect(quiz_wrong.first).to_contain_text(p["badLabel"])
    expect(quiz_wrong.first.locator(".gb-wrong-count")).to_have_text("1 คน")
    expect(quiz_wrong.first.locator(".gb-wrong-names")).to_have_text("สมชาย ใจดี")
    page.screenshot(path="/tmp/wrong-gradebook-360.png", full_page=True)
    sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], sizes  # the page never scrolls sideways at 360 px

    # the CSV: BOM, numbers as numbers, the titles in the header, named after the assignment and date
    with page.expect_download() as info:
        page.get_by_role("button", name="ดาวน์โหลดไฟล์ตารางคะแนน (ซีเอสวี)").click()
    download = info.value
    assert re.fullmatch(r"การบ้าน-รุกจน-กติกา-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename), download.suggested_filename
    data = Path(download.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    head, rows = table[0], {row[1]: dict(zip(table[0], row)) for row in table[1:]}
    title = p["mate"]["title"]
    assert f"ข้อ 1 {title}: คะแนน (1/0)" in head and f"ข้อ 2 {p['quiz']['title']}: ผล" in head
    somying, somchai = rows["สมหญิง รักเรียน"], rows["สมชาย ใจดี"]
    assert [somying[f"ข้อ 1 {title}: {c}"] for c in ("คะแนน (1/0)", "ครั้งที่ลอง", "คำใบ้", "เวลา (วินาที)")] == ["1", "2", "0", "65"]
    assert [somchai[f"ข้อ 1 {title}: {c}"] for c in ("คะแนน (1/0)", "ครั้งที่ลอง", "เวลา (วินาที)")] == ["0", "1", "30"]
    assert somying["ทำได้ (ข้อ)"] == "2" and somchai["ทำได้ (ข้อ)"] == "0" and somying["เวลารวม (วินาที)"] == "85"
    assert somchai["ส่งเมื่อ (เวลาไทย)"] == "2026-11-28 00:40"  # Thai time, past midnight
    assert somchai["ส่งช้า (ชั่วโมง)"] == "1" and somying["ส่งช้า (ชั่วโมง)"] == ""  # due on the 27th
    numeric = [h for h in head if re.search(r"คะแนน|ครั้งที่ลอง|คำใบ้|วินาที|ทำได้ \(ข้อ\)", h)]  # in every row
    for row in rows.values():
        for h in numeric:
            float(row[h])  # every number column holds a number, never "1 นาที"

    # the XLSX: a zip whose cells are numbers (t="n") where the CSV had numbers
    with page.expect_download() as info:
        page.get_by_role("button", name="ดาวน์โหลดไฟล์เอ็กเซล").click()
    xlsx = info.value
    assert xlsx.suggested_filename == download.suggested_filename.replace(".csv", ".xlsx")
    with zipfile.ZipFile(xlsx.path()) as book_file:
        assert book_file.testzip() is None
        sheet = ElementTree.fromstring(book_file.read("xl/worksheets/sheet1.xml"))
    cells = {}
    for c in sheet.iter(f"{MAIN}c"):
        value = c.find(f"{MAIN}is/{MAIN}t").text if c.get("t") == "inlineStr" else float(c.find(f"{MAIN}v").text)
        cells[c.get("r")] = (c.get("t"), value)
    assert [cells[f"{col}1"][1] for col in COLUMNS if f"{col}1" in cells] == head
    names = {cells[f"B{r}"][1]: r for r in (2, 3)}
    col = COLUMNS[head.index(f"ข้อ 1 {title}: ครั้งที่ลอง")]
    assert cells[f"{col}{names['สมหญิง รักเรียน']}"] == ("n", 2.0)
    assert cells[f"{COLUMNS[head.index('ส่งช้า (ชั่วโมง)')]}{names['สมชาย ใจดี']}"] == ("n", 1.0)
    for h in numeric:
        c = COLUMNS[head.index(h)]
        assert all(cells[f"{c}{r}"][0] == "n" for r in (2, 3)), h

    page.set_viewport_size({"width": 1280, "height": 900})
    cell("สมหญิง รักเรียน", 0).click()
    expect(dialog).to_be_visible()
    page.screenshot(path="/tmp/wrong-detail-1280.png", full_page=False)
    page.keyboard.press("Escape")
    page.screenshot(path="/tmp/wrong-gradebook-1280.png", full_page=True)


TEACHER_ENCODE = """async ([assignment, drafts, results]) => {
  const A = await import('/static/js/core/assignment.js');
  const { cleanExercise } = await import('/static/js/core/teacher-exercise.js');
  const exercises = drafts.map((x) => cleanExercise(x));
  const full = { ...assignment, items: exercises.map((x) => x.id), exercises };
  const id = A.assignmentId(full);
  const codes = [];
  for (const r of results) {
    const items = r.items.map((work, i) => ({ ...work, id: exercises[i].id }));
    codes.push(await A.encodeResult({ ...r, items, assignment: id }));
  }
  return { code: await A.encodeAssignment(full), codes };
}"""


def test_a_teacher_made_exercise_is_said_in_words_too(page: Page, built_site, puzzles):
    """Issue 23 §4 on teacher-made exercises (no recorded replies): a Makruk mate proven by the
    engine from the catalog mate's position, its wrong move in the live engine's words (the very
    words the catalog page recorded for that position), in the cell and in the class's list; a
    Dummy figure's wrong answer names the seat in the page's words ("ขา 3"), never "P3"."""
    p = puzzles
    mate = p["mate"]
    proof = call({"op": "prove", "game": "makruk", "position": mate["position"], "task": {"kind": "mate", "in": mate["mate_in"]}})
    assert proof["ok"], proof
    wrong = next(iter(proof["tree"]["refutations"]))
    score = page_data(built_site, SCORE)
    seat = score["question"]["player"]
    net = call({"op": "settle", "game": "dummy", "table": score["table"]})["net"][seat]
    drafts = [
        {"game": "makruk", "kind": "mate", "title": "รุกจนของครู", "hints": [],
         "data": {key: proof[key] for key in ("position", "solver", "orientation", "mate_in", "line", "tree")}},
        {"game": "dummy", "kind": "scoring", "title": "คิดแต้มของครู", "hints": [],
         "data": {"table": score["table"], "question": {"ask": "net", "player": seat, "item": ""}}},
    ]
    assignment = {"title": "โจทย์ของครู", "instructions": "", "lang": "th", "hints": True, "solution": True, "items": []}
    student = {"name": "สมปอง", "started": "2026-11-27T02:00:00Z", "submitted": "2026-11-27T02:30:00Z", "items": [
        item("", [["m", wrong]], "failed", 1, 20_000), item("", [["a", {seat: net + 10}]], "failed", 1, 20_000)]}
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/th/teach/gradebook/")
    made = page.evaluate(TEACHER_ENCODE, [assignment, drafts, [student]])
    page.goto(f"/th/teach/gradebook/#{made['code']}")
    book = page.locator("#kr-gradebook")
    expect(book).to_have_attribute("data-state", "ready", timeout=30_000)
    check_codes(page, made["codes"][0], timeout=120_000)
    row = page.locator("#gb-table tbody tr").filter(has=page.locator("th", has_text="สมปอง"))
    expect(row.locator("td.gb-cell")).to_have_count(2)

    words = p["words"][wrong]  # the catalog page's recorded words for this move from this position
    number = re.sub(r"^\D+", "", seat)
    seat_words = f'{score["words"]["seat"].replace("{n}", number)}: {net + 10}'
    assert re.fullmatch(r"ขา \d: -?\d+", seat_words), seat_words
    summary = page.locator("#gb-wrong")
    mate_wrong = summary.locator(".gb-wrong-item[data-item='0'] li .gb-wrong-words")
    expect(mate_wrong).to_have_text(words, timeout=120_000)  # the live engine loads for it
    expect(summary.locator("#gb-wrong-status")).to_have_text("")
    expect(summary.locator(".gb-wrong-item[data-item='1'] li .gb-wrong-words")).to_have_text(seat_words)

    dialog = page.locator("#gb-detail")
    lines = dialog.locator("#gb-detail-lines li")
    row.locator("td.gb-cell").nth(0).locator("button[data-action='detail']").click()
    expect(dialog).to_be_visible()
    expect(lines).to_have_count(1, timeout=60_000)
    expect(lines.nth(0)).to_have_attribute("data-mark", "wrong")
    expect(lines.nth(0).locator(".gb-line-text")).to_contain_text(words)
    expect(lines.nth(0).locator(".gb-line-text")).not_to_contain_text(wrong)
    expect(dialog.locator("#gb-detail-status")).to_have_text("")
    page.keyboard.press("Escape")
    row.locator("td.gb-cell").nth(1).locator("button[data-action='detail']").click()
    expect(lines.nth(0).locator(".gb-line-text")).to_have_text(f"ตอบ: {seat_words}")
    page.screenshot(path="/tmp/gbfix-teacher-detail-360.png", full_page=False)
    page.keyboard.press("Escape")
