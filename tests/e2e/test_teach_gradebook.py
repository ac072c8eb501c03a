"""The gradebook (/<lang>/teach/gradebook/#<assignment code>, issue #13 §3) in real Chromium.

Result codes are made in the browser with the site's own encodeResult (core/assignment.js) from
events whose rightness is known from the built puzzle pages (the tree, the quiz, the engine's
settlement), with the summary an honest student's page claims. The gradebook must verify the
honest ones, flag a code whose "solved" was edited in (re-encoded, so its checksum is right),
another assignment's code, a duplicate name and hints used against the rules; garbage and older
codes get messages quoting them; a name carrying markup stays text; the CSV starts with the BOM
and holds the Thai names and results; removing a student survives a reload; nothing is requested
from another site. axe-clean with the table drawn; screenshots at 360 and 1280 px.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from tests.e2e.teach_pages import check_codes, checks, wait_checks

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = Path("/tmp/g13-shots")
MATE, QUIZ, SCORE, MAKHOS = "mk-mate1-001", "mk-quiz-001", "dk-score-001", "mh-win1-001"
XSS = '<img src=x onerror="window.__xss = 1">'


def page_data(site: Path, pid: str) -> dict:
    html = (site / "th" / "puzzles" / pid / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'id="kr-puzzle-data"[^>]*>(.*?)</script>', html, re.S).group(1))


@pytest.fixture(scope="module")
def answers(built_site) -> dict:
    """Right and wrong moves / answers of the four items, from their built pages."""
    mate, quiz, score, makhos = (page_data(built_site, pid) for pid in (MATE, QUIZ, SCORE, MAKHOS))
    settled = call({"op": "settle", "game": "dummy", "table": score["table"]})
    seat = score["question"]["player"]
    return {
        "mate": next(iter(mate["tree"]["wins"])), "mate_wrong": next(iter(mate["tree"]["refutations"])),
        "quiz": quiz["quiz"]["correct"],
        "quiz_wrong": [next(c["id"] for c in quiz["quiz"]["choices"] if c["id"] not in quiz["quiz"]["correct"])],
        "score": {seat: settled["points"][seat]}, "score_wrong": {seat: settled["points"][seat] + 3},
        "makhos": next(iter(makhos["tree"]["wins"])),
    }


def item(pid, events, claimed, attempts, hints=0, ms=60_000):
    return {"id": pid, "events": events, "claimed": claimed, "attempts": attempts, "hints": hints, "ms": ms}


def students(x: dict) -> list[dict]:
    """Result objects (assignment id filled in by the page); the summaries are what honest pages claim.
    Each student's times are their own: the same moves at the same millisecond are copied work
    (teach/gradebook-copies.js), which these students did not do."""
    def honest(ms: int) -> list[dict]:
        return [
            item(MATE, [["m", x["mate"]]], "solved", 1, ms=ms),
            item(QUIZ, [["a", x["quiz"]]], "solved", 1, ms=ms + 1),
            item(SCORE, [["a", x["score"]]], "solved", 1, ms=ms + 2),
            item(MAKHOS, [["m", x["makhos"]]], "solved", 1, ms=ms + 3),
        ]
    return [
        {"name": "สมชาย ใจดี", "started": "2025-01-06T02:00:00Z", "submitted": "2025-01-06T02:30:00Z", "items": honest(60_000)},
        {"name": "สมหญิง รักเรียน", "started": "2025-01-06T02:01:00Z", "submitted": "2025-01-06T02:31:00Z", "items": [
            item(MATE, [["m", x["mate_wrong"]], ["t"], ["m", x["mate"]]], "retried", 2),
            item(QUIZ, [["a", x["quiz_wrong"]], ["a", x["quiz"]]], "retried", 2),
            item(SCORE, [["a", x["score_wrong"]]], "failed", 1),
            item(MAKHOS, [["s"], ["r"], ["m", x["makhos"]]], "seen", 1),
        ]},
        # "solved" edited in over a wrong move (and the code re-encoded: its checksum is right)
        {"name": "นักปลอม", "started": "2025-01-06T02:02:00Z", "submitted": "2025-01-06T02:32:00Z", "items": [
            item(MATE, [["m", x["mate_wrong"]]], "solved", 1), *honest(61_000)[1:]]},
        {"name": XSS, "started": "2025-01-06T02:03:00Z", "submitted": "2025-01-06T02:33:00Z", "items": honest(62_000)},
        # a second student with the first one's name (another start): a duplicate name
        {"name": "สมชาย ใจดี", "started": "2025-01-06T02:04:00Z", "submitted": "2025-01-06T02:34:00Z", "items": [
            item(MATE, [["h"], ["m", x["mate"]]], "solved", 1, hints=1)]},
    ]


ENCODE = """async ([assignment, results, other]) => {
  const A = await import('/static/js/core/assignment.js');
  const code = await A.encodeAssignment(assignment);
  const id = A.assignmentId(assignment);
  const codes = [];
  for (const r of results) codes.push(await A.encodeResult({ ...r, assignment: id }));
  const otherId = A.assignmentId({ ...assignment, title: 'อีกงานหนึ่ง' });
  const foreign = await A.encodeResult({ ...other, assignment: otherId });
  return { code, id, codes, foreign };
}"""


def make_codes(page: Page, answers: dict) -> dict:
    """The assignment (4 items, no hints allowed) and the students' codes, made by the site's own code."""
    page.goto("/th/teach/gradebook/")
    assignment = {"title": "การบ้าน <b>สัปดาห์ 1</b>", "instructions": "", "lang": "th", "due": None,
                  "hints": False, "solution": True, "items": [MATE, QUIZ, SCORE, MAKHOS]}
    return page.evaluate(ENCODE, [assignment, students(answers), students(answers)[0]])


@pytest.fixture
def gradebook(page: Page, answers):
    """A gradebook page with the codes made; returns (page, made codes, every URL requested)."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    return page, make_codes(page, answers), requests


def open_book(page: Page, code: str) -> None:
    page.goto(f"/th/teach/gradebook/#{code}")
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)


def row(page: Page, name: str):
    return page.locator("#gb-table tbody tr").filter(has=page.locator("th", has_text=name))


def test_without_a_code_the_page_asks_for_the_link_and_says_what_is_wrong_with_it(gradebook):
    page, made, _ = gradebook
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "idle")
    field = page.get_by_label("ลิงก์งาน (หรือรหัสงาน)")
    field.fill("https://example.org/th/a/#KA1Z-broken")
    page.get_by_role("button", name="เปิดสมุดคะแนน").click()
    expect(page.locator("#gb-link-error")).to_contain_text("ไม่ครบหรือเสียหาย")
    field.fill(made["codes"][0])  # a result code is not an assignment link
    page.get_by_role("button", name="เปิดสมุดคะแนน").click()
    expect(page.locator("#gb-link-error")).to_contain_text("รหัสผลงานของนักเรียน")
    field.fill(f"http://127.0.0.1/th/a/#{made['code']}")
    page.get_by_role("button", name="เปิดสมุดคะแนน").click()
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator("#gb-title")).to_have_text("การบ้าน <b>สัปดาห์ 1</b>")  # the teacher's title is text
    expect(page.locator("#gb-items li")).to_have_count(4)


def test_codes_are_verified_by_replay_and_the_bad_ones_flagged(gradebook, artifacts_dir):
    page, made, requests = gradebook
    open_book(page, made["code"])
    honest, second, forged, xss, duplicate = made["codes"]
    chat = (f"ครูครับ ของสมชายครับ\n{honest}\n\"{second}\", {forged}\n{xss}\n{duplicate}\n"
            f"{made['foreign']}\nKS1Z-garbage-0000000\nKS0-AAAA-1234567\n{honest}")
    check_codes(page, chat)

    rows = page.locator("#gb-table tbody tr")
    expect(rows).to_have_count(5)
    expect(row(page, "สมหญิง รักเรียน")).to_have_attribute("data-verified", "ok")
    cells = row(page, "สมหญิง รักเรียน").locator("td.gb-cell")
    expect(cells.nth(0)).to_contain_text("ทำได้หลังพลาด")
    expect(cells.nth(0)).to_contain_text("ลอง 2 ครั้ง")
    expect(cells.nth(2)).to_contain_text("ทำไม่ได้")
    expect(cells.nth(3)).to_contain_text("ดูเฉลย")
    expect(row(page, "สมหญิง รักเรียน").locator(".gb-total")).to_have_text("2/4")

    fake = row(page, "นักปลอม")
    expect(fake).to_have_attribute("data-verified", "bad")
    expect(fake.locator(".gb-flags")).to_contain_text("ข้อ 1: ผลที่อ้าง (✓ ทำได้) ไม่ตรงกับการเล่นซ้ำ (✗ ทำไม่ได้)")
    expect(fake.locator("td.gb-cell").nth(0)).to_have_attribute("data-result", "failed")  # the replay, not the claim

    same = row(page, "สมชาย ใจดี")
    expect(same).to_have_count(2)
    for i in range(2):
        expect(same.nth(i).locator(".gb-flags")).to_contain_text("ชื่อซ้ำ")
    expect(same.locator(".gb-flags", has_text="ใช้คำใบ้ทั้งที่งานนี้ไม่อนุญาต")).to_have_count(1)
    expect(same.filter(has_not=page.locator(".gb-flags li", has_text="คำใบ้"))).to_have_attribute("data-verified", "ok")

    expect(row(page, XSS)).to_have_count(1)  # the name shows as text ...
    assert page.evaluate("window.__xss") is None  # ... and its markup never ran
    assert page.locator("#gb-table img").count() == 0

    notes = page.locator("#gb-messages li")
    expect(notes.filter(has_text="เป็นของงานอื่น")).to_have_count(1)
    expect(notes.filter(has_text="KS1Z-garbage-0000000")).to_contain_text("ไม่ครบหรือเสียหาย")
    expect(notes.filter(has_text="KS0-AAAA-1234567")).to_contain_text("รุ่นเก่า")
    expect(notes.filter(has_text="ไม่นับซ้ำ")).to_have_count(1)
    totals = page.locator("#gb-table tfoot td")
    expect(totals.nth(0)).to_have_text("4/5")  # item 1: all but the forger (by the replay)

    site = page.evaluate("location.origin")
    assert requests and all(url.startswith(site) for url in requests), [u for u in requests if not u.startswith(site)]

    page.set_viewport_size({"width": 1280, "height": 900})
    wide = page.evaluate("""() => ({box: document.querySelector('.gb-scroll').scrollWidth,
        boxView: document.querySelector('.gb-scroll').clientWidth, sidebar: document.querySelectorAll('.layout > .sidebar').length,
        right: Math.max(...[...document.querySelectorAll('#gb-table tr > *')].map((cell) => cell.getBoundingClientRect().right))})""")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "gradebook-1280.png"), full_page=True)
    page.screenshot(path=str(artifacts_dir / "gradebook-1280.png"), full_page=True)
    assert wide["box"] <= wide["boxView"], wide  # at 1280 px every column of 4 items is in sight, no scrolling ...
    assert wide["right"] <= 1280 and wide["sidebar"] == 0, wide  # ... the page is wide: no lesson sidebar
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(SHOTS / "gradebook-360.png"), full_page=True)
    page.screenshot(path=str(artifacts_dir / "gradebook-360.png"), full_page=True)
    sizes = page.evaluate("""() => ({page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
        box: document.querySelector('.gb-scroll').scrollWidth, boxView: document.querySelector('.gb-scroll').clientWidth})""")
    assert sizes["page"] <= sizes["view"], sizes  # the page never scrolls sideways ...
    assert sizes["box"] > sizes["boxView"], sizes  # ... the table scrolls inside its own box


def test_the_filled_gradebook_is_axe_clean(new_context, answers):
    context = new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})  # axe is an inline script
    page = context.new_page()
    made = make_codes(page, answers)
    open_book(page, made["code"])
    check_codes(page, "\n".join(made["codes"]) + "\nKS0-AAAA-1234567")
    expect(page.locator("#gb-table tbody tr")).to_have_count(5)
    page.locator("#gb-table thead th[data-sort='total'] button").click()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    context.close()
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]] == []


def test_sorting_removing_and_the_csv(gradebook):
    page, made, _ = gradebook
    open_book(page, made["code"])
    check_codes(page, "\n".join(made["codes"][:3]))
    total = page.locator("#gb-table thead th[data-sort='total']")
    expect(total).to_have_attribute("aria-sort", "none")
    total.get_by_role("button").click()
    expect(total).to_have_attribute("aria-sort", "descending")
    names = page.locator("#gb-table tbody th")
    expect(names).to_have_text(["สมชาย ใจดี", "นักปลอม", "สมหญิง รักเรียน"])  # 4, 3 (as replayed), 2 solved
    total.get_by_role("button").click()
    expect(total).to_have_attribute("aria-sort", "ascending")
    expect(names.first).to_have_text("สมหญิง รักเรียน")
    name = page.locator("#gb-table thead th[data-sort='name']")
    name.get_by_role("button").click()
    expect(name).to_have_attribute("aria-sort", "ascending")
    expect(total).to_have_attribute("aria-sort", "none")

    with page.expect_download() as info:
        page.get_by_role("button", name="ดาวน์โหลดไฟล์ตารางคะแนน (ซีเอสวี)").click()
    download = info.value
    assert re.fullmatch(r"การบ้าน-b-สัปดาห์-1-b-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename)  # title and date
    data = Path(download.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig")
    lines = text.strip().split("\r\n")
    assert lines[0].startswith("เลขที่,ชื่อ,ตรวจ,ทำได้ (ข้อ),เวลารวม (วินาที),ข้อ 1 ")
    assert len(lines) == 4
    somying = next(line for line in lines if line.startswith(",สมหญิง รักเรียน"))
    assert "✓ ผ่าน" in somying and "↺ ทำได้หลังพลาด" in somying and "◇ ดูเฉลย" in somying
    assert any(line.startswith(",นักปลอม,⚠ ไม่ผ่าน,3,") for line in lines)  # solved as replayed: a number

    row(page, "นักปลอม").get_by_role("button", name="ลบ นักปลอม ออกจากตาราง").click()
    expect(page.locator("#gb-table tbody tr")).to_have_count(2)
    page.reload()
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator("#gb-table tbody th")).to_have_count(2)  # kept in this browser, the removal too
    expect(row(page, "นักปลอม")).to_have_count(0)


def test_codes_come_from_a_csv_file_in_any_cell(gradebook, tmp_path):
    page, made, _ = gradebook
    open_book(page, made["code"])
    sheet = tmp_path / "line-export.csv"
    sheet.write_text(f'"เวลา","ชื่อ","ข้อความ"\r\n"09:01","สมชาย","{made["codes"][0]}"\r\n'
                     f'"09:02","สมหญิง","ส่งค่ะ {made["codes"][1]}"\r\n', encoding="utf-8-sig")
    before = checks(page)
    page.locator("#gb-file").set_input_files(str(sheet))
    wait_checks(page, before)
    expect(page.locator("#gb-table tbody tr")).to_have_count(2)
    expect(page.locator("#gb-table tbody tr[data-verified='ok']")).to_have_count(2)
    check_codes(page, "สวัสดีครับ ไม่มีรหัส")  # a paste with no code is a check too: it ends, and says so
    expect(page.locator("#gb-messages li", has_text="ไม่พบรหัสผล")).to_have_count(1)


def test_the_english_page_speaks_english(page: Page, answers):
    page.goto("/en/teach/gradebook/")
    expect(page.get_by_label("Assignment link (or code)")).to_be_visible()
    page.get_by_label("Assignment link (or code)").fill("nonsense")
    page.get_by_role("button", name="Open the gradebook").click()
    expect(page.locator("#gb-link-error")).to_contain_text("incomplete or damaged")
