"""Solving that teaches (issue #8 §1), on a 360×640 phone and at 1280 px.

A wrong move is taken back in place, with board, verdict and button on screen together; a wrong
quiz answer keeps the answer hidden and says why that answer is wrong; "solved after a mistake"
reads the same on the page and in the list; best-move puzzles play on until the material is won;
a counting play-out's moves left follow the count panel; the list starts easiest first.
The puzzles are read from the built pages (test_puzzles.catalog), so any collection works.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_puzzles import (DESKTOP, ENGINE_MS, action, answer_quiz, browser_context_args, catalog,  # noqa: F401
                          expect_position, open_puzzle, panel, shot, stored, tap_move)

pytestmark = pytest.mark.warm  # not about a first visit: one HTTP cache for the module (conftest.py)


def in_view(page: Page, *locators):
    """Every locator's box lies inside the viewport (the reader does not have to scroll)."""
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    for loc in locators:
        box = loc.bounding_box()
        assert box is not None, f"{loc} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{loc} at y={box['y']}..{box['y'] + box['height']}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{loc} at x={box['x']}"


def second_move_mistake(catalog) -> tuple:
    """A mate whose second solver move can go wrong with a real reply: (puzzle, key, reply, wrong, refutation)."""
    for p in catalog["th"]:
        tree = p.data.get("tree")
        if p.kind != "mate" or (p.data.get("mate_in") or 0) < 2:
            continue
        key = p.data["line"][0]
        win = tree["wins"][key]
        refs = [(m, r) for m, r in win["node"]["refutations"].items() if r]
        if refs:
            return p, key, win["reply"], *refs[0]
    pytest.fail("no mate in 2 or more with a refutable second move")


def test_a_wrong_second_move_is_taken_back_in_place_on_a_phone(page: Page, catalog, engine_play, artifacts_dir):
    p, key, reply, wrong, refutation = second_move_mistake(catalog)
    fen = p.data["position"]
    open_puzzle(page, p.url)
    tap_move(page, key)
    expect_position(page, engine_play(fen, [key, reply])["position"])
    expect(panel(page)).to_have_attribute("data-state", "play")
    tap_move(page, wrong)
    expect(panel(page)).to_have_attribute("data-state", "wrong")
    expect_position(page, engine_play(fen, [key, reply, wrong, refutation])["position"])
    retry = action(page, "retry")
    expect(retry).to_have_text("ย้อนตาที่ผิด")
    # board, verdict and the button together on a 360×640 screen, without the reader scrolling
    in_view(page, page.locator(".kr-live svg"), panel(page).locator(".kr-pz-verdict"), retry)
    page.screenshot(path=str(artifacts_dir / "puzzles-takeback-360x640.png"))  # what the reader sees
    retry.tap()
    # back to the position before the wrong move: the right first move and its reply stay
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect_position(page, engine_play(fen, [key, reply])["position"])
    line = p.data["line"]
    for i in range(2, len(line), 2):
        tap_move(page, line[i])
        if i + 1 < len(line):
            expect_position(page, engine_play(fen, line[: i + 2])["position"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    entry = stored(page)["puzzles"][p.data["id"]]
    assert entry["state"] == "retried" and entry["attempts"] == 2, entry  # each take-back is a new try


def test_wrong_move_and_take_back_at_1280(browser, site_url, catalog, engine_play, artifacts_dir):
    context = browser.new_context(base_url=site_url, viewport=DESKTOP)
    page = context.new_page()
    try:
        p, key, reply, wrong, refutation = second_move_mistake(catalog)
        open_puzzle(page, p.url)
        tap_move(page, key, touch=False)
        expect_position(page, engine_play(p.data["position"], [key, reply])["position"])
        tap_move(page, wrong, touch=False)
        expect(panel(page)).to_have_attribute("data-state", "wrong")
        retry = action(page, "retry")
        expect(retry).to_be_visible()
        expect_position(page, engine_play(p.data["position"], [key, reply, wrong, refutation])["position"])
        in_view(page, page.locator(".kr-live svg"), panel(page).locator(".kr-pz-verdict"), retry)
        board = page.locator(".kr-live svg").bounding_box()
        assert retry.bounding_box()["x"] >= board["x"] + board["width"], "beside the board at 1280 px"
        page.screenshot(path=str(artifacts_dir / "puzzles-takeback-1280.png"))
        retry.click()
        expect_position(page, engine_play(p.data["position"], [key, reply])["position"])
    finally:
        context.close()


def test_hints_sit_next_to_the_board(page: Page, catalog):
    p = next(p for p in catalog["th"] if p.kind == "mate" and len(p.data["hints"]) >= 2)
    open_puzzle(page, p.url)
    action(page, "hint").tap()
    hint = panel(page).locator("ol.kr-pz-hints > li").first
    expect(hint).to_have_text(p.data["hints"][0])
    board = page.locator(".kr-live svg").bounding_box()
    box = hint.bounding_box()
    # on a phone right under the board: only the board's own status and the verdict between them
    assert 0 <= box["y"] - (board["y"] + board["height"]) < 300, (board, box)


def test_a_wrong_quiz_answer_keeps_the_answer_hidden(page: Page, catalog, artifacts_dir):
    p = next(p for p in catalog["th"] if (p.data.get("quiz") or {}).get("answer_type") == "choice"
             and len(p.data["quiz"]["choices"]) > 2)
    quiz = p.data["quiz"]
    wrong = [c["id"] for c in quiz["choices"] if c["id"] not in quiz["correct"]]
    open_puzzle(page, p.url, state="quiz")
    detail = panel(page).locator(".kr-pz-detail")
    for i, choice in enumerate(wrong[:2]):
        panel(page).locator(f'.kr-qz-choice[data-choice="{choice}"]').tap()
        expect(panel(page)).to_have_attribute("data-state", "quiz-wrong")
        expect(detail).to_contain_text(quiz["nudges"][choice])
        expect(detail).not_to_contain_text(quiz["explanation"])
        right = next(c["label"] for c in quiz["choices"] if c["id"] in quiz["correct"])
        assert right not in detail.text_content()
        if i == 0:
            shot(page, artifacts_dir, "quiz-nudge-360")
    # asking for the answer shows it with the explanation; that is "seen", not solved
    action(page, "solution").tap()
    expect(panel(page)).to_have_attribute("data-state", "solution")
    expect(detail).to_contain_text(quiz["explanation"])
    expect(panel(page).locator(f'.kr-qz-choice[data-choice="{quiz["correct"][0]}"]')).to_have_class(
        re.compile("kr-qz-right"))
    entry = stored(page)["puzzles"][p.data["id"]]
    assert entry["state"] == "failed" and entry.get("seen") is True, entry


def test_solved_after_a_mistake_reads_the_same_on_the_page_and_in_the_list(page: Page, catalog):
    p = next(p for p in catalog["th"] if (p.data.get("quiz") or {}).get("answer_type") == "choice")
    open_puzzle(page, p.url, state="quiz")
    answer_quiz(page, p.data["quiz"], right=False)
    answer_quiz(page, p.data["quiz"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    on_page = panel(page).locator(".kr-pz-result .kr-badge")
    expect(on_page).to_have_attribute("data-state", "retried")
    words = on_page.text_content()
    page.goto(p.data["index"])
    in_list = page.locator(f'li.kr-puzzle-item[data-id="{p.data["id"]}"] .kr-badge')
    expect(in_list).to_have_attribute("data-state", "retried")
    expect(in_list).to_have_text(words)
    expect(page.locator('select[data-filter="state"] option[value="retried"]')).to_contain_text(words)
    page.goto(p.url)
    expect(panel(page).locator(".kr-pz-before .kr-badge")).to_have_text(words)


def best_move_with_a_line(catalog):
    for p in catalog["th"]:
        if p.kind == "best-move" and len(p.data["line"]) >= 3:
            return p
    pytest.fail("no best-move puzzle plays on after its key")


def test_a_best_move_plays_on_until_the_material_is_won(page: Page, catalog, engine_play):
    p = best_move_with_a_line(catalog)
    line, fen = p.data["line"], p.data["position"]
    open_puzzle(page, p.url)
    tap_move(page, line[0])
    # the key alone is not the end: the defender's best reply comes, the reader plays on
    expect_position(page, engine_play(fen, line[:2])["position"])
    expect(panel(page)).to_have_attribute("data-state", "play")
    expect(panel(page).locator(".kr-pz-success")).to_be_hidden()
    for i in range(2, len(line), 2):
        tap_move(page, line[i])
        if i + 1 < len(line):
            expect_position(page, engine_play(fen, line[: i + 2])["position"])
    expect(panel(page)).to_have_attribute("data-state", "solved")
    expect(panel(page).locator(".kr-pz-success-text")).to_have_text("ได้หมากมาแล้ว ความได้เปรียบอยู่บนกระดานจริง")


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def test_a_play_outs_moves_left_follow_the_count_panel(page: Page, catalog):
    p = next((p for p in catalog["th"] if p.data.get("playout")), None)
    if p is None:
        pytest.fail("no counting play-out on the site")
    open_puzzle(page, p.url)
    count = page.locator(".kr-count")
    left = count.locator(".kr-count-line-2")  # "ขาวเหลือ N ตาเพื่อรุกให้จน"
    feedback = panel(page)

    def agree():
        n = numbers(left.text_content())[0]
        expect(feedback).to_have_attribute("data-moves-left", str(n))
        expect(feedback.locator(".kr-pz-verdict")).to_contain_text(f"เหลือ {n} ตา")
        return n

    first = agree()
    assert first == p.data["playout"]["attacker_moves"]
    before = count.get_attribute("data-count")
    tap_move(page, p.data["line"][0])
    expect(count).not_to_have_attribute("data-count", before, timeout=ENGINE_MS)  # the defender counted
    expect(feedback).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    assert agree() == first - 1


def test_the_list_and_next_start_easiest_first(page: Page, catalog):
    games = list(dict.fromkeys(p.item["game"] for p in catalog["th"]))
    assert [p.item["game"] for p in catalog["th"]] == sorted((p.item["game"] for p in catalog["th"]), key=games.index)
    for game in games:  # one section per game, each easiest first
        levels = [int(p.item["difficulty"]) for p in catalog["th"] if p.item["game"] == game]
        assert levels == sorted(levels) and levels[0] == 1, game
    page.goto("/th/puzzles/")
    first = page.locator("section.kr-puzzle-level").first
    expect(first).to_have_attribute("data-difficulty", "1")
    expect(first.locator("li.kr-puzzle-item .kr-puzzle-kindname").first).not_to_be_empty()
    # "next puzzle" walks the same order
    assert [p.data["next"] for p in catalog["th"][:-1]] == [p.url for p in catalog["th"][1:]]
