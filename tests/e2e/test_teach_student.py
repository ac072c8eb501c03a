"""The student's side of an assignment (issue #13 §2): the assignment page /<lang>/a/#<code> and
the puzzle pages in assignment mode (#as=<assignmentId>&i=<n>), as a student on a phone uses them.

Assignment codes are made in the page with the site's own encodeAssignment (page.evaluate with
a function: the CSP forbids string eval); result codes are read back with decodeResult. What to
play comes from the built pages' data blocks, so the tests run on whatever puzzles the site has.
"""
from __future__ import annotations

import json
import re
from urllib.parse import unquote
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.game_pages import puzzle_data
from tests.e2e.page_state import settle
from tests.e2e.teach_pages import DESKTOP, PHONE, get_text, phone_context_args  # noqa: F401 (a fixture: a phone)
from tests.e2e.test_offline import axe_violations, packed, save_whole_site, sw_context, wait_status  # noqa: F401 (sw_context: a fixture)
from tests.site_builder.thai_words import latin_words, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.warm]

XSS = "<img src=x onerror=window.__x=1>"
KEY = "kradan.assign."

ENCODE = """async (a) => {
  const m = await import('/static/js/core/assignment.js');
  const code = await m.encodeAssignment(a);
  return [code, m.assignmentId(a)];
}"""
DECODE_RESULT = """async (code) => (await import('/static/js/core/assignment.js')).decodeResult(code)"""
STATE = "(aid) => JSON.parse(localStorage.getItem('kradan.assign.' + aid))"
# The reader's saved work: every key but the offline offer's count of pages opened (offline.js), which
# each visit moves on by design.
STORAGE = """() => Object.fromEntries(Object.keys(localStorage).filter((k) => k !== 'kradan.offline.pages')
  .map((k) => [k, localStorage.getItem(k)]))"""
# The browser refuses to save assignments (storage full), as a phone with a full disk does.
REFUSE_SAVES = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('kradan.assign.')) throw new DOMException('full', 'QuotaExceededError');
    return setItem.call(this, key, value);
  };
})();"""


# ---- what the site offers -----------------------------------------------------------------

@pytest.fixture(scope="module")
def puzzles(site_url) -> dict[str, dict]:
    """{id: data} of every Thai exercise of the teachers' catalog, in its order, from its page."""
    catalog = json.loads(get_text(f"{site_url}/th/teach/catalog.json"))
    found = {item["id"]: puzzle_data(get_text(site_url + item["url"])) for item in catalog["items"]}
    assert found, "the catalog lists no exercise"
    return found


def pick(puzzles: dict, test, what: str) -> dict:
    for data in puzzles.values():
        if test(data):
            return data
    pytest.fail(f"the site has no {what}")


def mate_in_one(puzzles):
    return pick(puzzles, lambda d: d["kind"] == "mate" and d.get("mate_in") == 1 and d["game"] == "makruk",
                "Makruk mate in one")


def answers(quiz: dict) -> list[str]:
    return [str(c) for c in (quiz["correct"] if isinstance(quiz["correct"], list) else [quiz["correct"]])]


def choice_quiz(puzzles):
    return pick(puzzles, lambda d: (d.get("quiz") or {}).get("answer_type") == "choice" and len(answers(d["quiz"])) == 1,
                "one-answer choice question")


def with_hints(puzzles):
    return pick(puzzles, lambda d: d["kind"] == "mate" and len(d.get("hints") or []) >= 1, "mate puzzle with hints")


def wrong_choice(quiz: dict) -> str:
    return next(str(c["id"]) for c in quiz["choices"] if str(c["id"]) not in answers(quiz))


# ---- helpers ------------------------------------------------------------------------------

def assignment(items, **fields) -> dict:
    return {"title": "การบ้านหมากรุก", "instructions": "ทำให้ครบทุกข้อ", "lang": "th", "due": None,
            "hints": True, "solution": True, "items": list(items), **fields}


def result_of(page: Page) -> dict:
    """Press "make my result code" and read the code back."""
    page.locator("#kr-st-make").click()
    box = page.locator("#kr-st-code")
    expect(box).to_have_value(re.compile(r"^KS1Z?-"))
    return page.evaluate(DECODE_RESULT, box.input_value())


def make_code(page: Page, a: dict) -> tuple[str, str]:
    """(code, assignmentId) of `a`, made by the site's own module."""
    if not page.url.startswith("http"):
        page.goto("/th/")
    code, aid = page.evaluate(ENCODE, a)
    assert code.startswith("KA1")
    return code, aid


def open_assignment(page: Page, code: str, lang: str = "th"):
    page.goto(f"/{lang}/a/#{code}")
    expect(page.locator("#kr-st-work")).to_be_visible()


def enter_name(page: Page, name: str):
    page.locator("#kr-st-name-input").fill(name)
    page.locator("#kr-st-name button[type=submit]").click()
    expect(page.locator("#kr-st-name-note")).not_to_be_empty()


def click_move(page: Page, move: str):
    board = page.locator("figure.kr-board .kr-live")
    expect(board).not_to_have_attribute("data-busy", "true", timeout=60_000)
    for square in (move[:2], move[2:4]):
        board.locator(f'g[role="gridcell"][data-square="{square}"]').click()


def latin_on(page: Page) -> list[tuple[str, str]]:
    """(word, text) for every Latin word a reader of the page sees or hears now (Thai first)."""
    return [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]


def shot(page: Page, folder: Path, name: str):
    """Screenshots at 360 and 1280 px (into conftest's artifacts_dir), and no sideways scroll at either."""
    for label, size in (("360", PHONE), ("1280", DESKTOP)):
        page.set_viewport_size(size)
        settle(page)
        page.screenshot(path=str(folder / f"teach-student-{name}-{label}.png"), full_page=True)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"], f"{name} scrolls sideways at {label} px"
    page.set_viewport_size(PHONE)


# ---- the whole student flow ---------------------------------------------------------------

def test_a_student_opens_the_link_solves_fails_reloads_and_sends_the_moves(page, puzzles, artifacts_dir):
    mate, quiz = mate_in_one(puzzles), choice_quiz(puzzles)
    a = assignment([mate["id"], quiz["id"]], due="2020-01-31", instructions="ทำให้ครบ\nแล้วส่งรหัสทางไลน์")
    code, aid = make_code(page, a)
    open_assignment(page, code)
    expect(page.locator("#kr-st-title")).to_have_text(a["title"])
    expect(page.locator("#kr-st-instructions")).to_have_text(a["instructions"])
    expect(page.locator("#kr-st-facts")).to_contain_text("เลยกำหนดส่งแล้ว")
    expect(page.locator("#kr-st-facts")).to_contain_text("ดูคำใบ้ได้")
    items = page.locator("#kr-st-items li.student-item")
    expect(items).to_have_count(2)
    expect(items.first).to_have_attribute("data-state", "")
    expect(items.first.locator(".student-state")).to_have_text("ยังไม่ได้ทำ")
    shot(page, artifacts_dir, "student-new")
    assert latin_on(page) == []

    # Only a name is asked, and it is needed before starting.
    page.locator("#kr-st-start").click()
    expect(page.locator("#kr-st-name-note")).to_have_text(re.compile("ใส่ชื่อก่อน"))
    assert page.url.endswith(code)
    page.locator("#kr-st-name-input").fill("  เด็กหญิงมะลิ  ")
    page.locator("#kr-st-start").click()

    # Item 1: a mate in one, solved with one move.
    page.wait_for_url(re.compile(rf"/th/puzzles/{mate['id']}/#as={aid}&i=1$"))
    bar = page.locator("nav.kr-as-bar")
    expect(bar).to_contain_text(f"งาน: {a['title']} · ข้อ 1 จาก 2")
    expect(bar.locator("a.kr-as-back")).to_have_attribute("href", f"/th/a/#{code}")
    expect(page.locator("main > nav.pager")).to_be_hidden()  # the index's next puzzle is not the assignment's
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
    shot(page, artifacts_dir, "puzzle-assignment")
    assert latin_on(page) == []
    click_move(page, mate["line"][0])
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
    state = page.evaluate(STATE, aid)
    assert state["name"] == "เด็กหญิงมะลิ"
    assert state["items"][mate["id"]]["events"] == [["m", mate["line"][0]]]
    assert state["items"][mate["id"]]["claimed"] == "solved"
    nxt = page.locator(".kr-pz-success a.kr-pz-next")
    expect(nxt).to_have_attribute("href", f"/th/puzzles/{quiz['id']}/#as={aid}&i=2")
    nxt.click()

    # Item 2: a wrong answer, then a reload mid-item (the page starts over: "r").
    page.wait_for_url(re.compile(rf"#as={aid}&i=2$"))
    expect(bar).to_contain_text("ข้อ 2 จาก 2")
    wrong = wrong_choice(quiz["quiz"])
    page.locator(f'.kr-qz-choice[data-choice="{wrong}"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz-wrong")
    page.reload()
    expect(page.locator("nav.kr-as-bar")).to_contain_text("ข้อ 2 จาก 2")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz")
    state = page.evaluate(STATE, aid)
    assert state["items"][quiz["id"]]["events"] == [["a", [wrong]], ["r"]]
    assert state["items"][quiz["id"]]["claimed"] == "failed"

    # Back to the assignment: the states, "continue" on the unfinished item, the result code.
    page.locator("nav.kr-as-bar a.kr-as-back").click()
    expect(page.locator("#kr-st-work")).to_be_visible()
    expect(page.locator("#kr-st-name-input")).to_have_value("เด็กหญิงมะลิ")
    expect(items.nth(0)).to_have_attribute("data-state", "solved")
    expect(items.nth(1)).to_have_attribute("data-state", "failed")
    expect(page.locator("#kr-st-start")).to_have_text("ทำต่อ: ข้อ 2")
    expect(page.locator("#kr-st-progress")).to_have_text("ทำแล้ว 1 จาก 2 ข้อ")
    page.locator("#kr-st-make").click()
    box = page.locator("#kr-st-code")
    expect(box).to_have_value(re.compile(r"^KS1Z?-"))
    expect(page.locator("#kr-st-holds")).to_contain_text("ตาเดินและคำตอบ")
    expect(page.locator('[data-action="copy"]')).to_have_text("คัดลอกรหัส")
    line = page.locator("#kr-st-line")
    share = page.locator('[data-action="share"]')
    assert line.is_visible() != share.is_visible()  # navigator.share where present, else LINE
    if line.is_visible():
        href = line.get_attribute("href")
        assert href.startswith("https://line.me/R/share?text=") and box.input_value() in unquote(href)
    shot(page, artifacts_dir, "student-code")
    assert latin_on(page) == []
    result = page.evaluate(DECODE_RESULT, box.input_value())
    assert result["assignment"] == aid and result["name"] == "เด็กหญิงมะลิ"
    assert result["submitted"] >= result["started"]
    first, second = result["items"]
    assert (first["id"], first["events"], first["claimed"], first["attempts"]) == (mate["id"], [["m", mate["line"][0]]], "solved", 1)
    assert (second["id"], second["events"], second["claimed"]) == (quiz["id"], [["a", [wrong]], ["r"]], "failed")
    assert first["ms"] > 0 and second["ms"] > 0

    # Copying puts the code on the clipboard (or says how to copy by hand).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator('[data-action="copy"]').click()
    expect(page.locator("#kr-st-copy-note")).to_have_text(re.compile("คัดลอก"))


def test_hints_and_solution_are_hidden_when_the_assignment_forbids_them(page, puzzles):
    hinted, quiz = with_hints(puzzles), choice_quiz(puzzles)
    own = [next(d for d in puzzles.values() if d["kind"] == kind) for kind in ("counting", "scoring")
           if any(d["kind"] == kind for d in puzzles.values())]  # the games' own puzzle UIs
    items = [hinted["id"], quiz["id"], *(d["id"] for d in own)]
    strict_code, strict = make_code(page, assignment(items, hints=False, solution=False, title="ห้ามใบ้"))
    open_code, free = make_code(page, assignment(items, title="ใบ้ได้"))
    for code in (strict_code, open_code):
        open_assignment(page, code)
        enter_name(page, "ต้น")
    for i, data in enumerate(puzzles[item] for item in items):
        page.goto(f"/th/puzzles/{data['id']}/#as={strict}&i={i + 1}")
        expect(page.locator("nav.kr-as-bar")).to_contain_text("งาน: ห้ามใบ้")
        expect(page.locator("section.kr-pz")).to_have_attribute("data-state", re.compile("play|quiz"), timeout=60_000)
        expect(page.locator('.kr-pz [data-action="solution"]')).to_have_count(1)
        expect(page.locator('.kr-pz [data-action="solution"]')).to_be_hidden()
        expect(page.locator('.kr-pz [data-action="hint"]:visible')).to_have_count(0)
        expect(page.locator(".kr-puzzle-solution")).to_be_hidden()
    page.goto(f"/th/puzzles/{hinted['id']}/#as={free}&i=1")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
    page.locator('.kr-pz [data-action="hint"]').click()
    expect(page.locator("ol.kr-pz-hints li")).to_have_count(1)
    page.locator('.kr-pz [data-action="solution"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solution")
    item = page.evaluate(STATE, free)["items"][hinted["id"]]
    assert item["events"] == [["h"], ["s"]] and item["claimed"] == "seen" and item["hints"] == 1


def test_a_wrong_move_its_take_back_and_the_right_move_are_recorded_as_retried(page, puzzles):
    mate = pick(puzzles, lambda d: d["kind"] == "mate" and d.get("mate_in") == 1 and d["game"] == "makruk"
                and d["tree"].get("refutations"), "Makruk mate in one with a refuted move")
    wrong = next(iter(mate["tree"]["refutations"]))
    code, aid = make_code(page, assignment([mate["id"]]))
    open_assignment(page, code)
    enter_name(page, "ปุ้ย")
    page.locator("#kr-st-start").click()
    pz = page.locator("section.kr-pz")
    expect(pz).to_have_attribute("data-state", "play", timeout=60_000)
    click_move(page, wrong)
    expect(pz).to_have_attribute("data-state", "wrong")
    page.locator('.kr-pz [data-action="retry"]').click()
    expect(pz).to_have_attribute("data-state", "play")
    click_move(page, mate["line"][0])
    expect(pz).to_have_attribute("data-state", "solved")
    expect(page.locator(".kr-pz-success a.kr-pz-next")).to_have_attribute("href", f"/th/a/#{code}")  # the last item
    page.locator(".kr-pz-success a.kr-pz-next").click()
    expect(page.locator("#kr-st-items li").first).to_have_attribute("data-state", "retried")
    expect(page.locator("#kr-st-progress")).to_contain_text("ทำครบทุกข้อแล้ว")
    expect(page.locator("#kr-st-start")).to_be_hidden()
    item = result_of(page)["items"][0]
    assert item["events"] == [["m", wrong], ["t"], ["m", mate["line"][0]]]
    assert (item["claimed"], item["attempts"]) == ("retried", 2)


def test_a_normal_puzzle_page_and_a_hash_without_a_state_are_not_in_assignment_mode(page, puzzles):
    mate = mate_in_one(puzzles)
    for url in (f"/th/puzzles/{mate['id']}/", f"/th/puzzles/{mate['id']}/#as=abcdefg&i=1"):
        page.goto("/th/")
        page.goto(url)
        expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
        expect(page.locator("nav.kr-as-bar")).to_have_count(0)
        expect(page.locator('.kr-pz [data-action="solution"]')).to_be_visible()
        click_move(page, mate["line"][0])
        expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
        assert not [k for k in page.evaluate(STORAGE) if k.startswith(KEY)]


def test_names_titles_and_instructions_typed_by_people_stay_text(page, puzzles):
    mate = mate_in_one(puzzles)
    a = assignment([mate["id"]], title=XSS, instructions="<script>window.__x=2</script>\n" + XSS)
    code, aid = make_code(page, a)
    open_assignment(page, code)
    enter_name(page, XSS)
    expect(page.locator("#kr-st-title")).to_have_text(XSS)
    expect(page.locator("#kr-st-instructions")).to_have_text(a["instructions"])
    assert page.locator("#kr-student img").count() == 0
    result = result_of(page)
    assert result["name"] == XSS
    page.locator("#kr-st-start").click()
    expect(page.locator("nav.kr-as-bar")).to_contain_text(f"งาน: {XSS}")
    assert page.locator("nav.kr-as-bar img").count() == 0
    page.goto(f"/th/a/#{code}")
    expect(page.locator("#kr-st-name-input")).to_have_value(XSS)
    page.wait_for_timeout(300)  # an injected image would have failed to load by now
    assert page.locator("#kr-student img").count() == 0
    assert page.evaluate("() => window.__x") is None
    assert page.title().startswith(XSS)


def test_bad_links_say_what_is_wrong_and_lose_nothing(page, puzzles, artifacts_dir):
    mate, quiz = mate_in_one(puzzles), choice_quiz(puzzles)
    code, aid = make_code(page, assignment([mate["id"], "no-such-exercise", quiz["id"]], title="งานเดิม"))
    open_assignment(page, code)
    enter_name(page, "ก้อง")
    # An exercise the site no longer has: said, skipped, the rest works.
    gone = page.locator('#kr-st-items li[data-id="no-such-exercise"]')
    expect(gone).to_have_attribute("data-missing", "true")
    expect(gone).to_contain_text("ไม่มีในเว็บแล้ว")
    expect(gone.locator("a")).to_have_count(0)
    page.goto(f"/th/puzzles/{mate['id']}/#as={aid}&i=1")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
    click_move(page, mate["line"][0])
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
    expect(page.locator(".kr-pz-success a.kr-pz-next")).to_have_attribute("href", f"/th/puzzles/no-such-exercise/#as={aid}&i=2")
    page.goto(f"/th/a/#{code}")
    expect(page.locator("#kr-st-start")).to_have_text("ทำต่อ: ข้อ 3")  # the gone item is skipped
    saved = page.evaluate(STORAGE)

    result_code = page.evaluate("""async (aid) => (await import('/static/js/core/assignment.js')).encodeResult(
        {assignment: aid, name: 'x', started: '', submitted: '', items: []})""", aid)
    bad = {
        "": "ลิงก์นี้ไม่มีงานอยู่",
        "garbage-text": "ไม่ครบหรือเสียหาย",
        code[:-9]: "ไม่ครบหรือเสียหาย",  # cut off when copied
        code[:20] + ("A" if code[20] != "A" else "B") + code[21:]: "ไม่ครบหรือเสียหาย",  # a changed letter
        "KA0Z" + code[4:]: "รุ่นเก่า",
        "KA9Z" + code[4:]: "รุ่นใหม่กว่า",
        result_code: "รหัสผลของนักเรียน",
        "%E0%B8": "ไม่ครบหรือเสียหาย",
    }
    for fragment, message in bad.items():
        page.goto("/th/")
        page.goto(f"/th/a/#{fragment}")
        expect(page.locator("#kr-st-error")).to_contain_text(message)
        expect(page.locator("#kr-st-work")).to_be_hidden()
        link = page.locator("#kr-st-saved a")
        expect(link).to_have_text("งานเดิม (1/3 ข้อ)")
        assert link.get_attribute("href") == f"/th/a/#{code}"
        assert page.evaluate(STORAGE) == saved, fragment
    shot(page, artifacts_dir, "student-bad-link")


def test_storage_full_keeps_working_in_memory_and_still_gives_the_code(browser, site_url, puzzles):
    context = browser.new_context(base_url=site_url, service_workers="block", viewport=PHONE)
    page = context.new_page()
    mate = mate_in_one(puzzles)
    code, _ = make_code(page, assignment([mate["id"]]))
    context.add_init_script(REFUSE_SAVES)
    open_assignment(page, code)
    expect(page.locator("#kr-st-storage")).to_contain_text("ผลอาจหาย")
    enter_name(page, "ฝน")
    result = result_of(page)
    assert result["name"] == "ฝน" and [i["id"] for i in result["items"]] == [mate["id"]]
    context.close()


def test_the_english_page_speaks_english(page, puzzles):
    mate = mate_in_one(puzzles)
    code, aid = make_code(page, assignment([mate["id"]], lang="en", title="Homework", due="2999-12-31",
                                          hints=False, solution=False))
    open_assignment(page, code, "en")
    facts = page.locator("#kr-st-facts")
    expect(facts).to_contain_text("Due 31 December 2999")
    expect(facts).to_contain_text("No hints in this assignment")
    expect(facts).not_to_contain_text("passed")
    expect(page.locator("#kr-st-start")).to_have_text("Start the first item")
    enter_name(page, "Mali")
    page.locator("#kr-st-start").click()
    page.wait_for_url(re.compile(rf"/en/puzzles/{mate['id']}/#as={aid}&i=1$"))
    expect(page.locator("nav.kr-as-bar")).to_contain_text("Assignment: Homework · item 1 of 1")


# ---- offline mid-lesson -------------------------------------------------------------------

def test_the_work_goes_on_offline(sw_context, puzzles):
    data = mate_in_one(puzzles)
    context = sw_context(viewport=PHONE)
    page = context.new_page()
    code, aid = make_code(page, assignment([data["id"]]))
    open_assignment(page, code)
    save_whole_site(page)  # the student's choice (nothing big downloads by itself): the items work offline
    wait_status(page, packed)
    open_assignment(page, code)
    enter_name(page, "ออฟ")
    context.set_offline(True)
    page.reload()  # the page and the catalog come from the saved copy
    expect(page.locator("#kr-st-work")).to_be_visible()
    expect(page.locator("#kr-st-error")).to_be_hidden()  # the catalog was there too
    expect(page.locator("#kr-st-items li a")).to_have_count(1)
    page.locator("#kr-st-start").click()
    expect(page.locator("nav.kr-as-bar")).to_contain_text("ข้อ 1 จาก 1")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "play", timeout=60_000)
    click_move(page, data["line"][0])
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
    page.locator(".kr-pz-success a.kr-pz-next").click()  # the last item: back to the assignment
    expect(page.locator("#kr-st-items li").first).to_have_attribute("data-state", "solved")
    result = result_of(page)
    assert result["items"][0]["events"] == [["m", data["line"][0]]]
    assert axe_violations(page) == []


# ---- accessibility ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["th", "en"])
def test_no_axe_violations_on_the_student_page_and_a_puzzle_in_assignment_mode(page, puzzles, lang, artifacts_dir):
    quiz = choice_quiz(puzzles)
    code, aid = make_code(page, assignment([quiz["id"]], lang=lang, hints=False))
    open_assignment(page, code, lang)
    enter_name(page, "นักเรียน")
    page.locator("#kr-st-make").click()
    expect(page.locator("#kr-st-code")).to_have_value(re.compile("^KS"))
    assert axe_violations(page) == []
    page.goto(f"/{lang}/puzzles/{quiz['id']}/#as={aid}&i=1")
    expect(page.locator("nav.kr-as-bar")).to_contain_text("1")
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz")
    page.locator(f'.kr-qz-choice[data-choice="{wrong_choice(quiz["quiz"])}"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "quiz-wrong")
    assert axe_violations(page) == []
    if lang == "th":
        shot(page, artifacts_dir, "puzzle-quiz-assignment")
