"""Bad input on the Mak-hot sandbox (Thai page), as a student meets it: a malformed position typed
into the position field is refused with the engine's reason naming what is wrong (a piece on a
light square, nine pieces a side, a man on its own far row, two pieces on one square) and the game
is kept; a shared link whose move is a partial capture names the continuation, and one whose
route jumps to a square it cannot reach names that square."""
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
START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8,f8,h8,a7,c7,e7,g7"
TWO_JUMPS = "W:Wc3:Bd4,f6,h8"  # the only capture is c3xe5xg7
MALFORMED = {
    "W:Wb1:Bh8": "b1 อยู่บนช่องสีอ่อน",
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3:Bh8": "ฝ่ายขาวมีหมาก 9 ตัว",
    "W:Wb8:Bh2": "เบี้ยฝ่ายขาวอยู่ที่ b8 ซึ่งเป็นแถวสุดท้าย",
    "W:Wa1,a1:Bh8": "มีหมากสองตัวอยู่ที่ a1",
}


def form_message(page):
    return page.locator("#kr-sandbox .kr-fen-form .kr-message")


def plies(page):
    return page.locator("#kr-sandbox ol.kr-movelist .kr-ply")


def position_after(position: str, moves: list[str]) -> str:
    reply = call({"op": "play", "game": "makhos", "position": position, "moves": moves})
    assert reply["ok"], reply
    return reply["position"]


def test_a_malformed_position_is_refused_naming_what_is_wrong(page, engine_ready, board_of):
    page.goto(f"{SANDBOX}?vs=")  # by hand: a fresh sandbox plays the computer
    engine_ready(page)
    board = board_of(page)
    board.click_move("d2e3")
    kept = position_after(START, ["d2-e3"])
    board.expect_fen(kept)
    for position, reason in MALFORMED.items():
        page.locator("#kr-fen").fill(position)
        page.locator('#kr-sandbox [data-action="set-position"]').click()
        expect(form_message(page)).to_have_class(re.compile(r"\bkr-error\b"))
        expect(form_message(page)).to_contain_text("ตั้งตำแหน่งนี้ไม่ได้")
        expect(form_message(page)).to_contain_text(reason)
        board.expect_fen(kept)
        expect(plies(page)).to_have_text(["เบี้ยขาว d2 ไป e3"])


def test_a_link_with_a_partial_capture_names_the_continuation(page, engine_ready, board_of):
    page.goto(f"{SANDBOX}?fen={quote(TWO_JUMPS)}&moves={quote('c3xe5')}")
    engine_ready(page)
    board = board_of(page)
    expect(form_message(page)).to_contain_text("ตาที่ 1 ในลิงก์เดินไม่ได้")
    expect(form_message(page)).to_contain_text("ยังกินไม่จบ ต้องกินต่อ: c3xe5xg7")
    board.expect_fen(position_after(TWO_JUMPS, []))
    expect(plies(page)).to_have_count(0)


def test_a_link_whose_route_cannot_reach_a_square_names_it(page, engine_ready, board_of):
    page.goto(f"{SANDBOX}?fen={quote(TWO_JUMPS)}&moves={quote('c3xe5xc7')}")
    engine_ready(page)
    board = board_of(page)
    expect(form_message(page)).to_contain_text("จาก e5 กินไปลง c7 ไม่ได้")
    board.expect_fen(position_after(TWO_JUMPS, []))
