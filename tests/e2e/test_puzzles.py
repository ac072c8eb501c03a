"""Puzzles as a student on a phone uses them: 360 px wide, touch, Thai first.

Solving (right, wrong + refutation + retry), hints, the solution, rule quizzes (choices and a
number in Thai digits), progress kept across reloads, the index filters kept in the URL with
"next puzzle" following them, and progress moved between browsers as a code or a file, with
bad codes and damaged storage never losing anything.

The tests read what to play from the pages themselves (the puzzle's JSON data block and the
index's li.kr-puzzle-item data-*), so they run on whatever puzzles the site has; the engine
(CPython, `engine_play`) says which position each step must show.
Fixtures from conftest.py: site_url, page (pytest-playwright, base_url = site_url),
engine_play, artifacts_dir. Waits poll locators (never wait_for_function: the CSP forbids eval).
"""
from __future__ import annotations

import json
import re
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.game_pages import puzzle_data as data_block, with_puzzle_data

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)

ENGINE_MS = 60_000  # the engine loads in a few seconds; never wait forever
PROGRESS_KEY = "kradan.progress.v1"
CORRUPT_KEY = "kradan.progress.corrupt"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}
THAI_DIGITS = str.maketrans("0123456789", "๐๑๒๓๔๕๖๗๘๙")


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args):
    """A phone: 360 px wide, touch screen."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


# ---- what the site offers (read once from the built pages) ---------------------------------

@dataclass
class Puzzle:
    url: str
    data: dict
    item: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.data["kind"]


class _Items(HTMLParser):
    """li.kr-puzzle-item attributes and the href of their first link."""

    def __init__(self):
        super().__init__()
        self.items, self._open = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "kr-puzzle-item" in (a.get("class") or "").split():
            self._open = {k[5:]: v for k, v in a.items() if k.startswith("data-")}
            self.items.append(self._open)
        elif tag == "a" and self._open is not None and "href" not in self._open:
            self._open["href"] = a["href"]

    def handle_endtag(self, tag):
        if tag == "li":
            self._open = None


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


@pytest.fixture(scope="session")
def catalog(real_site_url) -> dict[str, list[Puzzle]]:
    """{lang: [Puzzle, ...]} in index order."""
    out = {}
    for lang in ("th", "en"):
        parser = _Items()
        parser.feed(_get(f"{real_site_url}/{lang}/puzzles/"))
        assert parser.items, f"/{lang}/puzzles/ lists no li.kr-puzzle-item"
        out[lang] = [Puzzle(item["href"], data_block(_get(real_site_url + item["href"])), item) for item in parser.items]
    return out


def pick(catalog, lang="th", *, need: str = "", **want) -> Puzzle:
    """The first puzzle whose data matches `want` (and `need`: extra conditions by name)."""
    for p in catalog[lang]:
        d = p.data
        if any(d.get(k) != v for k, v in want.items()):
            continue
        if need == "refutable" and not _refutation(d):
            continue
        if need == "hints" and len(d.get("hints") or []) < 2:
            continue
        if need == "next" and not d.get("next"):
            continue
        if d["kind"] == "rule-quiz" and (d.get("quiz") or {}).get("answer_type") != "choice":
            continue
        return p
    pytest.fail(f"the site has no puzzle with {want} {need}")


def choice_quiz(catalog, lang="th") -> Puzzle:
    """A multiple-choice question: a rule quiz, else any other kind's (e.g. counting)."""
    quizzes = [p for p in catalog[lang] if (p.data.get("quiz") or {}).get("answer_type") == "choice"]
    quizzes.sort(key=lambda p: p.kind != "rule-quiz")
    if not quizzes:
        pytest.fail("the site has no multiple-choice question")
    return quizzes[0]


def filter_choice(catalog) -> tuple[str, str, list[Puzzle]]:
    """(filter, value, puzzles): a kind with two puzzles or more if the site has several kinds
    (mate preferred), else its most common tag that does not cover every puzzle."""
    puzzles = catalog["th"]
    kinds = [p.kind for p in puzzles]
    if len(set(kinds)) > 1:
        kind = "mate" if kinds.count("mate") >= 2 else max(set(kinds), key=kinds.count)
        return "kind", kind, [p for p in puzzles if p.kind == kind]
    tags = [t for p in puzzles for t in p.item["tags"].split()]
    usable = [t for t in set(tags) if 2 <= tags.count(t) < len(puzzles)]
    assert usable, "the index has nothing to filter on"
    tag = max(usable, key=tags.count)
    return "tag", tag, [p for p in puzzles if tag in p.item["tags"].split()]


def _refutation(data: dict) -> tuple[str, str] | None:
    """A wrong first move whose refutation is a real reply, preferring a quiet one."""
    refs = [(m, r) for m, r in (data.get("tree") or {}).get("refutations", {}).items() if r]
    return refs[0] if refs else None


# ---- driving the page ----------------------------------------------------------------------

def panel(page: Page):
    return page.locator("section.kr-pz")


def open_puzzle(page: Page, url: str, state: str = "play"):
    page.goto(url)
    expect(panel(page), "the puzzle never became playable").to_have_attribute("data-state", state, timeout=ENGINE_MS)


def square(page: Page, name: str):
    return page.locator(f'.kr-live g[role="gridcell"][data-square="{name}"]')


def tap_move(page: Page, uci: str, touch: bool = True):
    for name in (uci[:2], uci[2:4]):
        (square(page, name).tap if touch else square(page, name).click)()


def expect_position(page: Page, fen: str):
    expect(page.locator(".kr-live")).to_have_attribute("data-position", fen, timeout=10_000)


def action(page: Page, name: str):
    return panel(page).locator(f'[data-action="{name}"]')


def stored(page: Page) -> dict | None:
    text = page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')")
    return json.loads(text) if text else None


def expect_touch_sized(locators):
    for loc in locators:
        for i in range(loc.count()):
            el = loc.nth(i)
            if not el.is_visible():
                continue
            box = el.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, f"{el} is {box['width']}x{box['height']} px"


def expect_no_sideways_scroll(page: Page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def shot(page: Page, artifacts_dir, name: str):
    page.screenshot(path=str(artifacts_dir / f"puzzles-{name}.png"), full_page=True)


def answer_quiz(page: Page, quiz: dict, right: bool = True):
    """Answer a quiz (choices or a number) right or wrong."""
    if quiz["answer_type"] == "number":
        value = quiz["correct"] if right else quiz["correct"] + 1
        panel(page).locator("#kr-qz-answer").fill(str(value))
        action(page, "answer").tap()
        return
    pick_id = quiz["correct"][0] if right else next(c["id"] for c in quiz["choices"] if c["id"] not in quiz["correct"])
    panel(page).locator(f'.kr-qz-choice[data-choice="{pick_id}"]').tap()


def solve_line(page: Page, data: dict, engine_play, touch: bool = True):
    """Play the solver's moves of the main line; the defence answers by itself."""
    line = data["line"]
    for i in range(0, len(line), 2):
        tap_move(page, line[i], touch)
        if i + 1 < len(line):
            expect_position(page, engine_play(data["position"], line[: i + 2])["position"])
    expect(panel(page)).to_have_attribute("data-state", "solved")


# ---- mate and best-move puzzles -----------------------------------------------------------

def test_solve_a_mate_in_two_on_a_phone(page: Page, catalog, engine_play, artifacts_dir):
    p = pick(catalog, kind="mate", mate_in=2, need="next")
    data = p.data
    open_puzzle(page, p.url)
    # The board faces the solver: the solver's first rank is at the bottom left.
    first = page.locator(".kr-live g[role='row']").last.locator("g[role='gridcell']").first
    expect(first).to_have_attribute("data-square", "a1" if data["solver"] == "white" else "h8")
    expect(panel(page).locator(".kr-pz-verdict")).to_contain_text("2")
    expect_touch_sized([panel(page).locator("button"), panel(page).locator(".kr-pz-links a")])
    expect_no_sideways_scroll(page)
    shot(page, artifacts_dir, "mate2-start-360")

    line = data["line"]
    tap_move(page, line[0])
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("ถูกต้อง!")
    # The defence replies from the proven tree, played through the engine.
    expect_position(page, engine_play(data["position"], line[:2])["position"])
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect(square(page, line[1][2:4])).to_have_class(re.compile(r"\bkr-last\b"))
    tap_move(page, line[2])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(page.locator(".kr-live .kr-status")).to_have_attribute("data-result", f"{data['solver']}_wins")
    success = panel(page).locator(".kr-pz-success")
    expect(success).to_be_visible()
    expect(success.locator(".kr-pz-success-title")).to_have_text("แก้โจทย์สำเร็จ!")
    expect(success.locator("a.kr-pz-next")).to_have_attribute("href", data["next"])
    expect(success.locator("a.kr-pz-index")).to_have_attribute("href", re.compile("^" + re.escape(data["index"])))
    expect_touch_sized([success.locator("a")])
    expect_no_sideways_scroll(page)
    shot(page, artifacts_dir, "mate2-solved-360")
    assert stored(page)["puzzles"][data["id"]]["state"] == "solved"

    success.locator("a.kr-pz-next").tap()
    expect(page).to_have_url(re.compile(re.escape(data["next"]) + "$"))


def test_wrong_move_shows_the_refutation_then_retry(page: Page, catalog, engine_play, artifacts_dir):
    p = pick(catalog, kind="mate", mate_in=2, need="refutable")
    data = p.data
    wrong, reply = _refutation(data)
    open_puzzle(page, p.url)
    tap_move(page, wrong)
    expect(panel(page)).to_have_attribute("data-state", "wrong")
    feedback = panel(page).locator(".kr-pz-feedback")
    expect(feedback).to_have_attribute("data-tone", "bad")
    expect(feedback.locator(".kr-pz-verdict")).to_have_text("ยังไม่ใช่")
    # The engine's refutation is played out on the board and named in the explanation.
    expect_position(page, engine_play(data["position"], [wrong, reply])["position"])
    expect(feedback.locator(".kr-pz-detail")).to_contain_text(reply[2:4])
    expect(feedback.locator(".kr-pz-detail")).to_contain_text("ไม่มีจนใน 1 ตา")
    retry = action(page, "retry")
    expect(retry).to_be_visible()
    expect(retry).to_have_text("ย้อนตาที่ผิด")
    expect_touch_sized([retry])
    shot(page, artifacts_dir, "mate2-wrong-360")
    assert stored(page)["puzzles"][data["id"]]["state"] == "failed"

    retry.tap()
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect_position(page, engine_play(data["position"], [])["position"])
    expect(retry).to_be_hidden()
    solve_line(page, data, engine_play)
    # Solved after a mistake: saved as "retried", and the page says so with the list's own badge.
    entry = stored(page)["puzzles"][data["id"]]
    assert entry["state"] == "retried" and entry["attempts"] == 2, entry
    result = panel(page).locator(".kr-pz-result .kr-badge")
    expect(result).to_have_attribute("data-state", "retried")
    expect(result).to_have_text("↺ ทำได้หลังพลาด")
    page.reload()
    expect(panel(page).locator(".kr-pz-before")).to_have_attribute("data-state", "retried", timeout=ENGINE_MS)


def test_hints_one_at_a_time_and_progress_kept_after_reload(page: Page, catalog, engine_play, artifacts_dir):
    p = pick(catalog, kind="mate", need="hints")
    data, hints = p.data, p.data["hints"]
    open_puzzle(page, p.url)
    hint = action(page, "hint")
    expect(hint).to_have_text(f"คำใบ้ (1/{len(hints)})")
    expect(panel(page).locator("ol.kr-pz-hints")).to_be_hidden()
    hint.tap()
    items = panel(page).locator("ol.kr-pz-hints > li")
    expect(items).to_have_count(1)
    expect(items.first).to_have_text(hints[0])
    expect(hint).to_have_text(f"คำใบ้ (2/{len(hints)})")
    expect(items.first.locator("xpath=..")).to_have_attribute("aria-live", "polite")  # read out when it appears
    shot(page, artifacts_dir, "hint-360")
    solve_line(page, data, engine_play)
    expect(panel(page).locator(".kr-pz-success-stats")).to_contain_text("คำใบ้ที่ใช้ 1")
    panel_badge = panel(page).locator(".kr-pz-result .kr-badge").text_content()

    page.reload()
    before = panel(page).locator(".kr-pz-before")
    expect(before).to_have_attribute("data-state", "solved", timeout=ENGINE_MS)
    expect(before).to_have_text("ครั้งก่อน: ✓ ทำได้แล้ว")
    entry = stored(page)["puzzles"][data["id"]]
    assert entry["state"] == "solved" and entry["hints"] == 1 and entry["attempts"] == 1, entry
    page.goto(data["index"])
    badge = page.locator(f'li.kr-puzzle-item[data-id="{data["id"]}"] .kr-badge')
    expect(badge).to_have_attribute("data-state", "solved")
    expect(badge).to_have_text("✓ ทำได้แล้ว")
    expect(badge).to_have_text(panel_badge)


def test_show_solution_plays_the_line_and_is_not_a_solve(page: Page, catalog, engine_play):
    p = pick(catalog, kind="mate", mate_in=2)
    data = p.data
    open_puzzle(page, p.url)
    action(page, "solution").tap()
    expect(panel(page)).to_have_attribute("data-state", "solution")
    expect_position(page, engine_play(data["position"], data["line"])["position"])
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("นี่คือเฉลย ลองเดินเองอีกครั้งได้")
    expect(panel(page).locator(".kr-pz-success")).to_be_hidden()
    entry = stored(page)["puzzles"][data["id"]]
    assert entry["state"] == "failed" and entry.get("seen") is True, entry
    try_again = action(page, "retry")
    expect(try_again).to_have_text("ลองเดินเอง")
    try_again.tap()
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect_position(page, engine_play(data["position"], [])["position"])


def test_english_puzzle_page(page: Page, catalog, engine_play):
    p = pick(catalog, "en", kind="mate", mate_in=2, need="refutable")
    wrong, reply = _refutation(p.data)
    open_puzzle(page, p.url)
    if p.data["hints"]:
        expect(action(page, "hint")).to_have_text(f"Hint (1/{len(p.data['hints'])})")
    expect(action(page, "solution")).to_have_text("Show solution")
    tap_move(page, wrong)
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("Not quite")
    expect(panel(page).locator(".kr-pz-detail")).to_contain_text("no mate in 1")
    expect(action(page, "retry")).to_have_text("Take the move back")


def test_without_the_engine_the_puzzle_still_plays_and_analysis_says_why_not(page: Page, catalog, engine_play):
    """If Pyodide cannot load, the puzzle is played from the page anyway (hints, the solution);
    only "analyse this position" needs the engine, and the page says it could not load."""
    p = pick(catalog, kind="mate")
    page.route("**/pyodide/**", lambda route: route.abort())
    open_puzzle(page, p.url)
    if p.data["hints"]:
        action(page, "hint").tap()
        expect(panel(page).locator("ol.kr-pz-hints > li")).to_have_count(1)
    action(page, "solution").tap()
    expect(panel(page)).to_have_attribute("data-state", "solution", timeout=ENGINE_MS)
    expect_position(page, engine_play(p.data["position"], p.data["line"])["position"])
    action(page, "analyse").tap()
    expect(panel(page).locator(".kr-pz-note")).to_have_text("โหลดเอนจินไม่สำเร็จ แต่ส่วนที่เตรียมไว้ในหน้ายังใช้ได้",
                                                           timeout=ENGINE_MS)
    expect(page.locator("figure.kr-board")).to_have_attribute("data-state", "ready")


# ---- rule quizzes --------------------------------------------------------------------------

def test_rule_quiz_wrong_then_right(page: Page, catalog, artifacts_dir):
    p = choice_quiz(catalog)
    quiz = p.data["quiz"]
    right = quiz["correct"][0]
    wrong = next(c["id"] for c in quiz["choices"] if c["id"] not in quiz["correct"])
    open_puzzle(page, p.url, state="quiz")
    expect(page.locator(".kr-puzzle-quiz")).to_be_hidden()  # the page's static list makes way for buttons
    expect(panel(page).locator(".kr-qz-prompt")).to_have_text(quiz["prompt"])
    choices = panel(page).locator(".kr-qz-choice")
    expect(choices).to_have_count(len(quiz["choices"]))
    expect_touch_sized([choices])
    panel(page).locator(f'.kr-qz-choice[data-choice="{wrong}"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
    feedback = panel(page).locator(".kr-pz-feedback")
    expect(feedback.locator(".kr-pz-verdict")).to_have_text("ยังไม่ถูก")
    # only that it is wrong, and why that answer is wrong: the explanation stays hidden
    expect(feedback.locator(".kr-pz-detail")).to_contain_text(quiz["nudges"][wrong])
    expect(feedback.locator(".kr-pz-detail")).not_to_contain_text(quiz["explanation"])
    expect(panel(page).locator(f'.kr-qz-choice[data-choice="{wrong}"]')).to_be_disabled()
    expect_no_sideways_scroll(page)
    shot(page, artifacts_dir, "quiz-wrong-360")
    assert stored(page)["puzzles"][p.data["id"]]["state"] == "failed"

    panel(page).locator(f'.kr-qz-choice[data-choice="{right}"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(feedback.locator(".kr-pz-verdict")).to_have_text("ถูกต้อง!")
    expect(panel(page).locator(".kr-pz-success")).to_contain_text(quiz["explanation"][:20])
    expect(panel(page).locator(f'.kr-qz-choice[data-choice="{right}"]')).to_have_class(re.compile("kr-qz-right"))
    expect(panel(page).locator(".kr-pz-result .kr-badge")).to_have_text("↺ ทำได้หลังพลาด")
    shot(page, artifacts_dir, "quiz-right-360")
    assert stored(page)["puzzles"][p.data["id"]]["state"] == "retried"


def test_rule_quiz_right_first_time_is_solved(page: Page, catalog):
    p = choice_quiz(catalog)
    open_puzzle(page, p.url, state="quiz")
    panel(page).locator(f'.kr-qz-choice[data-choice="{p.data["quiz"]["correct"][0]}"]').tap()
    expect(panel(page)).to_have_attribute("data-state", "solved")
    assert stored(page)["puzzles"][p.data["id"]] | {"updated": ""} == \
        {"state": "solved", "attempts": 1, "hints": 0, "updated": ""}


def test_number_answer_takes_thai_digits_and_refuses_garbage(page: Page, catalog, site_url):
    """Number answers (answer_type "number", e.g. counting questions). Without one on the site,
    a quiz page is served with its data block swapped for a number question (a route keeps the
    real headers and CSP)."""
    real = [p for p in catalog["th"] if (p.data.get("quiz") or {}).get("answer_type") == "number"]
    if real:
        url, data = real[0].url, real[0].data
    else:
        base = choice_quiz(catalog)
        data = dict(base.data, id="e2e-number-quiz", quiz={
            "prompt": "ขาวมีตาเดินที่ถูกกติกากี่ตา", "answer_type": "number", "choices": [], "correct": 17,
            "explanation": "เรือเดินได้ 14 ตา ขุนเดินได้ 3 ตา รวม 17"})
        url = f"{site_url}/th/puzzles/e2e-number-quiz/"

        def serve(route):
            response = route.fetch(url=site_url + base.url)
            html = with_puzzle_data(response.text(), data)
            route.fulfill(response=response, body=html)

        page.route(url, serve)
    correct = data["quiz"]["correct"]
    open_puzzle(page, url, state="quiz")
    answer = panel(page).locator("#kr-qz-answer")
    send = action(page, "answer")
    expect_touch_sized([answer, send])
    error = panel(page).locator(".kr-qz-error")
    for garbage in ("สิบเจ็ด", "17 ตา", "1.2.3", "--5"):
        answer.fill(garbage)
        send.tap()
        expect(error).to_be_visible()
        expect(error).to_contain_text("ต้องตอบเป็นตัวเลข")
        expect(answer).to_have_attribute("aria-invalid", "true")
    assert stored(page) is None, "garbage must not count as an attempt"
    expect(panel(page)).to_have_attribute("data-state", "quiz")

    answer.fill(str(correct + 1).translate(THAI_DIGITS))
    send.tap()
    expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
    expect(panel(page).locator(".kr-pz-verdict")).to_have_text("ยังไม่ถูก")
    expect(panel(page).locator(".kr-pz-detail")).not_to_contain_text(data["quiz"]["explanation"])
    expect(error).to_be_hidden()
    answer.fill(" " + str(correct).translate(THAI_DIGITS) + " ")
    send.tap()
    expect(panel(page)).to_have_attribute("data-state", "solved")
    entry = stored(page)["puzzles"][data["id"]]
    assert entry["attempts"] == 2 and entry["state"] == "retried", entry


# ---- the index -----------------------------------------------------------------------------

def _solvable(p: Puzzle) -> bool:
    return bool(p.data.get("quiz") or p.data.get("tree"))


def test_index_filters_live_in_the_url_and_next_follows_them(page: Page, catalog, engine_play, artifacts_dir):
    items = [p.item for p in catalog["th"]]
    key, value, chosen = filter_choice(catalog)
    page.goto("/th/puzzles/")
    filters = page.locator("#kr-puzzle-filters")
    expect(filters).to_be_visible()
    select = filters.locator(f'select[data-filter="{key}"]')
    expect(select.locator(f'option[value="{value}"]')).to_have_text(re.compile(rf"\({len(chosen)}\)$"))
    filters.locator("summary").tap()  # on a phone the filters are folded behind one line
    expect_touch_sized([filters.locator("summary"), filters.locator("select"), filters.locator("button")])
    select.select_option(value)
    expect(page).to_have_url(re.compile(rf"\?{key}={value}$"))
    visible = page.locator("li.kr-puzzle-item:visible")
    expect(visible).to_have_count(len(chosen))
    expect(filters.locator(".kr-filter-count")).to_have_text(f"แสดง {len(chosen)} จาก {len(items)} โจทย์")
    expect_no_sideways_scroll(page)
    shot(page, artifacts_dir, "index-filtered-360")

    # A URL with filters applies them on load; a filter with no puzzle says so.
    level = chosen[0].item["difficulty"]
    page.goto(f"/th/puzzles/?{key}={value}&difficulty={level}")
    want = [p for p in chosen if p.item["difficulty"] == level]
    expect(filters.locator('select[data-filter="difficulty"]')).to_have_value(level)
    expect(page.locator("li.kr-puzzle-item:visible")).to_have_count(len(want))
    page.goto(f"/th/puzzles/?{key}={value}&state=solved")
    expect(filters.locator(".kr-filter-none")).to_be_visible()
    expect(page.locator("li.kr-puzzle-item:visible")).to_have_count(0)
    filters.locator('[data-action="clear-filters"]').tap()
    expect(page).to_have_url(re.compile(r"/th/puzzles/$"))
    expect(page.locator("li.kr-puzzle-item:visible")).to_have_count(len(items))

    # "Next puzzle" follows the filtered list; "back" keeps the filters.
    i = next(n for n, p in enumerate(chosen[:-1]) if _solvable(p))
    first, following = chosen[i], chosen[i + 1]
    page.goto(f"/th/puzzles/?{key}={value}")
    page.locator(f'li.kr-puzzle-item[data-id="{first.data["id"]}"] a').first.tap()
    quiz = first.data.get("quiz")
    expect(panel(page)).to_have_attribute("data-state", "quiz" if quiz else "play", timeout=ENGINE_MS)
    expect(panel(page).locator("a.kr-pz-link-index")).to_have_attribute("href", f"/th/puzzles/?{key}={value}")
    if quiz:
        answer_quiz(page, quiz)
        expect(panel(page)).to_have_attribute("data-state", "solved")
    else:
        solve_line(page, first.data, engine_play)
    expect(page.locator("a.kr-pz-next")).to_have_attribute("href", following.url)
    page.locator("a.kr-pz-next").tap()
    expect(page).to_have_url(re.compile(re.escape(following.url) + "$"))
    page.goto("/th/puzzles/?state=solved")
    expect(page.locator("li.kr-puzzle-item:visible")).to_have_count(1)
    expect(page.locator(f'li.kr-puzzle-item[data-id="{first.data["id"]}"]')).to_have_attribute("data-progress", "solved")
    option = page.locator('select[data-filter="state"] option[value="solved"]')
    expect(option).to_have_text(re.compile(r"\(1\)$"))


# ---- progress: export, import, damage -------------------------------------------------------

def _make_progress(page: Page, catalog) -> tuple[str, str]:
    """One question solved, one puzzle failed (a second question, else a wrong move). Returns their ids."""
    quizzes = [p for p in catalog["th"] if p.data.get("quiz")]
    assert quizzes, "the site has no question"
    good = quizzes[0]
    open_puzzle(page, good.url, state="quiz")
    answer_quiz(page, good.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    if len(quizzes) > 1:
        bad = quizzes[1]
        open_puzzle(page, bad.url, state="quiz")
        answer_quiz(page, bad.data["quiz"], right=False)
        expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
    else:
        bad = pick(catalog, kind="mate", need="refutable")
        open_puzzle(page, bad.url)
        tap_move(page, _refutation(bad.data)[0])
        expect(panel(page)).to_have_attribute("data-state", "wrong")
    return good.data["id"], bad.data["id"]


def _expect_badges(page: Page, solved: str, failed: str):
    expect(page.locator(f'li.kr-puzzle-item[data-id="{solved}"] .kr-badge')).to_have_attribute("data-state", "solved")
    expect(page.locator(f'li.kr-puzzle-item[data-id="{failed}"] .kr-badge')).to_have_attribute("data-state", "failed")


def test_progress_moves_as_a_code(page: Page, catalog, artifacts_dir):
    solved, failed = _make_progress(page, catalog)
    page.goto("/th/puzzles/#kr-progress")
    progress = page.locator("#kr-progress")
    summary = progress.locator(".kr-progress-summary")
    expect(summary).to_contain_text("ทำได้ 1 · ทำได้หลังพลาด 0 · ยังทำไม่ได้ 1")
    _expect_badges(page, solved, failed)
    expect_touch_sized([progress.locator("button"), progress.locator("label.kr-file-btn")])
    progress.locator('[data-action="export-code"]').tap()
    out = progress.locator("#kr-progress-code-out")
    expect(out).to_have_value(re.compile(r"^KR1Z?-[A-Za-z0-9_-]+-[0-9a-z]{7}$"))
    code = out.input_value()
    assert len(code) < 200, code
    shot(page, artifacts_dir, "progress-code-360")

    page.evaluate("localStorage.clear()")  # another phone, or the browser's data was cleared
    page.reload()
    expect(summary).to_contain_text("ทำได้ 0 · ทำได้หลังพลาด 0 · ยังทำไม่ได้ 0")
    expect(page.locator("li.kr-puzzle-item .kr-badge")).to_have_count(0)
    progress.locator("#kr-progress-code-in").fill(code)
    progress.locator('[data-action="import-code"]').tap()
    message = progress.locator(".kr-progress-message")
    expect(message).to_have_attribute("data-tone", "good")
    expect(message).to_contain_text("เพิ่ม 2 โจทย์")
    _expect_badges(page, solved, failed)
    expect(summary).to_contain_text("ทำได้ 1 · ทำได้หลังพลาด 0 · ยังทำไม่ได้ 1")
    page.reload()
    _expect_badges(page, solved, failed)


def test_progress_moves_as_a_file_and_merges(page: Page, catalog, tmp_path):
    solved, failed = _make_progress(page, catalog)
    page.goto("/th/puzzles/")
    progress = page.locator("#kr-progress")
    with page.expect_download() as info:
        progress.locator('[data-action="export-file"]').tap()
    download = info.value
    assert re.fullmatch(r"kradan-progress-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 1 and set(saved["puzzles"]) == {solved, failed}

    # Here the failed one was solved meanwhile: importing the older file must not undo that.
    mine = {"version": 1, "puzzles": {failed: {"state": "solved", "attempts": 3, "hints": 0,
                                               "updated": "2030-01-01T00:00:00.000Z"}}}
    page.evaluate(f"localStorage.setItem('{PROGRESS_KEY}', {json.dumps(json.dumps(mine))})")
    page.reload()
    progress.locator("input.kr-file-input").set_input_files(str(path))
    expect(progress.locator(".kr-progress-message")).to_contain_text("เพิ่ม 1 โจทย์")
    after = stored(page)["puzzles"]
    assert after[solved]["state"] == "solved"
    assert after[failed]["state"] == "solved" and after[failed]["attempts"] == 3, after[failed]


def test_garbage_imports_change_nothing(page: Page, catalog):
    solved, failed = _make_progress(page, catalog)
    page.goto("/th/puzzles/")
    progress = page.locator("#kr-progress")
    progress.locator('[data-action="export-code"]').tap()
    out = progress.locator("#kr-progress-code-out")
    expect(out).to_have_value(re.compile(r"^KR1"))
    code = out.input_value()
    before = stored(page)
    head, body, check = re.fullmatch(r"(KR1Z?-)(.+)-([0-9a-z]{7})", code).groups()
    middle = len(body) // 2
    flipped = f"{head}{body[:middle]}{'A' if body[middle] != 'A' else 'B'}{body[middle + 1:]}-{check}"
    cases = [
        ("สวัสดี hello", "อ่านรหัสนี้ไม่ได้"),
        (flipped, "ตรวจสอบไม่ผ่าน"),
        (code[:-3], "อ่านรหัสนี้ไม่ได้"),
        ("KR9-abc-0000000", "KR9"),
        ("", "วางรหัสก่อนกดนำเข้า"),
    ]
    message = progress.locator(".kr-progress-message")
    for text, words in cases:
        progress.locator("#kr-progress-code-in").fill(text)
        progress.locator('[data-action="import-code"]').tap()
        expect(message).to_have_attribute("data-tone", "bad")
        expect(message).to_contain_text(words)
        assert stored(page) == before, text
    for name, content in (("junk.json", b"\x00\xffnot json"), ("wrong.json", b'{"version": 1, "puzzles": [1, 2]}'),
                          ("future.json", b'{"version": 2, "puzzles": {}}')):
        progress.locator("input.kr-file-input").set_input_files(
            files=[{"name": name, "mimeType": "application/json", "buffer": content}])
        expect(message).to_contain_text("ไม่ได้เปลี่ยนแปลงอะไร")
        assert stored(page) == before, name
    _expect_badges(page, solved, failed)
    expect(progress.locator(".kr-progress-summary")).to_contain_text("ทำได้ 1 · ทำได้หลังพลาด 0 · ยังทำไม่ได้ 1")


def test_damaged_storage_is_kept_aside_and_the_page_works(page: Page, catalog):
    page.goto("/th/puzzles/")
    damaged = '{"version":1,"puzzles":{"x":{"state":"solved"'
    page.evaluate(f"localStorage.setItem('{PROGRESS_KEY}', {json.dumps(damaged)})")
    page.reload()
    notice = page.locator("#kr-progress .kr-progress-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(CORRUPT_KEY)
    assert page.evaluate(f"localStorage.getItem('{CORRUPT_KEY}')") == damaged
    # Everything else still works, and new progress is saved again.
    key, value, _ = filter_choice(catalog)
    page.locator("#kr-puzzle-filters summary").tap()
    page.locator(f'select[data-filter="{key}"]').select_option(value)
    expect(page).to_have_url(re.compile(rf"\?{key}={value}$"))
    quiz = choice_quiz(catalog)
    open_puzzle(page, quiz.url, state="quiz")
    answer_quiz(page, quiz.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    assert stored(page)["puzzles"][quiz.data["id"]]["state"] == "solved"
    assert page.evaluate(f"localStorage.getItem('{CORRUPT_KEY}')") == damaged


# ---- wide screens --------------------------------------------------------------------------

def test_wide_screen_screenshots(browser, site_url, catalog, engine_play, artifacts_dir):
    context = browser.new_context(base_url=site_url, viewport=DESKTOP)
    page = context.new_page()
    try:
        p = pick(catalog, kind="mate", mate_in=2, need="refutable")
        wrong, _ = _refutation(p.data)
        open_puzzle(page, p.url)
        board = page.locator(".kr-live svg").bounding_box()
        side = panel(page).bounding_box()
        assert side["x"] >= board["x"] + board["width"], "at 1280 px the puzzle panel sits beside the board"
        tap_move(page, wrong, touch=False)
        expect(panel(page)).to_have_attribute("data-state", "wrong")
        expect(panel(page).locator(".kr-pz-detail")).to_contain_text("ไม่มีจน")
        shot(page, artifacts_dir, "mate2-wrong-1280")
        action(page, "retry").click()
        expect(panel(page)).to_have_attribute("data-state", "play")
        solve_line(page, p.data, engine_play, touch=False)
        shot(page, artifacts_dir, "mate2-solved-1280")
        quiz = choice_quiz(catalog)
        open_puzzle(page, quiz.url, state="quiz")
        shot(page, artifacts_dir, "quiz-1280")
        page.goto("/th/puzzles/?kind=mate")
        expect(page.locator("#kr-puzzle-filters")).to_be_visible()
        shot(page, artifacts_dir, "index-1280")
    finally:
        context.close()
