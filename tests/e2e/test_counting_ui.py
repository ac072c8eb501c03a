"""Makruk counting in the browser: the count panel (sandbox, lessons), the counting trainer and
the counting exercises.

Fixtures from conftest.py: page (base_url = site_url), engine_ready, board_of, engine_play,
artifacts_dir. Waits poll locators (never wait_for_function: the CSP forbids eval). What the
white side plays is chosen by the engine in CPython from the FEN the board shows.
"""
from __future__ import annotations

import json
import re
import time
import tomllib
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from engine.api import call

ROOT = Path(__file__).resolve().parents[2]

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

ENGINE_MS = 60_000
SANDBOX = "/th/makruk/sandbox/"
TRAINER = "/th/makruk/counting-trainer/"
PAWNLESS = "4k3/3s4/8/8/8/8/R5N1/4K3 b - - 0 1"  # Black (behind) may ask for a board's honour count
THAI_KEY = "kradan.thaiNumerals.v1"


def panel(page: Page):
    return page.locator(".kr-live .kr-count").first


def count_line(page: Page):
    return panel(page).locator(".kr-count-line-1")


def play(board, page: Page, uci: str, engine_play, before: str, moves: list[str]):
    """Click a move and wait for the engine's position after it."""
    board.click_move(uci)
    moves.append(uci)
    board.expect_fen(engine_play(before, moves)["position"])


# ---- the count panel in the sandbox ---------------------------------------------------------

def test_sandbox_board_honour_count_starts_advances_and_stops(page, engine_ready, board_of, engine_play):
    page.goto(f"{SANDBOX}?fen={quote(PAWNLESS)}")
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(PAWNLESS)
    box = panel(page)
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-kind", "none")
    start = box.locator('.kr-btn[data-action="count-start"]')
    expect(start).to_have_text("เริ่มนับศักดิ์กระดาน")
    start.click()
    moves = ["count-start"]
    board.expect_fen(engine_play(PAWNLESS, moves)["position"])
    expect(box).to_have_attribute("data-kind", "board")
    expect(box.locator(".kr-count-kind")).to_have_text("นับศักดิ์กระดาน")
    expect(count_line(page)).to_have_text("เริ่มนับที่ 1 / 64")
    expect(box).to_contain_text("ดำเป็นฝ่ายนับ")

    play(board, page, "e8f8", engine_play, PAWNLESS, moves)  # Black counts 1
    expect(count_line(page)).to_have_text("ตาที่ 1 / 64")
    expect(box).to_have_attribute("data-count", "1")
    expect(box.locator(".kr-count-action")).to_be_hidden()  # White may not stop Black's count
    expect(board.announce).to_contain_text("ตาที่ 1 / 64")  # the panel goes to the live region too
    play(board, page, "a2a3", engine_play, PAWNLESS, moves)
    play(board, page, "f8e8", engine_play, PAWNLESS, moves)  # Black counts 2
    expect(count_line(page)).to_have_text("ตาที่ 2 / 64")
    play(board, page, "a3a2", engine_play, PAWNLESS, moves)
    expect(box).to_contain_text("ขาวเหลือ 62 ตาเพื่อรุกให้จน")

    stop = box.locator('.kr-btn[data-action="count-stop"]')
    expect(stop).to_have_text("หยุดนับ")
    stop.click()
    moves.append("count-stop")
    board.expect_fen(engine_play(PAWNLESS, moves)["position"])
    expect(box).to_have_attribute("data-kind", "none")  # nobody counts; a new count may start
    expect(box.locator('.kr-btn[data-action="count-start"]')).to_be_visible()


def test_thai_numerals_toggle_is_remembered_and_panel_hides(page, engine_ready, board_of):
    fen = "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1"
    page.goto(f"{SANDBOX}?fen={quote(fen)}")
    engine_ready(page)
    board_of(page).expect_fen(fen)
    expect(count_line(page)).to_have_text("เริ่มนับที่ 4 / 16")
    panel(page).locator(".kr-count-thai input").check()
    expect(count_line(page)).to_have_text("เริ่มนับที่ ๔ / ๑๖")
    page.reload()
    engine_ready(page)
    board_of(page).expect_fen(fen)
    expect(count_line(page)).to_have_text("เริ่มนับที่ ๔ / ๑๖")
    expect(panel(page).locator(".kr-count-thai input")).to_be_checked()
    panel(page).locator(".kr-count-thai input").uncheck()
    expect(count_line(page)).to_have_text("เริ่มนับที่ 4 / 16")
    # An unpromoted Bia on the board: no count runs and none can start, so the panel hides.
    with_bia = "4k3/8/2p5/8/8/8/R7/4K3 w - - 0 1"
    page.locator("#kr-fen").fill(with_bia)
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    board_of(page).expect_fen(with_bia)
    expect(panel(page)).to_be_hidden()


def test_lesson_board_shows_the_pieces_honour(page, engine_ready):
    page.goto("/en/makruk/counting-limits/")
    figure = page.locator('figure.kr-board[data-interactive="true"]').first
    engine_ready(figure)
    box = figure.locator(".kr-count")
    expect(box.locator(".kr-count-kind")).to_have_text("Pieces' honour count")
    expect(box.locator(".kr-count-line-1")).to_have_text("counting starts at 4 / 16")
    expect(box).to_contain_text("White has 13 moves left to mate")


# ---- the counting trainer -------------------------------------------------------------------

def trainer_ready(page: Page):
    root = page.locator("#kr-trainer")
    expect(root).to_have_attribute("data-state", re.compile("^(ready|failed)$"), timeout=ENGINE_MS)
    assert root.get_attribute("data-state") == "ready", root.inner_text()
    return root


def white_to_play(root):
    """Wait until the defender has replied and it is White's turn (or the game is over)."""
    expect(root).to_have_attribute("data-thinking", "false", timeout=30_000)


def safe_move(fen: str, seen: set[str]) -> str:
    """A White move that neither mates nor stalemates, leaves nothing en prise and repeats nothing;
    on White's very last move (the count at its limit) any move will do: they all draw."""
    reply = call({"op": "play", "game": "makruk", "position": fen})
    fallback = None
    for move in reply["legal_moves"]:
        after = call({"op": "play", "game": "makruk", "position": fen, "moves": [move]})
        status = after["status"]
        if status["result"] == "white_wins":
            continue
        if status["result"] == "draw":
            if status["reason"] == "counting":
                fallback = fallback or move
            continue
        if any(m[2:4] in after["board"] and after["board"][m[2:4]] != "K" for m in after["legal_moves"]):
            continue
        if after["position"].split()[0] in seen:
            fallback = fallback or move
            continue
        if reply["board"][move[:2]] == "R":
            return move
        fallback = fallback or move
    assert fallback, f"no safe move in {fen}"
    return fallback


def test_trainer_krk_runs_out_as_a_draw(page, board_of, artifacts_dir):
    began = time.monotonic()
    page.goto(f"{TRAINER}?material=r&seed=7")
    root = trainer_ready(page)
    expect(root).to_have_attribute("data-material", "r")
    expect(root).to_have_attribute("data-seed", "7")
    box = panel(page)
    expect(box).to_have_attribute("data-start", "4")
    expect(box).to_have_attribute("data-limit", "16")
    white_to_play(root)
    expect(count_line(page)).to_have_text("ตาที่ 4 / 16")  # the bare Khun's first move counted 4
    expect(box).to_contain_text("ขาวเหลือ 13 ตาเพื่อรุกให้จน")
    board = board_of(root)
    seen: set[str] = set()
    for _ in range(13):
        fen = board.fen
        move = safe_move(fen, seen)
        seen.add(call({"op": "play", "game": "makruk", "position": fen, "moves": [move]})["position"].split()[0])
        board.click_move(move)
        expect(board.live).not_to_have_attribute("data-position", fen)
        white_to_play(root)
        if root.get_attribute("data-outcome"):
            break
    expect(root).to_have_attribute("data-outcome", "draw")
    expect(root).to_have_attribute("data-reason", "counting")
    expect(box).to_have_attribute("data-outcome", "counting")
    expect(box.locator(".kr-count-outcome")).to_have_text("นับครบ 16 แล้ว ยังไม่จน — เสมอ")
    expect(page.locator(".kr-trainer-outcome")).to_contain_text("เสมอ")
    assert time.monotonic() - began < 60
    page.screenshot(path=str(artifacts_dir / "counting-trainer-draw-1280.png"), full_page=True)


def test_trainer_mate_inside_the_count(page, board_of):
    # K + 2 Ruea vs K (start 5, limit 8: four White moves); with seed 2 the engine proves a mate
    # in 3 after the defender's first move, so White mates inside the count.
    page.goto(f"{TRAINER}?material=2r&seed=2")
    root = trainer_ready(page)
    board = board_of(root)
    expect(panel(page)).to_have_attribute("data-limit", "8")
    for _ in range(4):
        white_to_play(root)
        if root.get_attribute("data-outcome"):
            break
        fen = board.fen
        keys = call({"op": "mate", "game": "makruk", "position": fen, "mate_in": 3})["keys"]
        assert keys, f"no mate in 3 in {fen}"
        board.click_move(min(keys, key=lambda m: (keys[m], m)))
        expect(board.live).not_to_have_attribute("data-position", fen)
    expect(root).to_have_attribute("data-outcome", "mate", timeout=30_000)
    expect(panel(page).locator(".kr-count-outcome")).to_have_text("จนก่อนนับครบ — ขาวชนะ")
    expect(page.locator(".kr-trainer-outcome")).to_contain_text("จนแล้ว")


def test_trainer_new_position_restart_and_share(page, board_of):
    page.goto(f"{TRAINER}?material=s&seed=11")
    root = trainer_ready(page)
    white_to_play(root)
    board = board_of(root)
    first = board.fen
    share = page.locator(".kr-trainer-share a")
    expect(share).to_have_attribute("href", f"{TRAINER}?material=s&seed=11")
    page.locator('#kr-trainer [data-action="new-position"]').click()
    expect(root).not_to_have_attribute("data-seed", "11")
    white_to_play(root)
    seed = root.get_attribute("data-seed")
    expect(page).to_have_url(re.compile(rf"material=s&seed={seed}$"))
    page.locator('#kr-trainer [data-action="restart"]').click()
    white_to_play(root)
    page.goto(f"{TRAINER}?material=s&seed=11")
    root = trainer_ready(page)
    white_to_play(root)
    expect(board_of(root).live).to_have_attribute("data-position", first)  # the same position again


def test_trainer_screenshots_360_and_1280(page, artifacts_dir):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{TRAINER}?material=r-s-n-2f&seed=2")
    root = trainer_ready(page)
    white_to_play(root)
    expect(panel(page)).to_be_visible()
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the trainer is wider than a {width} px screen"
        page.screenshot(path=str(artifacts_dir / f"counting-trainer-{width}.png"), full_page=True)


# ---- counting exercises ---------------------------------------------------------------------

def puzzle_data(page: Page) -> dict:
    return json.loads(page.locator("#kr-puzzle-data").text_content())


def test_counting_number_exercise_wrong_then_right(page):
    page.goto("/th/puzzles/counting-003/")
    pz = page.locator("section.kr-pz")
    expect(pz).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    data = puzzle_data(page)
    assert data["kind"] == "counting" and data["quiz"]["answer_type"] == "number"
    want = data["quiz"]["correct"]
    source = tomllib.loads((ROOT / "puzzles" / "makruk" / "counting-003.toml").read_text(encoding="utf-8"))
    reply = call({"op": "play", "game": "makruk", "position": source["position"], "moves": source["moves"]})
    count = reply["status"]["counting"]
    assert source["question"] == "attacker-moves" and want == count["limit"] - count["start"] + 1
    page.fill("#kr-qz-answer", str(want - 1))
    page.click('[data-action="answer"]')
    expect(pz).to_have_attribute("data-state", "quiz-wrong")
    page.fill("#kr-qz-answer", str(want).translate(str.maketrans("0123456789", "๐๑๒๓๔๕๖๗๘๙")))
    page.click('[data-action="answer"]')
    expect(pz).to_have_attribute("data-state", "solved")


def test_counting_choice_exercise_wrong_then_right(page):
    page.goto("/en/puzzles/counting-013/")
    pz = page.locator("section.kr-pz")
    expect(pz).to_have_attribute("data-state", "quiz", timeout=ENGINE_MS)
    data = puzzle_data(page)
    right = data["quiz"]["correct"][0]
    wrong = next(c["id"] for c in data["quiz"]["choices"] if c["id"] != right)
    page.locator(f'.kr-qz-choice[data-choice="{wrong}"]').click()
    expect(pz).to_have_attribute("data-state", "quiz-wrong")
    page.locator(f'.kr-qz-choice[data-choice="{right}"]').click()
    expect(pz).to_have_attribute("data-state", "solved")


def test_counting_playout_mate_inside_the_count(page, board_of):
    page.goto("/th/puzzles/counting-024/")
    pz = page.locator("section.kr-pz")
    expect(pz).to_have_attribute("data-state", "play", timeout=ENGINE_MS)
    data = puzzle_data(page)
    figure = page.locator("figure.kr-board").first
    board = board_of(figure)
    expect(figure.locator(".kr-count-line-1")).to_have_text(f"ตาที่ {data['playout']['count']} / 16")
    for _ in range(data["playout"]["attacker_moves"]):
        expect(pz).to_have_attribute("data-state", re.compile("^(play|solved)$"), timeout=30_000)
        if pz.get_attribute("data-state") == "solved":
            break
        fen = board.fen
        keys = call({"op": "mate", "game": "makruk", "position": fen, "mate_in": 3})["keys"]
        board.click_move(min(keys, key=lambda m: (keys[m], m)))
        expect(board.live).not_to_have_attribute("data-position", fen)
    expect(pz).to_have_attribute("data-state", "solved", timeout=30_000)
    expect(figure.locator(".kr-count-outcome")).to_have_text("จนก่อนนับครบ — ขาวชนะ")
