"""A teacher-made exercise solved by a student and graded like a catalog one (issue 23 §1): the
student's assignment page lists it, its page /<lang>/teach/exercise/#<id>#<code> runs the very
puzzle UI of a catalog puzzle on the exercise inside the code (the live engine answers), the
result code carries the moves and answers, and the gradebook replays them with the judge built
from the exercise in the code.

The exercises are the engine's own: a Makruk mate proven by the engine's `prove` op (engine.api,
the very op the builder calls) from a catalog puzzle's position, and a Dummy figure on a catalog
scoring exercise's table; the page's own cleanExercise gives them their ids and encodeAssignment
puts them in the code (page.evaluate with a function: the CSP forbids string eval).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from tests.e2e.game_pages import puzzle_data
from tests.e2e.page_state import settle
from tests.e2e.teach_pages import DESKTOP, PHONE, check_codes, get_text, phone_context_args  # noqa: F401 (a fixture: a phone)
from tests.e2e.test_offline import axe_violations
from tests.site_builder.thai_words import latin_words, visible_texts

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

ENGINE_MS = 120_000

ENCODE = """async ([a, drafts]) => {
  const m = await import('/static/js/core/assignment.js');
  const { cleanExercise } = await import('/static/js/core/teacher-exercise.js');
  const exercises = drafts.map((x) => cleanExercise(x));
  const full = { ...a, items: exercises.map((x) => x.id), exercises };
  return [await m.encodeAssignment(full), m.assignmentId(full), exercises.map((x) => x.id)];
}"""
DECODE_RESULT = """async (code) => (await import('/static/js/core/assignment.js')).decodeResult(code)"""


@pytest.fixture(scope="module")
def drafts(site_url) -> dict:
    """The two exercises a teacher made: a Makruk mate in one the engine proves, and a Dummy net."""
    names = json.loads(get_text(f"{site_url}/th/teach/catalog.json"))
    catalog = names["items"]
    mate = next((i for i in catalog if i["game"] == "makruk" and i["kind"] == "mate"
                 and (d := puzzle_data(get_text(site_url + i["url"]))).get("mate_in") == 1), None)
    if mate is None:
        pytest.fail("the site has no Makruk mate in one")
    position = puzzle_data(get_text(site_url + mate["url"]))["position"]
    proof = call({"op": "prove", "game": "makruk", "position": position, "task": {"kind": "mate", "in": 1}})
    assert proof["ok"], proof
    win = {key: proof[key] for key in ("position", "solver", "orientation", "mate_in", "line", "tree")}
    scoring = next((puzzle_data(get_text(site_url + i["url"])) for i in catalog if i["kind"] == "scoring"), None)
    if scoring is None:
        pytest.fail("the site has no Dummy scoring exercise")
    seat = next(p["id"] for p in scoring["table"]["players"])
    settled = call({"op": "settle", "game": "dummy", "table": scoring["table"]})
    assert settled["ok"], settled
    return {
        "names": {"makruk-mate": f'{names["games"]["makruk"]} · {names["kinds"]["mate"]}',
                  "dummy-scoring": f'{names["games"]["dummy"]} · {names["kinds"]["scoring"]}'},
        "mate": {"game": "makruk", "kind": "mate", "title": "รุกจนของครูสมศรี", "hints": ["ดูเรือ"], "data": win},
        "figure": {"game": "dummy", "kind": "scoring", "title": "", "hints": [],
                   "data": {"table": scoring["table"], "question": {"ask": "net", "player": seat, "item": ""}}},
        "net": settled["net"][seat],
    }


def make_code(page: Page, drafts: dict) -> tuple[str, str, list[str]]:
    page.goto("/th/")
    a = {"title": "งานโจทย์ของครู", "instructions": "", "lang": "th", "due": None, "hints": True, "solution": False}
    return page.evaluate(ENCODE, [a, [drafts["mate"], drafts["figure"]]])


def latin_on(page: Page) -> list[tuple[str, str]]:
    return [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]


def shot(page: Page, name: str) -> None:
    """/tmp/xpage-<name>-360.png and -1280.png, with no sideways scroll at either width."""
    for label, size in (("360", PHONE), ("1280", DESKTOP)):
        page.set_viewport_size(size)
        settle(page)
        page.screenshot(path=f"/tmp/xpage-{name}-{label}.png", full_page=True)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"], f"{name} scrolls sideways at {label} px"
    page.set_viewport_size(PHONE)


def test_a_phone_student_solves_a_teacher_mate_misses_a_teacher_figure_and_the_gradebook_verifies_both(page, drafts):
    code, aid, (mate_id, figure_id) = make_code(page, drafts)
    page.goto(f"/th/a/#{code}")
    items = page.locator("#kr-st-items li.student-item")
    expect(items).to_have_count(2)
    expect(items.nth(0).locator(".student-item-title")).to_have_text("ข้อ 1: รุกจนของครูสมศรี")
    expect(items.nth(0).locator(".student-item-meta")).to_have_text(drafts["names"]["makruk-mate"])
    expect(items.nth(1).locator(".student-item-title")).to_have_text(f'ข้อ 2: {drafts["names"]["dummy-scoring"]}')  # untitled
    expect(items.nth(0).locator("a")).to_have_attribute("href", f"/th/teach/exercise/#{mate_id}#{code}")
    page.locator("#kr-st-name-input").fill("เด็กชายต้นกล้า")
    page.locator("#kr-st-start").click()

    # Item 1: the teacher's mate, on a live board (no recorded replies: the live engine loads).
    page.wait_for_url(re.compile(rf"/th/teach/exercise/#{mate_id}#"))
    expect(page.locator("#kr-ex-title")).to_have_text("รุกจนของครูสมศรี")
    expect(page.locator("nav.kr-as-bar")).to_contain_text("งาน: งานโจทย์ของครู · ข้อ 1 จาก 2")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    expect(page.locator('section.kr-pz [data-action="solution"]')).to_be_hidden()  # the lock: solutions off
    expect(page.locator("p.kr-pz-note")).to_have_text("เอนจินพร้อมแล้ว")  # the live engine answers: nothing is recorded
    shot(page, "mate")
    assert latin_on(page) == []
    assert axe_violations(page) == []
    move = drafts["mate"]["data"]["line"][0]
    board = page.locator("figure.kr-board .kr-live")
    for square in (move[:2], move[2:4]):
        board.locator(f'g[role="gridcell"][data-square="{square}"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved", timeout=ENGINE_MS)
    nxt = page.locator(".kr-pz-success a.kr-pz-next")
    expect(nxt).to_have_attribute("href", f"/th/teach/exercise/#{figure_id}#{code}")
    nxt.click()

    # Item 2: the teacher's Dummy figure, its table drawn in the page; a wrong net.
    page.wait_for_url(re.compile(rf"#{figure_id}#"))
    expect(page.locator("nav.kr-as-bar")).to_contain_text("ข้อ 2 จาก 2")
    expect(page.locator("#kr-ex-title")).to_have_text(drafts["names"]["dummy-scoring"])  # untitled: named as listed
    expect(page.locator("#kr-ex-meta")).to_have_text("โจทย์ที่ครูสร้างเอง")
    expect(page.locator("figure.kr-board .dk-table .dk-seat")).to_have_count(len(drafts["figure"]["data"]["table"]["players"]))
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    page.locator('form.dk-answer input[name="answer"]').fill(str(drafts["net"] + 10))
    page.locator('form.dk-answer [data-action="check"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz-wrong", timeout=ENGINE_MS)
    shot(page, "figure")
    assert latin_on(page) == []

    # Back to the assignment: the states, the result code.
    page.locator("nav.kr-as-bar a.kr-as-back").click()
    expect(items.nth(0)).to_have_attribute("data-state", "solved")
    expect(items.nth(1)).to_have_attribute("data-state", "failed")
    page.locator("#kr-st-make").click()
    box = page.locator("#kr-st-code")
    expect(box).to_have_value(re.compile(r"^KS1Z?-"))
    sent = box.input_value()
    result = page.evaluate(DECODE_RESULT, sent)
    assert result["assignment"] == aid
    assert [(i["id"], i["claimed"]) for i in result["items"]] == [(mate_id, "solved"), (figure_id, "failed")]
    assert result["items"][0]["events"] == [["m", move]]

    # The gradebook replays both on the exercises in the code: verified verdicts.
    page.goto(f"/th/teach/gradebook/#{code}")
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator("#gb-items li").nth(0)).to_have_text("รุกจนของครูสมศรี")
    check_codes(page, sent, timeout=ENGINE_MS)
    row = page.locator("#gb-table tbody tr").filter(has=page.locator("th", has_text="เด็กชายต้นกล้า"))
    expect(row).to_have_attribute("data-verified", "ok", timeout=ENGINE_MS)
    cells = row.locator("td.gb-cell")
    expect(cells.nth(0)).to_have_attribute("data-result", "solved")
    expect(cells.nth(0)).to_have_attribute("data-status", "ok")
    expect(cells.nth(1)).to_have_attribute("data-result", "failed")
    expect(cells.nth(1)).to_have_attribute("data-status", "ok")
    shot(page, "gradebook")


@pytest.fixture(scope="module")
def best_move(site_url) -> dict:
    """A teacher's best move: a catalog Mak-hot best move's position, proven by the engine's `prove`
    op as the builder asks it (no line given), and the catalog page's data of that position."""
    catalog = json.loads(get_text(f"{site_url}/th/teach/catalog.json"))["items"]
    item = next((i for i in catalog if i["game"] == "makhos" and i["kind"] == "best-move"), None)
    if item is None:
        pytest.fail("the site has no Mak-hot best move")
    page_data = puzzle_data(get_text(site_url + item["url"]))
    proof = call({"op": "prove", "game": "makhos", "position": page_data["position"], "task": {"kind": "best_move"}})
    assert proof["ok"], proof
    data = {key: proof[key] for key in ("position", "solver", "orientation", "mate_in", "line", "tree")}
    return {"draft": {"game": "makhos", "kind": "best-move", "title": "", "hints": [], "data": data}, "catalog": page_data}


def test_a_teacher_best_move_is_played_as_the_catalog_one_with_the_side_named_in_its_goal(page, drafts, best_move):
    page.goto("/th/")
    a = {"title": "งานตาเด็ด", "instructions": "", "lang": "th", "due": None, "hints": True, "solution": False}
    code, _aid, [best_id, mate_id] = page.evaluate(ENCODE, [a, [best_move["draft"], drafts["mate"]]])
    page.goto(f"/th/teach/exercise/#{mate_id}#{code}")  # a mate names the side to move as the catalog does
    side = {"white": "ขาว", "black": "ดำ"}[drafts["mate"]["data"]["solver"]]
    expect(page.locator("#kr-puzzle-goal")).to_have_text(f"{side}เดินก่อน รุกจนให้ได้ใน 1 ตา")
    page.goto(f"/th/teach/exercise/#{best_id}#{code}")  # a new hash: the page reloads itself
    catalog = best_move["catalog"]
    side = {"white": "ขาว", "black": "ดำ"}[catalog["solver"]]
    expect(page.locator("#kr-puzzle-goal")).to_have_text(re.compile(rf"^{side}เดินก่อน หาตาที่ได้หมาก แล้วเดินต่อจนได้หมากจริงบนกระดาน"))
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    shot_name = "/tmp/tasks-exercise-best-360.png"
    board = page.locator("figure.kr-board .kr-live")
    line = best_move["draft"]["data"]["line"]
    for n, move in enumerate(line[::2]):  # the solver's moves; the live engine plays the defence between them
        for square in re.findall(r"[a-h][1-8]", move)[:2]:
            board.locator(f'g[role="gridcell"][data-square="{square}"]').click()
        if n < len(line[::2]) - 1:
            reply_to = re.findall(r"[a-h][1-8]", line[2 * n + 1])[-1]  # the defence's piece lands there
            expect(board.locator(f'g[role="gridcell"][data-square="{reply_to}"]')).to_have_attribute(
                "aria-label", re.compile(r"ขาว|ดำ"), timeout=ENGINE_MS)
            expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved", timeout=ENGINE_MS)
    page.screenshot(path=shot_name, full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert latin_on(page) == []


def test_a_teacher_counting_number_shows_its_board_and_is_answered_with_a_number(page, drafts):
    proof = call({"op": "play", "game": "makruk", "position": "8/8/3k4/8/4n3/8/8/3KR3 w - - 0 1", "moves": ["e1e4"]})
    assert proof["ok"], proof
    count = proof["status"]["counting"]
    counting = {"game": "makruk", "kind": "counting", "title": "", "hints": ["ดูเรือขาว"],
                "data": {"position": proof["position"], "counter": count["counter"], "count_kind": count["kind"],
                         "ask": "limit", "answer": count["limit"]}}
    page.goto("/th/")
    a = {"title": "งานนับศักดิ์", "instructions": "", "lang": "th", "due": None, "hints": True, "solution": False}
    code, _aid, [count_id] = page.evaluate(ENCODE, [a, [counting]])
    page.goto(f"/th/teach/exercise/#{count_id}#{code}")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    expect(page.locator("#kr-puzzle-goal")).to_have_text("ดำกำลังนับศักดิ์หมาก หาเลขที่นับครบ")
    expect(page.locator("#kr-qz-prompt")).to_have_text("ดำนับศักดิ์หมาก จะนับไปจนครบที่เลขอะไร")
    figure = page.locator("#kr-puzzle-board figure.kr-board svg.kr-diagram")
    expect(figure).to_have_attribute("aria-label", "กระดานหมากรุก: ขาว: เรือ e4, ขุน d1; ดำ: ขุน d6")
    expect(figure.locator("use")).to_have_count(3)
    answer = page.locator("#kr-qz-answer")
    answer.fill("64")
    page.locator('section.kr-pz [data-action="answer"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz-wrong", timeout=ENGINE_MS)
    expect(page.locator("section.kr-pz")).to_contain_text("ตารางศักดิ์หมาก")  # the Makruk module's nudge
    answer.fill(str(count["limit"]))
    page.locator('section.kr-pz [data-action="answer"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved", timeout=ENGINE_MS)
    page.screenshot(path="/tmp/tasks-exercise-counting-360.png", full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert latin_on(page) == []
    assert axe_violations(page) == []


def test_a_broken_link_says_what_is_wrong_and_leads_back(page, drafts):
    code, _, (mate_id, _) = make_code(page, drafts)
    error = page.locator("#kr-ex-error")
    page.goto("/th/teach/exercise/#KA1Z-broken")
    expect(error).to_contain_text("ไม่ครบหรือเสียหาย")
    expect(error).to_contain_text("งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ")
    page.goto(f"/th/teach/exercise/#{code}")
    expect(error).to_contain_text("ไม่บอกว่าเป็นโจทย์ข้อไหน")
    expect(error.locator("a.kr-ex-back")).to_have_attribute("href", f"/th/a/#{code}")
    page.goto(f"/th/teach/exercise/#t-0000000#{code}")
    expect(error).to_contain_text("ไม่อยู่ในงานนี้")
    page.goto(f"/en/teach/exercise/#{mate_id}#{code}x")
    expect(error).to_contain_text("damaged")
    expect(page.locator("section.kr-pz")).to_have_count(0)
    shot(page, "broken")
