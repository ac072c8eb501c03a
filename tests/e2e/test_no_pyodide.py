"""Issue #12 §1-2: puzzles, exercises and a lesson board's first move need no Pyodide.

Every request under /pyodide/ is blocked (and recorded): a mate puzzle (a wrong try refuted,
taken back, then solved), a rule quiz, a counting question, a counting play-out and a Dummy
scoring exercise are solved from what the page carries, and nothing under /pyodide/ is even
asked for. A lesson board accepts its first move at once; the sandbox plays its first exchange
with the computer (the reader's move and the computer's reply). A tampered data block is noticed:
a fresh copy comes from the network, or the page says it falls back to the live engine.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from tests.e2e.game_pages import puzzle_data, with_puzzle_data

TIMEOUT = 15_000


@pytest.fixture
def blocked(page: Page) -> list[str]:
    """Block (and list) every request under /pyodide/ and /engine/."""
    asked: list[str] = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    page.route(re.compile(r".*/(pyodide|engine)/.*"), refuse)
    return asked


def index_items(page: Page) -> list[dict]:
    page.goto("/th/puzzles/")
    return [{"kind": li.get_attribute("data-kind"), "url": li.locator("a").get_attribute("href")}
            for li in page.locator("li.kr-puzzle-item").all()]


def open_page(page: Page, url: str) -> dict:
    page.goto(url)
    return puzzle_data(page.content())


def panel(page: Page):
    return page.locator("section.kr-pz")


def move(page: Page, uci: str):
    live = page.locator(".kr-live")
    expect(live).not_to_have_attribute("data-busy", "true", timeout=TIMEOUT)
    for name in (uci[:2], uci[2:4]):
        live.locator(f'g[role="gridcell"][data-square="{name}"]').click()


def find(page: Page, items: list[dict], kind: str, test) -> tuple[str, dict]:
    for item in items:
        if item["kind"] == kind:
            data = open_page(page, item["url"])
            if test(data):
                return item["url"], data
    raise AssertionError(f"no {kind} puzzle fits")


def test_a_mate_puzzle_is_solved_without_pyodide(page: Page, blocked, engine_play):
    items = index_items(page)
    url, data = find(page, items, "mate", lambda d: d["game"] == "makruk" and d["mate_in"] == 2
                     and any(d["tree"]["refutations"].values()))
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=TIMEOUT)
    wrong, answer = next((m, r) for m, r in data["tree"]["refutations"].items() if r)
    move(page, wrong)
    expect(panel(page)).to_have_attribute("data-state", "wrong", timeout=TIMEOUT)
    expect(page.locator(".kr-live")).to_have_attribute(
        "data-position", engine_play(data["position"], [wrong, answer])["position"], timeout=TIMEOUT)
    panel(page).locator('[data-action="retry"]').click()
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=TIMEOUT)
    line = data["line"]
    move(page, line[0])
    expect(page.locator(".kr-live")).to_have_attribute(
        "data-position", engine_play(data["position"], line[:2])["position"], timeout=TIMEOUT)
    move(page, line[2])
    expect(panel(page)).to_have_attribute("data-state", "solved", timeout=TIMEOUT)
    expect(page.locator(".kr-pz-note")).to_be_hidden()  # nothing went to the live engine
    assert blocked == [], blocked


def test_a_quiz_a_counting_question_and_a_play_out_without_pyodide(page: Page, blocked):
    items = index_items(page)
    _, quiz = find(page, items, "rule-quiz", lambda d: d["quiz"]["answer_type"] != "number")
    expect(panel(page)).to_have_attribute("data-state", "quiz", timeout=TIMEOUT)
    panel(page).locator(f'.kr-qz-choice[data-choice="{quiz["quiz"]["correct"][0]}"]').click()
    if len(quiz["quiz"]["correct"]) > 1:
        for choice in quiz["quiz"]["correct"][1:]:
            panel(page).locator(f'.kr-qz-choice[data-choice="{choice}"]').click()
        panel(page).locator('[data-action="check"]').click()
    expect(panel(page)).to_have_attribute("data-state", "solved", timeout=TIMEOUT)

    _, count = find(page, items, "counting", lambda d: (d.get("quiz") or {}).get("answer_type") == "number")
    panel(page).locator("#kr-qz-answer").fill(str(count["quiz"]["correct"]))
    panel(page).locator('[data-action="answer"]').click()
    expect(panel(page)).to_have_attribute("data-state", "solved", timeout=TIMEOUT)

    _, playout = find(page, items, "counting", lambda d: bool(d.get("playout")))
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=TIMEOUT)
    for i in range(0, len(playout["line"]), 2):
        move(page, playout["line"][i])
    expect(panel(page)).to_have_attribute("data-state", "solved", timeout=TIMEOUT)
    assert blocked == [], blocked


def test_a_dummy_scoring_exercise_without_pyodide(page: Page, blocked):
    page.goto("/th/puzzles/")
    url = page.locator('li.kr-puzzle-item[data-kind="scoring"] a').first.get_attribute("href")
    page.goto(url)
    expect(panel(page)).to_have_attribute("data-state", "quiz", timeout=TIMEOUT)
    panel(page).locator('[data-action="solution"]').click()  # the answer comes from the recorded settlement
    expect(panel(page)).to_have_attribute("data-state", "solution", timeout=TIMEOUT)
    expect(panel(page).locator(".kr-pz-verdict")).not_to_be_empty()
    assert blocked == [], blocked


def test_a_lesson_board_takes_its_first_move_before_the_engine(page: Page, blocked, engine_play):
    page.goto("/th/makruk/ma-ruea-bia/")
    figure = page.locator('figure.kr-board[data-interactive="true"]').first
    expect(figure).to_have_attribute("data-state", "ready", timeout=TIMEOUT)
    live = figure.locator(".kr-live")
    start = live.get_attribute("data-position")
    first = engine_play(start, [])["legal"][0]
    for name in (first["from"], first["to"]):
        live.locator(f'g[role="gridcell"][data-square="{name}"]').click()
    expect(live).to_have_attribute("data-position", engine_play(start, [first["move"]])["position"])
    expect(live.locator(".kr-announce")).to_contain_text(first["words"]["th"])
    # the rest needs the engine, which is blocked here: the board says so instead of hanging
    expect(live).to_have_attribute("data-engine", "stopped", timeout=130_000)
    assert all("/pyodide/" in url or "/engine/" in url for url in blocked)


@pytest.mark.parametrize("game", ["makruk", "makhos", "komayo"])
def test_the_sandbox_plays_its_first_exchange_with_the_computer_before_the_engine(page: Page, blocked, engine_play,
                                                                                   game):
    start = call({"op": "start", "game": game, "options": {}})["position"]
    first = next(m for m in engine_play(start, [], game=game)["legal"] if not m.get("drop"))
    computer = engine_play(start, [first["move"]], game=game)["turn"]  # the computer answers the reader's first move
    reply = call({"op": "bestmove", "game": game, "position": start, "moves": [first["move"]], "level": 1})
    page.goto(f"/th/{game}/sandbox/?vs={computer}&level=1")
    expect(page.locator("#kr-sandbox")).to_have_attribute("data-state", "ready", timeout=TIMEOUT)
    live = page.locator("#kr-sandbox .kr-live")
    assert live.get_attribute("data-position") == start
    for name in (first["from"], first["to"]):
        live.locator(f'g[role="gridcell"][data-square="{name}"]').click()
    after = engine_play(start, [first["move"], reply["move"]], game=game)["position"]
    expect(live).to_have_attribute("data-position", after)
    plies = page.locator("#kr-sandbox ol.kr-movelist .kr-ply")
    expect(plies).to_have_text([first["words"]["th"], reply["words"]["th"]])
    expect(live).to_have_attribute("data-engine", "stopped", timeout=130_000)  # the rest needs the blocked engine
    assert blocked and all("/pyodide/" in url or "/engine/" in url for url in blocked)


def test_a_tampered_data_block_is_replaced_from_the_network(page: Page, blocked):
    items = index_items(page)
    url = next(i["url"] for i in items if i["kind"] == "mate")
    served = []

    def tamper(route):
        response = route.fetch()
        html = response.text()
        if not served:  # the first copy is damaged: one move of the tree changed, digest kept
            html = html.replace('"wins":{"', '"wins":{"x', 1)
        served.append(route.request.url)
        route.fulfill(response=response, body=html)

    page.route(re.compile(re.escape(url) + "$"), tamper)
    page.goto(url)
    expect(panel(page)).to_have_attribute("data-state", "play", timeout=TIMEOUT)
    expect(page.locator(".kr-pz-note")).to_contain_text("เสียหาย")
    assert len(served) == 2


def test_a_page_damaged_everywhere_falls_back_to_the_engine_and_keeps_progress(page: Page, site_url):
    page.goto("/th/puzzles/")
    url = page.locator('li.kr-puzzle-item[data-kind="mate"] a').first.get_attribute("href")
    page.evaluate("localStorage.setItem('kradan.progress.keep', 'yes')")

    def tamper(route):
        response = route.fetch()
        data = puzzle_data(response.text())
        html = with_puzzle_data(response.text(), data).replace('data-sha256="', 'data-sha256="0', 1)
        route.fulfill(response=response, body=html)

    page.route(re.compile(re.escape(url) + "$"), tamper)
    page.goto(url)
    note = page.locator(".kr-pz-note")
    expect(note).to_contain_text("ใช้เอนจินแทน")
    expect(page.locator(".kr-puzzle-solution").first).to_be_visible()
    expect(page.locator("figure.kr-board")).to_have_attribute("data-state", "ready", timeout=60_000)
    assert page.evaluate("localStorage.getItem('kradan.progress.keep')") == "yes"
