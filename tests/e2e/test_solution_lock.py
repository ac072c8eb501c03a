"""The solution lock (issue 23 §2) in a real browser: an item of an assignment made with solutions
and hints off shows no solution, no written solution (not even in the DOM), no calculator link, no
solution, hint or analyse button: for one catalog item of each puzzle UI of each game (a board
puzzle in Makruk and Mak-hot, a question by choice in Komayo and Dummy, a counting number and a
play-out in Makruk, a Dummy figure and tier), before any answer and after a wrong one; then the
same item in an assignment with solutions on shows them (so these tests can fail). The engine
failing, locked and open, for a board puzzle and a Dummy figure; a solve that brings the analysis
board and the calculator back, not the solution.

What the lock decides for every kind of the collection (16: outside an assignment, while its code
is read, locked, hints only, open; solved or not; engine ready or failed) is tested in node, on the
real page data: tests/js/solution-lock-pages.test.mjs, whose list of kinds
(tests/js/solution-lock-kinds.json) the completeness test here holds against the teachers' catalog.

The items are picked from the built site's teachers' catalog (/th/teach/catalog.json). Assignment
codes and the student's saved state are made in the page by the site's own modules
(core/assignment.js, core/student-state.js), as the student's assignment page would make them. The
engine is made to fail by serving the page without its recorded engine replies and refusing
Pyodide and the engine files: every engine call then needs the live engine, which cannot load.
"""
from __future__ import annotations

import html as html_lib
import json
import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.game_pages import puzzle_data, with_puzzle_data

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)

ENGINE_MS = 60_000
SOLUTION_WORDS = "ครูปิดเฉลยของงานนี้ไว้"  # puzzle-shell.js words('solutionLocked')

#: Every kind of exercise of the collection: {"game", "kind", "ui", ...} (see the file's "about").
ALL_KINDS = [(k["game"], k["kind"], k["ui"]) for k in json.loads(
    (Path(__file__).parents[1] / "js" / "solution-lock-kinds.json").read_text(encoding="utf-8"))["kinds"]]
#: (game, kind, ui) of the items opened in the browser: every game, every puzzle UI.
KINDS = [
    ("makruk", "mate", "board"), ("makruk", "counting", "number"), ("makruk", "counting", "play-out"),
    ("makhos", "win", "board"), ("komayo", "rule-quiz", "choice"),
    ("dummy", "scoring", "figure"), ("dummy", "scoring", "tier"), ("dummy", "dummy-collect", "choice"),
]
IDS = ["-".join(k) for k in KINDS]

MAKE = """async ([assignments, items]) => {
  const { encodeAssignment, assignmentId } = await import('/static/js/core/assignment.js');
  const { newState } = await import('/static/js/core/student-state.js');
  const out = [];
  for (const a of assignments) {
    const code = await encodeAssignment(a);
    out.push({ code, aid: assignmentId(a), state: JSON.stringify(newState(code, items)) });
  }
  return out;
}"""
# The student's saved state for the assignment, put in place before the page's scripts run (only
# when missing: a reload keeps what the page saved).
SAVE_STATE = """(([key, value]) => {
  if (!localStorage.getItem(key)) localStorage.setItem(key, value);
})(%s);"""
PLAIN_MOVE = re.compile(r"^([a-i]\d)[-x]?([a-i]\d)$")  # from-square to-square (one capture at most), no drop or promotion


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


def ui_of(data: dict) -> str:
    """The puzzle UI a page's data gets (as tests/js/solution-lock-pages.test.mjs uiOf)."""
    if data.get("quiz"):
        return data["quiz"].get("answer_type", "choice")
    if data.get("playout"):
        return "play-out"
    if data.get("question"):
        return "tier" if data["question"]["ask"] == "tier" else "figure"
    return "board" if data.get("tree") else "unknown"


def written_solution(page_html: str) -> list[str]:
    """The lines of the page's written solution (<details class="kr-puzzle-solution">), as text."""
    m = re.search(r'<details class="kr-puzzle-solution[^"]*">(.*?)</details>', page_html, re.S)
    assert m, "the page has no written solution"
    body = re.sub(r"<summary>.*?</summary>", "", m.group(1), flags=re.S)
    lines = [html_lib.unescape(re.sub(r"<[^>]+>", "", part)).strip()
             for part in re.findall(r"<(?:li|p)\b[^>]*>(.*?)</(?:li|p)>", body, re.S)]
    return [line for line in lines if line]


def settlement(data: dict) -> dict:
    """The engine's settle reply a Dummy scoring page holds."""
    return next(reply for reply in data["replies"]["other"].values() if "tiers" in reply)


@pytest.fixture(scope="module")
def catalog(site_url) -> dict[tuple, dict]:
    """{(game, kind, ui): {data, html, url}} of the first catalog item of each kind (read until
    every kind of ALL_KINDS is found: a shape the collection adds fails the node test first)."""
    items = json.loads(_get(f"{site_url}/th/teach/catalog.json"))["items"]
    found: dict[tuple, dict] = {}
    for item in items:
        if set(found) >= set(ALL_KINDS):
            break
        if (item["game"], item["kind"]) in {key[:2] for key in found} and item["kind"] not in ("counting", "scoring"):
            continue
        page_html = _get(site_url + item["url"])
        data = puzzle_data(page_html)
        found.setdefault((data["game"], data["kind"], ui_of(data)), {"data": data, "html": page_html, "url": item["url"]})
    return found


@pytest.fixture(scope="module")
def codes(catalog, warm_contexts) -> dict[bool, dict]:
    """{solutions on?: {code, aid, state}}: two assignments of the same items, made in a page."""
    items = [catalog[key]["data"]["id"] for key in KINDS if key in catalog]
    base = {"title": "", "instructions": "", "lang": "th", "due": None, "items": items}
    page = warm_contexts().new_page()
    page.goto("/404.html")
    locked, unlocked = page.evaluate(MAKE, [[
        {**base, "title": "งานปิดเฉลย", "hints": False, "solution": False},
        {**base, "title": "งานเปิดเฉลย", "hints": True, "solution": True},
    ], items])
    page.close()
    return {False: locked, True: unlocked}


def item_of(catalog, key) -> dict:
    if key not in catalog:
        pytest.fail(f"the catalog has no exercise of kind {key}")
    return catalog[key]


def open_item(page: Page, codes, catalog, key, *, solutions: bool, engine_fails: bool = False) -> dict:
    """Open the catalog item of kind `key` as an item of the locked (or open) assignment; returns it."""
    item = item_of(catalog, key)
    made = codes[solutions]
    page.add_init_script(SAVE_STATE % json.dumps([f"kradan.assign.{made['aid']}", made["state"]]))
    if engine_fails:
        data = {**item["data"], "replies": None}  # no recorded reply: every engine call goes live
        page.route(re.compile(r".*/(pyodide|engine)/.*"), lambda route: route.abort())
        page.route(re.compile(re.escape(item["url"]) + "$"),
                   lambda route: route.fulfill(response=route.fetch(), body=with_puzzle_data(item["html"], data)))
    index = [k for k in KINDS if k in catalog].index(key) + 1
    page.goto(f"{item['url']}#as={made['aid']}&i={index}")
    title = "งานเปิดเฉลย" if solutions else "งานปิดเฉลย"
    expect(page.locator("nav.kr-as-bar")).to_contain_text(f"งาน: {title}")  # the rules are read
    ui = page.locator("section.kr-pz")
    expect(ui).to_have_attribute("data-state", re.compile("^(play|quiz|failed)$"), timeout=ENGINE_MS)
    return item


def expect_nothing_revealed(page: Page, item: dict):
    """No solution, hint or analyse button to reach; no written solution or hints in the page; no
    calculator link; none of the written solution's words on screen."""
    for action in ("solution", "analyse", "hint"):
        expect(page.locator(f'[data-action="{action}"]:visible')).to_have_count(0)
    expect(page.locator(".kr-puzzle-solution")).to_have_count(0)
    expect(page.locator(".kr-puzzle-hints")).to_have_count(0)
    expect(page.locator('a[href*="/calculator/#"]')).to_have_count(0)
    shown = page.locator("main").inner_text()
    data = item["data"]
    lines = written_solution(item["html"])
    secret = lines[:1] if (data.get("tree") or data.get("playout")) else lines  # a move line: its key move
    for line in secret:
        assert line not in shown, f"the written solution shows: {line!r}"
    if data.get("quiz"):
        assert data["quiz"]["explanation"] not in shown


def answer_wrong(page: Page, item: dict):
    """Give one wrong move or answer, as a student would, and wait for the page's verdict."""
    data, ui = item["data"], page.locator("section.kr-pz")
    if data.get("quiz"):
        quiz = data["quiz"]
        right = [str(c) for c in (quiz["correct"] if isinstance(quiz["correct"], list) else [quiz["correct"]])]
        if quiz.get("answer_type") == "number":
            page.locator("#kr-qz-answer").fill(str(int(float(right[0])) + 1))
            page.locator('[data-action="answer"]').click()
        else:
            wrong = next(str(c["id"]) for c in quiz["choices"] if str(c["id"]) not in right)
            page.locator(f'.kr-qz-choice[data-choice="{wrong}"]').click()
            if len(right) > 1:
                page.locator('[data-action="check"]').click()
        expect(ui).to_have_attribute("data-state", "quiz-wrong")
    elif data["kind"] == "scoring":
        if data["question"]["ask"] == "tier":
            right = settlement(data)["tiers"][data["question"]["player"]]
            page.locator(f'.kr-qz-choice:not([data-choice="{right}"])').first.click()
        else:
            for field in page.locator("form.dk-answer input").all():
                field.fill("987654")  # no seat of a table settles to this
            page.locator('[data-action="check"]').click()
        expect(ui).to_have_attribute("data-state", "quiz-wrong")
    else:
        move = next(m for m in data["tree"]["refutations"] if PLAIN_MOVE.match(m))
        board = page.locator("figure.kr-board .kr-live")
        expect(board).not_to_have_attribute("data-busy", "true", timeout=ENGINE_MS)
        for square in PLAIN_MOVE.match(move).groups():
            board.locator(f'g[role="gridcell"][data-square="{square}"]').click()
        expect(ui).to_have_attribute("data-state", "wrong")


def expect_revealed(page: Page, item: dict):
    """The open assignment's item: its hint and solution buttons, the solution on a click, and a
    Dummy table's calculator link with it. (The analysis board after a solve, locked or not:
    test_once_solved_….)"""
    data, ui = item["data"], page.locator("section.kr-pz")
    if data.get("hints"):
        expect(page.locator('.kr-pz [data-action="hint"]')).to_be_visible()
    solution = page.locator('.kr-pz [data-action="solution"]')
    expect(solution).to_be_visible()
    solution.click()
    expect(ui).to_have_attribute("data-state", "solution")
    if data["kind"] == "scoring":
        expect(page.locator('p.dk-calc-link a[href*="/calculator/#"]')).to_be_visible()


@pytest.mark.parametrize("key", KINDS, ids=IDS)
def test_a_locked_item_reveals_nothing_before_or_after_a_wrong_answer_and_open_it_does(page: Page, codes, catalog, key):
    item = open_item(page, codes, catalog, key, solutions=False)
    expect_nothing_revealed(page, item)
    if key[2] != "play-out":  # a play-out has no wrong move: the count running out takes dozens of moves
        answer_wrong(page, item)
        expect_nothing_revealed(page, item)

    page.goto("/404.html")  # a fresh page for the same item in the open assignment (its init script stays)
    expect_revealed(page, open_item(page, codes, catalog, key, solutions=True))


@pytest.mark.parametrize("key", [("makruk", "mate", "board"), ("dummy", "scoring", "figure")], ids=["makruk-mate", "dummy-figure"])
def test_when_the_engine_fails_the_written_solution_stays_locked_and_open_comes_back(page: Page, codes, catalog, key):
    item = open_item(page, codes, catalog, key, solutions=False, engine_fails=True)
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "failed")
    expect(page.locator(".kr-pz-locked")).to_have_text(re.compile(SOLUTION_WORDS))
    expect(page.locator(".kr-pz-locked")).to_be_visible()
    expect_nothing_revealed(page, item)

    page.goto("/404.html")
    open_item(page, codes, catalog, key, solutions=True, engine_fails=True)
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "failed")
    written = page.locator(".kr-puzzle-solution")
    expect(written).to_be_visible()
    expect(written).to_contain_text(written_solution(item["html"])[0])
    expect(page.locator(".kr-pz-locked")).to_have_count(0)


def test_once_solved_a_locked_item_offers_the_analysis_and_the_calculator_not_the_solution(page: Page, codes, catalog):
    mate = item_of(catalog, ("makruk", "mate", "board"))
    if mate["data"].get("mate_in") != 1:
        pytest.fail(f"the first Makruk mate of the catalog ({mate['data']['id']}) is no mate in one")
    open_item(page, codes, catalog, ("makruk", "mate", "board"), solutions=False)
    board = page.locator("figure.kr-board .kr-live")
    expect(board).not_to_have_attribute("data-busy", "true", timeout=ENGINE_MS)
    for square in PLAIN_MOVE.match(mate["data"]["line"][0]).groups():
        board.locator(f'g[role="gridcell"][data-square="{square}"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
    expect(page.locator('.kr-pz [data-action="analyse"]')).to_be_visible()
    expect(page.locator('[data-action="solution"]:visible')).to_have_count(0)
    expect(page.locator(".kr-puzzle-solution")).to_have_count(0)

    scoring = item_of(catalog, ("dummy", "scoring", "figure"))
    question = scoring["data"]["question"]
    if question["ask"] != "points":
        pytest.fail(f"the first Dummy figure exercise ({scoring['data']['id']}) does not ask for points")
    page.goto("/404.html")  # a fresh page for the next item (its init script stays)
    open_item(page, codes, catalog, ("dummy", "scoring", "figure"), solutions=False)
    page.locator('form.dk-answer input[name="answer"]').fill(str(settlement(scoring["data"])["points"][question["player"]]))
    page.locator('[data-action="check"]').click()
    expect(page.locator("section.kr-pz")).to_have_attribute("data-state", "solved")
    expect(page.locator('p.dk-calc-link a[href*="/calculator/#"]')).to_be_visible()
    expect(page.locator('[data-action="solution"]:visible')).to_have_count(0)


def test_every_kind_of_the_catalog_is_tested(site_url, catalog):
    """Every kind the catalog lists is one the node tests hold the lock for
    (tests/js/solution-lock-kinds.json); the items opened here cover every game and every UI."""
    items = json.loads(_get(f"{site_url}/th/teach/catalog.json"))["items"]
    kinds = {(item["game"], item["kind"]) for item in items}
    assert kinds == {key[:2] for key in ALL_KINDS}, kinds ^ {key[:2] for key in ALL_KINDS}
    assert set(catalog) == set(ALL_KINDS), set(catalog) ^ set(ALL_KINDS)
    assert set(KINDS) <= set(ALL_KINDS), set(KINDS) - set(ALL_KINDS)
    assert {key[0] for key in KINDS} == {key[0] for key in ALL_KINDS}  # every game
    assert {key[2] for key in KINDS} == {key[2] for key in ALL_KINDS}  # every puzzle UI
