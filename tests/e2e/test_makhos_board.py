"""Mak-hot on the live board, as a student plays it in the sandbox (Thai page): a double capture
by tapping each landing square and by dragging through them (jumped pieces fade), two routes
with one start and one end offered in words, a non-capture
refused with the reason and the capturing piece marked, a man crowned during a capture (the move
ends there) and the new king flying, strict touch-move, and a won position played out against
the weakest computer level."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from engine.api import call

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

SANDBOX = "/th/makhos/sandbox/"
TWO_ROUTES = "W:Wc3:Bd4,d6,f6,b8"  # c3xe5xc7 or c3xe5xg7
MUST_CAPTURE = "W:Wc3,g3:Bd4,h8"  # only c3xe5 is legal
CROWNING = "W:Wb6:Bc7,e7,h4"  # b6xd8 crowns and ends the move, though a king could take e7
WON = "W:WKd4,Ka1:Bh8,b8"  # White wins by force (in 4)
SAME_ENDS = "W:WKc3:Bb2,d4,f6,h8"  # c3xa1xe5xg7 and c3xe5xa1xg7: one start, one end, two orders


def has(name: str) -> re.Pattern:
    """A class attribute containing ``name``."""
    return re.compile(rf"(^|\s){name}(\s|$)")


def play(position: str, moves: list[str]) -> dict:
    reply = call({"op": "play", "game": "makhos", "position": position, "moves": moves})
    assert reply["ok"], reply
    return reply


def open_sandbox(page, engine_ready, board_of, position: str, extra: str = ""):
    page.goto(f"{SANDBOX}?fen={quote(position)}{extra}")
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(play(position, [])["position"])  # the engine's own order of the pieces
    return board


def plies(page):
    return page.locator("#kr-sandbox ol.kr-movelist .kr-ply")


def test_double_capture_by_tapping_each_landing_square(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, TWO_ROUTES)
    expect(board.status).to_have_text("ตาขาวเดิน · มีตากิน ต้องกิน")
    board.square("c3").click()
    board.square("e5").click()
    expect(board.square("d4")).to_have_class(has("kr-jumped"))
    expect(board.square("e5")).to_have_class(has("kr-landed"))
    expect(board.announce).to_contain_text("ลงที่ e5 กินเบี้ย d4")
    board.square("g7").click()
    board.expect_fen(play(TWO_ROUTES, ["c3xe5xg7"])["position"])
    expect(plies(page)).to_have_text(["เบี้ยขาว c3 กินเบี้ย d4 ลง e5 แล้วกินเบี้ย f6 ลง g7"])


def test_double_capture_by_dragging_through_the_landing_squares(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, TWO_ROUTES)
    centre = {}
    for name in ("c3", "e5", "c7"):
        box = board.square(name).bounding_box()
        centre[name] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre["c3"])
    page.mouse.down()
    page.mouse.move(*centre["e5"], steps=6)
    expect(board.square("d4")).to_have_class(has("kr-jumped"))
    page.mouse.move(*centre["c7"], steps=6)
    page.mouse.up()
    board.expect_fen(play(TWO_ROUTES, ["c3xe5xc7"])["position"])
    expect(plies(page)).to_have_text(["เบี้ยขาว c3 กินเบี้ย d4 ลง e5 แล้วกินเบี้ย d6 ลง c7"])


def test_two_routes_with_one_start_and_one_end_are_offered_in_words(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, SAME_ENDS)
    board.square("c3").click()
    board.square("g7").click()  # the end square at once: both routes end there
    chooser = page.locator("#kr-sandbox .kr-chooser")
    expect(chooser).to_be_visible()
    expect(chooser.locator(".kr-choice")).to_have_count(2)
    labels = chooser.locator(".kr-choice-label")  # each route by the squares it lands on, in order
    expect(labels).to_have_text(["ผ่าน a1, e5 · กิน b2, d4, f6", "ผ่าน e5, a1 · กิน d4, b2, f6"])
    board.expect_fen(play(SAME_ENDS, [])["position"])  # nothing is played before the reader chose
    chooser.locator('.kr-choice[data-move="c3xe5xa1xg7"]').click()
    board.expect_fen(play(SAME_ENDS, ["c3xe5xa1xg7"])["position"])
    expect(plies(page)).to_have_text(["ฮอสขาว c3 กินเบี้ย d4 ลง e5 แล้วกินเบี้ย b2 ลง a1 แล้วกินเบี้ย f6 ลง g7"])


def test_a_non_capture_is_refused_with_the_reason_and_the_capturing_piece_marked(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, MUST_CAPTURE)
    board.square("g3").click()
    board.square("h4").click()
    expect(board.message).to_have_text("กินได้ต้องกิน ตานี้มีตากิน: c3xe5")
    expect(board.square("c3")).to_have_class(has("kr-hint"))
    expect(board.square("g3")).not_to_have_class(has("kr-hint"))
    board.expect_fen(play(MUST_CAPTURE, [])["position"])
    expect(plies(page)).to_have_count(0)


def test_crowned_during_a_capture_the_move_ends_then_the_king_flies(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, CROWNING)
    board.click_move("b6d8")
    crowned = play(CROWNING, ["b6xd8"])
    board.expect_fen(crowned["position"])
    assert crowned["turn"] == "black" and "Kd8" in crowned["position"]
    expect(board.status).to_have_text("ตาดำเดิน")  # the move ended on the far row: Black's turn
    expect(board.square("d8")).to_have_attribute("aria-label", "d8, ขาว ฮอส")
    board.click_move("h4g3")
    board.click_move("d8f6")  # the new king takes e7 (compulsory)
    board.click_move("g3f2")
    board.click_move("f6b2")  # and flies four squares
    line = ["b6xd8", "h4-g3", "d8xf6", "g3-f2", "f6-b2"]
    board.expect_fen(play(CROWNING, line)["position"])
    expect(plies(page).last).to_have_text("ฮอสขาว f6 ไป b2")


def test_strict_touch_move_holds_the_touched_piece(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, "W:Wb2,f2:Bg7")
    setting = page.get_by_label("จับตัวไหนต้องเดินตัวนั้น (เคร่งครัด)")
    board.square("b2").click()
    board.square("f2").click()  # without the setting: another piece may be picked
    expect(board.square("f2")).to_have_class(has("kr-selected"))
    board.square("f2").click()  # and put back
    setting.check()
    board.square("b2").click()
    board.square("f2").click()
    expect(board.message).to_have_text("จับตัวไหนต้องเดินตัวนั้น: ต้องเดินเบี้ยที่ b2")
    expect(board.square("b2")).to_have_class(has("kr-selected"))
    board.square("b2").click()  # cannot be put back either
    expect(board.square("b2")).to_have_class(has("kr-selected"))
    board.square("c3").click()
    board.expect_fen(play("W:Wb2,f2:Bg7", ["b2-c3"])["position"])


def winning_move(position: str) -> str:
    for n in range(1, 6):
        reply = call({"op": "mate", "game": "makhos", "position": position, "mate_in": n})
        if reply["ok"] and reply.get("keys"):
            return min(reply["keys"], key=lambda k: (reply["keys"][k], k))
    raise AssertionError(f"no forced win found in {position}")


def test_beat_the_weakest_computer_from_a_won_position(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, WON, "&vs=black&level=1")
    expect(page.locator("#kr-vs-side")).to_have_value("black")
    for _ in range(8):
        expect(page.locator("#kr-sandbox")).to_have_attribute("data-thinking", "false", timeout=10_000)
        if board.status.get_attribute("data-result") != "ongoing":
            break
        position = board.fen
        assert position.startswith("W:"), position
        key = winning_move(position)
        frm, to = key[:2], key[-2:]
        board.square(frm).click()
        board.square(to).click()
        expect(board.live).not_to_have_attribute("data-position", position, timeout=10_000)
    expect(board.status).to_have_attribute("data-result", "white_wins", timeout=10_000)
    expect(board.status).to_contain_text("คุณชนะ")  # told from the reader's side against the computer
